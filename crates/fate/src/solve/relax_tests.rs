//! The relaxation ([`super::relax`]) against the plain search: on many positions reached by
//! seeded random play from random setups (and from the solver tests' Queen of Swords
//! positions), whenever the relaxation says "cannot win before the horizon" the plain search
//! must not prove a win, and the pruned and the plain search must give the same answer.

use super::relax::cannot_win;
use super::setups::{after_setups, setup_choices};
use super::{prove_goal_with, Proof, SolveConfig};
use crate::action::FateAction;
use crate::state::FateGame;
use crate::FateOptions;

/// SplitMix64: a small seeded generator (the positions must be the same on every run).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal action, biased towards ending steps less often so that games get going
/// (draws, plays, skills and buffs are what build threats).
fn random_step(g: &mut FateGame, rng: &mut Rng) -> bool {
    let mut list = Vec::new();
    g.legal_into(&mut list);
    if list.is_empty() {
        return false;
    }
    let busy: Vec<FateAction> = list
        .iter()
        .copied()
        .filter(|a| {
            !matches!(a, FateAction::EndDraw | FateAction::EndMain | FateAction::DoneBuffing | FateAction::EndCombat)
        })
        .collect();
    let pick =
        if !busy.is_empty() && rng.below(10) < 7 { busy[rng.below(busy.len())] } else { list[rng.below(list.len())] };
    g.perform(&pick);
    true
}

/// Compare both searches on `g` for both sides and horizons of 1 to 3 plies. Returns
/// (pruned answers checked, wins proved by the plain search).
fn check(g: &FateGame, what: &str) -> (u32, u32) {
    let cfg = SolveConfig { max_nodes: 60_000, tt_mb: 1, want_line: false, ..SolveConfig::default() };
    let (mut pruned, mut wins) = (0, 0);
    for side in 0..2u8 {
        for plies in 1..=3u32 {
            let (plain, _, none) = prove_goal_with(g, side, plies, &cfg, false).expect("plain search");
            assert_eq!(none, 0, "the plain search must not prune");
            let (relaxed, _, _) = prove_goal_with(g, side, plies, &cfg, true).expect("relaxed search");
            let root_cut = cannot_win(g, side, g.ply + plies);
            if root_cut {
                pruned += 1;
                assert_ne!(plain, Proof::Yes, "{what}: relaxation says P{} cannot win in {plies} plies", side + 1);
            }
            if plain == Proof::Yes {
                wins += 1;
            }
            if plain != Proof::Unknown && relaxed != Proof::Unknown {
                assert_eq!(plain, relaxed, "{what}: P{} within {plies} plies", side + 1);
            }
        }
    }
    (pruned, wins)
}

#[test]
fn relaxation_never_cuts_a_win_the_plain_search_proves() {
    let opts = FateOptions::default();
    let choices = setup_choices(&opts).unwrap();
    let mut rng = Rng(14);
    let (mut pruned, mut wins, mut positions) = (0, 0, 0);
    let mut starts: Vec<FateGame> = (0..14)
        .map(|_| {
            let (a, b) = (rng.below(choices.len()), rng.below(choices.len()));
            after_setups(&opts, &choices[a], &choices[b]).unwrap()
        })
        .collect();
    // The solver tests' Queen of Swords set-ups: wins exist within a few plies.
    for text in [
        "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0 row1=QS res1=0:1,0:0,0:1,2:0 hand1=KS res2=1:0,1:0,1:0,1:0 hand2=ks,qc,nc,jc",
        "fate ply=3 ap=P1 first=P1 step=draw actor=P1 budget=2 setup1=5:4:0 setup2=5:4:0 row1=QS,JS res1=2:0,1:0,1:1,2:1 hand1=KC,NW res2=1:0,1:0,0:1,1:0 hand2=ks,nc",
        "fate ply=4 ap=P2 first=P1 step=main actor=P2 setup1=5:4:0 setup2=5:4:0 row1=JP res1=1:0,1:0,1:0,1:0 hand1=KP,QS row2=qs,ns res2=1:0,3:0,2:0,3:0 hand2=kw",
    ] {
        starts.push(FateGame::read_position(&opts, text).expect("test position"));
    }
    for (i, start) in starts.iter().enumerate() {
        let mut g = start.clone();
        for k in 0..140 {
            if g.is_over() || !random_step(&mut g, &mut rng) {
                break;
            }
            if k % 9 == 4 && !g.is_over() {
                let (p, w) = check(&g, &format!("start {i}, step {k}, {}", g.write_position()));
                pruned += p;
                wins += w;
                positions += 1;
            }
        }
    }
    eprintln!("{positions} positions: {pruned} relaxation cut-offs at the root, {wins} wins proved");
    assert!(positions >= 100, "too few positions: {positions}");
    assert!(pruned >= 50, "the relaxation hardly fired: {pruned}");
    assert!(wins >= 10, "too few wins to test against: {wins}");
}

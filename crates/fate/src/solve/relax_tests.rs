//! The relaxation ([`super::relax`]) against the plain search: on many positions reached by
//! seeded random play from random setups, from the setups with a Knight of Wands or of Swords
//! (§5.1 #11, #15) that session 5 left unknown, and from hand-written positions, whenever the
//! relaxation says "cannot win before the horizon" the plain search must not prove a win, and
//! the pruned and the plain search must give the same answer.

use super::relax::cannot_win;
use super::setups::{after_setups, setup_choices};
use super::{prove_goal_with, Proof, SolveConfig};
use crate::action::FateAction;
use crate::state::FateGame;
use crate::FateOptions;
use engine::GameRng;

/// A random legal action, biased towards ending steps less often so that games get going
/// (draws, plays, skills and buffs are what build threats).
fn random_step(g: &mut FateGame, rng: &mut GameRng) -> bool {
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
        if !busy.is_empty() && rng.below(10) < 7 { busy[rng.index(busy.len())] } else { list[rng.index(list.len())] };
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
    let mut rng = GameRng::new(14);
    let (mut pruned, mut wins, mut positions) = (0, 0, 0);
    let mut starts: Vec<FateGame> = (0..14)
        .map(|_| {
            let (a, b) = (rng.index(choices.len()), rng.index(choices.len()));
            after_setups(&opts, &choices[a], &choices[b]).unwrap()
        })
        .collect();
    // The 2-Knight + 4-Page setups with a Knight of Wands or of Swords (session 5's unknowns,
    // docs/fate-solver.md), against reply 0 and against a random reply.
    for first in [32, 36, 64, 96, 128, 252, 284, 468] {
        let reply = if first % 8 == 0 { 0 } else { rng.index(choices.len()) };
        starts.push(after_setups(&opts, &choices[first], &choices[reply]).unwrap());
    }
    // The solver tests' Queen of Swords set-ups: wins exist within a few plies.
    for text in HAND_WRITTEN.iter().chain([
        "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0 row1=QS res1=0:1,0:0,0:1,2:0 hand1=KS res2=1:0,1:0,1:0,1:0 hand2=ks,qc,nc,jc",
        "fate ply=3 ap=P1 first=P1 step=draw actor=P1 budget=2 setup1=5:4:0 setup2=5:4:0 row1=QS,JS res1=2:0,1:0,1:1,2:1 hand1=KC,NW res2=1:0,1:0,0:1,1:0 hand2=ks,nc",
        "fate ply=4 ap=P2 first=P1 step=main actor=P2 setup1=5:4:0 setup2=5:4:0 row1=JP res1=1:0,1:0,1:0,1:0 hand1=KP,QS row2=qs,ns res2=1:0,3:0,2:0,3:0 hand2=kw",
    ].iter()) {
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

/// Positions where a Knight of Wands extra attack (§5.1 #11), a Knight of Swords bonus attack
/// (R-C5) or an attack next turn wins, and one that the relaxation once cut wrongly (a Knight of
/// Wands in hand the Cups cannot pay for must not hide the attack of the card on the field).
const HAND_WRITTEN: [&str; 4] = [
    "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0 row1=NW,JC4 res1=0:0,0:0,2:0,0:0 hand1=KS res2=0:0,0:0,0:0,0:0 row2=jp hand2=kp,qp,np,nc",
    "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0 row1=NS3 res1=0:0,0:0,1:0,1:0 hand1=KS res2=0:0,0:0,0:0,0:0 row2=jp hand2=kp,qp,np",
    "fate ply=4 ap=P2 first=P1 step=draw actor=P2 budget=0 setup1=5:4:0 setup2=5:4:0 row1=JC5 res1=0:0,0:0,0:0,0:0 hand1=KS res2=0:0,1:0,1:0,1:0 hand2=kp,qp,np",
    "fate ply=33 ap=P1 first=P1 step=draw actor=P1 budget=1 setup1=5:3:2 setup2=5:3:2 row1=JC10 hand1=NC,JW,NW,NS,QS,KS res1=2:8,0:10,6:3,0:10 res2=0:0,0:3,2:4,9:0 hand2=np,qp,kp,nc",
];

#[test]
fn the_knights_and_the_next_turn_are_not_cut() {
    let opts = FateOptions::default();
    let cfg = SolveConfig { max_nodes: 200_000, tt_mb: 1, want_line: false, ..SolveConfig::default() };
    for (text, plies) in HAND_WRITTEN.iter().zip([1u32, 1, 2, 1]) {
        let g = FateGame::read_position(&opts, text).expect("test position");
        let (plain, _, _) = prove_goal_with(&g, 0, plies, &cfg, false).expect("plain search");
        assert_eq!(plain, Proof::Yes, "{text}: P1 wins within {plies} plies");
        assert!(!cannot_win(&g, 0, g.ply + plies), "{text}: the relaxation cuts a win");
        // One ply less and no turn of P1 is left (ply 4) or the win needs the skill (R-C0 aside).
        let (relaxed, _, _) = prove_goal_with(&g, 0, plies, &cfg, true).expect("relaxed search");
        assert_eq!(relaxed, Proof::Yes, "{text}: the pruned search proves the win too");
    }
    // The other side passes (relax.rs fact 3): P1 with nothing on the field and no Swords,
    // Cups or Wands cannot win on ply 5 whatever P2 does on ply 4.
    let bare = "fate ply=4 ap=P2 first=P1 step=draw actor=P2 budget=0 setup1=5:4:0 setup2=5:4:0 res1=0:1,0:1,0:1,0:1 hand1=KS,JC res2=0:0,1:0,1:0,1:0 row2=jp hand2=kp,qp,np";
    let g = FateGame::read_position(&opts, bare).expect("test position");
    assert!(cannot_win(&g, 0, g.ply + 2));
    let (plain, _, _) = prove_goal_with(&g, 0, 2, &cfg, false).expect("plain search");
    assert_eq!(plain, Proof::No);
}

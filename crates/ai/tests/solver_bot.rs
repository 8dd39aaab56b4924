//! The `solver` bot (bots/solver.rs): over positions with a proved win within 5 plies it plays a
//! winning action, and it does not play an action proved to lose. Node and iteration budgets.

use ai::bot::Bot;
use ai::observation::Observation;
use ai::{AiGame, BotSpec};
use engine::{EventLog, Game};
use fate::solve::{prove_goal, Proof, SolveConfig};
use fate::{FateGame, FateOptions};

const BASE: &str = "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0";
const PASSIVE: &str = "hand1=KS res2=0:0,0:9,0:9,0:9 hand2=kc,qc,nc,jc";

fn opts() -> FateOptions {
    FateOptions { ra_suit_must_be_non_empty: true, ..FateOptions::default() }
}

fn position(over: &str) -> FateGame {
    FateGame::from_position(&opts(), &format!("{BASE} {over}")).expect("position")
}

fn bot(text: &str) -> Box<dyn Bot<FateGame>> {
    let spec: BotSpec = text.parse().unwrap();
    assert_eq!(spec.to_string(), text);
    spec.build(&FateGame::kit(), 7).expect("bot")
}

fn proof_cfg() -> SolveConfig {
    SolveConfig { max_nodes: 3_000_000, tt_mb: 8, ..SolveConfig::default() }
}

#[test]
fn the_solver_bot_keeps_a_proved_win_within_5_plies_all_the_way() {
    for over in [
        format!("row1=QS res1=0:0,0:0,1:0,4:0 {PASSIVE}"),
        format!("row1=QS res1=0:1,0:0,0:1,3:0 {PASSIVE}"),
        format!("row1=QS res1=0:1,0:0,0:1,2:0 {PASSIVE}"),
    ] {
        let mut g = position(&over);
        assert_eq!(prove_goal(&g, 0, 5, &proof_cfg()).unwrap().0, Proof::Yes, "{over}");
        let mut bot = bot("solver:3000000,depth=5,mcts=30");
        // The bot plays P1; P2's replies are its first legal action. P1 must win by ply 7.
        while !g.status().is_over() {
            let a = match g.status() {
                engine::Status::ToAct(s) if s.0 == 0 => {
                    let a = bot.choose(&Observation::of_seat_to_act(&g).unwrap()).unwrap();
                    let mut child = g.clone();
                    child.apply(&a, &mut EventLog::disabled()).unwrap();
                    let left = 8u32.saturating_sub(child.view(engine::Viewer::Omniscient).ply);
                    if !child.status().is_over() {
                        assert_eq!(prove_goal(&child, 0, left, &proof_cfg()).unwrap().0, Proof::Yes, "{over}: {a}");
                    }
                    a
                }
                _ => {
                    let mut legal = Vec::new();
                    g.legal_actions(&mut legal);
                    legal[0]
                }
            };
            g.apply(&a, &mut EventLog::disabled()).unwrap();
        }
        let engine::Status::Over(o) = g.status() else { unreachable!() };
        assert_eq!(o.winners.first().map(|s| s.0), Some(0), "{over}");
    }
}

#[test]
fn the_solver_bot_does_not_walk_into_a_proved_loss() {
    // Ending the main phase leaves P1's King in front of P2's 5-attack Knight: a proved loss on
    // ply 4 (R-C3, R-WIN). Returning it to hand first (R-M4) is not, within 2 plies: the
    // Knight's resource attack (R-C4) takes 5 of P1's 9 Cups and never reaches the hand.
    let g = position("row1=KS hand1=- res1=0:0,9:0,0:0,0:0 row2=np5 res2=0:0,0:0,0:0,0:0 hand2=ks");
    let mut ended = g.clone();
    ended.apply(&"endmain".parse().unwrap(), &mut EventLog::disabled()).unwrap();
    assert_eq!(prove_goal(&ended, 1, 2, &proof_cfg()).unwrap().0, Proof::Yes);
    let mut returned = g.clone();
    returned.apply(&"ret=KS".parse().unwrap(), &mut EventLog::disabled()).unwrap();
    assert_eq!(prove_goal(&returned, 1, 2, &proof_cfg()).unwrap().0, Proof::No);
    let mut bot = bot("solver:1000000,depth=2,mcts=30");
    let a = bot.choose(&Observation::of_seat_to_act(&g).unwrap()).unwrap();
    assert_ne!(a.to_string(), "endmain");
}

/// Issue #14's bot check: positions from random games (seeded) where the side to act has a
/// win proved within 5 plies; the expert level (for Fate, the solver bot) must keep the win
/// within the same horizon with its move, every time. The figure is printed
/// (docs/fate-solver.md, "Bot check").
#[test]
fn the_expert_level_keeps_every_proved_win_within_5_plies() {
    use engine::GameRng;
    use fate::solve::{solve, Value};
    let expert = ai::level_spec("fate", ai::Level::Expert);
    let find = SolveConfig { max_depth: 5, max_nodes: 20_000, tt_mb: 4, want_line: false, ..SolveConfig::default() };
    let mut wins: Vec<(FateGame, u32)> = Vec::new();
    'games: for seed in 1..40u64 {
        let mut rng = GameRng::new(seed);
        let mut g = FateGame::new(&FateOptions::default(), &Default::default(), seed).unwrap();
        let mut legal = Vec::new();
        while !g.status().is_over() {
            legal.clear();
            g.legal_actions(&mut legal);
            if g.view(engine::Viewer::Omniscient).step != "setup" {
                let r = solve(&g, &find).unwrap();
                if r.value == Value::Win {
                    wins.push((g.clone(), r.depth.unwrap().plies));
                    if wins.len() == 12 {
                        break 'games;
                    }
                    continue 'games; // one position per game: they are more different
                }
            }
            g.apply(&legal[rng.index(legal.len())], &mut EventLog::disabled()).unwrap();
        }
    }
    assert!(wins.len() >= 8, "random games gave only {} proved wins", wins.len());
    let (mut kept, mut slowest) = (0, 0f64);
    for (k, (g, d)) in wins.iter().enumerate() {
        let mover = g.status().to_act().unwrap().0;
        let mut bot = bot(expert);
        let t = std::time::Instant::now();
        let a = bot.choose(&Observation::of_seat_to_act(g).unwrap()).unwrap();
        slowest = slowest.max(t.elapsed().as_secs_f64());
        let mut child = g.clone();
        child.apply(&a, &mut EventLog::disabled()).unwrap();
        let ply = |x: &FateGame| x.view(engine::Viewer::Omniscient).ply;
        let left = (ply(g) + d).saturating_sub(ply(&child));
        let won = child.status().is_over() || prove_goal(&child, mover, left, &proof_cfg()).unwrap().0 == Proof::Yes;
        eprintln!(
            "position {k}: win in {d} plies for P{}; expert plays {a}: {}",
            mover + 1,
            if won { "kept" } else { "LOST" }
        );
        kept += won as usize;
    }
    eprintln!(
        "bot check: {expert} kept {kept} of {} proved wins within 5 plies (slowest decision {slowest:.2}s, this build)",
        wins.len()
    );
    assert_eq!(kept, wins.len(), "the expert level threw a proved win away");
}

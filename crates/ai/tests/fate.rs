//! Fate Deduction through the AI: the evaluator means something, MCTS plays well, and the
//! per-game statistics add up.

mod common;

use ai::{arena, simulate, AiGame, ArenaConfig, BotSpec, SimConfig};

fn specs(names: &[&str]) -> Vec<BotSpec> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn mcts_beats_random_at_fate() {
    let r = arena(&ArenaConfig::new("fate", specs(&["mcts:100", "random"]), 10, 1), None).unwrap();
    let p = &r.pairings[0];
    assert!(p.a_wins >= 8, "{r}");
    assert!(r.players[0].elo > r.players[1].elo);
}

#[test]
fn greedy_with_the_fate_evaluator_beats_random() {
    let r = arena(&ArenaConfig::new("fate", specs(&["greedy", "random"]), 20, 2), None).unwrap();
    assert!(r.players[0].score > 0.6, "{r}");
}

#[test]
fn fate_simulation_counts_kings_queens_and_compositions() {
    let r = simulate(&SimConfig::new("fate", specs(&["greedy", "random"]), 12, 3), None).unwrap();
    assert_eq!(r.summary.games, 12);
    let sum = |prefix: &str, suffix: &str| -> i64 {
        r.counters.0.iter().filter(|(k, _)| k.starts_with(prefix) && k.ends_with(suffix)).map(|(_, v)| v).sum()
    };
    // R-S2: each seat holds exactly one King and one Queen; R-S3: one composition.
    assert_eq!(sum("King of ", ": games"), 24, "{:?}", r.counters);
    assert_eq!(sum("Queen of ", ": games"), 24);
    assert_eq!(sum("composition ", ": games"), 24);
    let decisive = (r.summary.games - r.summary.draws) as i64;
    assert_eq!(sum("King of ", ": won"), decisive, "one winning King per decisive game");
    assert_eq!(r.counters.get("drawn games"), r.summary.draws as i64);
    let king_rates = r.counters.win_rates().into_iter().filter(|w| w.subject.starts_with("King of ")).count();
    assert!((1..=4).contains(&king_rates), "one win rate per King suit chosen");
}

#[test]
fn bots_ignore_hidden_hands_at_fate() {
    // With closed hands (opt.openHands = false) each seat's hand is hidden from the other. Two
    // states the seat to act cannot tell apart must get the same choice at the same seed. (This
    // relies on Fate's determinize being canonical: its sample depends only on the seat's view
    // and the generator, not on how the hidden cards actually lie.)
    let options = fate::FateOptions { open_hands: false, ..Default::default() };
    let mut hidden_differences = 0;
    for seed in 0..12 {
        let Some((a, b, _)) =
            common::determinized_twins::<fate::FateGame>(&options, seed, 5 + (seed as usize * 7) % 60)
        else {
            continue;
        };
        if a != b {
            hidden_differences += 1;
        }
        for spec in ["random", "greedy", "mcts:50", "mcts:50x2"] {
            let spec: BotSpec = spec.parse().unwrap();
            let choose = |g: &fate::FateGame| {
                let mut bot = spec.build::<fate::FateGame>(&fate::FateGame::kit(), seed).unwrap();
                bot.choose(&ai::Observation::of_seat_to_act(g).unwrap()).unwrap()
            };
            assert_eq!(choose(&a), choose(&b), "{spec} at seed {seed} read hidden state");
        }
    }
    assert!(hidden_differences >= 6, "the twins must really differ in hidden cards ({hidden_differences})");
}

//! Simulation: reproducible whatever the thread count, shards merge into the unsharded result,
//! and the report draws what its tables say.

mod common;

use ai::{merge, simulate, BotSpec, Shard, SimConfig, SimResults};
use std::sync::atomic::{AtomicUsize, Ordering};

fn config(games: usize, seed: u64) -> SimConfig {
    let bots: Vec<BotSpec> = ["mcts:40x2", "greedy"].iter().map(|b| b.parse().unwrap()).collect();
    SimConfig::new("pebbles", bots, games, seed)
}

#[test]
fn same_seed_same_results_with_one_and_two_threads() {
    let c = config(60, 42);
    let one = common::pool(1).install(|| simulate(&c, None).unwrap());
    let two = common::pool(2).install(|| simulate(&c, None).unwrap());
    assert_eq!(one, two);
    assert_eq!(one.records.len(), 60);
    assert!(one.records.windows(2).all(|w| w[0].index + 1 == w[1].index));
    // A different seed plays different games (the comparison above can fail).
    let other = common::pool(2).install(|| simulate(&config(60, 43), None).unwrap());
    assert_ne!(one.records, other.records);
}

#[test]
fn shards_merge_into_exactly_the_unsharded_run() {
    let whole = simulate(&config(50, 7), None).unwrap();
    let parts: Vec<SimResults> = (1..=3)
        .map(|i| {
            let mut c = config(50, 7);
            c.shard = Some(Shard::new(i, 3).unwrap());
            let r = simulate(&c, None).unwrap();
            // Through the file format, as the CLI does.
            SimResults::from_json(&r.to_json()).unwrap()
        })
        .collect();
    assert_eq!(parts.iter().map(|p| p.records.len()).sum::<usize>(), 50);
    assert_eq!(merge(&parts).unwrap(), whole);
    // In any order.
    let reversed: Vec<SimResults> = parts.iter().rev().cloned().collect();
    assert_eq!(merge(&reversed).unwrap(), whole);
}

#[test]
fn merge_refuses_missing_duplicate_and_foreign_parts() {
    let part = |i: usize, seed: u64| {
        let mut c = config(20, seed);
        c.shard = Some(Shard::new(i, 2).unwrap());
        simulate(&c, None).unwrap()
    };
    let (a, b) = (part(1, 1), part(2, 1));
    let e = merge(std::slice::from_ref(&a)).unwrap_err().to_string();
    assert!(e.contains("missing"), "{e}");
    let e = merge(&[a.clone(), a.clone(), b.clone()]).unwrap_err().to_string();
    assert!(e.contains("twice"), "{e}");
    let e = merge(&[a, part(2, 2)]).unwrap_err().to_string();
    assert!(e.contains("different run"), "{e}");
    assert!(merge(&[]).is_err());
    assert!(SimResults::from_json("{}").is_err());
}

#[test]
fn summary_adds_up_and_progress_is_reported() {
    let calls = AtomicUsize::new(0);
    let progress = |done: usize, total: usize| {
        assert!(done >= 1 && done <= total && total == 40);
        calls.fetch_add(1, Ordering::Relaxed);
    };
    let r = simulate(&config(40, 3), Some(&progress)).unwrap();
    assert_eq!(calls.load(Ordering::Relaxed), 40);
    let s = &r.summary;
    assert_eq!(s.games, 40);
    assert_eq!(s.seats.iter().map(|x| x.wins).sum::<usize>() + s.draws, 40);
    assert_eq!(s.length.histogram.iter().map(|b| b.count).sum::<usize>(), 40);
    for seat in &s.seats {
        assert!(seat.ci.0 <= seat.win_rate && seat.win_rate <= seat.ci.1);
    }
    assert_eq!(r.bots, vec!["mcts:40x2".to_string(), "greedy".to_string()]);
    // Pebbles' own statistics ran on every game and read as a win rate.
    let rates = r.counters.win_rates();
    assert_eq!(rates.len(), 1, "{:?}", r.counters);
    assert_eq!(rates[0].subject, "played the bonus");
    assert!(rates[0].games > 0 && rates[0].won <= rates[0].games);
    let text = r.to_string();
    assert!(text.contains("first seat") && text.contains("P1") && text.contains("greedy"), "{text}");
}

#[test]
fn one_bot_plays_every_seat_and_wrong_bot_counts_are_refused() {
    let c = SimConfig::new("pebbles", vec!["random".parse().unwrap()], 10, 1);
    assert_eq!(simulate(&c, None).unwrap().bots, vec!["random", "random"]);
    let three = ["random", "random", "greedy"].iter().map(|b| b.parse().unwrap()).collect();
    let e = simulate(&SimConfig::new("pebbles", three, 10, 1), None).unwrap_err().to_string();
    assert!(e.contains("3 bots given for a 2-seat game"), "{e}");
    let e = simulate(&SimConfig::new("chess", vec![BotSpec::Random], 1, 1), None).unwrap_err().to_string();
    assert!(e.contains("unknown game 'chess'") && e.contains("pebbles"), "{e}");
}

#[test]
fn options_are_read_from_json_with_defaults_for_the_rest() {
    let mut c = SimConfig::new("pebbles", vec![BotSpec::Random], 30, 1);
    c.options = serde_json::json!({ "pile": 4 });
    let r = simulate(&c, None).unwrap();
    assert!(r.summary.length.max <= 4);
    c.options = serde_json::json!({ "pile": "many" });
    assert!(simulate(&c, None).unwrap_err().to_string().contains("bad pebbles options"));
}

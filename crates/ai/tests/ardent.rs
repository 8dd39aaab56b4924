//! Ardent Reapers through the AI: smoke tests with small budgets.

use ai::{arena, simulate, ArenaConfig, BotSpec, SimConfig};

fn specs(names: &[&str]) -> Vec<BotSpec> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn greedy_and_mcts_beat_random_at_ardent() {
    let r = arena(&ArenaConfig::new("ardent", specs(&["greedy", "mcts:60", "random"]), 12, 1), None).unwrap();
    // Pairings in order: greedy–mcts, greedy–random, mcts–random.
    assert!(r.pairings[1].a_wins >= 9, "greedy vs random: {r}");
    assert!(r.pairings[2].a_wins >= 9, "mcts vs random: {r}");
    assert!(r.players[2].elo < r.players[0].elo && r.players[2].elo < r.players[1].elo, "{r}");
}

#[test]
fn ardent_simulation_counts_cards_played() {
    let r = simulate(&SimConfig::new("ardent", specs(&["random"]), 10, 2), None).unwrap();
    assert_eq!(r.summary.games, 10);
    let rates = r.counters.win_rates();
    assert!(rates.len() > 5 && rates.iter().all(|w| w.subject.starts_with("card ") && w.won <= w.games), "{rates:?}");
    // Each game's cards are counted once per seat that played them.
    let seat_games: i64 = rates.iter().map(|w| w.games).sum();
    assert!(seat_games <= r.counters.get("cards played") && r.counters.get("cards played") > 10);
}

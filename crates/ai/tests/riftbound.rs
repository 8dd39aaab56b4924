//! Riftbound through the AI: smoke tests with small budgets (its playouts are long).

use ai::{arena, simulate, ArenaConfig, BotSpec, SimConfig};

fn specs(names: &[&str]) -> Vec<BotSpec> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn greedy_beats_random_at_riftbound() {
    let r = arena(&ArenaConfig::new("riftbound", specs(&["greedy", "random"]), 10, 1), None).unwrap();
    assert!(r.players[0].score >= 0.7, "{r}");
}

#[test]
fn mcts_plays_riftbound_and_beats_random() {
    let r = arena(&ArenaConfig::new("riftbound", specs(&["mcts:20,cap=20", "random"]), 2, 1), None).unwrap();
    assert_eq!(r.pairings[0].a_wins + r.pairings[0].b_wins + r.pairings[0].draws, 2);
    assert!(r.pairings[0].a_wins >= 1, "{r}");
}

#[test]
fn riftbound_simulation_counts_legends() {
    let r = simulate(&SimConfig::new("riftbound", specs(&["random"]), 8, 3), None).unwrap();
    let rates = r.counters.win_rates();
    let legend_games: i64 = rates.iter().filter(|w| w.subject.starts_with("legend ")).map(|w| w.games).sum();
    assert_eq!(legend_games, 16, "two legends a game: {rates:?}");
    let matchup_games: i64 = rates.iter().filter(|w| w.subject.starts_with("matchup ")).map(|w| w.games).sum();
    assert_eq!(matchup_games, 8);
    let legend_wins: i64 = rates.iter().filter(|w| w.subject.starts_with("legend ")).map(|w| w.won).sum();
    assert_eq!(legend_wins, (r.summary.games - r.summary.draws) as i64);
}

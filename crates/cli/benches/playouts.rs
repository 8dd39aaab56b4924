//! `cargo bench -p cli`: random-playout throughput per game and Ardent deck generation speed,
//! the figures the issues name. Reports; never asserts.

use engine::bench::random_playouts;
use engine::Game;
use std::time::Duration;

fn report<G: Game>(seconds: f64) {
    let r = random_playouts::<G>(&G::Options::default(), Duration::from_secs_f64(seconds), 1);
    println!(
        "{:<10} {:>12.0} actions/s {:>10.0} games/s  mean length {:>6.1}  state {} bytes",
        r.game, r.actions_per_sec, r.games_per_sec, r.mean_game_length, r.state_bytes
    );
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters by game name.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let wants = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    if wants("fate") {
        report::<fate::FateGame>(3.0);
    }
    if wants("ardent") {
        report::<ardent::ArdentGame>(3.0);
        println!(
            "{:<10} {:>12.0} decks/s (recipe v1, without the store)",
            "deckgen",
            ardent::deckgen::decks_per_second(2.0)
        );
    }
}

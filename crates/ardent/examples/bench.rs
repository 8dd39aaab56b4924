//! Random-playout throughput: `cargo run --release -p ardent --example bench`.

use ardent::{ArdentGame, ArdentOptions};
use engine::bench::random_playouts;
use std::time::Duration;

fn main() {
    let b = random_playouts::<ArdentGame>(&ArdentOptions::default(), Duration::from_secs(3), 1);
    println!(
        "ardent: {} games, {} actions in {:.2}s: {:.0} actions/s, {:.0} games/s, mean length {:.1}, state {} bytes",
        b.games, b.actions, b.seconds, b.actions_per_sec, b.games_per_sec, b.mean_game_length, b.state_bytes
    );
}

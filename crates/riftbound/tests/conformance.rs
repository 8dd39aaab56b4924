//! design.md §4: the engine's conformance harness over random playouts of random starter decks.

use engine::conformance::{run, Config};
use riftbound::{RiftGame, RiftOptions};

#[test]
fn conformance_2000_random_games() {
    let report = run::<RiftGame>(&RiftOptions::default(), &Config::new(2_000));
    assert_eq!(report.games, 2_000);
    eprintln!("{report:?}");
}

#[test]
fn conformance_quick() {
    let report = run::<RiftGame>(&RiftOptions::default(), &Config::new(50).seed(7));
    assert_eq!(report.games, 50);
    eprintln!("{report:?}");
}

/// A longer run for soak testing: `RIFT_GAMES=20000 cargo test --release -p riftbound --test
/// conformance -- --ignored`.
#[test]
#[ignore]
fn conformance_soak() {
    let games = std::env::var("RIFT_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let seed = std::env::var("RIFT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(99);
    let report = run::<RiftGame>(&RiftOptions::default(), &Config::new(games).seed(seed).deep(5, 64));
    eprintln!("{report:?}");
}

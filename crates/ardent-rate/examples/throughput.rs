//! Throughput of the two ratings (docs/ardent-ratings.md §"Speed"): learned ratings per second
//! on one thread, and simulated ratings (256 random-bot games each) per minute on all cores.
//! `cargo run -p ardent-rate --example throughput [SECONDS]` (ardent-rate is built with
//! opt-level 3 even in the dev profile).

use std::time::Instant;

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let g = ardent::deckgen::generator(1).expect("recipe v1");
    let m = ardent_rate::Model::shipped().expect("the shipped model");
    let decks: Vec<Vec<u8>> = (0..10_000).map(|s| g.cards(s).expect("a deck")).collect();
    let start = Instant::now();
    let (mut n, mut sum) = (0u64, 0.0);
    while start.elapsed().as_secs_f64() < seconds {
        for d in &decks {
            sum += m.predict(d);
        }
        n += decks.len() as u64;
    }
    let per_sec = n as f64 / start.elapsed().as_secs_f64();
    println!("learned ratings: {per_sec:.0}/s on one thread (checksum {sum:.1})");
    let config = ardent_rate::RateConfig { games: 256, seed: 1, bot: ai::BotSpec::Random, gauntlet: 1 };
    let start = Instant::now();
    let mut k = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        ardent_rate::simulated_rating(&decks[k as usize % decks.len()], &config, None).expect("a rating");
        k += 1;
    }
    let per_min = k as f64 * 60.0 / start.elapsed().as_secs_f64();
    println!("simulated ratings (256 random-bot games): {per_min:.0}/min on all cores");
}

//! Deck generation speed (one thread, card lists only, no store):
//! `cargo run --release -p ardent-print --example deckgen_bench -- [SECONDS]`

fn main() {
    let secs: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let rate = ardent::deckgen::decks_per_second(secs);
    let named = {
        let start = std::time::Instant::now();
        let mut n = 0u64;
        while start.elapsed().as_secs_f64() < secs {
            for s in n..n + 1000 {
                std::hint::black_box(ardent::deckgen::generate(s, 1).ok());
            }
            n += 1000;
        }
        n as f64 / start.elapsed().as_secs_f64()
    };
    println!("deckgen recipe v1: {rate:.0} decks/s (cards only), {named:.0} decks/s (with names)");
}

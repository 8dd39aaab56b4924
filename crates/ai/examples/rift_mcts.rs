//! MCTS iterations per second on a Riftbound opening, as `cardtable bench riftbound` measures them
//! (`ai::mcts_iterations_per_sec`, hand-written evaluator, one thread, seed 1), in user CPU time so
//! that a loaded machine does not skew the figure. Linux (reads /proc/self/stat); elsewhere wall time.
//! `cargo run --release -p ai --example rift_mcts -- [iterations] [duel|ffa3|ffa4|two_vs_two] [repeats]`
use ai::AiGame;
use riftbound::{Mode, RiftGame, RiftOptions};

fn main() {
    let iterations: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let mode = match std::env::args().nth(2).as_deref() {
        None | Some("duel") => Mode::Duel,
        Some("ffa3") => Mode::Ffa3,
        Some("ffa4") => Mode::Ffa4,
        Some("two_vs_two") | Some("2v2") => Mode::TwoVsTwo,
        Some(m) => panic!("unknown mode {m}: duel, ffa3, ffa4 or two_vs_two"),
    };
    let repeats: u64 = std::env::args().nth(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let opts = RiftOptions { mode, ..RiftOptions::default() };
    let start = engine::bench::user_cpu_seconds();
    let mut wall = 0.0;
    for r in 0..repeats {
        let res = ai::mcts_iterations_per_sec::<RiftGame>(&opts, RiftGame::kit().evaluator, iterations, 1, 1 + r)
            .expect("bench");
        wall += res.seconds;
    }
    let total = iterations as f64 * repeats as f64;
    match (start, engine::bench::user_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => println!(
            "{mode:?}: {total} MCTS iterations in {:.2}s user CPU: {:.0} it/s (wall {:.0} it/s)",
            b - a,
            total / (b - a),
            total / wall
        ),
        _ => println!("{mode:?}: {total} MCTS iterations in {wall:.2}s wall: {:.0} it/s", total / wall),
    }
}

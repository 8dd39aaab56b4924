//! Random playouts on one core: atomic actions per second and the state size.
//! `cargo run --release -p fate --example fate_speed`

use engine::{EventLog, Game, GameRng};
use fate::{FateGame, FateOptions};
use std::time::Instant;

fn main() {
    let opts = FateOptions::default();
    let mut rng = GameRng::new(42);
    let mut legal = Vec::with_capacity(64);
    let mut log = EventLog::disabled();
    let (mut actions, mut games) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < 3.0 {
        let mut g = FateGame::new(&opts, &Default::default(), games).expect("setup");
        loop {
            legal.clear();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).expect("legal");
            actions += 1;
        }
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    if let Some(cpu) = cpu_seconds() {
        println!("cpu time {cpu:.2} s of {secs:.2} s wall: {:.0} actions per cpu-second", actions as f64 / cpu);
    }
    println!("size_of::<FateGame>() = {} bytes", std::mem::size_of::<FateGame>());
    println!(
        "{:.0} actions/s, {:.0} games/s, {:.1} actions/game",
        actions as f64 / secs,
        games as f64 / secs,
        actions as f64 / games as f64
    );
}

/// User + system CPU time of this process (Linux /proc; ticks of 1/100 s), to see through load.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

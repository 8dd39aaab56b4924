//! Random playouts in release mode: atomic actions per second on one core, and state size.
//! Rates are per user CPU second (a loaded machine does not skew them; Linux, from
//! /proc/self/stat), with the wall-clock rate beside.
//! `cargo run --release -p riftbound --example bench -- [games] [duel|ffa3|ffa4|two_vs_two]`
use engine::{EventLog, Game, GameRng};
use riftbound::{Mode, RiftGame, RiftOptions};
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let mode = match std::env::args().nth(2).as_deref() {
        None | Some("duel") => Mode::Duel,
        Some("ffa3") => Mode::Ffa3,
        Some("ffa4") => Mode::Ffa4,
        Some("two_vs_two") | Some("2v2") => Mode::TwoVsTwo,
        Some(m) => panic!("unknown mode {m}: duel, ffa3, ffa4 or two_vs_two"),
    };
    let opts = RiftOptions { mode, ..RiftOptions::default() };
    let mut actions = 0u64;
    let mut legal = Vec::new();
    let mut log = EventLog::disabled();
    let start = Instant::now();
    let cpu_start = engine::bench::user_cpu_seconds();
    for i in 0..games {
        let mut rng = GameRng::derive(42, i);
        let setup = RiftGame::sample_setup(&opts, &mut rng).unwrap();
        let mut g = RiftGame::new(&opts, &setup, i).unwrap();
        loop {
            legal.clear();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).unwrap();
            actions += 1;
        }
    }
    let s = start.elapsed().as_secs_f64();
    match (cpu_start, engine::bench::user_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => println!(
            "{mode:?}: {games} games, {actions} actions in {:.2}s user CPU: {:.0} actions/s (wall {:.0}/s)",
            b - a,
            actions as f64 / (b - a),
            actions as f64 / s
        ),
        _ => {
            println!("{mode:?}: {games} games, {actions} actions in {s:.2}s wall: {:.0} actions/s", actions as f64 / s)
        }
    }
    println!("size_of::<RiftGame>() = {} bytes (plus heap: objects, decks, chain)", std::mem::size_of::<RiftGame>());
    let g = RiftGame::new(&opts, &RiftGame::sample_setup(&opts, &mut GameRng::new(1)).unwrap(), 1).unwrap();
    println!("objects per game: {} × {} bytes", g.objs.len(), std::mem::size_of::<riftbound::state::Obj>());
}

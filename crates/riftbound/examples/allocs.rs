//! Heap allocations per atomic action in random 1v1 playouts (a counting global allocator), with
//! the games' setup counted apart. A figure for the speed work (issue #16), not a test.
//! `cargo run --release -p riftbound --example allocs -- [games] [duel|ffa3|ffa4|two_vs_two]`
use engine::{EventLog, Game, GameRng};
use riftbound::{Mode, RiftGame, RiftOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;
static ALLOCS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static A: Counting = Counting;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let mode = match std::env::args().nth(2).as_deref() {
        None | Some("duel") => Mode::Duel,
        Some("ffa3") => Mode::Ffa3,
        Some("ffa4") => Mode::Ffa4,
        Some("two_vs_two") | Some("2v2") => Mode::TwoVsTwo,
        Some(m) => panic!("unknown mode {m}: duel, ffa3, ffa4 or two_vs_two"),
    };
    let opts = RiftOptions { mode, ..RiftOptions::default() };
    let mut legal = Vec::with_capacity(256);
    let mut log = EventLog::disabled();
    let (mut actions, mut in_play, mut in_setup) = (0u64, 0u64, 0u64);
    for i in 0..games {
        let before = ALLOCS.load(Ordering::Relaxed);
        let mut rng = GameRng::derive(42, i);
        let setup = RiftGame::sample_setup(&opts, &mut rng).unwrap();
        let mut g = RiftGame::new(&opts, &setup, i).unwrap();
        let started = ALLOCS.load(Ordering::Relaxed);
        in_setup += started - before;
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
        in_play += ALLOCS.load(Ordering::Relaxed) - started;
    }
    println!(
        "{mode:?}: {games} games, {actions} actions; allocations: {:.2} per action in play, {:.0} per game in setup",
        in_play as f64 / actions.max(1) as f64,
        in_setup as f64 / games.max(1) as f64
    );
}

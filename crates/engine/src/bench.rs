//! Random-playout throughput, for `cardtable bench` and `cargo bench`. Measures; never asserts.

use crate::game::{Game, Status};
use crate::log::EventLog;
use crate::rng::GameRng;
use serde::Serialize;
use std::time::{Duration, Instant};

/// User CPU seconds of this process so far, where the system says (Linux, /proc/self/stat): a
/// rate per user CPU second is not skewed by other load on the machine.
pub fn user_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime is the 14th field overall.
    let rest = &stat[stat.rfind(')')? + 2..];
    let utime: f64 = rest.split_whitespace().nth(11)?.parse().ok()?;
    Some(utime / 100.0)
}

#[derive(Clone, Debug, Serialize)]
pub struct PlayoutBench {
    pub game: &'static str,
    pub games: u64,
    pub actions: u64,
    pub seconds: f64,
    pub actions_per_sec: f64,
    pub games_per_sec: f64,
    pub mean_game_length: f64,
    /// `size_of` the state type, without its heap parts.
    pub state_bytes: usize,
}

/// Play random games from sampled setups for about `budget`, on this thread. Setup sampling
/// and state construction are counted in the games rate, not excluded.
pub fn random_playouts<G: Game>(options: &G::Options, budget: Duration, seed: u64) -> PlayoutBench {
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::with_capacity(64);
    let mut log = EventLog::disabled();
    let (mut games, mut actions) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget || games == 0 {
        let setup = G::sample_setup(options, &mut rng).expect("sample_setup");
        let mut state = G::new(options, &setup, rng.next_u64()).expect("new");
        while let Status::ToAct(_) = state.status() {
            legal.clear();
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = &legal[rng.index(legal.len())];
            if state.apply(a, &mut log).is_err() {
                break;
            }
            actions += 1;
        }
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    PlayoutBench {
        game: G::NAME,
        games,
        actions,
        seconds,
        actions_per_sec: actions as f64 / seconds,
        games_per_sec: games as f64 / seconds,
        mean_game_length: actions as f64 / games as f64,
        state_bytes: std::mem::size_of::<G>(),
    }
}

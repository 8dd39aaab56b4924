//! How fast MCTS searches a game: for `cardtable bench`.

use crate::bots::mcts::{search, Budget, MctsConfig};
use crate::error::AiError;
use crate::eval::Evaluator;
use crate::observation::Observation;
use engine::{Game, GameRng};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchResult {
    pub game: String,
    pub iterations: u32,
    pub threads: usize,
    pub seconds: f64,
    pub iterations_per_sec: f64,
}

/// Search the opening of a sampled game for `iterations` MCTS iterations on `threads` trees and
/// time it.
pub fn mcts_iterations_per_sec<G: Game>(
    options: &G::Options,
    evaluator: Arc<dyn Evaluator<G>>,
    iterations: u32,
    threads: usize,
    seed: u64,
) -> Result<BenchResult, AiError> {
    if iterations == 0 {
        return Err(AiError::Config("bench needs at least one iteration".into()));
    }
    let mut rng = GameRng::new(seed);
    let setup = G::sample_setup(options, &mut rng)?;
    let state = G::new(options, &setup, rng.next_u64())?;
    let obs = Observation::of_seat_to_act(&state)?;
    let legal = obs.legal_actions();
    let config =
        MctsConfig { budget: Budget::Iterations(iterations), threads: threads.max(1), ..MctsConfig::default() };
    let start = Instant::now();
    let stats = search(|r: &mut GameRng| obs.determinize(r), &legal, &config, evaluator.as_ref(), None, seed)?;
    let seconds = start.elapsed().as_secs_f64();
    let searched: u64 = stats.iter().map(|s| s.visits).sum();
    if searched != u64::from(iterations) && !legal.is_empty() {
        return Err(AiError::Config(format!("search ran {searched} of {iterations} iterations")));
    }
    Ok(BenchResult {
        game: G::NAME.to_string(),
        iterations,
        threads: threads.max(1),
        seconds,
        iterations_per_sec: f64::from(iterations) / seconds.max(1e-9),
    })
}

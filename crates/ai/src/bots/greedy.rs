//! One ply: try each legal action on a determinized copy and keep the one the evaluator likes
//! best for this seat. Ties are broken at random.

use crate::bot::Bot;
use crate::error::AiError;
use crate::eval::{terminal_reward, Evaluator};
use crate::observation::Observation;
use engine::{EventLog, Game, GameRng};
use std::sync::Arc;

pub struct GreedyBot<G: Game> {
    evaluator: Arc<dyn Evaluator<G>>,
    /// How many determinizations each action is scored on (their mean counts).
    samples: u32,
    rng: GameRng,
}

impl<G: Game> GreedyBot<G> {
    pub fn new(evaluator: Arc<dyn Evaluator<G>>, samples: u32, seed: u64) -> Self {
        GreedyBot { evaluator, samples: samples.max(1), rng: GameRng::new(seed) }
    }
}

/// The evaluator's score for `seat` after `action` in `state` (the reward if that ends the game).
pub(crate) fn score_after<G: Game>(
    state: &G,
    action: &G::Action,
    evaluator: &dyn Evaluator<G>,
    seat: engine::Seat,
) -> Result<f64, AiError> {
    let mut next = state.clone();
    next.apply(action, &mut EventLog::disabled())
        .map_err(|e| AiError::RulesBug { action: action.to_string(), reason: e.message })?;
    Ok(terminal_reward(&next, seat).unwrap_or_else(|| evaluator.evaluate(&next, seat)))
}

impl<G: Game> Bot<G> for GreedyBot<G> {
    fn name(&self) -> String {
        if self.samples == 1 {
            "greedy".into()
        } else {
            format!("greedy:{}", self.samples)
        }
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> Result<G::Action, AiError> {
        let legal = obs.legal_actions();
        if legal.len() <= 1 {
            return legal.into_iter().next().ok_or(AiError::GameOver);
        }
        let seat = obs.seat();
        let mut totals = vec![0.0; legal.len()];
        for _ in 0..self.samples {
            let world = obs.determinize(&mut self.rng);
            for (total, action) in totals.iter_mut().zip(&legal) {
                *total += score_after(&world, action, self.evaluator.as_ref(), seat)?;
            }
        }
        let best = totals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let tied: Vec<usize> = (0..legal.len()).filter(|&i| totals[i] >= best - 1e-12).collect();
        let pick = *self.rng.pick(&tied).ok_or(AiError::GameOver)?;
        Ok(legal[pick].clone())
    }
}

//! Plays a uniformly random legal action.

use crate::bot::Bot;
use crate::error::AiError;
use crate::observation::Observation;
use engine::{Game, GameRng};

pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot { rng: GameRng::new(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> Result<G::Action, AiError> {
        let legal = obs.legal_actions();
        self.rng.pick(&legal).cloned().ok_or(AiError::GameOver)
    }
}

//! The bot contract.

use crate::error::AiError;
use crate::observation::Observation;
use engine::Game;

/// A player that chooses one atomic action for the seat to act from what that seat can see.
///
/// A bot owns its randomness (a [`engine::GameRng`] seeded when it is built), so a bot built
/// from the same spec and seed makes the same choices in the same information sets — except
/// under a time budget, which depends on the clock.
pub trait Bot<G: Game>: Send {
    /// The spec this bot was built from, e.g. `mcts:2000x2`.
    fn name(&self) -> String;

    /// Choose one of `obs.legal_actions()`.
    fn choose(&mut self, obs: &Observation<'_, G>) -> Result<G::Action, AiError>;
}

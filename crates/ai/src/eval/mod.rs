//! Game-specific knowledge the bots and the simulator use: evaluators and per-game statistics.
//! They live here, not in the games: a game never depends on the AI (design.md §1).

pub mod ardent;
pub mod fate;
pub mod learned;
pub mod pebbles;
pub mod riftbound;

use crate::error::AiError;
use crate::sim::GameStats;
use engine::{Game, Seat, Status};
use std::sync::Arc;

/// Scores a (determinized) state for a seat: an estimate of the seat's reward, 0 (loss) to 1
/// (win), 0.5 even. The greedy bot maximises it; MCTS backs it up when a rollout is cut off.
pub trait Evaluator<G: Game>: Send + Sync {
    fn evaluate(&self, state: &G, seat: Seat) -> f64;

    /// Every seat's score, in seat order, appended to `out` (which the caller clears). Override
    /// it when the seats can share the work, e.g. one view for all.
    fn evaluate_seats(&self, state: &G, out: &mut Vec<f64>) {
        out.extend((0..state.num_seats()).map(|s| self.evaluate(state, Seat(s as u8))));
    }
}

/// A cheap rollout policy (MCTS `rollout=policy`): scores every legal action of a state
/// without playing it, from the point of view of the seat to act. MCTS plays the best-scored
/// action (ties at random) and a random one 10% of the time. A game's policy lives in its
/// [`Kit`]; games without one refuse `rollout=policy`.
pub trait RolloutPolicy<G: Game>: Send + Sync {
    /// Append one score per action of `legal`, in order, to `out` (which the caller clears).
    fn scores(&self, state: &G, legal: &[G::Action], out: &mut Vec<f64>);
}

/// The neutral evaluator: every unfinished state is even. MCTS with it relies on its rollouts.
pub struct Neutral;

impl<G: Game> Evaluator<G> for Neutral {
    fn evaluate(&self, state: &G, seat: Seat) -> f64 {
        terminal_reward(state, seat).unwrap_or(0.5)
    }
}

/// The reward of a finished game for `seat`, or `None` while it goes on.
pub fn terminal_reward<G: Game>(state: &G, seat: Seat) -> Option<f64> {
    match state.status() {
        Status::Over(o) => Some(o.reward(seat)),
        Status::ToAct(_) => None,
    }
}

/// Squash a material-style difference into (0, 1): 0.5 when even, towards 1 when ahead.
pub fn squash(diff: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-diff / scale).exp())
}

/// Which evaluator a bot uses: the hand-written one, the learned one shipped with the AI
/// (crates/ai/src/eval/weights), or learned weights from a file (`cardtable train --out FILE`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvalChoice {
    #[default]
    Hand,
    Learned,
    File(String),
}

impl std::fmt::Display for EvalChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalChoice::Hand => f.write_str("hand"),
            EvalChoice::Learned => f.write_str("learned"),
            EvalChoice::File(path) => f.write_str(path),
        }
    }
}

/// Makes a learned evaluator from a weights document (JSON text).
pub type LoadWeights<G> = fn(&str, &str) -> Result<Arc<dyn Evaluator<G>>, AiError>;

/// What the AI knows about one game: its evaluators and extra statistics for simulations.
pub struct Kit<G: Game> {
    /// The hand-written evaluator.
    pub evaluator: Arc<dyn Evaluator<G>>,
    pub stats: Vec<Arc<dyn GameStats<G>>>,
    /// The learned evaluator: the shipped weights (JSON) and how to load a weights document.
    pub learned: Option<(&'static str, LoadWeights<G>)>,
    /// The rollout policy `rollout=policy` uses, if the game has one.
    pub policy: Option<Arc<dyn RolloutPolicy<G>>>,
}

impl<G: Game> Clone for Kit<G> {
    fn clone(&self) -> Self {
        Kit {
            evaluator: self.evaluator.clone(),
            stats: self.stats.clone(),
            learned: self.learned,
            policy: self.policy.clone(),
        }
    }
}

impl<G: Game> Kit<G> {
    pub fn new(evaluator: Arc<dyn Evaluator<G>>) -> Self {
        Kit { evaluator, stats: Vec::new(), learned: None, policy: None }
    }
    pub fn with_policy(mut self, policy: Arc<dyn RolloutPolicy<G>>) -> Self {
        self.policy = Some(policy);
        self
    }
    pub fn with_stats(mut self, stats: Arc<dyn GameStats<G>>) -> Self {
        self.stats.push(stats);
        self
    }
    pub fn with_learned(mut self, shipped: &'static str, load: LoadWeights<G>) -> Self {
        self.learned = Some((shipped, load));
        self
    }

    /// The evaluator `choice` names. A game without learned weights, or a weights file that does
    /// not load or is for another game, is an error naming it.
    pub fn evaluator_for(&self, choice: &EvalChoice) -> Result<Arc<dyn Evaluator<G>>, AiError> {
        let no_learned = || AiError::Config(format!("{} has no learned evaluator: use eval=hand", G::NAME));
        match choice {
            EvalChoice::Hand => Ok(self.evaluator.clone()),
            EvalChoice::Learned => {
                let (shipped, load) = self.learned.ok_or_else(no_learned)?;
                load(shipped, "the shipped weights")
            }
            EvalChoice::File(path) => {
                let (_, load) = self.learned.ok_or_else(no_learned)?;
                let text =
                    std::fs::read_to_string(path).map_err(|e| AiError::Io(format!("weights file {path}: {e}")))?;
                load(&text, path)
            }
        }
    }
}

/// A game the AI can play by name: its [`Kit`].
pub trait AiGame: Game {
    fn kit() -> Kit<Self>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squash_is_even_at_zero_and_monotone() {
        assert!((squash(0.0, 3.0) - 0.5).abs() < 1e-12);
        assert!(squash(2.0, 3.0) > 0.5 && squash(2.0, 3.0) < squash(4.0, 3.0));
        assert!(squash(-2.0, 3.0) < 0.5);
    }
}

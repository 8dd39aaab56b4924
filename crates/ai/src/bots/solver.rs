//! The `solver` bot for Fate Deduction: the proof search (fate::solve, docs/fate-solver.md)
//! first, MCTS otherwise. With open hands the seat's view is the whole state, so:
//!
//! - a win proved within the horizon is always played (the first action of the proof);
//! - MCTS's choice is checked, and replaced by the first action, in search order, that the
//!   opponent is not proved to beat within the horizon, when the proof finds one.
//!
//! Budgets are nodes and iterations, never time, so the bot is deterministic for a seed.
//! For any other game, or hidden hands, it says so: it never pretends to prove anything.

use crate::bot::Bot;
use crate::bots::mcts::{MctsBot, MctsConfig};
use crate::error::AiError;
use crate::eval::Evaluator;
use crate::observation::Observation;
use engine::{Game, GameRng};
use fate::solve::{prove_goal, solve, Proof, SolveConfig, Value};
use fate::FateGame;
use std::any::Any;
use std::sync::Arc;

/// The solver bot's budgets.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverConfig {
    /// Horizon of the proofs, in plies.
    pub depth: u32,
    /// Nodes per proof.
    pub nodes: u64,
    pub mcts: MctsConfig,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig { depth: 3, nodes: 200_000, mcts: MctsConfig::default() }
    }
}

pub struct SolverBot<G: Game> {
    config: SolverConfig,
    mcts: MctsBot<G>,
    rng: GameRng,
    name: String,
}

impl<G: Game> SolverBot<G> {
    pub fn new(config: SolverConfig, evaluator: Arc<dyn Evaluator<G>>, seed: u64, name: impl Into<String>) -> Self {
        let mcts = MctsBot::new(config.mcts.clone(), evaluator, seed ^ 0x5017, "mcts");
        SolverBot { config, mcts, rng: GameRng::new(seed), name: name.into() }
    }

    fn proof_config(&self) -> SolveConfig {
        SolveConfig {
            max_depth: self.config.depth,
            max_nodes: self.config.nodes,
            tt_mb: 8,
            want_line: true,
            ..SolveConfig::default()
        }
    }

    /// The action the proofs decide on, if any (in notation).
    fn proved_choice(&self, g: &FateGame, fallback: &str) -> Result<Option<String>, AiError> {
        let cfg = self.proof_config();
        let err = |e: fate::solve::SolveError| AiError::Config(format!("solver: {e}"));
        let report = solve(g, &cfg).map_err(err)?;
        if report.value == Value::Win {
            if let Some(first) = report.pv.first() {
                return Ok(Some(first.clone()));
            }
        }
        let me = match engine::Game::status(g) {
            engine::Status::ToAct(s) => s.0,
            engine::Status::Over(_) => return Err(AiError::GameOver),
        };
        let legal = legal_fate(g);
        // Keep MCTS's choice unless the opponent is proved to win after it.
        let loses = |a: &fate::FateAction| -> Result<bool, AiError> {
            let mut child = g.clone();
            child
                .apply(a, &mut engine::EventLog::disabled())
                .map_err(|e| AiError::RulesBug { action: a.to_string(), reason: e.to_string() })?;
            let plies = self.config.depth;
            Ok(matches!(prove_goal(&child, 1 - me, plies, &cfg).map_err(err)?.0, Proof::Yes))
        };
        let Some(pick) = legal.iter().find(|a| a.to_string() == fallback) else { return Ok(None) };
        if !loses(pick)? {
            return Ok(None);
        }
        for a in &legal {
            if a != pick && !loses(a)? {
                return Ok(Some(a.to_string()));
            }
        }
        Ok(None)
    }
}

fn legal_fate(g: &FateGame) -> Vec<fate::FateAction> {
    let mut out = Vec::new();
    engine::Game::legal_actions(g, &mut out);
    out
}

impl<G: Game> Bot<G> for SolverBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> Result<G::Action, AiError> {
        let fallback = self.mcts.choose(obs)?;
        let state = obs.determinize(&mut self.rng);
        let Some(g) = (&state as &dyn Any).downcast_ref::<FateGame>() else {
            return Err(AiError::Config(format!("the solver bot plays only fate, not {}", G::NAME)));
        };
        // Proofs need the whole state: open hands and a position after setup.
        if !g.fate_options().open_hands || engine::Game::status(g).is_over() || in_setup(g) {
            return Ok(fallback);
        }
        match self.proved_choice(g, &fallback.to_string())? {
            Some(text) => {
                text.parse::<G::Action>().map_err(|e| AiError::RulesBug { action: text, reason: e.to_string() })
            }
            None => Ok(fallback),
        }
    }
}

fn in_setup(g: &FateGame) -> bool {
    engine::Game::view(g, engine::Viewer::Omniscient).step == "setup"
}

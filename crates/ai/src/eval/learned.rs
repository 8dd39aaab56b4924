//! The learned evaluator: a logistic model over a game's features, trained by self-play
//! (crate::train, `cardtable train GAME`).
//!
//! For seat `s` the model sees `x_s`: each feature of `s`'s side minus the same feature of the
//! strongest opposing side (sides are teams where the game has them), plus "`s` is to act".
//! Its estimate of `s`'s reward is `sigmoid(bias + w · x_s)`. The hand-written evaluators are of
//! this very form (a weighted material difference, squashed) with weights set by hand; here the
//! weights are fitted to game outcomes, and the feature set is wider.
//!
//! Weights ship as JSON (crates/ai/src/eval/weights/GAME.json, `include_str!`'d); a document
//! names its game and features, so weights for another game or another feature list are refused.

use super::{terminal_reward, Evaluator};
use crate::error::AiError;
use engine::{Game, Seat, Status};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A game's features for the learned evaluator, read from the omniscient view of a
/// (determinized) state — a bot only ever evaluates its own determinizations.
pub trait Featured: Game {
    /// The feature names, in order; a weights document must list exactly these.
    const FEATURES: &'static [&'static str];

    /// Every seat's raw features (`FEATURES.len()` numbers per seat, seats in order), appended to
    /// `out`, and each seat's side (team) appended to `sides`.
    fn seat_features(state: &Self, out: &mut Vec<f64>, sides: &mut Vec<u8>);

    /// The bot spec whose self-play games train the model (crate::train), a fifth of its
    /// moves replaced by random ones. The stronger the play, the closer the outcome targets are
    /// to the value of a position under good play, which is what a search wants at its leaves.
    const TRAIN_POLICY: &'static str = "greedy";
}

/// How the weights were trained (so anyone can retrain them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    pub games: usize,
    pub seed: u64,
    /// Training positions (one per seat per sampled state).
    pub samples: usize,
    /// The self-play policy.
    pub policy: String,
    /// Mean log-loss on the training positions at the end, and of the constant 0.5 model.
    pub log_loss: f64,
    pub baseline_log_loss: f64,
}

/// A weights document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    pub game: String,
    /// The game's features, then `to_act`.
    pub features: Vec<String>,
    pub bias: f64,
    pub weights: Vec<f64>,
    pub trained: Provenance,
}

/// The name of the last input: 1 when the seat is to act.
pub const TO_ACT: &str = "to_act";

/// The feature names a `G` weights document lists.
pub fn feature_names<G: Featured>() -> Vec<String> {
    G::FEATURES.iter().map(|s| s.to_string()).chain([TO_ACT.to_string()]).collect()
}

impl Weights {
    /// Read a weights document for `G`; `origin` names it in errors.
    pub fn parse<G: Featured>(text: &str, origin: &str) -> Result<Weights, AiError> {
        let w: Weights = serde_json::from_str(text).map_err(|e| AiError::Config(format!("weights {origin}: {e}")))?;
        if w.game != G::NAME {
            return Err(AiError::Config(format!("weights {origin} are for {}, not {}", w.game, G::NAME)));
        }
        let expected = feature_names::<G>();
        if w.features != expected {
            return Err(AiError::Config(format!(
                "weights {origin} list the features {:?}; this build of {} has {:?}: retrain with `cardtable train {}`",
                w.features,
                G::NAME,
                expected,
                G::NAME
            )));
        }
        if w.weights.len() != expected.len() || !w.bias.is_finite() || w.weights.iter().any(|x| !x.is_finite()) {
            return Err(AiError::Config(format!(
                "weights {origin}: need {} finite weights and a finite bias",
                expected.len()
            )));
        }
        Ok(w)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// Each seat's model input: its side's features minus the strongest opposing side's, then
/// `to_act`. Appended to `out` (`seats × (FEATURES + 1)`).
pub fn inputs<G: Featured>(state: &G, out: &mut Vec<f64>) {
    let k = G::FEATURES.len();
    let mut raw = Vec::new();
    let mut sides = Vec::new();
    G::seat_features(state, &mut raw, &mut sides);
    let seats = sides.len();
    let to_act = match state.status() {
        Status::ToAct(s) => Some(s.index()),
        Status::Over(_) => None,
    };
    // Sum per side.
    let mut side_ids: Vec<u8> = sides.clone();
    side_ids.sort_unstable();
    side_ids.dedup();
    let side_sum = |side: u8, f: usize| -> f64 {
        (0..seats).filter(|&s| sides[s] == side).map(|s| raw.get(s * k + f).copied().unwrap_or(0.0)).sum()
    };
    for (s, &side) in sides.iter().enumerate() {
        for f in 0..k {
            let mine = side_sum(side, f);
            let best_other =
                side_ids.iter().filter(|&&o| o != side).map(|&o| side_sum(o, f)).fold(f64::NEG_INFINITY, f64::max);
            out.push(if best_other.is_finite() { mine - best_other } else { 0.0 });
        }
        out.push(if to_act == Some(s) { 1.0 } else { 0.0 });
    }
}

pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

pub struct LearnedEvaluator {
    weights: Weights,
}

impl LearnedEvaluator {
    pub fn new(weights: Weights) -> Self {
        LearnedEvaluator { weights }
    }

    /// Load `G`'s evaluator from a weights document (the [`super::LoadWeights`] of a kit).
    pub fn load<G: Featured>(text: &str, origin: &str) -> Result<Arc<dyn Evaluator<G>>, AiError> {
        Ok(Arc::new(LearnedEvaluator::new(Weights::parse::<G>(text, origin)?)))
    }

    fn value(&self, x: &[f64]) -> f64 {
        sigmoid(self.weights.bias + self.weights.weights.iter().zip(x).map(|(w, x)| w * x).sum::<f64>())
    }
}

impl<G: Featured> Evaluator<G> for LearnedEvaluator {
    fn evaluate(&self, state: &G, seat: Seat) -> f64 {
        if let Some(r) = terminal_reward(state, seat) {
            return r;
        }
        let mut x = Vec::new();
        inputs(state, &mut x);
        let n = self.weights.weights.len();
        x.get(seat.index() * n..(seat.index() + 1) * n).map_or(0.5, |x| self.value(x))
    }

    fn evaluate_seats(&self, state: &G, out: &mut Vec<f64>) {
        if let Status::Over(o) = state.status() {
            out.extend((0..state.num_seats()).map(|s| o.reward(Seat(s as u8))));
            return;
        }
        let mut x = Vec::new();
        inputs(state, &mut x);
        let n = self.weights.weights.len();
        out.extend(x.chunks(n).map(|x| self.value(x)));
    }
}

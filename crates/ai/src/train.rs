//! Training the learned evaluator (crate::eval::learned) by self-play, on the CPU.
//!
//! 1. Self-play: `games` games, game `i` set up and played from `GameRng::derive(seed, i)` by
//!    the game's [`Featured::TRAIN_POLICY`] at every seat (a bot on the hand-written evaluator,
//!    with a random move a fifth of the time so that the positions vary). Games run on rayon and are collected in
//!    game order, so the data — and the weights — are the same whatever the thread count.
//! 2. Every decision point gives one training position per seat: the seat's model input
//!    ([`crate::eval::learned::inputs`]) and, as its target, the reward that seat got at the end
//!    of the game (1 win, 0.5 draw, 0 loss): Monte Carlo targets (TD(1)). The games are short,
//!    so the targets are unbiased and need no bootstrapping.
//! 3. Logistic regression on those positions, with a small ridge penalty on the weights,
//!    solved by Newton's method (iteratively reweighted least squares). The objective is convex,
//!    so the optimum is unique: no learning rate, no epochs, no dependence on the order of the
//!    data. Deterministic for a seed.

use crate::error::AiError;
use crate::eval::learned::{feature_names, inputs, sigmoid, Featured, Provenance, Weights};
use crate::eval::AiGame;
use crate::games::parse_options;
use crate::observation::Observation;
use crate::spec::BotSpec;
use crate::Progress;
use engine::{EventLog, GameRng, Seat, Status};
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The self-play policy of a run, for the weights' provenance.
fn policy_text(policy: &str) -> String {
    format!("{policy}, 20% random moves")
}
/// Ridge penalty per training position.
const RIDGE: f64 = 1e-3;
/// Newton steps (it converges in far fewer; the loop stops when a step changes nothing).
const NEWTON_STEPS: usize = 50;

/// What to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    pub games: usize,
    pub seed: u64,
    /// Rules options as JSON (`null`: the defaults).
    pub options: serde_json::Value,
}

/// One game's positions: inputs (rows of `dim`) and targets.
type Positions = (Vec<f64>, Vec<f64>);

/// Train `G`'s learned evaluator on self-play by the game's [`Featured::TRAIN_POLICY`].
pub fn train<G: AiGame + Featured>(config: &TrainConfig, progress: Option<Progress<'_>>) -> Result<Weights, AiError> {
    train_with::<G>(config, G::TRAIN_POLICY, progress)
}

/// Train `G`'s learned evaluator on self-play by `policy`, a bot spec. It must have an iteration
/// budget, so that the games, and the weights, are the same for a seed.
pub fn train_with<G: AiGame + Featured>(
    config: &TrainConfig,
    policy: &str,
    progress: Option<Progress<'_>>,
) -> Result<Weights, AiError> {
    if config.games == 0 {
        return Err(AiError::Config("train at least one game".into()));
    }
    let options = parse_options::<G>(&config.options)?;
    let spec: BotSpec = policy.parse()?;
    if !spec.is_deterministic() {
        return Err(AiError::Config(format!(
            "the self-play policy '{policy}' has a time budget: give it an iteration budget so that training is reproducible"
        )));
    }
    let done = AtomicUsize::new(0);
    let games: Vec<Result<Positions, AiError>> = (0..config.games)
        .into_par_iter()
        .map(|i| {
            let r = self_play::<G>(&options, &spec, config.seed, i);
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(p) = progress {
                p(n, config.games);
            }
            r
        })
        .collect();
    let dim = feature_names::<G>().len();
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for g in games {
        let (x, y) = g?;
        xs.extend(x);
        ys.extend(y);
    }
    if ys.is_empty() {
        return Err(AiError::Config("self-play gave no training positions".into()));
    }
    // Rounded to 1e-9: the weights file then does not carry the last bits of the arithmetic
    // (seen to differ between a test build's runs; far below anything that changes a choice).
    let (bias, weights) = fit(&xs, &ys, dim);
    let (bias, weights) = (round_to(bias, 1e9), weights.into_iter().map(|w| round_to(w, 1e9)).collect::<Vec<_>>());
    let loss = log_loss(&xs, &ys, dim, bias, &weights);
    let baseline = log_loss(&xs, &ys, dim, 0.0, &vec![0.0; dim]);
    Ok(Weights {
        game: G::NAME.to_string(),
        features: feature_names::<G>(),
        bias,
        weights,
        trained: Provenance {
            games: config.games,
            seed: config.seed,
            samples: ys.len(),
            policy: policy_text(policy),
            log_loss: round(loss),
            baseline_log_loss: round(baseline),
        },
    })
}

fn round(x: f64) -> f64 {
    round_to(x, 1e6)
}

fn round_to(x: f64, scale: f64) -> f64 {
    (x * scale).round() / scale
}

/// Play game `index` and return its positions.
fn self_play<G: AiGame + Featured>(
    options: &G::Options,
    spec: &BotSpec,
    seed: u64,
    index: usize,
) -> Result<Positions, AiError> {
    let mut rng = GameRng::derive(seed, index as u64);
    let game_seed = rng.next_u64();
    let setup = G::sample_setup(options, &mut rng)?;
    let mut state = G::new(options, &setup, game_seed)?;
    let kit = G::kit();
    let mut bots =
        (0..state.num_seats()).map(|_| spec.build::<G>(&kit, rng.next_u64())).collect::<Result<Vec<_>, _>>()?;
    let bound = state.max_actions();
    let mut x = Vec::new();
    let mut seats_at: Vec<usize> = Vec::new();
    let mut steps = 0usize;
    let mut log = EventLog::disabled();
    while let Status::ToAct(seat) = state.status() {
        let before = x.len();
        inputs(&state, &mut x);
        seats_at.push((x.len() - before) / feature_names::<G>().len());
        let action = if rng.chance(1, 5) {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            rng.pick(&legal).cloned().ok_or(AiError::GameOver)?
        } else {
            let obs = Observation::of_seat_to_act(&state)?;
            bots.get_mut(seat.index()).ok_or(AiError::GameOver)?.choose(&obs)?
        };
        state.apply(&action, &mut log).map_err(|e| AiError::IllegalChoice {
            bot: spec.to_string(),
            action: action.to_string(),
            reason: e.message,
        })?;
        steps += 1;
        if steps > bound && state.status().to_act().is_some() {
            return Err(AiError::TooLong { index, bound });
        }
    }
    let Status::Over(outcome) = state.status() else { return Err(AiError::GameOver) };
    let y = seats_at.iter().flat_map(|&n| (0..n).map(|s| outcome.reward(Seat(s as u8)))).collect();
    Ok((x, y))
}

/// Mean log-loss of the model on the positions.
fn log_loss(xs: &[f64], ys: &[f64], dim: usize, bias: f64, w: &[f64]) -> f64 {
    let eps = 1e-12;
    let total: f64 = xs
        .chunks(dim)
        .zip(ys)
        .map(|(x, &y)| {
            let p = sigmoid(bias + dot(w, x)).clamp(eps, 1.0 - eps);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / ys.len() as f64
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

/// Ridge-penalised logistic regression by Newton's method: (bias, weights).
pub fn fit(xs: &[f64], ys: &[f64], dim: usize) -> (f64, Vec<f64>) {
    // Parameters: theta[0] bias, theta[1..] weights; input row z = (1, x).
    let n = dim + 1;
    let mut theta = vec![0.0; n];
    let ridge = RIDGE * ys.len() as f64;
    for _ in 0..NEWTON_STEPS {
        let mut grad = vec![0.0; n];
        let mut hess = vec![0.0; n * n];
        for (x, &y) in xs.chunks(dim).zip(ys) {
            let p = sigmoid(theta[0] + dot(&theta[1..], x));
            let r = p - y;
            let s = (p * (1.0 - p)).max(1e-9);
            let z = |i: usize| if i == 0 { 1.0 } else { x[i - 1] };
            for i in 0..n {
                let zi = z(i);
                grad[i] += r * zi;
                for j in 0..=i {
                    hess[i * n + j] += s * zi * z(j);
                }
            }
        }
        for i in 0..n {
            for j in 0..i {
                hess[j * n + i] = hess[i * n + j];
            }
        }
        for i in 1..n {
            grad[i] += ridge * theta[i];
            hess[i * n + i] += ridge;
        }
        hess[0] += 1e-9 * ys.len() as f64;
        let Some(step) = solve(hess, grad, n) else { break };
        let mut moved = 0.0f64;
        for i in 0..n {
            theta[i] -= step[i];
            moved = moved.max(step[i].abs());
        }
        if moved < 1e-10 {
            break;
        }
    }
    let bias = theta[0];
    (bias, theta[1..].to_vec())
}

/// Solve `a x = b` (a: n×n, row-major) by Gaussian elimination with partial pivoting; `None`
/// if it is singular.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>, n: usize) -> Option<Vec<f64>> {
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i * n + col].abs().total_cmp(&a[j * n + col].abs()))?;
        if a[pivot * n + col].abs() < 1e-300 {
            return None;
        }
        if pivot != col {
            for k in 0..n {
                a.swap(pivot * n + k, col * n + k);
            }
            b.swap(pivot, col);
        }
        for row in col + 1..n {
            let f = a[row * n + col] / a[col * n + col];
            for k in col..n {
                a[row * n + k] -= f * a[col * n + k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row * n + k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row * n + row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newton_recovers_a_known_logistic_model() {
        // y = P(sigmoid(0.5 + 2 x0 - x1)) as soft targets on a grid: the fit recovers them.
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for i in 0..21 {
            for j in 0..21 {
                let (a, b) = (f64::from(i) / 10.0 - 1.0, f64::from(j) / 10.0 - 1.0);
                xs.extend([a, b]);
                ys.push(sigmoid(0.5 + 2.0 * a - b));
            }
        }
        let (bias, w) = fit(&xs, &ys, 2);
        // The ridge penalty shrinks the weights a little (2 → 1.96 here), never flips them.
        assert!((bias - 0.5).abs() < 0.02 && (w[0] - 2.0).abs() < 0.08 && (w[1] + 1.0).abs() < 0.05, "{bias} {w:?}");
    }

    #[test]
    fn solve_refuses_a_singular_system() {
        assert_eq!(solve(vec![1.0, 2.0, 2.0, 4.0], vec![1.0, 2.0], 2), None);
        assert_eq!(solve(vec![2.0, 0.0, 0.0, 4.0], vec![2.0, 8.0], 2), Some(vec![1.0, 2.0]));
    }
}

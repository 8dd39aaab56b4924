//! Training the learned rating (docs/ardent-ratings.md §3), deterministically:
//!
//! 1. Data: distinct generated decks (serials drawn by `GameRng::new(seed)`, gauntlet decks
//!    left out), each rated by simulation ([`simulate_dataset`]).
//! 2. Features: the count (0–2) of each card, then indicators of the `pairs` card pairs whose
//!    co-occurrence best explains what the card-only fit leaves (largest |Σ residual| / √support,
//!    at least `min_support` decks).
//! 3. Ridge regression; the penalty chosen from a fixed grid by 5-fold cross-validation
//!    (fold = row index mod 5).

use crate::dataset::{Dataset, Row};
use crate::gauntlet::Gauntlet;
use crate::model::Model;
use crate::ridge::{self, correlation};
use crate::simulate::{simulated_rating, RateConfig};
use crate::{cards, RateError};
use ai::Progress;
use engine::GameRng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The version number written into models this build trains.
pub const MODEL_VERSION: u32 = 1;

/// `count` distinct serials of the gauntlet's recipe, none of them a gauntlet deck.
pub fn training_serials(count: usize, seed: u64, gauntlet: &Gauntlet) -> Result<Vec<u64>, RateError> {
    let generator =
        ardent::deckgen::generator(crate::gauntlet::V1_RECIPE).map_err(|e| RateError::Deck(e.to_string()))?;
    let mut rng = GameRng::new(seed);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let s = rng.below(generator.capacity());
        if !gauntlet.holds_serial(s) && seen.insert(s) {
            out.push(s);
        }
    }
    Ok(out)
}

/// Rate each serial's deck by simulation (deck `k`'s games seeded from `derive(seed, serial)`).
/// `progress` counts decks.
pub fn simulate_dataset(
    serials: &[u64],
    config: &RateConfig,
    progress: Option<Progress<'_>>,
) -> Result<Dataset, RateError> {
    let generator =
        ardent::deckgen::generator(crate::gauntlet::V1_RECIPE).map_err(|e| RateError::Deck(e.to_string()))?;
    let done = AtomicUsize::new(0);
    let rows: Vec<Result<Row, RateError>> = serials
        .par_iter()
        .map(|&serial| {
            let cards = generator.cards(serial).map_err(|e| RateError::Deck(e.to_string()))?;
            let deck_config = RateConfig { seed: GameRng::derive(config.seed, serial).next_u64(), ..config.clone() };
            let r = simulated_rating(&cards, &deck_config, None)?;
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(p) = progress {
                p(d, serials.len());
            }
            Ok(Row { serial: Some(serial), rating: r.rating, games: r.games, cards })
        })
        .collect();
    let rows = rows.into_iter().collect::<Result<Vec<_>, _>>()?;
    let header = format!(
        "ardent-rate dataset v1: gauntlet {}, bot {}, {} games a deck, seed {}",
        config.gauntlet, config.bot, config.games, config.seed
    );
    Ok(Dataset { header, rows })
}

/// Training settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrainOptions {
    /// Card pairs to add as features.
    pub pairs: usize,
    /// A pair must be in at least this many training decks to be considered.
    pub min_support: usize,
    /// Ridge penalties to choose from by cross-validation.
    pub lambdas: Vec<f64>,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions { pairs: 48, min_support: 40, lambdas: vec![0.3, 1.0, 3.0, 10.0, 30.0, 100.0] }
    }
}

fn counts(deck: &[u8], n: usize) -> Vec<f64> {
    let mut x = vec![0.0; n];
    for &c in deck {
        if let Some(v) = x.get_mut(usize::from(c)) {
            *v += 1.0;
        }
    }
    x
}

fn features(deck: &[u8], n: usize, pairs: &[(u8, u8)]) -> Vec<f64> {
    let mut x = counts(deck, n);
    let has = |c: u8| deck.contains(&c);
    x.extend(pairs.iter().map(|&(a, b)| if has(a) && has(b) { 1.0 } else { 0.0 }));
    x
}

/// Mean squared error of 5-fold cross-validation with penalty `lambda`.
fn cv_error(xs: &[Vec<f64>], ys: &[f64], lambda: f64) -> Result<f64, RateError> {
    let mut sse = 0.0;
    for fold in 0..5 {
        let (tx, ty): (Vec<_>, Vec<_>) =
            xs.iter().zip(ys).enumerate().filter(|(i, _)| i % 5 != fold).map(|(_, (x, y))| (x.clone(), *y)).unzip();
        let f = ridge::fit(&tx, &ty, lambda)?;
        for (i, (x, y)) in xs.iter().zip(ys).enumerate() {
            if i % 5 == fold {
                sse += (f.predict(x) - y).powi(2);
            }
        }
    }
    Ok(sse / ys.len() as f64)
}

/// Fit the model to a data set.
pub fn fit(data: &Dataset, gauntlet: u32, bot: &str, options: &TrainOptions) -> Result<Model, RateError> {
    let n = cards::pool_len();
    if data.rows.len() < 10 {
        return Err(RateError::Model(format!("{} training decks; at least 10 are needed", data.rows.len())));
    }
    let ys: Vec<f64> = data.rows.iter().map(|r| r.rating).collect();
    // Step 2: residuals of the card-only fit, then pair scores.
    let base_x: Vec<Vec<f64>> = data.rows.iter().map(|r| counts(&r.cards, n)).collect();
    let base = ridge::fit(&base_x, &ys, 3.0)?;
    let resid: Vec<f64> = base_x.iter().zip(&ys).map(|(x, y)| y - base.predict(x)).collect();
    let mut sum = vec![0.0; n * n];
    let mut support = vec![0usize; n * n];
    for (r, e) in data.rows.iter().zip(&resid) {
        let mut u = r.cards.clone();
        u.dedup();
        for (i, &a) in u.iter().enumerate() {
            for &b in &u[i + 1..] {
                let k = usize::from(a) * n + usize::from(b);
                sum[k] += e;
                support[k] += 1;
            }
        }
    }
    let mut scored: Vec<(f64, u8, u8)> = (0..n * n)
        .filter(|&k| support[k] >= options.min_support)
        .map(|k| (sum[k].abs() / (support[k] as f64).sqrt(), (k / n) as u8, (k % n) as u8))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    let pairs: Vec<(u8, u8)> = scored.iter().take(options.pairs).map(|&(_, a, b)| (a, b)).collect();
    // Step 3.
    let xs: Vec<Vec<f64>> = data.rows.iter().map(|r| features(&r.cards, n, &pairs)).collect();
    let mut best = None;
    for &l in &options.lambdas {
        let e = cv_error(&xs, &ys, l)?;
        if best.is_none_or(|(be, _)| e < be) {
            best = Some((e, l));
        }
    }
    let (cv_mse, lambda) = best.ok_or_else(|| RateError::Model("no ridge penalty to choose from".into()))?;
    let f = ridge::fit(&xs, &ys, lambda)?;
    let notes = vec![
        ("training_decks".to_string(), data.rows.len().to_string()),
        ("training_data".to_string(), data.header.clone()),
        ("lambda".to_string(), lambda.to_string()),
        ("cv_rmse".to_string(), format!("{:.5}", cv_mse.sqrt())),
    ];
    let card = f.weights[..n].to_vec();
    let pair_weights = pairs.iter().zip(&f.weights[n..]).map(|(&(a, b), &w)| (a, b, w)).collect();
    Ok(Model::new(MODEL_VERSION, gauntlet, bot.to_string(), notes, f.intercept, card, pair_weights))
}

/// How well a model predicts a data set's simulated ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    pub decks: usize,
    /// Pearson correlation of predicted and simulated ratings.
    pub correlation: f64,
    /// Mean absolute error, in rating units (0..1).
    pub mean_error: f64,
    /// The spread (standard deviation) of the simulated ratings, for scale.
    pub spread: f64,
}

pub fn accuracy(model: &Model, data: &Dataset) -> Accuracy {
    let sim: Vec<f64> = data.rows.iter().map(|r| r.rating).collect();
    let pred: Vec<f64> = data.rows.iter().map(|r| model.predict(&r.cards)).collect();
    let n = sim.len().max(1) as f64;
    let mean = sim.iter().sum::<f64>() / n;
    Accuracy {
        decks: sim.len(),
        correlation: correlation(&pred, &sim),
        mean_error: sim.iter().zip(&pred).map(|(s, p)| (s - p).abs()).sum::<f64>() / n,
        spread: (sim.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n).sqrt(),
    }
}

/// A whole training run: what `cardtable deck rate-train` does.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainPlan {
    /// Training decks and games per training deck.
    pub decks: usize,
    pub games: usize,
    /// Held-out decks (drawn after the training decks, disjoint from them) and their games.
    pub heldout: usize,
    pub heldout_games: usize,
    pub seed: u64,
    /// The cheap bot that plays the training games (docs/ardent-ratings.md §3: random).
    pub bot: ai::BotSpec,
    pub gauntlet: u32,
    pub options: TrainOptions,
}

/// What a training run produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    pub model: Model,
    pub training: Dataset,
    pub heldout: Dataset,
    pub accuracy: Accuracy,
}

/// Simulate the training and held-out decks, fit, and measure on the held-out decks.
/// `progress` is called with (decks done, decks) over both sets.
pub fn run(plan: &TrainPlan, progress: Option<Progress<'_>>) -> Result<Trained, RateError> {
    let gauntlet = Gauntlet::get(plan.gauntlet)?;
    let serials = training_serials(plan.decks + plan.heldout, plan.seed, &gauntlet)?;
    let (train_serials, held_serials) = serials.split_at(plan.decks);
    let total = serials.len();
    let offset =
        |base: usize| move |d: usize, _: usize| progress.inspect(|p| p(base + d, total)).map(|_| ()).unwrap_or(());
    let first = offset(0);
    let config = RateConfig { games: plan.games, seed: plan.seed, bot: plan.bot.clone(), gauntlet: plan.gauntlet };
    let training = simulate_dataset(train_serials, &config, Some(&first))?;
    let second = offset(plan.decks);
    let held_config = RateConfig { games: plan.heldout_games, seed: plan.seed ^ 0x4845_4C44, ..config };
    let heldout = simulate_dataset(held_serials, &held_config, Some(&second))?;
    let model = fit(&training, plan.gauntlet, &plan.bot.to_string(), &plan.options)?;
    let accuracy = accuracy(&model, &heldout);
    Ok(Trained { model, training, heldout, accuracy })
}

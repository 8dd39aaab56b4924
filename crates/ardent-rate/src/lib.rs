//! Ardent Reapers deck ratings (docs/ardent-ratings.md, issue #15).
//!
//! - [`gauntlet`]: the fixed, versioned reference gauntlet.
//! - [`simulate`]: the simulated rating — win rate against the gauntlet with a 95% interval.
//! - [`model`]: the learned rating — ridge regression over card counts and selected card pairs,
//!   shipped as `data/model_v1.txt`; predicts the simulated rating in well under a microsecond.
//! - [`train`]: building data sets of simulated ratings and fitting the model (deterministic).
//! - [`band`]: generated decks whose predicted rating lies in a band.
//! - [`cards`]: the one adapter to Ardent's card data.

pub mod band;
pub mod cards;
pub mod dataset;
pub mod fair;
pub mod gauntlet;
pub mod model;
pub mod report;
pub mod ridge;
pub mod simulate;
pub mod train;

pub use gauntlet::Gauntlet;
pub use model::{Model, Prediction};
pub use simulate::{rating_of, simulated_rating, tally, RateConfig, SimRating, Tally};

use thiserror::Error;

/// Why a rating could not be made. Nothing is changed when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RateError {
    #[error("unknown gauntlet version {0} (known: 1)")]
    UnknownGauntlet(u32),
    #[error("deck: {0}")]
    Deck(String),
    #[error("simulation: {0}")]
    Sim(String),
    #[error("{0}")]
    Config(String),
    #[error("rating model: {0}")]
    Model(String),
    #[error("rating data: {0}")]
    Data(String),
}

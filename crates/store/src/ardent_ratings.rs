//! Ratings of Ardent Reapers library decks (docs/ardent-ratings.md §5): at most one of each kind
//! per deck — `simulated` (win rate against a gauntlet, with its interval, games, bot and seed)
//! and `predicted` (the learned model's estimate, with the model version). A rating names the
//! gauntlet version it is measured against. Deleting a deck deletes its ratings.

use crate::{now_ms, Result, Store, StoreError};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A stored rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArdentRating {
    pub deck_id: String,
    /// `simulated` or `predicted`.
    pub kind: String,
    pub rating: f64,
    pub low: Option<f64>,
    pub high: Option<f64>,
    pub games: Option<i64>,
    pub bot: Option<String>,
    /// The simulation seed (a u64, kept as text).
    pub seed: Option<String>,
    pub gauntlet: i64,
    /// The learned model's version (predicted ratings).
    pub model: Option<i64>,
    /// Set by the store.
    #[serde(default)]
    pub rated_at: i64,
}

/// The kinds of rating a deck may have.
pub const RATING_KINDS: [&str; 2] = ["simulated", "predicted"];

const COLUMNS: &str = "deck_id, kind, rating, low, high, games, bot, seed, gauntlet, model, rated_at";

fn rating_of(r: &AnyRow) -> Result<ArdentRating> {
    Ok(ArdentRating {
        deck_id: r.try_get("deck_id")?,
        kind: r.try_get("kind")?,
        rating: r.try_get("rating")?,
        low: r.try_get("low")?,
        high: r.try_get("high")?,
        games: r.try_get("games")?,
        bot: r.try_get("bot")?,
        seed: r.try_get("seed")?,
        gauntlet: r.try_get("gauntlet")?,
        model: r.try_get("model")?,
        rated_at: r.try_get("rated_at")?,
    })
}

impl Store {
    /// Store ratings (each replacing the deck's rating of its kind), in one transaction: all or
    /// none. An unknown kind, a rating that is not a finite number, or an unknown deck is an
    /// error and nothing is written.
    pub async fn set_ardent_ratings(&self, ratings: &[ArdentRating]) -> Result<()> {
        for r in ratings {
            if !RATING_KINDS.contains(&r.kind.as_str()) {
                return Err(StoreError::Invalid(format!("rating kind '{}': use simulated or predicted", r.kind)));
            }
            if !r.rating.is_finite() || r.low.is_some_and(|x| !x.is_finite()) || r.high.is_some_and(|x| !x.is_finite())
            {
                return Err(StoreError::Invalid(format!("deck {}: a rating must be a finite number", r.deck_id)));
            }
        }
        let mut tx = self.writer().begin().await?;
        let now = now_ms();
        for r in ratings {
            let exists = sqlx::query("SELECT COUNT(*) FROM ardent_decks WHERE id = $1")
                .bind(&r.deck_id)
                .fetch_one(&mut *tx)
                .await?
                .try_get::<i64, _>(0)?;
            if exists == 0 {
                return Err(StoreError::NotFound(format!("no Ardent Reapers deck with id '{}'", r.deck_id)));
            }
            sqlx::query("DELETE FROM ardent_deck_ratings WHERE deck_id = $1 AND kind = $2")
                .bind(&r.deck_id)
                .bind(&r.kind)
                .execute(&mut *tx)
                .await?;
            sqlx::query(&format!(
                "INSERT INTO ardent_deck_ratings ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
            ))
            .bind(&r.deck_id)
            .bind(&r.kind)
            .bind(r.rating)
            .bind(r.low)
            .bind(r.high)
            .bind(r.games)
            .bind(r.bot.as_deref())
            .bind(r.seed.as_deref())
            .bind(r.gauntlet)
            .bind(r.model)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A deck's ratings, simulated first.
    pub async fn ardent_ratings(&self, deck_id: &str) -> Result<Vec<ArdentRating>> {
        let rows =
            sqlx::query(&format!("SELECT {COLUMNS} FROM ardent_deck_ratings WHERE deck_id = $1 ORDER BY kind DESC"))
                .bind(deck_id)
                .fetch_all(self.pool())
                .await?;
        rows.iter().map(rating_of).collect()
    }

    /// Every rating of one kind, by deck id (for sorting and filtering a library listing).
    pub async fn all_ardent_ratings(&self, kind: &str) -> Result<Vec<ArdentRating>> {
        let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM ardent_deck_ratings WHERE kind = $1 ORDER BY deck_id"))
            .bind(kind)
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(rating_of).collect()
    }
}

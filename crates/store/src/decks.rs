//! Decks of any game, kept as the game's own JSON.

use crate::{new_id, now_ms, Deck, Result, Store, StoreError};
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::Row;

fn deck_of(r: &AnyRow) -> Result<Deck> {
    let data: String = r.try_get("data")?;
    let id: String = r.try_get("id")?;
    Ok(Deck {
        data: serde_json::from_str(&data).map_err(|e| StoreError::Corrupt(format!("deck {id}: {e}")))?,
        id,
        game: r.try_get("game")?,
        name: r.try_get("name")?,
        owner_id: r.try_get("owner_id")?,
        owner: r.try_get("owner")?,
        public: r.try_get::<i64, _>("shared")? != 0,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

const COLUMNS: &str = "id, game, name, owner_id, data, created_at, updated_at, owner, shared";

impl Store {
    /// A new deck. `owner` is the account or guest id that may edit or delete it; `account_id`
    /// is set when that owner is an account.
    pub async fn create_deck(
        &self,
        game: &str,
        name: &str,
        owner: Option<(&str, bool)>,
        public: bool,
        data: &Value,
    ) -> Result<Deck> {
        let now = now_ms();
        let deck = Deck {
            id: new_id(),
            game: game.to_string(),
            name: name.to_string(),
            owner_id: owner.filter(|(_, account)| *account).map(|(id, _)| id.to_string()),
            owner: owner.map(|(id, _)| id.to_string()),
            public,
            data: data.clone(),
            created_at: now,
            updated_at: now,
        };
        sqlx::query(
            "INSERT INTO decks (id, game, name, owner_id, data, created_at, updated_at, owner, shared) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&deck.id)
        .bind(&deck.game)
        .bind(&deck.name)
        .bind(deck.owner_id.as_deref())
        .bind(data.to_string())
        .bind(now)
        .bind(now)
        .bind(deck.owner.as_deref())
        .bind(i64::from(public))
        .execute(self.writer())
        .await?;
        Ok(deck)
    }

    pub async fn deck(&self, id: &str) -> Result<Option<Deck>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM decks WHERE id = $1"))
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(deck_of).transpose()
    }

    /// Decks of one game (or all), oldest first.
    pub async fn list_decks(&self, game: Option<&str>) -> Result<Vec<Deck>> {
        let rows = match game {
            Some(g) => {
                sqlx::query(&format!("SELECT {COLUMNS} FROM decks WHERE game = $1 ORDER BY created_at, id"))
                    .bind(g)
                    .fetch_all(self.pool())
                    .await?
            }
            None => {
                sqlx::query(&format!("SELECT {COLUMNS} FROM decks ORDER BY created_at, id"))
                    .fetch_all(self.pool())
                    .await?
            }
        };
        rows.iter().map(deck_of).collect()
    }

    /// Decks of one game that `viewer` (an account or guest id) may see: its own and the
    /// shared ones; without a viewer, the shared ones. Oldest first.
    pub async fn visible_decks(&self, game: &str, viewer: Option<&str>) -> Result<Vec<Deck>> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM decks WHERE game = $1 AND (shared <> 0 OR owner = $2) ORDER BY created_at, id"
        ))
        .bind(game)
        .bind(viewer.unwrap_or(""))
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(deck_of).collect()
    }

    /// Share a deck (or stop sharing it).
    pub async fn set_deck_public(&self, id: &str, public: bool) -> Result<()> {
        let done = sqlx::query("UPDATE decks SET shared = $1, updated_at = $2 WHERE id = $3")
            .bind(i64::from(public))
            .bind(now_ms())
            .bind(id)
            .execute(self.writer())
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("deck {id}")));
        }
        Ok(())
    }

    pub async fn update_deck(&self, id: &str, name: &str, data: &Value) -> Result<()> {
        let done = sqlx::query("UPDATE decks SET name = $1, data = $2, updated_at = $3 WHERE id = $4")
            .bind(name)
            .bind(data.to_string())
            .bind(now_ms())
            .bind(id)
            .execute(self.writer())
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("deck {id}")));
        }
        Ok(())
    }

    pub async fn delete_deck(&self, id: &str) -> Result<()> {
        let done = sqlx::query("DELETE FROM decks WHERE id = $1").bind(id).execute(self.writer()).await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("deck {id}")));
        }
        Ok(())
    }
}

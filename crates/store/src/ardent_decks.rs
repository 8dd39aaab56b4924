//! The Ardent Reapers deck library (issue: unique deck generator and deck library). The store
//! knows no game: callers pass the canonical card list and the rarities it holds. Uniqueness is
//! enforced twice: by (recipe version, serial) and by the canonical card list itself.

use crate::{new_id, now_ms, Result, Store, StoreError};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::Row;

/// One deck of the library.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArdentDeck {
    pub id: String,
    /// The generator serial; `None` for an imported deck.
    pub serial: Option<i64>,
    pub recipe_version: Option<i64>,
    pub name: String,
    pub name_zh: String,
    /// Card codes (`OmegaCodex-044`), sorted: the canonical list.
    pub cards: Vec<String>,
    /// The rarities among the cards, sorted and distinct (`Common`, `Rare`, …).
    pub rarities: Vec<String>,
    pub created_at: i64,
    /// Who may edit or delete it (an account or guest id); `None` for decks added by the
    /// operator (`cardtable deck generate`), which only the operator removes.
    #[serde(default)]
    pub owner: Option<String>,
    /// Shared: everyone may see and play it.
    #[serde(default)]
    pub public: bool,
}

/// A deck to add; the id and creation time are given by the store.
#[derive(Clone, Debug)]
pub struct NewArdentDeck {
    pub serial: Option<i64>,
    pub recipe_version: Option<i64>,
    pub name: String,
    pub name_zh: String,
    pub cards: Vec<String>,
    pub rarities: Vec<String>,
    pub owner: Option<String>,
    pub public: bool,
}

/// What `list_ardent_decks` keeps. Empty fields match everything.
#[derive(Clone, Debug, Default)]
pub struct ArdentDeckFilter {
    /// Part of the deck's name (English or Chinese), case-insensitive.
    pub name: Option<String>,
    /// A card code the deck must hold.
    pub card: Option<String>,
    /// A rarity the deck must hold.
    pub rarity: Option<String>,
    pub limit: Option<i64>,
    /// Whose private decks to list as well (an account or guest id); shared decks are always
    /// listed. `all` lists every deck (the operator's view).
    pub viewer: Option<String>,
    pub all: bool,
}

const COLUMNS: &str = "id, serial, recipe_version, name, name_zh, cards, rarities, created_at, owner, shared";

fn split(s: &str) -> Vec<String> {
    s.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect()
}

fn deck_of(r: &AnyRow) -> Result<ArdentDeck> {
    let cards: String = r.try_get("cards")?;
    let rarities: String = r.try_get("rarities")?;
    Ok(ArdentDeck {
        id: r.try_get("id")?,
        serial: r.try_get("serial")?,
        recipe_version: r.try_get("recipe_version")?,
        name: r.try_get("name")?,
        name_zh: r.try_get("name_zh")?,
        cards: split(&cards),
        rarities: split(&rarities),
        created_at: r.try_get("created_at")?,
        owner: r.try_get("owner")?,
        public: r.try_get::<i64, _>("shared")? != 0,
    })
}

impl Store {
    /// Add decks in one transaction: all or none. A deck whose serial or card list is already in
    /// the library is a conflict that names it, and nothing is written.
    pub async fn add_ardent_decks(&self, decks: &[NewArdentDeck]) -> Result<Vec<ArdentDeck>> {
        let mut tx = self.writer().begin().await?;
        let mut out = Vec::with_capacity(decks.len());
        for d in decks {
            let mut cards = d.cards.clone();
            cards.sort();
            let deck = ArdentDeck {
                id: new_id(),
                serial: d.serial,
                recipe_version: d.recipe_version,
                name: d.name.clone(),
                name_zh: d.name_zh.clone(),
                cards,
                rarities: d.rarities.clone(),
                created_at: now_ms(),
                owner: d.owner.clone(),
                public: d.public,
            };
            let result = sqlx::query(
                "INSERT INTO ardent_decks (id, serial, recipe_version, name, name_zh, cards, rarities, created_at, owner, shared) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(&deck.id)
            .bind(deck.serial)
            .bind(deck.recipe_version)
            .bind(&deck.name)
            .bind(&deck.name_zh)
            .bind(format!(",{},", deck.cards.join(",")))
            .bind(format!(",{},", deck.rarities.join(",")))
            .bind(deck.created_at)
            .bind(deck.owner.as_deref())
            .bind(i64::from(deck.public))
            .execute(&mut *tx)
            .await;
            if let Err(e) = result {
                let unique = e.as_database_error().is_some_and(|d| d.is_unique_violation());
                return Err(if unique {
                    StoreError::Conflict(format!(
                        "deck '{}' is already in the library (same serial or same cards)",
                        deck.name
                    ))
                } else {
                    e.into()
                });
            }
            out.push(deck);
        }
        tx.commit().await?;
        Ok(out)
    }

    /// Whether a serial of a recipe is already in the library.
    pub async fn ardent_serial_exists(&self, recipe_version: i64, serial: i64) -> Result<bool> {
        let row = sqlx::query("SELECT COUNT(*) FROM ardent_decks WHERE recipe_version = $1 AND serial = $2")
            .bind(recipe_version)
            .bind(serial)
            .fetch_one(self.pool())
            .await?;
        Ok(row.try_get::<i64, _>(0)? > 0)
    }

    /// The highest serial of a recipe in the library.
    pub async fn ardent_max_serial(&self, recipe_version: i64) -> Result<Option<i64>> {
        let row = sqlx::query("SELECT MAX(serial) FROM ardent_decks WHERE recipe_version = $1")
            .bind(recipe_version)
            .fetch_one(self.pool())
            .await?;
        Ok(row.try_get::<Option<i64>, _>(0)?)
    }

    /// Decks matching the filter, oldest first.
    pub async fn list_ardent_decks(&self, filter: &ArdentDeckFilter) -> Result<Vec<ArdentDeck>> {
        let name = filter.name.as_deref().map(|n| format!("%{}%", n.to_lowercase())).unwrap_or_else(|| "%".into());
        let card = filter.card.as_deref().map(|c| format!("%,{c},%")).unwrap_or_else(|| "%".into());
        let rarity = filter.rarity.as_deref().map(|r| format!("%,{r},%")).unwrap_or_else(|| "%".into());
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM ardent_decks \
             WHERE (LOWER(name) LIKE $1 OR LOWER(name_zh) LIKE $1) AND cards LIKE $2 AND rarities LIKE $3 \
             AND ($5 <> 0 OR shared <> 0 OR owner = $6) \
             ORDER BY created_at, serial, id LIMIT $4"
        ))
        .bind(name)
        .bind(card)
        .bind(rarity)
        .bind(filter.limit.unwrap_or(i64::MAX))
        .bind(i64::from(filter.all))
        .bind(filter.viewer.as_deref().unwrap_or(""))
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(deck_of).collect()
    }

    /// A deck by id, or by its exact name (English or Chinese) when that names exactly one deck.
    pub async fn find_ardent_deck(&self, id_or_name: &str) -> Result<ArdentDeck> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM ardent_decks WHERE id = $1 OR name = $1 OR name_zh = $1 ORDER BY id LIMIT 2"
        ))
        .bind(id_or_name)
        .fetch_all(self.pool())
        .await?;
        match rows.len() {
            0 => Err(StoreError::NotFound(format!("no Ardent Reapers deck with id or name '{id_or_name}'"))),
            1 => deck_of(&rows[0]),
            _ => Err(StoreError::Conflict(format!("'{id_or_name}' names several decks: use the id"))),
        }
    }

    /// Share a library deck (or stop sharing it).
    pub async fn set_ardent_deck_public(&self, id: &str, public: bool) -> Result<()> {
        let done = sqlx::query("UPDATE ardent_decks SET shared = $1 WHERE id = $2")
            .bind(i64::from(public))
            .bind(id)
            .execute(self.writer())
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("no Ardent Reapers deck with id '{id}'")));
        }
        Ok(())
    }

    pub async fn delete_ardent_deck(&self, id: &str) -> Result<()> {
        let done = sqlx::query("DELETE FROM ardent_decks WHERE id = $1").bind(id).execute(self.writer()).await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("no Ardent Reapers deck with id '{id}'")));
        }
        Ok(())
    }
}

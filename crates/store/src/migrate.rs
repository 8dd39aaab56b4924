//! Embedded migrations (`migrations/NNNN_name.sql`). The SQL is written once for both backends
//! (BIGINT, TEXT, `$N`); a migration that must differ names a separate file per backend.
//! Each runs once, in a transaction, and is recorded in `store_migrations`.

use crate::{now_ms, Backend, Result, Store, StoreError};
use sqlx::Row;

struct Migration {
    version: i64,
    name: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "init",
        sqlite: include_str!("../migrations/0001_init.sql"),
        postgres: include_str!("../migrations/0001_init.sql"),
    },
    Migration {
        version: 2,
        name: "ardent_decks",
        sqlite: include_str!("../migrations/0002_ardent_decks.sql"),
        postgres: include_str!("../migrations/0002_ardent_decks.sql"),
    },
    // Identity by id (case-insensitive unique names, guest ids, creators and owners by id),
    // shared decks, dev-settings tables; secrets hashed (see [`hash_stored_tokens`]).
    Migration {
        version: 3,
        name: "identity",
        sqlite: include_str!("../migrations/0003_identity.sql"),
        postgres: include_str!("../migrations/0003_identity.sql"),
    },
    // Ratings of Ardent decks (simulated and predicted, with their gauntlet/model versions).
    // Version 4 is left to another branch; migrations apply by version, gaps allowed.
    Migration {
        version: 4,
        name: "ardent_ratings",
        sqlite: include_str!("../migrations/0004_ardent_ratings.sql"),
        postgres: include_str!("../migrations/0004_ardent_ratings.sql"),
    },
    // Server nodes: table leases, and the client's id of each stored action. Version 8 leaves
    // 5 to 7 to other branches.
    Migration {
        version: 8,
        name: "nodes",
        sqlite: include_str!("../migrations/0008_nodes.sql"),
        postgres: include_str!("../migrations/0008_nodes.sql"),
    },
];

/// The newest schema version this build knows.
pub fn latest_version() -> i64 {
    MIGRATIONS.last().map(|m| m.version).unwrap_or(0)
}

/// A PostgreSQL advisory lock key of cardtable's migrations.
const MIGRATION_LOCK: i64 = 7_240_008;

pub(crate) async fn run(store: &Store) -> Result<()> {
    if store.backend() != Backend::Postgres {
        return apply_all(store).await;
    }
    // Server nodes starting together on one fresh database: one migrates, the others wait for
    // it (then find nothing left to do).
    let mut lock = store.writer().acquire().await?;
    sqlx::query("SELECT pg_advisory_lock($1)").bind(MIGRATION_LOCK).execute(&mut *lock).await?;
    let done = apply_all(store).await;
    let _ = sqlx::query("SELECT pg_advisory_unlock($1)").bind(MIGRATION_LOCK).execute(&mut *lock).await;
    done
}

async fn apply_all(store: &Store) -> Result<()> {
    let pool = store.writer();
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS store_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    )
    .execute(pool)
    .await?;
    let applied: Vec<i64> = sqlx::query("SELECT version FROM store_migrations ORDER BY version")
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| r.try_get::<i64, _>(0))
        .collect::<std::result::Result<_, _>>()?;
    if let Some(&newest) = applied.last() {
        if newest > latest_version() {
            return Err(StoreError::Config(format!(
                "the database has schema version {newest}, newer than this build's {}",
                latest_version()
            )));
        }
    }
    for m in MIGRATIONS.iter().filter(|m| !applied.contains(&m.version)) {
        let sql = match store.backend() {
            Backend::Sqlite => m.sqlite,
            Backend::Postgres => m.postgres,
        };
        let mut tx = pool.begin().await?;
        for stmt in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            sqlx::query(stmt)
                .execute(&mut *tx)
                .await
                .map_err(|e| StoreError::Migration { version: m.version, message: e.to_string() })?;
        }
        if m.version == 3 {
            hash_stored_tokens(&mut tx)
                .await
                .map_err(|e| StoreError::Migration { version: 3, message: e.to_string() })?;
        }
        sqlx::query("INSERT INTO store_migrations (version, name, applied_at) VALUES ($1, $2, $3)")
            .bind(m.version)
            .bind(m.name)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    Ok(())
}

/// Migration 3 stores secrets hashed: replace every plain session and seat token by its hash
/// (the SQL cannot hash, so this step is done here, in the migration's transaction).
async fn hash_stored_tokens(tx: &mut sqlx::Transaction<'_, sqlx::Any>) -> std::result::Result<(), sqlx::Error> {
    let sessions: Vec<String> = sqlx::query("SELECT token FROM sessions")
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|r| r.try_get::<String, _>(0))
        .collect::<std::result::Result<_, _>>()?;
    for t in sessions {
        sqlx::query("UPDATE sessions SET token = $1 WHERE token = $2")
            .bind(crate::hash_token(&t))
            .bind(&t)
            .execute(&mut **tx)
            .await?;
    }
    let seats = sqlx::query("SELECT table_id, seat_index, token FROM seats WHERE token IS NOT NULL")
        .fetch_all(&mut **tx)
        .await?;
    for r in seats {
        let (table, index, token): (String, i64, String) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        sqlx::query("UPDATE seats SET token = $1 WHERE table_id = $2 AND seat_index = $3")
            .bind(crate::hash_token(&token))
            .bind(table)
            .bind(index)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

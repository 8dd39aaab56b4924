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
];

/// The newest schema version this build knows.
pub fn latest_version() -> i64 {
    MIGRATIONS.last().map(|m| m.version).unwrap_or(0)
}

pub(crate) async fn run(store: &Store) -> Result<()> {
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

//! Persistence for cardtable (design.md §6): accounts, sessions, decks, tables, seats and action
//! logs. SQLite by default (one file, no setup), PostgreSQL when given a `postgres://` URL. Both
//! speak the same SQL through `sqlx::Any`; migrations are embedded (see [`migrate`]).
//!
//! Integers are `BIGINT` everywhere and timestamps are Unix milliseconds, so one set of queries
//! runs on both databases. Every write of an action happens in a transaction.

pub mod accounts;
pub mod appender;
pub mod ardent_decks;
pub mod ardent_ratings;
pub mod decks;
pub mod error;
pub mod leases;
pub mod migrate;
pub mod records;
pub mod tables;
pub mod testdb;

pub use ardent_decks::{ArdentDeck, ArdentDeckFilter, NewArdentDeck};
pub use ardent_ratings::{ArdentRating, RATING_KINDS};
pub use error::StoreError;
pub use records::*;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The default database: a SQLite file in the working folder, created on first run.
pub const DEFAULT_URL: &str = "sqlite://cardtable.sqlite?mode=rwc";

pub type Result<T> = std::result::Result<T, StoreError>;

/// Which database a store speaks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Result<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(StoreError::Config(format!("unsupported database URL '{url}': use sqlite://FILE or postgres://…")))
        }
    }
}

/// A handle on the database; cheap to clone.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// Where writes go. SQLite allows one writer at a time: giving it a single connection
    /// queues writers fairly in this process instead of having them sleep in SQLite's busy
    /// handler. PostgreSQL writes through the main pool.
    writer: AnyPool,
    appender: appender::Appender,
    backend: Backend,
}

impl Store {
    /// Connect and bring the schema up to date.
    pub async fn open(url: &str) -> Result<Store> {
        Store::open_with(url, 8).await
    }

    pub async fn open_with(url: &str, max_connections: u32) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url)?;
        let options = AnyConnectOptions::from_str(url).map_err(|e| StoreError::Config(format!("bad URL: {e}")))?;
        if backend == Backend::Sqlite {
            // WAL lets readers run beside the one writer; set once per file (it persists).
            let one = AnyPoolOptions::new().max_connections(1).connect_with(options.clone()).await?;
            sqlx::query("PRAGMA journal_mode=WAL").execute(&one).await?;
            one.close().await;
        }
        let pool = Store::pool_options(backend, max_connections, false).connect_with(options.clone()).await?;
        let writer = match backend {
            Backend::Sqlite => {
                let writer = Store::pool_options(backend, 1, true).connect_with(options).await?;
                spawn_checkpointer(pool.clone());
                writer
            }
            Backend::Postgres => pool.clone(),
        };
        let appender = appender::Appender::start(writer.clone());
        let store = Store { pool, writer, appender, backend };
        migrate::run(&store).await?;
        Ok(store)
    }

    /// `writer`: the SQLite writer connection does not checkpoint the WAL itself (a checkpoint
    /// there would stall every queued writer); [`spawn_checkpointer`] does it beside it.
    fn pool_options(backend: Backend, max_connections: u32, writer: bool) -> AnyPoolOptions {
        AnyPoolOptions::new().max_connections(max_connections).acquire_timeout(Duration::from_secs(30)).after_connect(
            move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Committed transactions survive a crash of the process (the WAL is
                        // written before COMMIT returns); see docs/protocol.md on durability.
                        conn.execute("PRAGMA synchronous=NORMAL").await?;
                        conn.execute("PRAGMA foreign_keys=ON").await?;
                        conn.execute("PRAGMA busy_timeout=10000").await?;
                        if writer {
                            conn.execute("PRAGMA wal_autocheckpoint=0").await?;
                        }
                    }
                    Ok(())
                })
            },
        )
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The pool for reads.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The pool for writes (see the field).
    pub fn writer(&self) -> &AnyPool {
        &self.writer
    }

    pub(crate) fn appender(&self) -> &appender::Appender {
        &self.appender
    }

    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }
}

/// Checkpoint the SQLite WAL every second from a reader connection (PASSIVE: it never blocks
/// the writer), until the pool is closed.
fn spawn_checkpointer(pool: AnyPool) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        every.tick().await;
        while !pool.is_closed() {
            every.tick().await;
            let _ = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await;
        }
    });
}

/// Now, in Unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// How a secret (session or seat token) is kept: the SHA-256 of the token, hex. Tokens are 256
/// random bits, so a plain hash (no salt, no stretching) is enough: a stolen database gives no
/// usable token.
pub fn hash_token(token: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The form of a name that must be unique: trimmed and lowercased (`Ivy` and `ivy` are one name).
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// A new random id.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

//! Throwaway databases for tests: a SQLite file in a temp folder, or a fresh PostgreSQL
//! database with a random name on the local server, dropped afterwards.
//!
//! PostgreSQL is expected at `postgres://postgres@127.0.0.1:5432/test` (or `CARDTABLE_PG_URL`).
//! If it cannot be reached the test FAILS, unless `CARDTABLE_SKIP_PG=1` is set, in which case
//! [`TestDb::postgres`] returns `None` and the caller skips.

use crate::{new_id, Store};
use sqlx::any::AnyPoolOptions;
use std::path::PathBuf;

pub const DEFAULT_PG_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// A database that lives as long as this value (or until [`TestDb::cleanup`]).
pub struct TestDb {
    pub url: String,
    kind: Kind,
}

enum Kind {
    Sqlite { dir: PathBuf },
    Postgres { admin_url: String, name: String, dropped: bool },
}

fn admin_url() -> String {
    std::env::var("CARDTABLE_PG_URL").unwrap_or_else(|_| DEFAULT_PG_ADMIN_URL.to_string())
}

pub fn skip_pg() -> bool {
    std::env::var("CARDTABLE_SKIP_PG").map(|v| v == "1").unwrap_or(false)
}

fn replace_db(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let cut = base.rfind('/').map(|i| &base[..i]).unwrap_or(base);
    format!("{cut}/{name}{query}")
}

impl TestDb {
    /// A fresh SQLite file in a new temp folder.
    pub fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join(format!("cardtable-test-{}", new_id()));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        let url = format!("sqlite://{}?mode=rwc", dir.join("test.sqlite").display());
        TestDb { url, kind: Kind::Sqlite { dir } }
    }

    /// A fresh PostgreSQL database, or `None` when `CARDTABLE_SKIP_PG=1`. Panics (fails the
    /// test) when the server cannot be reached.
    pub async fn postgres() -> Option<TestDb> {
        if skip_pg() {
            eprintln!("CARDTABLE_SKIP_PG=1: skipping the PostgreSQL run");
            return None;
        }
        sqlx::any::install_default_drivers();
        let admin = admin_url();
        let name = format!("cardtable_test_{}", new_id().replace('-', ""));
        let pool = AnyPoolOptions::new().max_connections(1).connect(&admin).await.unwrap_or_else(|e| {
            panic!("PostgreSQL at {admin} is unreachable ({e}); set CARDTABLE_SKIP_PG=1 to skip the PostgreSQL tests")
        });
        sqlx::query(&format!("CREATE DATABASE {name}")).execute(&pool).await.expect("create test database");
        pool.close().await;
        Some(TestDb { url: replace_db(&admin, &name), kind: Kind::Postgres { admin_url: admin, name, dropped: false } })
    }

    pub async fn open(&self) -> Store {
        Store::open(&self.url).await.unwrap_or_else(|e| panic!("open {}: {e}", self.url))
    }

    /// Remove the database now.
    pub async fn cleanup(mut self) {
        if let Kind::Postgres { admin_url, name, dropped } = &mut self.kind {
            drop_pg(admin_url, name).await;
            *dropped = true;
        }
    }
}

async fn drop_pg(admin_url: &str, name: &str) {
    if let Ok(pool) = AnyPoolOptions::new().max_connections(1).connect(admin_url).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&pool).await;
        pool.close().await;
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match &self.kind {
            Kind::Sqlite { dir } => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Kind::Postgres { admin_url, name, dropped: false } => {
                let (admin_url, name) = (admin_url.clone(), name.clone());
                // A thread of its own, so that this works inside or outside an async runtime.
                let _ = std::thread::spawn(move || {
                    if let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() {
                        rt.block_on(drop_pg(&admin_url, &name));
                    }
                })
                .join();
            }
            Kind::Postgres { .. } => {}
        }
    }
}

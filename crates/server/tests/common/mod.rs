//! Helpers for the server's integration tests: a server on a throwaway database, a small
//! REST client with a session cookie, and a WebSocket client that keeps every message.
#![allow(dead_code)]

pub mod circle;
pub mod client;

#[allow(unused_imports)]
pub use client::{Client, Sock, Ws};

use engine::testgame::Pebbles;
use engine::Registry;
pub use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::{Limits, RandomBots, Running, ServerConfig};
use std::net::SocketAddr;
use std::sync::Arc;
use store::testdb::TestDb;

pub fn registry() -> Registry {
    Registry::new().with::<Pebbles>()
}

pub async fn server_on(url: &str, limits: Limits) -> Running {
    server_with(url, limits, registry(), Arc::new(RandomBots)).await
}

pub async fn server_with(url: &str, limits: Limits, registry: Registry, bots: Arc<dyn server::BotHost>) -> Running {
    let config =
        ServerConfig { addr: "127.0.0.1:0".parse().unwrap(), database_url: url.into(), limits, ..Default::default() };
    server::start(config, registry, bots).await.expect("server starts")
}

/// Limits loose enough that tests are not rate-limited by accident.
pub fn test_limits() -> Limits {
    Limits { messages_per_second: 1000.0, burst: 1000.0, max_connections_per_ip: 1000, ..Limits::default() }
}

/// Run `scenario` against SQLite and PostgreSQL.
#[macro_export]
macro_rules! on_both_databases {
    ($name:ident, $scenario:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let db = store::testdb::TestDb::sqlite();
                super::$scenario(&db).await;
                db.cleanup().await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let Some(db) = store::testdb::TestDb::postgres().await else { return };
                super::$scenario(&db).await;
                db.cleanup().await;
            }
        }
    };
}

pub async fn start(db: &TestDb) -> Running {
    server_on(&db.url, test_limits()).await
}

/// A two-player Pebbles table with both seats taken and started: (id, [seat0, seat1] tokens).
pub async fn two_player_table(a: &Client, b: &Client, options: Value) -> (String, [String; 2]) {
    let id = a.create(json!({"game": "pebbles", "options": options})).await;
    let t0 = a.join(&id, 0).await;
    let t1 = b.join(&id, 1).await;
    a.start(&id).await;
    (id, [t0, t1])
}

/// A test-server process (hosting Pebbles); killed with SIGKILL when dropped, so that a
/// failing test leaves none behind.
pub struct Server(pub std::process::Child);

impl Server {
    pub fn pid(&self) -> u32 {
        self.0.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill(); // SIGKILL on Unix
        let _ = self.0.wait();
    }
}

pub fn spawn_server(url: &str, extra: &[&str]) -> (Server, SocketAddr) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_test-server"))
        .args(["--db", url, "--addr", "127.0.0.1:0"])
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("test-server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let server = Server(child);
    let addr =
        line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected: {line}")).parse().unwrap();
    (server, addr)
}

//! The load test: random-vs-random tables over real WebSockets against a server process.
//! `loadtest_smoke` runs in every test run; the full run (1,000 tables, 20 s) is
//! `cargo test --release -p server --test load -- --ignored --nocapture`
//! (CARDTABLE_LOAD_TABLES, CARDTABLE_LOAD_SECS and CARDTABLE_LOAD_THINK_MS override its size
//! and each player's think time, 500 ms by default; 0 floods the server).

mod common;

use common::*;
use serde_json::json;
use server::{loadtest_with, LoadOptions};
use std::time::Duration;
use store::testdb::TestDb;

async fn run(tables: usize, secs: u64, think_ms: u64) -> server::LoadReport {
    let db = TestDb::sqlite();
    let (srv, addr) = spawn_server(&db.url, &["--max-conn-per-ip", "100000", "--rate", "1000"]);
    let report = loadtest_with(LoadOptions {
        addr,
        tables,
        duration: Duration::from_secs(secs),
        game: "pebbles".into(),
        options: json!({"pile": 200}),
        server_pid: Some(srv.pid()),
        think: Duration::from_millis(think_ms),
        sources: Vec::new(),
        bot_seat: None,
    })
    .await
    .expect("the load test runs");
    println!("{}", serde_json::to_string_pretty(&report).unwrap());
    drop(srv);
    db.cleanup().await;
    report
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loadtest_smoke() {
    let r = run(8, 2, 0).await;
    assert_eq!(r.errors, 0, "{r:?}");
    assert!(r.actions > 50, "{r:?}");
    assert!(r.rtt_p50_ms > 0.0 && r.rtt_p99_ms >= r.rtt_p50_ms, "{r:?}");
    assert!(r.rss_per_idle_table_kib.is_some(), "{r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the full load run takes a minute: run it with --ignored"]
async fn loadtest_1000_tables() {
    let tables = std::env::var("CARDTABLE_LOAD_TABLES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let secs = std::env::var("CARDTABLE_LOAD_SECS").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let think = std::env::var("CARDTABLE_LOAD_THINK_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(500);
    let r = run(tables, secs, think).await;
    assert_eq!(r.errors, 0, "{r:?}");
}

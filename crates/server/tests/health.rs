//! `/healthz` (the process serves) and `/readyz` (the store answers), docs/deploy.md.

mod common;

use common::*;
use server::http::request;

async fn health(db: &store::testdb::TestDb) {
    let srv = start(db).await;
    let alive = request(srv.addr, "GET", "/healthz", None, None).await.unwrap();
    assert_eq!(alive.status, 200, "{alive:?}");
    assert_eq!(alive.json()["status"], "alive");
    let ready = request(srv.addr, "GET", "/readyz", None, None).await.unwrap();
    assert_eq!(ready.status, 200, "{ready:?}");
    assert_eq!(ready.json()["status"], "ready");
    // The store goes away: the process is still alive but no longer ready.
    srv.app.store.close().await;
    let alive = request(srv.addr, "GET", "/healthz", None, None).await.unwrap();
    assert_eq!(alive.status, 200, "{alive:?}");
    let ready = request(srv.addr, "GET", "/readyz", None, None).await.unwrap();
    assert_eq!(ready.status, 503, "{ready:?}");
    assert_eq!(ready.json()["status"], "unavailable");
    assert!(ready.json()["error"].as_str().is_some_and(|e| e.contains("store")), "{ready:?}");
    srv.task.abort();
}

on_both_databases!(health_and_readiness, health);

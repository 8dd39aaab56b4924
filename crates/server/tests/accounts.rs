//! Accounts with argon2 hashes and HttpOnly session cookies; static files of the web client.

mod common;

use common::*;
use serde_json::json;
use server::http::request;
use store::testdb::TestDb;

async fn accounts_and_sessions(db: &TestDb) {
    let srv = start(db).await;
    let addr = srv.addr;
    let r = request(addr, "POST", "/api/register", None, Some(&json!({"name": "ann", "password": "correct horse"})))
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let set = r.header("set-cookie").unwrap().to_string();
    assert!(set.contains("HttpOnly") && set.starts_with("ct_session="), "{set}");
    let ann = Client { addr, cookie: r.cookies().join("; ") };
    let me = ann.get("/api/me").await.json();
    assert_eq!((me["name"].clone(), me["guest"].clone()), (json!("ann"), json!(false)));

    let dup = request(addr, "POST", "/api/register", None, Some(&json!({"name": "ann", "password": "another one"})))
        .await
        .unwrap();
    assert_eq!(dup.status, 409, "{}", dup.body);
    let short =
        request(addr, "POST", "/api/register", None, Some(&json!({"name": "bo", "password": "short"}))).await.unwrap();
    assert_eq!(short.status, 400);
    let wrong = request(addr, "POST", "/api/login", None, Some(&json!({"name": "ann", "password": "wrong horse"})))
        .await
        .unwrap();
    assert_eq!(wrong.status, 401);
    let nobody = request(addr, "POST", "/api/login", None, Some(&json!({"name": "zed", "password": "whatever1"})))
        .await
        .unwrap();
    assert_eq!(nobody.status, 401);
    let ok = request(addr, "POST", "/api/login", None, Some(&json!({"name": "ann", "password": "correct horse"})))
        .await
        .unwrap();
    assert_eq!(ok.status, 200);
    let phone = Client { addr, cookie: ok.cookies().join("; ") };

    // An account gets its seat back from another device.
    let bob = Client::guest(addr, "bob").await;
    let id =
        bob.create(json!({"game": "pebbles", "seats": [{"kind": "invited", "name": "ann"}, {"kind": "open"}]})).await;
    let r = bob.post(&format!("/api/tables/{id}/join"), json!({"seat": 0})).await;
    assert_eq!(r.status, 409, "an invited seat is kept for its invitee: {}", r.body);
    let t = ann.join(&id, 0).await;
    let again = phone.post(&format!("/api/tables/{id}/join"), json!({})).await.json();
    assert_eq!(again["seat"].as_u64(), Some(0), "the account's seat, found by its id: {again}");
    assert!(again["token"].as_str().is_some_and(|n| n != t), "a fresh token (only hashes are kept)");
    // Leaving frees the seat before the start.
    let r = ann.post(&format!("/api/tables/{id}/leave"), json!({"token": t})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let shown = bob.get(&format!("/api/tables/{id}")).await.json();
    assert_eq!(shown["seats"][0]["kind"], "open");

    let out = ann.post("/api/logout", json!({})).await;
    assert_eq!(out.status, 200);
    assert_eq!(ann.get("/api/me").await.status, 401);
    assert_eq!(phone.get("/api/me").await.status, 200, "other sessions stay");
    srv.task.abort();
}
on_both_databases!(accounts_on, accounts_and_sessions);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_client_is_served_from_the_binary() {
    let db = TestDb::sqlite();
    let srv = start(&db).await;
    let r = request(srv.addr, "GET", "/", None, None).await.unwrap();
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    let on_disk = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/index.html")).unwrap();
    assert_eq!(r.body, on_disk);
    assert_eq!(request(srv.addr, "GET", "/no/such.js", None, None).await.unwrap().status, 404);
    srv.task.abort();
    db.cleanup().await;
}

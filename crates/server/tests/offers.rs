//! Concession, draw offers, one-step undo and the turn clock.

mod common;

use common::*;
use serde_json::json;
use store::testdb::TestDb;

async fn concede_draw_and_undo(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;

    // Undo: the seat that just moved asks, the other accepts, the table goes back one move.
    let (id, [t0, t1]) = two_player_table(&a, &b, json!({"pile": 15})).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    s0.send(json!({"type": "act", "action": "take3", "seq": 0})).await;
    s0.at_seq(1).await;
    s1.at_seq(1).await;
    s1.send(json!({"type": "request_undo"})).await;
    let e = s1.error().await;
    assert!(e["message"].as_str().unwrap().contains("only the seat that played the last action"), "{e}");
    s0.send(json!({"type": "request_undo"})).await;
    s1.until(|m| m["type"] == "offer" && m["offer"] == "undo").await;
    s1.send(json!({"type": "accept_undo"})).await;
    let back = s0.until(|m| m["type"] == "state" && m["seq"] == 0).await;
    assert_eq!(back["view"]["pile"], 15);
    assert_eq!(back["log"].as_array().unwrap().len(), 0);
    assert_eq!(Sock::legal(&back).len(), 4, "seat 0 is to act again");
    // The store agrees: a reconnect sees move 0, and play goes on from there.
    let s0b = Sock::connect(srv.addr, &id, Some(&t0)).await;
    assert_eq!(s0b.latest().unwrap()["seq"], 0);
    s0.send(json!({"type": "act", "action": "take1", "seq": 0})).await;
    assert_eq!(s0.at_seq(1).await["view"]["pile"], 14);
    // A declined undo changes nothing.
    s0.send(json!({"type": "request_undo"})).await;
    s1.until(|m| m["type"] == "offer").await;
    s1.send(json!({"type": "decline_undo"})).await;
    s0.until(|m| m["type"] == "declined").await;
    s1.send(json!({"type": "accept_undo"})).await;
    assert_eq!(s1.error().await["kind"], "state");

    // Draw by agreement.
    s1.send(json!({"type": "offer_draw"})).await;
    s0.until(|m| m["type"] == "offer" && m["offer"] == "draw").await;
    s0.send(json!({"type": "accept_draw"})).await;
    let end = s0.until(|m| m["table_status"] == "finished").await;
    assert_eq!(end["result"]["reason"], "draw agreed");
    assert_eq!(end["result"]["winners"], json!([]));
    assert!(Sock::legal(&end).is_empty());
    s0.send(json!({"type": "act", "action": "take1"})).await;
    assert_eq!(s0.error().await["kind"], "game_over");
    let r = a.get(&format!("/api/tables/{id}/replay")).await.json();
    assert_eq!(r["server_result"]["reason"], "draw agreed");
    assert_eq!(r["actions"], json!(["take1"]));
    engine::Replay::from_json(&r.to_string()).expect("still a replay file");

    // Concession (Pebbles has no concede action, so the server records it).
    let (id, [t0, _]) = two_player_table(&a, &b, json!({})).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    s0.send(json!({"type": "concede"})).await;
    let end = s0.until(|m| m["table_status"] == "finished").await;
    assert_eq!(end["result"]["winners"], json!([1]));
    assert_eq!(end["result"]["reason"], "P1 conceded");
    srv.task.abort();
}
on_both_databases!(concede_draw_and_undo_on, concede_draw_and_undo);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_ends_the_game_on_time() {
    let db = TestDb::sqlite();
    let srv = start(&db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let id = a.create(json!({"game": "pebbles", "clock_secs": 5})).await;
    let t0 = a.join(&id, 0).await;
    b.join(&id, 1).await;
    a.start(&id).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    let clock = s0.latest().unwrap()["clock"].clone();
    assert_eq!(clock["seat"], 0, "{clock}");
    assert!(clock["remaining_ms"].as_u64().unwrap() <= 5000);
    s0.send(json!({"type": "act", "action": "take1", "seq": 0})).await;
    assert_eq!(s0.at_seq(1).await["clock"]["seat"], 1);
    let end = s0.until(|m| m["table_status"] == "finished").await;
    assert_eq!(end["result"]["reason"], "P2 ran out of time");
    assert_eq!(end["result"]["winners"], json!([0]));
    let r = a.post("/api/tables", json!({"game": "pebbles", "clock_secs": 1})).await;
    assert_eq!(r.status, 400);
    srv.task.abort();
    db.cleanup().await;
}

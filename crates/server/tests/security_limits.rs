//! Issue 18, items 4, 5 and 6: multiplayer endings (concession and time in free-for-all and
//! 2v2), undo refused across hidden or card events, and the limits (every frame rate-limited,
//! slow readers and idle sockets closed, bot budgets capped, tables per user capped, abandoned
//! tables reaped, client action ids idempotent). On SQLite and PostgreSQL.

mod common;

use common::circle::Circle;
use common::*;
use engine::testgame::Pebbles;
use engine::Registry;
use serde_json::{json, Value};
use server::{Limits, RandomBots, Running};
use std::sync::Arc;
use store::testdb::TestDb;

fn games() -> Registry {
    Registry::new().with::<Pebbles>().with::<Circle>()
}

async fn serve(db: &TestDb, limits: Limits) -> Running {
    server_with(&db.url, limits, games(), Arc::new(RandomBots)).await
}

/// A started Circle table with every seat taken by its own guest: (id, tokens).
async fn circle_table(srv: &Running, options: Value, clock: Option<u32>) -> (String, Vec<String>, Vec<Client>) {
    let n = options["seats"].as_u64().unwrap() as u8;
    let mut clients = Vec::new();
    for i in 0..n {
        clients.push(Client::guest(srv.addr, &format!("P{i}x")).await);
    }
    let mut body = json!({"game": "circle", "options": options});
    if let Some(c) = clock {
        body["clock_secs"] = json!(c);
    }
    let id = clients[0].create(body).await;
    let mut tokens = Vec::new();
    for (i, c) in clients.iter().enumerate() {
        tokens.push(c.join(&id, i as u8).await);
    }
    clients[0].start(&id).await;
    (id, tokens, clients)
}

fn winners(m: &Value) -> Value {
    m["status"]["over"]["winners"].clone()
}

// Item 4 -------------------------------------------------------------------------------------

/// Free-for-all: a seat that concedes (out of turn) leaves and the others play on; the last one
/// standing wins. The stored out-of-turn concession replays on a rebuild.
async fn ffa_concession(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&tokens[1])).await;
    let mut s2 = Sock::connect(srv.addr, &id, Some(&tokens[2])).await;
    // Seat 1 is not to act; it concedes.
    s1.send(json!({"type": "concede"})).await;
    let m = s2.at_seq(1).await;
    assert_eq!(m["table_status"], "playing", "the others play on: {m}");
    assert_eq!(m["view"]["active"], json!([true, false, true]));
    assert_eq!(m["status"]["to_act"], 0);
    // A restarted server rebuilds the table from the log (the concession was out of turn).
    let again = serve(db, test_limits()).await;
    let s = Sock::connect(again.addr, &id, Some(&tokens[2])).await;
    assert_eq!(s.latest().unwrap()["view"]["active"], json!([true, false, true]), "rebuilt with seat 1 out");
    again.task.abort();
    // Seat 0 (to act) concedes too: seat 2 is the last one standing.
    let mut s0 = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    s0.send(json!({"type": "concede"})).await;
    let end = s2.at_seq(2).await;
    assert_eq!(winners(&end), json!([2]), "{end}");
    assert_eq!(end["table_status"], "finished");
}
on_both_databases!(ffa_concession_leaves_and_the_others_play_on, ffa_concession);

/// Free-for-all: the seat that runs out of time leaves; the others play on.
async fn ffa_timeout(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), Some(5)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&tokens[1])).await;
    let m = s1.until(|m| m["seq"] == 1).await;
    assert_eq!(m["table_status"], "playing", "the others play on after a time loss: {m}");
    assert_eq!(m["view"]["active"], json!([false, true, true]));
    assert_eq!(m["status"]["to_act"], 1);
    s1.send(json!({"type": "concede"})).await;
    let end = s1.at_seq(2).await;
    assert_eq!(winners(&end), json!([2]), "{end}");
}
on_both_databases!(ffa_timeout_leaves_and_the_others_play_on, ffa_timeout);

/// 2v2 (teams 0+2 and 1+3): a concession takes the whole team out; the winners are the other
/// team, never the loser's teammate.
async fn team_concession(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 4, "teams": true}), None).await;
    let mut s3 = Sock::connect(srv.addr, &id, Some(&tokens[3])).await;
    s3.send(json!({"type": "concede"})).await;
    let end = s3.at_seq(1).await;
    assert_eq!(winners(&end), json!([0, 2]), "{end}");
    assert_eq!(end["table_status"], "finished");
}
on_both_databases!(team_concession_loses_together, team_concession);

async fn team_timeout(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 4, "teams": true}), Some(5)).await;
    let mut s2 = Sock::connect(srv.addr, &id, Some(&tokens[2])).await;
    let end = s2.until(|m| m["table_status"] == "finished").await;
    assert_eq!(winners(&end), json!([1, 3]), "seat 0 ran out of time: its team lost: {end}");
}
on_both_databases!(team_timeout_loses_together, team_timeout);

/// Two seats and no concede action: the server ends the game and the other seat wins.
async fn two_seat_concession(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (id, [_, t1]) = two_player_table(&a, &b, json!({})).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    s1.send(json!({"type": "concede"})).await;
    let end = s1.until(|m| m["table_status"] == "finished").await;
    assert_eq!(end["result"]["winners"], json!([0]), "{end}");
}
on_both_databases!(two_seat_concession_the_other_wins, two_seat_concession);

// Item 5 -------------------------------------------------------------------------------------

/// Undo is refused when the action to take back drew a card (a public event of kind `card`) or
/// showed one seat something (a private event); a plain move can still be taken back.
async fn undo_refusals(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    s0.send(json!({"type": "act", "action": "draw"})).await;
    s0.at_seq(1).await;
    s0.send(json!({"type": "request_undo"})).await;
    let e = s0.error().await;
    assert!(e["message"].as_str().unwrap().contains("drew, revealed or shuffled"), "{e}");
    s0.send(json!({"type": "act", "action": "peek"})).await;
    s0.at_seq(2).await;
    s0.send(json!({"type": "request_undo"})).await;
    let e = s0.error().await;
    assert!(e["message"].as_str().unwrap().contains("showed a seat something"), "{e}");
    s0.send(json!({"type": "act", "action": "step"})).await;
    s0.at_seq(3).await;
    s0.send(json!({"type": "request_undo"})).await;
    let offer = s0.until(|m| m["type"] == "offer" || m["type"] == "error").await;
    assert_eq!(offer["type"], "offer", "a plain step may be taken back: {offer}");
}
on_both_databases!(undo_across_a_draw_or_a_private_event_is_refused, undo_refusals);

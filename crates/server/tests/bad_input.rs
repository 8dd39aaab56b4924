//! Malformed, oversized, out-of-turn and unauthorised messages get an error naming the
//! problem; the connection and the game go on. Nobody can act for another seat.

mod common;

use common::*;
use serde_json::json;
use server::Limits;
use store::testdb::TestDb;

async fn bad_messages_get_errors_and_play_goes_on(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (id, [t0, t1]) = two_player_table(&a, &b, json!({"pile": 15})).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    let mut spec = Sock::connect(srv.addr, &id, None).await;

    let cases: Vec<(String, &str, &str)> = vec![
        ("{not json".into(), "malformed", "not a message"),
        (json!({"type": "fly"}).to_string(), "malformed", "unknown variant"),
        (json!({"type": "act"}).to_string(), "malformed", "missing field `action`"),
        (json!({"type": "act", "action": "take10"}).to_string(), "malformed", "expected take1"),
        (json!({"type": "act", "action": "take1", "seq": 5}).to_string(), "stale", "table is at move 0"),
        (json!({"type": "chat", "text": "x".repeat(17 * 1024)}).to_string(), "too_large", "the limit is 16384"),
        (json!({"type": "chat", "text": "x".repeat(600)}).to_string(), "too_large", "at most 500 characters"),
        (json!({"type": "accept_draw"}).to_string(), "state", "no draw is on offer"),
        (json!({"type": "request_undo"}).to_string(), "state", "no action to take back"),
    ];
    for (text, kind, words) in cases {
        s0.send_text(text.clone()).await;
        let e = s0.error().await;
        assert_eq!(e["kind"], kind, "{text:.60} → {e}");
        assert!(e["message"].as_str().unwrap().contains(words), "{text:.60} → {e}");
    }
    s0.ws.send(tokio_tungstenite::tungstenite::Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    assert_eq!(s0.error().await["kind"], "malformed");

    // Out of turn: seat 1 cannot act now; a spectator can never act.
    s1.send(json!({"type": "act", "action": "take1"})).await;
    let e = s1.error().await;
    assert_eq!(e["kind"], "out_of_turn");
    assert!(e["message"].as_str().unwrap().contains("P1's turn"), "{e}");
    spec.send(json!({"type": "act", "action": "take1"})).await;
    assert_eq!(spec.error().await["kind"], "unauthorised");
    spec.send(json!({"type": "concede"})).await;
    assert_eq!(spec.error().await["kind"], "unauthorised");

    // A wrong token connects as a spectator, told so.
    let mut fake = Sock::connect(srv.addr, &id, Some("not-a-token")).await;
    assert!(fake.seen.iter().any(|m| m["kind"] == "unauthorised"), "{:?}", fake.seen);
    assert_eq!(fake.latest().unwrap()["you"], "spectator");
    fake.send(json!({"type": "act", "action": "take1"})).await;
    assert_eq!(fake.error().await["kind"], "unauthorised");

    // After all that, the game goes on over the same connections.
    s0.send(json!({"type": "ping"})).await;
    s0.until(|m| m["type"] == "pong").await;
    s0.send(json!({"type": "act", "action": "take2", "seq": 0})).await;
    assert_eq!(s0.at_seq(1).await["view"]["pile"], 13);
    s1.send(json!({"type": "act", "action": "take1", "seq": 1})).await;
    assert_eq!(s1.at_seq(2).await["view"]["pile"], 12);
    spec.at_seq(2).await;

    // Lobby requests that are wrong say why.
    let r = a.post("/api/tables", json!({"game": "chess"})).await;
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("unknown game 'chess'"), "{}", r.body);
    let r = a.post("/api/tables", json!({"game": "pebbles", "options": {"pile": 0}})).await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("pile must be 1..=200"), "{}", r.body);
    let r = a.post("/api/tables", json!({"game": "pebbles", "seats": [{"kind": "open"}]})).await;
    assert!(r.status == 400 && r.body.contains("needs 2 seats"), "{}", r.body);
    let r = a.post_raw("/api/tables", b"{oops").await;
    assert!(r.status == 400 && r.body.contains("bad request body"), "{}", r.body);
    let anon =
        server::http::request(srv.addr, "POST", "/api/tables", None, Some(&json!({"game": "pebbles"}))).await.unwrap();
    assert_eq!(anon.status, 401, "{}", anon.body);
    // (a holds a seat there: joining again hands it back, by identity.)
    let again = a.post(&format!("/api/tables/{id}/join"), json!({})).await;
    assert_eq!((again.status, again.json()["seat"].clone()), (200, json!(0)), "{}", again.body);
    let stranger = Client::guest(srv.addr, "Eve").await;
    let r = stranger.post(&format!("/api/tables/{id}/join"), json!({})).await;
    assert_eq!(r.status, 409, "a started table takes no one: {}", r.body);
    let other = a.create(json!({"game": "pebbles"})).await;
    let r = stranger.post(&format!("/api/tables/{other}/start"), json!({})).await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = stranger.post(&format!("/api/tables/{other}/leave"), json!({"token": t0})).await;
    assert_eq!(r.status, 403, "a token of another table holds no seat here: {}", r.body);
    let r = a.get("/api/tables/nope/replay").await;
    assert_eq!(r.status, 404);
    let r = Client::guest(srv.addr, "x").await.post("/api/guest", json!({"name": "<b>"})).await;
    assert_eq!(r.status, 400);
    srv.task.abort();
}
on_both_databases!(bad_messages_on, bad_messages_get_errors_and_play_goes_on);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_and_connection_limits_answer_with_errors() {
    let db = TestDb::sqlite();
    let limits = Limits { messages_per_second: 2.0, burst: 3.0, max_connections_per_ip: 3, ..Limits::default() };
    let srv = server_on(&db.url, limits).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (id, [t0, _]) = two_player_table(&a, &b, json!({})).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    for _ in 0..6 {
        s0.send(json!({"type": "ping"})).await;
    }
    let e = s0.error().await;
    assert_eq!(e["kind"], "rate_limited", "{e}");
    assert!(e["message"].as_str().unwrap().contains("at most 2 per second"));
    // The connection goes on once the bucket refills.
    tokio::time::sleep(std::time::Duration::from_millis(1600)).await;
    s0.send(json!({"type": "act", "action": "take1", "seq": 0})).await;
    s0.at_seq(1).await;

    let _s1 = Sock::connect(srv.addr, &id, None).await;
    let _s2 = Sock::connect(srv.addr, &id, None).await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/tables/{id}/ws", srv.addr)).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 429),
        other => panic!("a fourth connection from one address must be refused, got {:?}", other.map(|_| ())),
    }
    srv.task.abort();
    db.cleanup().await;
}

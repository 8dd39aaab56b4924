//! Server nodes (docs/deploy.md "Several server nodes"): real `cardtable serve --nats`
//! processes on loopback sharing a fresh PostgreSQL database and the NATS server on
//! 127.0.0.1:4222. A game is played by players on different nodes; the owning node is killed
//! with SIGKILL mid-game and the game goes on on another node with nothing lost, for human
//! seats (resent action ids apply once) and for a bot seat (the new owner runs the bot).
//!
//! Without a reachable NATS these tests say so loudly and pass, unless CT_REQUIRE_NATS=1
//! (scripts/test.sh sets it), which makes them fail. PostgreSQL must be reachable unless
//! CARDTABLE_SKIP_PG=1 (store::testdb).

use serde_json::{json, Value};
use server::http::request;
use std::time::{Duration, Instant};
use store::testdb::TestDb;

mod common;
use common::{nats, unique_name};
#[path = "common/node_procs.rs"]
mod node_procs;
use node_procs::{Client, NodeProc, Sock};

async fn setup(test: &str) -> Option<(TestDb, String, String)> {
    let nats = nats("the server-node tests")?;
    let db = TestDb::postgres().await?;
    Some((db, nats, unique_name("t", test)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_nodes_play_one_game() {
    let Some((db, nats, cluster)) = setup("across").await else { return };
    let a = NodeProc::start(&db.url, &nats, &cluster, "a");
    let b = NodeProc::start(&db.url, &nats, &cluster, "b");
    let ann = Client::guest(a.addr, "Ann").await;
    let bob = Client::guest(b.addr, "Bob").await;
    // Created on node a (a owns it); Bob joins and starts it through node b (passed to a).
    let id = ann.create(json!({"game": "pebbles", "options": {"pile": 30}})).await;
    let t0 = ann.join(&id, 0).await;
    let t1 = bob.join(&id, 1).await;
    bob.start(&id).await;
    // The lobby is the same from both nodes (read from the database).
    let listed = |c: Client| async move {
        let r = c.get("/api/tables").await;
        assert_eq!(r.status, 200);
        r.json().as_array().unwrap().iter().map(|t| (t["id"].clone(), t["status"].clone())).collect::<Vec<_>>()
    };
    assert_eq!(listed(ann.clone()).await, listed(bob.clone()).await, "the same lobby from both nodes");
    let shown = bob.get(&format!("/api/tables/{id}")).await;
    assert_eq!(shown.json()["status"], "playing", "node b shows node a's table: {}", shown.body);

    let mut ann_ws = Sock::connect(a.addr, &id, Some(&t0)).await; // on the owner
    let mut bob_ws = Sock::connect(b.addr, &id, Some(&t1)).await; // relayed by node b
    assert_eq!(bob_ws.last_state()["you"], json!({"seat": 1}), "node b's socket holds Bob's seat");
    let moves = ["take1", "take2", "bonus", "take3", "take1", "take2"];
    for (n, action) in moves.iter().enumerate() {
        let (mover, other) = if n % 2 == 0 { (&mut ann_ws, &mut bob_ws) } else { (&mut bob_ws, &mut ann_ws) };
        let seq = mover.act(action, &format!("m{n}")).await;
        assert_eq!(seq, n as u64 + 1);
        let seen = other.at_seq(seq).await;
        assert_eq!(
            seen["log"].as_array().unwrap().last().unwrap()["seq"],
            seq,
            "the other node's player sees move {seq}"
        );
    }
    assert_eq!(ann_ws.last_state()["view"]["pile"], bob_ws.last_state()["view"]["pile"]);
    // A resent action id is answered again and not applied twice, through the relay too.
    bob_ws.send(json!({"type": "act", "action": "take2", "id": "m5"})).await;
    let again = bob_ws.until(|m| m["id"] == "m5" && m["type"] == "ack").await;
    assert_eq!(again["seq"], 6);
    ann_ws.send(json!({"type": "ping"})).await;
    ann_ws.until(|m| m["type"] == "pong").await;
    assert_eq!(ann_ws.last_state()["seq"], 6, "the resent action was not played again");

    // Metrics, per node: node a stored the six actions (it owns the table).
    let metrics = request(a.addr, "GET", "/metrics", None, None).await.unwrap();
    assert_eq!(metrics.status, 200);
    assert!(metrics.body.contains("cardtable_actions_total{node=\"a\"} 6"), "{}", metrics.body);
    assert!(metrics.body.contains("cardtable_store_seconds_count{node=\"a\"} 6"), "{}", metrics.body);
    let metrics_b = request(b.addr, "GET", "/metrics", None, None).await.unwrap();
    assert!(
        metrics_b.body.contains("cardtable_sockets{node=\"b\"} 1"),
        "node b counts Bob's socket: {}",
        metrics_b.body
    );
    drop((a, b));
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_owner_moves_human_and_bot_games_to_another_node() {
    let Some((db, nats, cluster)) = setup("failover").await else { return };
    let mut a = NodeProc::start(&db.url, &nats, &cluster, "a");
    let b = NodeProc::start(&db.url, &nats, &cluster, "b");
    let ann = Client::guest(a.addr, "Ann").await;
    let bob = Client::guest(b.addr, "Bob").await;

    // Human against human, owned by a: Ann on a, Bob relayed by b.
    let id = ann.create(json!({"game": "pebbles", "options": {"pile": 40}})).await;
    let t0 = ann.join(&id, 0).await;
    let t1 = bob.join(&id, 1).await;
    ann.start(&id).await;
    let mut ann_ws = Sock::connect(a.addr, &id, Some(&t0)).await;
    let mut bob_ws = Sock::connect(b.addr, &id, Some(&t1)).await;
    for (n, action) in ["take1", "take2", "take3", "bonus"].iter().enumerate() {
        let (mover, other) = if n % 2 == 0 { (&mut ann_ws, &mut bob_ws) } else { (&mut bob_ws, &mut ann_ws) };
        let seq = mover.act(action, &format!("h{n}")).await;
        other.at_seq(seq).await;
    }

    // Ann against a bot that thinks two seconds a move, owned by a.
    let bot_table = ann
        .create(json!({"game": "pebbles", "options": {"pile": 40},
                       "seats": [{"kind": "open"}, {"kind": "bot", "spec": "mcts:2s"}]}))
        .await;
    let tb = ann.join(&bot_table, 0).await;
    ann.start(&bot_table).await;
    let mut bot_ws = Sock::connect(b.addr, &bot_table, Some(&tb)).await;
    let acked = bot_ws.act("take1", "b0").await; // the bot now thinks on node a …
    assert_eq!(acked, 1);

    let before: Vec<(Value, Vec<Value>)> =
        [&ann_ws, &bob_ws].iter().map(|s| (s.last_state().clone(), s.log())).collect();
    a.kill(); // … and node a dies, leases and all.
    let killed_at = Instant::now();

    // Bob's relayed socket is closed by node b (4002: reconnect) once a's lease is gone.
    let closed = bob_ws.until(|m| m["type"] == "closed").await;
    assert_eq!(closed["code"], 4002, "node b tells Bob the table moved: {closed}");
    // Everyone reconnects to node b (the balancer's surviving node).
    let mut socks = [Sock::connect(b.addr, &id, Some(&t0)).await, Sock::connect(b.addr, &id, Some(&t1)).await];
    assert!(killed_at.elapsed() < Duration::from_secs(15), "taken over within seconds: {:?}", killed_at.elapsed());
    for (i, s) in socks.iter().enumerate() {
        let now = s.last_state();
        let (last, log) = &before[i];
        assert_eq!(now["you"], json!({"seat": i}), "the token still holds seat {i}");
        assert_eq!(now["seq"], 4, "seat {i}: at the last acknowledged action");
        assert_eq!(now["view"], last["view"], "seat {i}: the same view");
        assert_eq!(now["legal"], last["legal"], "seat {i}: the same legal actions");
        assert_eq!(&s.log(), log, "seat {i}: the same log");
    }
    // Bob's last action resent after the failover (its ack was lost, say): answered, not replayed.
    socks[1].send(json!({"type": "act", "action": "bonus", "id": "h3"})).await;
    let again = socks[1].until(|m| m["id"] == "h3").await;
    assert_eq!(again, json!({"type": "ack", "id": "h3", "seq": 4}), "the stored id is known to the new owner");
    // The game goes on at node b.
    let seq = socks[0].act("take1", "h4").await;
    assert_eq!(seq, 5, "the resent action was not applied twice");
    socks[1].at_seq(5).await;
    let seq = socks[1].act("take2", "h5").await;
    socks[0].at_seq(seq).await;

    // The bot's move: node b took the table over and runs the bot.
    let mut bot_ws = Sock::connect(b.addr, &bot_table, Some(&tb)).await;
    let moved = bot_ws.at_seq(2).await;
    assert!(!moved["legal"].as_array().unwrap().is_empty(), "the bot moved and it is Ann's turn: {moved}");
    let seq = bot_ws.act("take1", "b1").await;
    assert_eq!(seq, 3);
    bot_ws.at_seq(4).await; // and it answers again, on node b

    let store = store::Store::open(&db.url).await.unwrap();
    let owner = store.lease_owner(&id).await.unwrap().unwrap().0;
    assert_eq!(owner, "b", "node b holds the table now");
    let ids: Vec<Option<String>> = store.actions(&id).await.unwrap().into_iter().map(|a| a.client_id).collect();
    let want: Vec<Option<String>> = (0..6).map(|n| Some(format!("h{n}"))).collect();
    assert_eq!(ids, want, "every acknowledged action stored once, with its client id");
    let m = request(b.addr, "GET", "/metrics", None, None).await.unwrap();
    assert!(m.body.contains("cardtable_actions_total{node=\"b\"} 5"), "node b stored 2 + 3 actions: {}", m.body);
    drop(b);
    db.cleanup().await;
}

//! Durability: the server process is killed with SIGKILL mid-game and restarted on the same
//! SQLite file; the games go on with nothing any player saw lost.

mod common;

use common::*;
use serde_json::{json, Value};
use store::testdb::TestDb;

/// Every log entry a socket was shown, in order (a `state` carries the whole log so far).
fn seen_log(s: &Sock) -> Vec<Value> {
    let mut log: Vec<Value> = Vec::new();
    for m in &s.seen {
        match m["type"].as_str() {
            Some("state") => log = m["log"].as_array().unwrap().clone(),
            Some("update") => log.extend(m["log"].as_array().unwrap().iter().cloned()),
            _ => {}
        }
    }
    log
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_game_from_the_store() {
    let db = TestDb::sqlite();
    let (server, addr) = spawn_server(&db.url, &["--bot-delay-ms", "30"]);
    let a = Client::guest(addr, "Ann").await;
    let b = Client::guest(addr, "Bob").await;
    let (id, [t0, t1]) = two_player_table(&a, &b, json!({"pile": 40})).await;
    let mut socks = [Sock::connect(addr, &id, Some(&t0)).await, Sock::connect(addr, &id, Some(&t1)).await];
    let moves = ["take1", "bonus", "take3", "take2", "bonus", "take1", "take2"];
    for (seq, action) in moves.iter().enumerate() {
        let i = seq % 2;
        socks[i].send(json!({"type": "act", "action": action, "seq": seq})).await;
        socks[i].at_seq(seq as u64 + 1).await;
        socks[1 - i].at_seq(seq as u64 + 1).await;
    }
    // A bot-vs-bot table started just before the crash.
    let bots = a
        .create(json!({"game": "pebbles", "options": {"pile": 200},
                       "seats": [{"kind": "bot", "spec": "random"}, {"kind": "bot", "spec": "random"}]}))
        .await;
    a.start(&bots).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let before: Vec<(Value, Vec<Value>)> = socks.iter().map(|s| (s.latest().unwrap().clone(), seen_log(s))).collect();

    drop(server); // SIGKILL
    let (server, addr) = spawn_server(&db.url, &["--bot-delay-ms", "30"]);
    let a = Client { addr, ..a };
    assert_eq!(a.get("/api/me").await.status, 200, "sessions survive the crash");

    let mut socks = [Sock::connect(addr, &id, Some(&t0)).await, Sock::connect(addr, &id, Some(&t1)).await];
    for (i, s) in socks.iter().enumerate() {
        let now = s.latest().unwrap();
        let (last, log) = &before[i];
        assert_eq!(now["you"], json!({"seat": i}), "the token still holds seat {i}");
        assert_eq!(now["seq"], last["seq"], "seat {i}: no move it saw is lost");
        assert_eq!(now["view"], last["view"], "seat {i}: the same view");
        assert_eq!(now["legal"], last["legal"], "seat {i}: the same legal actions");
        assert_eq!(now["log"].as_array().unwrap(), log, "seat {i}: the same log");
    }
    // The game goes on to its end.
    let mut seq = moves.len() as u64;
    loop {
        let m0 = socks[0].at_seq(seq).await;
        let m1 = socks[1].at_seq(seq).await;
        if m0["table_status"] == "finished" {
            break;
        }
        let (i, m) = if Sock::legal(&m0).is_empty() { (1, m1) } else { (0, m0) };
        socks[i].send(json!({"type": "act", "action": Sock::legal(&m)[0], "seq": seq})).await;
        seq += 1;
    }
    let replay = a.get(&format!("/api/tables/{id}/replay")).await;
    let replay = engine::Replay::from_json(&replay.body).unwrap();
    assert_eq!(&replay.actions[..moves.len()], moves);
    registry().get("pebbles").unwrap().replay(&replay).expect("the stored log replays to the same end");

    // The bots' table was rebuilt and its bots play on to the end.
    let mut watch = Sock::connect(addr, &bots, None).await;
    let resumed = watch.latest().unwrap().clone();
    assert_eq!(resumed["table_status"], "playing", "the bots were caught mid-game: {resumed}");
    assert!(resumed["seq"].as_u64().unwrap() > 0, "{resumed}");
    watch.until(|m| m["table_status"] == "finished").await;
    drop(server);
    db.cleanup().await;
}

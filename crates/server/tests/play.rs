//! Playing over real sockets, on SQLite and PostgreSQL: the lobby, whole games, views per
//! seat, spectators, reconnection, replays, bots.

mod common;

use common::*;
use engine::{Seat, Viewer};
use serde_json::{json, Value};
use store::testdb::TestDb;

/// Play a game to its end: each seat, when it is to act, plays its first legal action.
async fn play_out(socks: &mut [Sock; 2], first: &str) -> Value {
    let mut msg = socks[0].latest().unwrap().clone();
    let mut turn = 0;
    loop {
        if msg["table_status"] == "finished" {
            return msg;
        }
        let seq = msg["seq"].as_u64().unwrap();
        let to_act = msg["status"]["to_act"].as_u64().unwrap() as usize;
        let latest = socks[to_act].at_seq(seq).await;
        let legal = Sock::legal(&latest);
        assert!(!legal.is_empty(), "the seat to act gets its legal actions");
        let other = socks[1 - to_act].at_seq(seq).await;
        assert!(Sock::legal(&other).is_empty(), "only the seat to act gets legal actions");
        let action = if turn == 0 && legal.iter().any(|a| a == first) { first.to_string() } else { legal[0].clone() };
        socks[to_act].send(json!({"type": "act", "action": action, "seq": seq})).await;
        msg = socks[to_act].at_seq(seq + 1).await;
        turn += 1;
    }
}

async fn lobby_game_and_replay(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    assert_eq!(a.get("/api/me").await.json()["name"], "Ann");
    let games = a.get("/api/games").await.json();
    assert_eq!(games[0]["name"], "pebbles");

    let id = a.create(json!({"game": "pebbles", "options": {"pile": 7}})).await;
    let listed = a.get("/api/tables").await.json();
    let row = listed.as_array().unwrap().iter().find(|t| t["id"] == id.as_str()).expect("listed").clone();
    assert_eq!(row["status"], "lobby");
    assert_eq!(row["options"]["pile"], 7);
    assert!(row.get("seed").is_none() && row.get("setup").is_none(), "listings never hold the seed: {row}");

    let t0 = a.join(&id, 0).await;
    let not_yet = a.post(&format!("/api/tables/{id}/start"), json!({})).await;
    assert_eq!(not_yet.status, 409, "an empty seat blocks the start: {}", not_yet.body);
    let t1 = b.join(&id, 1).await;
    let taken = Client::guest(srv.addr, "Cy").await.post(&format!("/api/tables/{id}/join"), json!({"seat": 0})).await;
    assert_eq!(taken.status, 409, "{}", taken.body);

    let mut spectator = Sock::connect(srv.addr, &id, None).await;
    assert_eq!(spectator.latest().unwrap()["table_status"], "lobby");
    a.start(&id).await;
    spectator.until(|m| m["table_status"] == "playing").await;

    let mut socks = [Sock::connect(srv.addr, &id, Some(&t0)).await, Sock::connect(srv.addr, &id, Some(&t1)).await];
    assert_eq!(socks[0].seen[0]["you"], json!({"seat": 0}));
    let replay_early = a.get(&format!("/api/tables/{id}/replay")).await;
    assert_eq!(replay_early.status, 409, "no replay of a game in progress");

    // Reconnection: drop seat 1 and come back with its token to the same seat and state.
    let end = play_out(&mut socks, "bonus").await;
    assert_eq!(end["status"]["over"]["reason"], "took the last pebble");
    let again = Sock::connect(srv.addr, &id, Some(&t1)).await;
    let resumed = again.latest().unwrap();
    assert_eq!(resumed["you"], json!({"seat": 1}));
    assert_eq!(resumed["seq"], end["seq"]);

    // The replay rebuilds the same game, with its outcome checked.
    let r = a.get(&format!("/api/tables/{id}/replay")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let replay = engine::Replay::from_json(&r.body).unwrap();
    assert_eq!(replay.actions.len() as u64, end["seq"].as_u64().unwrap());
    let game = registry().get("pebbles").unwrap().replay(&replay).unwrap();
    assert_eq!(serde_json::to_value(game.status()).unwrap(), end["status"]);
    assert_eq!(game.view(Viewer::Seat(Seat(1))), resumed["view"]);
    spectator.at_seq(end["seq"].as_u64().unwrap()).await;
    let finished = a.get("/api/tables?status=finished").await.json();
    assert!(finished.as_array().unwrap().iter().any(|t| t["id"] == id.as_str()));
    srv.task.abort();
}
on_both_databases!(lobby_game_and_replay_on, lobby_game_and_replay);

async fn reconnect_mid_game(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (id, [t0, t1]) = two_player_table(&a, &b, json!({"pile": 20})).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    s0.send(json!({"type": "act", "action": "take1"})).await;
    s0.at_seq(1).await;
    let before = s1.at_seq(1).await;
    drop(s1);
    // Seat 1 reloads: same seat, same view, its legal actions, the whole visible log.
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    let now = s1.latest().unwrap().clone();
    assert_eq!(now["view"], before["view"]);
    assert_eq!(Sock::legal(&now), Sock::legal(&before));
    assert_eq!(now["log"].as_array().unwrap().len(), 1);
    s1.send(json!({"type": "act", "action": "take2", "seq": 1})).await;
    s1.at_seq(2).await;
    s0.at_seq(2).await;
    // A browser reload sends the seat cookie set by the join instead of a token.
    // Joining again gives Bob no second seat: his own seat back (found by his guest id), with
    // a fresh token (only hashes are kept).
    let r = b.post(&format!("/api/tables/{id}/join"), json!({})).await;
    assert_eq!((r.status, r.json()["seat"].clone()), (200, json!(1)), "no second seat for Bob: {}", r.body);
    let t1 = r.json()["token"].as_str().unwrap().to_string();
    let cookie = format!("ct_seat_{}={t1}", id.replace('-', ""));
    let by_cookie = Sock::connect_with_cookie(srv.addr, &id, &cookie).await;
    assert_eq!(by_cookie.latest().unwrap()["you"], json!({"seat": 1}));
    drop(by_cookie);
    // Chat reaches the table, spectators included, under the player's name.
    let mut watcher = Sock::connect(srv.addr, &id, None).await;
    s1.send(json!({"type": "chat", "text": "gg"})).await;
    for s in [&mut s0, &mut watcher] {
        let c = s.until(|m| m["type"] == "chat").await;
        assert_eq!((c["from"].as_str(), c["seat"].as_u64(), c["text"].as_str()), (Some("Bob"), Some(1), Some("gg")));
    }
    // Finished tables nobody watches are dropped from memory and reloaded on demand.
    s0.send(json!({"type": "concede"})).await;
    s0.until(|m| m["table_status"] == "finished").await;
    drop((s0, s1, watcher));
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(srv.app.sweep(), 1);
    let back = Sock::connect(srv.addr, &id, Some(&t1)).await;
    assert_eq!(back.latest().unwrap()["seq"], 2);
    assert_eq!(back.latest().unwrap()["result"]["reason"], "P1 conceded");
    srv.task.abort();
}
on_both_databases!(reconnect_mid_game_on, reconnect_mid_game);

async fn bots_play_their_seats(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    // Bot against bot: runs to the end by itself once started.
    let id = a
        .create(
            json!({"game": "pebbles", "seats": [{"kind": "bot", "spec": "random"}, {"kind": "bot", "spec": "random"}]}),
        )
        .await;
    let mut watch = Sock::connect(srv.addr, &id, None).await;
    a.start(&id).await;
    let end = watch.until(|m| m["table_status"] == "finished").await;
    assert!(end["status"]["over"].is_object(), "{end}");
    // A person against a bot: the bot answers every move.
    let id = a.create(json!({"game": "pebbles", "seats": [{"kind": "open"}, {"kind": "bot", "spec": "random"}]})).await;
    let t0 = a.join(&id, 0).await;
    a.start(&id).await;
    let mut s = Sock::connect(srv.addr, &id, Some(&t0)).await;
    loop {
        let m = s.latest().unwrap().clone();
        if m["table_status"] == "finished" {
            break;
        }
        let legal = Sock::legal(&m);
        if legal.is_empty() {
            s.until(|x| !Sock::legal(x).is_empty() || x["table_status"] == "finished").await;
            continue;
        }
        let seq = m["seq"].as_u64().unwrap();
        s.send(json!({"type": "act", "action": legal[0], "seq": seq})).await;
        s.until(|x| x["seq"].as_u64().is_some_and(|q| q > seq)).await;
    }
    let bad = a
        .post("/api/tables", json!({"game": "pebbles", "seats": [{"kind": "open"}, {"kind": "bot", "spec": "genius"}]}))
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.json()["error"].as_str().unwrap().contains("unknown bot 'genius'"), "{}", bad.body);
    srv.task.abort();
}
on_both_databases!(bots_play_their_seats_on, bots_play_their_seats);

//! Leak scan: whole games over real WebSockets; every message each seat and a spectator
//! received is checked against what its view may hold. Each view must equal the engine's
//! view for that viewer after that many actions, each log entry must be one the viewer may
//! see, and for Pebbles the other seat's unplayed bonus must never appear.

mod common;

use common::*;
use engine::{DynGame, Seat, Viewer};
use serde_json::{json, Value};
use store::testdb::TestDb;

fn rebuild(replay: &engine::Replay, n: usize) -> Box<dyn DynGame> {
    let entry = registry().get(&replay.game).unwrap().to_owned();
    let mut g = entry.create(&replay.options, Some(&replay.setup), replay.seed).unwrap();
    for a in &replay.actions[..n] {
        g.apply(a).unwrap();
    }
    g
}

/// Every (seq, event) a viewer may see in the first `n` actions.
fn visible_log(replay: &engine::Replay, viewer: Viewer) -> Vec<(u64, Value)> {
    let entry = registry().get(&replay.game).unwrap().to_owned();
    let mut g = entry.create(&replay.options, Some(&replay.setup), replay.seed).unwrap();
    let mut out = Vec::new();
    for (i, a) in replay.actions.iter().enumerate() {
        for e in g.apply(a).unwrap() {
            if e.visible_to.shows_to(viewer) {
                out.push((i as u64 + 1, e.event.event));
            }
        }
    }
    out
}

fn scan(viewer: Viewer, msgs: &[Value], replay: &engine::Replay, secrets: &[String]) -> usize {
    let allowed_log = visible_log(replay, viewer);
    let mut checked = 0;
    for m in msgs {
        let text = m.to_string();
        for word in ["\"seed\"", "\"setup\"", "\"token\""] {
            assert!(!text.contains(word), "{viewer} received {word}: {text}");
        }
        for s in secrets {
            assert!(!text.contains(s.as_str()), "{viewer} received another seat's token");
        }
        if m["type"] != "state" && m["type"] != "update" {
            continue;
        }
        let seq = m["seq"].as_u64().unwrap() as usize;
        let g = rebuild(replay, seq);
        assert_eq!(m["view"], g.view(viewer), "{viewer}'s view at move {seq} differs from the engine's view for it");
        // Pebbles: the other seat's bonus shows only once played.
        let view = &m["view"];
        for s in 0..2usize {
            let mine = viewer == Viewer::Seat(Seat(s as u8));
            if !mine && view["bonus_used"][s] == false {
                assert!(view["bonus"][s].is_null(), "{viewer} saw seat {s}'s unplayed bonus at move {seq}: {view}");
            }
        }
        let to_act = g.status().to_act();
        let legal = m["legal"].as_array().unwrap();
        if !legal.is_empty() {
            assert_eq!(Some(viewer), to_act.map(Viewer::Seat), "legal actions went to {viewer}, not the seat to act");
            assert_eq!(m["table_status"], "playing");
        }
        for e in m["log"].as_array().unwrap() {
            let item = (e["seq"].as_u64().unwrap(), e["event"].clone());
            assert!(allowed_log.contains(&item), "{viewer} received a log entry it may not see: {e}");
        }
        checked += 1;
    }
    checked
}

async fn leak_scan(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let mut rng: u64 = 0x2545_F491_4F6C_DD1D;
    let mut total = 0;
    for game in 0..8 {
        let (id, tokens) = two_player_table(&a, &b, json!({"pile": 12 + game})).await;
        let mut spectator = Sock::connect(srv.addr, &id, None).await;
        let mut socks = [
            Sock::connect(srv.addr, &id, Some(&tokens[0])).await,
            Sock::connect(srv.addr, &id, Some(&tokens[1])).await,
        ];
        socks[0].send(json!({"type": "chat", "text": "good luck"})).await;
        let mut seq = 0u64;
        loop {
            let m0 = socks[0].at_seq(seq).await;
            let m1 = socks[1].at_seq(seq).await;
            if m0["table_status"] == "finished" {
                break;
            }
            let (i, m) = if Sock::legal(&m0).is_empty() { (1, m1) } else { (0, m0) };
            let legal = Sock::legal(&m);
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let action = legal[(rng % legal.len() as u64) as usize].clone();
            socks[i].send(json!({"type": "act", "action": action, "seq": seq})).await;
            seq += 1;
        }
        spectator.until(|m| m["table_status"] == "finished").await;
        let r = a.get(&format!("/api/tables/{id}/replay")).await;
        let replay = engine::Replay::from_json(&r.body).unwrap();
        // REST views of the table hold no secret either (checked while it was playing too).
        for who in [&a, &b] {
            let shown = who.get(&format!("/api/tables/{id}")).await.body;
            assert!(!shown.contains("seed") && !shown.contains("token"), "{shown}");
        }
        total += scan(Viewer::Seat(Seat(0)), &socks[0].seen, &replay, &[tokens[1].clone()]);
        total += scan(Viewer::Seat(Seat(1)), &socks[1].seen, &replay, &[tokens[0].clone()]);
        total += scan(Viewer::Spectator, &spectator.seen, &replay, &tokens);
    }
    assert!(total > 100, "the scan checked {total} messages");
    let listed = a.get("/api/tables?status=all").await.body;
    assert!(!listed.contains("\"seed\"") && !listed.contains("token"), "{listed}");
    srv.task.abort();
}
on_both_databases!(leak_scan_on, leak_scan);

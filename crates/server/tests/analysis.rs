//! `GET /api/tables/{id}/analysis` (issue #14, docs/fate-solver.md): the computer analysis of
//! a finished Fate Deduction game played over the sockets marks its known blunder with the
//! proof line, says the same as the library on the replay, and refuses what it cannot do.

mod common;

use common::*;
use serde_json::{json, Value};
use std::sync::Arc;

/// A finished game (random moves, seed 2) in which move 161, `ret=JP`, turns P1's proved win
/// into a proved draw (P1 takes its Page of Pentacles back): the game then ends in a draw by repetition (R-END3).
const GAME: &str = "king=P queen=W comp=24 knights=PC pages=PCWS king=W queen=P comp=32 knights=PCS pages=CW draw=P \
    play=JW ret=JW endmain draw=S endmain enddraw endmain draw=W play=jc act=jc endmain donebuff \
    draw=S enddraw endmain buff=jc buff=jc enddraw endmain stand=jc draw=S enddraw endmain enddraw \
    play=jw act=jc act=jc ret=jc endmain draw=C draw=S play=JS act=JS endmain buff=JS buff=JS \
    buff=JS buff=JS endcombat draw=S ret=jw play=jw endmain donebuff draw=P ret=JS endmain donebuff \
    draw=W act=jw act=jw endmain donebuff draw=P draw=S draw=S endmain buff=jw draw=P act=jw endmain \
    atk=jw>P split=1 draw=P endmain draw=C draw=S ret=jw endmain draw=C draw=W draw=W play=JC \
    endmain buff=JC buff=JC atk=JC>P endmain draw=P act=JC endmain endcombat play=ns ret=ns endmain \
    draw=W draw=W draw=W endmain stand=JC endmain draw=P play=JP ret=JC endmain endmain draw=C \
    draw=C draw=S act=JP ret=JP play=QW ret=QW endmain endmain draw=C play=JW act=JW endmain \
    donebuff endmain donebuff draw=S ret=JW endmain endmain draw=P endmain endmain draw=W enddraw \
    endmain endmain enddraw endmain endmain draw=P draw=C draw=C draw=S play=NP ret=NP endmain \
    endmain draw=P draw=C enddraw endmain endmain draw=W draw=W play=JP endmain buff=JP donebuff \
    atk=JP>W split=0 endmain donebuff ret=JP endmain endmain endmain endmain endmain endmain endmain \
    endmain endmain";

/// The host's side of the analysis, as `cardtable serve` wires it (crates/cli/src/games.rs).
struct Analyst;

impl server::BotHost for Analyst {
    fn choose(&self, _: &dyn engine::DynGame, _: engine::Seat, spec: &str, _: u64) -> Result<String, String> {
        Err(format!("no bot '{spec}' here"))
    }
    fn validate(&self, _: &str, spec: &str) -> Result<(), String> {
        Err(format!("no bot '{spec}' here"))
    }
    fn analyse(&self, replay: &engine::Replay, max_nodes: u64, _: f64) -> Option<Result<Value, String>> {
        (replay.game == "fate").then(|| analysed(replay, max_nodes))
    }
}

fn analysed(replay: &engine::Replay, max_nodes: u64) -> Result<Value, String> {
    let cfg = fate::solve::analysis::analysis_config(max_nodes);
    fate::solve::analysis::analyse_replay(replay, &cfg, None).map(|a| serde_json::to_value(a).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_and_its_blunder_marked() {
    let db = store::testdb::TestDb::sqlite();
    let reg = registry().with::<fate::FateGame>();
    let srv = server_with(&db.url, test_limits(), reg, Arc::new(Analyst)).await;
    let (a, b) = (Client::guest(srv.addr, "Ann").await, Client::guest(srv.addr, "Bob").await);
    let id = a.create(json!({"game": "fate"})).await;
    let (t0, t1) = (a.join(&id, 0).await, b.join(&id, 1).await);
    let early = a.get(&format!("/api/tables/{id}/analysis")).await;
    assert_eq!(early.status, 409, "no analysis of a game in progress: {}", early.body);
    a.start(&id).await;
    let mut socks = [Sock::connect(srv.addr, &id, Some(&t0)).await, Sock::connect(srv.addr, &id, Some(&t1)).await];
    let mut msg = socks[0].latest().unwrap().clone();
    for action in GAME.split_whitespace() {
        let seq = msg["seq"].as_u64().unwrap();
        let to_act = msg["status"]["to_act"].as_u64().unwrap() as usize;
        socks[to_act].at_seq(seq).await;
        socks[to_act].send(json!({"type": "act", "action": action, "seq": seq})).await;
        msg = socks[to_act].at_seq(seq + 1).await;
    }
    assert_eq!(msg["table_status"], "finished", "{msg}");

    let r = a.get(&format!("/api/tables/{id}/analysis?max_nodes=5000")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let an = &v["analysis"];
    assert!(an["blunders"].as_array().unwrap().contains(&json!(161)), "{}", an["blunders"]);
    let m = &an["moves"][160];
    assert_eq!(
        (m["index"].as_u64(), m["action"].as_str(), m["seat"].as_str()),
        (Some(161), Some("ret=JP"), Some("P1"))
    );
    assert_eq!(m["blunder"], true);
    assert_eq!(m["before"]["value"], "win");
    assert!(!m["before"]["pv"].as_array().unwrap().is_empty(), "the proof line comes with the mark: {m}");
    assert!(m["label"]["en"].as_str().unwrap().starts_with("Blunder"), "{m}");
    // Only proved wins thrown away are marked; setup moves are not analysed.
    for m in an["moves"].as_array().unwrap() {
        if m["blunder"] == true {
            assert_eq!(m["before"]["value"], "win", "{m}");
            assert_ne!(m["after"]["value"], "win", "{m}");
        } else if m["before"]["value"] != "win" {
            assert!(!an["blunders"].as_array().unwrap().contains(&m["index"]), "{m}");
        }
    }
    assert!(an["moves"][0]["before"].is_null(), "the first move is a setup choice");
    // The server says what the library says about the same replay.
    let replay = engine::Replay::from_json(&a.get(&format!("/api/tables/{id}/replay")).await.body).unwrap();
    assert_eq!(an, &analysed(&replay, 5000).unwrap());

    for bad in ["0", "200001", "x"] {
        let r = a.get(&format!("/api/tables/{id}/analysis?max_nodes={bad}")).await;
        assert_eq!(r.status, 400, "max_nodes={bad}: {}", r.body);
    }
    assert_eq!(a.get("/api/tables/nope/analysis").await.status, 404);
    srv.task.abort();
    db.cleanup().await;
}

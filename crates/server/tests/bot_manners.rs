//! Issue #16 item 3: bots at practice tables accept the take-backs the undo rules allow (the
//! player's move and the bot's reply go back together), refuse nothing more, and answer draw
//! offers. The bots' judgement of a draw is the host's (crates/ai tests it); here a scripted host
//! says yes or no, and the server must act on the answer.

mod common;

use common::*;
use engine::{DynGame, Seat};
use serde_json::json;
use server::BotHost;
use std::sync::Arc;
use store::testdb::TestDb;

/// Bots that take one pebble; `agreeable` accepts every draw, `stubborn` refuses every draw.
struct ScriptedBots;

impl BotHost for ScriptedBots {
    fn choose(&self, game: &dyn DynGame, seat: Seat, _spec: &str, _seed: u64) -> Result<String, String> {
        assert_eq!(game.status().to_act(), Some(seat));
        Ok("take1".into())
    }
    fn validate(&self, _game: &str, spec: &str) -> Result<(), String> {
        match spec {
            "agreeable" | "stubborn" => Ok(()),
            _ => Err(format!("unknown bot '{spec}'")),
        }
    }
    fn accepts_draw(&self, game: &dyn DynGame, seat: Seat, spec: &str, _seed: u64) -> Result<bool, String> {
        assert!(seat.index() < game.num_seats());
        Ok(spec == "agreeable")
    }
}

async fn bot_table(srv: &server::Running, a: &Client, spec: &str, options: serde_json::Value) -> Sock {
    let id = a
        .create(
            json!({"game": "pebbles", "options": options, "seats": [{"kind": "open"}, {"kind": "bot", "spec": spec}]}),
        )
        .await;
    let t0 = a.join(&id, 0).await;
    a.start(&id).await;
    Sock::connect(srv.addr, &id, Some(&t0)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_accepts_a_take_back_of_a_move_it_has_answered() {
    let db = TestDb::sqlite();
    let srv = server_with(&db.url, test_limits(), registry(), Arc::new(ScriptedBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let mut s = bot_table(&srv, &a, "stubborn", json!({"pile": 15})).await;
    s.send(json!({"type": "act", "action": "take1", "seq": 0})).await;
    assert_eq!(s.at_seq(2).await["view"]["pile"], 13, "the bot answered");
    s.send(json!({"type": "request_undo"})).await;
    let m = s.until(|m| m["type"] == "state" || m["type"] == "error").await;
    assert_eq!(m["seq"], 0, "both the move and the bot's reply are taken back: {m}");
    assert_eq!(m["view"]["pile"], 15);
    assert_eq!(Sock::legal(&m).len(), 4, "the player is to act again");
    // Play goes on from there, and the bot answers again.
    s.send(json!({"type": "act", "action": "take2", "seq": 0})).await;
    assert_eq!(s.at_seq(2).await["view"]["pile"], 12);
    srv.task.abort();
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_answer_draw_offers() {
    let db = TestDb::sqlite();
    let srv = server_with(&db.url, test_limits(), registry(), Arc::new(ScriptedBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;

    let mut s = bot_table(&srv, &a, "stubborn", json!({"pile": 30})).await;
    s.send(json!({"type": "offer_draw"})).await;
    let no = s.until(|m| m["type"] == "declined").await;
    assert_eq!((no["offer"].as_str(), no["by"].as_u64()), (Some("draw"), Some(1)), "{no}");
    s.send(json!({"type": "act", "action": "take1", "seq": 0})).await;
    assert_eq!(s.at_seq(1).await["table_status"], "playing", "the game goes on");

    let mut s = bot_table(&srv, &a, "agreeable", json!({"pile": 30})).await;
    s.send(json!({"type": "offer_draw"})).await;
    let end = s.until(|m| m["table_status"] == "finished").await;
    assert_eq!(end["result"]["reason"], "draw agreed");
    assert_eq!(end["result"]["winners"], json!([]));
    srv.task.abort();
    db.cleanup().await;
}

//! Out-of-turn actions over the socket (docs/protocol.md, `out_of_turn`; engine
//! `Game::out_of_turn_actions`): in a Riftbound Bo3 match a seat that is not to act is shown, and
//! may play, the concession of the current game as well as of the whole match (CR 649); another
//! seat's out-of-turn action is refused from anyone else; the stored out-of-turn action replays
//! on a rebuild. On SQLite and PostgreSQL.

mod common;

use common::*;
use engine::Registry;
use serde_json::{json, Value};
use server::{RandomBots, Running};
use std::sync::Arc;
use store::testdb::TestDb;

async fn serve(db: &TestDb) -> Running {
    server_with(&db.url, test_limits(), Registry::new().with::<riftbound::RiftGame>(), Arc::new(RandomBots)).await
}

fn notations(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|a| a["notation"].as_str().unwrap().to_string()).collect()
}

async fn concede_the_current_game_out_of_turn(db: &TestDb) {
    let srv = serve(db).await;
    let ann = Client::guest(srv.addr, "Ann").await;
    let bob = Client::guest(srv.addr, "Bob").await;
    let deck = riftbound::starter::STARTER_DECKS[0].0;
    let id = ann
        .create(json!({
            "game": "riftbound",
            "options": {"match": "bo3", "allow_concede": true},
            "setup": {"seats": [{"deck": deck}, {"deck": deck}]},
        }))
        .await;
    let tokens = [ann.join(&id, 0).await, bob.join(&id, 1).await];
    ann.start(&id).await;
    let mut socks =
        [Sock::connect(srv.addr, &id, Some(&tokens[0])).await, Sock::connect(srv.addr, &id, Some(&tokens[1])).await];
    let to_act = socks[0].last_state()["status"]["to_act"].as_u64().expect("someone is to act") as usize;
    let (a, o) = (to_act, 1 - to_act);
    let (pa, po) = (format!("P{}", a + 1), format!("P{}", o + 1));
    // The seat not to act: no legal actions, but its out-of-turn ones, labelled.
    let shown = socks[o].last_state().clone();
    assert!(shown["legal"].as_array().unwrap().is_empty(), "{shown}");
    assert_eq!(notations(&shown["out_of_turn"]), [format!("concede {po}"), format!("concede {po} match")]);
    assert_eq!(shown["out_of_turn"][0]["kind"], "concede");
    assert!(!shown["out_of_turn"][0]["label"]["zh"].as_str().unwrap().is_empty());
    // The seat to act sees its own (also among its legal actions).
    let mine = socks[a].last_state().clone();
    assert_eq!(notations(&mine["out_of_turn"]), [format!("concede {pa}"), format!("concede {pa} match")]);
    // Another seat's out-of-turn action is refused from the seat to act (the game could not tell
    // who sent it), and the seat not to act may play nothing else.
    socks[a].send(json!({"type": "act", "action": format!("concede {po}"), "id": "x1"})).await;
    let e = socks[a].error().await;
    assert_eq!((e["kind"].as_str(), e["id"].as_str()), (Some("unauthorised"), Some("x1")), "{e}");
    socks[o].send(json!({"type": "act", "action": "keep", "id": "x2"})).await;
    assert_eq!(socks[o].error().await["kind"], "out_of_turn");
    // Out of turn, the seat concedes game 1 alone: the match goes on, game 1 is the other's.
    assert_eq!(socks[o].act(&format!("concede {po}"), "g1").await, 1);
    let m = socks[a].at_seq(1).await;
    assert_eq!(m["table_status"], "playing", "{m}");
    assert_eq!(m["view"]["match"]["games"][0]["winner"], a, "{}", m["view"]["match"]);
    srv.task.abort();
    // A restarted server rebuilds the table: the stored out-of-turn concession replays.
    let again = serve(db).await;
    let s = Sock::connect(again.addr, &id, Some(&tokens[o])).await;
    let m = s.last_state();
    assert_eq!((m["table_status"].as_str(), m["seq"].as_u64()), (Some("playing"), Some(1)), "{m}");
    assert_eq!(m["view"]["match"]["games"][0]["winner"], a);
    again.task.abort();
}
on_both_databases!(a_seat_not_to_act_concedes_the_current_game_of_a_match, concede_the_current_game_out_of_turn);

//! Tables created with their own card set (docs/protocol.md "Card sets"): size-limited,
//! validated whole, stored in the options so that a restart and the replay rebuild the set,
//! and served as the table's catalogue. On the engine's Pebbles game, whose cards are its
//! take sizes.

mod common;

use common::*;
use serde_json::{json, Value};
use server::Limits;
use store::testdb::TestDb;

const FOUR_FIVE: &str =
    "game = \"pebbles\"\n[[card]]\nid = \"four\"\ntake = 4\nname_en = \"Four\"\nname_zh = \"四\"\n\n\
                         [[card]]\nid = \"five\"\ntake = 5\nname_en = \"Five\"\nname_zh = \"五\"\n\n\
                         [[card]]\nid = \"one\"\ntake = 1\nname_en = \"One\"\nname_zh = \"一\"\n";

fn keys(cards: &Value) -> Vec<String> {
    cards.as_array().unwrap().iter().map(|c| c["key"].as_str().unwrap().to_string()).collect()
}

async fn uploaded_sets_are_played_stored_and_rebuilt(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    // As the file's text.
    let r = a
        .post(
            "/api/tables",
            json!({"game": "pebbles", "options": {"pile": 30}, "cards": {"format": "toml", "text": FOUR_FIVE}}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let created = r.json();
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["custom_cards"], true);
    assert!(created["options"].get("cards").is_none(), "listings name the set, not its cards: {created}");
    assert_eq!(keys(&a.get(&format!("/api/tables/{id}/cards")).await.json()), ["pile", "four", "five", "one"]);
    // The game's own catalogue is unchanged.
    assert_eq!(keys(&a.get("/api/games/pebbles/cards").await.json()), ["pile", "take1", "take2", "take3"]);

    let t0 = a.join(&id, 0).await;
    let t1 = b.join(&id, 1).await;
    a.start(&id).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    let first = s0.at_seq(0).await;
    assert_eq!(first["custom_cards"], true);
    assert_eq!(Sock::legal(&first), ["take1", "take4", "take5", "bonus"]);
    s0.send(json!({"type": "act", "action": "take2", "seq": 0})).await;
    assert!(s0.error().await["message"].as_str().unwrap().contains("no card of this set takes 2"));
    s0.send(json!({"type": "act", "action": "take5", "seq": 0})).await;
    s1.at_seq(1).await;
    s1.send(json!({"type": "act", "action": "take4", "seq": 1})).await;
    s0.at_seq(2).await;
    srv.task.abort();
    drop((s0, s1));

    // A restart rebuilds the table with its set; the game goes on to the end.
    let srv = start(db).await;
    let a = Client { addr: srv.addr, ..a };
    assert_eq!(keys(&a.get(&format!("/api/tables/{id}/cards")).await.json()), ["pile", "four", "five", "one"]);
    let mut socks = [Sock::connect(srv.addr, &id, Some(&t0)).await, Sock::connect(srv.addr, &id, Some(&t1)).await];
    let mut seq = 2;
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
    // The replay holds the set and rebuilds the game with it.
    let replay = engine::Replay::from_json(&a.get(&format!("/api/tables/{id}/replay")).await.body).unwrap();
    assert_eq!(replay.options["cards"]["card"][1]["take"], 5);
    assert_eq!(&replay.actions[..2], ["take5", "take4"]);
    registry().get("pebbles").unwrap().replay(&replay).expect("the replay rebuilds with its set");

    // As a document in options.cards (what a replay's options hold).
    let doc = replay.options["cards"].clone();
    let r = a.post("/api/tables", json!({"game": "pebbles", "options": {"cards": doc}})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let id2 = r.json()["id"].as_str().unwrap().to_string();
    assert_eq!(keys(&a.get(&format!("/api/tables/{id2}/cards")).await.json()), ["pile", "four", "five", "one"]);
    srv.task.abort();
}
on_both_databases!(uploaded_sets_on, uploaded_sets_are_played_stored_and_rebuilt);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_and_oversized_sets_are_refused_and_create_nothing() {
    let db = TestDb::sqlite();
    let srv = server_on(&db.url, Limits { max_card_set_bytes: 1024, ..test_limits() }).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let bad = FOUR_FIVE.replace("take = 5", "take = 50").replace("name_en = \"Four\"", "name_en = \"\"");
    let r = a.post("/api/tables", json!({"game": "pebbles", "cards": {"format": "toml", "text": bad}})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(
        r.json()["error"],
        "the card set is refused (2 problems):\n\
         cards:5:11: card 'four' field 'name_en': the English name is empty\n\
         cards:10:8: card 'five' field 'take': take must be 1 to 9, not 50"
    );
    let r = a.post("/api/tables", json!({"game": "pebbles", "options": {"cards": {"card": [{"id": "x", "take": 0, "name_en": "X", "name_zh": "叉"}, {"id": "y", "take": 1, "name_en": "Y", "name_zh": "丫"}]}}})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.json()["error"].as_str().unwrap().contains("options.cards at /card/0/take: card 'x' field 'take'"),
        "{}",
        r.body
    );
    let r = a.post("/api/tables", json!({"game": "pebbles", "cards": {"format": "yaml", "text": FOUR_FIVE}})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    // Over the limit: 413, naming the size and the setting.
    let big = format!("{FOUR_FIVE}{}", "# padding\n".repeat(120));
    let r = a.post("/api/tables", json!({"game": "pebbles", "cards": {"format": "toml", "text": big}})).await;
    assert_eq!(r.status, 413, "{}", r.body);
    let e = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        e.contains(&format!("{} bytes", big.len())) && e.contains("at most 1024 bytes (max_card_set_bytes)"),
        "{e}"
    );
    let r = a
        .post("/api/tables", json!({"game": "pebbles", "options": {"cards": {"card": [], "pad": "x".repeat(2000)}}}))
        .await;
    assert_eq!(r.status, 413, "{}", r.body);
    // Both at once is ambiguous.
    let r = a.post("/api/tables", json!({"game": "pebbles", "options": {"cards": {"card": []}}, "cards": {"format": "toml", "text": FOUR_FIVE}})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(a.get("/api/tables?status=all").await.json().as_array().unwrap().len(), 0, "nothing was created");
    srv.task.abort();
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupt_stored_table_is_named_marked_broken_and_no_longer_listed() {
    let db = TestDb::sqlite();
    let srv = start(&db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (id, [t0, t1]) = two_player_table(&a, &b, json!({"pile": 20})).await;
    let (good, _) = two_player_table(&a, &b, json!({"pile": 20})).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    s0.send(json!({"type": "act", "action": "take2", "seq": 0})).await;
    s1.at_seq(1).await;
    s1.send(json!({"type": "act", "action": "take1", "seq": 1})).await;
    s0.at_seq(2).await;
    srv.task.abort();
    drop((s0, s1));

    // The stored second action is changed to one that is never legal.
    let store = store::Store::open(&db.url).await.unwrap();
    sqlx::query("UPDATE actions SET notation = 'take7' WHERE table_id = $1 AND seq = 2")
        .bind(&id)
        .execute(store.pool())
        .await
        .unwrap();
    store.close().await;

    let srv = start(&db).await;
    let a = Client { addr: srv.addr, ..a };
    let r = a.get(&format!("/api/tables/{id}")).await;
    assert_eq!(r.status, 409, "{}", r.body);
    let e = r.json()["error"].as_str().unwrap().to_string();
    assert!(e.starts_with(&format!("table {id} is broken: its stored game no longer rebuilds")), "{e}");
    assert!(e.contains("action 2 'take7'") && e.contains("no card of this set takes 7"), "{e}");
    // The socket and the replay say the same; nothing is a 500.
    for path in [format!("/api/tables/{id}/replay"), format!("/api/tables/{id}/cards")] {
        let r = a.get(&path).await;
        assert_eq!(r.status, 409, "{path}: {}", r.body);
    }
    // Listed as broken, not as playing; the good table plays on.
    let playing: Vec<String> = a
        .get("/api/tables")
        .await
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(playing, std::slice::from_ref(&good));
    let broken = a.get("/api/tables?status=broken").await.json();
    assert_eq!(broken[0]["id"], id.as_str());
    assert_eq!(broken[0]["status"], "broken");
    assert!(broken[0]["result"]["broken"].as_str().unwrap().contains("take7"), "{broken}");
    srv.task.abort();

    // Another restart leaves it broken, answered from the mark without rebuilding.
    let srv = start(&db).await;
    let a = Client { addr: srv.addr, ..a };
    assert_eq!(a.get(&format!("/api/tables/{id}")).await.status, 409);
    assert_eq!(a.get(&format!("/api/tables/{good}")).await.status, 200);
    srv.task.abort();
    db.cleanup().await;
}

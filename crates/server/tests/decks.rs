//! The deck libraries over REST, on SQLite and PostgreSQL: Ardent Reapers decks generated,
//! listed, filtered, shown, printed, exported and deleted; the Ardent card pool; Riftbound deck
//! lists validated (CR 103), saved, listed and deleted.

mod common;

use common::*;
use serde_json::json;
use store::testdb::TestDb;

async fn ardent_library(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let nobody = Client { addr: srv.addr, cookie: String::new() };
    assert_eq!(nobody.post("/api/decks/ardent/generate", json!({"count": 1})).await.status, 401);
    assert_eq!(a.post("/api/decks/ardent/generate", json!({"count": 0})).await.status, 400);
    assert_eq!(a.post("/api/decks/ardent/generate", json!({"count": 51})).await.status, 400, "at most 50 a request");

    let r = a.post("/api/decks/ardent/generate", json!({"count": 3})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let made = r.json();
    let made = made.as_array().unwrap();
    assert_eq!(made.len(), 3);
    assert_eq!(made[0]["serial"], 0, "the first serial of an empty library is 0");
    assert_eq!(made[2]["serial"], 2);
    for d in made {
        assert_eq!(d["cards"].as_array().unwrap().len(), ardent::DECK_SIZE, "spec §2.1: 17 cards");
    }
    // The same serials again are refused, and the next request continues after them.
    let again = a.post("/api/decks/ardent/generate", json!({"count": 1, "serial": 1})).await;
    assert_eq!(again.status, 409, "{}", again.body);
    let next = a.post("/api/decks/ardent/generate", json!({})).await.json();
    assert_eq!(next[0]["serial"], 3);

    let all = a.get("/api/decks/ardent").await.json();
    assert_eq!(all.as_array().unwrap().len(), 4);
    // Filters: a card of the first deck, its name, a rarity it holds.
    let first = &made[0];
    let card = first["cards"][0].as_str().unwrap().replace(' ', "%20");
    let by_card = a.get(&format!("/api/decks/ardent?card={card}")).await.json();
    assert!(by_card.as_array().unwrap().iter().any(|d| d["id"] == first["id"]));
    for d in by_card.as_array().unwrap() {
        assert!(d["cards"].as_array().unwrap().contains(&first["cards"][0]), "{d}");
    }
    let word = first["name"].as_str().unwrap().split(' ').next().unwrap().to_string();
    let by_name = a.get(&format!("/api/decks/ardent?name={word}")).await.json();
    assert!(by_name.as_array().unwrap().iter().any(|d| d["id"] == first["id"]), "{by_name}");
    let rarity = first["rarities"][0].as_str().unwrap().to_lowercase();
    let by_rarity = a.get(&format!("/api/decks/ardent?rarity={rarity}")).await.json();
    assert!(by_rarity.as_array().unwrap().iter().any(|d| d["id"] == first["id"]));
    assert_eq!(a.get("/api/decks/ardent?rarity=mythic").await.status, 400);
    assert_eq!(a.get("/api/decks/ardent?card=Nope%20999").await.status, 400);

    // One deck with its cards' data.
    let id = first["id"].as_str().unwrap();
    let shown = a.get(&format!("/api/decks/ardent/{id}")).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    let shown = shown.json();
    let cards = shown["card_data"].as_array().unwrap();
    assert_eq!(cards.len(), 17);
    for c in cards {
        assert!(c["name_en"].as_str().is_some_and(|n| !n.is_empty()), "{c}");
        assert!(c["name_zh"].as_str().is_some_and(|n| !n.is_empty()), "{c}");
        assert!(["Creature", "Relic", "Action"].contains(&c["type"].as_str().unwrap()));
        assert_eq!(c["power"].is_number(), c["type"] == "Creature", "power only on creatures: {c}");
        assert!(c["vp"].is_number() && c["rarity"].is_string() && c["text_en"].is_string() && c["text_zh"].is_string());
    }
    assert_eq!(a.get("/api/decks/ardent/nope").await.status, 404);

    // Print-and-play PDF, both papers; exports.
    let pdf = a.get(&format!("/api/decks/ardent/{id}/pdf")).await;
    assert_eq!(pdf.status, 200, "{}", pdf.body);
    assert_eq!(pdf.header("content-type"), Some("application/pdf"));
    assert!(pdf.body.starts_with("%PDF"), "a PDF file");
    let letter = a.get(&format!("/api/decks/ardent/{id}/pdf?paper=letter")).await;
    assert_eq!(letter.status, 200);
    assert_ne!(letter.body.len(), 0);
    assert_eq!(a.get(&format!("/api/decks/ardent/{id}/pdf?paper=a3")).await.status, 400);
    let text = a.get(&format!("/api/decks/ardent/{id}/export?format=text")).await;
    assert_eq!(text.status, 200);
    let list =
        ardent::DeckList::from_text(ardent::CardDb::omega_codex(), &text.body).expect("the text export reads back");
    assert_eq!(serde_json::to_value(&list.cards).unwrap(), first["cards"]);
    let js = a.get(&format!("/api/decks/ardent/{id}/export?format=json")).await;
    assert_eq!(
        ardent::DeckList::from_json(ardent::CardDb::omega_codex(), &js.body).expect("the JSON export reads back"),
        list
    );
    assert_eq!(a.get(&format!("/api/decks/ardent/{id}/export?format=tts")).await.status, 400);

    // Delete.
    assert_eq!(nobody.delete(&format!("/api/decks/ardent/{id}")).await.status, 401);
    assert_eq!(a.delete(&format!("/api/decks/ardent/{id}")).await.status, 200);
    assert_eq!(a.get(&format!("/api/decks/ardent/{id}")).await.status, 404);
    assert_eq!(a.delete(&format!("/api/decks/ardent/{id}")).await.status, 404);
    assert_eq!(a.get("/api/decks/ardent").await.json().as_array().unwrap().len(), 3);
    srv.task.abort();
}
on_both_databases!(ardent_library_on, ardent_library);

#[tokio::test]
async fn ardent_card_pool_is_served() {
    let db = TestDb::sqlite();
    let games = registry().with::<ardent::ArdentGame>();
    let srv = server_with(&db.url, server::Limits::default(), games, std::sync::Arc::new(server::RandomBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let pool = a.get("/api/games/ardent/cards").await.json();
    let pool = pool.as_array().unwrap();
    assert_eq!(pool.len(), ardent::CardDb::omega_codex().cards().len());
    assert_eq!(pool[43]["code"], "OmegaCodex 044");
    assert_eq!(pool[43]["name_en"], ardent::CardDb::omega_codex().def(43).name_en);
    assert!(pool.iter().any(|c| c["keywords"].as_array().is_some_and(|k| !k.is_empty())), "keywords are listed");
    srv.task.abort();
    db.cleanup().await;
}

async fn riftbound_lists(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let good = riftbound::starter::STARTER_DECKS[0].1;
    let ok = a.post("/api/decks/riftbound/validate", json!({"list": good})).await.json();
    assert_eq!(ok, json!({"ok": true, "problems": []}));
    // A starter deck has fewer than 40 main-deck cards? Whatever it has, tournament play asks
    // for exactly 40 (TR 601.1.b): the answer agrees with the rules crate.
    let t = a.post("/api/decks/riftbound/validate", json!({"list": good, "tournament": true})).await.json();
    let expected = riftbound::DeckList::parse(good).unwrap().problems(true);
    assert_eq!(t["problems"], json!(expected));

    // Too few cards and an unknown card: every problem is listed.
    let bad = "Legend: 1 Roxa, Wildfire Heart\nChampion: 1 Roxa, Fuse Runner\nMain Deck:\n3 Blast Runner\n";
    let r = a.post("/api/decks/riftbound/validate", json!({"list": bad})).await.json();
    assert_eq!(r["ok"], false);
    assert!(!r["problems"].as_array().unwrap().is_empty(), "{r}");
    let nonsense = a.post("/api/decks/riftbound/validate", json!({"list": "3 No Such Card At All"})).await.json();
    assert_eq!(nonsense["ok"], false, "{nonsense}");
    assert_eq!(a.post("/api/decks/riftbound/validate", json!({"text": good})).await.status, 400);

    // Save (legal lists only), list with the starters, delete.
    let refused = a.post("/api/decks/riftbound", json!({"name": "broken", "list": bad})).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    let saved = a.post("/api/decks/riftbound", json!({"name": "My Roxa", "list": good})).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let id = saved.json()["id"].as_str().unwrap().to_string();
    let listed = a.get("/api/decks/riftbound").await.json();
    assert_eq!(listed["starters"].as_array().unwrap().len(), 4);
    let mine = listed["saved"].as_array().unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["name"], "My Roxa");
    assert_eq!(mine[0]["list"], good);
    assert_eq!(mine[0]["saved_by"], "Ann");
    let bob = Client::guest(srv.addr, "Bob").await;
    assert_eq!(bob.delete(&format!("/api/decks/riftbound/{id}")).await.status, 403, "only who saved it deletes it");
    assert_eq!(a.delete(&format!("/api/decks/riftbound/{id}")).await.status, 200);
    assert_eq!(a.delete(&format!("/api/decks/riftbound/{id}")).await.status, 404);
    assert!(a.get("/api/decks/riftbound").await.json()["saved"].as_array().unwrap().is_empty());
    srv.task.abort();
}
on_both_databases!(riftbound_lists_on, riftbound_lists);

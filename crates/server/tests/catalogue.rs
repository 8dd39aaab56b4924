//! `GET /api/games/{game}/cards` for every game (issue #12, item 2): complete against each
//! game's card data, every card in both languages, legends, battlefields and court cards with
//! their rules text.

mod common;

use common::*;
use engine::{CardInfo, Game, Registry};
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;
use store::testdb::TestDb;

fn games() -> Registry {
    Registry::new().with::<fate::FateGame>().with::<ardent::ArdentGame>().with::<riftbound::RiftGame>()
}

async fn served(game: &str) -> Vec<CardInfo> {
    let db = TestDb::sqlite();
    let srv = server_with(&db.url, server::Limits::default(), games(), Arc::new(server::RandomBots)).await;
    let anyone = Client { addr: srv.addr, cookie: String::new() };
    let r = anyone.get(&format!("/api/games/{game}/cards")).await;
    assert_eq!(r.status, 200, "{game}: {}", r.body);
    let cards: Vec<CardInfo> = serde_json::from_value(r.json()).expect("the catalogue shape");
    srv.task.abort();
    db.cleanup().await;
    engine::present::check_catalogue(&cards).unwrap_or_else(|e| panic!("{game}: {e}"));
    for c in &cards {
        assert!(!c.text_en.trim().is_empty() || c.type_en.contains("Pip"), "{game} {}: no rules text", c.key);
    }
    cards
}

/// The catalogue of a game built the way a table builds it.
fn engine_catalogue<G: Game>() -> Vec<CardInfo> {
    let options = G::Options::default();
    let setup = G::sample_setup(&options, &mut engine::GameRng::new(0)).unwrap();
    G::new(&options, &setup, 0).unwrap().catalogue()
}

fn keys(cards: &[CardInfo]) -> BTreeSet<String> {
    cards.iter().map(|c| c.key.clone()).collect()
}

#[tokio::test]
async fn fate_catalogue_has_every_court_card_with_its_skill_and_every_pip() {
    let cards = served("fate").await;
    assert_eq!(keys(&cards), keys(&engine_catalogue::<fate::FateGame>()));
    let court: Vec<&CardInfo> = cards.iter().filter(|c| c.power.is_none() || !c.type_en.contains("Pip")).collect();
    // 16 court cards a side (each side's cards are their own), every one with its skill.
    let court: Vec<&&CardInfo> = court.iter().filter(|c| !c.type_en.contains("Pip")).collect();
    assert_eq!(court.len(), 32, "{:?}", court.iter().map(|c| &c.key).collect::<Vec<_>>());
    for c in &court {
        assert!(!c.text_en.is_empty() && !c.text_zh.is_empty(), "{}: no skill text", c.key);
    }
    assert_eq!(cards.iter().filter(|c| c.type_en.contains("Pip")).count(), 40, "the 40 pip cards");
}

#[tokio::test]
async fn ardent_catalogue_is_the_whole_pool_in_both_languages() {
    let cards = served("ardent").await;
    assert_eq!(cards.len(), ardent::CardDb::omega_codex().cards().len());
    for (i, c) in cards.iter().enumerate() {
        let d = ardent::CardDb::omega_codex().def(i as u8);
        assert_eq!(
            (c.key.as_str(), c.name_zh.as_str(), c.text_zh.as_str()),
            (i.to_string().as_str(), d.name_zh.as_str(), d.text_zh.as_str())
        );
        assert_eq!(c.extra.get("code"), Some(&Value::from(d.code.clone())));
    }
}

#[tokio::test]
async fn riftbound_catalogue_has_every_card_legend_and_battlefield_with_text() {
    let cards = served("riftbound").await;
    assert_eq!(keys(&cards), keys(&engine_catalogue::<riftbound::RiftGame>()));
    for kind in ["Legend", "Battlefield", "Unit", "Rune"] {
        let of_kind: Vec<&CardInfo> = cards.iter().filter(|c| c.type_en.contains(kind)).collect();
        assert!(!of_kind.is_empty(), "no {kind} in the catalogue");
        if kind == "Legend" || kind == "Battlefield" {
            for c in of_kind {
                assert!(!c.text_en.is_empty() && !c.text_zh.is_empty(), "{}: its ability text is missing", c.key);
            }
        }
    }
    assert!(cards.iter().all(|c| !c.name_zh.is_empty() && !c.text_zh.is_empty() || c.text_en.is_empty()));
}

#[tokio::test]
async fn an_unknown_game_has_no_catalogue() {
    let db = TestDb::sqlite();
    let srv = server_with(&db.url, server::Limits::default(), games(), Arc::new(server::RandomBots)).await;
    let anyone = Client { addr: srv.addr, cookie: String::new() };
    assert_eq!(anyone.get("/api/games/chess/cards").await.status, 404);
    srv.task.abort();
    db.cleanup().await;
}

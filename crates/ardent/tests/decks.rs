//! Deck lists (spec §8): the bundled real decks, our text and JSON formats, the official
//! site's JSON, and clear errors for bad input.

use ardent::{CardDb, CardType, DeckList, Rarity};

fn db() -> &'static CardDb {
    CardDb::omega_codex()
}

fn def(id: u8) -> &'static ardent::CardDef {
    db().def(id)
}

fn sample_decks() -> Vec<DeckList> {
    ardent::sample_decks(db()).unwrap()
}

fn ids(d: &DeckList) -> Vec<u8> {
    d.resolve(ardent::CardDb::omega_codex()).unwrap()
}

#[test]
fn the_two_bundled_decks_are_the_real_argel_lists() {
    let decks = sample_decks();
    assert_eq!(decks.len(), 2);
    let count = |d: &DeckList, t: CardType| ids(d).iter().filter(|&&i| def(i).card_type == t).count();
    let rare = |d: &DeckList| ids(d).iter().filter(|&&i| def(i).rarity == Rarity::Rare).count();
    let marla = &decks[0];
    assert_eq!(marla.name, "Marla \"Buff\" Grafani");
    assert_eq!(
        (count(marla, CardType::Creature), count(marla, CardType::Relic), count(marla, CardType::Action)),
        (9, 1, 7)
    );
    assert_eq!(rare(marla), 1);
    assert_eq!(marla.cards.iter().filter(|c| *c == "OmegaCodex 044").count(), 2);
    let sig = &decks[1];
    assert_eq!(sig.name, "Sigriðr the Frequent");
    assert_eq!((count(sig, CardType::Creature), count(sig, CardType::Relic), count(sig, CardType::Action)), (10, 3, 4));
    assert_eq!(rare(sig), 6);
}

#[test]
fn text_format_round_trips() {
    for d in sample_decks() {
        let text = d.to_text(db());
        assert_eq!(text.lines().count(), 18);
        assert_eq!(DeckList::from_text(db(), &text).unwrap(), d);
    }
}

#[test]
fn json_format_round_trips() {
    for d in sample_decks() {
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(DeckList::from_json(db(), &json).unwrap(), d);
    }
}

#[test]
fn bad_text_names_the_problem() {
    let good = sample_decks()[0].to_text(db());
    let e = DeckList::from_text(db(), &good.replace("OmegaCodex 002 Jater", "OmegaCodex 102 Jater")).unwrap_err();
    assert!(e.0.contains("line 2") && e.0.contains("unknown card"), "{e}");
    let e = DeckList::from_text(db(), &good.replace("OmegaCodex 002 Jater", "OmegaCodex 002 Vix")).unwrap_err();
    assert!(e.0.contains("is 'Jater', not 'Vix'"), "{e}");
    let e = DeckList::from_text(db(), &good.replace("OmegaCodex 002 Jater\n", "")).unwrap_err();
    assert!(e.0.contains("16 cards"), "{e}");
    let e = DeckList::from_text(db(), &good.replace("Name: Marla \"Buff\" Grafani\n", "")).unwrap_err();
    assert!(e.0.contains("Name:"), "{e}");
    let e = DeckList::from_text(db(), &good.replace("OmegaCodex 002 Jater", "OmegaCodex two Jater")).unwrap_err();
    assert!(e.0.contains("not a card code"), "{e}");
}

#[test]
fn bad_json_names_the_problem() {
    assert!(DeckList::from_json(db(), "{").unwrap_err().0.contains("not a deck JSON"));
    let e = DeckList::from_json(db(), r#"{"name":"X","cards":["OmegaCodex 001","Nope 7"]}"#).unwrap_err();
    assert!(e.0.contains("Nope 7"), "{e}");
    let e = DeckList::from_json(db(), r#"{"name":"X","cards":["OmegaCodex 001"]}"#).unwrap_err();
    assert!(e.0.contains("1 cards"), "{e}");
}

fn official(titles: &[&str]) -> String {
    let cards: Vec<serde_json::Value> = titles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            serde_json::json!({"id": format!("uuid-{i}"), "title": t, "type": "Creature", "rarity": "Common", "victory_points": 1})
        })
        .collect();
    serde_json::json!({"id": "679a6701", "name": "Imported", "cards": cards}).to_string()
}

#[test]
fn official_site_json_is_matched_by_title() {
    let marla = &sample_decks()[0];
    let titles: Vec<String> = ids(marla).iter().map(|&i| def(i).name_en.clone()).collect();
    let refs: Vec<&str> = titles.iter().map(String::as_str).collect();
    let d = DeckList::from_official_json(db(), &official(&refs)).unwrap();
    assert_eq!(d.name, "Imported");
    assert_eq!(d.cards, marla.cards);
}

#[test]
fn official_site_json_names_titles_it_cannot_match() {
    let mut titles = vec!["Vix"; 15];
    titles.push("Wormhole Generator");
    titles.push("Mystery Card");
    let e = DeckList::from_official_json(db(), &official(&titles)).unwrap_err();
    assert!(e.0.contains("Wormhole Generator") && e.0.contains("Mystery Card"), "{e}");
    let e = DeckList::from_official_json(db(), r#"{"error":"Deck not found"}"#).unwrap_err();
    assert!(e.0.contains("Deck not found"), "{e}");
}

#[test]
fn random_decks_are_legal() {
    let mut rng = engine::GameRng::new(4);
    for _ in 0..200 {
        let d = ardent::random_deck(db(), &mut rng, "R").unwrap();
        let v = ids(&d);
        assert!(v.iter().filter(|&&i| def(i).card_type == CardType::Creature).count() >= 2);
    }
}

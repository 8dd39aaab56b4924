//! The card data file (data/st1.toml) and the effect vocabulary: every row is well-formed and
//! every instruction refers to something that exists, so no card can silently do nothing.

use engine::CardSet;
use riftbound::cards::{CardDb, Kind, On, What};

fn db() -> std::sync::Arc<CardDb> {
    CardDb::builtin()
}
use riftbound::starter::STARTER_DECKS;
use riftbound::DeckList;

#[test]
fn card_data_loads_with_every_starter_card() {
    let db = db();
    assert_eq!(db.cards.len(), 99);
    for (name, text) in STARTER_DECKS {
        let d = DeckList::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(d.legend.is_some() && d.champion.is_some());
    }
}

#[test]
fn ids_and_names_are_unique_and_every_card_has_chinese_and_text() {
    let db = db();
    for (i, a) in db.cards.iter().enumerate() {
        assert!(!a.zh.is_empty() && !a.text.is_empty(), "{}", a.id);
        for b in &db.cards[i + 1..] {
            assert_ne!(a.id, b.id);
            assert_ne!(a.name, b.name);
        }
    }
}

#[test]
fn every_spell_has_its_text_as_one_spell_ability() {
    for c in &db().cards {
        let spells = c.abilities.iter().filter(|a| a.on == On::Spell).count();
        assert_eq!(spells, usize::from(c.kind == Kind::Spell), "{}", c.name);
    }
}

#[test]
fn instructions_refer_to_existing_target_slots() {
    for c in &db().cards {
        for a in &c.abilities {
            for ins in &a.effects {
                if ins.op.takes_selector() && ins.who == riftbound::cards::Who::Target {
                    assert!((ins.t as usize) < a.targets.len(), "{}: slot {} missing", c.name, ins.t);
                }
            }
            for s in &a.targets {
                if s.what == What::Destination {
                    assert!((s.dest_of as usize) < a.targets.len(), "{}", c.name);
                }
            }
        }
    }
}

#[test]
fn legends_have_an_activated_ability_and_units_have_might() {
    for c in &db().cards {
        match c.kind {
            Kind::Legend => assert!(c.abilities.iter().any(|a| a.on == On::Activated), "{}", c.name),
            Kind::Unit | Kind::Token => assert!(c.might > 0, "{}", c.name),
            _ => {}
        }
    }
}

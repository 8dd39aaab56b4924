//! The new effect vocabulary (docs/riftbound-cards.md) on test-only cards swapped into ST1 by id:
//! selectors (each_enemy, units_at_t, subject), players (its_controller, each_opponent), and
//! that an unused selector still leaves ST1 cards as they were.
mod common;
use common::*;
use engine::{CardSet, Cards};
use riftbound::cards::CardDb;
use riftbound::state::{Loc, Zone};
use serde_json::json;

/// The Wildfire Rush harness, playing with ST1 plus these cards (replacing by id).
fn with(cards: serde_json::Value) -> T {
    let mut t = T::fury();
    t.plain();
    t.runes(0, 6);
    for _ in 0..2 {
        t.rune(0, "Ember Rune");
    }
    let set = CardDb::builtin().with_cards(cards.as_array().unwrap(), "test").unwrap_or_else(|e| panic!("{e}"));
    t.g.opts.cards = Cards::loaded(set);
    t
}

/// Sparkshot (ST1-014) rewritten: one enemy unit; stun every unit where it is; its controller
/// draws 2; each enemy unit takes 1.
fn sparkshot(effects: serde_json::Value) -> serde_json::Value {
    json!([{ "id": "ST1-014", "name": "Sparkshot", "zh": "火花弹", "kind": "spell", "domains": ["fury"],
             "energy": 1, "text": "Test.", "text_zh": "测试。",
             "ability": [{ "on": "spell", "targets": [{ "side": "enemy", "at": "battlefield" }], "do": effects }] }])
}

#[test]
fn its_controller_draws_and_units_at_t_are_all_units_there() {
    let mut t = with(sparkshot(json!([
        { "op": "stun", "who": "units_at_t" },
        { "op": "draw", "n": 2, "player": "its_controller" },
    ])));
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let mine = t.put(0, "Blast Runner", Loc::Bf(1));
    let away = t.put(1, "Tuskguard Boar", Loc::Bf(0));
    let (h0, h1) = (t.hand(0), t.hand(1));
    let s = t.in_hand(0, "Sparkshot");
    t.play(s, &[&format!("t c{e}")]);
    t.resolve();
    assert!(t.stunned(e) && t.stunned(mine), "every unit at that battlefield, friend or foe");
    assert!(!t.stunned(away), "not elsewhere");
    assert_eq!((t.hand(0), t.hand(1)), (h0, h1 + 2), "the target's controller draws, not the caster");
}

#[test]
fn each_enemy_and_each_opponent() {
    let mut t = with(sparkshot(json!([
        { "op": "damage", "n": 1, "who": "each_enemy" },
        { "op": "channel", "n": 1, "player": "each_opponent" },
    ])));
    let a = t.put(1, "Kindled Charger", Loc::Bf(1));
    let b = t.put(1, "Herd Caller", Loc::Base(1));
    let mine = t.put(0, "Blast Runner", Loc::Bf(0));
    let runes = t.board_runes(1);
    let s = t.in_hand(0, "Sparkshot");
    t.play(s, &[&format!("t c{a}")]);
    t.resolve();
    assert_eq!((t.damage(a), t.damage(b), t.damage(mine)), (1, 1, 0), "every enemy unit, base included");
    assert_eq!(t.board_runes(1), runes + 1, "the opponent channels");
}

#[test]
fn a_target_gone_before_resolution_gives_no_controller() {
    let mut t = with(sparkshot(json!([{ "op": "draw", "n": 2, "player": "its_controller" }])));
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let h1 = t.hand(1);
    let s = t.in_hand(0, "Sparkshot");
    t.play(s, &[&format!("t c{e}")]);
    t.g.kill(e);
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
    assert_eq!(t.hand(1), h1, "an illegal target does nothing (CR 359.3.e)");
}

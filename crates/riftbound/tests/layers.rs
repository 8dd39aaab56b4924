//! The layer system (CR 473–480, spec §21; src/layers.rs): copy effects and "Might becomes N"
//! (layer 1), keyword grants and losses (layer 2), arithmetic (layer 3), timestamps within a
//! layer, the end of "this turn" effects and of effects on an object that leaves the board; the
//! card-file vocabulary for them, and their position notation.
mod common;
use common::*;
use engine::{CardSet, Cards, Game};
use riftbound::cards::{kw, CardDb};
use riftbound::layers::Effect;
use riftbound::state::{Loc, Zone};
use riftbound::RiftGame;
use serde_json::json;

/// Wildfire Rush vs Thunderhorn Stampede with Sparkshot (ST1-014) rewritten to target a friendly
/// unit (slot 0) and an enemy unit (slot 1) and do `effects`.
fn with_sparkshot(effects: serde_json::Value) -> T {
    let card = json!([{ "id": "ST1-014", "name": "Sparkshot", "zh": "火花弹", "kind": "spell",
        "domains": ["fury"], "energy": 1, "text": "Test.", "text_zh": "测试。",
        "ability": [{ "on": "spell", "targets": [{ "side": "friendly" }, { "side": "enemy" }], "do": effects }] }]);
    let mut t = T::fury();
    t.plain();
    t.runes(0, 6);
    let set = CardDb::builtin().with_cards(card.as_array().unwrap(), "test").unwrap_or_else(|e| panic!("{e}"));
    t.g.opts.cards = Cards::loaded(set);
    t
}

/// Cast the rewritten Sparkshot at `mine` and `theirs` and resolve it.
fn cast(t: &mut T, mine: u16, theirs: u16) {
    let s = t.in_hand(0, "Sparkshot");
    t.play(s, &[&format!("t c{mine}"), &format!("t c{theirs}")]);
    t.pay();
    t.resolve();
}

#[test]
fn copy_takes_the_copied_card_and_ends_when_the_unit_leaves_the_board() {
    // CR 477.1: "becomes a copy of" — name, keywords, abilities of the copied card; Might too
    // (house interpretation, spec §29 #7). Owner and controller are not copied.
    let mut t = with_sparkshot(json!([{ "op": "copy", "t": 0, "n": 1 }]));
    let runner = t.put(0, "Blast Runner", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    assert!(!t.g.has_kw(runner, kw::TANK));
    t.g.objs[runner as usize].temp_might = 1;
    cast(&mut t, runner, boar);
    assert_eq!(t.g.card(runner).name, "Tuskguard Boar");
    assert!(t.g.has_kw(runner, kw::TANK), "the copy has the copied card's Tank");
    assert_eq!(t.might(runner), 2 + 1, "copied Might (2), and its +1 this turn still applies (layer 3)");
    assert_eq!(t.g.obj(runner).controller, 0);
    // CR 124: leaving the board makes a new object, which is its printed card again.
    t.g.set_zone(runner, Zone::Hand);
    assert_eq!(t.g.card(runner).name, "Blast Runner");
    assert!(t.g.effects.is_empty());
}

#[test]
fn copying_a_copy_copies_its_current_copyable_traits() {
    // CR 477.1: the copy of a copy is the card the first copy copied.
    let mut t = with_sparkshot(json!([{ "op": "copy", "t": 0, "n": 1 }]));
    let runner = t.put(0, "Blast Runner", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let lighter = t.put(0, "Fuse Lighter", Loc::Base(0));
    cast(&mut t, runner, boar);
    let d = t.g.obj(runner).def;
    t.g.add_effect(lighter, Effect::Copy { def: d, printed: d }, false);
    assert_eq!(t.g.card(lighter).name, "Tuskguard Boar");
    // The first copy ending (its unit left) does not undo the second.
    t.g.set_zone(runner, Zone::Trash);
    assert_eq!(t.g.card(lighter).name, "Tuskguard Boar");
    t.g.set_zone(lighter, Zone::Trash);
    assert_eq!(t.g.card(lighter).name, "Fuse Lighter");
}

#[test]
fn might_set_in_layer_one_comes_before_additions_of_layer_three() {
    // CR 476–477: "+3 this turn" (layer 3) applies after "becomes 1" (layer 1) whatever their
    // timestamps: 1 + 3, not 1.
    let mut t = with_sparkshot(json!([
        { "op": "might", "n": 3, "t": 0 },
        { "op": "set_might", "n": 1, "t": 0 },
    ]));
    let runner = t.put(0, "Blast Runner", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    cast(&mut t, runner, boar);
    assert_eq!(t.might(runner), 4);
    // "This turn" (CR 317): both end with the turn.
    t.end_turn();
    assert_eq!(t.might(runner), 2);
    assert!(t.g.effects.is_empty());
}

#[test]
fn timestamps_order_effects_within_layer_one() {
    // CR 479: a later "becomes 5" beats an earlier copy's Might; a later copy beats an earlier
    // "becomes 5".
    let mut t = with_sparkshot(json!([{ "op": "copy", "t": 0, "n": 1 }]));
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let b = t.put(0, "Fuse Lighter", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let boar_def = t.g.obj(boar).def;
    t.g.add_effect(a, Effect::Copy { def: boar_def, printed: boar_def }, false);
    t.g.add_effect(a, Effect::SetMight(5), true);
    assert_eq!(t.might(a), 5);
    t.g.add_effect(b, Effect::SetMight(5), true);
    t.g.add_effect(b, Effect::Copy { def: boar_def, printed: boar_def }, false);
    assert_eq!(t.might(b), 2);
    // The turn ends: "becomes 5" ends, the copies stay (they last while on the board).
    t.end_turn();
    assert_eq!((t.might(a), t.might(b)), (2, 2));
    assert_eq!(t.g.card(a).name, "Tuskguard Boar");
}

#[test]
fn keyword_grants_and_losses_apply_in_timestamp_order_in_layer_two() {
    // CR 477.2, 479: the Boar loses Tank, then a later grant gives it back; the other order
    // leaves it without. A Tank loss changes combat damage assignment (CR 815).
    let mut t = with_sparkshot(json!([
        { "op": "gain_keyword", "keyword": "ganking", "t": 0 },
        { "op": "lose_keyword", "keyword": "tank", "t": 1 },
    ]));
    let runner = t.put(0, "Blast Runner", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    cast(&mut t, runner, boar);
    assert!(t.g.has_kw(runner, kw::GANKING));
    assert!(!t.g.has_kw(boar, kw::TANK));
    t.g.add_effect(boar, Effect::Grant(kw::TANK), true);
    assert!(t.g.has_kw(boar, kw::TANK));
    t.g.add_effect(boar, Effect::Lose(kw::TANK), true);
    assert!(!t.g.has_kw(boar, kw::TANK));
    t.end_turn();
    assert!(t.g.has_kw(boar, kw::TANK) && !t.g.has_kw(runner, kw::GANKING), "this turn only (CR 317)");
}

#[test]
fn card_files_misusing_the_layer_ops_are_refused() {
    let bad = |ability: serde_json::Value| {
        let card = json!([{ "id": "T-1", "name": "T", "zh": "测", "kind": "spell", "domains": ["fury"],
            "text": "x", "text_zh": "x", "ability": [ability] }]);
        CardDb::builtin().with_cards(card.as_array().unwrap(), "test").err().map(|e| e.to_string()).unwrap_or_default()
    };
    let e = bad(json!({ "on": "spell", "targets": [{}], "do": [{ "op": "gain_keyword", "keyword": "flying" }] }));
    assert!(e.contains("'flying' is not a keyword"), "{e}");
    let e = bad(json!({ "on": "spell", "targets": [{}], "do": [{ "op": "copy", "n": 1 }] }));
    assert!(e.contains("copy: slot 1 is not a unit target"), "{e}");
    let e = bad(json!({ "on": "spell", "targets": [{}], "do": [{ "op": "stun", "keyword": "tank" }] }));
    assert!(e.contains("only gain_keyword and lose_keyword name a keyword"), "{e}");
}

#[test]
fn effects_loans_and_additional_turns_round_trip_in_the_position_notation() {
    let mut t = with_sparkshot(json!([{ "op": "copy", "t": 0, "n": 1 }]));
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let boar_def = t.g.obj(boar).def;
    t.g.add_effect(a, Effect::Copy { def: boar_def, printed: boar_def }, false);
    t.g.add_effect(a, Effect::SetMight(4), true);
    t.g.add_effect(boar, Effect::Lose(kw::TANK), true);
    t.g.add_effect(boar, Effect::Grant(kw::GANKING), true);
    t.g.gain_control(boar, 0, true);
    t.g.add_extra_turn(1);
    t.g.add_extra_turn(0);
    t.g.order_seat = 1;
    let text = t.g.position().unwrap();
    assert!(text.contains("effects e=c"), "{text}");
    assert!(text.contains(" extra=p2,p1 order=p2 loans=c"), "{text}");
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g, "read back differs\n{text}");
    assert_eq!(read.card(a).name, "Tuskguard Boar");
}

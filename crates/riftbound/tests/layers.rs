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
fn effects_control_and_additional_turns_round_trip_in_the_position_notation() {
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
    assert!(text.contains(" extra=p2,p1 order=p2 "), "{text}");
    // "This turn" control is a layer-1 control effect (CR 191, 317, 477.1; `control.rs`).
    assert!(text.contains(&format!(" e=c{boar}:control:p1:turn")), "{text}");
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g, "read back differs\n{text}");
    assert_eq!(read.card(a).name, "Tuskguard Boar");
}

/// The vocabulary of issue #13's second part (docs/riftbound-cards.md): `set_trait`, a static's
/// `limit`, gear targets, `grant_ability` and `granted` blocks refuse their misuse.
#[test]
fn card_files_misusing_traits_limits_gear_and_grants_are_refused() {
    let bad_card = |card: serde_json::Value| {
        let mut cards = vec![card];
        cards.push(json!({ "id": "T-TOK", "name": "Test Token", "zh": "测试指示物", "kind": "token", "might": 1 }));
        CardDb::builtin().with_cards(&cards, "test").err().map(|e| e.to_string()).unwrap_or_default()
    };
    let spell = |abilities: serde_json::Value| {
        json!({ "id": "T-1", "name": "T", "zh": "测", "kind": "spell", "domains": ["fury"],
            "text": "x", "text_zh": "x", "ability": abilities })
    };
    let bad = |ability: serde_json::Value| bad_card(spell(json!([ability])));
    let one = |ins: serde_json::Value| bad(json!({ "on": "spell", "targets": [{}], "do": [ins] }));
    // set_trait (CR 477.1.a, 759–763).
    let e = one(json!({ "op": "set_trait", "value": "Cadet" }));
    assert!(e.contains("set_trait names no trait"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "name", "value": "No Such Card" }));
    assert!(e.contains("no card 'No Such Card' in the set"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "name", "value": "Test Token" }));
    assert!(e.contains("is a token"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "cost", "value": "5" }));
    assert!(e.contains("a cost is set with n"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "cost", "n": 13 }));
    assert!(e.contains("a cost of 13 Energy"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "domain", "value": "purple" }));
    assert!(e.contains("unknown domain 'purple'"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "tag" }));
    assert!(e.contains("set_trait names no value"), "{e}");
    // Tag removal (CR 477.1.a): lose_tag and only_tag name a tag, no_tags names none.
    let e = one(json!({ "op": "set_trait", "trait": "lose_tag" }));
    assert!(e.contains("set_trait names no value"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "only_tag" }));
    assert!(e.contains("set_trait names no value"), "{e}");
    let e = one(json!({ "op": "set_trait", "trait": "no_tags", "value": "Cadet" }));
    assert!(e.contains("no_tags takes no value"), "{e}");
    let e = one(json!({ "op": "stun", "trait": "tag", "value": "Cadet" }));
    assert!(e.contains("only set_trait and set_trait_this_turn take"), "{e}");
    // A limit only on a Might static (CR 477.3).
    let gear = json!({ "id": "T-2", "name": "T2", "zh": "测二", "kind": "gear", "domains": ["fury"],
        "text": "x", "text_zh": "x", "static": [{ "effect": "add_power", "domains": ["fury"], "limit": 3 }] });
    let e = bad_card(gear);
    assert!(e.contains("only a might static takes a limit"), "{e}");
    // Gear targets take gain_control and copy only; gear and units don't copy each other.
    let e = bad(json!({ "on": "spell", "targets": [{ "what": "gear" }], "do": [{ "op": "damage", "n": 1, "t": 0 }] }));
    assert!(e.contains("does not act on gear"), "{e}");
    let e =
        bad(json!({ "on": "spell", "targets": [{}, { "what": "gear" }], "do": [{ "op": "copy", "t": 0, "n": 1 }] }));
    assert!(e.contains("only a gear becomes a copy of a gear"), "{e}");
    let e =
        bad(json!({ "on": "spell", "targets": [{ "what": "gear" }, {}], "do": [{ "op": "copy", "t": 0, "n": 1 }] }));
    assert!(e.contains("a gear does not become a copy of a unit"), "{e}");
    // grant_ability names a granted block; granted blocks are given and of a kind that works.
    let e = bad(json!({ "on": "spell", "targets": [{}], "do": [{ "op": "grant_ability", "t": 0, "n": 0 }] }));
    assert!(e.contains("ability 0 of this card is not a block with granted = true"), "{e}");
    let e = bad_card(spell(json!([
        { "on": "spell", "targets": [{}], "do": [{ "op": "grant_ability", "t": 0, "n": 1 }] },
        { "on": "play", "granted": true, "do": [{ "op": "draw", "n": 1 }] },
    ])));
    assert!(e.contains("a granted 'Play' ability: an ability is given to a unit on the board"), "{e}");
    let e = bad_card(spell(json!([
        { "on": "spell", "targets": [{}], "do": [{ "op": "grant_ability", "t": 0, "n": 1 }] },
        { "on": "mighty_attacks_here", "granted": true, "do": [{ "op": "draw", "n": 1 }] },
    ])));
    assert!(e.contains("a battlefield's trigger is not an ability a unit can be given"), "{e}");
    // Legion on a spell's text and on a granted activated ability load (CR 812; scenarios
    // legion_spell_text, legion_activated).
    let e = bad(json!({ "on": "spell", "legion": true, "do": [{ "op": "draw", "n": 1 }] }));
    assert_eq!(e, "");
    let e = bad_card(spell(json!([
        { "on": "spell", "targets": [{}], "do": [{ "op": "grant_ability", "t": 0, "n": 1 }] },
        { "on": "activated", "granted": true, "legion": true, "do": [{ "op": "draw", "n": 1 }] },
    ])));
    assert_eq!(e, "");
    // Set costs name Power pips (CR 131); other ops do not.
    let e = one(json!({ "op": "stun", "t": 0, "pips": ["R"] }));
    assert!(
        e.contains(
            "only add, pay, grant_repeat, grant_ability_repeat and set_trait with trait = \"cost\" name Power pips"
        ),
        "{e}"
    );
    let e = one(json!({ "op": "set_trait", "t": 0, "trait": "cost", "n": 2, "pips": ["purple"] }));
    assert!(e.contains("unknown domain 'purple'"), "{e}");
    let e = bad_card(spell(json!([
        { "on": "spell", "targets": [{}], "do": [{ "op": "stun", "t": 0 }] },
        { "on": "attack", "granted": true, "do": [{ "op": "draw", "n": 1 }] },
    ])));
    assert!(e.contains("no grant_ability instruction gives would do nothing"), "{e}");
}

#[test]
fn trait_and_ability_effects_round_trip_in_the_position_notation() {
    use riftbound::traits::TraitVal;
    let mut t = with_sparkshot(json!([{ "op": "copy", "t": 0, "n": 1 }]));
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let boar_def = t.g.obj(boar).def;
    let cadet = t.g.db().tag_bit("Cadet");
    assert_ne!(cadet, 0);
    t.g.add_effect(a, Effect::SetTrait(TraitVal::Name(boar_def)), true);
    t.g.add_effect(a, Effect::SetTrait(TraitVal::Tag(cadet)), false);
    let fury = riftbound::cards::domain_mask("fury").unwrap();
    t.g.add_effect(
        a,
        Effect::SetTrait(TraitVal::Cost(riftbound::Cost::new(7, &[fury, riftbound::cards::ANY_DOMAIN]))),
        false,
    );
    t.g.add_effect(boar, Effect::SetTrait(TraitVal::Domain(0b10_0010)), true);
    t.g.add_effect(boar, Effect::GrantAbility { def: boar_def, ab: 0 }, true);
    assert_eq!(t.g.name_def(a), boar_def);
    assert!(t.g.has_tag_now(a, "Cadet") && t.g.energy_of(a) == 7);
    let text = t.g.position().unwrap();
    assert!(text.contains(":trait:name:") && text.contains(":trait:tag:Cadet") && text.contains(":ability:"), "{text}");
    assert!(text.contains(":trait:cost:7+R+A"), "the Power pips of a set cost are written: {text}");
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g, "read back differs\n{text}");
    assert_eq!(read.domains_of(boar), 0b10_0010);
    assert_eq!(read.cost_of(a).pips(), &[fury, riftbound::cards::ANY_DOMAIN], "CR 131: the Power of the set cost");
}

/// CR 477.1.a, 480: tag removal in the notation — `lose_tag:X`, `tags:X` (only X), `tags:-` (none);
/// folded in timestamp order with gains.
#[test]
fn tag_removal_round_trips_and_folds_in_timestamp_order() {
    use riftbound::traits::TraitVal;
    let mut t = with_sparkshot(json!([{ "op": "copy", "t": 0, "n": 1 }]));
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let b = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let cadet = t.g.db().tag_bit("Cadet");
    assert_ne!(cadet, 0);
    t.g.add_effect(a, Effect::SetTrait(TraitVal::Tag(cadet)), false);
    assert!(t.g.has_tag_now(a, "Cadet"));
    t.g.add_effect(a, Effect::SetTrait(TraitVal::LoseTag(cadet)), true);
    assert!(!t.g.has_tag_now(a, "Cadet"), "a later removal takes the gained tag away");
    t.g.add_effect(a, Effect::SetTrait(TraitVal::Tag(cadet)), false);
    assert!(t.g.has_tag_now(a, "Cadet"), "a later gain gives it back");
    t.g.add_effect(a, Effect::SetTrait(TraitVal::Tags(0)), false);
    assert_eq!(t.g.tag_bits_of(a), 0);
    t.g.add_effect(b, Effect::SetTrait(TraitVal::Tags(cadet)), false);
    assert_eq!(t.g.tag_bits_of(b), cadet);
    let text = t.g.position().unwrap();
    assert!(text.contains(":trait:lose_tag:Cadet:turn") && text.contains(":trait:tags:-"), "{text}");
    assert!(text.contains(":trait:tags:Cadet"), "{text}");
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g, "read back differs\n{text}");
    assert_eq!(read.tag_bits_of(a), 0);
    assert_eq!(read.tag_bits_of(b), cadet);
}

/// A `set_trait` static (Sparkshot, ST1-014, rewritten as a unit; layer 1, CR 477.1.a, 478, 479; `trait_statics.rs`): its misuse is
/// refused naming the field, it gives its tag to the units it names (the others keep theirs),
/// its timestamp is its card's entering the board (an `entered` effect in the position notation,
/// round-tripped), and a set without trait statics has none.
#[test]
fn trait_statics_refuse_misuse_give_tags_and_round_trip() {
    let banner = |st: serde_json::Value| {
        json!({ "id": "ST1-014", "name": "Sparkshot", "zh": "火花弹", "kind": "unit", "domains": ["fury"],
            "energy": 0, "might": 2, "text": "x", "text_zh": "x", "static": [st] })
    };
    let bad = |st: serde_json::Value| {
        CardDb::builtin().with_cards(&[banner(st)], "test").err().map(|e| e.to_string()).unwrap_or_default()
    };
    let e = bad(json!({ "effect": "set_trait", "tag": "Yordle" }));
    assert!(e.contains("names a trait"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "name", "tag": "Yordle" }));
    assert!(e.contains("only a tag static (tag, lose_tag, only_tag) takes 'tag'"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "name" }));
    assert!(e.contains("a name static names its card in 'value'"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "name", "value": "No Such Card" }));
    assert!(e.contains("no card 'No Such Card' in the set") && e.contains("/static/0/value"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "cost", "n": 40 }));
    assert!(e.contains("a cost of 40 Energy"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "cost", "n": 2, "pips": ["purple"] }));
    assert!(e.contains("unknown domain 'purple'") && e.contains("/static/0/pips/0"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "domain" }));
    assert!(e.contains("a domain static names its domains"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "domain", "domains": ["calm"], "value": "Sparkshot" }));
    assert!(e.contains("only a name static takes 'value'"), "{e}");
    let e = bad(json!({ "effect": "might", "n": 1, "tag": "Cadet", "value": "Sparkshot" }));
    assert!(e.contains("only a 'set_trait' static takes 'value' or 'pips'"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "tag" }));
    assert!(e.contains("names its tag"), "{e}");
    let e = bad(json!({ "effect": "set_trait", "trait": "no_tags", "tag": "Yordle" }));
    assert!(e.contains("no_tags takes no tag"), "{e}");
    // A Might condition is in the vocabulary (CR 476, 478); other unit fields are not.
    let e = bad(json!({ "effect": "set_trait", "trait": "tag", "tag": "Yordle", "unit": { "at": "base" } }));
    assert!(
        e.contains("not implemented: a trait static's units are chosen by side, other, tag, mighty and max_might only"),
        "{e}"
    );
    let st =
        json!({ "effect": "set_trait", "trait": "tag", "tag": "Yordle", "unit": { "mighty": true, "max_might": 7 } });
    let set = CardDb::builtin().with_cards(&[banner(st)], "test").unwrap_or_else(|e| panic!("{e}"));
    assert!(set.has_statics.tag_selected && set.has_statics.control_dynamic);
    let e = bad(json!({ "effect": "set_trait", "trait": "tag", "tag": "Yordle", "n": 1 }));
    assert!(e.contains("only a cost static takes 'n' and 'pips'"), "{e}");
    let e = bad(json!({ "effect": "might", "n": 1, "tag": "Cadet", "trait": "tag" }));
    assert!(e.contains("only a 'set_trait' static takes 'trait'"), "{e}");
    assert!(!CardDb::builtin().has_statics.traits, "ST1 has no trait static");

    let st = json!({ "effect": "set_trait", "trait": "tag", "tag": "Yordle", "unit": { "side": "friendly", "other": true } });
    let set = CardDb::builtin().with_cards(&[banner(st)], "test").unwrap_or_else(|e| panic!("{e}"));
    assert!(set.has_statics.traits);
    let mut t = T::fury();
    t.plain();
    t.g.opts.cards = Cards::loaded(set);
    let mine = t.put(0, "Blast Runner", Loc::Base(0));
    let theirs = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    // Sparkshot rewritten as the banner; entering the board stamps its static (CR 479).
    let b = t.put(0, "Sparkshot", Loc::Base(0));
    assert!(t.g.has_tag_now(mine, "Yordle"), "another friendly unit");
    assert!(!t.g.has_tag_now(b, "Yordle"), "not itself ('other')");
    assert!(!t.g.has_tag_now(theirs, "Yordle"), "not an enemy unit");
    let text = t.g.position().unwrap();
    assert!(text.contains(&format!("e=c{b}:entered")), "{text}");
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g, "read back differs\n{text}");
    assert!(read.has_tag_now(mine, "Yordle"));
}

/// CR 477.3.e: "this turn" Might changes count one by one — +3 and -2 are an increase and a
/// decrease (layer 3 puts increases first), kept apart in the position notation (`might+3-2`).
#[test]
fn this_turn_might_changes_are_kept_apart_in_the_notation() {
    let mut t = with_sparkshot(json!([{ "op": "copy", "t": 0, "n": 1 }]));
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let printed = t.g.might(a);
    t.g.objs[a as usize].add_temp_might(3);
    t.g.objs[a as usize].add_temp_might(-2);
    assert_eq!(t.g.might(a), printed + 1);
    assert_eq!(t.g.obj(a).this_turn_decrease(), -2, "the decrease is counted, not a net +1");
    let text = t.g.position().unwrap();
    assert!(text.contains("/might+3-2"), "{text}");
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g, "read back differs\n{text}");
    // A further decrease adds to the decreases (3 up, 6 down, net -3).
    t.g.objs[a as usize].add_temp_might(-1);
    t.g.objs[a as usize].add_temp_might(-3);
    let text = t.g.position().unwrap();
    assert!(text.contains("/might+3-6"), "{text}");
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g, "read back differs\n{text}");
}

/// CR 478: a tag static chosen by tag ("Cadets you control are Yordles", Sparkshot rewritten as a
/// unit) depends on a later "it becomes a Cadet" instruction — the instruction changes which units
/// the static reaches, so the static applies after it whatever the timestamps; a later "loses all
/// tags" takes both away (the static no longer reaches the unit). Round-trips in the notation.
#[test]
fn a_tag_static_chosen_by_tag_waits_for_the_effects_it_depends_on() {
    use riftbound::traits::TraitVal;
    let st = json!({ "effect": "set_trait", "trait": "tag", "tag": "Yordle", "unit": { "side": "friendly", "tag": "Cadet" } });
    let card = json!({ "id": "ST1-014", "name": "Sparkshot", "zh": "火花弹", "kind": "unit", "domains": ["fury"],
        "energy": 0, "might": 2, "text": "x", "text_zh": "x", "static": [st] });
    let set = CardDb::builtin().with_cards(&[card], "test").unwrap_or_else(|e| panic!("{e}"));
    assert!(set.has_statics.tag_selected);
    let mut t = T::fury();
    t.plain();
    t.g.opts.cards = Cards::loaded(set);
    let dub = t.put(0, "Sparkshot", Loc::Base(0));
    let mine = t.put(0, "Blast Runner", Loc::Base(0));
    let theirs = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let cadet = t.g.db().tag_bit("Cadet");
    assert!(!t.g.has_tag_now(mine, "Yordle"));
    // The instruction is later than the static's timestamp (the card entered first).
    t.g.add_effect(mine, Effect::SetTrait(TraitVal::Tag(cadet)), false);
    t.g.add_effect(theirs, Effect::SetTrait(TraitVal::Tag(cadet)), false);
    assert!(t.g.has_tag_now(mine, "Cadet") && t.g.has_tag_now(mine, "Yordle"), "the static sees the later Cadet");
    assert!(!t.g.has_tag_now(theirs, "Yordle"), "an enemy Cadet is not reached");
    assert!(!t.g.has_tag_now(dub, "Yordle"), "the static's own card is no Cadet");
    let text = t.g.position().unwrap();
    let read = RiftGame::from_position(&t.g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read == t.g && read.has_tag_now(mine, "Yordle"), "read back differs\n{text}");
    t.g.add_effect(mine, Effect::SetTrait(TraitVal::Tags(0)), false);
    assert_eq!(t.g.tag_bits_of(mine), 0, "no Cadet left: the static does not reach it");
}

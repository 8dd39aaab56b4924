//! Issue #13's items of helper `ally` (docs/riftbound.md "Not implemented yet"): amounts counting
//! units, cards, runes and battlefields (`for_each`), the `exhaust` op on units, gear and legends
//! (CR 414–415, 173–176), and optional death replacements asked of the player whose effect made
//! them (CR 374, `replace_death.rs`). The rules are also played in the scenarios
//! `for_each_counts_here_and_units.toml`, `for_each_counts_cards_runes_battlefields.toml`,
//! `exhaust_legend_unit_gear.toml`, `replace_death_optional_asked_of_its_maker_2v2.toml` and
//! `temporary_dependent_grant_once.toml`; here: one game per count, the reader's refusals, and
//! the position notation of the new state.

use engine::{CardSet, Cards, EventLog, Game};
use riftbound::cards::CardDb;
use riftbound::{Mode, RiftAction, RiftGame, RiftOptions};
use serde_json::{json, Value};

mod common;
use common::card_text::*;

fn pup() -> Value {
    json!({ "id": "T-PUP", "name": "Test Pup", "zh": "测试幼犬", "kind": "unit", "domains": ["fury"], "might": 1 })
}

/// A spell "gain 1 XP for each …" (`for_each` = `count`).
fn tally(count: &str) -> Value {
    json!({ "id": "T-TALLY", "name": "Test Tally", "zh": "测试清点", "kind": "spell", "domains": ["fury"],
        "text": "x", "text_zh": "x",
        "ability": [{ "on": "spell", "do": [{ "op": "gain_xp", "n": 1, "for_each": count }] }] })
}

/// A unit whose action-speed activated ability gains 1 XP for each … (`for_each` = `count`).
fn eye(count: &str) -> Value {
    json!({ "id": "T-EYE", "name": "Test Eye", "zh": "测试之眼", "kind": "unit", "domains": ["fury"], "might": 1,
        "text": "x", "text_zh": "x",
        "ability": [{ "on": "activated", "speed": "action",
            "do": [{ "op": "gain_xp", "n": 1, "for_each": count }] }] })
}

fn opts(cards: Vec<Value>, mode: Mode) -> RiftOptions {
    let set = CardDb::builtin().with_cards(&cards, "test").unwrap_or_else(|e| panic!("{e}"));
    RiftOptions { cards: Cards::loaded(set), mode, ..RiftOptions::default() }
}

fn play(g: &mut RiftGame, actions: &[&str]) {
    for a in actions {
        let a: RiftAction = a.parse().unwrap_or_else(|e| panic!("{a}: {e:?}"));
        g.apply(&a, &mut EventLog::disabled()).unwrap_or_else(|e| panic!("{a}: {e:?}"));
    }
}

/// P1 (duel, main phase): hand c0 (the Tally) and c1; trash c20, c21; base c2 (a unit) and three
/// runes; at b1 (P1's) c3. P2: base c4 and a rune; at b2 (P2's) c5, c6.
const BOARD: &str = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 hand=c0:T-TALLY,c1:ST1-011 trash=c20:ST1-011,c21:ST1-011 base=c2:T-PUP,c30:ST1-101,c31:ST1-101,c32:ST1-101 at1=c3:T-PUP deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c4:T-PUP,c40:ST1-102 at2=c5:T-PUP,c6:T-PUP trash=c42:ST1-033 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=p1
b2 card=ST1-049 owner=p2 ctl=p2";

/// What a spell's `for_each` counts on [`BOARD`], as the XP it gains.
fn spell_count(count: &str) -> u16 {
    let o = opts(vec![pup(), tally(count)], Mode::Duel);
    let mut g = RiftGame::from_position(&o, BOARD).unwrap_or_else(|e| panic!("{e}"));
    play(&mut g, &["play c0", "pass", "pass"]);
    assert!(g.chain.is_empty(), "{count}");
    g.players[0].xp
}

/// One count per game: the units you control (c2, c3), the enemy units (c4, c5, c6), the cards
/// in your hand (c1: the spell is on the chain), in your trash (c20, c21), the runes you control
/// (three; not P2's), the battlefields you control (b1).
#[test]
fn for_each_counts_units_cards_runes_and_battlefields() {
    for (count, n) in [
        ("units_you_control", 2),
        ("enemy_units", 3),
        ("cards_in_your_hand", 1),
        ("cards_in_your_trash", 2),
        ("runes_you_control", 3),
        ("battlefields_you_control", 1),
    ] {
        assert_eq!(spell_count(count), n, "{count}");
    }
}

/// CR 359.3.f: "here" is the ability's unit's battlefield — in a combat showdown at b2 P1
/// controls two units there and P2 three; P1's unit at b1 and P2's in base are not here.
#[test]
fn for_each_here_counts_the_units_at_the_abilitys_location() {
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 at2=c0:T-EYE/atk/atkfired,c1:T-PUP/atk/atkfired at1=c5:T-PUP deck=ST1-011,ST1-011
p2 legend=ST1-026 at2=c2:T-PUP/def/deffired,c3:T-PUP/def/deffired,c4:T-PUP/def/deffired base=c7:T-PUP deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=p1
b2 card=ST1-049 owner=p2 ctl=p2 contested=p1
showdown bf=b2 focus=p1 attacker=p1 defender=p2 stage=showdown";
    for (count, n) in [("units_you_control_here", 2), ("enemy_units_here", 3), ("units_you_control", 3)] {
        let o = opts(vec![pup(), eye(count)], Mode::Duel);
        let mut g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
        play(&mut g, &["act c0", "pass", "pass"]);
        assert_eq!(g.players[0].xp, n, "{count}");
    }
}

/// CR 489.8.b: in 2v2 "you" is the controller only and "enemy" an opponent's: the teammate's
/// units count for neither.
#[test]
fn for_each_in_2v2_leaves_out_the_teammates_units() {
    let text = "riftbound mode=2v2 turn=9 tp=p1 first=p1 phase=main
p1 legend=ST1-001 hand=c0:T-TALLY base=c2:T-PUP deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c4:T-PUP deck=ST1-033,ST1-033
p3 legend=ST1-051 base=c3:T-PUP,c8:T-PUP deck=ST1-053,ST1-053
p4 legend=ST1-076 base=c5:T-PUP,c6:T-PUP deck=ST1-078,ST1-078
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-
b3 card=ST1-049 owner=p3 ctl=-";
    for (count, n) in [("units_you_control", 1), ("enemy_units", 3)] {
        let o = opts(vec![pup(), tally(count)], Mode::TwoVsTwo);
        let mut g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
        play(&mut g, &["play c0", "pass", "pass", "pass", "pass"]);
        assert_eq!(g.players[0].xp, n, "{count}");
    }
}

/// The reader: the new counts name no counter; a counter count is not for the counter ops (their
/// `counter` is the kind they put), the other counts are; `damage_split` with `for_each` is
/// refused as not implemented (CR 355.14); ops whose `n` is no amount take none.
#[test]
fn for_each_counts_are_refused_where_they_make_no_sense() {
    let one = |ins: &str, targets: &str| spell(&format!("on = \"spell\"\ntargets = [{targets}]\ndo = [{ins}]"));
    for c in [
        "units_you_control",
        "units_you_control_here",
        "enemy_units",
        "enemy_units_here",
        "cards_in_your_hand",
        "cards_in_your_trash",
        "runes_you_control",
        "battlefields_you_control",
    ] {
        let here = c.ends_with("_here");
        let draw = one(&format!("{{ op = \"draw\", n = 1, for_each = \"{c}\" }}"), "");
        if here {
            // A spell played from hand is nowhere (CR 359.3.f): refused; a Hidden one is not.
            refused(&draw, "/card/0/ability/0/do/0/for_each", "a spell played from hand is at no location");
            accepted(&draw.replace("text = \"Test.\"", "keywords = [\"hidden\"]\ntext = \"Hidden.\""));
            accepted(&unit(&format!("on = \"play\"\ndo = [{{ op = \"draw\", n = 1, for_each = \"{c}\" }}]")));
            continue;
        }
        accepted(&draw);
        accepted(&one(&format!("{{ op = \"damage\", n = 1, t = 0, for_each = \"{c}\" }}"), "{}"));
        accepted(&one(
            &format!("{{ op = \"add_counter\", counter = \"charge\", n = 1, t = 0, for_each = \"{c}\" }}"),
            "{}",
        ));
        refused(
            &one(&format!("{{ op = \"draw\", n = 1, counter = \"charge\", for_each = \"{c}\" }}"), ""),
            "/card/0/ability/0/do/0/counter",
            "name a counter",
        );
        refused(
            &one(&format!("{{ op = \"damage_split\", n = 3, t = 0, for_each = \"{c}\" }}"), "{ up_to = 2 }"),
            "/card/0/ability/0/do/0/for_each",
            "not implemented: 'damage_split' with for_each",
        );
        refused(
            &one(&format!("{{ op = \"kill\", t = 0, n = 1, for_each = \"{c}\" }}"), "{}"),
            "/card/0/ability/0/do/0/for_each",
            "takes no for_each amount",
        );
    }
    refused(
        &one("{ op = \"add_counter\", counter = \"charge\", n = 1, t = 0, for_each = \"counters_on_t\" }", "{}"),
        "/card/0/ability/0/do/0/for_each",
        "cannot count another counter",
    );
}

/// CR 414–415, 173–176: `exhaust` acts on a unit, a gear or a legend target and on your legend;
/// not on a battlefield (`here`).
#[test]
fn exhaust_takes_units_gear_and_legends() {
    let one = |ins: &str, targets: &str| spell(&format!("on = \"spell\"\ntargets = [{targets}]\ndo = [{ins}]"));
    accepted(&one("{ op = \"exhaust\", t = 0 }", "{}"));
    accepted(&one("{ op = \"exhaust\", t = 0 }", "{ what = \"gear\" }"));
    accepted(&one("{ op = \"exhaust\", t = 0 }", "{ what = \"legend\", side = \"enemy\" }"));
    accepted(&one("{ op = \"exhaust\", who = \"your_legend\" }", ""));
    accepted(&one("{ op = \"exhaust\", who = \"each_enemy\" }", ""));
    refused(
        &one("{ op = \"exhaust\", who = \"here\" }", ""),
        "/card/0/ability/0/do/0/who",
        "'here' names a battlefield",
    );
    refused(
        &one("{ op = \"stun\", t = 0 }", "{ what = \"legend\" }"),
        "/card/0/ability/0/do/0/t",
        "ready, exhaust and grant_ability_repeat act on a legend target",
    );
}

/// CR 374: P1's optional save on P2's unit (an enemy's, in a duel) is asked of P1, its
/// controller; the maker, the question handed over and a decline are in the position notation
/// and read back identically.
#[test]
fn an_optional_death_replacement_is_asked_of_its_maker_and_positions_keep_it() {
    let guard = json!({ "id": "T-GUARD", "name": "Test Guard", "zh": "测试守护", "kind": "spell",
        "domains": ["calm"], "text": "x", "text_zh": "x",
        "ability": [{ "on": "spell", "targets": [{}], "do": [{ "op": "save_to_hand", "t": 0, "may": true }] }] });
    let smite = json!({ "id": "T-SMITE", "name": "Test Smite", "zh": "测试惩击", "kind": "spell",
        "domains": ["fury"], "text": "x", "text_zh": "x",
        "ability": [{ "on": "spell", "targets": [{}], "do": [{ "op": "kill", "t": 0 }] }] });
    let o = opts(vec![pup(), guard, smite], Mode::Duel);
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 hand=c0:T-GUARD,c1:T-SMITE deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c4:T-PUP/save deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-";
    let mut g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
    play(&mut g, &["play c0", "t c4", "pass", "pass"]);
    let p = g.position().unwrap();
    assert!(p.contains("c4:T-PUP/save/savehand/savehandmay/savehandby.p1"), "{p}");
    assert!(RiftGame::from_position(&o, &p).unwrap() == g);
    // Killed: P2's own mandatory save and P1's optional return to hand — P2 orders them (CR 372),
    // with no 'no' (the optional one is P1's); putting P1's first hands the question to P1.
    play(&mut g, &["play c1", "t c4", "pass", "pass"]);
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    assert_eq!(v, vec![RiftAction::First(0), RiftAction::First(1)]);
    assert_eq!(g.prompt.as_ref().map(|p| p.seat()), Some(1));
    play(&mut g, &["first 1"]);
    assert_eq!(g.prompt.as_ref().map(|p| p.seat()), Some(0));
    let p = g.position().unwrap();
    assert!(p.contains("/askmaker.savehand") && p.contains("seat=p1"), "{p}");
    assert!(RiftGame::from_position(&o, &p).unwrap() == g);
    v.clear();
    g.legal_actions(&mut v);
    assert_eq!(v, vec![RiftAction::First(0), RiftAction::No]);
    // P1 declines: P2's save applies (healed and stunned); P1's is kept, not used up (CR 371).
    play(&mut g, &["no"]);
    assert!(g.prompt.is_none());
    let p = g.position().unwrap();
    assert!(p.contains("c4:T-PUP/stun/savehand/savehandmay/savehandby.p1"), "{p}");
    assert!(!p.contains("declined."), "{p}");
    // A decline in progress reads back too.
    let mid = p.replace("savehandby.p1", "savehandby.p1/declined.savehand/replacing");
    let h = RiftGame::from_position(&o, &mid).unwrap_or_else(|e| panic!("{e}"));
    assert!(h.position().unwrap().contains("/declined.savehand"));
    let e = RiftGame::from_position(&o, &p.replace("savehandby.p1", "declined.stun")).err().unwrap().to_string();
    assert!(e.contains("not save or savehand"), "{e}");
}

/// CR 651 (FFA): the maker of an optional death replacement leaves while asked about it — it no
/// longer applies, so the unit dies.
#[test]
fn an_optional_death_replacement_whose_maker_leaves_does_not_apply() {
    let o = RiftOptions { allow_concede: true, ..opts(vec![pup()], Mode::Ffa3) };
    let text = "riftbound mode=ffa3 turn=7 tp=p2 first=p1 phase=main
p1 legend=ST1-001 deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c4:T-PUP/save/savemay/saveby.p1/replacing deck=ST1-033,ST1-033
p3 legend=ST1-051 deck=ST1-053,ST1-053
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-
b3 card=ST1-049 owner=p3 ctl=-
prompt kind=replacement seat=p1 unit=c4";
    let g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
    assert!(RiftGame::from_position(&o, &g.position().unwrap()).unwrap() == g);
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    assert!(v.contains(&RiftAction::First(0)) && v.contains(&RiftAction::No), "{v:?}");
    let mut h = g.clone();
    h.apply(&RiftAction::Concede(0), &mut EventLog::disabled()).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(h.objs[4].zone, riftbound::state::Zone::Trash);
    assert!(h.prompt.is_none());
    // Declined by P1 instead: it dies too, and nothing waits.
    let mut h = g.clone();
    h.apply(&RiftAction::No, &mut EventLog::disabled()).unwrap();
    assert_eq!(h.objs[4].zone, riftbound::state::Zone::Trash);
}

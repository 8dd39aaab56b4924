//! Issue #13's Repeat, legend-target and Equip vocabulary (docs/riftbound-cards.md):
//! `grant_repeat` to "spells you play this turn" (CR 820), "its controller" of a legend target
//! and amounts counting counters (CR 741–749, 173–176), and Equip costs with Power (CR 818, 821).
//! The rules are played in the scenarios `repeat_spells_this_turn_and_many_grants.toml`,
//! `counters_for_each_and_legend_controller.toml` and `weaponmaster_reduces_power.toml`; here:
//! what the card reader accepts and refuses, naming the field, and the position notation.

use engine::Game;
use riftbound::{RiftGame, RiftOptions};

mod common;
use common::card_text::*;

/// CR 820: `spells` says which spells a `grant_repeat` gives Repeat to; only `grant_repeat`
/// takes it, and only `next` / `this_turn`.
#[test]
fn grant_repeat_names_the_spells_it_gives_repeat_to() {
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"grant_repeat\", n = 1, spells = \"this_turn\" }]"));
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"grant_repeat\", n = 1, spells = \"next\" }]"));
    refused(
        &spell("on = \"spell\"\ndo = [{ op = \"draw\", n = 1, spells = \"this_turn\" }]"),
        "/card/0/ability/0/do/0/spells",
        "only grant_repeat",
    );
    let p = problems(&spell("on = \"spell\"\ndo = [{ op = \"grant_repeat\", n = 1, spells = \"every\" }]"));
    assert!(p.len() == 1 && p[0].contains("spells"), "{p:#?}");
}

/// The position notation writes a grant for every spell this turn with a `t` and keeps any
/// number of grants (none is dropped).
#[test]
fn positions_hold_grants_for_every_spell_this_turn_and_any_number() {
    let many = ["0"; 12].join(",");
    let text = format!(
        "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 deck=ST1-011,ST1-011 repeats=t1+R,{many}
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-"
    );
    let o = RiftOptions::default();
    let g = RiftGame::from_position(&o, &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.players[0].spell_repeats.len(), 13);
    assert!(g.players[0].spell_repeats[0].this_turn && !g.players[0].spell_repeats[1].this_turn);
    let back = g.position().unwrap();
    assert!(back.contains(&format!("repeats=t1+R,{many}")), "{back}");
    assert!(RiftGame::from_position(&o, &back).unwrap() == g);
    let e = RiftGame::from_position(&o, &text.replace("repeats=t1", "repeats=tx")).err().unwrap().to_string();
    assert!(e.contains("repeats"), "{e}");
}

/// CR 173–176, 741–749: a legend target's controller (`player = "its_controller"`) and the
/// counters on it (`for_each = "counters_on_t"`) may be read; it is still no unit to act on.
#[test]
fn a_legend_target_names_its_controller_and_its_counters() {
    let legend = |ins: &str| spell(&format!("on = \"spell\"\ntargets = [{{ what = \"legend\" }}]\ndo = [{ins}]"));
    accepted(&legend("{ op = \"draw\", n = 1, player = \"its_controller\", t = 0 }"));
    accepted(&legend("{ op = \"draw\", n = 1, for_each = \"counters_on_t\", counter = \"charge\", t = 0 }"));
    refused(
        &legend("{ op = \"draw\", n = 1, player = \"its_controller\", t = 0 }, { op = \"stun\", t = 0 }"),
        "/card/0/ability/0/do/1/t",
        "slot 0 is a legend",
    );
}

/// CR 741–749: `for_each` multiplies an amount by a counter count; it names the counter, takes
/// n ≥ 1, only on the ops whose n is an amount, and `counters_on_t` needs its slot.
#[test]
fn for_each_amounts_name_a_counter_and_refuse_misuse() {
    let one = |ins: &str| spell(&format!("on = \"spell\"\ntargets = [{{}}]\ndo = [{ins}]"));
    for f in ["counters_on_t", "counters_here", "counters_on_your_legend"] {
        accepted(&one(&format!("{{ op = \"damage\", n = 1, t = 0, for_each = \"{f}\", counter = \"charge\" }}")));
    }
    accepted(&one("{ op = \"might\", n = -1, t = 0, for_each = \"counters_on_t\", counter = \"charge\" }"));
    refused(
        &one("{ op = \"add_counter\", n = 1, t = 0, for_each = \"counters_here\", counter = \"charge\" }"),
        "/card/0/ability/0/do/0/for_each",
        "cannot count another counter",
    );
    refused(
        &one("{ op = \"draw\", for_each = \"counters_here\", counter = \"charge\" }"),
        "/card/0/ability/0/do/0/n",
        "for_each multiplies n",
    );
    refused(
        &one("{ op = \"draw\", n = 1, t = 1, for_each = \"counters_on_t\", counter = \"charge\" }"),
        "/card/0/ability/0/do/0/t",
        "no target slot 1",
    );
    refused(
        &one("{ op = \"draw\", n = 1, for_each = \"counters_here\" }"),
        "/card/0/ability/0/do/0/counter",
        "counter name",
    );
}

/// CR 818: an Equip cost may have Power pips (`equip_pips`, of the card's domains), only on a
/// card with `equip`.
#[test]
fn equip_costs_take_power_pips() {
    let gear = |extra: &str| {
        format!(
            "[[card]]\nid = \"T-002\"\nname = \"Test Hilt\"\nzh = \"测试剑柄\"\nkind = \"gear\"\nequipment = true\ndomains = [\"fury\"]\nmight_bonus = 1\ntext = \"Test.\"\ntext_zh = \"测试。\"\n{extra}\n"
        )
    };
    accepted(&gear("equip = 1\nequip_pips = [\"R\"]"));
    accepted(&gear("equip = 0\nequip_pips = [\"R\", \"R\"]"));
    refused(&gear("equip_pips = [\"R\"]"), "/card/0/equip_pips", "without 'equip'");
    let p = problems(&gear("equip = 1\nequip_pips = [\"calm\"]"));
    assert!(p.len() == 1 && p[0].contains("equip_pips"), "{p:#?}");
}

/// CR 820 (Repeat on abilities): `grant_ability_repeat` gives the selected permanents' activated
/// abilities Repeat [cost] this turn — a unit or a gear target, any domain's pips, at most 12
/// Energy; a position writes it on the object (`/rep.1+R`).
#[test]
fn grant_ability_repeat_is_in_the_vocabulary_and_the_positions() {
    for what in ["", ", what = \"gear\""] {
        accepted(&spell(&format!(
            "on = \"spell\"\ntargets = [{{ side = \"friendly\"{what} }}]\ndo = [{{ op = \"grant_ability_repeat\", n = 1, pips = [\"calm\"], t = 0 }}]"
        )));
    }
    refused(
        &spell("on = \"spell\"\ntargets = [{}]\ndo = [{ op = \"grant_ability_repeat\", n = 13, t = 0 }]"),
        "/card/0/ability/0/do/0/n",
        "0 to 12",
    );
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 deck=ST1-011,ST1-011 base=c3:ST1-101/rep.1+R/rep.0
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-";
    let o = RiftOptions::default();
    let g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.ability_repeats.len(), 2);
    let back = g.position().unwrap();
    assert!(back.contains("/rep.1+R/rep.0"), "{back}");
    assert!(RiftGame::from_position(&o, &back).unwrap() == g);
    let e = RiftGame::from_position(&o, &text.replace("rep.1+R", "rep.x")).err().unwrap().to_string();
    assert!(e.contains("p1.base"), "{e}");
    let e = RiftGame::from_position(&o, &text.replace("deck=ST1-011,ST1-011 base=c3", "deck=ST1-011,ST1-011 hand=c3"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("on the board"), "{e}");
}

//! Issue #13 item 4's vocabulary (docs/riftbound-cards.md): a legend as a target slot (CR 355.10.a.1,
//! 741–749, 173–176), the battlefield selectors `here` / `at_t` and the conditions counting a
//! battlefield's counters (CR 741–749, 359.3.f), a `spend_counter` cost paid from the battlefield
//! here, and `grant_repeat` (CR 820). The rules are played in the scenarios
//! `counters_legend_target.toml`, `counters_here_and_at_t.toml`,
//! `repeat_granted_and_two_instances.toml` and `repeat_add_ability.toml`; here: what the card
//! reader accepts and refuses, naming the field, and the position notation of the new state.

use engine::Game;
use riftbound::{RiftGame, RiftOptions};

mod common;
use common::card_text::*;

/// CR 355.10.a.1 (legend zones are public), 741–749, 173–176: a legend target takes the counter
/// ops and `ready`; no other op acts on it, and it is not a location.
#[test]
fn a_legend_target_takes_the_counter_ops_and_ready_only() {
    let legend = |side: &str, ins: &str| {
        spell(&format!("on = \"spell\"\ntargets = [{{ what = \"legend\"{side} }}, {{}}]\ndo = [{ins}]"))
    };
    for ins in [
        "{ op = \"add_counter\", counter = \"charge\", n = 1, t = 0 }",
        "{ op = \"remove_counter\", counter = \"charge\", n = 1, t = 0 }",
        "{ op = \"ready\", t = 0 }",
        // Slot 1 a unit, slot 0 the legend: counters move from the unit... and from a legend.
        "{ op = \"move_counter\", counter = \"charge\", n = 1, t = 0 }",
    ] {
        accepted(&legend("", ins));
        accepted(&legend(", side = \"enemy\"", ins));
        accepted(&legend(", side = \"friendly\"", ins));
    }
    // Onto a legend: move_counter's slot 1.
    accepted(&spell(
        "on = \"spell\"\ntargets = [{}, { what = \"legend\" }]\ndo = [{ op = \"move_counter\", counter = \"charge\", n = 1, t = 0 }]",
    ));
    refused(&legend("", "{ op = \"damage\", n = 1, t = 0 }"), "/card/0/ability/0/do/0/t", "slot 0 is a legend");
    // "Its controller" of a legend target is its player (vocab_repeat_legend_equip.rs).
    accepted(&legend("", "{ op = \"draw\", n = 1, player = \"its_controller\", t = 0 }"));
    refused(
        &legend("", "{ op = \"kill\", who = \"units_at_t\", t = 0 }"),
        "/card/0/ability/0/do/0/t",
        "slot 0 is a legend",
    );
    // Selectors that don't read the slot are not about the legend in it.
    accepted(&legend("", "{ op = \"add_counter\", counter = \"charge\", n = 1, t = 0 }, { op = \"damage\", n = 1, who = \"each_enemy\" }"));
    refused(
        &legend("", "{ op = \"ready\", t = 0 }, { op = \"draw\", n = 1, if = \"t_mighty\" }"),
        "/card/0/ability/0/do/1/if",
        "slot 0 is a legend",
    );
    refused(
        &spell("on = \"spell\"\ntargets = [{}, { what = \"legend\" }]\ndo = [{ op = \"move\", t = 0, to = \"t1\" }]"),
        "/card/0/ability/0/do/0/to",
        "a legend is not a location",
    );
    // `your_legend` takes `ready` now, and still no other op.
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"ready\", who = \"your_legend\" }]"));
    refused(
        &spell("on = \"spell\"\ndo = [{ op = \"stun\", who = \"your_legend\" }]"),
        "/card/0/ability/0/do/0/who",
        "'your_legend' names a legend",
    );
}

/// CR 741–749, 359.3.f: `here` and `at_t` name a battlefield's counters: for the counter ops and
/// the counting conditions only; a cost is paid from the battlefield here.
#[test]
fn battlefield_selectors_and_counts_name_a_counter_and_refuse_misuse() {
    let one = |ins: &str, targets: &str| spell(&format!("on = \"spell\"\ntargets = [{targets}]\ndo = [{ins}]"));
    accepted(&one("{ op = \"add_counter\", counter = \"charge\", n = 1, who = \"here\" }", ""));
    accepted(&one("{ op = \"remove_counter\", counter = \"charge\", n = 1, who = \"at_t\", t = 0 }", "{}"));
    accepted(&one(
        "{ op = \"draw\", n = 1, if = \"counters_at_t\", counter = \"charge\", at_least = 3, t = 0 }",
        "{ what = \"battlefield\" }",
    ));
    accepted(&one("{ op = \"draw\", n = 1, if = \"counters_here\", counter = \"charge\" }", ""));
    refused(&one("{ op = \"kill\", who = \"here\" }", ""), "/card/0/ability/0/do/0/who", "'here' names a battlefield");
    refused(
        &one("{ op = \"add_counter\", counter = \"charge\", n = 1, who = \"at_t\", t = 0 }", ""),
        "/card/0/ability/0/do/0/t",
        "no target slot 0",
    );
    refused(
        &one("{ op = \"draw\", n = 1, if = \"counters_here\" }", ""),
        "/card/0/ability/0/do/0/counter",
        "needs a counter name",
    );
    refused(
        &one("{ op = \"draw\", n = 1, at_least = 2 }", ""),
        "/card/0/ability/0/do/0/at_least",
        "only with if = \"counters_here\"",
    );
    let cost = |c: &str| spell(&format!("on = \"spell\"\nextra_cost = {c}\ndo = [{{ op = \"draw\", n = 1 }}]"));
    accepted(&cost(
        "{ act = \"spend_counter\", counter = \"charge\", unit = { what = \"battlefield\", at = \"here\" } }",
    ));
    refused(
        &cost("{ act = \"spend_counter\", counter = \"charge\", unit = { what = \"battlefield\", at = \"base\" } }"),
        "/card/0/ability/0/extra_cost/unit/at",
        "or with at = \"here\"",
    );
}

/// CR 820: `grant_repeat` names the granted Repeat's cost (any domain: the spell it goes to is not
/// known); a cost of more than 12 Energy is refused; Repeat on an Add ability is accepted.
#[test]
fn grant_repeat_and_repeat_on_add_abilities_are_in_the_vocabulary() {
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"grant_repeat\", n = 1, pips = [\"calm\"] }]"));
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"grant_repeat\" }]"));
    refused(&spell("on = \"spell\"\ndo = [{ op = \"grant_repeat\", n = 13 }]"), "/card/0/ability/0/do/0/n", "0 to 12");
    let gear = r#"[[card]]
id = "T-003"
name = "Test Font"
zh = "测试泉源"
kind = "gear"
domains = ["fury"]
text = "Test."
text_zh = "测试。"
[[card.ability]]
on = "activated"
cost_exhaust = true
repeat = { energy = 1 }
do = [{ op = "add", pips = ["A"] }]
"#;
    accepted(gear);
}

/// The position notation writes and reads a legend target, the Repeat granted to a player's
/// next spell and the Repeat instances decided in a build.
#[test]
fn positions_hold_legend_targets_and_granted_repeats() {
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 deck=ST1-011,ST1-011 repeats=1,0+R/P+A
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-";
    let o = RiftOptions::default();
    let g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.players[0].spell_repeats.len(), 2);
    let back = g.position().unwrap();
    assert!(back.contains("repeats=1,0+R/P+A"), "{back}");
    let again = RiftGame::from_position(&o, &back).unwrap();
    assert!(again == g);
    let e = RiftGame::from_position(&o, &text.replace("repeats=1,", "repeats=x,")).err().unwrap().to_string();
    assert!(e.contains("repeats"), "{e}");
}

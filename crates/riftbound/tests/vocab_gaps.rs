//! Issue #13's vocabulary (docs/riftbound-cards.md): Predict N > 1 (CR 436), additional costs on
//! triggered abilities (CR 204.3, 404.2), "add one Power of any domain" (CR 429), `spend_counter`
//! from gear and N per cost (CR 741–749). The rules are played in the scenarios named after them
//! (tests/scenarios/); here: the card reader's refusals, naming the field, the notation of the
//! new action and the position notation of the new prompts.

use engine::{CardFormat, CardSet, EventLog, Game};
use riftbound::cards::CardDb;
use riftbound::{RiftAction, RiftGame, RiftOptions};

mod common;
use common::card_text::*;

/// CR 436: Predict N looks at 1 to 40 cards.
#[test]
fn predict_n_is_read_and_its_bounds_refused() {
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"predict\", n = 3 }]"));
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"predict\", n = 40 }]"));
    for n in [0, -1, 41] {
        refused(
            &spell(&format!("on = \"spell\"\ndo = [{{ op = \"predict\", n = {n} }}]")),
            "/card/0/ability/0/do/0/n",
            "Predict N looks at 1 to 40 cards (CR 436)",
        );
    }
}

/// CR 429: `"A"` / `"any"` is one Power of any domain, `"R/P"` one of fury or chaos, on `add`
/// only; for any player, and several choices of domains in one ability (each Power's own).
#[test]
fn add_power_of_any_domain_is_read_and_its_misuse_refused() {
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"add\", pips = [\"A\", \"any\"] }]"));
    accepted(&unit("on = \"play\"\ndo = [{ op = \"add\", n = 1, pips = [\"A\"] }]"));
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"add\", pips = [\"R/P\"] }]"));
    refused(
        &spell("on = \"spell\"\ndo = [{ op = \"add\", pips = [\"R/P/G\"] }]"),
        "/card/0/ability/0/do/0/pips/0",
        "Add names one domain per Power, two",
    );
    // Played in the scenarios add_power_chosen_domains_mixed and add_power_chosen_by_opponents.
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"add\", pips = [\"A\", \"R/P\"] }]"));
    accepted(&spell(
        "on = \"spell\"\ndo = [{ op = \"add\", pips = [\"R/P\"] }, { op = \"add\", pips = [\"A\"], player = \"each_opponent\" }]",
    ));
    // "A" is no cost pip: a cost's Power is written by domain.
    refused(
        &spell("on = \"spell\"\ndo = [{ op = \"pay\", pips = [\"A\"] }, { op = \"draw\", n = 1 }]"),
        "/card/0/ability/0/do/0/pips/0",
        "unknown domain 'A'",
    );
}

/// CR 204.3, 404.2: a triggered ability takes `extra_cost` and `extra_discard`; a discarding
/// `lead` and `extra_discard` together are refused.
#[test]
fn trigger_additional_costs_are_read_and_misuse_refused() {
    accepted(&unit(
        "on = \"play\"\nextra_cost = { act = \"exhaust\", unit = { side = \"friendly\" } }\ndo = [{ op = \"draw\", n = 2 }]",
    ));
    accepted(&unit("on = \"attack\"\nextra_discard = true\ndo = [{ op = \"draw\", n = 1 }]"));
    refused(
        &unit("on = \"play\"\nlead = \"discard\"\nextra_discard = true\ndo = [{ op = \"draw\", n = 1 }]"),
        "/card/0/ability/0/extra_discard",
        "already pays with a card",
    );
    // A trigger's Energy cost is a first `pay` (CR 204.3): accepted; an activation cost is not.
    accepted(&unit("on = \"play\"\ndo = [{ op = \"pay\", n = 2 }, { op = \"draw\", n = 2 }]"));
    refused(
        &unit("on = \"play\"\ncost_energy = 2\ndo = [{ op = \"draw\", n = 2 }]"),
        "/card/0/ability/0/cost_energy",
        "a triggered ability has no activation cost",
    );
    refused(
        &unit("on = \"play\"\nlead = \"exhaust_self\"\ndo = [{ op = \"pay\", n = 1 }, { op = \"draw\", n = 1 }]"),
        "/card/0/ability/0/lead",
        "one leading cost",
    );
}

/// CR 741–749: `n` counters per cost, from a unit, a gear, your legend or a battlefield.
#[test]
fn counter_costs_take_a_number_and_a_gear_and_refuse_misuse() {
    let cost = |c: &str| spell(&format!("on = \"spell\"\nextra_cost = {c}\ndo = [{{ op = \"draw\", n = 1 }}]"));
    accepted(&cost("{ act = \"spend_counter\", counter = \"charge\", n = 2 }"));
    accepted(&cost(
        "{ act = \"spend_counter\", counter = \"charge\", unit = { what = \"gear\", side = \"friendly\" } }",
    ));
    refused(
        &cost("{ act = \"spend_counter\", counter = \"charge\", n = 0 }"),
        "/card/0/ability/0/extra_cost/n",
        "spending 0 counters would pay nothing",
    );
    refused(
        &cost("{ act = \"kill\", n = 2 }"),
        "/card/0/ability/0/extra_cost/n",
        "only a 'spend_counter' cost pays with several",
    );
    refused(
        &cost("{ act = \"kill\", unit = { what = \"gear\" } }"),
        "/card/0/ability/0/extra_cost/unit",
        "exactly one unit, or a 'spend_counter' cost with one gear",
    );
    // Counters on a legend or a battlefield (CR 741–749) pay a `spend_counter` cost; no other
    // cost is paid with a legend or a battlefield (a legend as a target: tests/vocab_places.rs).
    accepted(&cost("{ act = \"spend_counter\", counter = \"charge\", unit = { what = \"battlefield\" } }"));
    accepted(&cost("{ act = \"spend_counter\", counter = \"charge\", unit = { what = \"legend\" } }"));
    refused(
        &cost("{ act = \"exhaust\", unit = { what = \"legend\" } }"),
        "/card/0/ability/0/extra_cost/unit",
        "your legend or a battlefield you control",
    );
    refused(
        &cost("{ act = \"kill\", unit = { what = \"battlefield\" } }"),
        "/card/0/ability/0/extra_cost/unit",
        "your legend or a battlefield you control",
    );
    refused(
        &spell("on = \"spell\"\ndo = [{ op = \"draw\", n = 1, who = \"your_legend\" }]"),
        "/card/0/ability/0/do/0/who",
        "'your_legend' names a legend",
    );
    accepted(&spell(
        "on = \"spell\"\ndo = [{ op = \"add_counter\", counter = \"charge\", n = 2, who = \"your_legend\" }]",
    ));
    // The number is written back only when it is not 1.
    let db = CardDb::parse(&cost("{ act = \"spend_counter\", counter = \"charge\", n = 3 }"), CardFormat::Toml, "t")
        .unwrap();
    let c = db.get(db.by_name("Test Spell").unwrap()).abilities[0].extra_cost.clone().unwrap();
    assert_eq!(c.n, 3);
}

/// `domain fury` round-trips; a bare or unknown domain is refused.
#[test]
fn the_domain_action_has_a_stable_notation() {
    for d in 0..6u8 {
        let a = RiftAction::Domain(d);
        assert_eq!(a.to_string().parse::<RiftAction>().unwrap(), a);
    }
    assert_eq!("domain chaos".parse::<RiftAction>().unwrap(), RiftAction::Domain(4));
    assert!("domain".parse::<RiftAction>().is_err());
    assert!("domain purple".parse::<RiftAction>().is_err());
}

const BOARD: &str = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 deck=c0:ST1-011,c1:ST1-012,c2:ST1-013,c3:ST1-014
p2 legend=ST1-026 deck=c4:ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-";

fn read(prompt: &str) -> Result<RiftGame, String> {
    RiftGame::from_position(&RiftOptions::default(), &format!("{BOARD}\n{prompt}")).map_err(|e| e.to_string())
}

fn legal(g: &RiftGame) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

/// The Predict N and domain prompts are written and read back; inconsistent ones are refused.
#[test]
fn the_new_prompts_have_a_position_notation() {
    let mut g = read("prompt kind=predictmany seat=p1 cards=c0,c1,c2 order=0").unwrap();
    assert_eq!(legal(&g), ["t c0", "t c1", "t c2", "done"]);
    let mut log = EventLog::disabled();
    g.apply(&"t c1".parse().unwrap(), &mut log).unwrap();
    g.apply(&"done".parse().unwrap(), &mut log).unwrap();
    let text = g.position().unwrap();
    assert!(text.contains("prompt kind=predictmany seat=p1 cards=c0,c2 order=1"), "{text}");
    let back = RiftGame::from_position(&RiftOptions::default(), &text).unwrap();
    assert!(back == g, "{text}");
    // CR 436: the kept cards go back in the chosen order; the recycled one is at the bottom.
    g.apply(&"t c2".parse().unwrap(), &mut log).unwrap();
    assert!(g.position().unwrap().contains("deck=c2:ST1-013,c0:ST1-011,c3:ST1-014,c1:ST1-012"));

    let d = read("prompt kind=adddomain seat=p1 left=2").unwrap();
    assert_eq!(legal(&d).len(), 6);
    let text = d.position().unwrap();
    assert!(text.contains("prompt kind=adddomain seat=p1 left=2"), "{text}");

    // Two domains, and Powers queued after it: another player's, other domains (CR 429).
    let mut q = read("prompt kind=adddomain seat=p1 left=1 mask=R/P then=p2:A,p2:R/P").unwrap();
    assert_eq!(legal(&q), ["domain fury", "domain chaos"]);
    let text = q.position().unwrap();
    assert!(text.contains("prompt kind=adddomain seat=p1 left=1 mask=R/P then=p2:A,p2:R/P"), "{text}");
    assert!(RiftGame::from_position(&RiftOptions::default(), &text).unwrap() == q, "{text}");
    q.apply(&"domain chaos".parse().unwrap(), &mut log).unwrap();
    let text = q.position().unwrap();
    assert!(text.contains("prompt kind=adddomain seat=p2 left=1 then=p2:R/P"), "{text}");
    assert_eq!(legal(&q).len(), 6);

    for (bad, says) in [
        ("prompt kind=predictmany seat=p1 cards=c1,c2 order=0", "top of the deck"),
        ("prompt kind=predictmany seat=p1 cards=c0,c2 order=1", "next to each other"),
        ("prompt kind=predictmany seat=p1 cards=c4 order=0", "not in the predicting player's deck"),
        ("prompt kind=predictmany seat=p1 cards=c0 order=1", "two or more"),
        ("prompt kind=adddomain seat=p1 left=0", "left=1 or more"),
        ("prompt kind=adddomain seat=p1 left=1 then=p2:R", "two domains or more"),
        ("prompt kind=adddomain seat=p1 left=1 then=p3:A", "not a player"),
    ] {
        let e = read(bad).err().unwrap_or_else(|| panic!("accepted: {bad}"));
        assert!(e.contains(says), "{bad}: {e}");
    }
}

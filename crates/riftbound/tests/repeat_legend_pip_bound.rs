//! Issue #13's last Repeat / Weaponmaster gaps (docs/riftbound.md "Not implemented yet"):
//! Weaponmaster's pip choice (CR 821: the player paying the Equip cost reduced by [A] says which
//! Power pip is taken off), Repeat granted to a legend's activated abilities (CR 820) and items
//! of more than 255 executions (target slots are u16: up to 65,536 slots, executions × the
//! ability's slots; past that instances are not offered and the log says so). The rules are played in the scenarios
//! `weaponmaster_asks_which_pip.toml` and `repeat_granted_to_legend_ability.toml`; here: the
//! prompt's words, the position notation (round trips and refusals), the card reader and the
//! bound.

use engine::{CardSet, Cards, EventLog, Game};
use riftbound::cards::CardDb;
use riftbound::{RiftAction, RiftGame, RiftOptions};

mod common;
use common::card_text::*;

/// The game of scenario `name` at its position, with its cards.
fn scenario_game(name: &str) -> RiftGame {
    let path = format!("{}/tests/scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let file: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, name).unwrap_or_else(|e| panic!("{e}"));
    let o = RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() };
    RiftGame::from_position(&o, file["position"].as_str().unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

/// A game of these test cards at `position`.
fn game_of(cards: &str, position: &str) -> RiftGame {
    let file: toml::Value = toml::from_str(cards).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, "test").unwrap_or_else(|e| panic!("{e}"));
    let o = RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() };
    RiftGame::from_position(&o, position).unwrap_or_else(|e| panic!("{e}"))
}

fn acts(g: &mut RiftGame, list: &[&str]) {
    let mut log = EventLog::disabled();
    for a in list {
        g.apply_notation(a, &mut log).unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    }
}

fn legal(g: &RiftGame) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out.iter().map(|a| a.to_string()).collect()
}

/// Written, read back: the same game, the same text and the same legal actions.
fn round_trip(g: &RiftGame) -> String {
    let text = g.position().unwrap();
    let back = RiftGame::from_position(g.options(), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.position().unwrap(), text);
    assert_eq!(legal(&back), legal(g), "{text}");
    text
}

#[test]
fn cr821_the_pip_prompt_names_the_unit_and_round_trips() {
    let mut g = scenario_game("weaponmaster_asks_which_pip");
    acts(&mut g, &["play c1", "yes", "t c3", "pass", "pass"]);
    let p = g.prompt().unwrap();
    assert_eq!(p.id, "equip_pip");
    assert!(
        p.title.en.starts_with("Test Captain resolving: Weaponmaster pays the Equip cost 0 R G less [A]"),
        "{}",
        p.title.en
    );
    assert!(p.title.en.contains("CR 821") && p.title.zh.contains("武器大师"), "{:?}", p.title);
    let fury = g.action_label(&"pip fury".parse::<RiftAction>().unwrap());
    assert_eq!(fury.en, "Take the fury pip [R] off the Equip cost (Weaponmaster)");
    assert!(fury.zh.contains("炽烈"), "{}", fury.zh);
    assert_eq!(g.action_label(&RiftAction::No).en, "Don't pay: don't attach");
    let text = round_trip(&g);
    assert!(text.contains("stage=equippip"), "{text}");
    // The chosen pip is kept while the reduced cost is paid: `resolving … pip=R`.
    acts(&mut g, &["pip fury"]);
    let text = round_trip(&g);
    assert!(text.contains(" pip=R "), "{text}");
    assert!(g.prompt().unwrap().title.en.contains("pay the Equip cost 0 G"), "{:?}", g.prompt().unwrap().title);
    // A pip the Equip cost does not have, or a pip with no Equip cost being paid, is refused.
    let o = g.options().clone();
    let e = RiftGame::from_position(&o, &text.replace(" pip=R ", " pip=B ")).err().unwrap().to_string();
    assert!(e.contains("resolving.pip"), "{e}");
    let e = RiftGame::from_position(&o, &text.replace("stage=payinstr", "stage=pay")).err().unwrap().to_string();
    assert!(e.contains("resolving.pip"), "{e}");
    // Only two or more pips to choose from make the stage.
    acts(&mut g, &["yes", "play c2", "yes", "t c4", "pass", "pass", "pip calm", "yes"]);
    acts(&mut g, &["play c9", "yes", "t c14", "pass", "pass", "yes", "play c15", "yes", "t c3", "pass", "pass"]);
    let text = g.position().unwrap();
    assert!(text.contains("stage=payinstr"), "{text}");
    let e = RiftGame::from_position(&o, &text.replace("stage=payinstr", "stage=equippip")).err().unwrap().to_string();
    assert!(e.contains("equippip"), "{e}");
}

#[test]
fn pip_actions_have_a_notation() {
    for a in ["pip fury", "pip calm", "pip fury/chaos", "pip any"] {
        assert_eq!(a.parse::<RiftAction>().unwrap().to_string(), a);
    }
    for bad in ["pip", "pip red", "pip fury/fury", "pip fury chaos"] {
        assert!(bad.parse::<RiftAction>().is_err(), "{bad}");
    }
}

/// CR 820: `grant_ability_repeat` names a legend with `who = "your_legend"`, a legend target or
/// `self` on a legend's ability; a position writes the grant on the legend (`legend=ID/rep.1+R`).
#[test]
fn cr820_a_legend_takes_repeat_grants_in_the_vocabulary_and_the_positions() {
    accepted(&spell("on = \"spell\"\ndo = [{ op = \"grant_ability_repeat\", n = 1, who = \"your_legend\" }]"));
    accepted(&spell(
        "on = \"spell\"\ntargets = [{ what = \"legend\" }]\ndo = [{ op = \"grant_ability_repeat\", n = 0, pips = [\"calm\"], t = 0 }]",
    ));
    // Other ops still don't act on a legend.
    refused(
        &spell("on = \"spell\"\ndo = [{ op = \"stun\", who = \"your_legend\" }]"),
        "/card/0/ability/0/do/0/who",
        "grant_ability_repeat act on it",
    );
    let mut g = scenario_game("repeat_granted_to_legend_ability");
    acts(&mut g, &["play c0", "pass", "pass", "play c1", "t p1", "pass", "pass"]);
    assert_eq!(g.ability_repeats.len(), 2);
    let text = round_trip(&g);
    assert!(text.contains("legend=T-SAGE/rep.1/rep.1 "), "{text}");
    // Mid-activation, asking the second instance.
    acts(&mut g, &["act L", "yes"]);
    let text = round_trip(&g);
    assert!(text.contains("repeats=1:0"), "{text}");
    let o = g.options().clone();
    let e = RiftGame::from_position(&o, &text.replace("/rep.1/rep.1", "/rep.x")).err().unwrap().to_string();
    assert!(e.contains("p1.legend"), "{e}");
}

const DRUM: &str = r#"
[[card]]
id = "T-DRUM"
name = "Test Drum"
zh = "测试战鼓"
kind = "gear"
domains = ["fury"]
text = "Choose a unit. Put a charge counter on it."
text_zh = "选择一个单位。在其上放置一个充能计数器。"
[[card.ability]]
on = "activated"
targets = [{}]
do = [{ op = "add_counter", counter = "charge", n = 1, t = 0 }]

[[card]]
id = "T-BELL"
name = "Test Bell"
zh = "测试铃"
kind = "gear"
domains = ["fury"]
text = "Ready this."
text_zh = "重置此装备。"
[[card.ability]]
on = "activated"
do = [{ op = "ready", who = "self" }]

[[card]]
id = "T-DUMMY"
name = "Test Dummy"
zh = "测试假人"
kind = "unit"
domains = ["fury"]
might = 3
text = ""
text_zh = ""
"#;

fn drum_position(grants: usize, gear: &str, item_repeat: Option<usize>) -> String {
    let reps = "/rep.0".repeat(grants);
    let mut p = format!(
        "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 deck=ST1-011,ST1-011 base=c3:{gear}{reps},c4:T-DUMMY
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-"
    );
    if let Some(k) = item_repeat {
        // A build at the Repeat stage with `k` instances paid so far (the item's `/repeatK`).
        let paid: Vec<String> = (0..k).map(|i| i.to_string()).collect();
        p += &format!(
            "\nprompt kind=build seat=p1 stage=repeat item=p1:c3:0/repeat{k} repeats={k}:{} from=hand",
            paid.join("+")
        );
    }
    p
}

/// CR 820: 300 Repeat instances paid make 301 executions of a one-slot ability: 301 target slots
/// (more than the 256 a byte held), each execution with its own target, all resolved.
#[test]
fn cr820_more_than_255_executions_each_with_its_target() {
    let mut g = game_of(DRUM, &drum_position(300, "T-DRUM", None));
    acts(&mut g, &["act c3"]);
    for _ in 0..300 {
        acts(&mut g, &["yes"]);
    }
    for k in 0..301 {
        assert!(legal(&g).contains(&"t c4".to_string()), "execution {k}: {:?}", legal(&g));
        acts(&mut g, &["t c4"]);
        if k == 280 {
            let text = round_trip(&g);
            assert!(text.contains("/t280:c4/") && text.contains("/repeat300"), "{}", &text[text.len() - 300..]);
        }
    }
    acts(&mut g, &["pass", "pass"]);
    assert!(g.chain.is_empty() && g.prompt.is_none());
    let v = serde_json::to_value(g.view(engine::Viewer::Omniscient)).unwrap();
    let base = v["players"][0]["base"].as_array().unwrap();
    let dummy = base.iter().find(|c| c["name"] == "Test Dummy").cloned().unwrap_or_else(|| panic!("{base:?}"));
    assert_eq!(dummy["counters"]["charge"], 301, "{dummy}");
}

/// The bound: an item holds at most 65,536 target slots (a slot is a u16). With 65,535 instances
/// paid (65,536 executions) the next instance is not offered, and the log says so.
#[test]
fn cr820_the_execution_bound_is_65536_and_logged() {
    let pos = drum_position(65_536, "T-BELL", Some(65_534));
    let mut g = game_of(DRUM, &pos);
    assert_eq!(g.prompt.as_ref().map(|_| ()), Some(()));
    // Instance 65,534 is still offered: paid, the item has 65,536 executions.
    assert!(legal(&g).contains(&"yes".to_string()), "{:?}", legal(&g));
    let mut log = EventLog::enabled();
    g.apply_notation("yes", &mut log).unwrap();
    let lines: Vec<_> = log.take().into_iter().map(|e| g.describe_event(&e.event).label).collect();
    let line = lines.iter().find(|l| l.en.contains("no more times")).unwrap_or_else(|| panic!("{lines:?}"));
    assert!(line.en.contains("1 more Repeat instance(s) not offered") && line.en.contains("65,536"), "{}", line.en);
    assert!(line.zh.contains("65,536"), "{}", line.zh);
    // The 65,536 executions resolve.
    assert_eq!(g.chain.last().map(|it| it.repeat), Some(65_535));
    acts(&mut g, &["pass", "pass"]);
    assert!(g.chain.is_empty());
}

/// CR 821 with `rune_actions`: at the pip prompt 'pay' is the auto-pay's choice, the first pip
/// that leaves a payable cost (fury here: [G] is left, paid with the calm rune).
#[test]
fn cr821_with_rune_actions_pay_takes_the_first_payable_pip_off() {
    let g0 = scenario_game("weaponmaster_asks_which_pip");
    let o = RiftOptions { rune_actions: true, ..g0.options().clone() };
    let mut g = RiftGame::from_position(&o, &g0.position().unwrap()).unwrap();
    acts(&mut g, &["play c1", "yes", "t c3", "pass", "pass"]);
    assert_eq!(legal(&g), ["pip fury", "pip calm", "no", "pay"]);
    assert!(g.prompt().unwrap().title.en.contains("'pay' to take off the first payable one"));
    acts(&mut g, &["pay"]);
    assert!(g.prompt.is_none());
    let v = serde_json::to_value(g.view(engine::Viewer::Omniscient)).unwrap();
    assert_eq!(v["players"][0]["runes"], serde_json::json!(["Ember Rune", "Ember Rune", "Willow Rune"]));
}

/// The last of 65,536 target slots (slot 65,535, a `Slot`'s largest): once it is chosen the
/// build goes on to payment and the item is finalized with its 65,536 targets (no slot 65,536).
#[test]
fn cr820_the_last_of_65536_slots_finalizes_the_item() {
    let mut p = drum_position(0, "T-DRUM", None);
    let targets: String = (0..65_535).map(|k| format!("/t{k}:c4")).collect();
    p += &format!(
        "\nprompt kind=build seat=p1 stage=targets65535 item=p1:c3:0{targets}/repeat65535 repeats=0: from=hand"
    );
    let mut g = game_of(DRUM, &p);
    assert!(legal(&g).contains(&"t c4".to_string()));
    acts(&mut g, &["t c4"]);
    assert!(g.prompt.is_none(), "{:?}", g.prompt.as_ref().map(|_| "a prompt"));
    let it = g.chain.last().unwrap();
    assert_eq!((it.repeat, it.targets.len()), (65_535, 65_536));
    assert_eq!(it.targets.last().map(|t| t.0), Some(65_535));
}

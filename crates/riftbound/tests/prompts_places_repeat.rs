//! Presentation of issue #13 item 4 (design.md §2: a prompt names its source and what is decided,
//! in both languages): a legend target's prompt and its `t p2` label (CR 355.10.a.1), a granted
//! Repeat's prompt (CR 820), Weaponmaster's Equip cost paid on resolution (CR 821, 204.3) and
//! a unit's several activated abilities, each label and prompt naming which (CR 376–381, 477.2),
//! and the log line of a spell whose Legion text was inactive (CR 812).
//! Each starts from a scenario's position and cards (tests/scenarios/).

use engine::{CardSet, Cards, EventLog, Game};
use riftbound::cards::CardDb;
use riftbound::{RiftAction, RiftGame, RiftOptions};

/// The game of scenario `name` at its position, with its cards and options.
fn scenario_game(name: &str) -> RiftGame {
    let path = format!("{}/tests/scenarios/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let file: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, name).unwrap_or_else(|e| panic!("{e}"));
    let rune_actions = file.get("options").and_then(|o| o.get("rune_actions")).and_then(|v| v.as_bool());
    let o = RiftOptions {
        cards: Cards::loaded(set),
        rune_actions: rune_actions.unwrap_or(false),
        ..RiftOptions::default()
    };
    RiftGame::from_position(&o, file["position"].as_str().unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

fn acts(g: &mut RiftGame, list: &[&str]) {
    let mut log = EventLog::disabled();
    for a in list {
        g.apply_notation(a, &mut log).unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    }
}

fn title(g: &RiftGame) -> (String, String) {
    let p = g.prompt().expect("a prompt");
    (p.title.en, p.title.zh)
}

#[test]
fn cr355_a_legend_target_is_asked_for_and_labelled_by_its_player() {
    let mut g = scenario_game("counters_legend_target");
    acts(&mut g, &["play c0"]);
    let (en, zh) = title(&g);
    assert_eq!(en, "Test Mark: choose a legend to put 2 charge counters on");
    assert!(zh.contains("测试标记") && zh.contains("传奇"), "{zh}");
    let label = g.action_label(&"t p2".parse::<RiftAction>().unwrap());
    assert_eq!(label.en, "Target P2's legend");
    assert!(label.zh.contains("传奇"), "{}", label.zh);
    // The enemy-only spell names the side.
    acts(&mut g, &["t p2", "pass", "pass", "play c1"]);
    assert!(title(&g).0.contains("an enemy legend"), "{:?}", title(&g));
}

#[test]
fn cr820_a_granted_repeat_says_so_with_its_cost() {
    let mut g = scenario_game("repeat_instances_each_decided");
    acts(&mut g, &["play c0", "pass", "pass", "play c1"]);
    let (en, _) = title(&g);
    assert!(en.starts_with("Test Bolt: pay Repeat 1 so"), "{en}");
    acts(&mut g, &["no"]);
    let (en, zh) = title(&g);
    assert!(en.starts_with("Test Bolt: pay Repeat 2 (a granted Repeat) so"), "{en}");
    assert!(zh.contains("获得的重复") && zh.contains("CR 820"), "{zh}");
}

#[test]
fn cr821_weaponmaster_equip_cost_prompt_names_the_unit_and_the_attaching() {
    let mut g = scenario_game("weaponmaster_pay_manual_or_decline");
    acts(&mut g, &["play c1", "yes", "t c3", "pass", "pass"]);
    let p = g.prompt().unwrap();
    assert_eq!(p.id, "pay_in_instruction");
    assert!(p.title.en.contains("Test Captain resolving: pay the Equip cost 1 to attach"), "{}", p.title.en);
    assert!(p.title.en.contains("CR 821") && p.title.zh.contains("装备费用"), "{:?}", p.title);
    let no = g.action_label(&RiftAction::No);
    assert_eq!(no.en, "Don't pay: don't attach");
}

#[test]
fn cr477_2_each_of_several_activated_abilities_is_named_in_its_label_and_prompt() {
    let mut g = scenario_game("layers2_several_activated");
    acts(&mut g, &["play c0", "t c2", "pass", "pass"]);
    let label = |g: &RiftGame, a: &str| g.action_label(&a.parse::<RiftAction>().unwrap());
    let own = label(&g, "act c2");
    assert_eq!(own.en, "Use Test Smith (ability 1: give a unit +1 Might this turn (this))");
    let second = label(&g, "act c2 2");
    assert_eq!(second.en, "Use Test Smith (ability 2: draw a card; given by Test Boon)");
    assert!(second.zh.contains("第2个能力") && second.zh.contains("测试恩赐"), "{}", second.zh);
    let third = label(&g, "act c2 3");
    assert_eq!(third.en, "Use Test Smith (ability 3: give a unit +2 Might this turn; given by Test Gift)");
    // The target prompt of the third names it too.
    acts(&mut g, &["act c2 3"]);
    let (en, zh) = title(&g);
    assert!(en.starts_with("Test Smith (ability 3: "), "{en}");
    assert!(en.contains("given by Test Gift): choose a friendly unit"), "{en}");
    assert!(zh.starts_with("测试铁匠（第3个能力：") && zh.contains("由测试赠予给予"), "{zh}");
}

#[test]
fn cr812_an_inactive_legion_spell_text_is_logged_in_both_languages() {
    let mut g = scenario_game("legion_spell_text");
    acts(&mut g, &["play c0", "pass"]);
    let mut log = EventLog::enabled();
    g.apply_notation("pass", &mut log).unwrap();
    let lines: Vec<_> = log.take().into_iter().map(|e| g.describe_event(&e.event).label).collect();
    let line = lines.iter().find(|l| l.en.contains("Legion")).unwrap_or_else(|| panic!("{lines:?}"));
    assert_eq!(
        line.en,
        "P1's Test Muster did nothing: its Legion text is inactive (no other card played this turn, CR 812)"
    );
    assert!(line.zh.contains("测试召集") && line.zh.contains("军团"), "{}", line.zh);
}

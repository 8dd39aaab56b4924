//! The enter-ready choice (CR 370–372, src/replace_enter.rs): the prompt names the entering unit,
//! the static's source and whether it is optional, in English and Chinese; a waiting choice is
//! written in the position notation (`prompt kind=enterready`, `enterwait=`) and read back, and
//! plays on. The rules are played by `tests/scenarios/replace_enter_ready_*.toml`.

use engine::{CardSet, Cards, EventLog, Game};
use riftbound::cards::CardDb;
use riftbound::state::flag;
use riftbound::{RiftAction, RiftGame, RiftOptions};

const CARDS: &str = r#"
[[card]]
id = "T-BANNER"
name = "Test Banner"
zh = "测试旗手"
kind = "unit"
domains = ["fury"]
energy = 0
might = 1
text = "You may have units you control enter ready."
text_zh = "你可以让你控制的单位以活跃状态进场。"
[[card.static]]
effect = "enter_ready"
unit = { side = "friendly" }
may = true

[[card]]
id = "T-PLODDER"
name = "Test Plodder"
zh = "测试慢行者"
kind = "unit"
domains = ["fury"]
energy = 0
might = 1
"#;

fn game() -> RiftGame {
    let file: toml::Value = toml::from_str(CARDS).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, "test.toml").unwrap_or_else(|e| panic!("{e}"));
    let o = RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() };
    let pos = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 hand=c0:T-PLODDER base=c3:T-BANNER deck=ST1-011,ST1-011
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-";
    RiftGame::from_position(&o, pos).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_enter_ready_prompt_names_the_unit_the_source_and_the_choice() {
    let mut g = game();
    g.apply(&"play c0".parse().unwrap(), &mut EventLog::disabled()).unwrap();
    let p = g.prompt().expect("P1 is asked");
    assert_eq!(p.id, "enter_ready");
    let all = format!("{p:?}");
    assert!(all.contains("Test Plodder enters the board: apply the optional replacement"), "{all}");
    assert!(all.contains("测试慢行者进场：适用可选的替代效果"), "{all}");
    assert!(p.source.is_some(), "the prompt names the static's card: {all}");
    let first = format!("{:?}", g.action_label(&RiftAction::First(0)));
    assert!(first.contains("enter ready (Test Banner) (optional)"), "{first}");
    assert!(first.contains("以活跃状态进场（测试旗手）（可选）"), "{first}");
    let no = format!("{:?}", g.action_label(&RiftAction::No));
    assert!(no.contains("enters exhausted") && no.contains("横置"), "{no}");
    // Refused answers say what is asked.
    let e = g.apply(&RiftAction::First(3), &mut EventLog::disabled()).unwrap_err().to_string();
    assert!(e.contains("enter ready") && e.contains("'no'"), "{e}");
}

#[test]
fn a_waiting_enter_ready_choice_reads_back_and_plays_on() {
    let mut g = game();
    g.apply(&"play c0".parse().unwrap(), &mut EventLog::disabled()).unwrap();
    let text = g.position().unwrap();
    assert!(text.contains("enterwait=c0") && text.contains("kind=enterready"), "{text}");
    let again = RiftGame::from_position(&g.opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(again == g, "{text}");
    for (a, exhausted) in [(RiftAction::First(0), false), (RiftAction::No, true)] {
        let mut h = again.clone();
        h.apply(&a, &mut EventLog::disabled()).unwrap();
        assert_eq!(h.objs[0].has(flag::EXHAUSTED), exhausted, "{a}");
        assert!(h.enter_wait.is_empty() && h.prompt().is_none_or(|p| p.id != "enter_ready"));
    }
}

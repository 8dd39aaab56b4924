//! `may` and `once_each_turn` on the instructions that create replacement effects (CR 371:
//! optional and "once" replacements; `prevent_damage`, `double_damage`, `save`,
//! `save_to_hand`): the card file refuses misuse naming the field; the prompts name what they
//! decide, in English and Chinese; the position notation writes and reads them back. The rules
//! are played by `tests/scenarios/replace_instr_*.toml` and `replace_death_optional.toml`.

use engine::{CardFormat, CardSet, Cards, EventLog, Game};
use riftbound::cards::CardDb;
use riftbound::{RiftAction, RiftGame, RiftOptions};

/// A spell whose one instruction is `INSTR` (a TOML inline table).
fn spell_with(instr: &str) -> String {
    format!(
        r#"[[card]]
id = "T-001"
name = "Test Aegis"
zh = "测试庇护"
kind = "spell"
domains = ["fury"]
energy = 0
text = "A replacement."
text_zh = "一个替代效果。"
[[card.ability]]
on = "spell"
targets = [{{ side = "friendly" }}]
do = [{instr}]
"#
    )
}

fn one_problem(text: &str) -> String {
    let e = CardDb::parse(text, CardFormat::Toml, "test.toml").expect_err("must be refused");
    let p: Vec<String> = e.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(p.len(), 1, "{p:#?}");
    p[0].clone()
}

#[test]
fn replacement_instructions_read_may_and_once() {
    for i in [
        r#"{ op = "prevent_damage", n = 2, t = 0, once_each_turn = true, may = true }"#,
        r#"{ op = "double_damage", t = 0, once_each_turn = true }"#,
        r#"{ op = "save", t = 0, may = true }"#,
        r#"{ op = "save_to_hand", t = 0, may = true }"#,
    ] {
        let db = CardDb::parse(&spell_with(i), CardFormat::Toml, "test.toml").unwrap_or_else(|e| panic!("{i}: {e}"));
        let ins = &db.get(db.by_name("Test Aegis").unwrap()).abilities[0].effects[0];
        assert_eq!(ins.may, i.contains("may"), "{i}");
        assert_eq!(ins.once_each_turn, i.contains("once_each_turn"), "{i}");
    }
}

#[test]
fn may_and_once_on_other_instructions_are_refused_naming_the_field() {
    let p = one_problem(&spell_with(r#"{ op = "stun", t = 0, may = true }"#));
    assert!(p.contains("/do/0/may") && p.contains("optional (CR 371)"), "{p}");
    let p = one_problem(&spell_with(r#"{ op = "kill", t = 0, once_each_turn = true }"#));
    assert!(p.contains("/do/0/once_each_turn") && p.contains("prevent_damage and double_damage"), "{p}");
    // A death replacement is "the next time" already: "once" would add nothing.
    let p = one_problem(&spell_with(r#"{ op = "save", t = 0, once_each_turn = true }"#));
    assert!(p.contains("/do/0/once_each_turn") && p.contains("adds nothing"), "{p}");
    let p = one_problem(&spell_with(r#"{ op = "save_to_hand", t = 0, may = 1 }"#));
    assert!(p.contains("may"), "{p}");
    // CR 374: "you may" is the effect's controller's, and the player whose effect made an
    // optional death replacement is kept and asked (`replace_death.rs`): any unit may get one.
    let any_unit = spell_with(r#"{ op = "save", t = 0, may = true }"#)
        .replace(r#"targets = [{ side = "friendly" }]"#, "targets = [{}]");
    assert!(CardDb::parse(&any_unit, CardFormat::Toml, "test.toml").is_ok());
}

/// A duel where P1's Test Troll c3 carries the replacements of `status` / `wards`, with a Bolt
/// and a Smite in hand.
fn game(troll_status: &str, wards: &str) -> RiftGame {
    let extra = r#"
[[card]]
id = "T-BOLT"
name = "Test Bolt"
zh = "测试闪电"
kind = "spell"
domains = ["fury"]
energy = 0
text = "Deal 3 damage to a unit."
text_zh = "对一个单位造成3点伤害。"
[[card.ability]]
on = "spell"
targets = [{}]
do = [{ op = "damage", n = 3, t = 0 }]

[[card]]
id = "T-SMITE"
name = "Test Smite"
zh = "测试惩击"
kind = "spell"
domains = ["fury"]
energy = 0
text = "Kill a unit."
text_zh = "消灭一个单位。"
[[card.ability]]
on = "spell"
targets = [{}]
do = [{ op = "kill", t = 0 }]

[[card]]
id = "T-TROLL"
name = "Test Troll"
zh = "测试巨魔"
kind = "unit"
domains = ["calm"]
energy = 6
might = 12
"#;
    let file: toml::Value = toml::from_str(extra).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, "test.toml").unwrap_or_else(|e| panic!("{e}"));
    let o = RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() };
    let pos = format!(
        "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main{wards}
p1 legend=ST1-001 hand=c0:T-BOLT,c1:T-SMITE base=c3:T-TROLL{troll_status} deck=ST1-011,ST1-011
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-049 owner=p2 ctl=p2"
    );
    RiftGame::from_position(&o, &pos).unwrap_or_else(|e| panic!("{e}"))
}

fn play(g: &mut RiftGame, actions: &[&str]) {
    for a in actions {
        let a: RiftAction = a.parse().unwrap_or_else(|e| panic!("{a}: {e:?}"));
        g.apply(&a, &mut EventLog::disabled()).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

#[test]
fn an_optional_once_ward_is_named_by_the_prompt_and_round_trips() {
    let mut g = game("", " wards=c3:prevent2:p1:once+may");
    let text = g.position().unwrap();
    assert!(text.contains("wards=c3:prevent2:p1:once+may"), "{text}");
    assert!(RiftGame::from_position(&g.opts, &text).unwrap() == g);
    play(&mut g, &["play c0", "t c3", "pass", "pass"]);
    let p = format!("{:?}", g.prompt().expect("P1 is asked"));
    assert!(p.contains("Test Troll would be dealt damage: apply the optional replacement"), "{p}");
    assert!(p.contains("测试巨魔将受到伤害：适用可选的替代效果"), "{p}");
    let first = format!("{:?}", g.action_label(&RiftAction::First(0)));
    assert!(first.contains("prevent the next 2 damage, once (optional)"), "{first}");
    assert!(first.contains("防止接下来的2点伤害，一次（可选）"), "{first}");
    assert!(first.contains("(P1's effect this turn)"), "the choice names its source: {first}");
    // The waiting batch with its optional ward reads back too.
    let text = g.position().unwrap();
    assert!(RiftGame::from_position(&g.opts, &text).unwrap() == g, "{text}");
}

#[test]
fn bad_ward_flags_are_refused_naming_the_field() {
    let o = RiftOptions::default();
    let pos = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main wards=c3:prevent2:p1:twice
p1 legend=ST1-001 base=c3:ST1-033 deck=ST1-011,ST1-011
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-049 owner=p2 ctl=p2";
    let Err(e) = RiftGame::from_position(&o, pos) else { panic!("accepted: {pos}") };
    let e = e.to_string();
    assert!(e.contains("wards") && e.contains("twice"), "{e}");
}

#[test]
fn an_optional_death_replacement_is_named_by_the_prompt_and_round_trips() {
    let mut g = game("/save/savehand/savehandmay", "");
    let text = g.position().unwrap();
    assert!(text.contains("savehandmay"), "{text}");
    assert!(RiftGame::from_position(&g.opts, &text).unwrap() == g);
    play(&mut g, &["play c1", "t c3", "pass", "pass"]);
    let p = format!("{:?}", g.prompt().expect("P1 is asked"));
    assert!(p.contains("Test Troll would die and two effects replace it"), "{p}");
    assert!(p.contains("or decline the optional one (CR 371)"), "{p}");
    assert!(p.contains("不适用可选的效果"), "{p}");
    let l0 = format!("{:?}", g.action_label(&RiftAction::First(0)));
    let l1 = format!("{:?}", g.action_label(&RiftAction::First(1)));
    assert!(l0.contains("heal and stun it") && l0.contains("治疗并眩晕"), "{l0}");
    assert!(l1.contains("return it to hand (optional)") && l1.contains("返回手牌（可选）"), "{l1}");
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    assert_eq!(v, vec![RiftAction::First(0), RiftAction::First(1), RiftAction::No]);
    let text = g.position().unwrap();
    assert!(text.contains("replacing"), "{text}");
    assert!(RiftGame::from_position(&g.opts, &text).unwrap() == g, "{text}");
    // Only the optional one left (after the heal and stun): one choice, named.
    play(&mut g, &["first 0"]);
    assert!(g.prompt().is_none() || !format!("{:?}", g.prompt()).contains("would die"));
    assert!(g.objs[3].has(riftbound::state::flag::SAVE_TO_HAND_MAY));
}

//! The payment vocabulary (docs/riftbound-cards.md "Payment vocabulary"): `repeat` (CR 820),
//! `add` (CR 429), `pay` (CR 204.3), `flow_pips` / `empower_pips` (CR 829, 827) read, export and
//! read back, and refuse their misuse. Their rules are in the scenarios `repeat_*`,
//! `pay_in_instruction_*`, `add_on_spells_and_triggers`, `flow_empower_power_pips`.

use engine::{CardFormat, CardSet, CardSetError};
use riftbound::cards::{CardDb, Op};

fn parse_toml(text: &str) -> Result<CardDb, CardSetError> {
    CardDb::parse(text, CardFormat::Toml, "test.toml")
}

fn problems(text: &str) -> Vec<String> {
    let e = parse_toml(text).expect_err("must be refused");
    e.problems.iter().map(|p| p.to_string()).collect()
}

const SPELL: &str = r#"[[card]]
id = "T-001"
name = "Test Echo"
zh = "测试回响"
kind = "spell"
domains = ["fury"]
energy = 1
text = "Deal 1 damage to a unit. Add [1][R]. You may pay [1][R]: if you do, draw a card. Repeat [1][R]."
text_zh = "对一个单位造成1点伤害。添加[1][R]。你可以支付[1][R]：若你如此做，抽一张牌。重复[1][R]。"
flow = 2
flow_pips = ["R"]
[[card.ability]]
on = "spell"
repeat = { energy = 1, pips = ["R"] }
targets = [{}]
do = [
  { op = "damage", n = 1 },
  { op = "add", n = 1, pips = ["R"] },
  { op = "pay", n = 1, pips = ["R"] },
  { op = "draw", n = 1 },
]
"#;

#[test]
fn the_payment_vocabulary_reads_and_exports_back() {
    let db = parse_toml(SPELL).unwrap_or_else(|e| panic!("{e}"));
    let d = db.get(0);
    let ab = d.spell_ability().unwrap();
    let rep = ab.repeat.as_ref().unwrap();
    assert_eq!((rep.energy, rep.masks.as_slice()), (1, &[1u8][..]));
    assert_eq!(ab.effects[1].op, Op::Add);
    assert_eq!(ab.effects[1].pip_masks, vec![1]);
    assert_eq!(ab.effects[2].op, Op::Pay);
    assert_eq!(d.flow_pips, vec![1]);
    for f in [CardFormat::Toml, CardFormat::Json] {
        let text = db.export(f);
        let back = CardDb::parse(&text, f, "back").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, db);
        assert_eq!(back.export(f), text);
    }
}

/// Repeat with `damage_split` reads (CR 820, 355.14: each execution asks its own split; the
/// scenario `repeat_damage_split_each_execution`).
#[test]
fn repeat_with_damage_split_reads() {
    let split = SPELL.replace("{ op = \"damage\", n = 1 }", "{ op = \"damage_split\", n = 1 }");
    let db = parse_toml(&split).unwrap_or_else(|e| panic!("{e}"));
    let ab = db.get(0).spell_ability().unwrap();
    assert!(ab.repeat.is_some());
    assert_eq!(ab.effects[0].op, Op::DamageSplit);
}

#[test]
fn the_payment_vocabulary_refuses_misuse() {
    let has = |text: &str, want: &str| {
        let p = problems(text);
        assert!(p.iter().any(|l| l.contains(want)), "wanted '{want}' in {p:#?}");
    };
    // A pip of a domain the card does not have (CR 103.1.b, 103.3).
    has(&SPELL.replace("repeat = { energy = 1, pips = [\"R\"] }", "repeat = { pips = [\"G\"] }"), "/repeat/pips/0");
    has(&SPELL.replace("flow_pips = [\"R\"]", "flow_pips = [\"B\"]"), "/flow_pips/0");
    // Pips without the cost they belong to.
    has(&SPELL.replace("flow = 2\n", ""), "without 'flow'");
    has(&SPELL.replace("flow = 2\n", "empower_pips = [\"R\"]\nflow = 2\n"), "without 'empower'");
    // An Add names one domain per Power (or two, or any); pips on another op; nothing added or paid.
    has(
        &SPELL.replace("{ op = \"add\", n = 1, pips = [\"R\"] }", "{ op = \"add\", pips = [\"R/P/G\"] }"),
        "one domain per Power",
    );
    has(
        &SPELL.replace("{ op = \"draw\", n = 1 }", "{ op = \"draw\", n = 1, pips = [\"R\"] }"),
        "only add, pay, grant_repeat, grant_ability_repeat and set_trait with trait = \"cost\" name Power pips",
    );
    has(&SPELL.replace("{ op = \"pay\", n = 1, pips = [\"R\"] }", "{ op = \"pay\" }"), "paying nothing");
    has(&SPELL.replace("{ op = \"add\", n = 1, pips = [\"R\"] }", "{ op = \"add\", n = 13 }"), "0 to 12");
    // An unknown field of a Repeat cost.
    has(&SPELL.replace("repeat = { energy = 1,", "repeat = { energy = 1, might = 2,"), "repeat");
}

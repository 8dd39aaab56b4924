//! The card-set file (docs/riftbound-cards.md): export → parse → export is identical, the
//! built-in set's export reads back equal, `with_cards` adds and replaces by id, and every kind of
//! problem is found, all at once, placed by line/column (syntax) or JSON pointer, card and field.

use engine::{CardFormat, CardSet, CardSetError, Cards};
use riftbound::cards::CardDb;
use riftbound::RiftOptions;
use serde_json::json;

fn parse_toml(text: &str) -> Result<CardDb, CardSetError> {
    CardDb::parse(text, CardFormat::Toml, "test.toml")
}

/// The one problem of a file, as a line.
fn one_problem(text: &str) -> String {
    let e = parse_toml(text).expect_err("must be refused");
    assert_eq!(e.problems.len(), 1, "{e}");
    e.problems[0].to_string()
}

const SPELL: &str = r#"[[card]]
id = "T-001"
name = "Test Bolt"
zh = "测试闪电"
kind = "spell"
domains = ["fury"]
energy = 1
pips = ["R"]
text = "Deal 2 damage to a unit."
text_zh = "对一个单位造成2点伤害。"
[[card.ability]]
on = "spell"
targets = [{}]
do = [{ op = "damage", n = 2 }]
"#;

#[test]
fn builtin_export_reads_back_equal_in_both_formats() {
    let b = CardDb::builtin();
    for f in [CardFormat::Toml, CardFormat::Json] {
        let text = b.export(f);
        let back = CardDb::parse(&text, f, "export").unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(back, *b, "{f}");
        assert_eq!(back.export(f), text, "{f}: export → parse → export is identical");
        assert_eq!(back.cards.len(), 99);
    }
}

#[test]
fn a_small_set_round_trips_and_json_equals_toml() {
    let a = parse_toml(SPELL).unwrap();
    let j = CardDb::parse(&a.export(CardFormat::Json), CardFormat::Json, "t.json").unwrap();
    assert_eq!(a, j);
    assert_eq!(j.export(CardFormat::Toml), a.export(CardFormat::Toml));
}

#[test]
fn with_cards_adds_and_replaces_by_id() {
    let b = CardDb::builtin();
    let new = json!({"id": "T-900", "name": "Plain Recruit", "zh": "普通新兵", "kind": "unit",
                     "domains": ["order"], "energy": 1, "might": 1});
    let replaced = json!({"id": "ST1-003", "name": "Blast Runner", "zh": "爆破跑手", "kind": "unit",
                          "domains": ["fury"], "energy": 2, "might": 5});
    let s = b.with_cards(&[new, replaced], "inline").unwrap();
    assert_eq!(s.cards.len(), 100);
    assert_eq!(s.get(s.by_name("Blast Runner").unwrap()).might, 5);
    assert_eq!(s.get(s.by_name("Plain Recruit").unwrap()).might, 1);
    let bad = json!({"id": "T-901", "name": "Broken", "zh": "坏", "kind": "unit", "might": "x"});
    let e = b.with_cards(&[bad], "inline").unwrap_err();
    assert!(e.to_string().starts_with("inline at /card/99/might: card 'T-901' field 'might':"), "{e}");
}

#[test]
fn a_loaded_set_travels_in_the_options() {
    let set = parse_toml(SPELL).unwrap();
    let o = RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() };
    let js = serde_json::to_value(&o).unwrap();
    assert_eq!(js["cards"]["card"][0]["id"], "T-001");
    let back: RiftOptions = serde_json::from_value(js).unwrap();
    assert_eq!(back, o);
    assert!(serde_json::to_value(RiftOptions::default()).unwrap().get("cards").is_none());
}

#[test]
fn syntax_errors_are_placed_by_line_and_column() {
    let p = one_problem("[[card]]\nid = \"X\"\nname = \n");
    assert!(p.starts_with("test.toml:3:"), "{p}");
    let e = CardDb::parse("{\"card\": [\n  {\"id\": }]}", CardFormat::Json, "t.json").unwrap_err();
    assert_eq!((e.problems[0].line, e.problems[0].column), (Some(2), Some(10)), "{e}");
}

#[test]
fn unknown_op_is_refused_at_its_pointer() {
    let p = one_problem(&SPELL.replace("op = \"damage\"", "op = \"teleport\""));
    // Placed by line and column (TOML) and by pointer.
    assert!(p.starts_with("test.toml:14:14 at /card/0/ability/0/do/0/op: card 'T-001' field 'op':"), "{p}");
    assert!(p.contains("teleport"), "{p}");
}

#[test]
fn unknown_keyword_is_refused() {
    let p = one_problem(&SPELL.replace("energy = 1\n", "energy = 1\nkeywords = [\"action\", \"flying\"]\n"));
    assert!(p.contains("/card/0/keywords/1") && p.contains("unknown keyword 'flying'"), "{p}");
}

#[test]
fn unknown_field_and_wrong_type_are_refused() {
    let p = one_problem(&SPELL.replace("energy = 1\n", "energy = 1\ncolour = \"red\"\n"));
    assert!(p.contains("/card/0/colour") && p.contains("unknown field 'colour'"), "{p}");
    let p = one_problem(&SPELL.replace("energy = 1\n", "energy = \"one\"\n"));
    assert!(p.contains("/card/0/energy: card 'T-001' field 'energy':"), "{p}");
    let p = one_problem(&SPELL.replace("n = 2", "n = true"));
    assert!(p.contains("/card/0/ability/0/do/0/n"), "{p}");
}

#[test]
fn costs_the_rules_cannot_pay_are_refused() {
    let p = one_problem(&SPELL.replace("pips = [\"R\"]", "pips = [\"B\"]"));
    assert!(p.contains("/card/0/pips/0") && p.contains("cannot pay"), "{p}");
    let p = one_problem(&SPELL.replace("energy = 1\n", "energy = 13\n"));
    assert!(p.contains("/card/0/energy") && p.contains("cannot pay"), "{p}");
}

#[test]
fn duplicate_ids_are_refused() {
    let two = format!("{SPELL}{}", SPELL.replace("Test Bolt", "Other Bolt"));
    let p = one_problem(&two);
    assert!(p.contains("/card/1/id") && p.contains("duplicate id"), "{p}");
}

#[test]
fn a_missing_token_card_is_refused() {
    let p = one_problem(
        &SPELL.replace("op = \"damage\", n = 2", "op = \"create_token\", n = 1, to = \"base\", token = \"Imp\""),
    );
    assert!(p.contains("/card/0/ability/0/do/0/token") && p.contains("no token card 'Imp'"), "{p}");
}

#[test]
fn a_card_that_would_do_nothing_is_refused_but_vanilla_units_are_legal() {
    let unit = "[[card]]\nid = \"U\"\nname = \"U\"\nzh = \"U\"\nkind = \"unit\"\ndomains = [\"calm\"]\nenergy = 2\nmight = 2\n";
    assert!(parse_toml(unit).is_ok(), "no text, no abilities: a vanilla unit");
    let kw = format!("{unit}keywords = [\"tank\"]\ntext = \"Tank.\"\ntext_zh = \"坦克。\"\n");
    assert!(parse_toml(&kw).is_ok(), "text that only names keywords");
    let p = one_problem(&format!("{unit}text = \"When you play this, draw a card.\"\ntext_zh = \"抽一张牌。\"\n"));
    assert!(p.contains("would do nothing"), "{p}");
    let spell = SPELL.split("[[card.ability]]").next().unwrap();
    let p = one_problem(spell);
    assert!(p.contains("would do nothing"), "{p}");
}

#[test]
fn every_problem_is_reported_at_once() {
    // Card 0 has a type error (an unknown op); card 1 is well-typed with two other problems.
    let bad = format!(
        "{}{}",
        SPELL.replace("op = \"damage\"", "op = \"teleport\"").replace("n = 2", "n = \"two\""),
        SPELL
            .replace("T-001", "T-002")
            .replace("Test Bolt", "Bolt Two")
            .replace("energy = 1\n", "energy = 99\nkeywords = [\"flying\"]\n")
    );
    let e = parse_toml(&bad).unwrap_err();
    assert_eq!(e.problems.len(), 4, "{e}");
    assert!(e.problems.iter().any(|p| p.pointer.as_deref() == Some("/card/0/ability/0/do/0/n")), "{e}");
    assert!(e.problems.iter().any(|p| p.pointer.as_deref() == Some("/card/1/keywords/0")), "{e}");
}

/// docs/cards/riftbound.schema.json names exactly the vocabulary the reader accepts.
#[test]
fn the_json_schema_lists_the_vocabulary() {
    use riftbound::cards::{Cond, On, Op, StaticEffect, Who, Whose};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cards/riftbound.schema.json");
    let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let defs = &schema["$defs"];
    let names = |v: &serde_json::Value| -> Vec<serde_json::Value> { v["enum"].as_array().unwrap().clone() };
    for v in names(&defs["instr"]["properties"]["op"]) {
        serde_json::from_value::<Op>(v.clone()).unwrap_or_else(|e| panic!("op {v}: {e}"));
    }
    for v in names(&defs["instr"]["properties"]["who"]) {
        serde_json::from_value::<Who>(v.clone()).unwrap_or_else(|e| panic!("who {v}: {e}"));
    }
    for v in names(&defs["instr"]["properties"]["player"]) {
        serde_json::from_value::<Whose>(v.clone()).unwrap_or_else(|e| panic!("player {v}: {e}"));
    }
    for v in names(&defs["instr"]["properties"]["if"]) {
        serde_json::from_value::<Cond>(v.clone()).unwrap_or_else(|e| panic!("if {v}: {e}"));
    }
    for v in names(&defs["ability"]["properties"]["on"]) {
        serde_json::from_value::<On>(v.clone()).unwrap_or_else(|e| panic!("on {v}: {e}"));
    }
    for v in names(&defs["static"]["properties"]["effect"]) {
        serde_json::from_value::<StaticEffect>(v.clone()).unwrap_or_else(|e| panic!("static {v}: {e}"));
    }
    let kws = names(&defs["card"]["properties"]["keywords"]["items"]);
    assert_eq!(kws.len(), riftbound::cards::kw::ALL.len());
    for (k, _) in riftbound::cards::kw::ALL {
        assert!(kws.contains(&serde_json::json!(k)), "{k}");
    }
    // Counts match the Rust enums (a new variant must be added to the schema and the docs).
    assert_eq!(names(&defs["instr"]["properties"]["op"]).len(), 45);
    assert_eq!(names(&defs["instr"]["properties"]["who"]).len(), 16);
}

/// A wrong-shaped field leaves out only that field: the card's other problems and the checks
/// across cards are still made, and every problem of a TOML file has its line and column.
#[test]
fn a_wrong_shaped_field_does_not_hide_the_other_problems() {
    let text = r#"[[card]]
id = "T-001"
name = "Test Bolt"
zh = "测试闪电"
kind = "spell"
domains = ["fury"]
energy = "one"
keywords = ["flying"]
text = "Deal 3 damage split among up to 4 units."
text_zh = "将3点伤害分配给至多4个单位。"
[[card.ability]]
on = "spell"
targets = [{ up_to = 4 }]
do = [{ op = "damage_split", n = 3, t = 0 }, { op = "draw", n = "two" }]

[[card]]
id = "T-001"
name = "Other Bolt"
zh = "另一闪电"
kind = "unit"
might = 1
"#;
    let e = parse_toml(text).expect_err("refused");
    let lines: Vec<String> = e.problems.iter().map(|p| p.to_string()).collect();
    let has = |s: &str| lines.iter().any(|l| l.contains(s));
    assert!(has("test.toml:7:10 at /card/0/energy: card 'T-001' field 'energy'"), "{lines:#?}");
    assert!(has("test.toml:8:13 at /card/0/keywords/0") && has("unknown keyword 'flying'"), "{lines:#?}");
    assert!(has("/card/0/ability/0/do/0/t") && has("at most as many targets as points"), "{lines:#?}");
    assert!(has("/card/0/ability/0/do/1/n"), "{lines:#?}");
    assert!(has("/card/1/id") && has("duplicate id"), "{lines:#?}");
    assert!(e.problems.iter().all(|p| p.line.is_some()), "every problem placed: {lines:#?}");
    assert_eq!(e.problems.len(), 5, "{lines:#?}");
}

/// The new vocabulary refuses its misuse (docs/riftbound-cards.md).
#[test]
fn additional_costs_subjects_and_keyword_abilities_refuse_misuse() {
    let trig = SPELL
        .replace("on = \"spell\"", "on = \"spell\"\nextra_cost = { act = \"exhaust\", unit = { exhausted = true } }");
    assert!(one_problem(&trig).contains("exhausting an exhausted unit"));
    let unit_cost =
        SPELL.replace("on = \"spell\"", "on = \"spell\"\nextra_cost = { act = \"kill\", unit = { up_to = 2 } }");
    assert!(one_problem(&unit_cost).contains("exactly one unit"));
    let subject = SPELL.replace("on = \"spell\"", "on = \"spell\"\nsubject = { tag = \"Cadet\" }");
    assert!(one_problem(&subject).contains("belongs to a 'unit_dies' trigger"));
    let split = SPELL
        .replace("op = \"damage\"", "op = \"damage_split\"")
        .replace("targets = [{}]", "targets = [{ what = \"battlefield\" }]");
    assert!(one_problem(&split).contains("must choose units"));
    let gear = r#"[[card]]
id = "T-002"
name = "Test Lens"
zh = "测试透镜"
kind = "gear"
keywords = ["vision"]
"#;
    // Gear plays its own Vision and Temporary (CR 816–817); Temporary on Equipment is its unit's
    // while attached (CR 434): its row kills the trigger's subject (keywords/temporary.rs).
    let lens = parse_toml(gear).unwrap_or_else(|e| panic!("{e}"));
    let d = lens.get(lens.by_name("Test Lens").unwrap());
    assert_eq!(d.keyword_ability(riftbound::cards::KeywordAbility::Vision), Some(0), "its Vision row");
    let eq = gear.replace("keywords = [\"vision\"]", "equipment = true\nkeywords = [\"temporary\"]");
    let eq = parse_toml(&eq).unwrap_or_else(|e| panic!("{e}"));
    let d = eq.get(eq.by_name("Test Lens").unwrap());
    let row = d.keyword_ability(riftbound::cards::KeywordAbility::Temporary).unwrap();
    assert_eq!(d.abilities[row].effects[0].who, riftbound::cards::Who::Subject);
}

//! The card file's replacement statics (docs/riftbound-cards.md, "Statics"; CR 367–375):
//! `prevent_damage`, `double_damage`, `enter_ready`, `double_tokens`, with `unit`,
//! `once_each_turn` and `may`. Well-formed ones read; misuse is refused naming the field. The
//! rules are played by the scenarios `tests/scenarios/replace_*.toml`.

use engine::{CardFormat, CardSet, CardSetError};
use riftbound::cards::{CardDb, StaticEffect};
use riftbound::replace::WardKind;

fn parse_toml(text: &str) -> Result<CardDb, CardSetError> {
    CardDb::parse(text, CardFormat::Toml, "test.toml")
}

/// A unit with one static, written `STATIC` (TOML lines of the `[[card.static]]` table).
fn unit_with(stat: &str) -> String {
    format!(
        r#"[[card]]
id = "T-001"
name = "Test Warden"
zh = "测试守卫"
kind = "unit"
domains = ["calm"]
energy = 2
might = 2
text = "A replacement static."
text_zh = "一个替代静态能力。"
[[card.static]]
{stat}
"#
    )
}

/// The problems of a refused file, as lines.
fn problems(text: &str) -> Vec<String> {
    let e = parse_toml(text).expect_err("must be refused");
    e.problems.iter().map(|p| p.to_string()).collect()
}

fn one_problem(text: &str) -> String {
    let p = problems(text);
    assert_eq!(p.len(), 1, "{p:#?}");
    p[0].clone()
}

#[test]
fn replacement_statics_read_into_the_card() {
    let db = parse_toml(&unit_with(
        "effect = \"prevent_damage\"\nn = 1\nunit = { side = \"friendly\", tag = \"Cadet\" }\nonce_each_turn = true\nmay = true",
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let d = db.get(db.by_name("Test Warden").unwrap());
    assert_eq!(d.damage_statics.len(), 1);
    let s = &d.damage_statics[0];
    assert_eq!(s.kind, WardKind::PreventNext(1));
    assert!(s.once_each_turn && s.may);
    assert_eq!(s.unit.tag, "Cadet");
    let all = parse_toml(&unit_with("effect = \"prevent_damage\"\nunit = {}")).unwrap();
    assert_eq!(all.get(0).damage_statics[0].kind, WardKind::PreventAll, "n = 0: all of it");
    let dbl = parse_toml(&unit_with("effect = \"double_damage\"\nunit = { side = \"enemy\" }")).unwrap();
    assert_eq!(dbl.get(0).damage_statics[0].kind, WardKind::Double);
    let ready = parse_toml(&unit_with("effect = \"enter_ready\"")).unwrap();
    assert_eq!(ready.get(0).enter_ready.len(), 1, "no unit: every unit you control");
    let tok = parse_toml(&unit_with("effect = \"double_tokens\"")).unwrap();
    assert_eq!(tok.get(0).double_tokens, 1);
    // The schema's effect names are the reader's (tests/card_file.rs checks the whole list).
    for e in ["prevent_damage", "double_damage", "enter_ready", "double_tokens"] {
        serde_json::from_value::<StaticEffect>(serde_json::json!(e)).unwrap();
    }
}

#[test]
fn damage_replacement_statics_refuse_misuse_naming_the_field() {
    // Damage is dealt to units only (CR 417): the static names its units.
    let p = one_problem(&unit_with("effect = \"prevent_damage\"\nn = 2"));
    assert!(p.contains("needs 'unit'") && p.contains("/static/0/unit"), "{p}");
    let p = one_problem(&unit_with("effect = \"prevent_damage\"\nn = -1\nunit = {}"));
    assert!(p.contains("/static/0/n") && p.contains("1–255"), "{p}");
    let p = one_problem(&unit_with("effect = \"double_damage\"\nn = 2\nunit = {}"));
    assert!(p.contains("takes no n"), "{p}");
    let p = one_problem(&unit_with("effect = \"double_damage\"\nunit = { up_to = 2 }"));
    assert!(p.contains("is not a target"), "{p}");
    let p = one_problem(&unit_with("effect = \"double_damage\"\nunit = { what = \"spell\" }"));
    assert!(p.contains("about units"), "{p}");
    let p = one_problem(&unit_with("effect = \"prevent_damage\"\ntag = \"Cadet\"\nunit = {}"));
    assert!(p.contains("not tag/domains/limit"), "{p}");
    // The replacement fields belong to replacement statics.
    let p = one_problem(&unit_with("effect = \"might\"\nn = 1\ntag = \"Cadet\"\nmay = true"));
    assert!(p.contains("/static/0/may") && p.contains("for replacement statics"), "{p}");
    // A spell has no static on the board.
    let spell = unit_with("effect = \"double_damage\"\nunit = {}").replace("kind = \"unit\"", "kind = \"spell\"");
    assert!(problems(&spell).iter().any(|p| p.contains("statics work on the board")), "{:?}", problems(&spell));
}

#[test]
fn enter_ready_and_double_tokens_refuse_misuse_naming_the_field() {
    let p = one_problem(&unit_with("effect = \"enter_ready\"\nonce_each_turn = true"));
    assert!(p.contains("not implemented") && p.contains("once_each_turn"), "{p}");
    let p = one_problem(&unit_with("effect = \"enter_ready\"\nmay = true"));
    assert!(p.contains("not implemented") && p.contains("may"), "{p}");
    let p = one_problem(&unit_with("effect = \"enter_ready\"\nunit = { side = \"enemy\" }"));
    assert!(p.contains("units you control"), "{p}");
    let p = one_problem(&unit_with("effect = \"enter_ready\"\nn = 1"));
    assert!(p.contains("takes no n"), "{p}");
    let p = one_problem(&unit_with("effect = \"double_tokens\"\nn = 2"));
    assert!(p.contains("'double_tokens' takes no"), "{p}");
}

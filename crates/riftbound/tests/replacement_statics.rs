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
    assert!(!ready.get(0).enter_ready[0].once_each_turn);
    let once = parse_toml(&unit_with("effect = \"enter_ready\"\nonce_each_turn = true")).unwrap();
    assert!(once.get(0).enter_ready[0].once_each_turn, "CR 371: 'once each turn' enter_ready");
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
    // "You may" about another side's units reads: their controller decides (CR 370, 372).
    let may = parse_toml(&unit_with("effect = \"double_damage\"\nunit = { side = \"enemy\" }\nmay = true")).unwrap();
    assert!(may.get(0).damage_statics[0].may);
    // The replacement fields belong to replacement statics.
    let p = one_problem(&unit_with("effect = \"might\"\nn = 1\ntag = \"Cadet\"\nmay = true"));
    assert!(p.contains("/static/0/may") && p.contains("for replacement statics"), "{p}");
    // A spell has no static on the board.
    let spell = unit_with("effect = \"double_damage\"\nunit = {}").replace("kind = \"unit\"", "kind = \"spell\"");
    assert!(problems(&spell).iter().any(|p| p.contains("statics work on the board")), "{:?}", problems(&spell));
}

#[test]
fn enter_ready_and_double_tokens_refuse_misuse_naming_the_field() {
    // Optional ones read (CR 371; the enter-ready prompt, `replace_enter.rs`).
    let may = parse_toml(&unit_with("effect = \"enter_ready\"\nmay = true")).unwrap();
    assert!(may.get(0).enter_ready[0].may);
    let p = one_problem(&unit_with("effect = \"enter_ready\"\nunit = { side = \"enemy\" }"));
    assert!(p.contains("units you control"), "{p}");
    let p = one_problem(&unit_with("effect = \"enter_ready\"\nn = 1"));
    assert!(p.contains("takes no n"), "{p}");
    let p = one_problem(&unit_with("effect = \"double_tokens\"\nn = 2"));
    assert!(p.contains("'double_tokens' takes no"), "{p}");
}

/// The replacement prompt names the unit, and each choice its source card and whether it is
/// optional (design.md §2); `no` declines (CR 371).
#[test]
fn the_replacement_prompt_names_the_source_and_the_purpose() {
    use engine::{Cards, EventLog, Game};
    use riftbound::action::RiftAction;
    use riftbound::{RiftGame, RiftOptions};
    let text = unit_with("effect = \"prevent_damage\"\nn = 1\nunit = { side = \"friendly\" }\nmay = true")
        .replace("might = 2", "might = 5")
        + r#"
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
"#;
    let file: toml::Value = toml::from_str(&text).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, "test.toml").unwrap_or_else(|e| panic!("{e}"));
    let o = RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() };
    let pos = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 hand=c0:T-BOLT deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c5:T-001 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-049 owner=p2 ctl=p2";
    let mut g = RiftGame::from_position(&o, pos).unwrap_or_else(|e| panic!("{e}"));
    for a in ["play c0", "t c5", "pass", "pass"] {
        let a: RiftAction = a.parse().unwrap_or_else(|e| panic!("{a}: {e:?}"));
        g.apply(&a, &mut EventLog::disabled()).unwrap_or_else(|e| panic!("{e}"));
    }
    let p = g.prompt().expect("P2 is asked");
    let all = format!("{p:?}");
    assert!(all.contains("Test Warden would be dealt damage: apply the optional replacement"), "{all}");
    assert!(p.source.is_some(), "the prompt names the static's card: {all}");
    let first = g.action_label(&RiftAction::First(0));
    let s = format!("{first:?}");
    assert!(s.contains("prevent 1 of the damage (Test Warden, P2's) (optional)"), "{s}");
    let no = format!("{:?}", g.action_label(&RiftAction::No));
    assert!(no.contains("Decline"), "{no}");
    // Applied: 2 dealt; declined: 3.
    let mut h = g.clone();
    h.apply(&RiftAction::First(0), &mut EventLog::disabled()).unwrap();
    assert_eq!(h.objs[5].damage, 2);
    g.apply(&RiftAction::No, &mut EventLog::disabled()).unwrap();
    assert_eq!(g.objs[5].damage, 3);
}

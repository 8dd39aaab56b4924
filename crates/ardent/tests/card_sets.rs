//! Card sets as values (design.md §2.6, docs/ardent-cards.md): the file format in TOML and
//! JSON, export → parse → export, and every kind of refused set, one problem per line.

use ardent::{ArdentGame, ArdentOptions, CardDb};
use engine::{CardFormat, CardProblem, CardSet, Cards, Game};

fn oc() -> &'static CardDb {
    CardDb::omega_codex()
}

#[test]
fn export_parse_export_is_identical_in_both_formats() {
    for format in [CardFormat::Toml, CardFormat::Json] {
        let text = oc().export(format);
        let back = CardDb::parse(&text, format, "oc").unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(&back, oc(), "{format}: the export parses to the built-in set");
        assert_eq!(back.export(format), text, "{format}: export → parse → export");
    }
    // The two spellings are one schema: the JSON export read as JSON equals the TOML one.
    let json: serde_json::Value = serde_json::from_str(&oc().export(CardFormat::Json)).unwrap();
    let toml: toml::Value = toml::from_str(&oc().export(CardFormat::Toml)).unwrap();
    assert_eq!(json, serde_json::to_value(toml).unwrap());
}

/// The embedded data file is the set's TOML export, byte for byte. Regenerate it with
/// `ARDENT_WRITE_CARDS=1 cargo test -p ardent --test card_sets` after a format change.
#[test]
fn the_builtin_data_file_is_the_canonical_export() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/omega_codex.toml");
    let export = oc().export(CardFormat::Toml);
    if std::env::var_os("ARDENT_WRITE_CARDS").is_some() {
        std::fs::write(path, &export).unwrap();
    }
    assert_eq!(std::fs::read_to_string(path).unwrap(), export);
}

const ONE: &str = r#"
[set]
id = "TestSet"
name = "Test set"
version = "1"

[[card]]
number = 1
name_en = "Brute"
name_zh = "蛮兵"
type = "Creature"
power = 4
vp = 1
rarity = "Common"
keywords = ["sneak 2"]
abilities = ["play: draw 1"]
text_en = "Skill: Sneak 2.<br>Play: Draw 1 card."
text_zh = "技能：伏击2。<br>打出：抽1张牌。"
"#;

fn refused(text: &str) -> Vec<CardProblem> {
    match CardDb::parse(text, CardFormat::Toml, "bad.toml") {
        Ok(db) => panic!("accepted: {db:?}"),
        Err(e) => {
            // One problem per line.
            assert_eq!(e.to_string().lines().count(), e.problems.len(), "{e}");
            e.problems
        }
    }
}

fn only(text: &str) -> CardProblem {
    let p = refused(text);
    assert_eq!(p.len(), 1, "{p:?}");
    p.into_iter().next().unwrap()
}

#[test]
fn a_small_set_reads_and_plays_by_code() {
    let db = CardDb::parse(ONE, CardFormat::Toml, "one.toml").unwrap();
    assert_eq!(db.len(), 1);
    let c = db.def(0);
    assert_eq!((c.code.as_str(), c.power, c.keywords.sneak), ("TestSet 001", 4, 2));
    assert_eq!(db.lookup("TestSet", 1), Some(0));
    assert_eq!(db.by_code("TestSet 001"), Some(0));
    assert_eq!(ardent::deck::parse_code(&db, "001").unwrap(), 0, "a bare number is in the set's own id");
}

#[test]
fn an_unknown_effect_step_is_refused_naming_card_and_field() {
    let p = only(&ONE.replace("play: draw 1", "play: teleport 3"));
    assert_eq!(p.pointer.as_deref(), Some("/card/0/abilities/0"));
    assert_eq!((p.card.as_deref(), p.field.as_deref()), (Some("TestSet 001"), Some("abilities[0]")));
    assert!(p.message.contains("unknown step 'teleport'"), "{p}");
    let p = only(&ONE.replace("play: draw 1", "sometimes: draw 1"));
    assert!(p.message.contains("unknown trigger"), "{p}");
    let p = only(&ONE.replace("play: draw 1", "play: move one enemy line -> the_moon"));
    assert!(p.message.contains("unknown destination"), "{p}");
}

#[test]
fn an_unknown_keyword_is_refused() {
    let p = only(&ONE.replace("\"sneak 2\"", "\"flying\""));
    assert_eq!(p.pointer.as_deref(), Some("/card/0/keywords/0"));
    assert!(p.message.contains("unknown keyword 'flying'"), "{p}");
    let p = only(&ONE.replace("\"sneak 2\"", "\"sneak\""));
    assert!(p.message.contains("needs a number"), "{p}");
    let p = only(&ONE.replace("\"sneak 2\"", "\"sneak 0\""));
    assert!(p.message.contains("would do nothing"), "{p}");
    let p = only(&ONE.replace("\"sneak 2\"", "\"sneak 2\", \"sneak 3\""));
    assert!(p.message.contains("given twice"), "{p}");
    let p = only(&ONE.replace("\"sneak 2\"", "\"team_up 2\""));
    assert!(p.message.contains("unexpected words"), "{p}");
}

#[test]
fn a_wrong_type_is_refused_at_its_line_and_column() {
    let p = only(&ONE.replace("power = 4", "power = \"four\""));
    assert_eq!(p.line, Some(12), "{p}");
    assert!(p.column.is_some(), "{p}");
    let p = only(&ONE.replace("type = \"Creature\"", "type = \"Monster\""));
    assert_eq!(p.line, Some(11), "{p}");
    // JSON too.
    let json = oc().export(CardFormat::Json).replacen("\"vp\": 1", "\"vp\": \"one\"", 1);
    let e = CardDb::parse(&json, CardFormat::Json, "bad.json").unwrap_err();
    assert_eq!(e.problems.len(), 1);
    assert!(e.problems[0].line.is_some() && e.problems[0].column.is_some(), "{e}");
    assert!(e.to_string().starts_with("bad.json:"), "{e}");
}

#[test]
fn a_syntax_error_is_refused_at_its_line() {
    let p = only(&ONE.replace("vp = 1", "vp = "));
    assert_eq!(p.line, Some(13), "{p}");
    let e = CardDb::parse("{\n  \"set\": ", CardFormat::Json, "x.json").unwrap_err();
    assert_eq!(e.problems[0].line, Some(2), "{e}");
}

#[test]
fn a_duplicate_id_is_refused() {
    let text = format!("{ONE}\n{}", &ONE[ONE.find("[[card]]").unwrap()..]);
    let p = only(&text);
    assert_eq!(p.pointer.as_deref(), Some("/card/1/number"));
    assert_eq!(p.card.as_deref(), Some("TestSet 001"));
    assert!(p.message.contains("duplicate id"), "{p}");
}

#[test]
fn power_and_vp_out_of_range_are_refused() {
    let p = only(&ONE.replace("power = 4", "power = 99"));
    assert_eq!((p.pointer.as_deref(), p.field.as_deref()), (Some("/card/0/power"), Some("power")));
    assert!(p.message.contains("out of range"), "{p}");
    let p = only(&ONE.replace("vp = 1", "vp = -40"));
    assert_eq!(p.pointer.as_deref(), Some("/card/0/vp"));
    let p = only(&ONE.replace("power = 4\n", ""));
    assert!(p.message.contains("needs a power"), "{p}");
    let p = only(&ONE.replace("number = 1", "number = 0"));
    assert_eq!(p.pointer.as_deref(), Some("/card/0/number"));
}

#[test]
fn an_ability_with_no_steps_is_refused() {
    let p = only(&ONE.replace("play: draw 1", "play:"));
    assert!(p.message.contains("no steps"), "{p}");
    let p = only(&ONE.replace("play: draw 1", "play: draw 1 || bonus: draw 1"));
    assert!(p.message.contains("one ability per string"), "{p}");
}

#[test]
fn cards_whose_text_would_do_nothing_are_refused() {
    // An action with no ability.
    let action = ONE
        .replace("type = \"Creature\"", "type = \"Action\"")
        .replace("power = 4\n", "")
        .replace("keywords = [\"sneak 2\"]\n", "")
        .replace("abilities = [\"play: draw 1\"]\n", "");
    let p = &refused(&action)[0];
    assert!(p.message.contains("needs a 'play:' ability"), "{p}");
    // Rules text, but no keyword and no ability.
    let p = only(&ONE.replace("keywords = [\"sneak 2\"]\n", "").replace("abilities = [\"play: draw 1\"]\n", ""));
    assert!(p.message.contains("would do nothing"), "{p}");
    // A creature keyword on a relic, a fight trigger on an action.
    let relic = ONE.replace("type = \"Creature\"", "type = \"Relic\"").replace("power = 4\n", "");
    let p = only(&relic);
    assert!(p.message.contains("'sneak' would do nothing"), "{p}");
    let p = only(
        &action.replace("rarity = \"Common\"", "rarity = \"Common\"\nabilities = [\"play: draw 1\", \"wins: draw 1\"]"),
    );
    assert!(p.message.contains("never run"), "{p}");
    // A deliberate blank ("No rules text.", like 100 Nothing to See) is accepted.
    let blank = action.replace("Skill: Sneak 2.<br>Play: Draw 1 card.", "No rules text.");
    CardDb::parse(&blank, CardFormat::Toml, "blank.toml").unwrap();
}

#[test]
fn every_problem_is_collected_not_just_the_first() {
    let text = ONE
        .replace("power = 4", "power = 99")
        .replace("\"sneak 2\"", "\"flying\"")
        .replace("play: draw 1", "play: zap");
    let p = refused(&text);
    let fields: Vec<_> = p.iter().filter_map(|p| p.field.as_deref()).collect();
    assert_eq!(fields, ["power", "keywords[0]", "abilities[0]"], "{p:?}");
    // Across cards and the header too.
    let e = CardDb::parse(
        &oc().export(CardFormat::Toml).replacen("id = \"OmegaCodex\"", "id = \"\"", 1).replace("vp = 3", "vp = 30"),
        CardFormat::Toml,
        "oc.toml",
    )
    .unwrap_err();
    assert!(e.problems.len() > 5, "{e}");
    assert_eq!(e.problems[0].pointer.as_deref(), Some("/set/id"));
}

#[test]
fn with_cards_adds_and_replaces_by_id_and_refuses_bad_cards() {
    let gyn = serde_json::json!({
        "number": 51, "name_en": "Tiny Gynormica", "name_zh": "小巨妞", "type": "Creature",
        "power": 1, "vp": 3, "rarity": "Rare", "text_en": "No rules text.", "text_zh": "无规则文字。"
    });
    let extra = serde_json::json!({
        "set": "Test", "number": 7, "name_en": "Newcomer", "name_zh": "新人", "type": "Creature",
        "power": 5, "vp": 1, "rarity": "Common", "text_en": "No rules text.", "text_zh": "无规则文字。"
    });
    let db = oc().with_cards(&[gyn.clone(), extra], "scenario").unwrap();
    assert_eq!(db.len(), 101);
    assert_eq!(db.def(50).name_en, "Tiny Gynormica");
    assert_eq!(db.def(50).power, 1);
    assert_eq!(db.lookup("Test", 7), Some(100));
    // The changed set round-trips through its export like any other.
    let back = CardDb::parse(&db.export(CardFormat::Json), CardFormat::Json, "x").unwrap();
    assert_eq!(back, db);

    let mut bad = gyn;
    bad["power"] = serde_json::json!(50);
    let e = oc().with_cards(&[serde_json::json!({"number": "x"}), bad], "scenario.toml").unwrap_err();
    assert_eq!(e.problems.len(), 2, "{e}");
    assert_eq!(e.problems[0].pointer.as_deref(), Some("/card/0"));
    assert_eq!(e.problems[1].pointer.as_deref(), Some("/card/1/power"));
}

#[test]
fn a_loaded_set_travels_in_the_options_and_is_the_games_set() {
    let db = oc()
        .with_cards(
            &[serde_json::json!({
                "number": 1, "name_en": "Vix Prime", "name_zh": "维克丝", "type": "Creature",
                "power": 9, "vp": 1, "rarity": "Variant", "keywords": ["team_up"],
                "text_en": "Skill: Team-Up.", "text_zh": "技能：组队。"
            })],
            "inline",
        )
        .unwrap();
    let options = ArdentOptions { cards: Cards::loaded(db), ..Default::default() };
    let json = serde_json::to_string(&options).unwrap();
    assert!(json.contains("Vix Prime"));
    let back: ArdentOptions = serde_json::from_str(&json).unwrap();
    assert_eq!(back, options);
    assert_eq!(ArdentGame::card_set(&back).def(0).power, 9);
    // The built-in set is not written at all.
    assert_eq!(serde_json::to_value(ArdentOptions::default()).unwrap().get("cards"), None);
    // The game reads its cards from its options.
    let setup = ArdentGame::setup_with_decks(&back, &[], &mut engine::GameRng::new(1)).unwrap();
    let g = ArdentGame::new(&back, &setup, 3).unwrap();
    assert!(g.catalogue().iter().any(|c| c.name_en == "Vix Prime"));
}

/// Every ability example in docs/ardent-cards.md is in the vocabulary (a doc example that does
/// not parse fails here), and every trigger, step and selector word has an example there.
#[test]
fn the_vocabulary_examples_in_the_docs_parse() {
    let doc = include_str!("../../../docs/ardent-cards.md");
    let triggers = ["play", "bonus", "harvested", "wins", "loses", "leaves"];
    let mut examples = 0;
    for span in doc.split('`').skip(1).step_by(2) {
        let span = span.replace("\\|", "|");
        if span.chars().any(|c| c.is_ascii_uppercase()) {
            continue; // grammar placeholders (SEL, DEST, N)
        }
        let head = span.split(':').next().unwrap_or("");
        let text = if triggers.contains(&head) && span.contains(": ") {
            span.clone()
        } else if span.starts_with("move ") || span.starts_with("rotate ") {
            format!("play: {span}")
        } else {
            continue;
        };
        ardent::effect::parse_abilities(&text).unwrap_or_else(|e| panic!("docs example `{span}`: {e}"));
        examples += 1;
    }
    assert!(examples >= 40, "{examples} examples");
    for word in [
        "draw",
        "move",
        "mark",
        "rotate",
        "reveal",
        "play_deck",
        "fight last",
        "end_turn",
        "lasting jump_start",
        "lasting lullaby",
        "lasting calm_down",
        "lasting silent_room",
        "choose",
        "if_done",
        "else",
        "require opp_score_higher",
        "name_number",
        "nudge",
        "one",
        "may_one",
        "upto:",
        "n:",
        "all",
        "random:",
        "oppchoice:",
        "min_vp",
        "max_vp",
        "min_power",
        "top",
        "bottom",
        "this",
        "last",
        "my",
        "enemy",
        "any",
        "line",
        "relics",
        "play",
        "hand",
        "score",
        "discard",
        "deck",
        "marked",
        "creature",
        "relic",
        "dormant",
        "active",
        "mature",
        "vp<=",
        "vp>=",
        "vp=",
        "vp=number",
        "power<=",
        "power>=",
        "owner_hand",
        "owner_discard",
        "owner_deck_top",
        "owner_deck_bottom",
        "owner_deck_shuffle",
        "my_score",
        "opp_score",
        "owner_score",
        "controller_score",
        "my_line",
        "opp_line",
        "different",
    ] {
        assert!(doc.contains(&format!("`{word}")), "docs/ardent-cards.md documents `{word}`");
    }
}

//! The scenario runner and the replay path, over the type-erased layer (design.md §3–§4).

use engine::scenario::Scenario;
use engine::testgame::Pebbles;
use engine::{Registry, Replay, Status, Viewer};

fn registry() -> Registry {
    Registry::new().with::<Pebbles>()
}

const PASSING: &str = r#"
name = "take the last pebble to win"
game = "pebbles"
seed = 3
options = { pile = 4 }

[[step]]
as = "P1"
legal_includes = ["take1", "take3"]
legal_excludes = ["take4"]
do = "take3"

[[step]]
to_act = "P2"
reject = "take2"
error_contains = "cannot take 2"

[[step]]
pointer = "/pile"
equals = 1

[[step]]
view = "P2"
pointer = "/bonus/0"
absent = true

[[step]]
do = "take1"
winners = ["P2"]
reason_contains = "last pebble"
"#;

#[test]
fn a_correct_scenario_passes_and_counts_its_checks() {
    let s = Scenario::from_toml(PASSING).unwrap();
    assert_eq!(s.run(&registry()).unwrap(), 9);
}

#[test]
fn a_wrong_expectation_fails_with_the_step_and_a_readable_difference() {
    let text = PASSING.replace("equals = 1", "equals = 2");
    let err = Scenario::from_toml(&text).unwrap().run(&registry()).unwrap_err();
    assert_eq!(err.step, 3);
    assert!(err.message.contains("expected 2") && err.message.contains("got      1"), "{}", err.message);
}

#[test]
fn a_scenario_for_an_unknown_game_names_the_known_ones() {
    let text = PASSING.replace("game = \"pebbles\"", "game = \"chess\"");
    let err = Scenario::from_toml(&text).unwrap().run(&registry()).unwrap_err();
    assert!(err.to_string().contains("unknown game 'chess'") && err.to_string().contains("pebbles"));
}

#[test]
fn unknown_scenario_keys_are_refused() {
    assert!(Scenario::from_toml("name='x'\ngame='pebbles'\n[[step]]\nplay='take1'\n").is_err());
}

#[test]
fn a_replay_rebuilds_the_same_game_and_checks_its_outcome() {
    let reg = registry();
    let entry = reg.get("pebbles").unwrap();
    let mut g = entry.create(&serde_json::Value::Null, None, 9).unwrap();
    let mut rng = engine::GameRng::new(4);
    while !g.status().is_over() {
        let a = g.random_action(&mut rng).unwrap();
        g.apply(&a).unwrap();
    }
    let json = g.replay().to_json();
    let replay = Replay::from_json(&json).unwrap();
    let again = entry.replay(&replay).unwrap();
    assert_eq!(again.view(Viewer::Omniscient), g.view(Viewer::Omniscient));
    assert!(matches!(again.status(), Status::Over(_)));

    let mut tampered = replay.clone();
    tampered.outcome.as_mut().unwrap().reason = "something else".into();
    assert!(entry.replay(&tampered).is_err());
    let mut bad = replay;
    bad.actions.push("take9".into());
    assert!(entry.replay(&bad).err().unwrap().contains("take9"));
}

#[test]
fn partial_options_take_defaults_for_the_rest_and_bad_ones_are_named() {
    let entry = *registry().get("pebbles").unwrap();
    let g = entry.create(&serde_json::json!({"pile": 5}), None, 1).unwrap();
    assert_eq!(g.view(Viewer::Omniscient)["pile"], 5);
    let err = entry.create(&serde_json::json!({"pile": "many"}), None, 1).err().unwrap();
    assert!(err.to_string().contains("bad pebbles options"));
}

#[test]
fn illegal_and_malformed_actions_leave_the_game_unchanged() {
    let reg = registry();
    let mut g = reg.get("pebbles").unwrap().create(&serde_json::Value::Null, None, 1).unwrap();
    let before = g.view(Viewer::Omniscient);
    let e = g.apply("jump").unwrap_err();
    assert_eq!(e.kind, engine::ActionErrorKind::Malformed);
    assert_eq!(g.view(Viewer::Omniscient), before);
    assert!(g.history().is_empty());
}

const CASE_WRITER: &str = r#"
name = "checks for case writers: sets, multisets, partial matches, several checks, out-of-turn"
game = "pebbles"
seed = 3
options = { pile = 10 }

[[step]]
legal_exactly = ["take3", "bonus", "take1", "take2"]

[[step]]
by = "P2"
reject = "take1"
error_contains = "not to act"

[[step]]
[[step.check]]
pointer = "/bonus_used"
set_equals = [false]
[[step.check]]
pointer = "/bonus_used"
multiset_equals = [false, false]
[[step.check]]
pointer = "/bonus_used"
contains = false
[[step.check]]
pointer = ""
matches = { pile = 10, pile_card = { id = "pile" } }
[[step.check]]
pointer = "/pile"
not_equals = 9
[[step.check]]
pointer = "/pile_card/card"
contains = "il"
"#;

#[test]
fn case_writer_checks_pass_when_they_hold() {
    let s = Scenario::from_toml(CASE_WRITER).unwrap();
    assert_eq!(s.run(&registry()).unwrap(), 8);
}

#[test]
fn case_writer_checks_fail_with_what_differs() {
    let fails = |from: &str, to: &str, step: usize, says: &str| {
        let text = CASE_WRITER.replacen(from, to, 1);
        let err = Scenario::from_toml(&text).unwrap().run(&registry()).unwrap_err();
        assert_eq!(err.step, step, "{from} -> {to}: {}", err.message);
        assert!(err.message.contains(says), "{from} -> {to}: {}", err.message);
    };
    fails(r#""take3", "bonus""#, r#""take3""#, 1, "not expected [bonus]");
    fails(r#"["take3""#, r#"["take9", "take3""#, 1, "missing [take9]");
    fails(r#"by = "P2""#, r#"by = "P1""#, 2, "accepted but must be refused");
    fails("set_equals = [false]", "set_equals = [true]", 3, "the set");
    fails("multiset_equals = [false, false]", "multiset_equals = [false]", 3, "the multiset");
    fails("contains = false", "contains = true", 3, "containing");
    fails("pile = 10, pile_card", "pile = 11, pile_card", 3, "matching");
    fails("not_equals = 9", "not_equals = 10", 3, "anything but");
    fails(r#"contains = "il""#, r#"contains = "xy""#, 3, "containing");
}

#[test]
fn a_toml_error_is_one_line_naming_line_and_column() {
    let text = "name = \"x\"\ngame = \"pebbles\"\n[[step]]\ndo = take1\n";
    let err = Scenario::from_toml(text).unwrap_err();
    assert!(!err.contains('\n'), "{err}");
    assert!(err.contains("line 4, column 6"), "{err}");
}

#[test]
fn with_cards_puts_the_set_in_the_options() {
    let o = engine::GameEntry::with_cards(&serde_json::json!({"pile": 4}), serde_json::json!({"card": []}));
    assert_eq!(o, serde_json::json!({"pile": 4, "cards": {"card": []}}));
    let o = engine::GameEntry::with_cards(&serde_json::Value::Null, serde_json::json!({}));
    assert_eq!(o, serde_json::json!({"cards": {}}));
}

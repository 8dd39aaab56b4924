//! Card sets through the type-erased layer, scenarios and replays (design.md §2 "card sets are
//! values"), on the engine's Pebbles game whose cards are its take sizes; and a game without
//! a set file refusing one loudly.

use engine::scenario::Scenario;
use engine::testgame::{Pebbles, PebblesAction, PebblesEvent, PebblesOptions, PebblesSetup, PebblesView};
use engine::{
    ActionError, CardFormat, EventLog, Game, GameEntry, GameRng, Registry, Replay, Seat, SetupError, Status, Viewer,
};
use serde_json::{json, Value};

fn registry() -> Registry {
    Registry::new().with::<Pebbles>().with::<Plain>()
}

fn pebbles() -> GameEntry {
    *registry().get("pebbles").unwrap()
}

const ONE_AND_FOUR: &str = "[[card]]\nid = \"one\"\ntake = 1\nname_en = \"One\"\nname_zh = \"一\"\n\n\
                            [[card]]\nid = \"four\"\ntake = 4\nname_en = \"Four\"\nname_zh = \"四\"\n";

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ct-engine-cards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn legal(g: &dyn engine::DynGame) -> Vec<String> {
    g.legal_actions().into_iter().map(|a| a.notation).collect()
}

#[test]
fn the_entry_parses_exports_and_extends_a_set() {
    let e = pebbles();
    assert!(e.loadable_cards);
    // The built-in set, exported, reads back as the same set, and exports identically.
    for f in [CardFormat::Toml, CardFormat::Json] {
        let text = e.export_cards(&Value::Null, f).unwrap();
        let doc = e.parse_cards(&text, f, "builtin").unwrap();
        assert_eq!(e.export_cards(&GameEntry::with_cards(&Value::Null, doc), f).unwrap(), text, "{f}");
    }
    // A loaded set changes what is legal.
    let doc = e.parse_cards(ONE_AND_FOUR, CardFormat::Toml, "mine.toml").unwrap();
    let options = GameEntry::with_cards(&json!({"pile": 10}), doc);
    let g = e.create(&options, None, 1).unwrap();
    assert_eq!(legal(g.as_ref()), ["take1", "take4", "bonus"]);
    let names: Vec<String> = g.catalogue().into_iter().map(|c| c.key).collect();
    assert_eq!(names, ["pile", "one", "four"]);
    // Extending: an inline card added to the loaded set.
    let card = json!({"id": "two", "take": 2, "name_en": "Two", "name_zh": "二"});
    let doc = e.extend_cards(&options, &[card], "inline").unwrap();
    let g = e.create(&GameEntry::with_cards(&options, doc), None, 1).unwrap();
    assert_eq!(legal(g.as_ref()), ["take1", "take2", "take4", "bonus"]);
    // A bad file: every problem, one line each, with file, place, card and field.
    let bad = ONE_AND_FOUR.replace("take = 4", "take = 40").replace("name_en = \"One\"", "name_en = \"\"");
    let err = e.parse_cards(&bad, CardFormat::Toml, "bad.toml").unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad.toml:4:11: card 'one' field 'name_en': the English name is empty\n\
         bad.toml:9:8: card 'four' field 'take': take must be 1 to 9, not 40"
    );
    // A set in the options that does not read is refused by create, naming options.cards.
    let err = e.create(&json!({"cards": {"card": [{"id": "x"}]}}), None, 1).err().unwrap();
    assert!(err.to_string().contains("options.cards"), "{err}");
}

const TAKE_FOUR: &str = r#"
name = "a loaded set's cards are the legal takes"
game = "pebbles"
seed = 3
options = { pile = 9 }

[[step]]
legal_exactly = ["take1", "take4", "bonus"]
reject = "take2"
error_contains = "no card of this set takes 2"

[[step]]
do = "take4"
pointer = "/pile"
equals = 5
"#;

#[test]
fn a_scenario_plays_with_its_cards_file_found_next_to_it() {
    let dir = tmp("file");
    std::fs::write(dir.join("one-four.toml"), ONE_AND_FOUR).unwrap();
    let path = dir.join("s.toml");
    std::fs::write(&path, format!("cards = \"one-four.toml\"\n{TAKE_FOUR}")).unwrap();
    assert_eq!(Scenario::from_file(&path).unwrap().run(&registry()).unwrap(), 4);
    // Without the file the built-in set is played, and the scenario fails where it differs.
    let err = Scenario::from_toml(TAKE_FOUR).unwrap().run(&registry()).unwrap_err();
    assert_eq!(err.step, 1);
    assert!(err.message.contains("missing [take4]"), "{err}");
    // A broken cards file stops the scenario at setup with the file's problems.
    std::fs::write(dir.join("one-four.toml"), ONE_AND_FOUR.replace("take = 4", "take = 0")).unwrap();
    let err = Scenario::from_file(&path).unwrap().run(&registry()).unwrap_err();
    assert_eq!(err.step, 0);
    assert!(err.message.contains("one-four.toml:9:8: card 'four' field 'take'"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_inline_test_card_changes_play() {
    let with_five = r#"
name = "an inline card adds a take of five to the built-in set"
game = "pebbles"
seed = 3
options = { pile = 7 }

[[card]]
id = "take5"
take = 5
name_en = "Take five"
name_zh = "拿五颗"

[[step]]
legal_includes = ["take1", "take2", "take3", "take5"]
do = "take5"
log_contains = ["P1 took 5"]
pointer = "/pile"
equals = 2
"#;
    assert_eq!(Scenario::from_toml(with_five).unwrap().run(&registry()).unwrap(), 4);
    let without = with_five.replace("[[card]]\nid = \"take5\"", "[[x]]\nid = \"take5\"");
    assert!(Scenario::from_toml(&without).is_err(), "unknown tables are refused");
    let without = with_five[..with_five.find("[[card]]").unwrap()].to_string()
        + &with_five[with_five.find("[[step]]").unwrap()..];
    let err = Scenario::from_toml(&without).unwrap().run(&registry()).unwrap_err();
    assert!(err.message.contains("'take5' is not legal"), "{err}");
    // A bad inline card is refused at setup, naming it.
    let bad = with_five.replace("take = 5", "take = 2");
    let err = Scenario::from_toml(&bad).unwrap().run(&registry()).unwrap_err();
    assert_eq!(err.step, 0);
    assert_eq!(err.message, "scenario [[card]] at /0/take: card 'take5' field 'take': another card already takes 2");
}

#[test]
fn a_replay_carries_its_set_and_rebuilds_the_game_with_it() {
    let e = pebbles();
    let doc = e.parse_cards(ONE_AND_FOUR, CardFormat::Toml, "mine.toml").unwrap();
    let mut g = e.create(&GameEntry::with_cards(&json!({"pile": 12}), doc.clone()), None, 5).unwrap();
    let mut rng = GameRng::new(2);
    while !g.status().is_over() {
        let a = g.random_action(&mut rng).unwrap();
        g.apply(&a).unwrap();
    }
    assert!(g.history().iter().any(|a| a == "take4"), "the set's own take was played: {:?}", g.history());
    let json = g.replay().to_json();
    let replay = Replay::from_json(&json).unwrap();
    assert_eq!(replay.options["cards"], doc, "the replay holds the set");
    let again = e.replay(&replay).unwrap();
    assert_eq!(again.view(Viewer::Omniscient), g.view(Viewer::Omniscient));
    assert_eq!(again.catalogue(), g.catalogue());
    // The same actions under the built-in set do not replay (take4 is not a card there).
    let mut builtin = replay.clone();
    builtin.options.as_object_mut().unwrap().remove("cards");
    let err = e.replay(&builtin).err().unwrap();
    assert!(err.contains("take4") && err.contains("no card of this set"), "{err}");
    // A game started from a position keeps its set too.
    let doc = e.parse_cards(ONE_AND_FOUR, CardFormat::Toml, "mine.toml").unwrap();
    let g = e.from_position(&GameEntry::with_cards(&Value::Null, doc), "9/P2/1*,3/-").unwrap();
    assert_eq!(legal(g.as_ref()), ["take1", "take4", "bonus"]);
    assert_eq!(g.position().unwrap(), "9/P2/1*,3/-");
}

#[test]
fn trace_tells_every_action_and_log_contains_fails_with_what_the_log_says() {
    let text = r#"
name = "trace"
game = "pebbles"
seed = 3
options = { pile = 6 }

[[step]]
play_all = ["take1", "take2"]
log_contains = ["p1 took 1", "P2 took 2"]

[[step]]
do = "bonus"
log_contains = ["played a bonus"]
"#;
    let s = Scenario::from_toml(text).unwrap();
    let mut seen = Vec::new();
    let checks = s
        .run_traced(&registry(), &mut |step, action, log| {
            seen.push(format!(
                "{step} {action}: {}",
                log.iter().map(|e| e.event.text.label.en.as_str()).collect::<Vec<_>>().join("; ")
            ))
        })
        .unwrap();
    assert_eq!(checks, 6);
    assert_eq!(seen[..2], ["1 take1: P1 took 1", "1 take2: P2 took 2"]);
    assert!(seen[2].starts_with("2 bonus: P1 played a bonus of "), "{seen:?}");
    let err =
        Scenario::from_toml(&text.replace("\"P2 took 2\"", "\"P2 took 3\"")).unwrap().run(&registry()).unwrap_err();
    assert_eq!(err.step, 1);
    assert_eq!(err.message, "no log event of this step says 'P2 took 3'; the log says: P1 took 1 | P2 took 2");
    let err = Scenario::from_toml("name='x'\ngame='pebbles'\n[[step]]\nlog_contains=['took']\n")
        .unwrap()
        .run(&registry())
        .unwrap_err();
    assert!(err.message.ends_with("the log says: no log events"), "{err}");
}

/// Pebbles as a game whose cards are its rules (no set file), like Fate Deduction.
#[derive(Clone, Debug, PartialEq)]
struct Plain(Pebbles);

impl Game for Plain {
    const NAME: &'static str = "plain";
    type Options = PebblesOptions;
    type Setup = PebblesSetup;
    type Action = PebblesAction;
    type View = PebblesView;
    type Event = PebblesEvent;
    type Cards = engine::NoCards;
    fn new(o: &PebblesOptions, s: &PebblesSetup, seed: u64) -> Result<Self, SetupError> {
        Pebbles::new(o, s, seed).map(Plain)
    }
    fn sample_setup(o: &PebblesOptions, r: &mut GameRng) -> Result<PebblesSetup, SetupError> {
        Pebbles::sample_setup(o, r)
    }
    fn options(&self) -> &PebblesOptions {
        self.0.options()
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn status(&self) -> Status {
        self.0.status()
    }
    fn legal_actions(&self, out: &mut Vec<PebblesAction>) {
        self.0.legal_actions(out)
    }
    fn apply(&mut self, a: &PebblesAction, log: &mut EventLog<PebblesEvent>) -> Result<(), ActionError> {
        self.0.apply(a, log)
    }
    fn view(&self, v: Viewer) -> PebblesView {
        self.0.view(v)
    }
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        Plain(self.0.determinize(seat, rng))
    }
    fn max_actions(&self) -> usize {
        self.0.max_actions()
    }
    fn render(&self, v: Viewer) -> String {
        self.0.render(v)
    }
}

#[test]
fn a_game_without_card_sets_refuses_a_set_loudly() {
    let reg = registry();
    let entry = *reg.get("plain").unwrap();
    assert!(!entry.loadable_cards);
    let e = entry.parse_cards("[set]\n", CardFormat::Toml, "my.toml").unwrap_err();
    assert!(e.to_string().starts_with("my.toml: this game has no card-set file"), "{e}");
    assert!(entry.export_cards(&Value::Null, CardFormat::Json).is_err());
    // A scenario's inline test card is refused, not ignored.
    let text = "name = 'x'\ngame = 'plain'\n[[card]]\nid = 'X'\n";
    let err = Scenario::from_toml(text).unwrap().run(&reg).unwrap_err();
    assert_eq!(err.step, 0);
    assert!(err.message.contains("scenario [[card]]: this game has no card-set file"), "{err}");
    // A cards file is found relative to the scenario, and a missing one is named.
    let dir = tmp("missing");
    let path = dir.join("s.toml");
    std::fs::write(&path, "cards = \"missing.toml\"\nname = 'x'\ngame = 'pebbles'\n").unwrap();
    let err = Scenario::from_file(&path).unwrap().run(&reg).unwrap_err();
    assert!(err.message.starts_with("cards = 'missing.toml'"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

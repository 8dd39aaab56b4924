//! The binary as a newcomer uses it: play to the end, replay, bench, decks, errors.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn cardtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).args(args).output().unwrap()
}

/// The binary with the engine's test game `pebbles` hosted too (`CARDTABLE_TEST_GAME=1`).
fn with_test_game(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).env("CARDTABLE_TEST_GAME", "1").args(args).output().unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Play a whole game typing the first legal action (`1`) every time.
fn play_to_the_end(game: &str, seed: &str, save: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["play", game, "--seed", seed, "--save", save])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        // More lines than any game needs; the game ends and stops reading.
        let input = "1\n".repeat(20_000);
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_whole_game_of_each_game_plays_in_the_terminal_and_its_replay_reproduces_it() {
    for game in ["fate", "ardent", "riftbound"] {
        let dir = tmp(game);
        let save = dir.join("game.json");
        let stdout = play_to_the_end(game, "1", save.to_str().unwrap());
        assert!(
            stdout.contains("Game over:"),
            "{game}: the game did not end:\n{}",
            &stdout[stdout.len().saturating_sub(2000)..]
        );
        let replay = cardtable(&["replay", save.to_str().unwrap()]);
        assert!(replay.status.success(), "{game}: {}", String::from_utf8_lossy(&replay.stderr));
        let text = String::from_utf8_lossy(&replay.stdout);
        assert!(text.contains("Result:"), "{game}: {text}");
    }
}

#[test]
fn an_illegal_typed_action_is_refused_with_one_line_and_the_game_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["play", "fate", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"atk=NS>L\n99\nking=Q\n\xff\xfe\nking=S\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.matches("error:").count() >= 3, "{text}");
    assert!(text.contains("there is no action 99"), "{text}");
}

#[test]
fn bench_prints_json_with_the_named_figures() {
    let out = cardtable(&["bench", "fate", "--json", "--seconds", "0.2"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["actions_per_sec", "games_per_sec", "state_bytes"] {
        assert!(v[key].as_f64().is_some_and(|x| x > 0.0), "{key} in {v}");
    }
}

#[test]
fn unknown_games_and_bad_files_give_one_line_errors_and_exit_1() {
    let out = cardtable(&["play", "chess"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown game 'chess'") && err.contains("fate"), "{err}");
    assert_eq!(err.trim().lines().count(), 1);
    let out = cardtable(&["replay", "/nonexistent/replay.json"]);
    assert_eq!(out.status.code(), Some(1));
    let out = cardtable(&["play", "fate", "--options", "{\"plyLimit\": \"many\"}"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad fate options"));
}

#[test]
fn the_deck_library_generates_lists_exports_imports_prints_and_deletes() {
    let dir = tmp("decks");
    let db = format!("sqlite://{}?mode=rwc", dir.join("lib.sqlite").display());
    let run = |args: &[&str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend(["--database", db.as_str()]);
        cardtable(&all)
    };
    let out = run(&["deck", "generate", "--count", "5", "--seed", "100", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let decks: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(decks.as_array().unwrap().len(), 5);
    let id = decks[0]["id"].as_str().unwrap().to_string();
    assert_eq!(decks[0]["serial"], 100);
    assert_eq!(decks[0]["cards"].as_array().unwrap().len(), 17);

    // The same serial again is refused: the library never holds a deck twice.
    let again = run(&["deck", "generate", "--count", "1", "--seed", "100"]);
    assert_eq!(again.status.code(), Some(1));

    let list = run(&["deck", "list", "--json"]);
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&list.stdout).unwrap().as_array().unwrap().len(), 5);

    let json_file = dir.join("deck.json");
    assert!(run(&["deck", "export", &id, "--format", "json", "--out", json_file.to_str().unwrap()]).status.success());
    let import = run(&["deck", "import", json_file.to_str().unwrap()]);
    assert_eq!(import.status.code(), Some(1), "the same cards are already in the library");

    let pdf = dir.join("deck.pdf");
    assert!(run(&["deck", "print", &id, "--out", pdf.to_str().unwrap()]).status.success());
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));

    assert!(run(&["deck", "delete", &id]).status.success());
    let gone = run(&["deck", "show", &id]);
    assert_eq!(gone.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&gone.stderr).contains("no Ardent Reapers deck"));
}

#[test]
fn sim_plays_the_given_decks_and_names_a_missing_one() {
    let deck = concat!(env!("CARGO_MANIFEST_DIR"), "/../ardent/data/decks/marla_buff_grafani.txt");
    let decks = format!("{deck},{deck}");
    let out = cardtable(&["sim", "ardent", "--games", "4", "--decks", &decks, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["records"].as_array().unwrap().len(), 4);
    assert!(v["config"]["decks"][0].as_str().unwrap().contains("Marla"));
    let dir = tmp("simdecks");
    let db = format!("sqlite://{}?mode=rwc", dir.join("lib.sqlite").display());
    let missing = cardtable(&["sim", "ardent", "--games", "2", "--decks", "nope,nope", "--database", &db]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("'nope'"));
}

/// Issue #16 item 1: the level names are bot specs for `sim` and `arena` too.
#[test]
fn sim_and_arena_take_the_level_names() {
    for bots in ["easy,medium", "hard,expert"] {
        let out = with_test_game(&["sim", "pebbles", "--bots", bots, "--games", "2", "--json"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["bots"], serde_json::json!(bots.split(',').collect::<Vec<_>>()));
    }
    let out = with_test_game(&["arena", "pebbles", "--bots", "easy,medium,hard,expert", "--games", "2"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for level in ["easy", "medium", "hard", "expert"] {
        assert!(text.contains(level), "{level} in {text}");
    }
    let out = with_test_game(&["sim", "pebbles", "--bots", "grandmaster", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("easy, medium, hard, expert"));
}

/// Issue #16 (the measured ladder): `--bots` keeps a spec's options with it — `,` before an
/// option, `;` between specs, repeated flags join — and refuses a stray option.
#[test]
fn bot_lists_take_specs_with_options() {
    let out = with_test_game(&["sim", "pebbles", "--bots", "mcts:50,cap=10,random", "--games", "2", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["bots"], serde_json::json!(["mcts:50,cap=10", "random"]));
    let out = with_test_game(&[
        "arena",
        "pebbles",
        "--bots",
        "mcts:50,cap=10;mcts:50,c=1.5",
        "--bots",
        "easy",
        "--games",
        "2",
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let bots: Vec<&str> = v["players"].as_array().unwrap().iter().map(|p| p["bot"].as_str().unwrap()).collect();
    assert_eq!(bots, ["mcts:50,cap=10", "mcts:50,c=1.5", "easy"]);
    let out = with_test_game(&["sim", "pebbles", "--bots", "random;cap=10", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("before any spec"), "{out:?}");
}

/// Issue #16 item 2: `cardtable train` writes a weights file that a bot spec can load, the same
/// for the same seed; a game without features says so.
#[test]
fn train_writes_reproducible_weights_that_bots_load() {
    let dir = tmp("train");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    for path in [&a, &b] {
        let out = cardtable(&["train", "fate", "--games", "2", "--seed", "9", "--out", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap(), "same seed, same weights");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!((v["game"].as_str(), v["trained"]["seed"].as_u64()), (Some("fate"), Some(9)));
    // A bot loads the file, named on the command line with its options (issue #16 item 1).
    let bots = format!("greedy:,eval={},random", a.display());
    let out = cardtable(&["sim", "fate", "--bots", &bots, "--games", "1", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["bots"], serde_json::json!([format!("greedy:,eval={}", a.display()), "random".to_string()]));
    let out = cardtable(&["train", "pebbles", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pebbles has no learned evaluator"));
}

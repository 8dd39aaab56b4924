//! Card-set files through the real binary: `cards export → check → show`, `--cards` on play,
//! sim, arena, bench and scenario, a broken file's problems one per line, and Fate's refusal.
//! The engine's test game `pebbles` (cards = its take sizes) is hosted with
//! `CARDTABLE_TEST_GAME=1`; the Ardent Reapers and Riftbound versions wait for their sets.

use std::path::PathBuf;
use std::process::{Command, Output};

fn cardtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).env("CARDTABLE_TEST_GAME", "1").args(args).output().unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = cardtable(args);
    assert!(
        out.status.success(),
        "{args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Exit 1; returns (stdout, stderr).
fn fails(args: &[&str]) -> (String, String) {
    let out = cardtable(args);
    assert_eq!(out.status.code(), Some(1), "{args:?} must fail: {}", String::from_utf8_lossy(&out.stdout));
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-cards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn export_check_show_and_play_with_an_edited_set() {
    let dir = tmp("round");
    let builtin = dir.join("builtin.toml");
    ok(&["cards", "export", "pebbles", "--out", s(&builtin)]);
    let text = std::fs::read_to_string(&builtin).unwrap();
    assert!(text.contains("take = 3") && text.contains("game = \"pebbles\""), "{text}");
    // The export reads back, and is what export writes for it again (TOML and JSON).
    assert!(ok(&["cards", "check", s(&builtin)]).contains("a good pebbles card set"));
    assert_eq!(ok(&["cards", "export", "pebbles", "--cards", s(&builtin)]), text);
    let json = dir.join("builtin.json");
    ok(&["cards", "export", "pebbles", "--format", "json", "--cards", s(&builtin), "--out", s(&json)]);
    assert_eq!(ok(&["cards", "export", "pebbles", "--cards", s(&json)]), text, "TOML → JSON → TOML");

    // Edit the set: take three becomes take seven.
    let edited = dir.join("seven.toml");
    std::fs::write(&edited, text.replace("take = 3", "take = 7").replace("Take three", "Take seven")).unwrap();
    assert!(ok(&["cards", "check", s(&edited), "--game", "pebbles"]).contains("good"));
    let shown = ok(&["cards", "show", "take seven", "--game", "pebbles", "--cards", s(&edited)]);
    assert!(shown.contains("Take seven (拿三颗)") && shown.contains("Take 7 pebbles from the pile."), "{shown}");
    assert!(shown.contains("从石子堆拿 7 颗石子。"), "{shown}");
    let (_, err) = fails(&["cards", "show", "take seven", "--game", "pebbles"]);
    assert!(err.contains("no card is named 'take seven'"), "{err}");

    // Play with it (bots on both seats), save, and the replay carries and rebuilds the set.
    let save = dir.join("game.json");
    let out = ok(&[
        "play",
        "pebbles",
        "--seats",
        "random,random",
        "--seed",
        "3",
        "--options",
        r#"{"pile":60}"#,
        "--cards",
        s(&edited),
        "--save",
        s(&save),
    ]);
    assert!(out.contains("Game over"), "{out}");
    let replay: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let takes: Vec<i64> =
        replay["options"]["cards"]["card"].as_array().unwrap().iter().map(|c| c["take"].as_i64().unwrap()).collect();
    assert_eq!(takes, [1, 2, 7]);
    let actions: Vec<&str> = replay["actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert!(actions.contains(&"take7") && !actions.contains(&"take3"), "{actions:?}");
    assert!(ok(&["replay", s(&save)]).contains("Result:"));

    // sim, arena and bench take the set too.
    let sim = ok(&["sim", "pebbles", "--games", "6", "--cards", s(&edited), "--json"]);
    let sim: serde_json::Value = serde_json::from_str(&sim).unwrap();
    assert_eq!(sim["config"]["options"]["cards"]["card"][2]["take"], 7, "{sim}");
    ok(&["arena", "pebbles", "--bots", "random,greedy", "--games", "2", "--cards", s(&edited)]);
    ok(&["bench", "pebbles", "--seconds", "0.05", "--mcts-iterations", "20", "--cards", s(&edited)]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_file_lists_every_problem_one_per_line_and_nothing_plays_it() {
    let dir = tmp("broken");
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "game = \"pebbles\"\n[[card]]\nid = \"a\"\ntake = 0\nname_en = \"A\"\nname_zh = \"甲\"\n\n\
         [[card]]\nid = \"a\"\ntake = 1\nname_en = \"\"\nname_zh = \"乙\"\n",
    )
    .unwrap();
    let (stdout, stderr) = fails(&["cards", "check", s(&bad)]);
    let p = s(&bad);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            format!("{p}:4:8: card 'a' field 'take': take must be 1 to 9, not 0"),
            format!("{p}:9:6: card 'a' field 'id': another card already has the id 'a'"),
            format!("{p}:11:11: card 'a' field 'name_en': the English name is empty"),
        ]
    );
    assert!(stderr.contains("3 problems"), "{stderr}");
    for cmd in [
        vec!["play", "pebbles", "--seats", "random,random", "--cards", p],
        vec!["sim", "pebbles", "--games", "2", "--cards", p],
        vec!["cards", "export", "pebbles", "--cards", p],
    ] {
        let (_, err) = fails(&cmd);
        assert!(err.contains(&format!("{p} is refused:")), "{cmd:?}: {err}");
        assert!(err.contains(&format!("{p}:9:6: card 'a' field 'id'")), "{cmd:?}: {err}");
    }
    // A syntax error is placed too; a file of another game is named.
    std::fs::write(&bad, "[[card]]\nid = \n").unwrap();
    let (stdout, _) = fails(&["cards", "check", p, "--game", "pebbles"]);
    assert!(stdout.starts_with(&format!("{p}:2:")), "{stdout}");
    std::fs::write(&bad, "game = \"chess\"\n").unwrap();
    let (_, err) = fails(&["cards", "check", p]);
    assert!(err.contains("unknown game 'chess'"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fate_refuses_a_card_set_loudly() {
    let dir = tmp("fate");
    let file = dir.join("set.toml");
    std::fs::write(&file, "[[card]]\nid = \"x\"\n").unwrap();
    for cmd in [
        vec!["play", "fate", "--cards", s(&file)],
        vec!["sim", "fate", "--games", "1", "--cards", s(&file)],
        vec!["arena", "fate", "--games", "1", "--cards", s(&file)],
        vec!["cards", "export", "fate"],
        vec!["cards", "check", s(&file), "--game", "fate"],
    ] {
        let (_, err) = fails(&cmd);
        assert!(err.contains("fate has no card-set file: its cards are fixed by its rules"), "{cmd:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn scenario_trace_prints_the_log_and_cards_overrides_the_scenarios_set() {
    let dir = tmp("scenario");
    std::fs::write(dir.join("own.toml"), "[[card]]\nid = \"one\"\ntake = 1\nname_en = \"One\"\nname_zh = \"一\"\n")
        .unwrap();
    std::fs::write(
        dir.join("other.toml"),
        "[[card]]\nid = \"one\"\ntake = 1\nname_en = \"One\"\nname_zh = \"一\"\n\n\
         [[card]]\nid = \"two\"\ntake = 2\nname_en = \"Two\"\nname_zh = \"二\"\n",
    )
    .unwrap();
    let scn = dir.join("s.toml");
    std::fs::write(
        &scn,
        "name = \"only ones\"\ngame = \"pebbles\"\nseed = 3\ncards = \"own.toml\"\noptions = { pile = 5 }\n\
         [[step]]\nlegal_exactly = [\"take1\", \"bonus\"]\nplay_all = [\"take1\", \"take1\"]\nlog_contains = [\"P2 took 1\"]\n",
    )
    .unwrap();
    let out = ok(&["scenario", "--trace", s(&scn)]);
    assert!(out.contains("  step 1  take1\n      [all] P1 took 1 | P1 拿了 1 颗\n  step 1  take1\n      [all] P2 took 1 | P2 拿了 1 颗"), "{out}");
    assert!(out.contains("ok    "), "{out}");
    // --cards (relative to the working folder) replaces the scenario's own set.
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .env("CARDTABLE_TEST_GAME", "1")
        .current_dir(&dir)
        .args(["scenario", "s.toml", "--cards", "other.toml"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("missing []") && stdout.contains("not expected [take2]"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same round trip for the games with real sets, once they are loadable.
fn round_trip(game: &str) {
    let dir = tmp(game);
    let set = dir.join("set.toml");
    ok(&["cards", "export", game, "--out", s(&set)]);
    assert!(ok(&["cards", "check", s(&set), "--game", game]).contains("good"));
    let json = dir.join("set.json");
    ok(&["cards", "export", game, "--format", "json", "--cards", s(&set), "--out", s(&json)]);
    assert_eq!(ok(&["cards", "export", game, "--cards", s(&json)]), std::fs::read_to_string(&set).unwrap());
    let out = ok(&["play", game, "--seats", "random,random", "--cards", s(&set)]);
    assert!(out.contains("Game over"), "{out}");
    ok(&["sim", game, "--games", "2", "--cards", s(&set)]);
    std::fs::write(&set, "[[card]]\nid = 1\n").unwrap();
    let (stdout, _) = fails(&["cards", "check", s(&set), "--game", game]);
    assert!(stdout.lines().all(|l| l.starts_with(s(&set))), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ardent_sets_export_check_and_play() {
    round_trip("ardent");
}

#[test]
fn riftbound_sets_export_check_and_play() {
    round_trip("riftbound");
}

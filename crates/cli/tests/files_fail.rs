//! Files that fail say so (issue "open card sets and positions", item 8): a replay that never
//! reaches its recorded outcome, a broken scenario file, a deck count of zero.

use std::path::PathBuf;
use std::process::{Command, Output};

fn cardtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).args(args).output().unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Fate replay of a few opening actions, as `cardtable play --save` writes it.
fn short_fate_replay(dir: &std::path::Path) -> serde_json::Value {
    let save = dir.join("full.json");
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["play", "fate", "--seed", "1", "--seats", "random,random", "--save", save.to_str().unwrap()])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap()
}

#[test]
fn a_replay_whose_recorded_outcome_is_never_reached_fails() {
    let dir = tmp("unreached");
    let mut replay = short_fate_replay(&dir);
    assert!(!replay["outcome"].is_null(), "the saved game is finished");
    let actions = replay["actions"].as_array().unwrap().clone();
    replay["actions"] = serde_json::Value::Array(actions[..actions.len() / 2].to_vec());
    let file = dir.join("cut.json");
    std::fs::write(&file, replay.to_string()).unwrap();
    let out = cardtable(&["replay", file.to_str().unwrap()]);
    assert!(!out.status.success(), "a replay cut short must fail: {}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("never reaches the outcome"), "{err}");
}

#[test]
fn replay_position_prints_the_position_after_n_actions() {
    let dir = tmp("position");
    let replay = short_fate_replay(&dir);
    let file = dir.join("game.json");
    std::fs::write(&file, replay.to_string()).unwrap();
    let start = cardtable(&["replay", file.to_str().unwrap(), "--position", "--at", "0"]);
    assert!(start.status.success(), "{}", String::from_utf8_lossy(&start.stderr));
    let end = cardtable(&["replay", file.to_str().unwrap(), "--position"]);
    assert!(end.status.success(), "{}", String::from_utf8_lossy(&end.stderr));
    let (start, end) = (String::from_utf8_lossy(&start.stdout), String::from_utf8_lossy(&end.stdout));
    assert_eq!(start.lines().count(), 1, "{start}");
    assert_ne!(start, end, "the position moves on");
    let too_far = cardtable(&["replay", file.to_str().unwrap(), "--position", "--at", "999999"]);
    assert!(!too_far.status.success());
}

#[test]
fn a_broken_scenario_file_is_one_line_naming_file_line_and_column() {
    let dir = tmp("toml");
    let file = dir.join("bad.toml");
    std::fs::write(&file, "name = \"x\"\ngame = \"fate\"\n[[step]]\ndo = EC\n").unwrap();
    let out = cardtable(&["scenario", file.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let err = err.trim();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad.toml") && err.contains("line 4, column 6"), "{err}");
}

#[test]
fn generating_zero_decks_is_refused() {
    let dir = tmp("zero");
    let db = format!("sqlite://{}?mode=rwc", dir.join("lib.sqlite").display());
    let out = cardtable(&["deck", "--database", &db, "generate", "--count", "0"]);
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

//! `cardtable replay FILE --analyse` (issue #14, docs/fate-solver.md): the computer analysis of
//! a Fate Deduction game marks the move that threw a proved win away, with the proof line, and
//! nothing in a game with no proved win.

use std::path::PathBuf;
use std::process::{Command, Output};

fn cardtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).args(args).output().unwrap()
}

/// P1 to act: Q♠ X = 4 (1W + 4S) discards P2's King now (§5.1 #14); P2 can never act.
const WIN_IN_1: &str = "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0 row1=QS \
    hand1=KS res1=0:0,0:0,1:0,4:0 res2=0:0,0:9,0:9,0:9 hand2=kc,qc,nc,jc";
/// Nobody can do anything: a draw by repetition (R-END3) after five plies.
const DEAD: &str = "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0 \
    hand1=KS res1=0:0,0:0,0:0,0:0 hand2=ks res2=0:0,0:0,0:0,0:0";

fn replay_file(name: &str, game: &str, position: &str, actions: &[&str]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("cardtable-analysis-{}-{name}.json", std::process::id()));
    let replay = serde_json::json!({
        "format": 1, "game": game, "options": null, "setup": null, "seed": 0,
        "position": position, "actions": actions,
    });
    std::fs::write(&path, replay.to_string()).unwrap();
    path
}

#[test]
fn the_blunder_is_marked_with_the_proof_line() {
    // ret=QS takes the Queen back: no win is left, the game is drawn by repetition.
    let f =
        replay_file("blunder", "fate", WIN_IN_1, &["ret=QS", "endmain", "endmain", "endmain", "endmain", "endmain"]);
    let file = f.to_str().unwrap();
    let out = cardtable(&["replay", file, "--analyse", "--max-nodes", "200000", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["blunders"], serde_json::json!([1]), "{v}");
    let m = &v["moves"][0];
    assert_eq!(m["blunder"], true);
    assert_eq!(m["before"]["value"], "win");
    assert_eq!(m["before"]["pv"], serde_json::json!(["act=QS:4"]));
    assert_eq!(m["after"]["value"], "draw");
    assert!(m["label"]["zh"].as_str().unwrap().starts_with("败着"), "{m}");
    assert!(v["moves"].as_array().unwrap()[1..].iter().all(|m| m["blunder"] == false), "{v}");

    let out = cardtable(&["replay", file, "--analyse", "--max-nodes", "200000"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1. P1 ret=QS??  Blunder: P1 wins within 1 plies before this move (act=QS:4)"), "{text}");
    assert!(text.contains("blunders: 1\n"), "{text}");
    let _ = std::fs::remove_file(f);
}

#[test]
fn a_game_without_a_proved_win_has_no_marks() {
    let f = replay_file("dead", "fate", DEAD, &["endmain"; 5]);
    let out = cardtable(&["replay", f.to_str().unwrap(), "--analyse", "--max-nodes", "50000"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("blunders: none"), "{text}");
    assert!(!text.contains("??"), "{text}");
    let _ = std::fs::remove_file(f);
}

#[test]
fn analysis_refuses_games_without_a_solver_and_bad_budgets() {
    let f = replay_file("bad", "fate", DEAD, &["endmain"]);
    let out = cardtable(&["replay", f.to_str().unwrap(), "--analyse", "--max-nodes", "0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-nodes"));
    let out = cardtable(&["replay", f.to_str().unwrap(), "--max-nodes", "10"]);
    assert!(!out.status.success(), "--max-nodes needs --analyse");
    let _ = std::fs::remove_file(f);
    let g = replay_file("ardent", "ardent", "x", &[]);
    let out = cardtable(&["replay", g.to_str().unwrap(), "--analyse"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("only fate has a solver"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(g);
}

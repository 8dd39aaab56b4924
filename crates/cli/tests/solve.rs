//! `cardtable solve fate` (docs/fate-solver.md): a proof as JSON, the setups analysis in two
//! shards merged into one file and an HTML report, and clear refusals.

use std::path::PathBuf;
use std::process::{Command, Output};

fn cardtable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardtable")).args(args).output().unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-solve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const WIN_IN_1: &str = "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0 row1=QS \
    hand1=KS res1=0:0,0:0,1:0,4:0 res2=0:0,0:9,0:9,0:9 hand2=kc,qc,nc,jc";

#[test]
fn solve_prints_a_proof_as_json() {
    let out = cardtable(&["solve", "fate", "--position", WIN_IN_1, "--max-depth", "3", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "win");
    assert_eq!(v["winner"], "P1");
    assert_eq!(v["depth"]["plies"], 1);
    assert_eq!(v["pv"], serde_json::json!(["act=QS:4"]));
    for k in ["nodes", "nodes_per_sec", "tt_hits", "seconds"] {
        assert!(v[k].is_number(), "{k} missing: {v}");
    }
}

#[test]
fn setups_shards_merge_into_one_report() {
    let dir = tmp("setups");
    let (a, b, all, html) = (dir.join("a.json"), dir.join("b.json"), dir.join("all.json"), dir.join("r.html"));
    for (shard, file) in [("0/248", &a), ("1/248", &b)] {
        let out = cardtable(&[
            "solve",
            "fate",
            "--setups",
            "--max-plies",
            "1",
            "--tt-mb",
            "1",
            "--shard",
            shard,
            "--out",
            file.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let out = cardtable(&[
        "solve",
        "merge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        all.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let s: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Ply 1 has no combat (R-C0) and no Queen can be played and paid for: nothing wins.
    assert_eq!((s["judged"].as_u64(), s["refuted"].as_u64(), s["total"].as_u64()), (Some(4), Some(4), Some(496)));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<svg") && page.contains("refuted"), "{page}");
    // A resumed run with other settings is refused.
    let out = cardtable(&["solve", "fate", "--setups", "--max-plies", "3", "--out", a.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("resume with the same"));
}

#[test]
fn solve_refuses_what_it_cannot_answer() {
    let out = cardtable(&["solve", "ardent", "--position", "x"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("only fate"));
    let out = cardtable(&["solve", "fate", "--position", "fate ply=zz"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--position"));
}

#[test]
fn solve_without_a_position_starts_from_the_setup() {
    // Issue #14: the default position is the start; the setup choices are searched like any
    // other action. Within a small budget the answer is an honest `unknown` with its bound.
    let out = cardtable(&["solve", "fate", "--max-nodes", "5000", "--tt-mb", "4", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "unknown", "{v}");
    assert_eq!(v["to_act"], "P1");
    assert!(v["bound"].as_str().unwrap().starts_with("budget exhausted"), "{v}");
    assert!(v["nodes"].as_u64().unwrap() >= 5000, "{v}");
}

//! Runs every scenario file under `scenarios/` at the repository root through the real binary:
//! scenarios written from the specs by someone other than each game's author (design.md §4).

use std::path::{Path, PathBuf};
use std::process::Command;

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

#[test]
fn every_scenario_file_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files = Vec::new();
    scenario_files(&root, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no scenario files under {}", root.display());
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("scenario").args(&files).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "scenarios failed:\n{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout.lines().filter(|l| l.starts_with("ok")).count(), files.len(), "{stdout}");
}

#[test]
fn a_failing_scenario_exits_1_with_the_difference() {
    let dir = std::env::temp_dir().join(format!("cardtable-scn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.toml");
    std::fs::write(&file, "name = \"wrong on purpose\"\ngame = \"fate\"\nseed = 1\n[[step]]\nto_act = \"P2\"\n")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("scenario").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("FAIL") && stdout.contains("expected to_act P2"), "{stdout}");
}

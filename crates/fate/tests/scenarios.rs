//! Every scenario file in tests/scenarios runs through the engine's scenario runner.

use engine::scenario::Scenario;
use engine::Registry;
use fate::FateGame;

#[test]
fn all_scenario_files_pass() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let registry = Registry::new().with::<FateGame>();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut ran = 0;
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "toml")) {
        let sc = Scenario::from_file(path).unwrap_or_else(|e| panic!("{e}"));
        let checks = sc.run(&registry).unwrap_or_else(|f| panic!("{}: {f}", path.display()));
        assert!(checks > 0, "{} checks nothing", path.display());
        ran += 1;
    }
    assert!(ran >= 5, "only {ran} scenario files");
}

//! Scenario files (format: crates/engine/src/scenario.rs) under tests/scenarios/.

use engine::scenario::Scenario;
use engine::Registry;
use riftbound::RiftGame;

#[test]
fn all_scenarios_pass() {
    let registry = Registry::new().with::<RiftGame>();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    assert!(paths.len() >= 2);
    for p in paths {
        let s = Scenario::from_file(&p).unwrap_or_else(|e| panic!("{e}"));
        if let Err(f) = s.run(&registry) {
            panic!("{}: {f}", p.display());
        }
    }
}

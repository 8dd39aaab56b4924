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
        let text = std::fs::read_to_string(&p).unwrap();
        let s = Scenario::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        if let Err(f) = s.run(&registry) {
            panic!("{}: {f}", p.display());
        }
    }
}

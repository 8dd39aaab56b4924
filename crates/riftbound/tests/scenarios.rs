//! Scenario files (format: crates/engine/src/scenario.rs) under tests/scenarios/.

use engine::scenario::Scenario;
use engine::Registry;
use riftbound::RiftGame;

#[test]
fn all_scenarios_pass() {
    let registry = Registry::new().with::<RiftGame>();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // This crate's cases and the independent ones at the repository root (scenarios/riftbound,
    // also run through the binary by the cli tests), so a rules change is checked here at once.
    let mut paths: Vec<_> = ["tests/scenarios", "../../scenarios/riftbound"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 2);
    for p in paths {
        let s = Scenario::from_file(&p).unwrap_or_else(|e| panic!("{e}"));
        if let Err(f) = s.run(&registry) {
            panic!("{}: {f}", p.display());
        }
    }
}

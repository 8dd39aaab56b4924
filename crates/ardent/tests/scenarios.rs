//! Runs every scenario file in tests/scenarios through the type-erased registry.

use ardent::ArdentGame;
use engine::scenario::Scenario;
use engine::Registry;

#[test]
fn every_scenario_passes() {
    let registry = Registry::new().with::<ArdentGame>();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 5, "expected 5–10 scenarios");
    for f in files {
        let sc = Scenario::from_file(&f).unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = sc.run(&registry) {
            panic!("{} ({}): {e}", f.display(), sc.name);
        }
    }
}

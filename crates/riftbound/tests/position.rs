//! The position notation (docs/riftbound.md, "Position notation"): any position reached in play
//! reads back as the identical state (every zone, flag and the generator) and plays on identically;
//! bad text is refused with one line naming the field.

use engine::{EventLog, Game, GameRng, Status};
use riftbound::{Mode, RiftGame, RiftOptions};

fn opts(mode: Mode) -> RiftOptions {
    RiftOptions { mode, ..RiftOptions::default() }
}

/// Play random games; at every 7th step the state read back from its position equals the state,
/// and both continue identically for the rest of the game.
#[test]
fn positions_read_back_as_the_identical_state_in_every_mode() {
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let o = opts(mode);
        let mut checked = 0;
        for seed in 0..6u64 {
            let mut rng = GameRng::new(seed);
            let setup = RiftGame::sample_setup(&o, &mut rng).unwrap();
            let mut g = RiftGame::new(&o, &setup, seed).unwrap();
            let mut log = EventLog::disabled();
            let mut v = Vec::new();
            let mut twin: Option<RiftGame> = None;
            for step in 0..g.max_actions() {
                if matches!(g.status(), Status::Over(_)) {
                    break;
                }
                if step % 7 == 0 {
                    let text = g.position().unwrap();
                    let read = RiftGame::from_position(&o, &text)
                        .unwrap_or_else(|e| panic!("{mode:?} seed {seed} step {step}: {e}\n{text}"));
                    assert!(read == g, "{mode:?} seed {seed} step {step}: read back differs\n{text}");
                    checked += 1;
                    if twin.is_none() && step > 100 {
                        twin = Some(read);
                    }
                }
                v.clear();
                g.legal_actions(&mut v);
                let a = v[rng.index(v.len())];
                g.apply(&a, &mut log).unwrap();
                if let Some(t) = twin.as_mut() {
                    t.apply(&a, &mut log).unwrap();
                    assert!(*t == g, "{mode:?} seed {seed} step {step}: the read-back game diverged after {a}");
                }
            }
        }
        assert!(checked > 100, "{mode:?}: only {checked} positions checked");
    }
}

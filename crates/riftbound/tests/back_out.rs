//! The engine bound on `back` (`src/backout.rs`; CR 354–359, 358.5, 355.16): after a back-out
//! the next play begun goes to the end, so a player can't repeat a position for ever by
//! beginning a play and backing out of it. The Riftbound bot ladder stalled that way (seed 11001,
//! game 6: `act L`, `back`, … for 90,000 actions); `scenarios/back_out_no_loop.toml` walks
//! through the rule, these tests play whole games against it.

use engine::{EventLog, Game, GameRng, Status};
use riftbound::{Mode, RiftAction, RiftGame, RiftOptions};

/// A player who backs out whenever it can, and otherwise begins a play whenever it can: without
/// the bound it loops on the first play it begins; with it every game ends within the bound.
fn back_loving(legal: &[RiftAction], rng: &mut GameRng) -> RiftAction {
    if legal.contains(&RiftAction::Back) {
        return RiftAction::Back;
    }
    let starts: Vec<RiftAction> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, RiftAction::Play(_) | RiftAction::Act(_) | RiftAction::Hide(..)))
        .collect();
    if starts.is_empty() {
        legal[rng.index(legal.len())]
    } else {
        starts[rng.index(starts.len())]
    }
}

fn play_back_loving(o: &RiftOptions, seed: u64) -> (usize, usize) {
    let mut rng = GameRng::new(seed);
    let setup = RiftGame::sample_setup(o, &mut rng).unwrap();
    let mut g = RiftGame::new(o, &setup, seed).unwrap();
    let mut log = EventLog::disabled();
    let mut legal = Vec::new();
    let (mut steps, mut backs) = (0, 0);
    while !matches!(g.status(), Status::Over(_)) {
        assert!(steps < g.max_actions(), "{:?} seed {seed}: {steps} actions and the game goes on", o.mode);
        legal.clear();
        g.legal_actions(&mut legal);
        let a = back_loving(&legal, &mut rng);
        if a == RiftAction::Back {
            backs += 1;
            // A back-out is never followed by another back-out straight away.
            assert!(!g.backed_out, "seed {seed}: two back-outs without another action between them");
        }
        g.apply(&a, &mut log).unwrap();
        if a == RiftAction::Back {
            // The bound is part of the position and reads back.
            let text = g.position().unwrap();
            assert!(text.contains(" backedout=1"), "{text}");
            assert!(RiftGame::from_position(o, &text).unwrap() == g, "read back differs\n{text}");
        }
        steps += 1;
    }
    (steps, backs)
}

#[test]
fn a_player_who_always_backs_out_cannot_stall_the_game() {
    for (mode, seeds) in [(Mode::Duel, 0..6u64), (Mode::Ffa3, 0..2), (Mode::TwoVsTwo, 0..2)] {
        let o = RiftOptions { mode, ..RiftOptions::default() };
        let mut backs = 0;
        for seed in seeds {
            backs += play_back_loving(&o, seed).1;
        }
        assert!(backs > 20, "{mode:?}: only {backs} back-outs: the test player did not test the bound");
    }
}

/// With `rune_actions` a Hide cost waits at its payment prompt, whose `back` is bound alike.
#[test]
fn the_bound_holds_with_rune_actions_too() {
    let o = RiftOptions { rune_actions: true, ..RiftOptions::default() };
    for seed in 0..3 {
        play_back_loving(&o, seed);
    }
}

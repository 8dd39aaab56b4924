//! A digest of random games, to check that a speed change changes no rules: the legal actions
//! (in order) at every step, the chosen actions, the position every 16 steps, a determinization
//! and the omniscient view at the end of every game. Run it before and after a change and compare.
//! `cargo run --release -p riftbound --example fingerprint -- [games] [duel|ffa3|ffa4|two_vs_two|all]`
use engine::{EventLog, Game, GameRng, Seat, Viewer};
use riftbound::{Mode, RiftGame, RiftOptions};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn digest(mode: Mode, games: u64) -> (u64, u64) {
    let opts = RiftOptions { mode, allow_concede: mode != Mode::Duel, ..RiftOptions::default() };
    let mut h = DefaultHasher::new();
    let mut legal = Vec::new();
    let mut log = EventLog::disabled();
    let mut actions = 0u64;
    for i in 0..games {
        let mut rng = GameRng::derive(7, i);
        let setup = RiftGame::sample_setup(&opts, &mut rng).unwrap();
        let mut g = RiftGame::new(&opts, &setup, i).unwrap();
        for step in 0u64.. {
            legal.clear();
            g.legal_actions(&mut legal);
            format!("{legal:?}").hash(&mut h);
            if step % 16 == 0 {
                g.position().hash(&mut h);
            }
            if legal.is_empty() {
                break;
            }
            // Concessions end games early: take one rarely so that most games run their course.
            let mut a = legal[rng.index(legal.len())];
            if matches!(a, riftbound::RiftAction::Concede(_)) && !rng.chance(1, 20) {
                a = legal[0];
            }
            g.apply(&a, &mut log).unwrap();
            actions += 1;
        }
        format!("{:?}", g.status()).hash(&mut h);
        format!("{:?}", g.view(Viewer::Omniscient)).hash(&mut h);
        let d = g.determinize(Seat(0), &mut rng);
        d.position().hash(&mut h);
    }
    (h.finish(), actions)
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(300);
    let modes: Vec<Mode> = match std::env::args().nth(2).as_deref() {
        None | Some("all") => vec![Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo],
        Some("duel") => vec![Mode::Duel],
        Some("ffa3") => vec![Mode::Ffa3],
        Some("ffa4") => vec![Mode::Ffa4],
        Some("two_vs_two") | Some("2v2") => vec![Mode::TwoVsTwo],
        Some(m) => panic!("unknown mode {m}: duel, ffa3, ffa4, two_vs_two or all"),
    };
    for mode in modes {
        let (d, actions) = digest(mode, games);
        println!("{mode:?}: {games} games, {actions} actions, digest {d:016x}");
    }
}

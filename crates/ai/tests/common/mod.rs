//! Helpers shared by the integration tests.
#![allow(dead_code)]

use engine::testgame::{Pebbles, PebblesAction, PebblesOptions, PebblesSetup};
use engine::{EventLog, Game, Seat, Viewer};

/// Two Pebbles games that `seat` cannot tell apart — same view for `seat` — but whose true
/// states differ: the other seat's hidden bonus is different.
pub fn twin_states(seat: Seat) -> (Pebbles, Pebbles) {
    let options = PebblesOptions::default();
    let base = Pebbles::new(&options, &PebblesSetup {}, 0).unwrap();
    for seed in 1..1000 {
        let other = Pebbles::new(&options, &PebblesSetup {}, seed).unwrap();
        if other.view(Viewer::Seat(seat)) == base.view(Viewer::Seat(seat))
            && other.view(Viewer::Omniscient) != base.view(Viewer::Omniscient)
        {
            return (base, other);
        }
    }
    panic!("no twin Pebbles states found");
}

/// Apply the same public moves to both twins.
pub fn advance(pair: &mut (Pebbles, Pebbles), moves: &[PebblesAction]) {
    for m in moves {
        pair.0.apply(m, &mut EventLog::disabled()).unwrap();
        pair.1.apply(m, &mut EventLog::disabled()).unwrap();
    }
}

/// A single-threaded and a two-threaded local rayon pool.
pub fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// A state reached by `steps` random actions from game `seed`, and a twin that the seat to act
/// cannot tell apart from it: the same state determinized for that seat (everything it cannot
/// see resampled). `None` if the game ended first.
pub fn determinized_twins<G: Game>(options: &G::Options, seed: u64, steps: usize) -> Option<(G, G, Seat)> {
    use engine::GameRng;
    let mut rng = GameRng::new(seed);
    let setup = G::sample_setup(options, &mut rng).unwrap();
    let mut a = G::new(options, &setup, seed).unwrap();
    let mut legal = Vec::new();
    for _ in 0..steps {
        legal.clear();
        a.legal_actions(&mut legal);
        let action = rng.pick(&legal)?.clone();
        a.apply(&action, &mut EventLog::disabled()).unwrap();
    }
    let seat = a.status().to_act()?;
    let b = a.determinize(seat, &mut GameRng::new(seed ^ 0x7717));
    assert_eq!(a.view(Viewer::Seat(seat)), b.view(Viewer::Seat(seat)), "determinize keeps the seat's view");
    Some((a, b, seat))
}

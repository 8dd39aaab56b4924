//! Every game's evaluator scores in 0..=1, agrees with itself seat by seat, and gives a finished
//! game its reward.

use ai::AiGame;
use engine::{EventLog, GameRng, Seat, Status};

fn check<G: AiGame>(games: u64) {
    let evaluator = G::kit().evaluator;
    let options = G::Options::default();
    let mut legal = Vec::new();
    let mut all = Vec::new();
    for seed in 0..games {
        let mut rng = GameRng::new(seed);
        let setup = G::sample_setup(&options, &mut rng).unwrap();
        let mut state = G::new(&options, &setup, seed).unwrap();
        for step in 0..state.max_actions() {
            if step % 7 == 0 || state.status().is_over() {
                all.clear();
                evaluator.evaluate_seats(&state, &mut all);
                assert_eq!(all.len(), state.num_seats(), "{}", G::NAME);
                for (s, &v) in all.iter().enumerate() {
                    assert!((0.0..=1.0).contains(&v), "{} seed {seed} step {step}: {v}", G::NAME);
                    let one = evaluator.evaluate(&state, Seat(s as u8));
                    assert!((one - v).abs() < 1e-12, "{} seed {seed} step {step}: {one} vs {v}", G::NAME);
                }
            }
            if let Status::Over(o) = state.status() {
                for s in 0..state.num_seats() {
                    assert_eq!(evaluator.evaluate(&state, Seat(s as u8)), o.reward(Seat(s as u8)));
                }
                break;
            }
            legal.clear();
            state.legal_actions(&mut legal);
            let action = rng.pick(&legal).unwrap().clone();
            state.apply(&action, &mut EventLog::disabled()).unwrap();
        }
    }
}

#[test]
fn fate_evaluator_is_consistent() {
    check::<fate::FateGame>(6);
}

#[test]
fn ardent_evaluator_is_consistent() {
    check::<ardent::ArdentGame>(6);
}

#[test]
fn riftbound_evaluator_is_consistent() {
    check::<riftbound::RiftGame>(4);
}

#[test]
fn pebbles_evaluator_is_consistent() {
    check::<engine::testgame::Pebbles>(10);
}

/// CR 489.8.d: in 2v2 teammates share points, so the evaluator scores them alike and against the
/// other team only (a teammate is never the "strongest opponent").
#[test]
fn riftbound_teammates_are_scored_alike_in_two_vs_two() {
    use ai::Evaluator;
    let evaluator = ai::eval::riftbound::RiftEvaluator;
    let options: riftbound::RiftOptions = serde_json::from_value(serde_json::json!({"mode": "TwoVsTwo"})).unwrap();
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..5u64 {
        let mut rng = GameRng::new(seed);
        let setup = <riftbound::RiftGame as engine::Game>::sample_setup(&options, &mut rng).unwrap();
        let mut state = <riftbound::RiftGame as engine::Game>::new(&options, &setup, seed).unwrap();
        for _ in 0..300 {
            if engine::Game::status(&state).is_over() {
                break;
            }
            let (a, c) = (evaluator.evaluate(&state, Seat(0)), evaluator.evaluate(&state, Seat(2)));
            let (b, d) = (evaluator.evaluate(&state, Seat(1)), evaluator.evaluate(&state, Seat(3)));
            assert!((a - c).abs() < 1e-12 && (b - d).abs() < 1e-12, "seed {seed}: {a} {b} {c} {d}");
            assert!((a + b - 1.0).abs() < 1e-9, "the two teams' scores are complementary: {a} + {b}");
            checked += 1;
            legal.clear();
            engine::Game::legal_actions(&state, &mut legal);
            let action = *rng.pick(&legal).unwrap();
            engine::Game::apply(&mut state, &action, &mut EventLog::disabled()).unwrap();
        }
    }
    assert!(checked > 100);
}

//! Appendix B 13: random playouts never exceed 50 activations per main phase (the Φ bound of
//! §2.5) and always end by the ply limit.

use engine::{EventLog, Game, GameRng, Status};
use fate::{FateAction, FateGame, FateOptions};

#[test]
fn b13_random_playouts_respect_the_phi_bound_and_the_ply_limit() {
    let opts = FateOptions { ply_limit: 60, repetition_limit: 1000, ..FateOptions::default() };
    let mut most = 0;
    let mut hit_limit = 0;
    for seed in 0..300u64 {
        let mut rng = GameRng::new(seed);
        let mut g = FateGame::new(&opts, &Default::default(), seed).unwrap();
        let mut log = EventLog::disabled();
        let mut legal = Vec::new();
        let mut activations = 0;
        loop {
            legal.clear();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            // Favour activations so that the bound is actually approached.
            let acts: Vec<FateAction> =
                legal.iter().copied().filter(|a| matches!(a, FateAction::Activate(..))).collect();
            let a = if !acts.is_empty() && rng.chance(9, 10) {
                acts[rng.index(acts.len())]
            } else {
                legal[rng.index(legal.len())]
            };
            match a {
                FateAction::Activate(..) => activations += 1,
                FateAction::EndMain => activations = 0,
                _ => {}
            }
            assert!(activations <= 50, "seed {seed}: more than 50 activations in one main phase");
            most = most.max(activations);
            g.apply(&a, &mut log).unwrap();
        }
        match g.status() {
            Status::Over(o) => {
                if o.reason.contains("ply limit") {
                    hit_limit += 1;
                }
            }
            Status::ToAct(_) => unreachable!(),
        }
        assert!(g.view(engine::Viewer::Omniscient).ply <= 61);
    }
    assert!(most >= 5, "the playouts did activate skills ({most})");
    assert!(hit_limit > 0);
}

/// §2.5 invariants after every atomic step of random games (omniscient view).
#[test]
fn s2_5_invariants_hold_after_every_step_of_random_games() {
    use engine::Viewer;
    let opts = FateOptions::default();
    for seed in 0..200u64 {
        let mut rng = GameRng::new(seed ^ 0xABC);
        let mut g = FateGame::new(&opts, &Default::default(), seed).unwrap();
        let mut log = EventLog::disabled();
        let mut legal = Vec::new();
        loop {
            let v = g.view(Viewer::Omniscient);
            let over = g.status().is_over();
            if v.step != "setup" {
                let mut cards: Vec<String> = Vec::new();
                for p in &v.players {
                    cards.extend(p.row.iter().map(|c| c.card.clone()));
                    cards.extend(p.hand.iter().map(|c| c.card.clone()));
                    cards.extend(p.aside.clone().unwrap_or_default());
                    let kos_pending = v.pending.iter().any(|x| x.contains("King of Swords"));
                    for r in &p.resources {
                        assert!(r.untapped + r.tapped <= 10);
                        assert!(kos_pending || r.untapped + r.tapped <= r.cap, "R-CAP: {r:?}");
                    }
                    if !over {
                        let kings =
                            p.row.iter().chain(p.hand.iter()).filter(|c| c.card.to_uppercase().starts_with('K'));
                        let own =
                            kings.filter(|c| c.card.chars().next().unwrap().is_uppercase() == (p.seat == 0)).count();
                        // Kings are never stolen, so each player holds exactly its own King.
                        assert_eq!(own, 1, "seed {seed}: P{} King", p.seat + 1);
                    }
                }
                cards.extend(v.eliminated.iter().cloned());
                let n = cards.len();
                cards.sort();
                cards.dedup();
                assert_eq!((n, cards.len()), (32, 32), "seed {seed}: every card in exactly one zone");
            }
            legal.clear();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a: FateAction = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).unwrap();
        }
    }
}

//! design.md §4: the engine's conformance harness over 10,000 random games, plus the
//! every-card-in-one-zone invariant along random playouts.

use ardent::{ArdentGame, ArdentOptions};
use engine::conformance::{run, Config};
use engine::{EventLog, Game, GameRng, Status};

#[test]
fn conformance_10000_random_games() {
    let report = run::<ArdentGame>(&ArdentOptions::default(), &Config::new(10_000).presentation(true).positions(true));
    assert_eq!(report.games, 10_000);
    eprintln!(
        "ardent conformance: {} games, {} actions, longest {}, draws {}, wins {:?}",
        report.games, report.actions, report.longest, report.draws, report.wins
    );
}

#[test]
fn every_card_is_in_exactly_one_zone_throughout_random_games() {
    let options = ArdentOptions::default();
    let mut rng = GameRng::new(99);
    let mut legal = Vec::new();
    let mut log = EventLog::disabled();
    for _ in 0..300 {
        let setup = ArdentGame::sample_setup(&options, &mut rng).unwrap();
        let mut g = ArdentGame::new(&options, &setup, rng.next_u64()).unwrap();
        g.check_invariants().unwrap();
        while let Status::ToAct(_) = g.status() {
            legal.clear();
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).unwrap();
            if let Err(e) = g.check_invariants() {
                panic!("after {a}: {e}");
            }
        }
    }
}

#[test]
fn options_with_every_switch_flipped_also_conform() {
    let options = ArdentOptions {
        bear_hug_requires_adjacency: true,
        combine_team_up_and_bear_hug: true,
        end_turn_skips_rotate_and_draw: false,
        opponent_chooses_own_discards: true,
        turn_cap: Some(60),
        table_actions: true,
        cards: Default::default(),
    };
    run::<ArdentGame>(&options, &Config::new(500).seed(5).presentation(true).positions(true));
}

#[test]
fn apply_accepts_exactly_the_listed_actions() {
    use ardent::ArdentAction::*;
    let options = ArdentOptions { table_actions: true, ..Default::default() };
    let mut universe = vec![Reveal, End, Done, Left, Right, Concede, OfferDraw, AcceptDraw, DeclineDraw];
    for c in 0..34u8 {
        universe.extend([Play(c), Discard(c), Fight(c), Harvest(c), Pick(c), Trigger(c)]);
    }
    universe.extend((1..4).map(Mode));
    universe.extend((-3..6).map(Number));
    let mut rng = GameRng::new(17);
    let mut legal = Vec::new();
    let mut log = EventLog::disabled();
    for _ in 0..60 {
        let setup = ArdentGame::sample_setup(&options, &mut rng).unwrap();
        let mut g = ArdentGame::new(&options, &setup, rng.next_u64()).unwrap();
        while let Status::ToAct(_) = g.status() {
            legal.clear();
            g.legal_actions(&mut legal);
            for a in &universe {
                let ok = g.clone().apply(a, &mut log).is_ok();
                assert_eq!(ok, legal.contains(a), "{a}: listed {:?}", legal);
            }
            // Avoid ending games early by conceding.
            let choices: Vec<_> = legal.iter().filter(|a| !matches!(a, Concede | OfferDraw)).collect();
            let a = if choices.is_empty() { legal[0] } else { *choices[rng.index(choices.len())] };
            g.apply(&a, &mut log).unwrap();
        }
    }
}

/// design.md §2.6: a set loaded from the built-in set's export plays the same random games
/// (same seeds, same reports) as the built-in set itself.
#[test]
fn a_loaded_copy_of_the_builtin_set_plays_the_same_games() {
    use engine::{CardFormat, CardSet, Cards};
    let text = ardent::CardDb::omega_codex().export(CardFormat::Toml);
    let loaded = ardent::CardDb::parse(&text, CardFormat::Toml, "omega_codex export").unwrap();
    let copy = ArdentOptions { cards: Cards::loaded(loaded), ..Default::default() };
    assert!(!copy.cards.is_builtin());
    let config = Config::new(400).seed(0xCA4D5).presentation(true);
    let a = run::<ArdentGame>(&ArdentOptions::default(), &config);
    let b = run::<ArdentGame>(&copy, &config);
    assert_eq!((a.games, a.actions, a.longest, a.draws, &a.wins), (b.games, b.actions, b.longest, b.draws, &b.wins));
    assert!(a.actions > 400 * 20, "the games were played: {} actions", a.actions);
}

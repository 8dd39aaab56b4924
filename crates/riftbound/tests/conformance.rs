//! design.md §4: the engine's conformance harness over random playouts of random starter decks,
//! in every mode (CR 481–489), and with concession turned on; presentation (prompts, action meta,
//! event labels, catalogue) checked in every run.

use engine::conformance::{run, Config};
use riftbound::{Mode, RiftGame, RiftOptions};

fn opts(mode: Mode) -> RiftOptions {
    RiftOptions { mode, ..RiftOptions::default() }
}

#[test]
fn conformance_2000_random_games() {
    let report = run::<RiftGame>(&RiftOptions::default(), &Config::new(2_000).presentation(true).positions(true));
    assert_eq!(report.games, 2_000);
    eprintln!("{report:?}");
}

#[test]
fn conformance_quick() {
    let report = run::<RiftGame>(&RiftOptions::default(), &Config::new(50).seed(7).presentation(true).positions(true));
    assert_eq!(report.games, 50);
    eprintln!("{report:?}");
}

fn games() -> usize {
    std::env::var("RIFT_MP_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(300)
}

#[test]
fn conformance_ffa3_random_games() {
    let n = games();
    let report =
        run::<RiftGame>(&opts(Mode::Ffa3), &Config::new(n).seed(3).deep(10, 24).presentation(true).positions(true));
    assert_eq!(report.games, n);
    assert!(report.wins.len() == 3 || report.draws > 0, "{report:?}");
    eprintln!("FFA3 {report:?}");
}

#[test]
fn conformance_ffa4_random_games() {
    let n = games();
    let report =
        run::<RiftGame>(&opts(Mode::Ffa4), &Config::new(n).seed(4).deep(10, 24).presentation(true).positions(true));
    assert_eq!(report.games, n);
    eprintln!("FFA4 {report:?}");
}

#[test]
fn conformance_2v2_random_games() {
    let n = games();
    let report = run::<RiftGame>(
        &opts(Mode::TwoVsTwo),
        &Config::new(n).seed(22).deep(10, 24).presentation(true).positions(true),
    );
    assert_eq!(report.games, n);
    // CR 489.8.d: a team wins together, so every won game has two winners (teammates).
    let wins: usize = report.wins.iter().sum();
    assert_eq!(wins, 2 * (n - report.draws), "{report:?}");
    eprintln!("2v2 {report:?}");
}

/// Concession (CR 649–652) in random play: with `allow_concede` every decision may concede.
#[test]
fn conformance_with_concession_every_mode() {
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let o = RiftOptions { allow_concede: true, ..opts(mode) };
        let report = run::<RiftGame>(&o, &Config::new(150).seed(11).deep(10, 8).presentation(true).positions(true));
        assert_eq!(report.games, 150);
        eprintln!("{mode:?} with concession {report:?}");
    }
}

/// Rune abilities as actions (CR 164.2, 429, 444): with `rune_actions` random players float,
/// pay by hand and auto-pay, in every mode.
#[test]
fn conformance_with_rune_actions_every_mode() {
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let o = RiftOptions { rune_actions: true, ..opts(mode) };
        let report = run::<RiftGame>(&o, &Config::new(40).seed(13).presentation(true).positions(true));
        assert_eq!(report.games, 40);
        eprintln!("{mode:?} rune_actions: {report:?}");
    }
}

/// A longer run for soak testing: `RIFT_GAMES=20000 cargo test --release -p riftbound --test
/// conformance -- --ignored`.
#[test]
#[ignore]
fn conformance_soak() {
    let games = std::env::var("RIFT_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let seed = std::env::var("RIFT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(99);
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let report = run::<RiftGame>(&opts(mode), &Config::new(games).seed(seed).deep(5, 64));
        eprintln!("{mode:?} {report:?}");
    }
}

/// CR 651–652 in the middle of random FFA games: now and then the seat to act concedes, or another
/// seat out of turn. Nobody who
/// left is ever asked to act, none of their objects stays on the board, views and determinized
/// states stay consistent, and every game ends.
#[test]
fn ffa_concessions_in_the_middle_of_random_games() {
    use engine::{EventLog, Game, GameRng, Seat, Status, Viewer};
    use riftbound::RiftAction;
    for mode in [Mode::Ffa3, Mode::Ffa4] {
        let o = RiftOptions { allow_concede: true, ..opts(mode) };
        let mut conceded_mid_game = 0;
        let mut out_of_turn_mid = 0;
        for seed in 0..80u64 {
            let mut rng = GameRng::new(seed);
            let setup = RiftGame::sample_setup(&o, &mut rng).unwrap();
            let mut g = RiftGame::new(&o, &setup, seed).unwrap();
            let mut log = EventLog::disabled();
            let mut v = Vec::new();
            for step in 0..g.max_actions() {
                let seat = match g.status() {
                    Status::Over(_) => break,
                    Status::ToAct(s) => s,
                };
                assert!(!g.players[seat.index()].left, "seed {seed}: a player who left is asked to act");
                v.clear();
                g.legal_actions(&mut v);
                let concede = RiftAction::Concede(seat.0);
                // Now and then another seat concedes out of turn (CR 649: at any time), also
                // halfway through an item's resolution or another player's choice.
                let other = Seat(rng.index(g.num_seats()) as u8);
                let a = if other != seat && !g.players[other.index()].left && rng.index(300) == 0 {
                    if g.resolving.is_some() || g.prompt.is_some() {
                        out_of_turn_mid += 1;
                    }
                    g.concede_action(other).unwrap_or_else(|| panic!("seed {seed}: {other} can't concede"))
                } else if v.contains(&concede) && rng.index(300) == 0 {
                    if g.turn > 1 {
                        conceded_mid_game += 1;
                    }
                    concede
                } else {
                    let w: Vec<RiftAction> = v.iter().copied().filter(|a| *a != concede).collect();
                    w[rng.index(w.len())]
                };
                g.apply(&a, &mut log).unwrap_or_else(|e| panic!("seed {seed} step {step}: {a}: {e}"));
                for ob in &g.objs {
                    if ob.zone.on_board() && g.outcome.is_none() {
                        assert!(
                            !g.players[ob.controller as usize].left,
                            "seed {seed}: a leaver's object stays: {} {:?} after {a}\n{}",
                            g.def(ob.def).name,
                            ob.zone,
                            g.render(Viewer::Omniscient)
                        );
                    }
                }
                if step % 25 == 0 && g.outcome.is_none() {
                    let s = Seat(((step / 25) % g.num_seats()) as u8);
                    let d = g.determinize(s, &mut rng);
                    assert_eq!(g.view(Viewer::Seat(s)), d.view(Viewer::Seat(s)), "seed {seed}");
                    let _ = g.render(Viewer::Spectator);
                }
            }
            assert!(matches!(g.status(), Status::Over(_)), "seed {seed}: game did not end");
        }
        assert!(conceded_mid_game > 10, "{mode:?}: only {conceded_mid_game} mid-game concessions");
        assert!(out_of_turn_mid > 3, "{mode:?}: only {out_of_turn_mid} out-of-turn concessions during a choice");
        eprintln!("{mode:?}: {conceded_mid_game} mid-game concessions, {out_of_turn_mid} out of turn during a choice");
    }
}

/// Issue #19: a loaded copy of the exported ST1 set plays exactly like the built-in set (same
/// seeds, same reports).
#[test]
fn conformance_loaded_export_of_st1_matches_the_builtin_set() {
    use engine::{CardFormat, CardSet, Cards};
    use riftbound::cards::CardDb;
    let text = CardDb::builtin().export(CardFormat::Toml);
    let loaded = CardDb::parse(&text, CardFormat::Toml, "st1 export").unwrap();
    let o = RiftOptions { cards: Cards::loaded(loaded), ..RiftOptions::default() };
    assert!(!o.cards.is_builtin());
    let config = Config::new(30).seed(19).deep(5, 16).presentation(true);
    let a = run::<RiftGame>(&RiftOptions::default(), &config);
    let b = run::<RiftGame>(&o, &config);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    assert!(a.actions > 0);
}

/// A set using every keyword, op, selector, player, condition and static (tests/data/every_op.toml
/// over ST1) passes the harness in every mode: 1v1, FFA3, FFA4 and 2v2.
#[test]
fn conformance_over_a_set_using_every_op() {
    use engine::{CardSet, Cards};
    use riftbound::cards::CardDb;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/every_op.toml")).unwrap();
    let file: toml::Value = toml::from_str(&text).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, "every_op.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.get(set.by_name("Blast Runner").unwrap()).cost_less.len(), 1);
    // RIFT_EVERY_OP_GAMES / RIFT_EVERY_OP_SEED widen the search (default 40 games, seed 91).
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|s| s.parse().ok()).unwrap_or(d);
    let (n, seed) = (env("RIFT_EVERY_OP_GAMES", 40) as usize, env("RIFT_EVERY_OP_SEED", 91));
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let o = RiftOptions { cards: Cards::loaded(set.clone()), mode, ..RiftOptions::default() };
        let report = run::<RiftGame>(&o, &Config::new(n).seed(seed).deep(5, 16).presentation(true).positions(true));
        assert_eq!(report.games, n);
        eprintln!("every_op {mode:?}: {report:?}");
    }
}

/// Bo3 and Bo5 matches (TR 407, spec §5 "1v1 Match"): random sideboards, swaps, battlefield
/// choices, play-first choices and every game of the match, with concession on and off, and the
/// tournament play-first choice of game 1 (`choose_first`), and the Bo1 variant setup (spec §25).
/// Positions hold the match record and are round-tripped at every deep step.
#[test]
fn conformance_random_bo3_and_bo5_matches() {
    use riftbound::options::MatchFormat;
    for (m, concede, n) in [
        (MatchFormat::Bo3, false, 60),
        (MatchFormat::Bo3, true, 60),
        (MatchFormat::Bo5, true, 30),
        (MatchFormat::Bo1Variant, true, 30),
    ] {
        let o = RiftOptions { match_of: m, allow_concede: concede, choose_first: concede, ..RiftOptions::default() };
        let report = run::<RiftGame>(&o, &Config::new(n).seed(407).deep(10, 8).presentation(true).positions(true));
        assert_eq!(report.games, n);
        eprintln!("{m:?} concede={concede}: {report:?}");
    }
    // The play-first choice in single games, with positions (the prompt is in the notation), in
    // every mode (FFA4 and 2v2 draw their battlefields after it; 2v2's team picks the seat).
    // With concession on, a player may leave before the choice is made (the choice passes on).
    for (mode, concede) in [
        (Mode::Duel, false),
        (Mode::Ffa3, false),
        (Mode::Ffa4, false),
        (Mode::TwoVsTwo, false),
        (Mode::Ffa3, true),
        (Mode::Ffa4, true),
    ] {
        let o = RiftOptions { mode, choose_first: true, allow_concede: concede, ..RiftOptions::default() };
        let report = run::<RiftGame>(&o, &Config::new(40).seed(408).presentation(true).positions(true));
        assert_eq!(report.games, 40);
    }
}

//! Sideboards (TR 403, 601.1.c), Bo3/Bo5 matches (TR 407, spec §5 "1v1 Match") and the
//! tournament play-first choice (spec §6 step 4). Scenario files: tests/scenarios/match_*.toml.

use engine::{CardSet, Game, GameRng, Outcome, Status};
use riftbound::options::MatchFormat;
use riftbound::starter::WILDFIRE_RUSH;
use riftbound::{DeckList, Mode, RiftAction, RiftGame, RiftOptions, RiftSetup, SeatSetup};

fn with_side(side: &str) -> String {
    format!("{WILDFIRE_RUSH}Sideboard:\n{side}")
}

fn problems(text: &str, max: u8) -> Vec<String> {
    let d = DeckList::parse(text).unwrap_or_else(|e| panic!("{e}"));
    d.problems_with(&riftbound::cards::CardDb::builtin(), true, max)
}

#[test]
fn tr403_sideboard_section_is_read_written_and_legal() {
    let d = DeckList::parse(&with_side("1 Skyrocket Grunt\n2 Demolition Maestro\n")).unwrap();
    assert_eq!(d.side_cards().len(), 3);
    assert!(d.problems(true).is_empty(), "{:?}", d.problems(true));
    // Written back with its section, read back the same.
    assert!(d.to_string().contains("Sideboard:\n1 Skyrocket Grunt\n2 Demolition Maestro\n"));
    assert_eq!(DeckList::parse(&d.to_string()).unwrap(), d);
    // Game 1 does not use it: the main deck is the list's.
    assert_eq!(d.main_cards().len(), 39);
}

#[test]
fn tr403_copy_limits_count_main_deck_and_sideboard() {
    // Blast Runner: 3 in the Main Deck, a 4th in the sideboard (CR 103.2.b).
    let p = problems(&with_side("1 Blast Runner\n"), 10);
    assert!(p.iter().any(|e| e.contains("4 copies of 'Blast Runner'") && e.contains("103.2.b")), "{p:?}");
    // A name only in the sideboard: 4 copies there (and Skyrocket Grunt 2 + 2 = 4).
    let p = problems(&with_side("4 Skyrocket Grunt\n"), 10);
    assert!(p.iter().any(|e| e.contains("6 copies of 'Skyrocket Grunt'")), "{p:?}");
}

#[test]
fn tr601_sideboard_size_follows_the_option() {
    let nine = with_side(
        "1 Skyrocket Grunt\n2 Demolition Maestro\n2 Pyrotechnic Wyrm\n2 Firecracker Crate\n1 Volatile Tinker\n1 Gutter Prowler\n",
    );
    assert!(problems(&nine, 10).is_empty(), "{:?}", problems(&nine, 10));
    let p = problems(&nine, 8);
    assert!(p.iter().any(|e| e.starts_with("Sideboard: 9 cards: at most 8")), "{p:?}");
    let p = problems(&format!("{nine}1 Cackling Arsonist\n1 Spoils Collector\n"), 10);
    assert!(p.iter().any(|e| e.starts_with("Sideboard: 11 cards: at most 10")), "{p:?}");
}

#[test]
fn tr403_sideboard_holds_only_main_deck_cards_of_the_identity() {
    let p = problems(&with_side("1 Ember Rune\n"), 10);
    assert!(p.iter().any(|e| e.contains("Sideboard: 'Ember Rune' can't be in a deck's Main Deck")), "{p:?}");
    // A card of Lyceum Muster's domains is outside Roxa's identity.
    let p = problems(&with_side("1 Hall Sentinel\n"), 10);
    assert!(p.iter().any(|e| e.contains("Sideboard: 'Hall Sentinel' is outside the domain identity")), "{p:?}");
    // A reading error names the line.
    let e = DeckList::parse(&with_side("1 No Such Card\n")).unwrap_err().to_string();
    assert!(e.starts_with("line ") && e.contains("unknown card 'No Such Card'"), "{e}");
}

fn opts(m: MatchFormat) -> RiftOptions {
    RiftOptions { match_of: m, ..RiftOptions::default() }
}

fn duel() -> RiftSetup {
    RiftSetup { seats: vec![SeatSetup::deck("Wildfire Rush"), SeatSetup::deck("Lyceum Muster")], first: None }
}

#[test]
fn matches_are_one_v_one_only_and_have_no_position() {
    let o = RiftOptions { mode: Mode::Ffa3, ..opts(MatchFormat::Bo3) };
    let s = RiftSetup { seats: vec![SeatSetup::deck("Wildfire Rush"); 3], first: None };
    let e = RiftGame::new(&o, &s, 1).unwrap_err().to_string();
    assert!(e.contains("1v1 only"), "{e}");
    let g = RiftGame::new(&opts(MatchFormat::Bo3), &duel(), 1).unwrap();
    assert!(g.position().is_none(), "a match has no position notation");
    let bo1 = RiftGame::new(&RiftOptions::default(), &duel(), 1).unwrap();
    let text = bo1.position().unwrap();
    let e = RiftGame::from_position(&opts(MatchFormat::Bo3), &text).unwrap_err().to_string();
    assert!(e.contains("not implemented") && e.contains("match record"), "{e}");
}

#[test]
fn tournament_choice_to_go_first_or_last() {
    let o = RiftOptions { choose_first: true, ..RiftOptions::default() };
    for seed in 0..6 {
        let mut g = RiftGame::new(&o, &duel(), seed).unwrap();
        let Status::ToAct(chooser) = g.status() else { panic!("over") };
        assert_eq!(g.prompt().unwrap().id, "play_first");
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(legal, vec![RiftAction::Yes, RiftAction::No]);
        // Seeds alternate the answer: "no" makes the other seat go first.
        let yes = seed % 2 == 0;
        g.apply(&if yes { RiftAction::Yes } else { RiftAction::No }, &mut engine::EventLog::disabled()).unwrap();
        let first = if yes { chooser.0 } else { 1 - chooser.0 };
        assert_eq!(g.first_player, first);
        assert_eq!(g.status(), Status::ToAct(engine::Seat(first)), "the first player mulligans first");
        // The position notation keeps the prompt.
        let g2 = RiftGame::new(&o, &duel(), seed).unwrap();
        let text = g2.position().unwrap();
        assert_eq!(RiftGame::from_position(&o, &text).unwrap().position().unwrap(), text);
    }
    // FFA4 and 2v2 need the first player before the battlefields: refused, not guessed.
    let o4 = RiftOptions { mode: Mode::Ffa4, ..o };
    let s = RiftSetup { seats: vec![SeatSetup::deck("Wildfire Rush"); 4], first: None };
    let e = RiftGame::new(&o4, &s, 1).unwrap_err().to_string();
    assert!(e.contains("not implemented: choose_first"), "{e}");
}

/// Play a match with random legal actions (conceding on): it ends with a match outcome whose
/// scores are game wins, and the winner has the wins needed (or more wins once all were played).
fn random_match(m: MatchFormat, seed: u64) -> Outcome {
    let o = RiftOptions { allow_concede: true, turn_limit: 6, ..opts(m) };
    let mut rng = GameRng::new(seed);
    let s = RiftGame::sample_setup(&o, &mut rng).unwrap();
    let mut g = RiftGame::new(&o, &s, seed).unwrap();
    let mut legal = Vec::new();
    for _ in 0..g.max_actions() {
        if let Status::Over(o) = g.status() {
            return o;
        }
        legal.clear();
        g.legal_actions(&mut legal);
        // Concede rarely, so that games also end by points and turn limits.
        let a = loop {
            let a = legal[rng.index(legal.len())];
            if !matches!(a, RiftAction::Concede(_)) || rng.index(40) == 0 {
                break a;
            }
        };
        g.apply(&a, &mut engine::EventLog::disabled()).unwrap();
    }
    panic!("match did not end within its bound");
}

#[test]
fn tr407_random_matches_end_at_two_or_three_wins() {
    for (m, need) in [(MatchFormat::Bo3, 2), (MatchFormat::Bo5, 3)] {
        for seed in 0..6 {
            let o = random_match(m, seed);
            assert_eq!(o.scores.len(), 2);
            let (a, b) = (o.scores[0], o.scores[1]);
            assert!(o.reason.contains("match"), "{}", o.reason);
            match o.winners.first() {
                Some(w) => {
                    let (mine, theirs) = if w.0 == 0 { (a, b) } else { (b, a) };
                    assert!(mine == need || mine > theirs, "{m:?} seed {seed}: {o:?}");
                    assert!(mine <= need && theirs < need);
                }
                None => assert_eq!(a, b),
            }
        }
    }
}

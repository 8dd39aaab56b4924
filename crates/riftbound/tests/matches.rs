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
fn matches_are_one_v_one_only() {
    let o = RiftOptions { mode: Mode::Ffa3, ..opts(MatchFormat::Bo3) };
    let s = RiftSetup { seats: vec![SeatSetup::deck("Wildfire Rush"); 3], first: None };
    let e = RiftGame::new(&o, &s, 1).unwrap_err().to_string();
    assert!(e.contains("1v1 only"), "{e}");
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
        // Concede games rarely, so that games also end by points and turn limits; never the match
        // (tests of its own below).
        let a = loop {
            let a = legal[rng.index(legal.len())];
            if matches!(a, RiftAction::ConcedeMatch(_)) {
                continue;
            }
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

/// Apply `a` in notation; `field?` is the first battlefield the seat may choose.
fn act(g: &mut RiftGame, a: &str) {
    let a = if a == "field?" {
        legal_text(g).into_iter().find(|x| x.starts_with("field ")).expect("a battlefield to choose")
    } else {
        a.to_string()
    };
    let a: RiftAction = a.parse().unwrap_or_else(|e| panic!("{e}"));
    g.apply(&a, &mut engine::EventLog::disabled()).unwrap_or_else(|e| panic!("{a}: {e}"));
}

fn legal_text(g: &RiftGame) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

fn four() -> RiftSetup {
    let decks = ["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster", "Tailwind Roamers"];
    RiftSetup { seats: decks.iter().map(|d| SeatSetup::deck(d)).collect(), first: None }
}

/// CR 487–489 with the tournament play-first choice (spec §6 step 4): in FFA4 the designated
/// player answers yes/no before any battlefield is drawn; then every seat but the first player
/// draws one (the first player's are not used), and the first player mulligans first.
#[test]
fn choose_first_ffa4_turn_order_before_the_battlefields() {
    let o = RiftOptions { mode: Mode::Ffa4, choose_first: true, ..RiftOptions::default() };
    let mut chose_last = false;
    for seed in 0..8 {
        let mut g = RiftGame::new(&o, &four(), seed).unwrap();
        let Status::ToAct(chooser) = g.status() else { panic!("over") };
        assert_eq!(g.prompt().unwrap().id, "play_first");
        assert!(g.bfs.is_empty(), "no battlefield before the turn order (CR 487)");
        assert_eq!(legal_text(&g), ["yes", "no"]);
        // The prompt and the empty table are in the position notation.
        let text = g.position().unwrap();
        assert_eq!(RiftGame::from_position(&o, &text).unwrap().position().unwrap(), text);
        let yes = seed % 2 == 0;
        act(&mut g, if yes { "yes" } else { "no" });
        let first = if yes { chooser.0 } else { (chooser.0 + 1) % 4 };
        chose_last |= !yes;
        assert_eq!(g.first_player, first);
        let owners: Vec<u8> = g.bfs.iter().map(|b| b.owner).collect();
        let want: Vec<u8> = (0..4).filter(|&s| s != first).collect();
        assert_eq!(owners, want, "the first player's battlefields are not used (CR 487)");
        assert_eq!(g.status(), Status::ToAct(engine::Seat(first)), "the first player mulligans first");
    }
    assert!(chose_last);
    // The setup's `first` still names the first seat outright (no prompt).
    let s = RiftSetup { first: Some(2), ..four() };
    let g = RiftGame::new(&o, &s, 1).unwrap();
    assert_eq!((g.first_player, g.bfs.len()), (2, 3));
    assert!(g.bfs.iter().all(|b| b.owner != 2));
}

/// Each seat's `battlefield` hook in `four()`'s decks, and the name of a seat's battlefield.
const HOOKS: [&str; 4] = ["Fireworks Pier", "Titan's Footprint", "Archive Vault", "Gale-Carved Ridge"];

fn hooked_four() -> RiftSetup {
    let mut s = four();
    for (seat, h) in s.seats.iter_mut().zip(HOOKS) {
        seat.battlefield = Some(h.into());
    }
    s
}

/// The battlefields in play as (owner, name).
fn fields(g: &RiftGame) -> Vec<(u8, String)> {
    g.bfs.iter().map(|b| (b.owner, g.def(b.def).name.clone())).collect()
}

/// CR 487, 489 with the setup's `battlefield` hook and `choose_first` (FFA4, 2v2): every seat
/// names its battlefield; the hooks wait for the play-first choice (`fieldhook=` in a position,
/// which reads back), then each seat but the first player uses the one it named — the first
/// player's are not used, so its hook is dropped. A name that is not one of the seat's three is
/// refused at setup. Without `choose_first` the first player drawn at random drops its hook too.
#[test]
fn choose_first_with_battlefield_hooks_ffa4_and_2v2() {
    for mode in [Mode::Ffa4, Mode::TwoVsTwo] {
        let o = RiftOptions { mode, choose_first: true, ..RiftOptions::default() };
        let mut setup = hooked_four();
        if mode == Mode::TwoVsTwo {
            for (i, seat) in setup.seats.iter_mut().enumerate() {
                seat.team = Some(i as u8 % 2);
            }
        }
        for seed in 0..4 {
            let mut g = RiftGame::new(&o, &setup, seed).unwrap();
            assert!(g.bfs.is_empty() && g.players.iter().all(|p| p.field_hook.is_some()));
            let text = g.position().unwrap();
            assert!(text.contains("fieldhook=ST1-"), "{text}");
            assert_eq!(RiftGame::from_position(&o, &text).unwrap(), g, "the hooks are in the position");
            let pick = legal_text(&g)[seed as usize % 2].clone();
            act(&mut g, &pick);
            let first = g.first_player;
            let want: Vec<(u8, String)> =
                (0..4u8).filter(|&s| s != first).map(|s| (s, HOOKS[s as usize].into())).collect();
            assert_eq!(fields(&g), want, "{mode:?} seed {seed}: the hooked battlefields, the first player's left out");
            assert!(g.players.iter().all(|p| p.field_hook.is_none()), "the hooks are used up");
        }
        let mut bad = setup.clone();
        bad.seats[2].battlefield = Some("Titan's Footprint".into());
        let e = RiftGame::new(&o, &bad, 1).unwrap_err().to_string();
        assert!(e.contains("battlefield 'Titan's Footprint' is not one of P3's three"), "{e}");
    }
    // A hand-written fieldhook must be one of the battlefields brought.
    let o = RiftOptions { mode: Mode::Ffa4, choose_first: true, ..RiftOptions::default() };
    let g = RiftGame::new(&o, &hooked_four(), 0).unwrap();
    let text = g.position().unwrap();
    let p1 = text.lines().find(|l| l.starts_with("p1 ")).unwrap();
    let hook = p1.split(' ').find(|w| w.starts_with("fieldhook=")).unwrap();
    let e = RiftGame::from_position(&o, &text.replace(p1, &p1.replace(hook, "fieldhook=ST1-047"))).unwrap_err();
    assert!(e.to_string().contains("p1.fieldhook"), "{e}");
    // No play-first choice: the first player is drawn, and their hook is not used.
    let o = RiftOptions { mode: Mode::Ffa4, ..RiftOptions::default() };
    for seed in 0..4 {
        let g = RiftGame::new(&o, &hooked_four(), seed).unwrap();
        let first = g.first_player;
        let want: Vec<(u8, String)> = (0..4u8).filter(|&s| s != first).map(|s| (s, HOOKS[s as usize].into())).collect();
        assert_eq!(fields(&g), want);
    }
}

/// FFA4 with `choose_first` and concession (CR 649–651): the designated player leaves before
/// answering — the choice passes to the next player still in; another player leaves before the
/// battlefields are drawn — theirs is drawn as a blank battlefield token; neither draws a hand.
#[test]
fn choose_first_ffa4_concessions_before_the_choice() {
    let o = RiftOptions { mode: Mode::Ffa4, choose_first: true, allow_concede: true, ..RiftOptions::default() };
    let mut g = RiftGame::new(&o, &four(), 3).unwrap();
    let Status::ToAct(chooser) = g.status() else { panic!() };
    let c = chooser.0;
    act(&mut g, &format!("concede P{}", c + 1));
    let next = (c + 1) % 4;
    assert_eq!(g.status(), Status::ToAct(engine::Seat(next)), "the choice passes on");
    assert_eq!(g.prompt().unwrap().id, "play_first");
    let other = (c + 2) % 4;
    g.apply(&g.concede_action(engine::Seat(other)).unwrap(), &mut engine::EventLog::disabled()).unwrap();
    assert!(g.outcome.is_none());
    act(&mut g, "no");
    // Going last: the next player still in starts (the one after `next`, skipping `other`).
    let mut first = (next + 1) % 4;
    while first == c || first == other {
        first = (first + 1) % 4;
    }
    assert_eq!(g.first_player, first);
    assert_eq!(g.bfs.len(), 3);
    for b in &g.bfs {
        assert_ne!(b.owner, first);
        assert_eq!(b.blank, b.owner == c || b.owner == other, "a leaver's battlefield is blank (CR 651)");
    }
    for s in [c, other] {
        assert!(g.players[s as usize].hand.is_empty(), "P{} left: no hand", s + 1);
    }
    assert_eq!(g.status(), Status::ToAct(engine::Seat(first)));
}

/// 2v2 (spec §6 step 4, CR 489): the team of the randomly designated player picks where in the
/// A1-B1-A2-B2 order play starts — any of the four seats, `t pN` — then the battlefields are
/// drawn without the first player's.
#[test]
fn choose_first_2v2_the_team_picks_the_starting_seat() {
    let o = RiftOptions { mode: Mode::TwoVsTwo, choose_first: true, ..RiftOptions::default() };
    let mut s = four();
    for (i, seat) in s.seats.iter_mut().enumerate() {
        seat.team = Some(i as u8 % 2);
    }
    for start in 0..4u8 {
        let mut g = RiftGame::new(&o, &s, start as u64 + 10).unwrap();
        assert_eq!(g.prompt().unwrap().id, "play_first");
        assert!(g.prompt().unwrap().title.en.contains("choose the seat that takes the first turn"));
        assert_eq!(legal_text(&g), ["t p1", "t p2", "t p3", "t p4"]);
        assert!(g.bfs.is_empty());
        let r = g.apply(&"yes".parse().unwrap(), &mut engine::EventLog::disabled());
        assert!(r.unwrap_err().to_string().contains("A1-B1-A2-B2"));
        let pick: RiftAction = format!("t p{}", start + 1).parse().unwrap();
        assert!(g.action_label(&pick).en.contains("takes the first turn"));
        let mut log = engine::EventLog::enabled();
        g.apply(&pick, &mut log).unwrap();
        let said: Vec<String> = log.take().iter().map(|e| g.describe_event(&e.event).label.en).collect();
        assert!(
            said.iter().any(|t| t.contains(&format!("team chose P{} to take the first turn", start + 1))),
            "{said:?}"
        );
        assert_eq!(g.first_player, start);
        let owners: Vec<u8> = g.bfs.iter().map(|b| b.owner).collect();
        assert_eq!(owners, (0..4).filter(|&x| x != start).collect::<Vec<u8>>());
        assert_eq!(g.status(), Status::ToAct(engine::Seat(start)));
    }
}

fn bo3_setup() -> RiftSetup {
    let mut s = duel();
    s.first = Some(0);
    s.seats[0].battlefield = Some("Fireworks Pier".into());
    s.seats[1].battlefield = Some("Archive Vault".into());
    s
}

/// Conceding the whole match in one action (CR 649, TR 407): `concede P1 match` ends the match
/// for the opponent whatever the score, the game in progress counting as lost; a plain `concede`
/// concedes the current game only. Leaving the table (`Game::concede_action`, the server's
/// resignation) concedes the match.
#[test]
fn concede_match_in_one_action() {
    let o = RiftOptions { allow_concede: true, ..opts(MatchFormat::Bo3) };
    let mut g = RiftGame::new(&o, &bo3_setup(), 3).unwrap();
    assert_eq!(g.status(), Status::ToAct(engine::Seat(0)));
    let legal = legal_text(&g);
    assert!(legal.ends_with(&["concede P1".to_string(), "concede P1 match".to_string()]), "{legal:?}");
    assert_eq!(g.concede_action(engine::Seat(1)), Some(RiftAction::ConcedeMatch(1)));
    assert_eq!("concede match".parse::<RiftAction>().unwrap(), RiftAction::ConcedeMatch(u8::MAX));
    assert_eq!("concede P2 match".parse::<RiftAction>().unwrap().to_string(), "concede P2 match");
    // A plain concession by the seat to act: game 1 to P2, the match goes on.
    act(&mut g, "concede P1");
    assert!(g.outcome.is_none());
    assert_eq!(g.prompt().unwrap().id, "sideboard");
    // P2 concedes the match out of turn during P1's sideboarding: P1 wins it 1–1.
    let mut log = engine::EventLog::enabled();
    g.apply(&RiftAction::ConcedeMatch(1), &mut log).unwrap();
    let o = g.outcome.clone().expect("the match is over");
    assert_eq!(o.winners, vec![engine::Seat(0)]);
    assert_eq!(o.scores, vec![1, 1]);
    assert!(o.reason.contains("P2 conceded the match"), "{}", o.reason);
    let label = g.outcome_label(&o);
    assert!(label.zh.contains("认输整场比赛"), "{}", label.zh);
    // In a single game there is no match to concede.
    let mut one =
        RiftGame::new(&RiftOptions { allow_concede: true, ..RiftOptions::default() }, &bo3_setup(), 3).unwrap();
    assert!(!legal_text(&one).iter().any(|a| a.ends_with("match")));
    let e = one.apply(&RiftAction::ConcedeMatch(0), &mut engine::EventLog::disabled()).unwrap_err().to_string();
    assert!(e.contains("single game"), "{e}");
}

/// CR 649 ("a player may concede at any time"), in a Bo3 match: a seat that is not to act may
/// concede the current game alone or the whole match (`Game::out_of_turn_actions`), also during
/// the other player's choices between games; the current game conceded out of turn is recorded as
/// the opponent's and the match goes on.
#[test]
fn cr649_out_of_turn_concession_of_the_current_game_in_a_match() {
    let o = RiftOptions { allow_concede: true, ..opts(MatchFormat::Bo3) };
    let mut g = RiftGame::new(&o, &bo3_setup(), 3).unwrap();
    assert_eq!(g.status(), Status::ToAct(engine::Seat(0)));
    let p2 = engine::Seat(1);
    assert_eq!(g.out_of_turn_actions(p2), vec![RiftAction::Concede(1), RiftAction::ConcedeMatch(1)]);
    let mut log = engine::EventLog::enabled();
    g.apply(&RiftAction::Concede(1), &mut log).unwrap();
    let said: Vec<String> = log.take().iter().map(|e| g.describe_event(&e.event).label.en).collect();
    assert!(said.iter().any(|t| t.contains("Game 1 was won by P1")), "{said:?}");
    assert!(g.outcome.is_none(), "the match goes on");
    let m = g.matchp.as_deref().unwrap();
    assert_eq!((m.results.len(), m.results[0].winner, m.wins(0), m.wins(1)), (1, 0, 1, 0));
    // Game 2 is being set up: P1 sideboards, and P2, not to act, concedes game 2 out of turn (the
    // game being set up is the current one): P1 has two game wins and the match (not a match
    // concession: the games decide it).
    assert_eq!(g.status(), Status::ToAct(engine::Seat(0)));
    assert_eq!(g.prompt().unwrap().id, "sideboard");
    assert_eq!(g.out_of_turn_actions(p2), vec![RiftAction::Concede(1), RiftAction::ConcedeMatch(1)]);
    g.apply(&RiftAction::Concede(1), &mut engine::EventLog::disabled()).unwrap();
    let m = g.matchp.as_deref().unwrap();
    assert_eq!((m.results.len(), m.results[1].winner), (2, 0));
    let end = g.outcome.clone().expect("P1 won two games");
    assert_eq!((end.winners.clone(), end.scores.clone()), (vec![engine::Seat(0)], vec![2, 0]));
    assert!(!end.reason.contains("conceded the match"), "{}", end.reason);
    // Another seat's action is not a seat's own: the host checks who sends it (engine
    // `DynGame::may_send`); the game takes `concede PN` from whoever the host lets send it.
    let hosted = engine::Hosted::<RiftGame>::new(o.clone(), bo3_setup(), 3).unwrap();
    let e = engine::DynGame::may_send(&hosted, engine::Seat(0), "concede P2").unwrap_err();
    assert_eq!(e.kind, engine::ActionErrorKind::Unauthorised, "{e}");
    assert!(engine::DynGame::may_send(&hosted, p2, "concede P2").is_ok());
    assert!(engine::DynGame::may_send(&hosted, p2, "concede P2 match").is_ok());
    assert_eq!(engine::DynGame::may_send(&hosted, p2, "keep").unwrap_err().kind, engine::ActionErrorKind::OutOfTurn);
}

/// Conceding the match in the middle of game 2 at 1–0: the conceding player had the lead, the
/// opponent still wins the match (2nd game recorded as the opponent's).
#[test]
fn concede_match_with_the_lead_loses_the_match() {
    let o = RiftOptions { allow_concede: true, ..opts(MatchFormat::Bo3) };
    let mut g = RiftGame::new(&o, &bo3_setup(), 3).unwrap();
    act(&mut g, "keep");
    act(&mut g, "concede P2");
    for a in ["done", "done", "field?", "field?", "yes", "keep", "keep"] {
        act(&mut g, a);
    }
    assert!(g.outcome.is_none());
    act(&mut g, "concede P1 match");
    let o = g.outcome.clone().unwrap();
    assert_eq!((o.winners.clone(), o.scores.clone()), (vec![engine::Seat(1)], vec![1, 1]));
}

/// The Bo1 variant setup (spec §25): a random battlefield each (revealed), then the play-first
/// choice by a random player, then sideboarding as if between games (deck dealt from the changed
/// list), then the one game; its outcome is the game's own.
#[test]
fn bo1_variant_random_fields_then_play_first_then_sideboarding() {
    let side = with_side("1 Skyrocket Grunt\n");
    let s = RiftSetup { seats: vec![SeatSetup::deck(&side), SeatSetup::deck("Lyceum Muster")], first: None };
    let o = RiftOptions { allow_concede: true, ..opts(MatchFormat::Bo1Variant) };
    let mut g = RiftGame::new(&o, &s, 5).unwrap();
    assert_eq!(g.bfs.len(), 2, "random battlefields first, revealed");
    assert!(g.objs.is_empty(), "no deck dealt before the sideboarding");
    assert_eq!(g.prompt().unwrap().id, "play_first");
    assert!(!legal_text(&g).iter().any(|a| a.ends_with("match")), "one game: nothing but the game to concede");
    let Status::ToAct(chooser) = g.status() else { panic!() };
    act(&mut g, "no");
    let first = 1 - chooser.0;
    // Sideboarding, P1 then P2, as between games.
    assert_eq!((g.prompt().unwrap().id.as_str(), g.status()), ("sideboard", Status::ToAct(engine::Seat(0))));
    let grunt = g.db().by_name("Skyrocket Grunt").unwrap();
    let runner = g.db().by_name("Blast Runner").unwrap();
    act(&mut g, &format!("swap d{runner} d{grunt}"));
    act(&mut g, "done");
    assert_eq!(g.status(), Status::ToAct(engine::Seat(1)));
    // Mid-setup positions carry the record.
    let text = g.position().unwrap();
    assert!(text.contains("match of=bo1_variant"), "{text}");
    let back = RiftGame::from_position(&o, &text).unwrap();
    assert_eq!(back.position().unwrap(), text);
    act(&mut g, "done");
    assert_eq!(g.first_player, first);
    assert_eq!(g.status(), Status::ToAct(engine::Seat(first)), "mulligan of the chosen first player");
    let p1_defs: Vec<u16> = g.objs.iter().filter(|x| x.owner == 0).map(|x| x.def).collect();
    assert_eq!(p1_defs.iter().filter(|&&d| d == grunt).count(), 3, "2 in the list + 1 swapped in");
    assert_eq!(p1_defs.iter().filter(|&&d| d == runner).count(), 2);
    // The game's outcome stands (not "won the match 1–0").
    act(&mut g, &format!("concede P{}", first + 1));
    let o = g.outcome.clone().unwrap();
    assert_eq!(o.reason, "opponents conceded");
}

/// Determinization (IS-MCTS) in a match: the opponent's secret sideboard is resampled (no card of
/// it leaks), the bot's own deck and sideboard are kept; an opponent's battlefield choice not yet
/// revealed is resampled too.
#[test]
fn determinize_resamples_the_opponents_sideboard_only() {
    let side_a = with_side("1 Skyrocket Grunt\n2 Demolition Maestro\n2 Pyrotechnic Wyrm\n");
    let s = RiftSetup { seats: vec![SeatSetup::deck(&side_a), SeatSetup::deck(&side_a)], first: Some(0) };
    let g = RiftGame::new(&opts(MatchFormat::Bo3), &s, 9).unwrap();
    let side = |g: &RiftGame, seat: u8| {
        let v = g.view(engine::Viewer::Seat(engine::Seat(seat)));
        serde_json::to_value(&v).unwrap()["match"]["deck"]["sideboard"].clone()
    };
    let mut differs = false;
    for k in 0..20 {
        let mut rng = GameRng::new(k);
        let d = g.determinize(engine::Seat(0), &mut rng);
        assert_eq!(side(&d, 0), side(&g, 0), "the bot's own sideboard is kept");
        let count =
            |v: serde_json::Value| v.as_array().unwrap().iter().map(|c| c["copies"].as_u64().unwrap()).sum::<u64>();
        assert_eq!(count(side(&d, 1)), 5, "as many cards");
        differs |= side(&d, 1) != side(&g, 1);
        assert_eq!(d.view(engine::Viewer::Seat(engine::Seat(0))), g.view(engine::Viewer::Seat(engine::Seat(0))));
    }
    assert!(differs, "the opponent's sideboard is resampled");
    // P1 chose a battlefield (secret); P2 to choose: determinizing for P2 resamples P1's choice.
    let mut m = RiftGame::new(&opts(MatchFormat::Bo3), &duel(), 2).unwrap();
    act(&mut m, "field 1");
    assert_eq!(m.status(), Status::ToAct(engine::Seat(1)));
    let chosen = |g: &RiftGame| g.position().unwrap().lines().find(|l| l.starts_with("m1 ")).unwrap().to_string();
    let mut moved = false;
    for k in 0..20 {
        let d = m.determinize(engine::Seat(1), &mut GameRng::new(k));
        moved |= chosen(&d) != chosen(&m);
    }
    assert!(moved, "P1's secret battlefield choice is resampled for P2");
}

/// A Bo3 whose game 1 P2 conceded, P1 sideboarding: one Blast Runner swapped for the sideboard's
/// Skyrocket Grunt. The game, its options and setup, and the Grunt.
fn swapped_after_game_one() -> (RiftGame, RiftOptions, RiftSetup, u16) {
    let side = with_side("1 Skyrocket Grunt\n");
    let mut s = bo3_setup();
    s.seats[0].deck = side;
    let o = RiftOptions { allow_concede: true, ..opts(MatchFormat::Bo3) };
    let mut g = RiftGame::new(&o, &s, 4).unwrap();
    act(&mut g, "keep");
    act(&mut g, "concede P2");
    let grunt = g.db().by_name("Skyrocket Grunt").unwrap();
    let runner = g.db().by_name("Blast Runner").unwrap();
    act(&mut g, &format!("swap d{runner} d{grunt}"));
    (g, o, s, grunt)
}

/// Determinization after sideboarding (TR 403): the bot knows the opponent's registered deck and
/// how many swaps they made (the log says so), not which cards went in — so a swapped-in card
/// does not leak into the opponent's determinized deck, the deck keeps its size, the number of
/// registered cards gone out is the number of swaps, and a match without swaps keeps the
/// registered deck (as in a single game).
#[test]
fn determinize_after_sideboarding_hides_which_cards_were_swapped() {
    let (mut g, o, s, grunt) = swapped_after_game_one();
    let registered: Vec<u16> = g.match_state().unwrap().registered[0].clone();
    let count = |v: &[u16], d: u16| v.iter().filter(|&&x| x == d).count();
    let grunts = count(&registered, grunt);
    // Between games (P1 is still sideboarding) and once game 2 is dealt.
    for a in ["", "done", "done", "field?", "field?", "no", "keep", "keep"] {
        if !a.is_empty() {
            act(&mut g, a);
        }
        let real = g.match_state().unwrap().decks[0].clone();
        assert_eq!(count(&real.cards(), grunt), grunts + 1, "the real deck holds the swapped-in Grunt");
        let mut hidden = 0;
        for k in 0..30 {
            let d = g.determinize(engine::Seat(1), &mut GameRng::new(k));
            let m = d.match_state().unwrap();
            let deck = m.decks[0].cards();
            assert_eq!(deck.len(), real.cards().len(), "after {a:?}: the deck keeps its size");
            assert_eq!(m.decks[0].side.len(), real.side.len(), "and the sideboard its size");
            let kept = registered.iter().filter(|&&x| count(&deck, x) >= count(&registered, x)).count();
            let out: usize = registered
                .iter()
                .copied()
                .collect::<std::collections::BTreeSet<u16>>()
                .iter()
                .map(|&x| count(&registered, x).saturating_sub(count(&deck, x)))
                .sum();
            assert_eq!(out, 1, "after {a:?}: one registered card went out for the one swap ({kept})");
            if !g.objs.is_empty() {
                // The determinized game's cards are the determinized deck.
                let mut dealt: Vec<u16> =
                    d.objs.iter().filter(|x| x.owner == 0 && d.db().get(x.def).is_main_deck()).map(|x| x.def).collect();
                dealt.sort_unstable();
                assert_eq!(dealt, deck, "after {a:?}");
            }
            hidden += usize::from(count(&deck, grunt) <= grunts);
            // The bot's own deck is kept.
            assert_eq!(m.decks[1], g.match_state().unwrap().decks[1]);
        }
        assert!(hidden > 0, "after {a:?}: the swapped-in Grunt is not always in the determinized deck");
    }
    // Without swaps the registered deck is the deck (game 1, or a sideboarding with none).
    let g = RiftGame::new(&o, &s, 4).unwrap();
    for k in 0..10 {
        let d = g.determinize(engine::Seat(1), &mut GameRng::new(k));
        assert_eq!(d.match_state().unwrap().decks[0].main, g.match_state().unwrap().decks[0].main);
    }
}

/// A position in the middle of a match (docs/riftbound.md "Position notation": `match`, `m1`,
/// `m2`): the record (games won, battlefields used, who went first), the decks after swaps and
/// the sideboarding state round-trip, and the match continues identically from the read copy.
#[test]
fn position_in_the_middle_of_a_match_round_trips() {
    let (mut g, o, _, _) = swapped_after_game_one();
    let text = g.position().unwrap();
    assert!(text.contains("game=p1/p1/"), "{text}");
    assert!(text.contains("swaps=1"), "{text}");
    // The registered deck differs from the deck now, so it is written; the match's swaps are this
    // sideboarding's, so `swapped` is not.
    let m1 = text.lines().find(|l| l.starts_with("m1 ")).unwrap();
    assert!(m1.contains(" registered=") && !m1.contains(" swapped="), "{m1}");
    let short = text.replacen(" registered=", " registered=ST1-003,", 1);
    let e = RiftGame::from_position(&o, &short).unwrap_err().to_string();
    assert!(e.starts_with("m1.registered:") && e.contains("41 cards"), "{e}");
    let fewer = text.replacen(" swaps=1", " swaps=1 swapped=0", 1);
    let e = RiftGame::from_position(&o, &fewer).unwrap_err().to_string();
    assert!(e.starts_with("m1.swapped:"), "{e}");
    let more = text.replacen(" swaps=1", " swaps=1 swapped=3", 1);
    assert!(RiftGame::from_position(&o, &more).unwrap().position().unwrap().contains(" swapped=3"));
    let mut back = RiftGame::from_position(&o, &text).unwrap();
    assert_eq!(back.position().unwrap(), text);
    assert_eq!(legal_text(&back), legal_text(&g));
    for a in ["done", "done", "field?", "field?", "no", "keep", "keep"] {
        act(&mut g, a);
        act(&mut back, a);
        assert_eq!(back.position().unwrap(), g.position().unwrap(), "after {a}");
    }
    assert!(g.view(engine::Viewer::Omniscient) == back.view(engine::Viewer::Omniscient));
    // The options must play the same match; a single game reads no record.
    let e = RiftGame::from_position(&opts(MatchFormat::Bo5), &text).unwrap_err().to_string();
    assert!(e.contains("match.of") && e.contains("bo3"), "{e}");
    let e = RiftGame::from_position(&RiftOptions::default(), &text).unwrap_err().to_string();
    assert!(e.starts_with("match:"), "{e}");
    let bo1 = RiftGame::new(&RiftOptions::default(), &duel(), 1).unwrap().position().unwrap();
    let e = RiftGame::from_position(&opts(MatchFormat::Bo3), &bo1).unwrap_err().to_string();
    assert!(e.contains("match: missing"), "{e}");
    let bad = text.replace("swaps=1", "swaps=x");
    let e = RiftGame::from_position(&o, &bad).unwrap_err().to_string();
    assert!(e.starts_with("m1.swaps"), "{e}");
}

//! Modes of play (CR 481–489), multiplayer specifics (spec §24) and conceding (CR 649–652).
mod common;
use common::*;
use engine::{EventLog, Game, GameRng, Seat, Status, Viewer};
use riftbound::state::{Loc, Phase, Prompt, Zone, NOBODY};
use riftbound::{Mode, RiftGame, RiftOptions, RiftSetup, SeatSetup};

/// A unit of each starter deck, by seat in `T::four` / `T::ffa3`.
const UNIT: [&str; 4] = ["Blast Runner", "Tuskguard Boar", "Bell-Ringer Page", "Kite Scout"];

fn mv(t: &mut T, u: u16, b: u8) {
    t.act(&format!("move c{u} b{}", b + 1));
    t.act("go");
}

fn winners(t: &T) -> Vec<usize> {
    match t.g.status() {
        Status::Over(o) => o.winners.iter().map(|s| s.index()).collect(),
        Status::ToAct(s) => panic!("game not over, P{} to act", s.0 + 1),
    }
}

// ------------------------------------------------------------------ setup (CR 113–118, 486–489)

#[test]
fn cr486_ffa3_three_battlefields_first_player_skips_first_draw_last_channels_one_more() {
    let mut t = T::ffa3();
    assert_eq!(t.g.num_seats(), 3);
    assert_eq!(t.g.bfs.len(), 3, "one battlefield per player (CR 486)");
    assert_eq!(t.g.bfs.iter().map(|b| b.owner).collect::<Vec<_>>(), vec![0, 1, 2]);
    assert_eq!(t.g.opts.victory(), 8);
    // Turn 1: P1 skips the draw, channels 2.
    assert_eq!((t.g.turn, t.g.turn_player, t.g.phase), (1, 0, Phase::Main));
    assert_eq!(t.hand(0), 4, "the first player skips their first draw");
    assert_eq!(t.board_runes(0), 2);
    t.end_turn();
    assert_eq!(t.seat(), 1, "clockwise turn order");
    assert_eq!(t.hand(1), 5);
    assert_eq!(t.board_runes(1), 2, "the middle player channels 2");
    t.end_turn();
    assert_eq!(t.seat(), 2);
    assert_eq!(t.hand(2), 5);
    assert_eq!(t.board_runes(2), 3, "the last player channels one extra rune on their first turn");
    t.end_turn();
    assert_eq!(t.seat(), 0);
    assert_eq!(t.hand(0), 5, "from the second turn on the first player draws");
    assert_eq!(t.board_runes(0), 4);
}

#[test]
fn cr487_ffa4_first_players_battlefields_are_not_used() {
    let mut t = T::four(Mode::Ffa4);
    assert_eq!(t.g.num_seats(), 4);
    assert_eq!(t.g.bfs.len(), 3, "three battlefields in FFA4 (CR 487)");
    assert_eq!(t.g.bfs.iter().map(|b| b.owner).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(t.hand(0), 4, "the first player skips their first draw");
    for seat in 1..4u8 {
        t.end_turn();
        assert_eq!(t.seat(), seat);
        assert_eq!(t.board_runes(seat), if seat == 3 { 3 } else { 2 }, "only the last player channels 3");
    }
    // A battlefield named for the first player is refused.
    let mut seats: Vec<SeatSetup> = ["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster", "Tailwind Roamers"]
        .iter()
        .map(|d| SeatSetup::deck(d))
        .collect();
    seats[0].battlefield = Some("Scorched Plaza".into());
    let opts = RiftOptions { mode: Mode::Ffa4, ..RiftOptions::default() };
    let e = RiftGame::new(&opts, &RiftSetup { seats, first: Some(0) }, 1).unwrap_err();
    assert!(e.to_string().contains("CR 487"), "{e}");
}

#[test]
fn cr489_2v2_teams_alternate_victory_score_11_and_teammates_need_different_legends_and_battlefields() {
    let t = T::four(Mode::TwoVsTwo);
    assert_eq!(t.g.opts.victory(), 11, "CR 489: 11 points in 2v2");
    assert_eq!(t.g.players.iter().map(|p| p.team).collect::<Vec<_>>(), vec![0, 1, 0, 1], "A1 B1 A2 B2");
    assert_eq!(t.g.bfs.len(), 3);
    assert!(t.g.friendly(0, 2) && t.g.friendly(1, 3) && !t.g.friendly(0, 1));
    let opts = RiftOptions { mode: Mode::TwoVsTwo, ..RiftOptions::default() };
    // Same legend for teammates (seats 1 and 3): refused (CR 489.8.h).
    let seats = ["Wildfire Rush", "Thunderhorn Stampede", "Wildfire Rush", "Tailwind Roamers"]
        .iter()
        .map(|d| SeatSetup::deck(d))
        .collect();
    let e = RiftGame::new(&opts, &RiftSetup { seats, first: None }, 1).unwrap_err();
    assert!(e.to_string().contains("489.8.h"), "{e}");
    // Same legend for opponents is fine.
    let seats = ["Wildfire Rush", "Wildfire Rush", "Lyceum Muster", "Lyceum Muster"]
        .iter()
        .map(|d| SeatSetup::deck(d))
        .collect();
    assert!(RiftGame::new(&opts, &RiftSetup { seats, first: None }, 1).is_ok());
    // A team that breaks the alternating order is refused.
    let mut seats: Vec<SeatSetup> = ["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster", "Tailwind Roamers"]
        .iter()
        .map(|d| SeatSetup::deck(d))
        .collect();
    seats[1].team = Some(0);
    assert!(RiftGame::new(&opts, &RiftSetup { seats, first: None }, 1).is_err());
    // sample_setup never gives teammates the same starter deck.
    for seed in 0..200 {
        let s = RiftGame::sample_setup(&opts, &mut GameRng::new(seed)).unwrap();
        assert_ne!(s.seats[0].deck, s.seats[2].deck);
        assert_ne!(s.seats[1].deck, s.seats[3].deck);
    }
}

#[test]
fn cr26_only_the_2026_07_16_edition_is_implemented() {
    let opts: RiftOptions = serde_json::from_str(r#"{"mode": "FFA4", "edition": "1.3"}"#).unwrap();
    assert_eq!(opts.mode, Mode::Ffa4);
    let s = RiftGame::sample_setup(&opts, &mut GameRng::new(1)).unwrap();
    let e = RiftGame::new(&opts, &s, 1).unwrap_err();
    assert!(e.to_string().contains("not implemented: rules edition"), "{e}");
    let opts: RiftOptions = serde_json::from_str(r#"{"mode": "TwoVsTwo", "allow_concede": true}"#).unwrap();
    assert!(opts.allow_concede && opts.mode == Mode::TwoVsTwo);
}

/// What the server and the CLI use: partial JSON options through the type-erased layer, random
/// play to the end, and a replay that rebuilds the same game, in every mode.
#[test]
fn every_mode_plays_and_replays_through_the_dynamic_layer() {
    let registry = engine::Registry::new().with::<RiftGame>();
    let entry = registry.get("riftbound").unwrap();
    for (mode, n) in [("duel", 2), ("FFA3", 3), ("FFA4", 4), ("TwoVsTwo", 4)] {
        let opts = serde_json::json!({ "mode": mode, "allow_concede": true });
        let mut g = entry.create(&opts, None, 5).unwrap();
        assert_eq!(g.num_seats(), n);
        let mut rng = GameRng::new(9);
        let mut steps = 0;
        while let Some(a) = g.random_action(&mut rng) {
            g.apply(&a).unwrap();
            steps += 1;
            assert!(steps < 100_000);
        }
        let again = entry.replay(&g.replay()).unwrap();
        assert_eq!(again.status(), g.status(), "{mode}");
        let decks: Vec<String> = ["Wildfire Rush", "Lyceum Muster", "Tailwind Roamers", "Thunderhorn Stampede"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let setup = entry.setup_with_decks(&opts, &decks, 1).unwrap();
        assert!(entry.create(&opts, Some(&setup), 1).is_ok(), "{mode}");
        assert!(entry.setup_with_decks(&opts, &decks[..n - 1], 1).is_err(), "{mode}: one deck per seat");
    }
}

// ------------------------------------------------------------------ showdowns and combat (§24)

#[test]
fn cr347_focus_rotates_through_all_players_and_the_showdown_ends_when_all_pass() {
    let mut t = T::ffa3();
    t.plain();
    let u = t.put(0, UNIT[0], Loc::Base(0));
    mv(&mut t, u, 0);
    assert!(t.g.showdown.is_some());
    t.act("pass");
    assert_eq!(t.seat(), 1, "Focus goes to P2, not a participant");
    t.act("pass");
    assert_eq!(t.seat(), 2, "then to P3");
    assert!(t.g.showdown.is_some(), "two passes of three don't end it");
    t.act("pass");
    assert!(t.g.showdown.is_none());
    assert_eq!((t.controller(0), t.points(0)), (0, 1), "Conquer (CR 348.2)");
}

#[test]
fn cr462_combat_is_between_two_players_and_a_third_player_gets_focus_but_cant_join() {
    let mut t = T::ffa3();
    t.plain();
    let def = t.put(1, UNIT[1], Loc::Bf(1));
    let third = t.put(2, UNIT[2], Loc::Base(2));
    let att = t.put(0, UNIT[0], Loc::Base(0));
    mv(&mut t, att, 1);
    let sd = t.g.showdown.clone().expect("combat");
    let c = sd.combat.expect("combat showdown");
    assert_eq!((c.attacker, c.defender), (0, 1));
    // CR 447.2, 462: the third player may not move into it (nor could they as a 3rd army).
    assert!(!t.g.can_move_to(third, Loc::Bf(1)));
    assert!(t.g.can_move_to(third, Loc::Bf(0)));
    assert!(!t.g.can_move_to(def, Loc::Bf(1)) && t.g.can_move_to(def, Loc::Base(1)));
    t.act("pass");
    t.act("pass");
    assert_eq!(t.seat(), 2, "the third player gets Focus in the combat showdown (§24)");
    t.act("pass");
    // 2 vs 2 Might: both die, nobody controls it (CR 466).
    assert!(t.g.showdown.is_none());
    assert_eq!(t.zone(def), Zone::Trash);
    assert_eq!(t.zone(att), Zone::Trash);
    assert_eq!(t.zone(third), Zone::Base);
}

#[test]
fn cr447_2_a_battlefield_never_holds_units_of_three_players() {
    let mut t = T::ffa3();
    t.plain();
    t.put(0, UNIT[0], Loc::Bf(2));
    t.put(1, UNIT[1], Loc::Bf(2));
    let third = t.put(2, UNIT[2], Loc::Base(2));
    assert!(!t.g.can_move_to(third, Loc::Bf(2)));
}

#[test]
fn cr464_combat_triggers_attacker_first_then_others_then_defender() {
    let mut t = T::four(Mode::Ffa4);
    t.plain();
    t.put(1, UNIT[1], Loc::Bf(0));
    let a = t.put(0, UNIT[0], Loc::Base(0));
    mv(&mut t, a, 0);
    assert!(t.g.showdown.as_ref().is_some_and(|s| s.combat.is_some()));
    // Four simultaneous triggers (Vision of a unit of each player): placed attacker, the other
    // players in turn order, defender — so the defender's resolves first.
    let mut units = Vec::new();
    for seat in [1u8, 3, 2, 0] {
        let v = t.put(3, "Kite Scout", Loc::Base(3));
        t.g.objs[v as usize].controller = seat;
        units.push((seat, v));
    }
    let vision = t.g.card(units[0].1).keyword_ability(riftbound::cards::KeywordAbility::Vision).unwrap() as u8;
    for &(seat, v) in &units {
        t.g.push_trigger(seat, riftbound::state::ItemSrc::Obj(v), vision, Loc::Base(seat), None);
    }
    t.g.advance();
    let order: Vec<u8> = t.g.chain.iter().map(|i| i.controller).collect();
    assert_eq!(order, vec![0, 2, 3, 1], "bottom to top: attacker, others in turn order, defender");
}

// ------------------------------------------------------------------ movement restrictions (447.2.b)

#[test]
fn cr447_2_b_2v2_cant_move_onto_a_battlefield_occupied_by_your_teammate() {
    let mut t = T::four(Mode::TwoVsTwo);
    t.plain();
    t.put(2, UNIT[2], Loc::Bf(0));
    let u = t.put(0, UNIT[0], Loc::Base(0));
    assert!(!t.can(&format!("move c{u} b1")), "ally-occupied (CR 447.2.b, 489.8.f)");
    assert!(t.can(&format!("move c{u} b2")));
    // In FFA the same position is an ordinary attack.
    let mut f = T::four(Mode::Ffa4);
    f.plain();
    f.put(2, UNIT[2], Loc::Bf(0));
    let u = f.put(0, UNIT[0], Loc::Base(0));
    assert!(f.can(&format!("move c{u} b1")));
}

// ------------------------------------------------------------------ scoring (CR 489.8.d, 489.8.g)

#[test]
fn cr489_8_d_team_points_are_shared_and_a_team_wins_together_at_11() {
    let mut t = T::four(Mode::TwoVsTwo);
    t.plain();
    let u = t.put(0, UNIT[0], Loc::Base(0));
    mv(&mut t, u, 0);
    for _ in 0..4 {
        t.act("pass");
    }
    assert_eq!(t.controller(0), 0);
    let pts: Vec<u8> = (0..4).map(|s| t.points(s)).collect();
    assert_eq!(pts, vec![1, 0, 1, 0], "P1's conquer is team A's point");
    // Team A at 10: the next point (a Hold by P3 on their turn) wins for both teammates.
    for s in [0u8, 2] {
        t.g.players[s as usize].points = 10;
    }
    let w = t.put(2, UNIT[2], Loc::Bf(2));
    let _ = w;
    assert_eq!(t.controller(2), 2);
    t.end_turn(); // P2
    t.end_turn(); // P3: holds b3 at the scoring step → 11
    assert_eq!(winners(&t), vec![0, 2]);
}

#[test]
fn cr196_multiplayer_win_needs_more_points_than_every_opponent() {
    let mut t = T::ffa3();
    t.g.players[0].points = 8;
    t.g.players[2].points = 8;
    t.g.advance();
    assert!(matches!(t.g.status(), Status::ToAct(_)), "tied at the score: play continues");
    t.g.players[2].points = 7;
    t.g.advance();
    assert_eq!(winners(&t), vec![0]);
}

#[test]
fn cr489_8_g_a_battlefield_the_ally_held_at_the_scoring_step_cant_be_conquered_by_the_team() {
    let mut t = T::four(Mode::TwoVsTwo);
    t.plain();
    let ally = t.put(2, UNIT[2], Loc::Bf(0));
    assert_eq!(t.controller(0), 2);
    let u = t.put(0, UNIT[0], Loc::Base(0));
    for _ in 0..4 {
        t.end_turn(); // P1, P2, P3 (holds b1: team A 1 point), P4
    }
    assert_eq!(t.seat(), 0);
    let before = t.points(0);
    assert_eq!(t.g.ally_held, 1, "b1 was the ally's at P1's scoring step");
    // The ally's unit leaves; P1 takes the now empty battlefield: no point this turn.
    t.g.kill(ally);
    t.g.advance();
    assert_eq!(t.controller(0), NOBODY);
    mv(&mut t, u, 0);
    for _ in 0..4 {
        t.act("pass");
    }
    assert_eq!(t.controller(0), 0, "P1 establishes control");
    assert_eq!(t.points(0), before, "but the team can't score it by conquer this turn");
}

// ------------------------------------------------------------------ burn out (CR 431)

#[test]
fn cr431_ffa_the_burning_player_chooses_which_opponent_gains_the_point() {
    let mut t = T::ffa3();
    let deck = t.g.players[0].deck.clone();
    for c in deck {
        t.g.set_zone(c, Zone::Banished);
    }
    t.g.draw(0, 1);
    t.g.advance();
    assert_eq!(t.seat(), 0);
    assert_eq!(t.legal(), vec!["t p2".to_string(), "t p3".to_string()]);
    t.act("t p3");
    assert_eq!((t.points(1), t.points(2)), (0, 1));
}

/// CR 431 "do as much as possible, shuffle, choose an opponent who gains 1 point, then finish the
/// action": in FFA the choice is asked at the moment the deck runs out, in the middle of a draw of
/// 2 with one card in the deck; the rest of the draw is held up (`drawrest=` in a position, which
/// reads back) and made once the point is given.
#[test]
fn cr431_ffa_the_burn_out_choice_is_asked_in_the_middle_of_the_draw() {
    let mut t = T::ffa3();
    let deck = t.g.players[0].deck.clone();
    t.g.set_zone(deck[1], Zone::Trash);
    t.g.set_zone(deck[2], Zone::Trash);
    for c in deck[3..].iter().copied() {
        t.g.set_zone(c, Zone::Banished);
    }
    let hand = t.g.players[0].hand.len();
    t.g.draw(0, 2);
    assert!(matches!(t.g.prompt, Some(Prompt::BurnOut { seat: 0 })), "{:?}", t.g.prompt);
    assert_eq!(t.g.players[0].hand.len(), hand + 1, "one card drawn before the burn-out");
    assert_eq!(t.g.players[0].deck.len(), 2, "the trash was shuffled in");
    let text = t.g.position().unwrap();
    assert!(text.contains("drawrest=p1:1"), "{text}");
    let mut back = RiftGame::from_position(t.g.options(), &text).unwrap();
    assert_eq!(back.position().unwrap(), text);
    assert_eq!(back, t.g, "the position holds the held-up draw");
    for bad in ["drawrest=p1:0", "drawrest=p1", "drawrest=p9:1"] {
        let e = RiftGame::from_position(t.g.options(), &text.replace("drawrest=p1:1", bad)).unwrap_err().to_string();
        assert!(e.contains("drawrest"), "{bad}: {e}");
    }
    t.act("t p2");
    back.apply(&"t p2".parse().unwrap(), &mut EventLog::disabled()).unwrap();
    assert_eq!(t.points(1), 1);
    assert_eq!(t.g.players[0].hand.len(), hand + 2, "then the rest of the draw");
    assert_eq!(t.g.players[0].deck.len(), 1);
    assert!(t.g.draw_rest.is_empty());
    assert_eq!(back.position(), t.g.position());
}

/// P1's Draw Phase in FFA3 with an empty deck and one card in the trash, P1's rune pool holding
/// 1 Energy: the draw burns out (CR 431) and asks P1 who gains the point.
const HELD_DRAW: &str = "riftbound mode=ffa3 turn=4 tp=p1 first=p1 phase=draw
p1 legend=ST1-001 pool=e1 trash=c0:ST1-011
p2 legend=ST1-026 deck=ST1-033
p3 legend=ST1-051 deck=ST1-053
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-
b3 card=ST1-049 owner=p3 ctl=-";

fn held_draw() -> RiftGame {
    let opts = RiftOptions { mode: Mode::Ffa3, allow_concede: true, ..RiftOptions::default() };
    let mut g = RiftGame::from_position(&opts, HELD_DRAW).unwrap();
    g.advance();
    assert!(matches!(g.prompt, Some(Prompt::BurnOut { seat: 0 })), "{:?}", g.prompt);
    g
}

/// CR 315.4, 431, 316.2: the Draw Phase's draw held up by the burn-out choice keeps the phase
/// going (`phase=drawheld`, which reads back): the rune pools empty and the Main Phase begins only
/// after the point is given and the card drawn, and the log says so in that order.
#[test]
fn cr431_ffa_a_burn_out_in_the_draw_phase_holds_the_main_phase_until_the_card_is_drawn() {
    let mut g = held_draw();
    assert_eq!(g.phase, Phase::DrawHeld);
    assert_eq!(g.players[0].pool.energy, 1, "the Main Phase has not started: the pool is not emptied yet");
    assert!(g.players[0].hand.is_empty());
    let text = g.position().unwrap();
    assert!(text.contains("phase=drawheld") && text.contains("drawrest=p1:1"), "{text}");
    let back = RiftGame::from_position(g.options(), &text).unwrap();
    assert_eq!(back, g, "the position holds the held-up Draw Phase");
    let mut log = EventLog::enabled();
    g.apply(&"t p3".parse().unwrap(), &mut log).unwrap();
    let said: Vec<String> = log.take().iter().map(|e| g.describe_event(&e.event).label.en).collect();
    let at = |text: &str| said.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("{text}: {said:?}"));
    assert!(at("P3 scored") < at("P1 drew"), "{said:?}");
    assert!(at("P1 drew") < at("P1's Main Phase"), "{said:?}");
    assert_eq!((g.phase, g.players[0].pool.energy, g.players[0].hand.len()), (Phase::Main, 0, 1));
    assert_eq!(g.players[2].points, 1);
}

/// CR 431, 649–652: the burning player concedes while choosing who gains the point: they have
/// left, so the choice is never made (no one gains the point) and their held-up draw is not made;
/// their turn moves on (CR 652) without its Main Phase, and the next player's turn begins.
#[test]
fn cr431_ffa_conceding_during_the_draw_phase_burn_out_choice_drops_the_point_and_the_draw() {
    let mut g = held_draw();
    let mut log = EventLog::enabled();
    g.apply(&"concede".parse().unwrap(), &mut log).unwrap();
    let said: Vec<String> = log.take().iter().map(|e| g.describe_event(&e.event).label.en).collect();
    assert!(!said.iter().any(|l| l.contains("P1 drew") || l.contains("P1's Main Phase")), "{said:?}");
    assert!(g.draw_rest.is_empty() && g.burnout_owed.is_empty());
    assert_eq!((g.players[1].points, g.players[2].points), (0, 0));
    assert_eq!((g.turn_player, g.phase), (1, Phase::Main));
}

#[test]
fn cr431_2v2_burn_out_point_goes_to_the_opposing_team_without_a_choice() {
    let mut t = T::four(Mode::TwoVsTwo);
    let deck = t.g.players[0].deck.clone();
    // One card in the trash: a single burn-out (repeated ones are in tests/scenarios/burn_out_*).
    t.g.set_zone(deck[0], Zone::Trash);
    for c in deck[1..].iter().copied() {
        t.g.set_zone(c, Zone::Banished);
    }
    t.g.draw(0, 1);
    t.g.advance();
    assert!(t.g.prompt.is_none());
    assert_eq!(t.g.players[0].hand.last(), Some(&deck[0]), "the trash was shuffled in and drawn");
    let pts: Vec<u8> = (0..4).map(|s| t.points(s)).collect();
    assert_eq!(pts, vec![0, 1, 0, 1]);
}

// ------------------------------------------------------------------ invitation (316.5.b.1, 489.8.a)

#[test]
fn cr489_8_a_the_turn_player_invites_the_teammate_to_act_with_their_priority() {
    let mut t = T::four(Mode::TwoVsTwo);
    assert!(t.can("invite"));
    t.runes(2, 2);
    t.act("invite");
    assert_eq!(t.seat(), 2, "the teammate holds the turn player's Priority");
    let page = t.in_hand(2, UNIT[2]);
    assert!(t.can(&format!("play c{page}")), "non-Action cards too, during the main phase");
    assert!(!t.can("end") && t.can("pass"));
    // Declining returns Priority; no new invitation until P1 does something else.
    t.act("pass");
    assert_eq!(t.seat(), 0);
    assert!(!t.can("invite"));
    // The invitation covers one item: P3 plays the Page, which resolves; Priority is P1's again.
    let u = t.put(0, UNIT[0], Loc::Base(0));
    mv(&mut t, u, 1);
    for _ in 0..4 {
        t.act("pass");
    }
    assert!(t.can("invite"));
    t.act("invite");
    t.play(page, &[]);
    t.pay();
    assert_eq!(t.g.invited, NOBODY, "the invitation covered this one item");
    t.resolve();
    t.resolve();
    assert_eq!(t.zone(page), Zone::Base);
    assert_eq!(t.g.obj(page).controller, 2);
    assert_eq!(t.seat(), 0);
    // No invitations outside team play.
    let mut f = T::four(Mode::Ffa4);
    assert!(!f.can("invite"));
    assert!(f.try_act("invite").unwrap_err().contains("2v2 only"));
}

// ------------------------------------------------------------------ conceding (CR 649–652)

#[test]
fn cr649_concede_is_an_option_and_in_1v1_the_opponent_wins() {
    let mut t = T::fury();
    assert!(!t.can("concede"));
    assert!(t.try_act("concede").unwrap_err().contains("allow_concede"));
    t.g.opts.allow_concede = true;
    assert!(t.can("concede P1"));
    t.act("concede");
    assert_eq!(winners(&t), vec![1]);
}

#[test]
fn cr652_2v2_a_concession_loses_for_the_whole_team() {
    let mut t = T::four(Mode::TwoVsTwo);
    t.g.opts.allow_concede = true;
    t.end_turn();
    assert_eq!(t.seat(), 1);
    t.act("concede");
    assert_eq!(winners(&t), vec![0, 2]);
}

#[test]
fn cr651_ffa_concession_banishes_the_players_objects_blanks_their_battlefield_and_play_goes_on() {
    let mut t = T::ffa3();
    t.plain();
    t.g.opts.allow_concede = true;
    let mine = t.put(1, UNIT[1], Loc::Bf(1));
    let base = t.put(1, UNIT[1], Loc::Base(1));
    let other = t.put(0, UNIT[0], Loc::Bf(0));
    assert_eq!(t.controller(1), 1);
    use riftbound::keywords::Holder;
    for h in [Holder::Bf(1), Holder::Bf(0), Holder::Legend(1), Holder::Legend(0)] {
        t.g.add_counters_at(h, 0, 2);
    }
    // P1 attacks P2's battlefield; P2 concedes when the Focus reaches them.
    let att = t.put(0, UNIT[0], Loc::Base(0));
    mv(&mut t, att, 1);
    t.act("pass");
    assert_eq!(t.seat(), 1);
    t.act("concede");
    assert!(t.g.players[1].left);
    assert_eq!(t.zone(mine), Zone::Banished);
    assert_eq!(t.zone(base), Zone::Banished);
    assert_eq!(t.board_runes(1), 0, "runes banished too");
    assert!(t.g.bfs[1].blank, "their battlefield becomes a blank battlefield token");
    // CR 651, 741–749: the blank token is a new object, without the battlefield's counters; the
    // leaver's legend keeps none; the other battlefield and legends keep theirs.
    assert_eq!(t.g.counter_count_at(Holder::Bf(1), 0), 0);
    assert_eq!(t.g.counter_count_at(Holder::Legend(1), 0), 0);
    assert_eq!(t.g.counter_count_at(Holder::Bf(0), 0), 2);
    assert_eq!(t.g.counter_count_at(Holder::Legend(0), 0), 2);
    assert_eq!(t.zone(other), Zone::Bf(0), "other players' units stay");
    assert!(t.g.make_view(Viewer::Spectator).battlefields[1].name.starts_with("Blank Battlefield"));
    // The combat ends with the attacker alone: P1 conquers the blank battlefield.
    assert_eq!(t.seat(), 2, "Focus moves on to P3");
    t.act("pass");
    assert!(t.g.showdown.is_none());
    assert_eq!(t.controller(1), 0);
    // Turn order skips P2 from now on.
    t.end_turn();
    assert_eq!(t.seat(), 2);
    assert!(t.g.render(Viewer::Omniscient).contains("P2 Grumhold, Storm Patriarch · conceded"));
    // The last opponent concedes: P1 wins.
    t.act("concede");
    assert_eq!(winners(&t), vec![0]);
}

#[test]
fn cr652_the_turn_player_conceding_ends_their_turn() {
    let mut t = T::ffa3();
    t.g.opts.allow_concede = true;
    t.act("concede");
    assert_eq!(t.seat(), 1, "P2's turn begins");
    assert_eq!(t.g.turn_player, 1);
    assert_eq!(t.g.phase, Phase::Main);
}

/// P1's Rummage Run ("Draw 2 cards, then discard a card") is resolving in FFA3 and waits for P1's
/// discard.
fn rummage_discarding() -> T {
    let mut t = T::ffa3();
    t.g.opts.allow_concede = true;
    let rr = t.in_hand(0, "Rummage Run");
    t.act(&format!("play c{rr}"));
    t.act("pass");
    t.act("pass");
    t.act("pass");
    assert!(t.g.resolving.is_some() && matches!(t.g.prompt, Some(Prompt::Discard { seat: 0, .. })));
    t
}

#[test]
fn cr649_a_player_concedes_out_of_turn_while_another_players_item_resolves() {
    let mut t = rummage_discarding();
    // P3 is not to act: the contract's concede action is accepted from them at any moment.
    let a = t.g.concede_action(Seat(2)).expect("CR 649: at any time");
    t.g.apply(&a, &mut EventLog::disabled()).unwrap();
    assert!(t.g.players[2].left);
    // P1's choice and item go on.
    assert!(matches!(t.g.prompt, Some(Prompt::Discard { seat: 0, .. })));
    let h = t.g.players[0].hand[0];
    t.act(&format!("t c{h}"));
    assert!(t.g.resolving.is_none() && t.g.chain.is_empty());
    assert_eq!(t.seat(), 0, "back to P1's main phase");
}

#[test]
fn cr651_conceding_halfway_through_your_own_item_counters_the_rest_of_it() {
    let mut t = rummage_discarding();
    let hand = t.hand(0);
    t.act("concede");
    assert!(t.g.players[0].left);
    assert!(t.g.resolving.is_none(), "the item is countered (CR 651)");
    assert_eq!(t.hand(0), hand, "its discard doesn't happen");
    // P1's turn ends (CR 652): P2 is to act in their own main phase.
    assert_eq!((t.seat(), t.g.turn_player, t.g.phase), (1, 1, Phase::Main));
}

// ------------------------------------------------------------------ views and rendering

#[test]
fn views_hide_every_other_hand_in_four_player_games_and_render_shows_all_players() {
    let t = T::four(Mode::TwoVsTwo);
    for seat in 0..4u8 {
        let v = t.g.view(Viewer::Seat(Seat(seat)));
        for (s, p) in v.players.iter().enumerate() {
            assert_eq!(p.hand.is_some(), s == seat as usize, "only one's own hand, teammates' hidden too");
        }
    }
    let v = t.g.view(Viewer::Spectator);
    assert!(v.players.iter().all(|p| p.hand.is_none()));
    let r = t.g.render(Viewer::Spectator);
    for needle in ["2v2 Magma Chamber, 11 points", "P1 [team A]", "P2 [team B]", "P3 [team A]", "P4 [team B]", "▶ P1"]
    {
        assert!(r.contains(needle), "{needle} missing in\n{r}");
    }
    let mut log = EventLog::disabled();
    let mut g = t.g.clone();
    g.apply_notation("end", &mut log).unwrap();
    assert!(g.render(Viewer::Spectator).contains("▶ P2"));
}

#[test]
fn cr489_8_b_friendly_includes_the_teammates_units() {
    let mut t = T::four(Mode::TwoVsTwo);
    for _ in 0..3 {
        t.end_turn();
    }
    assert_eq!(t.seat(), 3);
    let mate = t.put(1, UNIT[1], Loc::Base(1));
    let own = t.put(3, UNIT[3], Loc::Base(3));
    let foe = t.put(0, UNIT[0], Loc::Base(0));
    let updraft = t.in_hand(3, "Updraft");
    t.act(&format!("play c{updraft}"));
    let legal = t.legal();
    assert!(legal.contains(&format!("t c{mate}")), "the teammate's unit is friendly: {legal:?}");
    assert!(legal.contains(&format!("t c{own}")));
    assert!(!legal.contains(&format!("t c{foe}")), "an opponent's unit is not");
}

#[test]
fn cr462_a_unit_a_third_player_would_put_into_a_combat_of_others_goes_to_their_base() {
    let mut t = T::ffa3();
    t.plain();
    t.put(1, UNIT[1], Loc::Bf(1));
    let a = t.put(0, UNIT[0], Loc::Base(0));
    mv(&mut t, a, 1);
    assert!(t.g.showdown.as_ref().is_some_and(|s| s.combat.is_some()));
    let before = t.g.units_at(Loc::Base(2)).count();
    let cadet = t.g.db().by_name("Cadet").unwrap();
    t.g.create_token(cadet, 2, Loc::Bf(1));
    assert_eq!(t.g.units_at(Loc::Base(2)).count(), before + 1, "the Cadet is created in P3's base");
    assert!(!t.g.units_at(Loc::Bf(1)).any(|u| t.g.obj(u).controller == 2));
}

#[test]
fn cr649_a_player_may_concede_during_the_mulligan() {
    let opts = RiftOptions { mode: Mode::Ffa3, allow_concede: true, ..RiftOptions::default() };
    let seats = ["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster"].iter().map(|d| SeatSetup::deck(d)).collect();
    let mut t = T { g: RiftGame::new(&opts, &RiftSetup { seats, first: Some(0) }, 1).unwrap() };
    assert_eq!(t.seat(), 0);
    t.act("concede");
    assert_eq!(t.seat(), 1, "the mulligan goes on with P2");
    t.act("keep");
    t.act("keep");
    assert_eq!((t.g.turn_player, t.g.phase), (1, Phase::Main), "P2 takes the first turn");
}

#[test]
fn cr489_8_g_the_final_point_does_not_need_the_battlefields_the_ally_occupied() {
    let mut t = T::four(Mode::TwoVsTwo);
    t.plain();
    t.put(2, UNIT[2], Loc::Bf(0));
    let a = t.put(0, UNIT[0], Loc::Base(0));
    let b = t.put(0, UNIT[0], Loc::Base(0));
    for _ in 0..4 {
        t.end_turn();
    }
    assert_eq!((t.seat(), t.g.ally_occupied), (0, 1));
    for s in [0usize, 2] {
        t.g.players[s].points = 10;
    }
    let hand = t.hand(0);
    mv(&mut t, a, 1);
    for _ in 0..4 {
        t.act("pass");
    }
    assert_eq!((t.points(0), t.hand(0)), (10, hand + 1), "b3 not scored yet: a card instead (CR 471.1)");
    mv(&mut t, b, 2);
    for _ in 0..4 {
        t.act("pass");
    }
    assert_eq!(winners(&t), vec![0, 2], "b2 and b3 scored; b1, the ally's, is not needed");
}

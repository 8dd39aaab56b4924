//! Rules tests, one or more per rule of spec §3–§7 (labels in the names).

use ardent::testkit::*;
use ardent::CardState::*;
use ardent::Zone::*;
use ardent::{ArdentGame, ArdentOptions, ArdentSetup, CardType, DeckList};
use engine::{Game, Seat, Status};

fn deck(name: &str, numbers: &[u16]) -> DeckList {
    DeckList { name: name.into(), cards: numbers.iter().map(|n| format!("OmegaCodex {n:03}")).collect() }
}

fn setup(a: &[u16], b: &[u16]) -> ArdentSetup {
    ArdentSetup { decks: vec![deck("A", a), deck("B", b)] }
}

// ---------- §3 Setup ----------

#[test]
fn s3_setup_digs_two_active_creatures_leaves_dug_cards_in_discard_and_draws_three() {
    let decks = ardent::sample_decks(ardent::CardDb::omega_codex()).unwrap();
    let s = ArdentSetup { decks: decks.clone() };
    for seed in 0..50 {
        let g = ArdentGame::new(&ArdentOptions::default(), &s, seed).unwrap();
        g.check_invariants().unwrap();
        for seat in [Seat(0), Seat(1)] {
            let line = g.pile(seat, Line);
            assert_eq!(line.len(), 2);
            assert!(line.iter().all(|c| g.card_state(c) == Active && g.card(c).is_creature()));
            assert!(g.pile(seat, Discard).iter().all(|c| !g.card(c).is_creature()), "§3.4");
            assert_eq!(g.pile(seat, Hand).len(), 3);
            assert_eq!(g.pile(seat, Deck).len() + g.pile(seat, Discard).len(), 17 - 5);
        }
        assert_eq!(g.status(), Status::ToAct(g.first_player()));
    }
}

#[test]
fn s3_first_player_has_the_weaker_lowest_creature_then_second_lowest_then_a_coin() {
    let opts = ArdentOptions::default();
    let expect = |g: &ArdentGame| {
        let key = |s: Seat| {
            let mut p: Vec<i8> = g.pile(s, Line).iter().map(|c| g.card(c).power).collect();
            p.sort();
            p
        };
        let (a, b) = (key(Seat(0)), key(Seat(1)));
        match a.cmp(&b) {
            std::cmp::Ordering::Less => Some(Seat(0)),
            std::cmp::Ordering::Greater => Some(Seat(1)),
            _ => None,
        }
    };
    let mut coin = [0; 2];
    let mirror = setup(
        &[1, 1, 5, 5, 9, 9, 14, 14, 20, 20, 26, 26, 41, 41, 46, 46, 50],
        &[1, 1, 5, 5, 9, 9, 14, 14, 20, 20, 26, 26, 41, 41, 46, 46, 50],
    );
    for seed in 0..200 {
        let g = ArdentGame::new(&opts, &mirror, seed).unwrap();
        match expect(&g) {
            Some(s) => assert_eq!(g.first_player(), s, "seed {seed}"),
            None => coin[g.first_player().index()] += 1,
        }
    }
    assert!(coin[0] > 0 && coin[1] > 0, "ties are settled by a seeded coin: {coin:?}");
}

#[test]
fn a20_a_deck_with_one_creature_digs_through_and_still_deals_three() {
    let one = [26, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86, 86];
    let s = setup(&one, &[1, 5, 9, 14, 20, 26, 41, 46, 50, 86, 86, 86, 86, 86, 86, 86, 86]);
    let g = ArdentGame::new(&ArdentOptions::default(), &s, 3).unwrap();
    assert_eq!(g.pile(Seat(0), Line).len(), 1);
    assert_eq!(g.pile(Seat(0), Hand).len(), 3);
    // A missing creature counts as +∞: P2, with two creatures, goes first.
    assert_eq!(g.first_player(), Seat(1));
    g.check_invariants().unwrap();
}

#[test]
fn s3_bad_setups_are_refused_with_a_clear_error() {
    let opts = ArdentOptions::default();
    let short = ArdentSetup { decks: vec![deck("Short", &[1; 16]), deck("B", &[1; 17])] };
    let e = ArdentGame::new(&opts, &short, 0).unwrap_err();
    assert!(e.0.contains("P1") && e.0.contains("16 cards"), "{e}");
    let unknown = ArdentSetup {
        decks: vec![deck("A", &[1; 17]), DeckList { name: "B".into(), cards: vec!["OmegaCodex 101".into(); 17] }],
    };
    let e = ArdentGame::new(&opts, &unknown, 0).unwrap_err();
    assert!(e.0.contains("P2") && e.0.contains("OmegaCodex 101"), "{e}");
    let one = ArdentSetup { decks: vec![deck("A", &[1; 17])] };
    assert!(ArdentGame::new(&opts, &one, 0).unwrap_err().0.contains("exactly 2 decks"));
}

#[test]
fn a19_mirror_matches_are_allowed() {
    let d = ardent::sample_decks(ardent::CardDb::omega_codex()).unwrap();
    let s = ArdentSetup { decks: vec![d[0].clone(), d[0].clone()] };
    assert!(ArdentGame::new(&ArdentOptions::default(), &s, 1).is_ok());
}

// ---------- §4 Turn structure ----------

#[test]
fn s4_2_must_play_before_ending_and_discard_lock() {
    let mut t = Table::new();
    let a = t.hand(P1, 26);
    let b = t.hand(P1, 1);
    assert!(!t.is_legal("end"));
    assert!(!t.is_legal(&format!("discard c{a}")));
    let e = t.try_act("end").unwrap_err();
    assert!(e.message.contains("§4.2"), "{}", e.message);
    let e = t.try_act(&format!("discard c{a}")).unwrap_err();
    assert!(e.message.contains("§4.2"), "{}", e.message);
    t.play(b);
    assert!(t.is_legal("end"));
    t.act(&format!("discard c{a}"));
    t.assert_at(a, P1, Discard);
    t.assert_main(P1);
}

#[test]
fn a16_fighting_and_harvesting_are_allowed_before_the_first_play() {
    let mut t = Table::new();
    t.hand(P1, 26);
    let m = t.play_area(P1, 1, Mature);
    let d = t.play_area(P2, 1, Dormant);
    assert!(t.is_legal(&format!("harvest c{m}")) && t.is_legal(&format!("fight c{m}")));
    t.fight(m, d);
    assert!(!t.is_legal("end"), "the play requirement still holds");
    t.assert_main(P1);
}

#[test]
fn s4_2_reveal_when_unable_unlocks_discarding_and_ending() {
    let mut t = Table::new();
    t.play_area(P2, 43, Dormant); // Silent Master: no actions for P1
    let a = t.hand(P1, 86);
    assert_eq!(t.legal(), vec!["reveal"]);
    t.act("reveal");
    assert!(t.is_legal("end") && t.is_legal(&format!("discard c{a}")));
    assert!(!t.is_legal("reveal"));
    let seen = t.events(engine::Viewer::Seat(P2));
    assert!(seen.iter().any(|e| matches!(e, ardent::ArdentEvent::Revealed { cards: Some(c), .. } if c.len() == 1)));
    t.assert_main(P1);
}

#[test]
fn a15_an_empty_hand_meets_the_play_requirement() {
    let t = Table::new();
    assert_eq!(t.legal(), vec!["end"]);
}

#[test]
fn s4_3_rotate_step_turns_only_the_current_players_cards_one_stage() {
    let mut t = Table::new();
    let d = t.play_area(P1, 1, Dormant);
    let a = t.play_area(P1, 5, Active);
    let m = t.play_area(P1, 9, Mature);
    let r = t.play_area(P1, 54, Dormant);
    let e = t.play_area(P2, 14, Dormant);
    t.act("end");
    assert_eq!((t.state(d), t.state(a), t.state(m), t.state(r), t.state(e)), (Active, Mature, Mature, Active, Dormant));
    t.assert_main(P2);
}

#[test]
fn s4_4_draw_step_refills_to_three_and_keeps_a_larger_hand() {
    let mut t = Table::new();
    t.hand(P1, 1);
    t.mark_played();
    t.act("end");
    assert_eq!(t.count(P1, Hand), 3);
    let mut t = Table::new();
    for n in [1, 5, 9, 14, 20] {
        t.hand(P1, n);
    }
    let x = t.pile(P1, Hand)[0];
    t.play(x);
    t.act("end");
    assert_eq!(t.count(P1, Hand), 4, "nothing is discarded");
}

#[test]
fn a10_an_empty_deck_is_refilled_from_the_discard_pile_only_when_a_draw_needs_it() {
    let mut t = Table::new();
    let a = t.add(P1, Discard, 1);
    let b = t.add(P1, Discard, 5);
    t.empty_deck(P1);
    assert_eq!(t.count(P1, Deck), 0);
    t.act("end");
    // Both discards were shuffled into the deck and drawn; the third draw found nothing.
    t.assert_at(a, P1, Hand);
    t.assert_at(b, P1, Hand);
    assert_eq!(t.count(P1, Hand), 2);
    assert!(t.events(engine::Viewer::Spectator).iter().any(|e| matches!(e, ardent::ArdentEvent::Reshuffled { .. })));
}

// ---------- §5 Play, discard, fight, harvest ----------

#[test]
fn s5_1_a_creature_goes_to_either_end_of_the_line_dormant() {
    let mut t = Table::new();
    let old = t.play_area(P1, 1, Active);
    let c = t.hand(P1, 26);
    t.act(&format!("play c{c}"));
    assert_eq!(t.legal(), vec!["left", "right"]);
    t.act("left");
    assert_eq!(t.pile(P1, Line), vec![c, old]);
    assert_eq!(t.state(c), Dormant);
    t.assert_main(P1);
}

#[test]
fn a37_an_action_that_does_nothing_still_goes_to_my_score_pile() {
    let mut t = Table::new();
    let r = t.hand(P1, 71); // Recall, no enemy creature
    t.play(r);
    t.assert_at(r, P1, Score);
    t.assert_main(P1);
}

#[test]
fn s5_3_the_attacker_wins_ties_winner_to_owners_discard_loser_to_winners_score() {
    let mut t = Table::new();
    let a = t.play_area(P1, 14, Active);
    let d = t.play_area(P2, 14, Dormant);
    t.fight(a, d);
    t.assert_at(a, P1, Discard);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

#[test]
fn s5_3_a_losing_attacker_goes_to_the_defenders_controllers_score_pile() {
    let mut t = Table::new();
    let a = t.add_in_play(P2, P1, 1, Active); // P2's Vix fighting for P1
    let d = t.add_in_play(P1, P2, 41, Dormant); // P1's Renegade defending for P2
    t.fight(a, d);
    t.assert_at(a, P2, Score);
    t.assert_at(d, P1, Discard);
    t.assert_main(P1);
}

#[test]
fn s5_3_dormant_creatures_cannot_attack_but_can_be_attacked() {
    let mut t = Table::new();
    let sleepy = t.play_area(P1, 41, Dormant);
    let a = t.play_area(P1, 14, Active);
    t.play_area(P2, 1, Dormant);
    assert!(!t.is_legal(&format!("fight c{sleepy}")));
    assert!(t.is_legal(&format!("fight c{a}")));
    let e = t.try_act(&format!("fight c{sleepy}")).unwrap_err();
    assert!(e.message.contains("§5.3"), "{}", e.message);
}

#[test]
fn s5_3_a_fight_needs_an_enemy_creature() {
    let mut t = Table::new();
    let a = t.play_area(P1, 14, Active);
    assert!(!t.is_legal(&format!("fight c{a}")));
}

#[test]
fn a6_the_defenders_bonus_does_not_trigger() {
    let mut t = Table::new();
    let a = t.play_area(P1, 41, Active);
    let d = t.play_area(P2, 26, Dormant); // Payday
    t.fight(a, d);
    assert_eq!(t.count(P2, Hand), 0);
    t.assert_main(P1);
}

#[test]
fn s5_4_harvest_needs_a_mature_card_and_scores_it() {
    let mut t = Table::new();
    let act = t.play_area(P1, 1, Active);
    let rel = t.play_area(P1, 54, Mature);
    assert!(!t.is_legal(&format!("harvest c{act}")));
    t.harvest(rel);
    t.assert_at(rel, P1, Score);
    t.assert_main(P1);
}

#[test]
fn s5_5_the_current_player_orders_simultaneous_triggers() {
    let mut t = Table::new();
    t.play_area(P1, 55, Dormant); // Buddy System: Payday and Proud Mama can team up
    let p = t.play_area(P1, 26, Active);
    let m = t.play_area(P1, 12, Active);
    let d = t.play_area(P2, 1, Dormant);
    t.act(&format!("fight c{p}"));
    t.pick(m);
    assert_eq!(t.legal(), vec![format!("trigger c{p}"), format!("trigger c{m}")]);
    t.act(&format!("trigger c{m}"));
    // Proud Mama's Bonus rotates the only enemy creature, then Payday draws.
    assert_eq!(t.count(P1, Hand), 1);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

#[test]
fn s5_5_illegal_answers_name_the_pending_decision_and_change_nothing() {
    let mut t = Table::new();
    t.play_area(P1, 1, Active);
    let c = t.hand(P1, 26);
    t.act(&format!("play c{c}"));
    let before = t.g.clone();
    let e = t.try_act("end").unwrap_err();
    assert!(e.message.contains("end of the line"), "{}", e.message);
    assert!(t.g == before);
    assert!(t.try_act("fly away").is_err());
    t.act("right");
}

// ---------- §7 End of game ----------

#[test]
fn s7_the_game_ends_when_a_player_owns_no_card_outside_the_score_piles() {
    let mut t = Table::new();
    let last = t.play_area(P2, 3, Dormant); // P2's last card outside a score pile
    t.empty_deck(P2);
    let a = t.play_area(P1, 41, Active);
    t.fight(a, last);
    match t.status() {
        Status::Over(o) => {
            assert_eq!(o.winners, vec![P1]);
            assert_eq!(o.scores, vec![3, 0]);
        }
        s => panic!("not over: {s:?}"),
    }
    assert!(t.legal().is_empty());
}

#[test]
fn s7_a_card_owned_but_controlled_by_the_opponent_keeps_its_owner_in_the_game() {
    let mut t = Table::new();
    let mine = t.add_in_play(P2, P1, 1, Dormant); // P2's only card, under P1's control
    t.empty_deck(P2);
    let n = t.hand(P1, 100);
    t.play(n);
    assert!(!t.status().is_over());
    let _ = mine;
}

#[test]
fn a38_a_tie_goes_to_the_second_player() {
    let mut t = Table::new();
    let last = t.play_area(P2, 14, Mature); // VP 1
    t.empty_deck(P2);
    t.add(P1, Score, 1); // P1 has 1 VP
    t.set_current(P2); // P2 is first; P1 is second
    t.harvest(last);
    match t.status() {
        Status::Over(o) => {
            assert_eq!(o.scores, vec![1, 1]);
            assert_eq!(o.winners, vec![P1]);
        }
        s => panic!("not over: {s:?}"),
    }
}

#[test]
fn s7_turn_cap_scores_the_game() {
    let mut t = Table::with_options(ArdentOptions { turn_cap: Some(2), ..Default::default() });
    t.add(P2, Score, 3);
    t.act("end");
    t.act("end");
    match t.status() {
        Status::Over(o) => {
            assert_eq!(o.winners, vec![P2]);
            assert!(o.reason.contains("turn cap"));
        }
        s => panic!("not over: {s:?}"),
    }
}

#[test]
fn s7_concede_and_draw_offers_are_actions_when_enabled() {
    let t = Table::new();
    assert!(!t.is_legal("concede"));
    let mut t = Table::with_options(ArdentOptions { table_actions: true, ..Default::default() });
    t.act("offer-draw");
    assert_eq!(t.status(), Status::ToAct(P2));
    t.act("decline-draw");
    t.assert_main(P1);
    t.act("offer-draw");
    t.act("accept-draw");
    assert!(matches!(t.status(), Status::Over(o) if o.winners.is_empty()));
    let mut t = Table::with_options(ArdentOptions { table_actions: true, ..Default::default() });
    t.act("concede");
    assert!(matches!(t.status(), Status::Over(o) if o.winners == vec![P2]));
}

#[test]
fn max_actions_is_bounded_by_the_default_turn_cap() {
    let d = ardent::sample_decks(ardent::CardDb::omega_codex()).unwrap();
    let g = ArdentGame::new(&ArdentOptions::default(), &ArdentSetup { decks: d }, 0).unwrap();
    assert_eq!(g.max_actions(), 201 * ardent::game::ACTIONS_PER_TURN_BOUND);
    assert_eq!(ardent::CardDb::omega_codex().def(0).card_type, CardType::Creature);
}

// ---------- §9 resolutions not covered by a card test ----------

#[test]
fn a5_the_fight_result_is_fixed_before_bonuses_resolve() {
    let mut t = Table::new();
    let chap = t.play_area(P1, 19, Active); // Vile Chap 4; Bonus: every relic to its owner's discard
    t.play_area(P2, 54, Dormant); // Sigil of Power: Yearn defends at 5
    let y = t.play_area(P2, 14, Dormant);
    t.fight(chap, y);
    // The Sigil is gone by the time the fighters move, but 4 < 5 was already decided.
    t.assert_at(chap, P2, Score);
    t.assert_at(y, P2, Discard);
    t.assert_main(P1);
}

#[test]
fn a7_a_fighter_that_left_play_during_the_bonuses_is_skipped() {
    let mut t = Table::new();
    let carl = t.play_area(P1, 32, Active); // Bigfoot Carl; Bonus: Power 3 or less to discard
    let vix = t.play_area(P2, 1, Dormant);
    t.fight(carl, vix);
    t.assert_at(vix, P2, Discard); // not in my score pile
    t.assert_at(carl, P1, Discard);
    t.assert_main(P1);
}

#[test]
fn a26_a_card_played_from_the_deck_obeys_play_restrictions_and_otherwise_stays() {
    let mut t = Table::new();
    t.play_area(P2, 43, Dormant); // Silent Master: no actions for P1
    let bottom = t.add_to(P1, P1, Deck, 86, false);
    let carl = t.hand(P1, 18);
    t.play(carl);
    assert_eq!(t.pile(P1, Deck)[0], bottom);
    t.assert_main(P1);
}

#[test]
fn a39_discards_an_effect_orders_ignore_the_discard_lock() {
    let mut t = Table::new();
    let e = t.play_area(P1, 52, Mature); // Elixir of Speed, harvested before any play
    let a = t.hand(P1, 1);
    let b = t.hand(P1, 5);
    assert!(!t.is_legal(&format!("discard c{a}")));
    t.harvest(e);
    t.assert_at(a, P1, Discard);
    t.assert_at(b, P1, Discard);
    t.assert_main(P1);
}

#[test]
fn a42_neds_ladder_counts_creatures_played_before_it_entered_play() {
    let mut t = Table::new();
    let first = t.hand(P1, 26);
    let ladder = t.hand(P1, 62);
    let second = t.hand(P1, 1);
    t.play(first);
    t.play(ladder);
    t.play(second);
    assert_eq!((t.state(first), t.state(second)), (Dormant, Dormant));
    t.assert_main(P1);
}

#[test]
fn a22_a_change_of_control_keeps_the_state_and_the_owner() {
    let mut t = Table::new();
    let y = t.play_area(P2, 14, Mature);
    let m = t.hand(P1, 81);
    t.play(m);
    t.assert_at(y, P1, Line);
    assert_eq!(t.state(y), Mature);
    // Leaving play it goes to its owner's zone.
    let b = t.hand(P1, 64);
    t.play(b);
    assert_eq!(t.pile(P2, Deck)[0], y);
    t.assert_main(P1);
}

#[test]
fn render_and_labels_read_well_in_both_languages() {
    let mut t = Table::new();
    let p = t.hand(P1, 26);
    t.play_area(P2, 14, Active);
    let text = t.g.render(engine::Viewer::Seat(P1));
    assert!(text.contains("Payday") && text.contains("Yearn [active P4 VP1]"), "{text}");
    assert!(!t.g.render(engine::Viewer::Seat(P2)).contains("Payday"), "P1's hand is hidden from P2");
    let l = t.g.action_label(&ardent::ArdentAction::Play(p));
    assert_eq!((l.en.as_str(), l.zh.as_str()), ("Play Payday", "打出发薪日"));
    let l = t.g.action_label(&ardent::ArdentAction::End);
    assert_eq!(l.zh, "结束自由阶段");
}

//! Card tests, Omega Codex 076–100 (card-text spec §3). Each ends at a clean prompt.

use ardent::testkit::*;
use ardent::CardState::*;
use ardent::Zone::*;
use engine::Status;

#[test]
fn c076_start_over_makes_every_friendly_card_dormant() {
    let mut t = Table::new();
    let mine = t.play_area(P1, 1, Mature);
    let relic = t.play_area(P1, 54, Active);
    let theirs = t.play_area(P2, 14, Mature);
    let s = t.hand(P1, 76);
    t.play(s);
    assert_eq!((t.state(mine), t.state(relic), t.state(theirs)), (Dormant, Dormant, Mature));
    t.assert_main(P1);
}

fn modal(card: u16, mode: &str, expect_mine: ardent::CardState, expect_theirs: ardent::CardState) {
    let mut t = Table::new();
    let mine = t.play_area(P1, 1, Active);
    let theirs = t.play_area(P2, 14, Active);
    let c = t.hand(P1, card);
    t.play(c);
    assert_eq!(t.legal(), vec!["mode 1", "mode 2"]);
    t.act(mode);
    assert_eq!((t.state(mine), t.state(theirs)), (expect_mine, expect_theirs));
    t.assert_main(P1);
}

#[test]
fn c077_corrode_or_shine_mode_1_makes_an_enemy_creature_mature() {
    modal(77, "mode 1", Active, Mature);
}

#[test]
fn c077_corrode_or_shine_mode_2_makes_a_friendly_creature_dormant() {
    modal(77, "mode 2", Dormant, Active);
}

#[test]
fn c078_wise_or_naive_mode_1_makes_a_friendly_creature_mature() {
    modal(78, "mode 1", Mature, Active);
}

#[test]
fn c078_wise_or_naive_mode_2_makes_an_enemy_creature_dormant() {
    modal(78, "mode 2", Active, Dormant);
}

#[test]
fn c079_botched_construction_shuffles_an_enemy_relic_into_its_owners_deck() {
    let mut t = Table::new();
    let r = t.play_area(P2, 57, Mature);
    let b = t.hand(P1, 79);
    t.play(b);
    t.assert_at(r, P2, Deck);
    t.assert_main(P1);
}

#[test]
fn c080_return_to_sender_shuffles_two_enemy_and_two_friendly_creatures_away() {
    let mut t = Table::new();
    let e1 = t.play_area(P2, 1, Active);
    let e2 = t.play_area(P2, 5, Active);
    let e3 = t.play_area(P2, 9, Active);
    let f1 = t.play_area(P1, 14, Active);
    let f2 = t.add_in_play(P2, P1, 20, Active); // P2's card under my control
    let r = t.hand(P1, 80);
    t.play(r);
    t.pick(e1);
    t.pick(e3);
    t.assert_at(e1, P2, Deck);
    t.assert_at(e3, P2, Deck);
    t.assert_at(e2, P2, Line);
    t.assert_at(f1, P1, Deck);
    t.assert_at(f2, P2, Deck);
    t.assert_main(P1);
}

#[test]
fn c081_this_is_mine_takes_control_keeping_the_state() {
    let mut t = Table::new();
    let vix = t.play_area(P1, 1, Active);
    let y = t.play_area(P2, 14, Mature);
    let m = t.hand(P1, 81);
    t.play(m);
    t.act("left");
    assert_eq!(t.pile(P1, Line), vec![y, vix]);
    assert_eq!(t.state(y), Mature);
    // Harvested cards go to the harvester's score pile, whoever owns them (A18).
    t.harvest(y);
    t.assert_at(y, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c082_this_is_yours_gives_control_away() {
    let mut t = Table::new();
    let vix = t.play_area(P1, 1, Active);
    let y = t.hand(P1, 82);
    t.play(y);
    t.assert_at(vix, P2, Line);
    assert_eq!(t.state(vix), Active);
    t.assert_main(P1);
}

#[test]
fn c083_armageddon_discards_every_creature_to_its_owner() {
    let mut t = Table::new();
    let a = t.play_area(P1, 1, Active);
    let b = t.add_in_play(P1, P2, 5, Active); // mine under P2's control
    let c = t.play_area(P2, 41, Mature);
    let relic = t.play_area(P2, 54, Mature);
    let arm = t.hand(P1, 83);
    t.play(arm);
    t.assert_at(a, P1, Discard);
    t.assert_at(b, P1, Discard);
    t.assert_at(c, P2, Discard);
    t.assert_at(relic, P2, Relics);
    t.assert_main(P1);
}

#[test]
fn c084_roll_the_dice_scores_every_creature_with_vp_1_or_less_for_its_controller() {
    let mut t = Table::new();
    let stolen = t.add_in_play(P2, P1, 1, Active); // P2's Vix under my control
    let moth = t.play_area(P2, 11, Active);
    let keep = t.play_area(P2, 41, Active);
    let r = t.hand(P1, 84);
    t.play(r);
    t.assert_at(stolen, P1, Score);
    t.assert_at(moth, P2, Score);
    t.assert_at(keep, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c085_whats_this_discards_the_opponents_top_card() {
    let mut t = Table::new();
    let top = t.add(P2, Deck, 1);
    let w = t.hand(P1, 85);
    t.play(w);
    t.assert_at(top, P2, Discard);
    t.assert_main(P1);
}

#[test]
fn c085_whats_this_scores_a_negative_top_card_for_the_opponent() {
    let mut t = Table::new();
    let top = t.add(P2, Deck, 11); // Moth, VP -1
    let w = t.hand(P1, 85);
    t.play(w);
    t.assert_at(top, P2, Score);
    assert_eq!(t.score(P2), -1);
    t.assert_main(P1);
}

#[test]
fn c086_overcharge_draws_two() {
    let mut t = Table::new();
    let o = t.hand(P1, 86);
    t.play(o);
    assert_eq!(t.count(P1, Hand), 2);
    t.assert_main(P1);
}

#[test]
fn c087_i_dont_like_these_discarding_two_draws_five() {
    let mut t = Table::new();
    let a = t.hand(P1, 1);
    let b = t.hand(P1, 26);
    let i = t.hand(P1, 87);
    t.play(i);
    t.assert_at(a, P1, Discard);
    t.assert_at(b, P1, Discard);
    assert_eq!(t.count(P1, Hand), 5);
    t.assert_main(P1);
}

#[test]
fn c087_i_dont_like_these_discarding_fewer_draws_nothing() {
    let mut t = Table::new();
    let a = t.hand(P1, 1);
    let i = t.hand(P1, 87);
    t.play(i);
    t.assert_at(a, P1, Discard);
    assert_eq!(t.count(P1, Hand), 0);
    t.assert_main(P1);
}

#[test]
fn c088_a_little_off_the_top_discards_the_best_card_of_each_score_pile_to_its_owner() {
    let mut t = Table::new();
    let my_best = t.add_to(P2, P1, Score, 3, true); // P2's Luminate in my pile
    let my_low = t.add(P1, Score, 1);
    let their_best = t.add(P2, Score, 43);
    let their_low = t.add(P2, Score, 11);
    let c = t.hand(P1, 88);
    t.play(c);
    t.assert_at(my_best, P2, Discard);
    t.assert_at(their_best, P2, Discard);
    t.assert_at(my_low, P1, Score);
    t.assert_at(their_low, P2, Score);
    t.assert_main(P1);
}

#[test]
fn c089_cheap_shot_discards_a_random_opponent_card() {
    let mut t = Table::new();
    t.hand(P2, 1);
    t.hand(P2, 26);
    let c = t.hand(P1, 89);
    t.play(c);
    assert_eq!((t.count(P2, Hand), t.count(P2, Discard)), (1, 1));
    t.assert_main(P1);
}

#[test]
fn c090_jump_start_makes_my_next_card_enter_active() {
    let mut t = Table::new();
    let j = t.hand(P1, 90);
    let relic = t.hand(P1, 54);
    let later = t.hand(P1, 26);
    t.play(j);
    t.play(relic);
    t.play(later);
    assert_eq!(t.state(relic), Active);
    assert_eq!(t.state(later), Dormant, "used up by the first card");
    t.assert_main(P1);
}

#[test]
fn c090_jump_start_is_used_up_by_an_action() {
    let mut t = Table::new();
    let j = t.hand(P1, 90);
    let action = t.hand(P1, 86);
    let later = t.hand(P1, 26);
    t.play(j);
    t.play(action);
    t.play(later);
    assert_eq!(t.state(later), Dormant);
    t.assert_main(P1);
}

#[test]
fn c091_lullaby_stops_enemy_creatures_fighting_until_my_next_turn() {
    let mut t = Table::new();
    let mine = t.play_area(P1, 1, Dormant);
    let theirs = t.play_area(P2, 41, Active);
    let l = t.hand(P1, 91);
    t.play(l);
    t.act("end");
    t.assert_main(P2);
    assert!(!t.is_legal(&format!("fight c{theirs}")));
    t.act("end");
    t.assert_main(P1);
    t.set_current(P2);
    assert!(t.is_legal(&format!("fight c{theirs}")), "expired at the start of my turn");
    let _ = mine;
}

#[test]
fn c092_adult_swim_scores_an_enemy_card_worth_exactly_1() {
    let mut t = Table::new();
    let relic = t.play_area(P2, 54, Dormant); // VP 1
    let two = t.play_area(P2, 41, Active); // VP 2
    let a = t.hand(P1, 92);
    t.play(a);
    t.assert_at(relic, P1, Score);
    t.assert_at(two, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c093_reforge_returns_a_creature_from_my_discard_pile() {
    let mut t = Table::new();
    let creature = t.add(P1, Discard, 26);
    let action = t.add(P1, Discard, 86);
    let r = t.hand(P1, 93);
    t.play(r);
    t.assert_at(creature, P1, Hand);
    t.assert_at(action, P1, Discard);
    t.assert_main(P1);
}

#[test]
fn c094_war_siren_wakes_a_dormant_creature_and_fights_with_it_now() {
    let mut t = Table::new();
    let p = t.play_area(P1, 26, Dormant); // Payday: its Bonus triggers (A27)
    let d = t.play_area(P2, 1, Mature);
    let w = t.hand(P1, 94);
    t.play(w);
    t.assert_at(p, P1, Discard);
    t.assert_at(d, P1, Score);
    assert_eq!(t.count(P1, Hand), 1);
    t.assert_main(P1);
}

#[test]
fn c094_war_siren_without_an_enemy_still_rotates() {
    let mut t = Table::new();
    let p = t.play_area(P1, 26, Dormant);
    let w = t.hand(P1, 94);
    t.play(w);
    assert_eq!(t.state(p), Active);
    t.assert_main(P1);
}

#[test]
fn c095_redistributed_wealth_takes_the_lowest_positive_card_when_behind() {
    let mut t = Table::new();
    let lum = t.add(P2, Score, 3);
    let vix = t.add(P2, Score, 1);
    let moth = t.add(P2, Score, 11);
    let r = t.hand(P1, 95);
    t.play(r);
    t.assert_at(vix, P1, Score);
    t.assert_at(lum, P2, Score);
    t.assert_at(moth, P2, Score);
    t.assert_main(P1);
}

#[test]
fn c095_redistributed_wealth_does_nothing_when_not_behind() {
    let mut t = Table::new();
    t.add(P1, Score, 3);
    let vix = t.add(P2, Score, 1);
    let r = t.hand(P1, 95);
    t.play(r);
    t.assert_at(vix, P2, Score);
    t.assert_main(P1);
}

#[test]
fn c096_calm_down_stops_the_opponents_actions_next_turn() {
    let mut t = Table::new();
    let c = t.hand(P1, 96);
    let a = t.hand(P2, 86);
    let cr = t.hand(P2, 26);
    t.play(c);
    t.act("end");
    t.assert_main(P2);
    assert!(!t.is_legal(&format!("play c{a}")));
    assert!(t.is_legal(&format!("play c{cr}")));
    t.play(cr);
    t.act("end");
    t.set_current(P2);
    assert!(t.is_legal(&format!("play c{a}")), "spent after that turn");
}

#[test]
fn c097_pinpoint_discards_every_revealed_card_with_the_named_vp() {
    let mut t = Table::new();
    let v = t.hand(P2, 1);
    let ts = t.hand(P2, 5);
    let l = t.hand(P2, 3);
    let p = t.hand(P1, 97);
    t.play(p);
    assert_eq!(t.legal().len(), 7, "-2..=4");
    t.act("number 1");
    t.assert_at(v, P2, Discard);
    t.assert_at(ts, P2, Discard);
    t.assert_at(l, P2, Hand);
    t.assert_main(P1);
}

#[test]
fn c098_triple_shot_returns_up_to_three_creatures() {
    let mut t = Table::new();
    let a = t.play_area(P1, 1, Active);
    let b = t.play_area(P2, 41, Active);
    let c = t.play_area(P2, 14, Active);
    let s = t.hand(P1, 98);
    t.play(s);
    t.pick(b);
    t.pick(a);
    t.act("done");
    t.assert_at(a, P1, Hand);
    t.assert_at(b, P2, Hand);
    t.assert_at(c, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c099_duck_discards_a_creature_with_power_7_or_more() {
    let mut t = Table::new();
    let small = t.play_area(P1, 1, Active);
    let big = t.play_area(P2, 41, Active);
    let d = t.hand(P1, 99);
    t.play(d);
    t.assert_at(big, P2, Discard);
    t.assert_at(small, P1, Line);
    t.assert_main(P1);
}

#[test]
fn c100_nothing_to_see_is_worth_4_in_my_score_pile() {
    let mut t = Table::new();
    let n = t.hand(P1, 100);
    t.play(n);
    t.assert_at(n, P1, Score);
    assert_eq!(t.score(P1), 4);
    assert!(matches!(t.status(), Status::ToAct(_)));
    t.assert_main(P1);
}

//! Card tests, Omega Codex 026–050 (card-text spec §3). Each ends at a clean prompt.

use ardent::testkit::*;
use ardent::CardState::*;
use ardent::Zone::*;
use ardent::{ArdentEvent, ArdentOptions};
use engine::Viewer;

fn sneak_beats_power(number: u16, defender: u16) {
    let mut t = Table::new();
    let a = t.play_area(P1, number, Active);
    let d = t.play_area(P2, defender, Dormant);
    t.fight(a, d);
    t.assert_at(a, P1, Discard);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

fn bear_hug_scores_two(number: u16, d1: u16, d2: u16) {
    let mut t = Table::new();
    let a = t.play_area(P1, number, Active);
    let x = t.play_area(P2, d1, Dormant);
    let y = t.play_area(P2, d2, Active);
    t.act(&format!("fight c{a}"));
    t.pick(x);
    t.pick(y);
    t.assert_at(a, P1, Discard);
    t.assert_at(x, P1, Score);
    t.assert_at(y, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c026_payday_draws_when_harvested() {
    let mut t = Table::new();
    let p = t.play_area(P1, 26, Mature);
    t.harvest(p);
    assert_eq!(t.count(P1, Hand), 1);
    t.assert_at(p, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c026_payday_plain_bonus_also_draws_when_it_loses_a_fight() {
    let mut t = Table::new();
    let p = t.play_area(P1, 26, Active);
    let d = t.play_area(P2, 46, Dormant); // Power 9
    t.fight(p, d);
    assert_eq!(t.count(P1, Hand), 1, "A9: a plain Bonus triggers on a lost fight");
    t.assert_at(p, P2, Score);
    t.assert_at(d, P2, Discard);
    t.assert_main(P1);
}

#[test]
fn c027_bejewel_increases_my_refill_size() {
    let mut t = Table::new();
    t.play_area(P1, 27, Dormant);
    assert_eq!(t.g.refill_size(P1), 4);
    t.act("end");
    assert_eq!(t.count(P1, Hand), 4);
    t.assert_main(P2);
}

#[test]
fn c028_gregory_illinivich_sneaks_11_but_fights_only_dormant_creatures() {
    let mut t = Table::new();
    let g = t.play_area(P1, 28, Active);
    let awake = t.play_area(P2, 41, Active);
    let asleep = t.play_area(P2, 50, Dormant); // Power 10
    t.act(&format!("fight c{g}"));
    // The only legal defender is the Dormant one, chosen automatically: 11 beats 10.
    t.assert_at(asleep, P1, Score);
    t.assert_at(awake, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c028_gregory_cannot_fight_without_a_dormant_enemy() {
    let mut t = Table::new();
    let g = t.play_area(P1, 28, Active);
    t.play_area(P2, 41, Active);
    assert!(!t.is_legal(&format!("fight c{g}")));
    t.assert_main(P1);
}

#[test]
fn c028_gregory_sneak_11() {
    sneak_beats_power(28, 50);
}

#[test]
fn c029_pinwheel_turns_a_card_to_a_different_state_of_my_choice() {
    let mut t = Table::new();
    let p = t.play_area(P1, 29, Mature);
    let y = t.play_area(P2, 14, Dormant);
    t.harvest(p);
    t.pick(y);
    assert_eq!(t.legal(), vec!["to active", "to mature"]);
    t.act("to mature");
    assert_eq!(t.state(y), Mature);
    t.assert_at(p, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c030_bamphf_if_harvested_plays_my_top_card_before_leaving() {
    let mut t = Table::new();
    let b = t.play_area(P1, 30, Mature);
    let top = t.add(P1, Deck, 26);
    t.harvest(b);
    // Bamphf is still in play (A41): Payday chooses an end.
    t.act("left");
    assert_eq!(t.pile(P1, Line), vec![top]);
    t.assert_at(b, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c030_bamphf_bonus_does_nothing_when_it_fights() {
    let mut t = Table::new();
    let b = t.play_area(P1, 30, Active);
    let top = t.add(P1, Deck, 26);
    let d = t.play_area(P2, 1, Dormant);
    t.fight(b, d);
    t.assert_at(top, P1, Deck);
    t.assert_main(P1);
}

#[test]
fn c031_vile_bear_bear_hug() {
    bear_hug_scores_two(31, 9, 5); // 6 vs 3 + 2
}

#[test]
fn c032_bigfoot_carl_discards_every_creature_with_power_3_or_less() {
    let mut t = Table::new();
    let carl = t.play_area(P1, 32, Mature);
    let vix = t.play_area(P1, 1, Dormant);
    let roxxy = t.play_area(P2, 9, Active); // 3
    let yearn = t.play_area(P2, 14, Active); // 4
    t.harvest(carl);
    t.assert_at(vix, P1, Discard);
    t.assert_at(roxxy, P2, Discard);
    t.assert_at(yearn, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c033_turp_draws_two_then_discards_one() {
    let mut t = Table::new();
    let a = t.add(P1, Deck, 1);
    let b = t.add(P1, Deck, 26);
    let turp = t.hand(P1, 33);
    t.play(turp);
    t.pick(a);
    t.assert_at(a, P1, Discard);
    t.assert_at(b, P1, Hand);
    t.assert_main(P1);
}

#[test]
fn c034_the_auditor_scores_the_weakest_creature_of_the_revealed_hand_for_the_opponent() {
    let mut t = Table::new();
    let big = t.hand(P2, 26);
    let small = t.hand(P2, 1);
    let action = t.hand(P2, 86);
    let aud = t.hand(P1, 34);
    t.play(aud);
    t.assert_at(small, P2, Score);
    t.assert_at(big, P2, Hand);
    t.assert_at(action, P2, Hand);
    let seen = t.events(Viewer::Seat(P1));
    assert!(seen.iter().any(|e| matches!(e, ArdentEvent::Revealed { cards: Some(c), .. } if c.len() == 3)));
    let spec = t.events(Viewer::Spectator);
    assert!(spec.iter().any(|e| matches!(e, ArdentEvent::Revealed { cards: None, count: 3, .. })));
    t.assert_main(P1);
}

#[test]
fn c035_yewcha_bear_hug() {
    bear_hug_scores_two(35, 9, 14); // 7 vs 3 + 4
}

#[test]
fn c036_tede_scrapper_discards_a_card_from_the_opponents_score_pile() {
    let mut t = Table::new();
    let s = t.play_area(P1, 36, Mature);
    let x = t.add(P2, Score, 3);
    t.harvest(s);
    t.assert_at(x, P2, Discard);
    t.assert_main(P1);
}

#[test]
fn c037_trophy_master_may_return_a_card_from_my_score_pile() {
    let mut t = Table::new();
    let m = t.play_area(P1, 37, Mature);
    let x = t.add_to(P2, P1, Score, 3, true);
    t.harvest(m);
    assert!(t.is_legal("done"));
    t.pick(x);
    t.assert_at(x, P2, Hand);
    t.assert_main(P1);
}

#[test]
fn c037_trophy_master_may_decline() {
    let mut t = Table::new();
    let m = t.play_area(P1, 37, Mature);
    let x = t.add(P1, Score, 3);
    t.harvest(m);
    t.act("done");
    t.assert_at(x, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c038_vanx_returns_a_card_from_my_discard_pile() {
    let mut t = Table::new();
    let v = t.play_area(P1, 38, Mature);
    let x = t.add(P1, Discard, 26);
    t.harvest(v);
    t.assert_at(x, P1, Hand);
    t.assert_main(P1);
}

#[test]
fn c039_tujok_may_return_a_card_from_the_opponents_score_pile_to_its_owner() {
    let mut t = Table::new();
    let x = t.add_to(P1, P2, Score, 3, true);
    let tj = t.hand(P1, 39);
    t.play(tj);
    t.pick(x);
    t.assert_at(x, P1, Hand);
    t.assert_main(P1);
}

#[test]
fn c039_tujok_may_decline() {
    let mut t = Table::new();
    let x = t.add(P2, Score, 3);
    let tj = t.hand(P1, 39);
    t.play(tj);
    t.act("done");
    t.assert_at(x, P2, Score);
    t.assert_main(P1);
}

#[test]
fn c040_kazoo_makes_a_friendly_card_active() {
    let mut t = Table::new();
    let k = t.play_area(P1, 40, Mature);
    let relic = t.play_area(P1, 54, Dormant);
    t.harvest(k);
    t.pick(relic);
    assert_eq!(t.state(relic), Active);
    t.assert_main(P1);
}

#[test]
fn c041_renegade_bear_hug() {
    bear_hug_scores_two(41, 9, 20); // 8 vs 3 + 5
}

#[test]
fn c042_droven_jeb_scores_the_weakest_creature_of_my_revealed_hand() {
    let mut t = Table::new();
    let j = t.play_area(P1, 42, Mature);
    let small = t.hand(P1, 1);
    let big = t.hand(P1, 26);
    t.harvest(j);
    t.assert_at(small, P1, Score);
    t.assert_at(big, P1, Hand);
    let p2 = t.events(Viewer::Seat(P2));
    assert!(p2.iter().any(|e| matches!(e, ArdentEvent::Revealed { cards: Some(c), .. } if c.len() == 2)));
    t.assert_main(P1);
}

#[test]
fn c043_silent_master_forbids_the_opponent_actions() {
    let mut t = Table::new();
    t.play_area(P2, 43, Dormant);
    let action = t.hand(P1, 86);
    let relic = t.hand(P1, 54);
    assert!(!t.is_legal(&format!("play c{action}")));
    assert!(t.is_legal(&format!("play c{relic}")));
    t.assert_main(P1);
}

#[test]
fn c044_rat_smasher_scores_every_creature_with_vp_1_or_less_for_its_controller() {
    let mut t = Table::new();
    let vix = t.play_area(P1, 1, Active);
    let moth = t.play_area(P2, 11, Active);
    let rene = t.play_area(P2, 41, Active); // VP 2
    let r = t.hand(P1, 44);
    t.play(r);
    t.assert_at(vix, P1, Score);
    t.assert_at(moth, P2, Score);
    t.assert_at(rene, P2, Line);
    t.assert_at(r, P1, Line);
    t.assert_main(P1);
}

#[test]
fn c045_bash_losing_makes_its_controllers_opponent_discard_their_hand() {
    let mut t = Table::new();
    let a = t.play_area(P1, 41, Active); // 8 vs Bash 8: the attacker wins ties
    let bash = t.play_area(P2, 45, Dormant);
    let h1 = t.hand(P1, 1);
    let h2 = t.hand(P1, 26);
    t.fight(a, bash);
    t.assert_at(bash, P1, Score);
    t.assert_at(h1, P1, Discard);
    t.assert_at(h2, P1, Discard);
    t.assert_main(P1);
}

#[test]
fn c045_bash_winning_does_nothing() {
    let mut t = Table::new();
    let a = t.play_area(P1, 14, Active);
    let bash = t.play_area(P2, 45, Dormant);
    let h1 = t.hand(P1, 1);
    t.fight(a, bash);
    t.assert_at(bash, P2, Discard);
    t.assert_at(h1, P1, Hand);
    t.assert_main(P1);
}

#[test]
fn c046_greaser_sneak_10() {
    sneak_beats_power(46, 50);
}

#[test]
fn c047_roat_bear_hug() {
    bear_hug_scores_two(47, 9, 20); // 9 vs 3 + 5
}

#[test]
fn c048_saboteur_if_harvested_gives_a_card_from_my_hand_to_the_opponent() {
    let mut t = Table::new();
    let s = t.play_area(P1, 48, Mature);
    let a = t.hand(P1, 1);
    let b = t.hand(P1, 26);
    t.harvest(s);
    t.pick(b);
    t.assert_at(b, P2, Score);
    t.assert_at(a, P1, Hand);
    t.assert_main(P1);
}

#[test]
fn c048_saboteur_bonus_does_nothing_when_it_fights() {
    let mut t = Table::new();
    let s = t.play_area(P1, 48, Active);
    let a = t.hand(P1, 1);
    let d = t.play_area(P2, 1, Dormant);
    t.fight(s, d);
    t.assert_at(a, P1, Hand);
    t.assert_main(P1);
}

#[test]
fn c049_eager_martyr_draws_for_its_last_controller_when_it_leaves_play() {
    let mut t = Table::new();
    let m = t.play_area(P1, 49, Mature);
    t.harvest(m);
    assert_eq!(t.count(P1, Hand), 1);
    t.assert_main(P1);
}

#[test]
fn c049_eager_martyr_losing_a_defence_draws_for_the_opponent_after_the_fighters_move() {
    let mut t = Table::new();
    let a = t.play_area(P1, 50, Active); // 10 vs 9
    let m = t.play_area(P2, 49, Dormant);
    t.fight(a, m);
    t.assert_at(m, P1, Score);
    assert_eq!(t.count(P2, Hand), 1);
    assert_eq!(t.count(P1, Hand), 0);
    t.assert_main(P1);
}

#[test]
fn c050_jer_the_spike_if_harvested_discards_two_random_opponent_cards() {
    let mut t = Table::new();
    let j = t.play_area(P1, 50, Mature);
    for n in [1, 26, 86] {
        t.hand(P2, n);
    }
    t.harvest(j);
    assert_eq!(t.count(P2, Hand), 1);
    assert_eq!(t.count(P2, Discard), 2);
    t.assert_main(P1);
}

#[test]
fn c050_jer_the_spike_bonus_does_nothing_when_it_fights() {
    let mut t = Table::new();
    let j = t.play_area(P1, 50, Active);
    t.hand(P2, 1);
    let d = t.play_area(P2, 1, Dormant);
    t.fight(j, d);
    assert_eq!(t.count(P2, Hand), 1);
    t.assert_main(P1);
}

#[test]
fn c050_jer_the_spike_with_the_option_the_opponent_chooses() {
    let mut t = Table::with_options(ArdentOptions { opponent_chooses_own_discards: true, ..Default::default() });
    let j = t.play_area(P1, 50, Mature);
    let a = t.hand(P2, 1);
    let b = t.hand(P2, 26);
    let c = t.hand(P2, 86);
    t.harvest(j);
    assert_eq!(t.status(), engine::Status::ToAct(P2));
    t.pick(c);
    t.pick(a);
    t.assert_at(b, P2, Hand);
    t.assert_at(a, P2, Discard);
    t.assert_at(c, P2, Discard);
    t.assert_main(P1);
}

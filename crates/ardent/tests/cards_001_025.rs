//! Card tests, Omega Codex 001–025 (card-text spec §3). Each ends at a clean prompt.

use ardent::testkit::*;
use ardent::CardState::*;
use ardent::Zone::*;

/// Team-Up (§6.3, A3): `number` (power `p`) and a partner together beat a defender of power p+partner.
fn team_up_beats_what_neither_can_alone(number: u16, partner: u16, defender: u16) {
    let mut t = Table::new();
    let a = t.play_area(P1, number, Active);
    let b = t.play_area(P1, partner, Mature);
    let d = t.play_area(P2, defender, Dormant);
    t.act(&format!("fight c{a}"));
    assert!(t.is_legal(&format!("pick c{b}")), "{:?}", t.legal());
    t.pick(b);
    // Only one enemy creature: the defender is chosen for us; no Bear Hug.
    t.assert_at(a, P1, Discard);
    t.assert_at(b, P1, Discard);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

/// Sneak X (A1): attack value max(Power, X) beats a defender of power X.
fn sneak_beats_power(number: u16, defender: u16) {
    let mut t = Table::new();
    let a = t.play_area(P1, number, Active);
    let d = t.play_area(P2, defender, Dormant);
    t.fight(a, d);
    t.assert_at(a, P1, Discard);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c001_vix_team_up() {
    team_up_beats_what_neither_can_alone(1, 14, 21); // 1 + 4 vs 5
}

#[test]
fn c002_jater_sneak_4() {
    sneak_beats_power(2, 14); // Sneak 4 vs Power 4
}

#[test]
fn c003_luminate_team_up() {
    team_up_beats_what_neither_can_alone(3, 14, 21);
}

#[test]
fn c003_luminate_play_draws_a_card() {
    let mut t = Table::new();
    let l = t.hand(P1, 3);
    t.play(l);
    t.assert_at(l, P1, Line);
    assert_eq!(t.state(l), Dormant);
    assert_eq!(t.count(P1, Hand), 1);
    t.assert_main(P1);
}

#[test]
fn c004_budge_if_harvested_puts_an_opponent_score_card_under_its_owners_deck() {
    let mut t = Table::new();
    let b = t.play_area(P1, 4, Mature);
    let x = t.add_to(P1, P2, Score, 26, true); // P1's Payday in P2's score pile
    t.harvest(b);
    assert_eq!(t.pile(P1, Deck)[0], x, "bottom of its owner's deck");
    t.assert_at(b, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c004_budge_bonus_does_nothing_when_it_fights() {
    let mut t = Table::new();
    let b = t.play_area(P1, 4, Active);
    let x = t.add(P2, Score, 26);
    let d = t.play_area(P2, 1, Dormant);
    t.fight(b, d);
    t.assert_at(x, P2, Score);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c005_tessa_team_up() {
    team_up_beats_what_neither_can_alone(5, 14, 27); // 2 + 4 vs 6
}

#[test]
fn c006_dark_velum_sneak_6() {
    sneak_beats_power(6, 27);
}

#[test]
fn c007_drixel_returns_a_creature_with_vp_0_or_less_from_either_line() {
    let mut t = Table::new();
    let mine = t.play_area(P1, 27, Dormant); // Bejewel, VP -1
    let theirs = t.play_area(P2, 11, Active); // Moth, VP -1
    let keep = t.play_area(P2, 14, Active); // Yearn, VP 1
    let d = t.hand(P1, 7);
    t.play(d);
    assert!(t.is_legal(&format!("pick c{mine}")) && !t.is_legal(&format!("pick c{keep}")));
    t.pick(theirs);
    t.assert_at(theirs, P2, Hand);
    t.assert_at(mine, P1, Line);
    t.assert_at(keep, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c008_terrible_jack_returns_an_enemy_creature_with_power_5_or_less() {
    let mut t = Table::new();
    let small = t.play_area(P2, 22, Active); // Power 5
    let big = t.play_area(P2, 41, Active); // Power 8
    let j = t.hand(P1, 8);
    t.play(j);
    t.assert_at(small, P2, Hand);
    t.assert_at(big, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c009_roxxy_team_up() {
    team_up_beats_what_neither_can_alone(9, 14, 35); // 3 + 4 vs 7
}

#[test]
fn c010_parasite_reduces_the_opponents_refill_size() {
    let mut t = Table::new();
    t.play_area(P1, 10, Dormant);
    t.set_current(P2);
    assert_eq!(t.g.refill_size(P2), 2);
    assert_eq!(t.g.refill_size(P1), 3);
    t.act("end");
    assert_eq!(t.count(P2, Hand), 2);
    t.assert_main(P1);
}

#[test]
fn c011_moth_makes_an_enemy_creature_dormant() {
    let mut t = Table::new();
    let y = t.play_area(P2, 14, Mature);
    let m = t.hand(P1, 11);
    t.play(m);
    assert_eq!(t.state(y), Dormant);
    t.assert_main(P1);
}

#[test]
fn c012_proud_mama_makes_an_enemy_creature_mature() {
    let mut t = Table::new();
    let m = t.play_area(P1, 12, Mature);
    let y = t.play_area(P2, 14, Dormant);
    t.harvest(m);
    assert_eq!(t.state(y), Mature);
    t.assert_at(m, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c013_taco_if_harvested_puts_a_card_from_my_score_on_its_owners_deck() {
    let mut t = Table::new();
    let taco = t.play_area(P1, 13, Mature);
    let x = t.add_to(P2, P1, Score, 26, true); // P2's Payday in my score pile
    t.harvest(taco);
    assert_eq!(t.pile(P2, Deck).last(), Some(&x), "top of its owner's deck");
    t.assert_at(taco, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c013_taco_bonus_does_nothing_when_it_fights() {
    let mut t = Table::new();
    let taco = t.play_area(P1, 13, Active);
    let x = t.add(P1, Score, 26);
    let d = t.play_area(P2, 1, Dormant);
    t.fight(taco, d);
    t.assert_at(x, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c014_yearn_team_up() {
    team_up_beats_what_neither_can_alone(14, 20, 46); // 4 + 5 vs 9
}

#[test]
fn c015_pokets_sneak_9() {
    sneak_beats_power(15, 46);
}

#[test]
fn c016_sticky_gemma_scores_the_least_valuable_enemy_creature() {
    let mut t = Table::new();
    let moth = t.play_area(P2, 11, Active); // VP -1
    let vix = t.play_area(P2, 1, Active); // VP 1
    let g = t.hand(P1, 16);
    t.play(g);
    t.assert_at(moth, P1, Score);
    t.assert_at(vix, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c017_tiny_the_tosser_gives_my_most_valuable_score_card_away() {
    let mut t = Table::new();
    let tiny = t.play_area(P1, 17, Mature);
    let lum = t.add(P1, Score, 3); // VP 3
    let vix = t.add(P1, Score, 1); // VP 1
    t.harvest(tiny);
    t.assert_at(lum, P2, Score);
    t.assert_at(vix, P1, Score);
    t.assert_at(tiny, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c018_deep_carl_plays_the_bottom_card_of_my_deck() {
    let mut t = Table::new();
    let payday = t.add_to(P1, P1, Deck, 26, false);
    let carl = t.hand(P1, 18);
    t.act(&format!("play c{carl}"));
    // Payday, a creature, goes to an end of my line.
    t.act("left");
    assert_eq!(t.pile(P1, Line), vec![payday, carl]);
    assert_eq!(t.state(payday), Dormant);
    t.assert_main(P1);
}

#[test]
fn c019_vile_chap_discards_every_relic() {
    let mut t = Table::new();
    let chap = t.play_area(P1, 19, Mature);
    let mine = t.play_area(P1, 54, Dormant);
    let theirs = t.play_area(P2, 57, Mature);
    t.harvest(chap);
    t.assert_at(mine, P1, Discard);
    t.assert_at(theirs, P2, Discard);
    t.assert_main(P1);
}

#[test]
fn c020_anox_team_up() {
    team_up_beats_what_neither_can_alone(20, 14, 46); // 5 + 4 vs 9
}

#[test]
fn c021_millipede_sneak_10() {
    sneak_beats_power(21, 50); // vs Jer the Spike, Power 10
}

#[test]
fn c022_brother_bear_bear_hug() {
    bear_hug_scores_two(22, 9, 5); // 5 vs 3 + 2
}

/// Bear Hug (A4): one attacker takes several defenders; on a win all go to my score pile.
fn bear_hug_scores_two(number: u16, d1: u16, d2: u16) {
    let mut t = Table::new();
    let a = t.play_area(P1, number, Active);
    let x = t.play_area(P2, d1, Dormant);
    let y = t.play_area(P2, d2, Active);
    t.act(&format!("fight c{a}"));
    t.pick(x);
    assert!(t.is_legal("done"));
    t.pick(y);
    t.assert_at(a, P1, Discard);
    t.assert_at(x, P1, Score);
    t.assert_at(y, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c023_stubborn_thorn_can_never_be_harvested() {
    let mut t = Table::new();
    let thorn = t.play_area(P1, 23, Mature);
    t.play_area(P2, 1, Dormant);
    assert!(!t.is_legal(&format!("harvest c{thorn}")));
    assert!(t.is_legal(&format!("fight c{thorn}")));
    let e = t.try_act(&format!("harvest c{thorn}")).unwrap_err();
    assert!(e.message.contains("§5.4"), "{}", e.message);
    t.assert_main(P1);
}

#[test]
fn c024_crazy_larry_gives_my_top_deck_card_to_the_opponent() {
    let mut t = Table::new();
    let top = t.add(P1, Deck, 3);
    let larry = t.hand(P1, 24);
    t.play(larry);
    t.assert_at(top, P2, Score);
    assert_eq!(t.score(P2), 3);
    t.assert_main(P1);
}

#[test]
fn c025_silence_enforcer_while_active_lets_the_opponent_play_only_creatures() {
    let mut t = Table::new();
    let enf = t.play_area(P2, 25, Active);
    let action = t.hand(P1, 86);
    let relic = t.hand(P1, 54);
    let creature = t.hand(P1, 26);
    assert!(!t.is_legal(&format!("play c{action}")));
    assert!(!t.is_legal(&format!("play c{relic}")));
    assert!(t.is_legal(&format!("play c{creature}")));
    // Mature does not count as Active (A24).
    t.set_state(enf, Mature);
    assert!(t.is_legal(&format!("play c{action}")) && t.is_legal(&format!("play c{relic}")));
    t.assert_main(P1);
}

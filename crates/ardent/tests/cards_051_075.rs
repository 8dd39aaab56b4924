//! Card tests, Omega Codex 051–075 (card-text spec §3). Each ends at a clean prompt.

use ardent::testkit::*;
use ardent::CardState::*;
use ardent::Zone::*;
use ardent::{ArdentOptions, ArdentView};
use engine::{Game, Viewer};

#[test]
fn c051_gynormica_winning_draws_three_and_ends_the_turn_skipping_rotate_and_draw() {
    let mut t = Table::new();
    let g = t.play_area(P1, 51, Active);
    let sleeper = t.play_area(P1, 1, Dormant);
    let d = t.play_area(P2, 46, Dormant);
    t.fight(g, d);
    assert_eq!(t.count(P1, Hand), 3);
    assert_eq!(t.state(sleeper), Dormant, "A8: no Rotate step");
    t.assert_main(P2);
}

#[test]
fn c051_gynormica_with_the_option_off_still_rotates_and_refills() {
    let mut t = Table::with_options(ArdentOptions { end_turn_skips_rotate_and_draw: false, ..Default::default() });
    let g = t.play_area(P1, 51, Active);
    let sleeper = t.play_area(P1, 1, Dormant);
    let d = t.play_area(P2, 46, Dormant);
    t.fight(g, d);
    assert_eq!(t.count(P1, Hand), 3);
    assert_eq!(t.state(sleeper), Active);
    t.assert_main(P2);
}

#[test]
fn c051_gynormica_losing_does_nothing() {
    let mut t = Table::new();
    let g = t.play_area(P1, 51, Active);
    t.play_area(P2, 54, Dormant); // Sigil of Power: P2's Jer has Power 11
    let d = t.play_area(P2, 50, Dormant);
    t.fight(g, d);
    t.assert_at(g, P2, Score);
    assert_eq!(t.count(P1, Hand), 0);
    t.assert_main(P1);
}

#[test]
fn c052_elixir_of_speed_discarding_both_scores_it_for_me() {
    let mut t = Table::new();
    let e = t.play_area(P1, 52, Mature);
    let a = t.hand(P1, 1);
    let b = t.hand(P1, 26);
    t.harvest(e);
    t.assert_at(a, P1, Discard);
    t.assert_at(b, P1, Discard);
    t.assert_at(e, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c052_elixir_of_speed_failing_to_discard_both_gives_it_away() {
    let mut t = Table::new();
    let e = t.play_area(P1, 52, Mature);
    let a = t.hand(P1, 1);
    t.harvest(e);
    t.assert_at(a, P1, Discard);
    t.assert_at(e, P2, Score);
    assert_eq!(t.score(P2), 3);
    t.assert_main(P1);
}

#[test]
fn c053_wromhole_generator_takes_an_enemy_relic_and_goes_to_the_opponent() {
    let mut t = Table::new();
    let w = t.play_area(P1, 53, Mature);
    let r = t.play_area(P2, 54, Active);
    t.harvest(w);
    t.assert_at(r, P1, Score);
    t.assert_at(w, P2, Score);
    t.assert_main(P1);
}

#[test]
fn c054_sigil_of_power_gives_friendly_creatures_plus_one() {
    let mut t = Table::new();
    t.play_area(P1, 54, Dormant);
    let vix = t.play_area(P1, 1, Active);
    let tessa = t.play_area(P2, 5, Dormant);
    assert_eq!(t.g.power(vix), 2);
    assert_eq!(t.g.power(tessa), 2);
    let v: ArdentView = t.g.view(Viewer::Spectator);
    assert_eq!(v.players[0].line[0].power, Some(2));
    t.fight(vix, tessa);
    t.assert_at(tessa, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c055_the_buddy_system_gives_friendly_creatures_team_up() {
    let mut t = Table::new();
    let a = t.play_area(P1, 4, Active); // Budge 1
    let b = t.play_area(P1, 11, Active); // Moth 2
    let d = t.play_area(P2, 9, Dormant); // Roxxy 3
    t.act(&format!("fight c{a}"));
    // No Team-Up without the relic: Budge fights alone at once and loses 1 to 3.
    t.assert_at(a, P2, Score);
    t.assert_at(b, P1, Line);
    t.assert_at(d, P2, Discard);
    let mut t = Table::new();
    t.play_area(P1, 55, Dormant);
    let a = t.play_area(P1, 4, Active);
    let b = t.play_area(P1, 11, Active);
    let d = t.play_area(P2, 9, Dormant);
    t.act(&format!("fight c{a}"));
    t.pick(b);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c056_fog_machine_gives_friendly_creatures_sneak_5() {
    let mut t = Table::new();
    t.play_area(P1, 56, Dormant);
    let vix = t.play_area(P1, 1, Active);
    let anox = t.play_area(P2, 20, Dormant);
    t.fight(vix, anox);
    t.assert_at(anox, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c057_cargo_pants_increases_my_refill_size() {
    let mut t = Table::new();
    t.play_area(P1, 57, Dormant);
    t.act("end");
    assert_eq!(t.count(P1, Hand), 4);
    t.assert_main(P2);
}

#[test]
fn c058_hypervator_draws_three() {
    let mut t = Table::new();
    let h = t.play_area(P1, 58, Mature);
    t.harvest(h);
    assert_eq!(t.count(P1, Hand), 3);
    t.assert_at(h, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c059_silent_room_stops_the_opponent_playing_during_their_next_turn() {
    let mut t = Table::new();
    let r = t.play_area(P1, 59, Mature);
    let p2card = t.hand(P2, 26);
    t.harvest(r);
    t.act("end");
    t.assert_main(P2);
    assert!(!t.is_legal(&format!("play c{p2card}")));
    t.act("reveal");
    t.act("end");
    t.assert_main(P1);
    assert!(!t.g.view(Viewer::Spectator).players[1].silenced, "spent after that turn");
}

#[test]
fn c060_meat_shears_discards_a_mature_enemy_creature() {
    let mut t = Table::new();
    let s = t.play_area(P1, 60, Mature);
    let ripe = t.play_area(P2, 14, Mature);
    let green = t.play_area(P2, 9, Active);
    t.harvest(s);
    t.assert_at(ripe, P2, Discard);
    t.assert_at(green, P2, Line);
    t.assert_main(P1);
}

#[test]
fn c061_sledgehammer_discards_an_enemy_relic() {
    let mut t = Table::new();
    let s = t.play_area(P1, 61, Mature);
    let r = t.play_area(P2, 57, Dormant);
    t.harvest(s);
    t.assert_at(r, P2, Discard);
    t.assert_main(P1);
}

#[test]
fn c062_neds_ladder_first_creature_each_turn_enters_active() {
    let mut t = Table::new();
    t.play_area(P2, 62, Dormant); // either player's Ladder counts
    let first = t.hand(P1, 26);
    let second = t.hand(P1, 1);
    t.play(first);
    t.play(second);
    assert_eq!(t.state(first), Active);
    assert_eq!(t.state(second), Dormant);
    t.assert_main(P1);
}

#[test]
fn c063_direct_deposit_scores_a_card_from_my_hand() {
    let mut t = Table::new();
    let x = t.hand(P1, 3);
    let dd = t.hand(P1, 63);
    t.play(dd);
    t.assert_at(x, P1, Score);
    t.assert_at(dd, P1, Score);
    assert_eq!(t.score(P1), 3 - 1);
    t.assert_main(P1);
}

#[test]
fn c064_book_of_the_line_puts_a_creature_under_its_owners_deck() {
    let mut t = Table::new();
    let mine = t.play_area(P1, 1, Active);
    let theirs = t.play_area(P2, 14, Active);
    let b = t.hand(P1, 64);
    t.play(b);
    t.pick(theirs);
    assert_eq!(t.pile(P2, Deck)[0], theirs);
    t.assert_at(mine, P1, Line);
    t.assert_main(P1);
}

#[test]
fn c065_vault_tunnel_scores_an_enemy_relic() {
    let mut t = Table::new();
    let r = t.play_area(P2, 57, Dormant);
    let v = t.hand(P1, 65);
    t.play(v);
    t.assert_at(r, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c066_dead_drop_gives_a_card_from_my_hand_to_the_opponent() {
    let mut t = Table::new();
    let x = t.hand(P1, 3);
    let d = t.hand(P1, 66);
    t.play(d);
    t.assert_at(x, P2, Score);
    t.assert_main(P1);
}

#[test]
fn c067_yoink_takes_a_card_from_the_opponents_score_pile() {
    let mut t = Table::new();
    let x = t.add(P2, Score, 3);
    let y = t.hand(P1, 67);
    t.play(y);
    t.assert_at(x, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c068_gentle_nudge_stacks_my_shuffled_discard_on_top_of_my_deck() {
    let mut t = Table::new();
    let d: Vec<u8> = [1, 26, 3].iter().map(|&n| t.add(P1, Discard, n)).collect();
    let g = t.hand(P1, 68);
    let deck_before = t.count(P1, Deck);
    t.play(g);
    assert_eq!(t.count(P1, Discard), 0);
    let deck = t.pile(P1, Deck);
    assert_eq!(deck.len(), deck_before + 3);
    let mut top: Vec<u8> = deck[deck.len() - 3..].to_vec();
    top.sort();
    assert_eq!(top, d);
    t.assert_main(P1);
}

#[test]
fn c069_not_yet_returns_a_card_from_the_opponents_score_pile_to_its_owner() {
    let mut t = Table::new();
    let x = t.add_to(P1, P2, Score, 3, true);
    let n = t.hand(P1, 69);
    t.play(n);
    t.assert_at(x, P1, Hand);
    t.assert_main(P1);
}

#[test]
fn c070_two_birds_scores_an_enemy_then_a_friendly_card_for_their_owners() {
    let mut t = Table::new();
    let enemy = t.add_in_play(P1, P2, 1, Active); // mine, controlled by P2
    let friendly = t.play_area(P1, 5, Active);
    let tb = t.hand(P1, 70);
    t.play(tb);
    t.assert_at(enemy, P1, Score);
    t.assert_at(friendly, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c071_recall_returns_an_enemy_creature_to_its_owners_hand() {
    let mut t = Table::new();
    let e = t.play_area(P2, 41, Mature);
    let r = t.hand(P1, 71);
    t.play(r);
    t.assert_at(e, P2, Hand);
    t.assert_main(P1);
}

#[test]
fn c072_crossed_teleport_sends_two_chosen_cards_to_the_opponent_and_the_rest_to_me() {
    let mut t = Table::new();
    let a = t.add(P1, Score, 1);
    let b = t.add(P1, Score, 26);
    let c = t.add(P2, Score, 3);
    let d = t.add(P2, Score, 41);
    let ct = t.hand(P1, 72);
    t.play(ct);
    // Two in each pile: all four are chosen; then 2 of the 4 go to the opponent.
    t.pick(a);
    t.pick(c);
    t.assert_at(a, P2, Score);
    t.assert_at(c, P2, Score);
    t.assert_at(b, P1, Score);
    t.assert_at(d, P1, Score);
    t.assert_main(P1);
}

#[test]
fn c073_stink_bomb_gives_a_card_from_my_score_pile_away() {
    let mut t = Table::new();
    let x = t.add(P1, Score, 11);
    let s = t.hand(P1, 73);
    t.play(s);
    t.assert_at(x, P2, Score);
    t.assert_main(P1);
}

#[test]
fn c074_fast_forward_makes_every_card_in_play_mature() {
    let mut t = Table::new();
    let a = t.play_area(P1, 1, Dormant);
    let b = t.play_area(P2, 54, Active);
    let f = t.hand(P1, 74);
    t.play(f);
    assert_eq!((t.state(a), t.state(b)), (Mature, Mature));
    assert_eq!(t.score(P1), -2);
    t.assert_main(P1);
}

#[test]
fn c075_rewind_makes_every_card_in_play_dormant() {
    let mut t = Table::new();
    let a = t.play_area(P1, 1, Mature);
    let b = t.play_area(P2, 54, Active);
    let r = t.hand(P1, 75);
    t.play(r);
    assert_eq!((t.state(a), t.state(b)), (Dormant, Dormant));
    t.assert_main(P1);
}

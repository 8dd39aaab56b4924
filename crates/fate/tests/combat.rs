//! Combat: lineup (R-M3), the buff window R-C1, attacks R-C2/R-C3, resource attacks R-C4 and
//! the Knight of Swords bonus R-C5 (Appendix B 6, 7, 12), with their options.

mod common;
use common::*;
use engine::ActionErrorKind;
use fate::options::*;
use fate::FateOptions;

#[test]
fn r_c3_equal_attack_discards_both() {
    let mut g = at("step=attacks row1=NP2,NC row2=np2,nc");
    act(&mut g, "atk=NP>L");
    assert_eq!(elim(&g), vec!["NP", "np"]);
}

#[test]
fn r_c3_higher_attack_discards_defender_and_attacker_keeps_its_value() {
    let mut g = at("step=attacks row1=NP3,NC row2=np1,nc");
    act(&mut g, "atk=NP>L");
    assert_eq!(elim(&g), vec!["np"]);
    assert_eq!(atk(&g, 0, "NP"), 3);
}

#[test]
fn r_c3_lower_attack_discards_the_attacker_and_the_defender_is_affected() {
    let mut g = at("step=attacks row1=NP1,NC row2=np2,nc res2=1:0,1:0,0:3,1:0");
    act(&mut g, "atk=NP>L");
    assert_eq!(elim(&g), vec!["NP"]);
    // P2's turn: the attacked np (被进攻) does not count for Wand recovery, nc does (R-TS2).
    assert_eq!(view(&g).active, 1);
    assert_eq!(res(&g, 1, 'W'), (1, 2));
}

#[test]
fn r_c2_outside_in_violation_is_rejected() {
    let mut g = at("step=attacks row1=NP1,NC1,NW1 row2=np,nc");
    let msg = rejects(&mut g, "atk=NC>L", ActionErrorKind::Illegal);
    assert!(msg.contains("OUTSIDE_IN"), "{msg}");
    // Standing down an end exposes the next one inward.
    act(&mut g, "stand=NP");
    act(&mut g, "atk=NC>L");
}

#[test]
fn r_c2_a_zero_attack_card_cannot_attack() {
    let mut g = at("step=attacks row1=NP,NC2 row2=np,nc");
    let msg = rejects(&mut g, "atk=NP>L", ActionErrorKind::Illegal);
    assert!(msg.contains("attack 0"), "{msg}");
    // Zero-attack cards do not block: NC is an end of the standing row.
    act(&mut g, "atk=NC>L");
}

#[test]
fn a_21_free_order_and_edge_strict() {
    let base = "step=attacks row1=NP1,NC1,NW1 row2=np,nc";
    let mut g = at_with(&FateOptions { attacker_order: AttackerOrder::Free, ..FateOptions::default() }, base);
    act(&mut g, "atk=NC>L");
    let mut g = at_with(&FateOptions { attacker_order: AttackerOrder::EdgeStrict, ..FateOptions::default() }, base);
    rejects(&mut g, "atk=NC>L", ActionErrorKind::Illegal);
    rejects(&mut g, "stand=NP", ActionErrorKind::Illegal);
    act(&mut g, "atk=NW>L");
}

#[test]
fn r_c4_resource_attack_shortfall_takes_hand_cards() {
    let mut g = at("step=attacks row1=NS5 row2=- hand2=ks,np,nc,jw,qs res2=1:0,1:0,1:1,1:0");
    act(&mut g, "atk=NS>W");
    // m = 2 of W(1,1): the split is forced; the shortfall 3 is taken from hand by P2.
    assert_eq!(res(&g, 1, 'W'), (0, 0));
    assert_eq!(to_act(&g), 1);
    rejects(&mut g, "discard=qs", ActionErrorKind::Illegal); // increasing order leaves too few
    acts(&mut g, &["discard=np", "discard=nc", "discard=jw"]);
    assert_eq!(hand(&g, 1), vec!["qs", "ks"]);
    assert_eq!(view(&g).active, 1, "the attack ended P1's combat");
}

#[test]
fn r_c4_resource_attack_shortfall_can_discard_the_king() {
    let mut g = at("step=attacks row1=NS5 row2=- hand2=ks res2=1:0,1:0,1:1,1:0");
    act(&mut g, "atk=NS>W");
    assert_eq!(winner(&g), Some(0));
}

#[test]
fn a_27_victim_chooses_the_split_or_tapped_first() {
    let base = "step=attacks row1=NS2 row2=- res2=1:0,1:0,3:3,1:0";
    let mut g = at(base);
    act(&mut g, "atk=NS>W");
    assert_eq!(legal(&g), vec!["split=0", "split=1", "split=2"]);
    act(&mut g, "split=2");
    assert_eq!(res(&g, 1, 'W'), (1, 3));
    let opts = FateOptions { res_discard_choice: ResDiscardChoice::TappedFirst, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    act(&mut g, "atk=NS>W");
    assert_eq!(res(&g, 1, 'W'), (3, 1));
}

#[test]
fn a_26_resource_suit_must_be_non_empty_option() {
    let base = "step=attacks row1=NS2 row2=- res2=1:0,0:0,1:0,1:0 hand2=ks,np";
    assert!(legal(&at(base)).contains(&"atk=NS>C".to_string()));
    let opts = FateOptions { ra_suit_must_be_non_empty: true, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    rejects(&mut g, "atk=NS>C", ActionErrorKind::Illegal);
}

#[test]
fn r_c5_knight_of_swords_twice_kills_survives_and_makes_two_resource_attacks() {
    let mut g = at("row1=NS,JP res1=1:0,1:0,2:0,4:0 row2=np1,qp res2=1:0,2:0,3:0,0:0");
    acts(&mut g, &["act=NS", "act=NS", "endmain", "place=JP"]);
    assert_eq!(row(&g, 0), vec!["JP", "NS"], "C-4: the player's lineup is kept");
    acts(&mut g, &["buff=NS", "buff=NS"]);
    assert_eq!(step(&g), "attacks", "P2 has no Sword to buff with");
    act(&mut g, "atk=NS>L");
    assert_eq!(elim(&g), vec!["np"]);
    assert_eq!(step(&g), "bonus");
    acts(&mut g, &["bonus=W", "bonus=C"]);
    assert_eq!((res(&g, 1, 'W'), res(&g, 1, 'C')), ((1, 0), (0, 0)));
    assert_eq!(view(&g).active, 1);
}

#[test]
fn r_c5_knight_of_swords_bonus_after_a_surviving_attack() {
    let mut g = at("step=attacks row1=NS3b2x1 row2=np1,qp res2=3:0,1:0,3:0,1:0");
    act(&mut g, "atk=NS>L");
    assert_eq!(step(&g), "bonus");
    act(&mut g, "bonus=W");
    assert_eq!(res(&g, 1, 'W'), (0, 0));
    act(&mut g, "bonus=P");
    assert_eq!(res(&g, 1, 'P'), (0, 0));
    assert!(legal(&g).contains(&"atk=NS>L".to_string()));
    assert_eq!(step(&g), "attacks", "both bonuses used; the resource attacks used no normal attack");
}

#[test]
fn r_c5_knight_of_swords_tie_gives_no_bonus() {
    let mut g = at("step=attacks row1=NS1b2,JP1 row2=np1,qp");
    act(&mut g, "atk=NS>L");
    assert_ne!(step(&g), "bonus");
    assert!(elim(&g).contains(&"NS".to_string()));
}

#[test]
fn a_45_skn_timing_once_immediately_loses_unused_bonus() {
    let base = "step=attacks row1=NS3b2x1 row2=np1,jp1,qp res2=1:0,1:0,5:0,1:0";
    let mut g = at(base);
    acts(&mut g, &["atk=NS>L", "bonus=W", "decline", "atk=NS>L"]);
    assert_eq!(step(&g), "bonus", "AFTER_EACH_CHARACTER_ATTACK keeps the unused bonus");
    let opts = FateOptions { skn_timing: SknTiming::OnceImmediately, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    acts(&mut g, &["atk=NS>L", "bonus=W", "decline", "atk=NS>L"]);
    assert_ne!(step(&g), "bonus");
}

#[test]
fn r_c1_buff_window_ap_then_nap_and_buffs_mark_affected() {
    let mut g = at("step=lineup row1=NP,NC res1=1:0,1:0,1:0,2:0 row2=np res2=1:0,1:0,1:0,1:0");
    // C-4: a lineup of two is the player's choice, then P1 buffs.
    act(&mut g, "place=NP");
    assert_eq!(step(&g), "buff");
    assert_eq!(to_act(&g), 0);
    acts(&mut g, &["buff=NC", "buff=NC"]);
    rejects(&mut g, "buff=NP", ActionErrorKind::Illegal); // no Sword left (and index order)
    assert_eq!(to_act(&g), 1, "no Sword left: P1's window closed, the NAP buffs");
    act(&mut g, "buff=np");
    assert_eq!(atk(&g, 1, "np"), 1);
    assert!(view(&g).players[1].row[0].affected);
    assert_eq!(atk(&g, 0, "NC"), 2);
    assert_eq!(step(&g), "attacks");
}

#[test]
fn a_17_buff_orders() {
    let base = "step=lineup row1=NP res1=1:0,1:0,1:0,1:0 row2=np res2=1:0,1:0,1:0,1:0";
    let g = at_with(&FateOptions { buff_order: BuffOrder::NapThenAp, ..FateOptions::default() }, base);
    assert_eq!(to_act(&g), 1);
    let opts = FateOptions { buff_order: BuffOrder::AlternatingUntilTwoPasses, ..FateOptions::default() };
    let mut g = at_with(&opts, "step=lineup row1=NP res1=1:0,1:0,1:0,2:0 row2=np res2=1:0,1:0,1:0,2:0");
    act(&mut g, "buff=NP");
    assert_eq!(to_act(&g), 1);
    act(&mut g, "donebuff");
    assert_eq!(to_act(&g), 0, "one pass is not two");
    act(&mut g, "buff=NP");
    act(&mut g, "buff=np");
    assert_eq!(to_act(&g), 1, "P1 has no Sword left: its turn counts as a pass");
    act(&mut g, "donebuff");
    assert_eq!(step(&g), "attacks");
}

#[test]
fn a_17_simultaneous_hidden_buffs_are_hidden_until_both_finish() {
    use engine::{Game, GameRng, Seat, Viewer};
    let opts = FateOptions { buff_order: BuffOrder::SimultaneousHidden, ..FateOptions::default() };
    let mut g = at_with(&opts, "step=lineup row1=NP res1=1:0,1:0,1:0,2:0 row2=np res2=1:0,1:0,1:0,1:0");
    let before = g.view(Viewer::Seat(Seat(1)));
    act(&mut g, "buff=NP");
    assert_eq!(g.view(Viewer::Seat(Seat(1))).players[0], before.players[0], "P2 cannot see P1's buff");
    assert_eq!(g.view(Viewer::Seat(Seat(0))).players[0].row[0].hidden_buff, 1);
    act(&mut g, "donebuff");
    let d = g.determinize(Seat(1), &mut GameRng::new(5));
    assert_eq!(d.view(Viewer::Seat(Seat(1))), g.view(Viewer::Seat(Seat(1))));
    act(&mut g, "buff=np");
    assert_eq!(atk(&g, 0, "NP"), 1, "revealed at the end of the window");
    assert_eq!(res(&g, 0, 'S'), (1, 1));
}

#[test]
fn r_c0_no_combat_on_ply_one_and_a_5_each_players_first_turn() {
    let mut g = at("ply=1 row1=NP3 row2=np res1=1:0,1:0,1:0,1:0");
    act(&mut g, "endmain");
    assert_eq!(view(&g).active, 1, "ply 1 has no combat");
    let opts = FateOptions { no_combat_plies: NoCombatPlies::EachPlayersFirstTurn, ..FateOptions::default() };
    let mut g = at_with(&opts, "ply=2 row1=NP3 row2=np res1=1:0,1:0,1:0,1:0");
    act(&mut g, "endmain");
    assert_eq!(view(&g).active, 1, "ply 2 has no combat either");
    let mut g = at("ply=2 row1=NP3 row2=np res1=1:0,1:0,1:0,1:0");
    act(&mut g, "endmain");
    assert_eq!(step(&g), "buff");
}

#[test]
fn a_53_skip_empty_combat() {
    let base = "row1=- res1=1:0,1:0,1:0,1:0 row2=np res2=1:0,1:0,1:0,1:0";
    let mut g = at(base);
    act(&mut g, "endmain");
    assert_eq!((step(&g), to_act(&g)), ("buff".to_string(), 1), "the NAP may still buff");
    let mut g = at_with(&FateOptions { skip_empty_combat: true, ..FateOptions::default() }, base);
    act(&mut g, "endmain");
    assert_eq!(view(&g).active, 1);
}

#[test]
fn r_m3_lineup_builds_left_to_right_in_the_players_order() {
    let mut g = at("row1=NP,NC,NW");
    act(&mut g, "endmain");
    assert_eq!(step(&g), "lineup");
    // C-4: every order is the player's to choose; the mirror rule is for search only.
    assert_eq!(legal(&g), vec!["place=NP", "place=NC", "place=NW"]);
    act(&mut g, "place=NW");
    assert_eq!(legal(&g), vec!["place=NP", "place=NC"]);
    act(&mut g, "place=NC");
    // The last card ends the row without a decision.
    assert_eq!(row(&g, 0), vec!["NW", "NC", "NP"]);
    assert_eq!(step(&g), "buff");
}

#[test]
fn c_4_a_two_card_row_keeps_the_order_the_player_chose() {
    // Before C-4 the mirror rule silently reversed this row to NP, NS at the end of the main phase.
    let mut g = at("row1=NS,NP");
    act(&mut g, "endmain");
    assert_eq!(legal(&g), vec!["place=NP", "place=NS"]);
    act(&mut g, "place=NS");
    assert_eq!(row(&g, 0), vec!["NS", "NP"]);
    let text = engine::Game::position(&g).unwrap();
    assert!(text.contains("row1=NS,NP"), "the position keeps the chosen order: {text}");
}

#[test]
fn a_19_mutual_combat_lets_the_non_active_player_attack_after_the_active_player() {
    let base = "step=attacks row1=NP1,NC row2=np2,nc res2=1:0,1:0,1:0,1:0";
    let mut g = at(base);
    act(&mut g, "endcombat");
    assert_eq!(view(&g).active, 1, "AP_ONLY: P1's turn ends");
    let opts = FateOptions { combat_mode: CombatMode::Mutual, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    act(&mut g, "endcombat");
    assert_eq!((step(&g), to_act(&g)), ("attacks".to_string(), 1), "the NAP attacks next");
    act(&mut g, "atk=np>L");
    assert_eq!(elim(&g), vec!["NP"]);
    assert_eq!(view(&g).active, 1, "then P1's end phase, and P2's turn");
}

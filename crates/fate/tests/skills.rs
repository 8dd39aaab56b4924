//! The 16 character skills (§5.1), illegal empty activations (§5.2) and Appendix B 8–11.
//! P1 acts in its main phase (ply 3) unless a test says otherwise.

mod common;
use common::*;
use engine::ActionErrorKind;
use fate::options::*;
use fate::FateOptions;

// ---- Pentacles

#[test]
fn s1_king_of_pentacles_victim_discards_one_per_suit_and_activator_draws_for_untapped() {
    // Appendix B 8: victim P(0,2) C(1,0) W(1,1) S(0,0).
    let mut g = at("row1=KP hand1=- res1=2:0,1:0,1:0,1:0 res2=0:2,1:0,1:1,0:0");
    act(&mut g, "act=KP");
    // P: only tapped (forced); C: only untapped (forced) → P1 draws a Cup; W: P2 chooses.
    assert_eq!(to_act(&g), 1);
    assert_eq!(legal(&g), vec!["split=0", "split=1"]);
    act(&mut g, "split=0");
    assert_eq!([res(&g, 1, 'P'), res(&g, 1, 'C'), res(&g, 1, 'W'), res(&g, 1, 'S')], [(0, 1), (0, 0), (1, 0), (0, 0)]);
    assert_eq!(res(&g, 0, 'C'), (2, 0), "the activator added one Cup");
    assert_eq!(res(&g, 0, 'P'), (1, 1));
}

#[test]
fn s1_king_of_pentacles_needs_more_untapped_pentacles_and_enemy_resources() {
    let mut g = at("row1=KP hand1=- res1=1:0,1:0,1:0,1:0 res2=1:0,1:0,1:0,1:0");
    let msg = rejects(&mut g, "act=KP", ActionErrorKind::Illegal);
    assert!(msg.contains("outnumber"), "{msg}");
    let mut g = at("row1=KP hand1=- res1=2:0,1:0,1:0,1:0 res2=0:0,0:0,0:0,0:0");
    let msg = rejects(&mut g, "act=KP", ActionErrorKind::Illegal);
    assert!(msg.contains("5.2"), "{msg}");
}

#[test]
fn a_37_kop_draw_tapped_option_and_manual_draw_decision() {
    let base = "row1=KP hand1=- res1=2:0,1:0,1:0,1:0 res2=0:0,1:0,0:0,0:0";
    let opts = FateOptions { kop_draw_tapped: true, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    act(&mut g, "act=KP");
    assert_eq!(res(&g, 0, 'C'), (1, 1));
    let opts = FateOptions { auto_recover: AutoRecover::Manual, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    act(&mut g, "act=KP");
    assert_eq!(legal(&g), vec!["kop=take", "kop=skip"]);
    act(&mut g, "kop=skip");
    assert_eq!(res(&g, 0, 'C'), (1, 0));
}

#[test]
fn s2_queen_of_pentacles_lowers_every_attack_by_two_floor_zero() {
    let mut g = at("row1=QP,NC3 hand1=KS res1=2:0,1:0,1:0,1:0 row2=np1,nc5");
    act(&mut g, "act=QP");
    assert_eq!((atk(&g, 0, "NC"), atk(&g, 1, "np"), atk(&g, 1, "nc")), (1, 0, 3));
    assert_eq!(res(&g, 0, 'P'), (0, 2));
    let mut g = at("row1=QP res1=2:0,1:0,1:0,1:0 row2=np");
    rejects(&mut g, "act=QP", ActionErrorKind::Illegal);
}

#[test]
fn s3_knight_of_pentacles_untaps_two_including_the_one_just_paid() {
    let mut g = at("row1=NP res1=1:1,1:0,1:0,1:0");
    act(&mut g, "act=NP");
    assert_eq!(res(&g, 0, 'P'), (2, 0));
    let mut g = at("row1=NP res1=1:0,1:0,1:0,1:0");
    rejects(&mut g, "act=NP", ActionErrorKind::Illegal); // 5.2: t[P] = 0 before paying
}

#[test]
fn s4_page_of_pentacles_adds_a_tapped_pentacle_unless_no_room() {
    let mut g = at("row1=JP res1=1:0,1:0,2:0,1:0");
    act(&mut g, "act=JP");
    assert_eq!((res(&g, 0, 'P'), res(&g, 0, 'W')), ((1, 1), (1, 1)));
    let mut g = at("row1=JP res1=6:4,1:0,2:0,1:0");
    rejects(&mut g, "act=JP", ActionErrorKind::Illegal);
}

// ---- Cups

#[test]
fn s5_king_of_cups_victim_makes_two_choices_and_can_lose_its_king() {
    let mut g = at("row1=KC hand1=- res1=1:0,2:0,1:0,1:0 res2=1:0,1:0,1:0,1:0 row2=np hand2=ks");
    act(&mut g, "act=KC");
    assert_eq!(to_act(&g), 1);
    assert_eq!(legal(&g), vec!["koc=ret:np", "koc=cup", "koc=hand:ks"]);
    act(&mut g, "koc=ret:np");
    assert_eq!(legal(&g), vec!["koc=cup", "koc=hand:np", "koc=hand:ks"], "(a) then (c) on the same card is legal");
    act(&mut g, "koc=cup");
    assert_eq!(res(&g, 1, 'C'), (0, 0));
    assert_eq!(hand(&g, 1), vec!["np", "ks"]);
    // Only the King in hand and nothing else: the victim must discard it (§5.3).
    let mut g = at("row1=KC hand1=- res1=1:0,2:0,1:0,1:0 res2=1:0,0:0,1:0,1:0 hand2=ks");
    act(&mut g, "act=KC");
    assert_eq!(winner(&g), Some(0));
}

#[test]
fn a_38_koc_distinct_choices() {
    let opts = FateOptions { koc_distinct_choices: true, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=KC hand1=- res1=1:0,3:0,1:0,1:0 res2=1:0,2:0,1:0,1:0 row2=np hand2=ks");
    act(&mut g, "act=KC");
    act(&mut g, "koc=cup");
    assert_eq!(legal(&g), vec!["koc=ret:np", "koc=hand:ks"]);
}

#[test]
fn s6_queen_of_cups_steals_a_knight_which_keeps_its_attack() {
    // Appendix B 11.
    let mut g = at("row1=QC hand1=KS res1=1:0,2:0,1:0,1:0 row2=np3,jc");
    act(&mut g, "act=QC:np");
    assert_eq!(row(&g, 0), vec!["QC", "np"]);
    assert_eq!(atk(&g, 0, "np"), 3);
    let opts = FateOptions { stolen_keeps_atk: false, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=QC hand1=KS res1=1:0,2:0,1:0,1:0 row2=np3,jc");
    act(&mut g, "act=QC:np");
    assert_eq!(atk(&g, 0, "np"), 0);
    let mut g = at("row1=QC res1=1:0,2:0,1:0,1:0 row2=qc");
    rejects(&mut g, "act=QC:qc", ActionErrorKind::Illegal);
}

#[test]
fn s7_knight_of_cups_returns_a_stolen_card_to_the_thiefs_hand() {
    // Appendix B 11: P2 stole P1's Knight of Pentacles; P1's Knight of Cups sends it to P2's hand.
    let mut g = at("row1=NC res1=1:0,1:0,1:0,1:0 row2=NP3,jc,jw");
    act(&mut g, "act=NC:NP");
    assert_eq!(hand(&g, 1), vec!["NP", "ks"]);
    let opts = FateOptions { stolen_returns_to_owner_hand: true, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=NC res1=1:0,1:0,1:0,1:0 row2=NP3,jc");
    act(&mut g, "act=NC:NP");
    assert_eq!(hand(&g, 0), vec!["NP", "KS"]);
}

#[test]
fn s7_knight_of_cups_two_pages_or_one_with_partial_pages() {
    let mut g = at("row1=NC res1=1:0,1:0,1:0,1:0 row2=jc,jw,qs");
    assert!(legal(&g).contains(&"act=NC:jc+jw".to_string()));
    act(&mut g, "act=NC:jc+jw");
    assert_eq!(row(&g, 1), vec!["qs"]);
    let opts = FateOptions { knc_partial_pages: false, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=NC res1=1:0,1:0,1:0,1:0 row2=jc");
    rejects(&mut g, "act=NC:jc", ActionErrorKind::Illegal);
    let mut g = at("row1=NC res1=1:0,1:0,1:0,1:0 row2=jc");
    act(&mut g, "act=NC:jc");
}

#[test]
fn s8_page_of_cups_adds_a_tapped_cup() {
    let mut g = at("row1=JC");
    act(&mut g, "act=JC");
    assert_eq!(res(&g, 0, 'C'), (1, 1));
}

// ---- Wands

#[test]
fn s9_king_of_wands_untaps_one_of_each_suit() {
    let mut g = at("row1=KW hand1=- res1=0:1,0:1,3:0,0:1 res2=1:0,1:0,1:0,1:0");
    act(&mut g, "act=KW");
    assert_eq!([res(&g, 0, 'P'), res(&g, 0, 'C'), res(&g, 0, 'W'), res(&g, 0, 'S')], [(1, 0), (1, 0), (2, 1), (1, 0)]);
    let mut g = at("row1=KW hand1=- res1=1:0,1:0,3:0,1:0");
    rejects(&mut g, "act=KW", ActionErrorKind::Illegal); // 5.2: nothing but a Wand to untap
}

#[test]
fn s10_queen_of_wands_untaps_two_each_or_two_total() {
    let base = "row1=QW res1=0:3,0:3,3:0,0:3";
    let mut g = at(base);
    act(&mut g, "act=QW");
    assert_eq!([res(&g, 0, 'P'), res(&g, 0, 'C'), res(&g, 0, 'W'), res(&g, 0, 'S')], [(2, 1), (2, 1), (0, 3), (2, 1)]);
    let opts = FateOptions { qow_amount: QowAmount::TwoTotal, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    rejects(&mut g, "act=QW", ActionErrorKind::Illegal);
    act(&mut g, "act=QW:CS");
    assert_eq!([res(&g, 0, 'P'), res(&g, 0, 'C'), res(&g, 0, 'S')], [(0, 3), (1, 2), (1, 2)]);
}

#[test]
fn s11_knight_of_wands_gives_another_character_an_extra_attack() {
    let mut g = at("row1=NW,NP2 res1=1:0,1:0,2:0,1:0 row2=np,nc,jc res2=1:0,1:0,1:0,0:0");
    act(&mut g, "act=NW:NP");
    rejects(&mut g, "act=NW:NW", ActionErrorKind::Illegal);
    acts(&mut g, &["endmain", "place=NP"]);
    assert_eq!(row(&g, 0), vec!["NP", "NW"]);
    act(&mut g, "donebuff");
    acts(&mut g, &["atk=NP>L", "atk=NP>L"]);
    assert_eq!(elim(&g), vec!["np", "nc"]);
    let mut g = at("ply=1 row1=NW,NP res1=1:0,1:0,2:0,1:0");
    rejects(&mut g, "act=NW:NP", ActionErrorKind::Illegal); // 5.2: no combat this ply
}

#[test]
fn s12_page_of_wands_adds_a_tapped_wand() {
    let mut g = at("row1=JW");
    act(&mut g, "act=JW");
    assert_eq!(res(&g, 0, 'W'), (0, 2));
}

// ---- Swords

#[test]
fn s13_king_of_swords_lowers_a_cap_by_four_and_the_victim_discards_the_excess() {
    // Appendix B 9: W(5,3) → cap 6: discard 2 of the victim's choice; then cap 2, then 0.
    let mut g = at("row1=KS hand1=- res1=1:0,1:0,3:0,4:0 res2=1:0,1:0,5:3,0:0");
    act(&mut g, "act=KS:W");
    assert_eq!(cap(&g, 1, 'W'), 6);
    assert_eq!(legal(&g), vec!["split=0", "split=1", "split=2"]);
    act(&mut g, "split=1");
    assert_eq!(res(&g, 1, 'W'), (4, 2));
    act(&mut g, "act=KS:W");
    act(&mut g, "split=2");
    assert_eq!((cap(&g, 1, 'W'), res(&g, 1, 'W')), (2, (2, 0)));
    act(&mut g, "act=KS:W");
    assert_eq!((cap(&g, 1, 'W'), res(&g, 1, 'W')), (0, (0, 0)));
    rejects(&mut g, "act=KS:W", ActionErrorKind::Illegal); // 5.2: that cap is already 0
}

#[test]
fn a_43_kos_stacking_false_rejects_a_second_use_on_the_same_suit() {
    let opts = FateOptions { kos_stacking: false, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=KS hand1=- res1=1:0,1:0,3:0,4:0 res2=1:0,1:0,1:0,0:0");
    act(&mut g, "act=KS:W");
    let msg = rejects(&mut g, "act=KS:W", ActionErrorKind::Illegal);
    assert!(msg.contains("kosStacking"), "{msg}");
    act(&mut g, "act=KS:C");
}

#[test]
fn a_43_kos_scope_all_suits_and_durations() {
    let opts = FateOptions { kos_scope: KosScope::AllSuits, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=KS hand1=- res1=1:0,1:0,3:0,4:0 res2=1:0,1:0,1:0,0:0");
    act(&mut g, "act=KS");
    assert_eq!([cap(&g, 1, 'P'), cap(&g, 1, 'C'), cap(&g, 1, 'W'), cap(&g, 1, 'S')], [6, 6, 6, 6]);
    // WHILE_SOURCE_ON_FIELD: returning the King restores the cap.
    let opts = FateOptions { kos_duration: KosDuration::WhileSourceOnField, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=KS hand1=- res1=1:0,1:0,3:0,4:0 res2=1:0,1:0,1:0,0:0");
    act(&mut g, "act=KS:W");
    assert_eq!(cap(&g, 1, 'W'), 6);
    act(&mut g, "ret=KS");
    assert_eq!(cap(&g, 1, 'W'), 10);
    // UNTIL_END_OF_OPPONENT_NEXT_TURN: lasts through P2's next turn only.
    let opts = FateOptions { kos_duration: KosDuration::UntilEndOfOpponentNextTurn, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=KS hand1=- res1=1:0,1:0,3:0,4:0 res2=1:0,1:0,1:0,0:0");
    acts(&mut g, &["act=KS:W", "endmain", "donebuff"]);
    assert_eq!((view(&g).active, cap(&g, 1, 'W')), (1, 6));
    acts(&mut g, &["enddraw", "endmain", "donebuff"]);
    assert_eq!((view(&g).active, cap(&g, 1, 'W')), (0, 10));
}

#[test]
fn s14_queen_of_swords_substitutes_the_next_higher_rank() {
    // Appendix B 10: no Pages, X = 1 → a Knight.
    let mut g = at("row1=QS res1=1:0,1:0,1:0,1:0 row2=nc hand2=ks,np");
    act(&mut g, "act=QS:1");
    assert_eq!(legal(&g), vec!["victim=np", "victim=nc"], "from field or hand");
    act(&mut g, "victim=nc");
    assert_eq!(elim(&g), vec!["nc"]);
    // Only a King: X = 1 discards the King.
    let mut g = at("row1=QS res1=1:0,1:0,1:0,1:0 hand2=ks");
    act(&mut g, "act=QS:1");
    assert_eq!(winner(&g), Some(0));
    // X = 4 always ends the game.
    let mut g = at("row1=QS res1=1:0,1:0,1:0,4:0 row2=np,qc hand2=ks,jp");
    act(&mut g, "act=QS:4");
    assert_eq!(winner(&g), Some(0));
}

#[test]
fn a_44_queen_of_swords_balance_options() {
    let opts = FateOptions { qos_max_x: 3, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=QS res1=1:0,1:0,1:0,4:0 hand2=ks,qc");
    rejects(&mut g, "act=QS:4", ActionErrorKind::Illegal);
    let opts = FateOptions { qos_king_immune_in_hand: true, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=QS res1=1:0,1:0,1:0,4:0 hand2=ks,qc");
    rejects(&mut g, "act=QS:4", ActionErrorKind::Illegal);
    act(&mut g, "act=QS:1");
    assert_eq!(elim(&g), vec!["qc"], "the King in hand is immune; the Queen substitutes");
    let opts = FateOptions { qos_substitute: QosSubstitute::AnyHigher, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=QS res1=1:0,1:0,1:0,1:0 row2=nc,qc hand2=ks");
    act(&mut g, "act=QS:1");
    assert_eq!(legal(&g), vec!["victim=nc", "victim=qc", "victim=ks"]);
}

#[test]
fn s15_knight_of_swords_is_illegal_on_ply_one_and_with_skn_stacking_false_twice() {
    let mut g = at("ply=1 row1=NS res1=1:0,1:0,1:0,1:0");
    rejects(&mut g, "act=NS", ActionErrorKind::Illegal);
    let opts = FateOptions { skn_stacking: false, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=NS res1=1:0,1:0,2:0,2:0");
    act(&mut g, "act=NS");
    rejects(&mut g, "act=NS", ActionErrorKind::Illegal);
}

#[test]
fn s16_page_of_swords_adds_a_tapped_sword() {
    let mut g = at("row1=JS");
    act(&mut g, "act=JS");
    assert_eq!(res(&g, 0, 'S'), (1, 1));
}

// ---- Options touching every skill

#[test]
fn a_35_allow_null_activations_makes_empty_activations_legal() {
    let opts = FateOptions { allow_null_activations: true, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=NP res1=1:0,1:0,1:0,1:0");
    act(&mut g, "act=NP");
    assert_eq!(res(&g, 0, 'P'), (1, 0), "tapped and re-untapped");
    assert_eq!(res(&g, 0, 'W'), (0, 1));
}

#[test]
fn a_36_king_condition_after_cost() {
    let opts = FateOptions { king_condition_timing: KingConditionTiming::AfterCost, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=KS hand1=- res1=1:0,1:0,1:0,2:0 res2=1:0,1:0,1:0,1:0");
    rejects(&mut g, "act=KS:W", ActionErrorKind::Illegal);
    let mut g = at("row1=KS hand1=- res1=1:0,1:0,1:0,2:0 res2=1:0,1:0,1:0,1:0");
    act(&mut g, "act=KS:W");
}

#[test]
fn a_52_play_then_skills_forbids_plays_after_a_skill() {
    let opts = FateOptions { main_phase_order: MainPhaseOrder::PlayThenSkills, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=JS hand1=KS,JP res1=1:0,2:0,1:0,1:0");
    act(&mut g, "act=JS");
    let msg = rejects(&mut g, "play=JP", ActionErrorKind::Illegal);
    assert!(msg.contains("PLAY_THEN_SKILLS"), "{msg}");
}

#[test]
fn a_13_skill_target_is_passive_marks_targets_affected() {
    let opts = FateOptions { skill_target_is_passive: true, ..FateOptions::default() };
    let mut g = at_with(&opts, "row1=NW,NP res1=1:0,1:0,2:0,1:0");
    act(&mut g, "act=NW:NP");
    assert!(view(&g).players[0].row[1].affected);
    let mut g = at("row1=NW,NP res1=1:0,1:0,2:0,1:0");
    act(&mut g, "act=NW:NP");
    assert!(!view(&g).players[0].row[1].affected);
}

#[test]
fn a_15_attack_reset_at_end_of_turn() {
    let opts = FateOptions { atk_persistence: AtkPersistence::ResetAtEndOfTurn, ..FateOptions::default() };
    let mut g = at_with(&opts, "ply=1 row1=NP3");
    act(&mut g, "endmain");
    assert_eq!(atk(&g, 0, "NP"), 0);
    let mut g = at("ply=1 row1=NP3");
    act(&mut g, "endmain");
    assert_eq!(atk(&g, 0, "NP"), 3);
}

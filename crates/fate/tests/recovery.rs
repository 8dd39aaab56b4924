//! Recoveries: R-TS1 Pentacles, R-TS2 Wands, R-E1 Cups, R-SR Swords (Appendix B 2, 4, 5), the
//! draw phase R-D1 (Appendix B 3), and MANUAL recoveries.

mod common;
use common::*;
use engine::ActionErrorKind;
use fate::options::{AutoRecover, SwordRecovery, WandWindow};
use fate::FateOptions;

#[test]
fn r_ts1_pentacle_recovery_untaps_two_when_strictly_ahead() {
    let g = at("step=turn_start res1=1:3,1:0,1:0,1:0 res2=0:0,1:0,1:0,1:0");
    assert_eq!(res(&g, 0, 'P'), (3, 1));
}

#[test]
fn r_ts1_pentacle_recovery_untaps_one_when_equal() {
    let g = at("step=turn_start res1=1:3,1:0,1:0,1:0 res2=1:0,1:0,1:0,1:0");
    assert_eq!(res(&g, 0, 'P'), (2, 2));
}

#[test]
fn r_d1_drawing_a_pentacle_keeps_untapped_count_and_x_is_fixed() {
    let mut g = at("step=turn_start res1=2:0,1:0,1:0,1:0 res2=5:0,1:0,1:0,1:0");
    assert_eq!(step(&g), "draw");
    act(&mut g, "draw=P");
    assert_eq!(res(&g, 0, 'P'), (2, 1), "tap one, add one: u[P] unchanged");
    act(&mut g, "draw=P");
    assert_eq!(res(&g, 0, 'P'), (2, 2));
    assert_eq!(step(&g), "main", "X = 2 picks were allowed, no more (A-8)");
    rejects(&mut g, "draw=P", ActionErrorKind::Illegal);
}

#[test]
fn r_d1_a_draw_beyond_the_room_is_rejected() {
    let mut g = at("step=turn_start res1=3:0,10:0,1:0,1:0 cap1=W:ks:0,W:ks:0");
    // Cups are at 10 (no room); Wands have cap 2 with 1 card: room 1.
    assert!(legal(&g).contains(&"draw=W".to_string()));
    let msg = rejects(&mut g, "draw=C", ActionErrorKind::Illegal);
    assert!(msg.contains("R-CAP"), "{msg}");
    act(&mut g, "draw=W");
    rejects(&mut g, "draw=W", ActionErrorKind::Illegal);
    rejects(&mut g, "draw=P", ActionErrorKind::Illegal); // canonical order P < C < W < S
    act(&mut g, "draw=S");
}

#[test]
fn r_ts2_wand_recovery_counts_unaffected_own_characters() {
    let g = at("step=turn_start res1=1:0,1:0,0:5,1:0 row1=NP,NCf,NW hand1=KS,QS");
    assert_eq!(res(&g, 0, 'W'), (2, 3), "3 characters, one attacked: untap 2");
}

#[test]
fn a_11_wand_counts_hand_counts_hand_characters() {
    let opts = FateOptions { wand_counts_hand: true, ..FateOptions::default() };
    let g = at_with(&opts, "step=turn_start res1=1:0,1:0,0:5,1:0 row1=NP,NCf,NW hand1=KS,QS");
    assert_eq!(res(&g, 0, 'W'), (4, 1));
}

#[test]
fn a_10_wand_window_since_own_turn_start_counts_own_buffs() {
    // 'o' marks a passive action since P1's own last turn start (its own buff), 'f' is unset.
    let base = "step=turn_start res1=1:0,1:0,0:5,1:0 row1=NPo,NC";
    assert_eq!(res(&at(base), 0, 'W'), (2, 3));
    let opts = FateOptions { wand_window: WandWindow::SinceOwnLastTurnStart, ..FateOptions::default() };
    assert_eq!(res(&at_with(&opts, base), 0, 'W'), (1, 4));
}

fn cup_recovery_after_skill_return_replay(opts: &FateOptions) -> (u8, u8) {
    let mut g = at_with(opts, "row1=JP res1=1:0,1:2,1:0,0:0 res2=1:0,1:0,1:0,0:0");
    acts(&mut g, &["act=JP", "ret=JP", "play=JP", "endmain"]);
    assert_eq!(view(&g).active, 1, "P1's turn ended");
    res(&g, 0, 'C')
}

#[test]
fn r_e1_cup_recovery_ignores_a_character_that_acted_then_was_replayed() {
    assert_eq!(cup_recovery_after_skill_return_replay(&FateOptions::default()), (0, 3));
}

#[test]
fn a_14_flags_follow_card_false_lets_a_replayed_card_count() {
    let opts = FateOptions { flags_follow_card: false, ..FateOptions::default() };
    assert_eq!(cup_recovery_after_skill_return_replay(&opts), (1, 2));
}

#[test]
fn a_12_play_is_active_stops_a_played_card_counting() {
    let mut g = at("res1=1:0,3:1,1:0,0:0 res2=1:0,1:0,1:0,0:0 hand1=KS,JP");
    acts(&mut g, &["play=JP", "endmain"]);
    assert_eq!(res(&g, 0, 'C'), (3, 1), "R-E1: the idle played Page untaps 1C");
    let opts = FateOptions { play_is_active: true, ..FateOptions::default() };
    let mut g = at_with(&opts, "res1=1:0,3:1,1:0,0:0 res2=1:0,1:0,1:0,0:0 hand1=KS,JP");
    acts(&mut g, &["play=JP", "endmain"]);
    assert_eq!(res(&g, 0, 'C'), (2, 2));
}

#[test]
fn r_sr_a_tie_discards_both_and_each_player_untaps_two_swords() {
    let mut g = at("step=attacks row1=NP2 row2=np2,nc res1=1:0,1:0,1:0,0:3 res2=1:0,1:0,1:0,0:3");
    act(&mut g, "atk=NP>L");
    assert_eq!(elim(&g), vec!["NP", "np"]);
    assert_eq!(res(&g, 0, 'S'), (2, 1));
    assert_eq!(res(&g, 1, 'S'), (2, 1));
}

#[test]
fn a_29_sword_recovery_variants_choose_who_untaps() {
    let base = "step=attacks row1=NP3,NC row2=np1,nc res1=1:0,1:0,1:0,0:3 res2=1:0,1:0,1:0,0:3";
    for (mode, p1, p2) in [
        (SwordRecovery::ApOnly, 1, 0),
        (SwordRecovery::OwnerOfDiscarded, 0, 1),
        (SwordRecovery::OpponentOfDiscarded, 1, 0),
    ] {
        let opts = FateOptions { sword_recovery: mode, ..FateOptions::default() };
        let mut g = at_with(&opts, base);
        act(&mut g, "atk=NP>L");
        assert_eq!((res(&g, 0, 'S').0, res(&g, 1, 'S').0), (p1, p2), "{mode:?}");
    }
}

#[test]
fn a_31_hand_discards_trigger_sword_recovery_unless_disabled() {
    let base = "step=attacks row1=NS2 row2=- hand2=ks,np,nc res1=1:0,1:0,1:0,0:3 res2=1:0,1:0,0:0,0:3";
    let mut g = at(base);
    act(&mut g, "atk=NS>W");
    act(&mut g, "discard=np");
    act(&mut g, "discard=nc");
    assert_eq!(res(&g, 0, 'S'), (2, 1));
    let opts = FateOptions { sr_counts_hand_discards: false, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    act(&mut g, "atk=NS>W");
    acts(&mut g, &["discard=np", "discard=nc"]);
    assert_eq!(res(&g, 0, 'S'), (0, 3));
}

#[test]
fn a_9_manual_recoveries_are_decisions() {
    let opts = FateOptions { auto_recover: AutoRecover::Manual, ..FateOptions::default() };
    let mut g = at_with(&opts, "step=turn_start res1=1:3,1:0,0:2,1:0 res2=0:0,1:0,1:0,1:0 row1=NP");
    assert_eq!(step(&g), "pentacle_recovery");
    assert_eq!(legal(&g), vec!["pent=0", "pent=1", "pent=2"]);
    rejects(&mut g, "pent=3", ActionErrorKind::Illegal);
    act(&mut g, "pent=1");
    assert_eq!(res(&g, 0, 'P'), (2, 2));
    assert_eq!(legal(&g), vec!["wand=0", "wand=1"]);
    act(&mut g, "wand=0");
    assert_eq!(res(&g, 0, 'W'), (0, 2));
    assert_eq!(step(&g), "draw");
    // Manual Sword recovery after a tie: the AP decides first, then the NAP.
    let mut g = at_with(&opts, "step=attacks row1=NP2,JC row2=np2,nc res1=1:0,1:1,1:0,0:3 res2=1:0,1:0,1:0,0:3");
    act(&mut g, "atk=NP>L");
    assert_eq!(to_act(&g), 0);
    assert_eq!(legal(&g), vec!["swords=0", "swords=1", "swords=2"]);
    act(&mut g, "swords=1");
    assert_eq!(to_act(&g), 1);
    act(&mut g, "swords=2");
    assert_eq!((res(&g, 0, 'S'), res(&g, 1, 'S')), ((1, 2), (2, 1)));
    // Manual Cup recovery at the end phase (the idle Page of Cups counts).
    assert_eq!(step(&g), "cup_recovery");
    assert_eq!(legal(&g), vec!["cups=0", "cups=1"]);
    act(&mut g, "cups=1");
    assert_eq!(res(&g, 0, 'C'), (2, 0));
    assert_eq!(view(&g).active, 1);
}

#[test]
fn a_7_drawn_enter_tapped_option() {
    let mut g = at("step=turn_start res1=1:0,1:0,1:0,1:0 res2=5:0,1:0,1:0,1:0");
    act(&mut g, "draw=S");
    assert_eq!(res(&g, 0, 'S'), (2, 0));
    let opts = FateOptions { drawn_enter_tapped: true, ..FateOptions::default() };
    let mut g = at_with(&opts, "step=turn_start res1=1:0,1:0,1:0,1:0 res2=5:0,1:0,1:0,1:0");
    act(&mut g, "draw=S");
    assert_eq!(res(&g, 0, 'S'), (1, 1));
}

#[test]
fn c_5_owner_of_discarded_gives_the_sword_to_the_owner_of_a_stolen_card() {
    // P1 controls P2's stolen Knight of Pentacles (np) and attacks into a stronger card: np is
    // discarded. C-5: its owner P2 recovers the Sword, not P1 who controlled it.
    let base = "step=attacks row1=np2 row2=nc3 res1=1:0,1:0,1:0,0:3 res2=1:0,1:0,1:0,0:3";
    let opts = FateOptions { sword_recovery: SwordRecovery::OwnerOfDiscarded, ..FateOptions::default() };
    let mut g = at_with(&opts, base);
    act(&mut g, "atk=np>L");
    assert_eq!(elim(&g), vec!["np"]);
    assert_eq!((res(&g, 0, 'S').0, res(&g, 1, 'S').0), (0, 1));
}

//! End of the game (§6): R-WIN, R-END1 mutual King loss, R-END2 ply limit, R-END3 repetition,
//! R-END4 no progress.

mod common;
use common::*;
use engine::{Game, Status};
use fate::options::MutualKingLoss;
use fate::FateOptions;

fn reason(g: &fate::FateGame) -> String {
    match g.status() {
        Status::Over(o) => o.reason,
        Status::ToAct(_) => panic!("not over"),
    }
}

#[test]
fn r_win_discarding_the_enemy_king_in_combat_wins() {
    let mut g = at("step=attacks row1=NP2 hand1=KS row2=ks1 hand2=-");
    act(&mut g, "atk=NP>L");
    assert_eq!(winner(&g), Some(0));
    assert!(reason(&g).contains("King"));
    assert!(legal(&g).is_empty());
}

#[test]
fn r_end1_mutual_king_loss_options() {
    let base = "step=attacks row1=KS2 hand1=- row2=ks2 hand2=-";
    let mut g = at(base);
    act(&mut g, "atk=KS>L");
    assert_eq!(winner(&g), None);
    assert!(reason(&g).contains("R-END1"));
    for (mode, w) in [(MutualKingLoss::ApWins, 0), (MutualKingLoss::ApLoses, 1)] {
        let mut g = at_with(&FateOptions { mutual_king_loss: mode, ..FateOptions::default() }, base);
        act(&mut g, "atk=KS>L");
        assert_eq!(winner(&g), Some(w), "{mode:?}");
    }
}

const PASSIVE: &str = "res1=0:0,1:0,1:0,0:0 res2=0:0,1:0,1:0,0:0";

#[test]
fn r_end2_ply_limit_is_a_draw() {
    let opts = FateOptions { ply_limit: 5, ..FateOptions::default() };
    let mut g = at_with(&opts, &format!("ply=5 {PASSIVE}"));
    act(&mut g, "endmain");
    assert!(is_over(&g));
    assert!(reason(&g).contains("ply limit"));
    assert_eq!(winner(&g), None);
}

#[test]
fn r_end3_third_repetition_of_a_turn_start_is_a_draw() {
    let mut g = at(PASSIVE);
    for _ in 0..4 {
        act(&mut g, "endmain");
    }
    assert!(!is_over(&g), "P2's turn start seen twice");
    act(&mut g, "endmain");
    assert!(reason(&g).contains("repetition"));
    assert_eq!(view(&g).ply, 8);
    let opts = FateOptions { repetition_limit: 2, ..FateOptions::default() };
    let mut g = at_with(&opts, PASSIVE);
    acts(&mut g, &["endmain", "endmain", "endmain"]);
    assert!(reason(&g).contains("repetition"));
}

#[test]
fn r_end4_no_progress_limit() {
    let opts = FateOptions { no_progress_limit: Some(3), ..FateOptions::default() };
    let mut g = at_with(&opts, PASSIVE);
    acts(&mut g, &["endmain", "endmain"]);
    assert!(!is_over(&g));
    act(&mut g, "endmain");
    assert!(reason(&g).contains("no progress"));
}

//! The solver (docs/fate-solver.md): forced wins, a forced loss and a forced draw from
//! hand-written positions, with their exact lines; the Appendix A line against a passive
//! opponent; the same answers for 1 and 2 threads.

mod common;
use common::*;
use fate::solve::{solve, SolveConfig, SolveReport, Value};
use fate::FateOptions;

/// raSuitMustBeNonEmpty: resource attacks must aim at a suit the victim has, so P2's
/// full tapped piles shield its hand (see PASSIVE_P2).
fn shielded() -> FateOptions {
    FateOptions { ra_suit_must_be_non_empty: true, ..FateOptions::default() }
}

fn cfg(max_depth: u32) -> SolveConfig {
    SolveConfig { max_depth, max_nodes: 3_000_000, tt_mb: 16, ..SolveConfig::default() }
}

fn solved(over: &str, max_depth: u32) -> SolveReport {
    let g = at_with(&shielded(), over);
    let r = solve(&g, &cfg(max_depth)).expect("solve");
    eprintln!("{over}: {:?} {:?} {:?}", r.value, r.depth, r.pv);
    r
}

/// Play the principal line on the position: it must end the game, with `winner` (None: draw).
fn line_ends(over: &str, pv: &[String], winner: Option<usize>) {
    let mut g = at_with(&shielded(), over);
    for a in pv {
        assert!(!is_over(&g), "the line goes on after the end: {pv:?}");
        act(&mut g, a);
    }
    assert!(is_over(&g), "the line does not end the game: {pv:?}");
    match engine::Game::status(&g) {
        engine::Status::Over(o) => assert_eq!(o.winners.first().map(|s| s.index()), winner, "{pv:?}"),
        _ => unreachable!(),
    }
}

/// P2 cannot act at all: no Pentacles (no draw, R-D1), every other card tapped (no play, skill
/// or buff), an empty row (no recovery). Its hand has one card of each rank, so Queen of
/// Swords X < 4 never reaches the King (§5.1 #14), and under [`shielded`] its 9-card piles
/// absorb any resource attack of the next few plies (R-C4).
const PASSIVE_P2: &str = "res2=0:0,0:9,0:9,0:9 hand2=kc,qc,nc,jc";

#[test]
fn win_in_1_ply_queen_of_swords_x4() {
    let r = solved(&format!("row1=QS res1=0:0,0:0,1:0,4:0 {PASSIVE_P2}"), 3);
    assert_eq!(r.value, Value::Win, "{}", r.bound);
    assert_eq!(r.winner.as_deref(), Some("P1"));
    assert_eq!(r.depth.unwrap().plies, 1);
    assert_eq!(r.pv, vec!["act=QS:4"]);
    line_ends(&format!("row1=QS res1=0:0,0:0,1:0,4:0 {PASSIVE_P2}"), &r.pv, Some(0));
}

#[test]
fn win_in_2_turns_3_plies_draw_the_fourth_sword() {
    // Ply 3: the Wand is tapped, nothing to do. Ply 5: R-TS1 untaps the Pentacle, R-TS2 the
    // Wand (QS was not attacked), draw S (R-D1) and Q♠ X = 4.
    let r = solved(&format!("row1=QS res1=0:1,0:0,0:1,3:0 {PASSIVE_P2}"), 5);
    assert_eq!(r.value, Value::Win, "{}", r.bound);
    assert_eq!(r.depth.unwrap().plies, 3);
    // P2's draw phase has no budget, so it passes without a decision.
    assert_eq!(r.pv, vec!["endmain", "donebuff", "endmain", "donebuff", "draw=S", "act=QS:4"]);
    line_ends(&format!("row1=QS res1=0:1,0:0,0:1,3:0 {PASSIVE_P2}"), &r.pv, Some(0));
}

#[test]
fn win_in_3_turns_5_plies() {
    // Two Swords and one Wand a turn are not enough for X = 4 by ply 5; instead Q♠ X = 1
    // twice a turn peels P2's hand from the Page up (the substitute rule, §5.1 #14): each
    // discard gives P1 a Sword back (R-SR), and the attacks keep P2's Cups... down to the King.
    let pos = format!("row1=QS res1=0:1,0:0,0:1,2:0 {PASSIVE_P2}");
    let r = solved(&pos, 5);
    assert_eq!(r.value, Value::Win, "{}", r.bound);
    assert_eq!(r.depth.unwrap().plies, 5);
    assert_eq!(
        r.pv,
        vec![
            "endmain", "buff=QS", "donebuff", "atk=QS>C", "endmain", "donebuff", "draw=W", "act=QS:1", "act=QS:1",
            "endmain", "donebuff", "atk=QS>C", "endmain", "donebuff", "draw=W", "act=QS:1", "act=QS:1"
        ]
    );
    line_ends(&pos, &r.pv, Some(0));
}

#[test]
fn forced_loss_against_the_opponents_queen_of_swords() {
    // P1 holds only its King and has nothing; P2's Q♠ has 1W + 4S for ply 4.
    let r = solved("res1=0:0,0:0,0:0,0:0 hand1=KS row2=qs res2=0:0,0:0,1:0,4:0 hand2=ks", 4);
    assert_eq!(r.value, Value::Loss, "{}", r.bound);
    assert_eq!(r.winner.as_deref(), Some("P2"));
    assert_eq!(r.depth.unwrap().plies, 2);
    // P2 buffs in P1's combat (R-C1) and still has the 1W + 1S for X = 1, which takes a lone
    // King (§5.1 #14).
    assert_eq!(r.pv, vec!["endmain", "buff=qs", "buff=qs", "buff=qs", "donebuff", "act=qs:1"]);
    line_ends("res1=0:0,0:0,0:0,0:0 hand1=KS row2=qs res2=0:0,0:0,1:0,4:0 hand2=ks", &r.pv, Some(1));
}

#[test]
fn forced_draw_by_repetition() {
    // Neither side can do anything: the turn-start positions of plies 4, 6, 8 are the same,
    // and its third occurrence, when ply 7 ends, is a draw (R-END3, C-1): 5 plies played.
    let pos = "res1=0:0,0:0,0:0,0:0 res2=0:0,0:0,0:0,0:0";
    let r = solved(pos, 8);
    assert_eq!(r.value, Value::Draw, "{}", r.bound);
    assert_eq!(r.depth.unwrap().plies, 5);
    assert_eq!(r.pv, vec!["endmain", "endmain", "endmain", "endmain", "endmain"]);
    line_ends(pos, &r.pv, None);
}

#[test]
fn unknown_within_the_budget_says_what_was_searched() {
    let g = at("res1=1:0,1:0,1:0,1:0 hand1=KS,QS,JP res2=1:0,1:0,1:0,1:0 hand2=ks,qs,jp");
    let r = solve(&g, &SolveConfig { max_depth: 2, ..cfg(2) }).unwrap();
    assert_eq!(r.value, Value::Unknown);
    assert_eq!(r.searched_plies, 2, "{}", r.bound);
    assert!(r.bound.contains("within 2 plies"), "{}", r.bound);
}

#[test]
fn one_and_two_threads_give_the_same_answers() {
    for over in [
        format!("row1=QS res1=0:1,0:0,0:1,3:0 {PASSIVE_P2}"),
        "res1=0:0,0:0,0:0,0:0 hand1=KS row2=qs res2=0:0,0:0,1:0,4:0 hand2=ks".to_string(),
        "res1=0:0,0:0,0:0,0:0 res2=0:0,0:0,0:0,0:0".to_string(),
    ] {
        let g = at(&over);
        let one = solve(&g, &cfg(8)).unwrap();
        let two = solve(&g, &SolveConfig { threads: 2, ..cfg(8) }).unwrap();
        assert_eq!((one.value, one.depth, &one.pv), (two.value, two.depth, &two.pv), "{over}");
    }
}

#[test]
fn appendix_a_line_is_a_forced_win_against_a_passive_opponent() {
    // Appendix A: A has K, Q♠ and a Page; B never interferes (it has nothing to pay with).
    let pos = format!("ply=1 step=draw budget=1 res1=1:0,1:0,1:0,1:0 hand1=KP,QS,JP {PASSIVE_P2}");
    let g = at_with(&shielded(), &pos);
    let r = solve(&g, &SolveConfig { max_nodes: 20_000_000, ..cfg(9) }).unwrap();
    eprintln!("appendix A: {:?} {:?} {} nodes, {:?}", r.value, r.depth, r.nodes, r.pv);
    assert_eq!(r.value, Value::Win, "{}", r.bound);
    let plies = r.depth.unwrap().plies;
    assert!(plies <= 9, "Appendix A wins on ply 9; the solver found {plies}");
    line_ends(&pos, &r.pv, Some(0));
}

#[test]
fn setups_enumerate_496_choices_and_build_the_ply_1_position() {
    use fate::solve::setups::{after_setups, setup_choices};
    let opts = FateOptions::default();
    let all = setup_choices(&opts).unwrap();
    assert_eq!(all.len(), 496, "R-S3: 4 Kings × 4 Queens × 31 Knight/Page choices");
    assert_eq!(all[0].notation(), "king=P queen=P comp=24 knights=PC pages=PCWS");
    let g = after_setups(&opts, &all[0], &all[495]).unwrap();
    assert_eq!(view(&g).ply, 1);
    assert_eq!(to_act(&g), 0);
}

#[test]
fn setups_no_first_player_setup_wins_within_3_plies() {
    // Ply 3 is too early for any line (§8.5: the fastest unopposed one needs ply 5), so the
    // first reply refutes every first-player setup; checked here for a few of them.
    use fate::solve::setups::{judge, setup_choices};
    let opts = FateOptions::default();
    let all = setup_choices(&opts).unwrap();
    let per_pair = SolveConfig { max_nodes: 2_000_000, tt_mb: 4, ..SolveConfig::default() };
    for i in [0, 200, 495] {
        let v = judge(&opts, &all, i, 3, &per_pair).unwrap();
        eprintln!("{v:?}");
        assert_eq!(v.status, "refuted", "{v:?}");
        assert_eq!(v.refuted_by.as_deref(), Some(all[0].notation().as_str()));
    }
}

#[test]
fn draw_by_the_ply_limit() {
    // R-END2: with plyLimit 4 the game is drawn when ply 4 ends; nobody can win before.
    let opts = FateOptions { ply_limit: 4, ..shielded() };
    let pos = "res1=0:0,0:0,0:0,0:0 res2=0:0,0:0,0:0,0:0";
    let r = solve(&at_with(&opts, pos), &cfg(5)).unwrap();
    assert_eq!(r.value, Value::Draw, "{}", r.bound);
    assert_eq!(r.depth.unwrap().plies, 2);
    assert_eq!(r.pv, vec!["endmain", "endmain"]);
}

#[test]
fn mutual_king_loss_ap_wins_makes_the_king_trade_a_win() {
    // both Kings discarded at once (a tie, R-C3). Under AP_WINS the attacker wins.
    let opts = FateOptions { mutual_king_loss: fate::options::MutualKingLoss::ApWins, ..shielded() };
    let pos = "step=attacks row1=KS2 hand1=- row2=ks2 hand2=- res1=0:0,0:0,0:0,0:0 res2=0:0,0:0,0:0,0:0";
    let r = solve(&at_with(&opts, pos), &cfg(3)).unwrap();
    assert_eq!(r.value, Value::Win, "{}", r.bound);
    assert_eq!(r.depth.unwrap().plies, 1);
    assert_eq!(r.pv, vec!["atk=KS>L"]);
}

#[test]
fn solve_from_the_start_searches_the_setup_choices() {
    // Issue #14: the default position is the start. The setup choices (R-S2, R-S3) are atomic
    // actions like any other, so the search covers them; within a small budget the honest
    // answer is `unknown`, for the secret setup and the sequential protocols alike.
    use fate::options::SetupProtocol;
    for protocol in [SetupProtocol::SimultaneousSecretThenReveal, SetupProtocol::SequentialFirstPlayerFirst] {
        let opts = FateOptions { setup_protocol: protocol, ..FateOptions::default() };
        let g = <fate::FateGame as engine::Game>::new(&opts, &Default::default(), 0).unwrap();
        let r = solve(&g, &SolveConfig { max_nodes: 20_000, tt_mb: 4, ..SolveConfig::default() }).unwrap();
        assert_eq!(r.value, Value::Unknown, "{protocol:?}");
        assert_eq!(r.to_act, "P1");
        assert!(r.nodes >= 20_000, "the budget was spent searching: {}", r.nodes);
        assert!(r.bound.starts_with("budget exhausted"), "{}", r.bound);
    }
}

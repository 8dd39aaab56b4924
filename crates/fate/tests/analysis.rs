//! Computer analysis of a game (issue #14, docs/fate-solver.md): a move that throws away a
//! proved win is marked a blunder with the proof line; a slower win and a game with no proved
//! win are not marked; setup moves are not analysed.

mod common;
use common::*;
use fate::solve::analysis::{analyse, analyse_replay, analysis_config};
use fate::solve::Value;
use fate::FateAction;

/// P1 to act in its main phase: Q♠ X = 4 with 1W + 4S discards P2's King at once (§5.1 #14).
/// P2 has no Pentacles and every other resource tapped: it can never act.
const WIN_IN_1: &str = "row1=QS res1=0:0,0:0,1:0,4:0 res2=0:0,0:9,0:9,0:9 hand2=kc,qc,nc,jc";

fn actions(list: &[&str]) -> Vec<FateAction> {
    list.iter().map(|a| a.parse().unwrap()).collect()
}

#[test]
fn returning_the_queen_of_swords_throws_the_win_away() {
    // ret=QS takes the Queen back to hand: P1 has nothing left that reaches P2's King, nobody
    // can act, and the game is drawn by repetition (R-END3, C-1) after five `endmain`s.
    let g = at(WIN_IN_1);
    let line = actions(&["ret=QS", "endmain", "endmain", "endmain", "endmain", "endmain"]);
    let a = analyse(&g, &line, &analysis_config(200_000), None).unwrap();
    assert!(a.complete);
    assert_eq!(a.blunders, vec![1], "{:#?}", a.moves);
    let m = &a.moves[0];
    assert!(m.blunder);
    assert_eq!((m.seat.as_str(), m.action.as_str(), m.ply), ("P1", "ret=QS", 3));
    let before = m.before.as_ref().unwrap();
    assert_eq!((before.value, before.plies), (Value::Win, Some(1)));
    assert_eq!(before.pv, vec!["act=QS:4"], "the proof line of the lost win");
    assert_eq!(m.after.as_ref().unwrap().value, Value::Draw);
    assert!(
        m.label.en.starts_with("Blunder: P1 wins within 1 plies") && m.label.en.contains("act=QS:4"),
        "{}",
        m.label.en
    );
    assert!(m.label.zh.starts_with("败着"), "{}", m.label.zh);
    // After the blunder nobody has a proved win: nothing else is marked.
    for m in &a.moves[1..] {
        assert!(!m.blunder, "{m:?}");
        assert_eq!(m.before.as_ref().unwrap().value, Value::Draw, "{m:?}");
    }
    assert_eq!(a.positions, 7, "every position, the final one included");
}

#[test]
fn a_slower_win_is_not_a_blunder() {
    // Ending the main phase first still wins this ply (Q♠ may act in the later steps too):
    // the win is kept, nothing is marked.
    let a = analyse(&at(WIN_IN_1), &actions(&["endmain"]), &analysis_config(200_000), None).unwrap();
    assert_eq!(a.blunders, Vec::<usize>::new());
    assert_eq!(a.moves[0].before.as_ref().unwrap().value, Value::Win);
    assert_eq!(a.moves[0].after.as_ref().unwrap().value, Value::Win);
}

#[test]
fn the_winning_move_and_a_drawn_game_are_not_marked() {
    let a = analyse(&at(WIN_IN_1), &actions(&["act=QS:4"]), &analysis_config(200_000), None).unwrap();
    assert!(a.blunders.is_empty());
    let after = a.moves[0].after.as_ref().unwrap();
    assert_eq!((after.value, after.plies), (Value::Win, Some(0)), "the game is over, won by the mover");
    // No proved win anywhere: a dead-drawn position played out.
    let dead = at("res1=0:0,0:0,0:0,0:0 res2=0:0,0:0,0:0,0:0");
    let line = actions(&["endmain"; 5]);
    let a = analyse(&dead, &line, &analysis_config(200_000), None).unwrap();
    assert!(a.blunders.is_empty());
    assert!(a.moves.iter().all(|m| m.before.as_ref().unwrap().value == Value::Draw));
}

#[test]
fn setup_moves_are_not_analysed_and_bad_replays_are_refused() {
    let mut replay = engine::Replay {
        format: 1,
        game: "fate".into(),
        options: serde_json::Value::Null,
        setup: serde_json::Value::Null,
        seed: 0,
        position: None,
        actions: vec!["king=P".into(), "queen=P".into()],
        outcome: None,
    };
    let a = analyse_replay(&replay, &analysis_config(1000), None).unwrap();
    assert_eq!(a.positions, 0);
    assert!(a.moves.iter().all(|m| m.before.is_none() && !m.blunder && m.label.en.starts_with("Setup")));
    replay.actions.push("nonsense".into());
    let e = analyse_replay(&replay, &analysis_config(1000), None).unwrap_err();
    assert!(e.contains("action 3 'nonsense'"), "{e}");
    replay.game = "pebbles".into();
    assert!(analyse_replay(&replay, &analysis_config(1000), None).unwrap_err().contains("Fate Deduction"));
}

//! Appendix A: the unopposed Queen of Swords line ends WIN(A) on ply 9 under defaults.

mod common;
use common::*;
use fate::FateOptions;

#[test]
fn appendix_a_unopposed_queen_of_swords_wins_on_ply_9() {
    let mut g = new_game(&FateOptions::default());
    // Setup (R-S2/S3): A = P1 with the Queen of Swords and Pages; B = P2 plays passively.
    acts(&mut g, &["king=P", "queen=S", "comp=32", "knights=PCW", "pages=PC"]);
    acts(&mut g, &["king=C", "queen=C", "comp=40", "knights=PCWS"]);
    // Ply 1: draw a Pentacle, play a Page; no combat; the idle Page untaps 1C.
    acts(&mut g, &["draw=P", "play=JP", "endmain"]);
    assert_eq!([res(&g, 0, 'P'), res(&g, 0, 'C'), res(&g, 0, 'W'), res(&g, 0, 'S')], [(1, 1), (1, 0), (1, 0), (1, 0)]);
    // Ply 2: B passes; A declines to buff in B's combat.
    acts(&mut g, &["enddraw", "endmain", "donebuff"]);
    // Ply 3: TS untaps 1P; draw C, C; play Q♠; 2 idle characters untap 2C.
    acts(&mut g, &["draw=C", "draw=C", "play=QS", "endmain", "place=JP", "donebuff"]);
    assert_eq!([res(&g, 0, 'P'), res(&g, 0, 'C'), res(&g, 0, 'W'), res(&g, 0, 'S')], [(0, 2), (2, 1), (1, 0), (1, 0)]);
    acts(&mut g, &["enddraw", "endmain", "donebuff"]);
    // Ply 5: untap 1P, draw S; end: untap 1C.
    acts(&mut g, &["draw=S", "endmain", "place=JP", "donebuff"]);
    assert_eq!([res(&g, 0, 'P'), res(&g, 0, 'C'), res(&g, 0, 'W'), res(&g, 0, 'S')], [(0, 2), (3, 0), (1, 0), (2, 0)]);
    acts(&mut g, &["enddraw", "endmain", "donebuff"]);
    // Ply 7: untap 1P, draw S.
    acts(&mut g, &["draw=S", "endmain", "place=JP", "donebuff"]);
    assert_eq!([res(&g, 0, 'P'), res(&g, 0, 'C'), res(&g, 0, 'W'), res(&g, 0, 'S')], [(0, 2), (3, 0), (1, 0), (3, 0)]);
    acts(&mut g, &["enddraw", "endmain", "donebuff"]);
    // Ply 9: untap 1P, draw S → S(4,0); Q♠ with X = 4: B discards its King.
    assert_eq!(view(&g).ply, 9);
    act(&mut g, "draw=S");
    assert_eq!(res(&g, 0, 'S'), (4, 0));
    act(&mut g, "act=QS:4");
    assert_eq!(winner(&g), Some(0));
    assert_eq!(view(&g).ply, 9);
    assert!(elim(&g).contains(&"kc".to_string()));
}

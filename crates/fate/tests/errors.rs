//! Illegal, out-of-turn and malformed actions give an error and leave the state unchanged;
//! the action notation round-trips.

mod common;
use common::*;
use engine::{ActionErrorKind, Game};
use fate::{FateAction, FateOptions};

#[test]
fn malformed_actions_are_refused_without_change() {
    let mut g = at("row1=NP hand1=KS,JP");
    for bad in
        ["", "foo", "play=XX", "play=Qs", "act=QS:9", "act=QS:0", "draw=Z", "comp=3", "split=-1", "atk=NP", "koc=x"]
    {
        rejects(&mut g, bad, ActionErrorKind::Malformed);
    }
}

#[test]
fn illegal_actions_are_refused_without_change() {
    let mut g = at("row1=NP hand1=KS,JP");
    let msg = rejects(&mut g, "play=ks", ActionErrorKind::Illegal);
    assert!(msg.contains("R-M1"), "{msg}");
    rejects(&mut g, "ret=ks", ActionErrorKind::Illegal);
    rejects(&mut g, "play=KS", ActionErrorKind::Illegal); // 3 Cups needed, 1 untapped
    rejects(&mut g, "draw=P", ActionErrorKind::Illegal);
    rejects(&mut g, "king=S", ActionErrorKind::Illegal);
    rejects(&mut g, "atk=NP>L", ActionErrorKind::Illegal);
}

#[test]
fn out_of_turn_actions_are_refused_while_another_seat_decides() {
    // P2 must choose a resource split; P1's main-phase actions and other responses are refused.
    let mut g = at("step=attacks row1=NS2 row2=- res2=1:0,1:0,3:3,1:0");
    act(&mut g, "atk=NS>W");
    assert_eq!(to_act(&g), 1);
    let msg = rejects(&mut g, "endcombat", ActionErrorKind::Illegal);
    assert!(msg.contains("split"), "{msg}");
    rejects(&mut g, "discard=ks", ActionErrorKind::Illegal);
    rejects(&mut g, "split=3", ActionErrorKind::Illegal);
}

#[test]
fn actions_after_the_game_ends_are_refused() {
    let mut g = at("step=attacks row1=NP2 hand1=KS row2=ks1 hand2=-");
    act(&mut g, "atk=NP>L");
    rejects(&mut g, "endmain", ActionErrorKind::GameOver);
}

#[test]
fn notation_round_trips_for_every_action_shape() {
    for text in [
        "king=S",
        "queen=P",
        "comp=32",
        "comp=24",
        "knights=PCW",
        "pages=CS",
        "pent=2",
        "wand=0",
        "cups=1",
        "swords=2",
        "draw=W",
        "enddraw",
        "play=QS",
        "play=nc",
        "ret=JP",
        "act=KP",
        "act=QS:4",
        "act=KS:W",
        "act=QW:PC",
        "act=QW:SS",
        "act=QC:np",
        "act=NC:jc+jw",
        "act=NW:QS",
        "endmain",
        "place=NP",
        "buff=kc",
        "donebuff",
        "atk=NP>L",
        "atk=np>R",
        "atk=NS>C",
        "stand=NC",
        "endcombat",
        "bonus=S",
        "decline",
        "split=0",
        "discard=ks",
        "koc=ret:np",
        "koc=cup",
        "koc=hand:ks",
        "victim=nc",
        "kop=take",
        "kop=skip",
    ] {
        let a: FateAction = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(a.to_string(), text);
    }
}

#[test]
fn every_legal_action_has_an_english_and_chinese_label() {
    let g = at("row1=NP,QS,KC hand1=JP,JS res1=3:1,3:0,3:0,3:0 row2=np");
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    assert!(out.len() > 5);
    for a in &out {
        let l = g.action_label(a);
        assert!(!l.en.is_empty() && !l.zh.is_empty() && l.en != l.zh, "{a}");
    }
    let _ = FateOptions::default();
}

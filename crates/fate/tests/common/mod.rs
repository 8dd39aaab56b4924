//! A small test builder: positions from a base plus overrides, actions in notation, and
//! accessors through the public view.
#![allow(dead_code)]

use engine::{ActionErrorKind, EventLog, Game, Status, Viewer};
use fate::view::FateView;
use fate::{FateGame, FateOptions};

/// Ply 3, P1 in the main phase, 1 untapped card of each suit each, Kings of Swords in hand.
pub const BASE: &str = "fate ply=3 ap=P1 first=P1 step=main actor=P1 res1=1:0,1:0,1:0,1:0 \
    res2=1:0,1:0,1:0,1:0 hand1=KS hand2=ks setup1=5:4:0 setup2=5:4:0";

/// The base position with some `key=value` fields replaced or added.
pub fn pos_text(over: &str) -> String {
    let mut fields: Vec<(String, String)> = BASE
        .split_whitespace()
        .skip(1)
        .map(|f| {
            let (k, v) = f.split_once('=').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect();
    for f in over.split_whitespace() {
        let (k, v) = f.split_once('=').expect("override is key=value");
        match fields.iter_mut().find(|(fk, _)| fk == k) {
            Some(slot) => slot.1 = v.to_string(),
            None => fields.push((k.to_string(), v.to_string())),
        }
    }
    let mut s = String::from("fate");
    for (k, v) in fields {
        s += &format!(" {k}={v}");
    }
    s
}

pub fn at(over: &str) -> FateGame {
    at_with(&FateOptions::default(), over)
}

pub fn at_with(opts: &FateOptions, over: &str) -> FateGame {
    let text = pos_text(over);
    FateGame::from_position(opts, &text).unwrap_or_else(|e| panic!("bad test position: {e}\n{text}"))
}

pub fn new_game(opts: &FateOptions) -> FateGame {
    FateGame::new(opts, &Default::default(), 1).expect("setup")
}

pub fn act(g: &mut FateGame, a: &str) {
    let mut log = EventLog::disabled();
    if let Err(e) = g.apply_notation(a, &mut log) {
        panic!("action '{a}' refused: {e}\n{}\nlegal: {}", g.render(Viewer::Omniscient), legal(g).join(" "));
    }
}

pub fn acts(g: &mut FateGame, list: &[&str]) {
    for a in list {
        act(g, a);
    }
}

/// The action must be refused with an error of `kind`, leaving the state unchanged.
pub fn rejects(g: &mut FateGame, a: &str, kind: ActionErrorKind) -> String {
    let before = g.clone();
    let mut log = EventLog::disabled();
    let err = g.apply_notation(a, &mut log).expect_err(&format!("'{a}' must be refused"));
    assert_eq!(err.kind, kind, "error kind for '{a}': {}", err.message);
    assert_eq!(*g, before, "refused '{a}' changed the state");
    err.message
}

pub fn legal(g: &FateGame) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out.iter().map(|a| a.to_string()).collect()
}

pub fn view(g: &FateGame) -> FateView {
    g.view(Viewer::Omniscient)
}

/// (untapped, tapped) of a suit letter for player index p.
pub fn res(g: &FateGame, p: usize, suit: char) -> (u8, u8) {
    let v = view(g);
    let r = v.players[p].resources.iter().find(|r| r.suit == suit.to_string()).unwrap();
    (r.untapped, r.tapped)
}

pub fn cap(g: &FateGame, p: usize, suit: char) -> u8 {
    let v = view(g);
    v.players[p].resources.iter().find(|r| r.suit == suit.to_string()).unwrap().cap
}

pub fn row(g: &FateGame, p: usize) -> Vec<String> {
    view(g).players[p].row.iter().map(|c| c.card.clone()).collect()
}

pub fn hand(g: &FateGame, p: usize) -> Vec<String> {
    view(g).players[p].hand.iter().map(|c| c.card.clone()).collect()
}

pub fn atk(g: &FateGame, p: usize, card: &str) -> u16 {
    view(g).players[p].row.iter().find(|c| c.card == card).unwrap_or_else(|| panic!("{card} not in row")).atk
}

pub fn elim(g: &FateGame) -> Vec<String> {
    view(g).eliminated
}

pub fn step(g: &FateGame) -> String {
    view(g).step
}

pub fn to_act(g: &FateGame) -> usize {
    match g.status() {
        Status::ToAct(s) => s.index(),
        Status::Over(o) => panic!("game over: {o:?}"),
    }
}

pub fn winner(g: &FateGame) -> Option<usize> {
    match g.status() {
        Status::Over(o) => o.winners.first().map(|s| s.index()),
        Status::ToAct(_) => panic!("game not over"),
    }
}

pub fn is_over(g: &FateGame) -> bool {
    g.status().is_over()
}

//! Scoring, the final-point rule, winning and Burn Out (CR 193–196, 431, 467–472).
mod common;
use common::*;
use engine::{Game, Status};
use riftbound::state::{Loc, Zone};

fn conquer_b1(t: &mut T) -> u16 {
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.act(&format!("move c{u} b1"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    u
}

#[test]
fn cr471_final_point_by_conquer_needs_every_battlefield_else_draw() {
    let mut t = T::fury();
    t.plain();
    t.g.players[0].points = 7;
    let hand = t.hand(0);
    conquer_b1(&mut t);
    assert_eq!(t.controller(0), 0, "control is still established");
    assert_eq!(t.points(0), 7, "no 8th point: b2 not scored this turn");
    assert_eq!(t.hand(0), hand + 1, "a card instead");
}

#[test]
fn cr471_final_point_when_every_battlefield_was_scored_this_turn() {
    let mut t = T::fury();
    t.plain();
    t.g.players[0].points = 7;
    t.g.players[0].scored = 0b10;
    conquer_b1(&mut t);
    assert_eq!(t.points(0), 8);
    match t.g.status() {
        Status::Over(o) => {
            assert_eq!(o.winners, vec![engine::Seat(0)]);
            assert_eq!(o.scores, vec![8, 0]);
        }
        s => panic!("{s:?}"),
    }
}

#[test]
fn cr470_a_battlefield_scores_at_most_once_per_turn() {
    let mut t = T::fury();
    t.plain();
    t.g.players[0].scored = 0b01;
    conquer_b1(&mut t);
    assert_eq!(t.controller(0), 0);
    assert_eq!(t.points(0), 0, "already scored this turn: no point");
}

#[test]
fn cr469_2_hold_is_not_restricted_by_the_final_point_rule() {
    let mut t = T::fury();
    t.plain();
    t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    t.g.players[1].points = 7;
    t.end_turn();
    assert!(t.g.status().is_over(), "P2 holds for the 8th point and wins");
}

#[test]
fn cr196_tied_at_the_victory_score_play_continues() {
    let mut t = T::fury();
    t.g.players[0].points = 8;
    t.g.players[1].points = 8;
    t.end_turn();
    assert!(!t.g.status().is_over());
}

#[test]
fn cr431_burn_out_shuffles_the_trash_in_and_the_opponent_gains_a_point() {
    let mut t = T::fury();
    let deck = t.g.players[0].deck.clone();
    for id in deck {
        t.g.set_zone(id, Zone::Trash);
    }
    t.g.draw(0, 1);
    assert_eq!(t.points(1), 1);
    assert_eq!(t.g.players[0].deck.len(), 34 - 1, "trash became the deck, then one was drawn");
}

#[test]
fn cr431_repeated_burn_out_can_win_at_once() {
    let mut t = T::fury();
    let deck = t.g.players[0].deck.clone();
    for id in deck {
        t.g.set_zone(id, Zone::Banished);
    }
    t.g.players[1].points = 7;
    t.g.draw(0, 1);
    assert!(t.g.outcome.is_some(), "P2 reached 8 by burn out");
}

#[test]
fn cr193_outcome_scores_are_reported() {
    let mut t = T::fury();
    t.g.players[0].points = 8;
    t.g.advance();
    match t.g.status() {
        Status::Over(o) => assert_eq!(o.scores, vec![8, 0]),
        s => panic!("{s:?}"),
    }
}

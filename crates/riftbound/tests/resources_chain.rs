//! Rune pool, Energy and Power (CR 160–168, 429, 444), costs (CR 201–206, 356), playing cards
//! (CR 349–359), timing (CR 307–313) and the chain (CR 327–340).
mod common;
use common::*;
use riftbound::state::{Loc, Zone};

#[test]
fn cr143_4_units_enter_exhausted_and_cr164_energy_exhausts_runes() {
    let mut t = T::fury();
    t.no_runes(0);
    t.rune(0, "Vortex Rune");
    t.rune(0, "Vortex Rune");
    let u = t.in_hand(0, "Blast Runner");
    t.act(&format!("play c{u}"));
    // Accelerate (3 + R) can't be paid with two Chaos runes, so it isn't asked; base is the only place.
    assert_eq!(t.zone(u), Zone::Base);
    assert!(t.exhausted(u));
    assert_eq!(t.ready_runes(0), 0);
    assert_eq!(t.board_runes(0), 2);
}

#[test]
fn cr805_accelerate_pays_one_energy_and_a_pip_and_enters_ready() {
    let mut t = T::fury();
    t.no_runes(0);
    for _ in 0..3 {
        t.rune(0, "Vortex Rune");
    }
    t.rune(0, "Ember Rune");
    let u = t.in_hand(0, "Blast Runner");
    t.act(&format!("play c{u}"));
    // Only the base is possible, so the location is not asked (CR 355.3).
    assert!(t.can("yes") && t.can("no"), "{:?}", t.legal());
    t.act("yes");
    assert!(!t.exhausted(u), "Accelerate: enters ready");
    assert_eq!(t.board_runes(0), 3, "the Fury rune was recycled for its Power (CR 164.2)");
    assert_eq!(t.ready_runes(0), 1, "three Energy: the recycled rune was exhausted first, then two more");
}

#[test]
fn cr203_3_a_card_whose_pips_cant_be_paid_is_not_playable() {
    let mut t = T::fury();
    t.no_runes(0);
    for _ in 0..4 {
        t.rune(0, "Vortex Rune");
    }
    let u = t.in_hand(0, "Cackling Arsonist");
    assert!(!t.can(&format!("play c{u}")), "needs a Fury Power");
    let e = t.try_act(&format!("play c{u}")).unwrap_err();
    assert!(e.contains("CR 357"), "{e}");
    t.rune(0, "Ember Rune");
    assert!(t.can(&format!("play c{u}")));
}

#[test]
fn cr135_signature_pip_is_paid_by_either_domain() {
    let mut t = T::fury();
    t.no_runes(0);
    for _ in 0..3 {
        t.rune(0, "Vortex Rune");
    }
    let f = t.in_hand(0, "Fresh Fuse");
    assert!(t.can(&format!("play c{f}")), "R/P pip paid by a Chaos rune");
}

#[test]
fn cr340_chain_resolves_last_in_first_out_and_cr425_counter() {
    let mut t = T::duel("Wildfire Rush", "Lyceum Muster", "Scorched Plaza", "Whispering Alcove");
    t.runes(1, 4);
    t.no_runes(1);
    for _ in 0..3 {
        t.rune(1, "Lumen Rune");
    }
    let rr = t.in_hand(0, "Rummage Run");
    let ce = t.in_hand(1, "Countermand Edict");
    let before = t.hand(0);
    t.act(&format!("play c{rr}"));
    assert_eq!(t.seat(), 0, "the controller of the newest item gets priority (CR 337)");
    t.act("pass");
    assert_eq!(t.seat(), 1);
    assert!(!t.can("play c0"), "Actions can't be played in a Closed state");
    t.act(&format!("play c{ce}"));
    t.act(&format!("t c{rr}"));
    assert_eq!(t.g.chain.len(), 2);
    t.resolve();
    assert_eq!(t.zone(rr), Zone::Trash, "countered");
    assert_eq!(t.zone(ce), Zone::Trash);
    assert_eq!(t.hand(0), before - 1, "Rummage Run never drew");
    let cadets = t.g.units_at(Loc::Base(1)).filter(|&u| t.g.card(u).name == "Cadet").count();
    assert_eq!(cadets, 1, "Countermand Edict made a Cadet");
}

#[test]
fn cr309_closed_state_allows_only_reactions() {
    let mut t = T::fury();
    t.runes(1, 4);
    let rr = t.in_hand(0, "Rummage Run");
    let mm = t.in_hand(1, "Mountain's Might");
    let sh = t.in_hand(1, "Stubborn Hide");
    t.put(1, "Tuskguard Boar", Loc::Base(1));
    t.act(&format!("play c{rr}"));
    t.act("pass");
    assert!(!t.can(&format!("play c{mm}")), "Action");
    assert!(t.can(&format!("play c{sh}")), "Reaction");
}

#[test]
fn cr155_spells_without_keywords_only_in_your_neutral_open_main_phase() {
    let mut t = T::fury();
    let rr = t.in_hand(0, "Rummage Run");
    assert!(t.can(&format!("play c{rr}")));
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.act(&format!("move c{u} b1"));
    t.act("go");
    // Non-combat showdown at b1: P1 has Focus; only Action/Reaction items.
    assert!(t.g.showdown.is_some());
    assert!(!t.can(&format!("play c{rr}")));
    let sp = t.in_hand(0, "Sparkshot");
    assert!(t.can(&format!("play c{sp}")));
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut t = T::fury();
    let before = t.g.clone();
    assert!(t.try_act("play c999").is_err());
    assert!(t.try_act("pass").unwrap_err().contains("CR 312"));
    assert!(t.try_act("t b1").is_err());
    assert!(t.try_act("hide c1 b9").is_err());
    assert_eq!(t.g, before);
}

#[test]
fn cr357_the_player_chooses_which_rune_to_recycle_for_a_two_domain_pip() {
    let mut t = T::fury();
    t.no_runes(0);
    for _ in 0..2 {
        t.rune(0, "Vortex Rune");
        t.rune(0, "Ember Rune");
    }
    let f = t.in_hand(0, "Fresh Fuse");
    t.play(f, &[]);
    // R/P: an Ember or a Vortex rune may be recycled; one choice per kind of rune.
    // (`back` backs out of the play, CR 358.5.)
    let legal: Vec<String> = t.legal().into_iter().filter(|a| a != "back").collect();
    assert_eq!(legal.len(), 2, "{legal:?}");
    let vortex = legal
        .iter()
        .find(|a| {
            let id: u16 = a[3..].parse().unwrap();
            t.g.card(id).name == "Vortex Rune"
        })
        .unwrap()
        .clone();
    t.act(&vortex);
    let names: Vec<String> = (0..t.g.objs.len() as u16)
        .filter(|&i| t.g.obj(i).zone == Zone::Base && t.g.obj(i).owner == 0)
        .map(|i| t.g.card(i).name.clone())
        .collect();
    assert_eq!(names.iter().filter(|n| *n == "Vortex Rune").count(), 1, "a Vortex rune was recycled");
    assert_eq!(names.iter().filter(|n| *n == "Ember Rune").count(), 2);
}

#[test]
fn cr357_a_payment_with_only_one_kind_of_source_is_not_asked() {
    let mut t = T::fury();
    t.no_runes(0);
    for _ in 0..4 {
        t.rune(0, "Ember Rune");
    }
    let a = t.in_hand(0, "Cackling Arsonist");
    t.play(a, &[]);
    if t.can("yes") {
        t.act("no");
    }
    assert_eq!(t.zone(a), Zone::Base, "paid without a payment prompt");
}

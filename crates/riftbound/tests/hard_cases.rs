//! Hard cases of spec §29 with their recommended resolutions, and hidden information (CR 128).
mod common;
use common::*;
use engine::{Game, GameRng, Seat, Viewer};
use riftbound::state::{flag, Loc, Zone};
use riftbound::{RiftGame, RiftOptions};

#[test]
fn s29_2_converted_showdown_keeps_focus_fresh_combat_gives_it_to_the_attacker() {
    // Fresh combat: the attacker has Focus.
    let mut t = T::fury();
    t.plain();
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.act(&format!("move c{a} b2"));
    t.act("go");
    assert_eq!(t.g.showdown.as_ref().unwrap().focus, 0);
    // Converted: P1 moves into an empty battlefield and passes Focus; then a P2 unit arrives.
    let mut t = T::duel("Wildfire Rush", "Tailwind Roamers", "Scorched Plaza", "Stillwater Shrine");
    t.plain();
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    t.act(&format!("move c{a} b2"));
    t.act("go");
    assert!(t.g.showdown.as_ref().unwrap().combat.is_none());
    t.act("pass");
    assert_eq!(t.seat(), 1);
    // P2 moves a unit in by an effect: put one there and let the cleanup convert the showdown.
    t.put(1, "Drift Blade", Loc::Bf(1));
    t.g.advance();
    let sd = t.g.showdown.clone().unwrap();
    assert!(sd.combat.is_some(), "converted to a combat showdown (CR 323.10a)");
    assert_eq!(sd.focus, 1, "the current Focus holder keeps Focus (§29 #2)");
}

#[test]
fn s29_3_hide_only_in_your_neutral_open_main_phase() {
    let mut t = T::fury();
    t.plain();
    t.put(0, "Blast Runner", Loc::Bf(0));
    let u = t.put(0, "Crate Smasher", Loc::Base(0));
    let trip = t.in_hand(0, "Tripwire Charge");
    assert!(t.can(&format!("hide c{trip} b1")));
    t.act(&format!("move c{u} b2"));
    t.act("go");
    assert!(t.g.showdown.is_some());
    assert!(!t.can(&format!("hide c{trip} b1")), "not during a showdown");
}

#[test]
fn s29_4_up_to_targets_may_be_zero() {
    let mut t = T::fury();
    t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let s = t.in_hand(0, "Sparkshot");
    t.act(&format!("play c{s}"));
    assert!(t.can("done"));
    t.act("done");
    assert_eq!(t.g.chain.len(), 1, "the spell is on the chain with no targets");
    t.resolve();
    assert_eq!(t.zone(s), Zone::Trash);
}

#[test]
fn s29_12_control_is_not_lost_while_a_chain_exists() {
    let mut t = T::fury();
    t.plain();
    let u = t.put(0, "Blast Runner", Loc::Bf(0));
    t.own(0, 0);
    let s = t.in_hand(0, "Rummage Run");
    t.act(&format!("play c{s}"));
    t.g.set_zone(u, Zone::Trash);
    t.g.advance();
    assert_eq!(t.controller(0), 0, "the chain is not empty: Closed state");
    t.resolve();
    if t.g.prompt.is_some() {
        let l = t.legal();
        t.act(&l[0]);
    }
    t.g.advance();
    assert_eq!(t.controller(0), riftbound::state::NOBODY, "lost once Open again (CR 323.4)");
}

#[test]
fn s29_20_focus_does_not_pass_after_a_chain_started_by_a_trigger() {
    let mut t = T::fury();
    t.plain();
    let m = t.put(0, "Demolition Maestro", Loc::Base(0));
    t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.put(1, "Kindled Charger", Loc::Bf(1));
    t.act(&format!("move c{m} b2"));
    t.act("go");
    assert_eq!(t.g.chain.len(), 1, "the attack trigger");
    t.resolve();
    assert_eq!(t.g.showdown.as_ref().unwrap().focus, 0, "still the attacker's Focus");
}

#[test]
fn s29_20_focus_passes_after_a_played_item_resolves() {
    let mut t = T::fury();
    t.plain();
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let e = t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    t.act(&format!("move c{a} b2"));
    t.act("go");
    let s = t.in_hand(0, "Sparkshot");
    t.play(s, &[&format!("t c{e}"), "done"]);
    t.resolve();
    assert_eq!(t.g.showdown.as_ref().unwrap().focus, 1, "Focus passes on (CR 347.1.b)");
}

#[test]
fn s29_21_no_reactions_in_the_opponents_neutral_open_main_phase() {
    let mut t = T::fury();
    t.runes(1, 3);
    t.in_hand(1, "Stubborn Hide");
    assert_eq!(t.seat(), 0, "P2 never gets priority in P1's Neutral Open");
}

#[test]
fn s29_26_a_unit_stunned_on_the_opponents_turn_recovers_at_that_turns_end() {
    let mut t = T::fury();
    let u = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.g.objs[u as usize].set(flag::STUNNED, true);
    t.end_turn();
    assert!(!t.stunned(u));
}

#[test]
fn s29_9_both_sides_stunned_attackers_are_recalled_no_loop() {
    let mut t = T::fury();
    t.plain();
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let d = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.g.objs[a as usize].set(flag::STUNNED, true);
    t.g.objs[d as usize].set(flag::STUNNED, true);
    t.act(&format!("move c{a} b2"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    assert!(t.g.showdown.is_none());
    assert_eq!(t.zone(a), Zone::Base);
    assert_eq!(t.controller(1), 1);
}

#[test]
fn cr128_views_hide_hands_decks_and_facedown_cards() {
    let mut t = T::fury();
    t.plain();
    t.put(0, "Blast Runner", Loc::Bf(0));
    let trip = t.in_hand(0, "Tripwire Charge");
    t.act(&format!("hide c{trip} b1"));
    let mine = t.g.view(Viewer::Seat(Seat(0)));
    let theirs = t.g.view(Viewer::Seat(Seat(1)));
    let spec = t.g.view(Viewer::Spectator);
    assert!(mine.players[0].hand.is_some());
    assert!(theirs.players[0].hand.is_none() && spec.players[0].hand.is_none());
    assert_eq!(theirs.players[0].hand_count, mine.players[0].hand_count);
    assert!(mine.battlefields[0].facedown.as_ref().unwrap().card.is_some());
    assert!(theirs.battlefields[0].facedown.as_ref().unwrap().card.is_none());
    let json = serde_json::to_string(&theirs).unwrap();
    assert!(!json.contains("Tripwire"), "the facedown card's name never reaches the opponent");
}

#[test]
fn determinize_resamples_only_what_the_seat_cannot_see() {
    let t = T::fury();
    let mut rng = GameRng::new(9);
    let d = t.g.determinize(Seat(0), &mut rng);
    assert_eq!(d.view(Viewer::Seat(Seat(0))), t.g.view(Viewer::Seat(Seat(0))));
    let theirs: Vec<_> = t.g.players[1].hand.iter().map(|&h| t.g.obj(h).def).collect();
    let resampled: Vec<_> = d.players[1].hand.iter().map(|&h| d.obj(h).def).collect();
    let deck_same = t.g.players[1].deck.iter().all(|&h| t.g.obj(h).def == d.obj(h).def);
    assert!(theirs != resampled || !deck_same, "the opponent's hidden cards were resampled");
}

#[test]
fn clone_and_replay_are_deterministic() {
    let opts = RiftOptions::default();
    let setup = RiftGame::sample_setup(&opts, &mut GameRng::new(4)).unwrap();
    let a = RiftGame::new(&opts, &setup, 77).unwrap();
    let b = RiftGame::new(&opts, &setup, 77).unwrap();
    assert_eq!(a, b);
}

#[test]
fn determinize_keeps_a_hidden_card_in_every_facedown_slot() {
    let mut t = T::fury();
    t.plain();
    t.put(0, "Blast Runner", Loc::Bf(0));
    let trip = t.in_hand(0, "Tripwire Charge");
    t.act(&format!("hide c{trip} b1"));
    let mut changed = false;
    for k in 0..40 {
        let d = t.g.determinize(Seat(1), &mut GameRng::new(k));
        let card = d.card(trip);
        assert!(card.has(riftbound::cards::kw::HIDDEN), "{} can't be facedown", card.name);
        changed |= card.name != "Tripwire Charge";
        assert_eq!(d.view(Viewer::Seat(Seat(1))), t.g.view(Viewer::Seat(Seat(1))));
    }
    assert!(changed, "the facedown card is resampled for the opponent");
    let own = t.g.determinize(Seat(0), &mut GameRng::new(1));
    assert_eq!(own.card(trip).name, "Tripwire Charge", "its controller knows it");
}

/// Determinization keeps the card of an item's source: Cackling Arsonist's play trigger is on the
/// chain while the Arsonist itself went back to P1's hand (a hidden zone). The trigger is the
/// Arsonist's ability, seen by everyone; resampling the card in hand would make the item another
/// card's ability (and its name in the view another's). Found by the every_op conformance run in
/// session 7 (the view named the source "a hidden card (Vision)" after determinizing).
#[test]
fn determinize_keeps_the_card_of_an_item_source_gone_to_a_hand() {
    let text = "riftbound mode=duel turn=3 tp=p1 first=p1 phase=main priority=p2 passes=1 rng=42\n\
        p1 legend=ST1-001 deck=ST1-011,ST1-005,ST1-004,ST1-014,ST1-016 hand=c1:ST1-009/inc2,ST1-003,ST1-010 champ=ST1-002\n\
        p2 legend=ST1-026 deck=ST1-033,ST1-029 hand=ST1-042\n\
        b1 card=ST1-023 owner=p1 ctl=-\n\
        b2 card=ST1-047 owner=p2 ctl=-\n\
        chain item=p1:c1:0/here:base.p1/inc1/trigger";
    let g = RiftGame::from_position(&RiftOptions::default(), text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.card(1).name, "Cackling Arsonist");
    let mut others_moved = false;
    for k in 0..30 {
        let d = g.determinize(Seat(1), &mut GameRng::new(k));
        assert_eq!(d.card(1).name, "Cackling Arsonist", "the trigger's source keeps its card");
        assert_eq!(d.view(Viewer::Seat(Seat(1))), g.view(Viewer::Seat(Seat(1))));
        others_moved |= d.players[0].hand.iter().any(|&h| d.obj(h).def != g.obj(h).def);
    }
    assert!(others_moved, "the rest of P1's hand is still resampled");
}

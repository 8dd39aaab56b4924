//! Control and Contested (CR 188–192), showdowns (CR 341–348), movement (CR 144, 445–458) and
//! combat (CR 459–466).
mod common;
use common::*;
use riftbound::state::{flag, Loc, Zone, NOBODY};

fn start() -> T {
    let mut t = T::fury();
    t.plain();
    t
}

#[test]
fn cr144_standard_move_exhausts_and_cr348_non_combat_showdown_conquers() {
    let mut t = start();
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.act(&format!("move c{u} b1"));
    t.act("go");
    assert!(t.exhausted(u));
    assert_eq!(t.g.bfs[0].contested_by, 0, "CR 190.3 Contested");
    let sd = t.g.showdown.clone().expect("a showdown begins (CR 344)");
    assert!(sd.combat.is_none());
    assert_eq!(sd.focus, 0, "the contester gets Focus (CR 345)");
    t.act("pass");
    assert_eq!(t.seat(), 1, "Focus rotates to every player");
    t.act("pass");
    assert!(t.g.showdown.is_none());
    assert_eq!(t.controller(0), 0);
    assert_eq!(t.points(0), 1, "Conquer (CR 469.1)");
}

#[test]
fn cr144_several_units_move_together_as_one_standard_move() {
    let mut t = start();
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let b = t.put(0, "Crate Smasher", Loc::Base(0));
    t.act(&format!("move c{a} b1"));
    assert!(t.can(&format!("add c{b}")));
    t.act(&format!("add c{b}"));
    t.act("go");
    assert_eq!(t.zone(a), Zone::Bf(0));
    assert_eq!(t.zone(b), Zone::Bf(0));
    assert!(t.exhausted(a) && t.exhausted(b));
}

#[test]
fn cr144_routes_base_to_battlefield_battlefield_to_base_and_ganking() {
    let mut t = start();
    let plain = t.put(0, "Blast Runner", Loc::Bf(0));
    let gank = t.put(0, "Scrapyard Scamp", Loc::Bf(0));
    t.own(0, 0);
    let legal = t.legal();
    assert!(legal.contains(&format!("move c{plain} base")));
    assert!(!legal.contains(&format!("move c{plain} b2")), "no bf→bf without Ganking");
    assert!(legal.contains(&format!("move c{gank} b2")), "Ganking (CR 810)");
}

#[test]
fn cr323_4_control_is_lost_when_no_units_remain_in_an_open_state() {
    let mut t = start();
    let u = t.put(0, "Blast Runner", Loc::Bf(0));
    t.own(0, 0);
    t.act(&format!("move c{u} base"));
    t.act("go");
    assert_eq!(t.controller(0), NOBODY);
}

fn attack(t: &mut T, units: &[u16], b: u8) {
    t.act(&format!("move c{} b{}", units[0], b + 1));
    for u in &units[1..] {
        t.act(&format!("add c{u}"));
    }
    t.act("go");
}

/// Pass Focus until the showdown is over or a prompt appears.
fn pass_focus(t: &mut T) {
    for _ in 0..10 {
        if t.g.prompt.is_some() || t.g.showdown.is_none() || !t.g.chain.is_empty() {
            return;
        }
        t.act("pass");
    }
}

#[test]
fn cr465_attackers_win_and_conquer_with_assault() {
    let mut t = start();
    let cs = t.put(0, "Crate Smasher", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    attack(&mut t, &[cs], 1);
    let sd = t.g.showdown.clone().unwrap();
    assert!(sd.combat.is_some(), "units of two players: a combat (CR 461)");
    assert!(t.g.obj(cs).has(flag::ATTACKER) && t.g.obj(boar).has(flag::DEFENDER));
    assert_eq!(t.might(cs), 5, "Assault 2 while attacking (CR 807)");
    pass_focus(&mut t);
    assert_eq!(t.zone(boar), Zone::Trash);
    assert_eq!(t.zone(cs), Zone::Bf(1));
    assert_eq!(t.damage(cs), 0, "combat cleanup heals (CR 466.1)");
    assert_eq!(t.controller(1), 0);
    assert_eq!(t.points(0), 1);
    assert!(!t.g.obj(cs).has(flag::ATTACKER), "designations end with the combat");
}

#[test]
fn cr466_surviving_defenders_recall_attackers_and_nobody_scores() {
    let mut t = start();
    let bl = t.put(0, "Blast Runner", Loc::Base(0));
    let tort = t.put(1, "Boulderback Tortoise", Loc::Bf(1));
    t.own(1, 1);
    t.g.objs[tort as usize].set(flag::STUNNED, true);
    attack(&mut t, &[bl], 1);
    assert_eq!(t.might(tort), 5, "Shield 2 while defending (CR 814)");
    pass_focus(&mut t);
    assert_eq!(t.zone(tort), Zone::Bf(1));
    assert_eq!(t.zone(bl), Zone::Base, "recalled (CR 466.1 3d)");
    assert_eq!(t.damage(tort), 0, "healed");
    assert_eq!(t.controller(1), 1);
    assert_eq!(t.points(0), 0);
}

#[test]
fn cr423_stunned_units_deal_no_combat_damage() {
    let mut t = start();
    let cs = t.put(0, "Crate Smasher", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    t.g.objs[cs as usize].set(flag::STUNNED, true);
    attack(&mut t, &[cs], 1);
    pass_focus(&mut t);
    assert_eq!(t.zone(boar), Zone::Bf(1), "the stunned Smasher dealt nothing");
    assert_eq!(t.zone(cs), Zone::Base, "it survived the Boar's 2 (Might 5 attacking) and was recalled");
}

#[test]
fn cr465_2_tank_must_take_lethal_first() {
    let mut t = start();
    let tinker = t.put(0, "Volatile Tinker", Loc::Base(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let charger = t.put(1, "Kindled Charger", Loc::Bf(1));
    t.own(1, 1);
    t.g.objs[boar as usize].set(flag::STUNNED, true);
    t.g.objs[charger as usize].set(flag::STUNNED, true);
    attack(&mut t, &[tinker], 1);
    pass_focus(&mut t);
    // 3 damage: the Tank takes its lethal 2 first (forced), the rest goes to the Charger.
    assert_eq!(t.zone(boar), Zone::Trash);
    assert_eq!(t.zone(charger), Zone::Bf(1));
}

#[test]
fn cr465_2_assigner_orders_equal_units_and_surplus() {
    let mut t = start();
    let cs = t.put(0, "Crate Smasher", Loc::Base(0));
    let a = t.put(1, "Kindled Charger", Loc::Bf(1));
    let b = t.put(1, "Storm-Touched Elk", Loc::Bf(1));
    t.own(1, 1);
    t.g.objs[a as usize].set(flag::STUNNED, true);
    t.g.objs[b as usize].set(flag::STUNNED, true);
    attack(&mut t, &[cs], 1);
    pass_focus(&mut t);
    assert_eq!(t.seat(), 0);
    let legal = t.legal();
    assert!(legal.contains(&format!("t c{a}")) && legal.contains(&format!("t c{b}")), "{legal:?}");
    t.act(&format!("t c{b}"));
    // 5 damage: the Elk (4) gets lethal, the Charger the remaining 1.
    assert_eq!(t.zone(b), Zone::Trash);
    assert_eq!(t.zone(a), Zone::Bf(1));
}

#[test]
fn cr826_backline_takes_damage_last() {
    let mut t = T::duel("Wildfire Rush", "Lyceum Muster", "Scorched Plaza", "Whispering Alcove");
    t.plain();
    let tinker = t.put(0, "Volatile Tinker", Loc::Base(0));
    let sharp = t.put(1, "Lyceum Sharpshooter", Loc::Bf(1));
    let sent = t.put(1, "Hall Sentinel", Loc::Bf(1));
    t.own(1, 1);
    t.g.objs[sharp as usize].set(flag::STUNNED, true);
    t.g.objs[sent as usize].set(flag::STUNNED, true);
    attack(&mut t, &[tinker], 1);
    // Sharpshooter's defend trigger targets the Tinker.
    while t.g.prompt.is_some() {
        let l = t.legal();
        t.act(&l[l.len() - 1].clone());
    }
    t.resolve();
    pass_focus(&mut t);
    assert_eq!(t.zone(sent), Zone::Trash, "Hall Sentinel (3 with Shield) took lethal first");
    assert_eq!(t.zone(sharp), Zone::Bf(1));
}

#[test]
fn cr450_moving_into_an_enemy_battlefield_contests_it() {
    let mut t = start();
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    attack(&mut t, &[u], 1);
    assert_eq!(t.g.bfs[1].contested_by, 0);
    assert_eq!(t.g.showdown.as_ref().unwrap().combat.as_ref().unwrap().attacker, 0);
}

#[test]
fn cr323_9_turn_player_chooses_which_staged_showdown_begins() {
    let mut t = start();
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let b = t.put(0, "Crate Smasher", Loc::Base(0));
    // Effect-move both into the two empty battlefields at once (as two Crosswind Gambits would).
    t.g.move_unit(a, Loc::Bf(0));
    t.g.move_unit(b, Loc::Bf(1));
    t.g.advance();
    assert_eq!(t.legal(), vec!["t b1", "t b2"]);
    t.act("t b2");
    assert_eq!(t.g.showdown.as_ref().unwrap().bf, 1);
    t.act("pass");
    t.act("pass");
    assert_eq!(t.controller(1), 0);
    // Then the other one begins by itself.
    assert_eq!(t.g.showdown.as_ref().unwrap().bf, 0);
    t.act("pass");
    t.act("pass");
    assert_eq!(t.controller(0), 0);
    assert_eq!(t.points(0), 2);
}

#[test]
fn cr383_3_d_attacker_places_triggers_first_so_the_defenders_resolve_first() {
    let mut t = T::duel("Wildfire Rush", "Lyceum Muster", "Scorched Plaza", "Whispering Alcove");
    t.plain();
    let m = t.put(0, "Demolition Maestro", Loc::Base(0));
    let s = t.put(1, "Lyceum Sharpshooter", Loc::Bf(1));
    t.own(1, 1);
    t.act(&format!("move c{m} b2"));
    t.act("go");
    // The Maestro's attack trigger went on the chain first; then P2 targets with the defend trigger.
    assert_eq!(t.seat(), 1);
    t.act(&format!("t c{m}"));
    assert_eq!(t.g.chain.len(), 2);
    assert_eq!(t.g.chain[0].controller, 0, "attacker's trigger at the bottom");
    assert_eq!(t.g.chain[1].controller, 1, "defender's trigger on top: resolves first");
    t.act("pass");
    t.act("pass");
    assert_eq!(t.damage(m), 1, "the Sharpshooter's ping resolved first");
    assert_eq!(t.damage(s), 0);
    t.resolve();
    assert_eq!(t.damage(s), 1);
}

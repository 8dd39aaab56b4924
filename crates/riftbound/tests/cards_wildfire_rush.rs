//! ST1 deck 1, Wildfire Rush (Fury/Chaos): one test per card (ST1-001 … ST1-024).
mod common;
use common::*;
use riftbound::state::{flag, Loc, Zone};

fn t() -> T {
    let mut t = T::fury();
    t.plain();
    t.runes(0, 6);
    for _ in 0..2 {
        t.rune(0, "Ember Rune");
    }
    t
}

#[test]
fn st1_001_roxa_wildfire_heart_loots() {
    let mut t = t();
    let hand = t.hand(0);
    t.act("act L");
    t.resolve();
    assert_eq!(t.g.prompt.as_ref().map(|p| p.seat()), Some(0), "choose a discard");
    let h = t.g.players[0].hand[0];
    t.act(&format!("t c{h}"));
    assert_eq!(t.hand(0), hand);
    assert_eq!(t.zone(h), Zone::Trash);
    assert!(t.g.players[0].legend_exhausted);
    assert!(!t.can("act L"), "exhausted");
}

#[test]
fn st1_002_roxa_fuse_runner_play_loot_and_attack_shot() {
    let mut t = t();
    let roxa = t.find(0, "Roxa, Fuse Runner");
    assert_eq!(t.zone(roxa), Zone::ChampionZone);
    let fodder = t.in_hand(0, "Blast Runner");
    t.act(&format!("play c{roxa}"));
    t.act("yes"); // Accelerate
    t.act(&format!("t c{fodder}")); // may discard a card to draw a card
    t.resolve();
    assert_eq!(t.zone(fodder), Zone::Trash);
    assert!(!t.exhausted(roxa));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    let fodder2 = t.in_hand(0, "Fuse Lighter");
    t.act(&format!("move c{roxa} b2"));
    t.act("go");
    t.act(&format!("t c{fodder2}"));
    t.act(&format!("t c{boar}"));
    t.resolve();
    assert_eq!(t.zone(boar), Zone::Trash, "2 damage to the 2-Might Boar");
    assert_eq!(t.might(roxa), 4, "Assault 1 while attacking");
}

#[test]
fn st1_003_blast_runner_is_a_2_might_accelerate_unit() {
    let t = t();
    let b = t.find(0, "Blast Runner");
    assert_eq!(t.g.card(b).might, 2);
    assert!(t.g.card(b).has(riftbound::cards::kw::ACCELERATE));
}

#[test]
fn st1_004_scrapyard_scamp_pings_when_you_discard() {
    let mut t = t();
    let s = t.put(0, "Scrapyard Scamp", Loc::Bf(0));
    let e = t.put(1, "Tuskguard Boar", Loc::Bf(0));
    t.act("act L");
    t.resolve();
    let h = t.g.players[0].hand[0];
    t.act(&format!("t c{h}"));
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.damage(e), 1);
    let _ = s;
}

#[test]
fn st1_005_fuse_lighter_may_discard_to_deal_2() {
    let mut t = t();
    let e = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let f = t.in_hand(0, "Fuse Lighter");
    let d = t.in_hand(0, "Sparkshot");
    t.play(f, &[&format!("t c{d}"), &format!("t c{e}")]);
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
    assert_eq!(t.zone(d), Zone::Trash);
}

#[test]
fn st1_005_fuse_lighter_declined_does_nothing() {
    let mut t = t();
    let e = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let f = t.in_hand(0, "Fuse Lighter");
    t.play(f, &["no"]);
    assert!(t.g.chain.is_empty() && t.g.pending.is_empty());
    assert_eq!(t.damage(e), 0);
}

#[test]
fn st1_006_skyrocket_grunt_is_4_might_for_2() {
    let t = t();
    let g = t.find(0, "Skyrocket Grunt");
    assert_eq!((t.g.card(g).energy, t.g.card(g).might), (2, 4));
}

#[test]
fn st1_007_volatile_tinker_deathknell_hits_an_enemy_here() {
    let mut t = t();
    let tk = t.put(0, "Volatile Tinker", Loc::Bf(1));
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    t.g.kill(tk);
    t.g.advance();
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.damage(e), 2);
}

#[test]
fn st1_008_gutter_prowler_from_facedown_enters_there_and_pings() {
    let mut t = t();
    t.put(0, "Blast Runner", Loc::Bf(0));
    t.own(0, 0);
    let gp = t.in_hand(0, "Gutter Prowler");
    t.act(&format!("hide c{gp} b1"));
    t.end_turn();
    t.end_turn();
    let e = t.put(1, "Kindled Charger", Loc::Bf(0));
    t.g.advance();
    // P2's unit arrived at b1: a combat is staged at the start of... P1 acts in their own turn.
    while t.g.showdown.is_some() && t.seat() == 1 {
        t.act("pass");
    }
    if t.can(&format!("play c{gp}")) {
        t.play(gp, &[]);
        assert_eq!(t.zone(gp), Zone::Bf(0), "a hidden permanent enters at its battlefield (CR 811)");
        t.act(&format!("t c{e}"));
        t.resolve();
        assert_eq!(t.damage(e), 1);
    } else {
        panic!("Gutter Prowler not playable: {:?}", t.legal());
    }
}

#[test]
fn st1_009_cackling_arsonist_discards_then_refills_an_empty_hand() {
    let mut t = t();
    let a = t.in_hand(0, "Cackling Arsonist");
    let hand: Vec<u16> = t.g.players[0].hand.clone();
    for h in hand {
        if h != a {
            t.g.set_zone(h, Zone::Trash);
        }
    }
    let last = t.in_hand(0, "Sparkshot");
    t.play(a, &["no"]);
    t.resolve();
    t.act(&format!("t c{last}"));
    t.resolve();
    assert_eq!(t.hand(0), 2, "hand was emptied: draw 2");
}

#[test]
fn st1_010_spoils_collector_draws_on_conquer_here() {
    let mut t = t();
    let s = t.put(0, "Spoils Collector", Loc::Base(0));
    let hand = t.hand(0);
    t.act(&format!("move c{s} b1"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    t.resolve();
    assert_eq!(t.points(0), 1);
    assert_eq!(t.hand(0), hand + 1);
}

#[test]
fn st1_011_crate_smasher_has_assault_2() {
    let mut t = t();
    let c = t.put(0, "Crate Smasher", Loc::Base(0));
    assert_eq!(t.might(c), 3);
    t.g.objs[c as usize].set(flag::ATTACKER, true);
    assert_eq!(t.might(c), 5);
}

#[test]
fn st1_012_demolition_maestro_pings_each_enemy_when_attacking() {
    let mut t = t();
    let m = t.put(0, "Demolition Maestro", Loc::Base(0));
    let a = t.put(1, "Kindled Charger", Loc::Bf(1));
    let b = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    t.act(&format!("move c{m} b2"));
    t.act("go");
    t.resolve();
    assert_eq!((t.damage(a), t.damage(b)), (1, 1));
}

#[test]
fn st1_013_pyrotechnic_wyrm_may_discard_to_deal_3() {
    let mut t = t();
    t.runes(0, 2);
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let w = t.in_hand(0, "Pyrotechnic Wyrm");
    let d = t.in_hand(0, "Sparkshot");
    t.play(w, &[]);
    if t.can("yes") {
        t.act("no"); // Accelerate not wanted
    }
    t.act(&format!("t c{d}"));
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
}

#[test]
fn st1_014_sparkshot_hits_up_to_two_units_at_battlefields() {
    let mut t = t();
    let a = t.put(1, "Kindled Charger", Loc::Bf(1));
    let b = t.put(1, "Tuskguard Boar", Loc::Bf(0));
    let base = t.put(1, "Herd Caller", Loc::Base(1));
    let s = t.in_hand(0, "Sparkshot");
    t.act(&format!("play c{s}"));
    assert!(!t.can(&format!("t c{base}")), "bases are not battlefields");
    t.act(&format!("t c{a}"));
    t.act(&format!("t c{b}"));
    t.resolve();
    assert_eq!((t.damage(a), t.damage(b)), (1, 1));
}

#[test]
fn st1_016_rummage_run_draws_two_then_discards() {
    let mut t = t();
    let r = t.in_hand(0, "Rummage Run");
    let hand = t.hand(0);
    t.play(r, &[]);
    t.resolve();
    let h = t.g.players[0].hand[0];
    t.act(&format!("t c{h}"));
    assert_eq!(t.hand(0), hand - 1 + 2 - 1);
}

#[test]
fn st1_015_reckless_salvo_discards_as_a_cost_and_deals_4() {
    let mut t = t();
    let e = t.put(1, "Storm-Touched Elk", Loc::Bf(1));
    let s = t.in_hand(0, "Reckless Salvo");
    let d = t.in_hand(0, "Sparkshot");
    t.play(s, &[&format!("t c{d}"), &format!("t c{e}")]);
    assert_eq!(t.zone(d), Zone::Trash, "paid on finalization");
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
}

#[test]
fn st1_015_reckless_salvo_needs_another_card_in_hand() {
    let mut t = t();
    let s = t.in_hand(0, "Reckless Salvo");
    t.put(1, "Storm-Touched Elk", Loc::Bf(1));
    for h in t.g.players[0].hand.clone() {
        if h != s {
            t.g.set_zone(h, Zone::Trash);
        }
    }
    assert!(!t.can(&format!("play c{s}")));
}

#[test]
fn st1_017_tripwire_charge_needs_an_attacking_unit() {
    let mut t = t();
    t.put(1, "Kindled Charger", Loc::Bf(1));
    let c = t.in_hand(0, "Tripwire Charge");
    assert!(!t.can(&format!("play c{c}")), "no attacking unit");
}

#[test]
fn st1_018_scram_returns_an_exhausted_unit_with_might_4_or_less() {
    let mut t = t();
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let big = t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    let ready = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.g.objs[e as usize].set(flag::EXHAUSTED, true);
    t.g.objs[big as usize].set(flag::EXHAUSTED, true);
    let s = t.in_hand(0, "Scram!");
    t.act(&format!("play c{s}"));
    assert!(!t.can(&format!("t c{big}")) && !t.can(&format!("t c{ready}")));
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.zone(e), Zone::Hand);
    assert!(t.g.players[1].hand.contains(&e));
}

#[test]
fn st1_019_fresh_fuse_discards_the_hand_and_draws_three() {
    let mut t = t();
    let f = t.in_hand(0, "Fresh Fuse");
    t.play(f, &[]);
    t.pay();
    t.resolve();
    assert_eq!(t.hand(0), 3);
}

#[test]
fn st1_020_blastcap_gauntlet_gives_might_bonus() {
    let mut t = t();
    let u = t.put(0, "Crate Smasher", Loc::Base(0));
    let g = t.put(0, "Blastcap Gauntlet", Loc::Base(0));
    t.act(&format!("act c{g}"));
    t.act(&format!("t c{u}"));
    t.resolve();
    assert_eq!(t.might(u), 4);
}

#[test]
fn st1_021_firecracker_crate_discards_and_exhausts_to_deal_2() {
    let mut t = t();
    let c = t.put(0, "Firecracker Crate", Loc::Base(0));
    let e = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let d = t.in_hand(0, "Sparkshot");
    t.act(&format!("act c{c}"));
    t.act(&format!("t c{d}"));
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
    assert!(t.exhausted(c));
}

#[test]
fn st1_022_smoldering_scrapyard_conquer_may_discard_to_draw_two() {
    let mut t = t();
    t.bf(0, "Smoldering Scrapyard");
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.act(&format!("move c{u} b1"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    let hand = t.hand(0);
    let d = t.g.players[0].hand[0];
    t.act(&format!("t c{d}"));
    t.resolve();
    assert_eq!(t.hand(0), hand - 1 + 2);
}

#[test]
fn st1_023_fireworks_pier_conquer_deals_2() {
    let mut t = t();
    t.bf(0, "Fireworks Pier");
    let e = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.act(&format!("move c{u} b1"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
}

#[test]
fn st1_024_scorched_plaza_gives_units_here_assault_1() {
    let mut t = t();
    t.bf(0, "Scorched Plaza");
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.put(1, "Tuskguard Boar", Loc::Bf(0));
    t.own(1, 0);
    t.act(&format!("move c{u} b1"));
    t.act("go");
    assert_eq!(t.might(u), 3);
}

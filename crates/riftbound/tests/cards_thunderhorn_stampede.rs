//! ST1 deck 4, Thunderhorn Stampede (Fury/Body): one test per card (ST1-076 … ST1-097).
mod common;
use common::*;
use riftbound::state::{flag, Loc, Zone};

fn t() -> T {
    let mut t = T::duel("Thunderhorn Stampede", "Lyceum Muster", "Titan's Footprint", "Whispering Alcove");
    t.plain();
    t.no_runes(0);
    for _ in 0..5 {
        t.rune(0, "Ember Rune");
        t.rune(0, "Stone Rune");
    }
    t
}

#[test]
fn st1_076_grumhold_legend_pumps_and_ramps_if_mighty() {
    let mut t = t();
    let u = t.put(0, "Storm-Touched Elk", Loc::Base(0));
    let runes = t.board_runes(0);
    t.act("act L");
    t.act(&format!("t c{u}"));
    t.resolve();
    assert_eq!(t.might(u), 6);
    assert_eq!(t.board_runes(0), runes + 1, "channelled one rune exhausted");
}

#[test]
fn st1_076_grumhold_legend_no_ramp_if_not_mighty() {
    let mut t = t();
    let u = t.put(0, "Tuskguard Boar", Loc::Base(0));
    let runes = t.board_runes(0);
    t.act("act L");
    t.act(&format!("t c{u}"));
    t.resolve();
    assert_eq!(t.board_runes(0), runes);
}

#[test]
fn st1_077_grumhold_thunderhorn_pumps_others_when_attacking() {
    let mut t = t();
    let g = t.put(0, "Grumhold, Thunderhorn", Loc::Base(0));
    let o = t.put(0, "Tuskguard Boar", Loc::Base(0));
    t.put(1, "Hall Sentinel", Loc::Bf(1));
    t.act(&format!("move c{g} b2"));
    t.act(&format!("add c{o}"));
    t.act("go");
    t.resolve();
    assert_eq!(t.might(o), 4);
    assert_eq!(t.g.deflect(g), 1);
}

#[test]
fn st1_078_tuskguard_boar_has_tank() {
    let t = t();
    let b = t.find(0, "Tuskguard Boar");
    assert!(t.g.card(b).has(riftbound::cards::kw::TANK));
}

#[test]
fn st1_079_sparkhorn_calf_may_recycle_a_card_to_ramp() {
    let mut t = t();
    let c = t.in_hand(0, "Sparkhorn Calf");
    let x = t.in_hand(0, "Sparkshot");
    let runes = t.board_runes(0);
    t.play(c, &[&format!("t c{x}")]);
    t.resolve();
    assert_eq!(*t.g.players[0].deck.last().unwrap(), x, "recycled to the bottom of the deck");
    assert_eq!(t.board_runes(0), runes + 1);
}

#[test]
fn st1_080_kindled_charger_and_st1_082_elk_have_accelerate() {
    let t = t();
    for n in ["Kindled Charger", "Storm-Touched Elk"] {
        let c = t.find(0, n);
        assert!(t.g.card(c).has(riftbound::cards::kw::ACCELERATE), "{n}");
    }
}

#[test]
fn st1_081_herd_caller_draws_when_you_play_a_mighty_unit() {
    let mut t = t();
    t.put(0, "Herd Caller", Loc::Base(0));
    let r = t.in_hand(0, "Ridgeback Ravager");
    let hand = t.hand(0);
    t.play(r, &[]);
    if t.can("yes") {
        t.act("no");
    }
    t.resolve();
    assert_eq!(t.hand(0), hand);
}

#[test]
fn st1_083_boulderback_tortoise_tank_shield_2() {
    let mut t = t();
    let b = t.put(0, "Boulderback Tortoise", Loc::Bf(0));
    t.g.objs[b as usize].set(flag::DEFENDER, true);
    assert_eq!(t.might(b), 5);
}

#[test]
fn st1_084_ridgeback_ravager_buffs_friends_on_conquer() {
    let mut t = t();
    let r = t.put(0, "Ridgeback Ravager", Loc::Base(0));
    let b = t.put(0, "Tuskguard Boar", Loc::Base(0));
    t.act(&format!("move c{r} b1"));
    t.act(&format!("add c{b}"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    t.resolve();
    assert!(t.g.obj(r).has(flag::BUFFED) && t.g.obj(b).has(flag::BUFFED));
}

#[test]
fn st1_085_stormhorn_aurochs_assault_2() {
    let mut t = t();
    let a = t.put(0, "Stormhorn Aurochs", Loc::Bf(0));
    t.g.objs[a as usize].set(flag::ATTACKER, true);
    assert_eq!(t.might(a), 8);
}

#[test]
fn st1_086_magma_behemoth_deals_3_on_play() {
    let mut t = t();
    let e = t.put(1, "Muster Sergeant", Loc::Bf(1));
    let m = t.in_hand(0, "Magma Behemoth");
    t.play(m, &[&format!("t c{e}")]);
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
}

#[test]
fn st1_087_primeval_colossus_is_a_10_10_tank() {
    let t = t();
    let c = t.find(0, "Primeval Colossus");
    assert_eq!(t.g.card(c).might, 10);
    assert_eq!(t.g.card(c).shield, 2);
}

#[test]
fn st1_091_stubborn_hide_replaces_the_next_death_with_heal_and_stun() {
    let mut t = t();
    let u = t.put(0, "Tuskguard Boar", Loc::Bf(0));
    let s = t.in_hand(0, "Stubborn Hide");
    t.play(s, &[&format!("t c{u}")]);
    t.resolve();
    t.g.objs[u as usize].damage = 5;
    t.g.advance();
    assert_eq!(t.zone(u), Zone::Bf(0), "saved");
    assert_eq!(t.damage(u), 0);
    assert!(t.stunned(u));
    t.g.objs[u as usize].damage = 5;
    t.g.advance();
    assert_eq!(t.zone(u), Zone::Trash, "only once (CR 370.2)");
}

#[test]
fn st1_089_stoneblood_ritual_ramps_and_draws_with_a_mighty_unit() {
    let mut t = t();
    let r = t.in_hand(0, "Stoneblood Ritual");
    let hand = t.hand(0);
    let runes = t.board_runes(0);
    t.play(r, &[]);
    t.resolve();
    assert_eq!(t.board_runes(0), runes + 1);
    assert_eq!(t.hand(0), hand - 1);
    t.put(0, "Stormhorn Aurochs", Loc::Base(0));
    let r2 = t.in_hand(0, "Stoneblood Ritual");
    let hand = t.hand(0);
    t.play(r2, &[]);
    t.resolve();
    assert_eq!(t.hand(0), hand);
}

#[test]
fn st1_090_mountains_might_gives_plus_three() {
    let mut t = t();
    let u = t.put(0, "Tuskguard Boar", Loc::Base(0));
    let m = t.in_hand(0, "Mountain's Might");
    t.play(m, &[&format!("t c{u}")]);
    t.resolve();
    assert_eq!(t.might(u), 5);
}

#[test]
fn st1_088_patriarchs_charge_needs_a_mighty_friend_and_hits_each_enemy_there() {
    let mut t = t();
    let p = t.in_hand(0, "Patriarch's Charge");
    let a = t.put(1, "Hall Sentinel", Loc::Bf(1));
    let b = t.put(1, "Lyceum Sharpshooter", Loc::Bf(1));
    assert!(!t.can(&format!("play c{p}")));
    let m = t.put(0, "Stormhorn Aurochs", Loc::Bf(1));
    t.play(p, &[&format!("t c{m}")]);
    t.pay();
    t.resolve();
    assert_eq!(t.zone(a), Zone::Trash);
    assert_eq!(t.zone(b), Zone::Trash);
}

#[test]
fn st1_092_earthshaker_slam_deals_3_or_5_with_a_mighty_unit() {
    let mut t = t();
    let e = t.put(1, "Grand Archivist", Loc::Bf(1));
    let s = t.in_hand(0, "Earthshaker Slam");
    t.play(s, &[&format!("t c{e}")]);
    t.resolve();
    assert_eq!(t.damage(e), 3);
    t.put(0, "Stormhorn Aurochs", Loc::Base(0));
    let s2 = t.in_hand(0, "Earthshaker Slam");
    t.play(s2, &[&format!("t c{e}")]);
    t.resolve();
    assert_eq!(t.zone(e), Zone::Trash);
}

#[test]
fn st1_093_rolling_thunder_4_to_one_and_1_to_each_other_enemy_there() {
    let mut t = t();
    let a = t.put(1, "Shieldwall Captain", Loc::Bf(1));
    let b = t.put(1, "Hall Sentinel", Loc::Bf(1));
    let r = t.in_hand(0, "Rolling Thunder");
    t.play(r, &[&format!("t c{a}")]);
    t.resolve();
    assert_eq!(t.zone(a), Zone::Trash);
    assert_eq!(t.damage(b), 1);
}

#[test]
fn st1_094_lodestone_idol_pays_any_pip() {
    let mut t = t();
    t.no_runes(0);
    for _ in 0..4 {
        t.rune(0, "Stone Rune");
    }
    t.put(0, "Lodestone Idol", Loc::Base(0));
    let r = t.in_hand(0, "Rolling Thunder");
    t.put(1, "Hall Sentinel", Loc::Bf(1));
    assert!(t.can(&format!("play c{r}")), "the Fury pip from the Idol");
}

#[test]
fn st1_095_thunderhead_peak_pings_defenders_when_a_mighty_unit_attacks() {
    let mut t = t();
    t.bf(1, "Thunderhead Peak");
    let a = t.put(0, "Stormhorn Aurochs", Loc::Base(0));
    let d = t.put(1, "Hall Sentinel", Loc::Bf(1));
    t.act(&format!("move c{a} b2"));
    t.act("go");
    t.resolve();
    assert_eq!(t.damage(d), 1);
}

#[test]
fn st1_096_titans_footprint_hold_may_give_plus_three() {
    let mut t = t();
    t.bf(0, "Titan's Footprint");
    let u = t.put(0, "Tuskguard Boar", Loc::Bf(0));
    t.end_turn();
    t.end_turn();
    t.act("yes");
    t.act(&format!("t c{u}"));
    t.resolve();
    assert_eq!(t.might(u), 5);
}

#[test]
fn st1_097_sinking_mire_forbids_moves_from_another_battlefield() {
    let mut t = t();
    t.bf(1, "Sinking Mire");
    let u = t.put(0, "Tuskguard Boar", Loc::Bf(0));
    let b = t.put(0, "Kindled Charger", Loc::Base(0));
    assert!(t.can(&format!("move c{b} b2")), "from base is fine");
    assert!(!t.g.can_move_to(u, Loc::Bf(1)), "bf → Mire is not");
}

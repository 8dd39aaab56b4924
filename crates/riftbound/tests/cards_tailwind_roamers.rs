//! ST1 deck 3, Tailwind Roamers (Calm/Chaos): one test per card (ST1-051 … ST1-073).
mod common;
use common::*;
use riftbound::state::{flag, Loc, Zone};

fn t() -> T {
    let mut t = T::duel("Tailwind Roamers", "Thunderhorn Stampede", "Stillwater Shrine", "Sinking Mire");
    t.plain();
    t.no_runes(0);
    for _ in 0..4 {
        t.rune(0, "Willow Rune");
        t.rune(0, "Vortex Rune");
    }
    t
}

#[test]
fn st1_051_wren_legend_readies_a_friendly_unit_at_a_battlefield() {
    let mut t = t();
    let u = t.put(0, "Drift Blade", Loc::Bf(0));
    t.g.objs[u as usize].set(flag::EXHAUSTED, true);
    t.act("act L");
    t.act(&format!("t c{u}"));
    t.resolve();
    assert!(!t.exhausted(u));
}

#[test]
fn st1_052_wren_gale_dancer_may_stun_after_moving_between_battlefields() {
    let mut t = t();
    let w = t.put(0, "Wren, Gale Dancer", Loc::Bf(0));
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    t.act(&format!("move c{w} b2"));
    t.act("go");
    t.act("yes");
    t.act(&format!("t c{e}"));
    t.resolve();
    assert!(t.stunned(e));
}

#[test]
fn st1_053_kite_scout_backline_and_vision() {
    let t = t();
    let k = t.find(0, "Kite Scout");
    let d = t.g.card(k);
    assert!(d.has(riftbound::cards::kw::BACKLINE) && d.has(riftbound::cards::kw::VISION));
}

#[test]
fn st1_054_windrider_courier_draws_when_moving_between_battlefields() {
    let mut t = t();
    let c = t.put(0, "Windrider Courier", Loc::Bf(0));
    let hand = t.hand(0);
    t.act(&format!("move c{c} b2"));
    t.act("go");
    t.resolve();
    assert_eq!(t.hand(0), hand + 1);
}

#[test]
fn st1_054_a_recall_is_not_a_move() {
    let mut t = t();
    let c = t.put(0, "Windrider Courier", Loc::Bf(0));
    let hand = t.hand(0);
    t.g.recall(c);
    t.g.advance();
    assert_eq!(t.hand(0), hand);
    assert_eq!(t.zone(c), Zone::Base);
}

#[test]
fn st1_055_drift_blade_readies_when_it_attacks() {
    let mut t = t();
    let d = t.put(0, "Drift Blade", Loc::Base(0));
    t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    t.act(&format!("move c{d} b2"));
    t.act("go");
    t.resolve();
    assert!(!t.exhausted(d));
}

#[test]
fn st1_056_thornstep_ambusher_is_a_3_3_ambush() {
    let t = t();
    let a = t.find(0, "Thornstep Ambusher");
    assert!(t.g.card(a).has(riftbound::cards::kw::AMBUSH));
    assert_eq!(t.g.card(a).might, 3);
}

#[test]
fn st1_057_whirling_duelist_may_bring_a_friend_from_base() {
    let mut t = t();
    let w = t.put(0, "Whirling Duelist", Loc::Base(0));
    let f = t.put(0, "Kite Scout", Loc::Base(0));
    t.g.objs[f as usize].set(flag::EXHAUSTED, true);
    t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    t.act(&format!("move c{w} b2"));
    t.act("go");
    t.act("yes");
    t.act(&format!("t c{f}"));
    t.resolve();
    assert_eq!(t.zone(f), Zone::Bf(1), "an effect move ignores exhaustion");
    t.g.advance();
    assert!(t.g.obj(f).has(flag::ATTACKER), "it becomes an attacker in the next cleanup");
}

#[test]
fn st1_058_cloaked_wayfarer_pumps_others_here() {
    let mut t = t();
    let o = t.put(0, "Drift Blade", Loc::Base(0));
    let c = t.in_hand(0, "Cloaked Wayfarer");
    t.play(c, &[]);
    t.resolve();
    assert_eq!(t.might(o), 3);
    assert_eq!(t.might(c), 2);
}

#[test]
fn st1_059_stormcall_adept_sends_a_small_enemy_home() {
    let mut t = t();
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let big = t.put(1, "Storm-Touched Elk", Loc::Bf(1));
    let a = t.in_hand(0, "Stormcall Adept");
    t.play(a, &[]);
    assert!(!t.can(&format!("t c{big}")), "Might 4 is too much");
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.zone(e), Zone::Base);
}

#[test]
fn st1_060_duskwood_stalker_ambushes_and_stuns_an_enemy_here() {
    let mut t = t();
    t.put(0, "Drift Blade", Loc::Bf(1));
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    t.own(1, 1);
    let s = t.in_hand(0, "Duskwood Stalker");
    t.act(&format!("play c{s}"));
    t.act("t b2");
    t.act(&format!("t c{e}"));
    t.resolve();
    assert!(t.stunned(e));
    assert_eq!(t.zone(s), Zone::Bf(1));
}

#[test]
fn st1_061_tempest_sentinel_stuns_an_attacker_when_defending() {
    let mut t = t();
    t.put(0, "Tempest Sentinel", Loc::Bf(0));
    t.end_turn();
    let e = t.put(1, "Stormhorn Aurochs", Loc::Base(1));
    t.act(&format!("move c{e} b1"));
    t.act("go");
    t.act(&format!("t c{e}"));
    t.resolve();
    assert!(t.stunned(e));
}

#[test]
fn st1_062_skyreach_roc_readies_on_conquer_and_has_deflect() {
    let mut t = t();
    let r = t.put(0, "Skyreach Roc", Loc::Base(0));
    assert_eq!(t.g.deflect(r), 1);
    t.act(&format!("move c{r} b2"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    t.resolve();
    assert!(!t.exhausted(r));
    assert_eq!(t.points(0), 1);
}

#[test]
fn st1_065_updraft_readies_and_pumps() {
    let mut t = t();
    let u = t.put(0, "Drift Blade", Loc::Base(0));
    t.g.objs[u as usize].set(flag::EXHAUSTED, true);
    let c = t.in_hand(0, "Updraft");
    t.play(c, &[&format!("t c{u}")]);
    t.resolve();
    assert!(!t.exhausted(u));
    assert_eq!(t.might(u), 3);
}

#[test]
fn st1_063_crosswind_gambit_moves_and_pumps() {
    let mut t = t();
    let u = t.put(0, "Drift Blade", Loc::Base(0));
    let c = t.in_hand(0, "Crosswind Gambit");
    t.play(c, &[&format!("t c{u}"), "t b2"]);
    t.pay();
    t.resolve();
    assert_eq!(t.zone(u), Zone::Bf(1));
    assert_eq!(t.might(u), 4);
}

#[test]
fn st1_064_stilling_breath_stuns_and_draws_if_you_have_a_unit_there() {
    let mut t = t();
    t.put(0, "Drift Blade", Loc::Bf(1));
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let s = t.in_hand(0, "Stilling Breath");
    let hand = t.hand(0);
    t.play(s, &[&format!("t c{e}")]);
    t.resolve();
    assert!(t.stunned(e));
    assert_eq!(t.hand(0), hand);
}

#[test]
fn st1_067_slipstream_moves_between_battlefields() {
    let mut t = t();
    let u = t.put(0, "Drift Blade", Loc::Bf(0));
    let s = t.in_hand(0, "Slipstream");
    t.play(s, &[&format!("t c{u}"), "t b2"]);
    t.resolve();
    assert_eq!(t.zone(u), Zone::Bf(1));
}

#[test]
fn st1_066_crossing_strike_hits_where_you_attack() {
    let mut t = t();
    let a = t.put(0, "Drift Blade", Loc::Base(0));
    let e = t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    let s = t.in_hand(0, "Crossing Strike");
    assert!(!t.can(&format!("play c{s}")), "no attacking unit yet");
    t.act(&format!("move c{a} b2"));
    t.act("go");
    t.resolve();
    assert!(t.can(&format!("play c{s}")));
    t.play(s, &[&format!("t c{e}")]);
    t.resolve();
    assert_eq!(t.damage(e), 3);
}

#[test]
fn st1_069_wayfinders_compass_moves_a_unit_to_a_battlefield_you_control() {
    let mut t = t();
    t.put(0, "Kite Scout", Loc::Bf(0));
    let u = t.put(0, "Drift Blade", Loc::Base(0));
    t.g.objs[u as usize].set(flag::EXHAUSTED, true);
    let c = t.put(0, "Wayfinder's Compass", Loc::Base(0));
    t.act(&format!("act c{c}"));
    t.act(&format!("t c{u}"));
    assert_eq!(t.legal(), vec!["t b1", "back"], "only a battlefield P1 controls");
    t.act("t b1");
    t.resolve();
    assert_eq!(t.zone(u), Zone::Bf(0));
}

#[test]
fn st1_070_featherweave_cloak_grants_ganking() {
    let mut t = t();
    let u = t.put(0, "Kite Scout", Loc::Bf(0));
    assert!(!t.can(&format!("move c{u} b2")));
    let c = t.put(0, "Featherweave Cloak", Loc::Base(0));
    t.act(&format!("act c{c}"));
    t.act(&format!("t c{u}"));
    t.resolve();
    assert_eq!(t.might(u), 3);
    assert!(t.can(&format!("move c{u} b2")));
}

#[test]
fn st1_071_stormwatch_bluff_may_stun_on_conquer() {
    let mut t = t();
    t.bf(0, "Stormwatch Bluff");
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let u = t.put(0, "Drift Blade", Loc::Base(0));
    t.act(&format!("move c{u} b1"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    t.act("yes");
    t.act(&format!("t c{e}"));
    t.resolve();
    assert!(t.stunned(e));
}

#[test]
fn st1_072_gale_carved_ridge_pumps_units_arriving_from_another_battlefield() {
    let mut t = t();
    t.bf(1, "Gale-Carved Ridge");
    let u = t.put(0, "Drift Blade", Loc::Bf(0));
    t.act(&format!("move c{u} b2"));
    t.act("go");
    t.resolve();
    assert_eq!(t.might(u), 3);
}

#[test]
fn st1_073_stillwater_shrine_may_ready_a_unit_on_conquer() {
    let mut t = t();
    t.bf(0, "Stillwater Shrine");
    let u = t.put(0, "Drift Blade", Loc::Base(0));
    t.act(&format!("move c{u} b1"));
    t.act("go");
    t.act("pass");
    t.act("pass");
    t.act("yes");
    t.act(&format!("t c{u}"));
    t.resolve();
    assert!(!t.exhausted(u));
}

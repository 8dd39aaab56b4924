//! ST1 deck 2, Lyceum Muster (Mind/Order): one test per card (ST1-026 … ST1-049).
mod common;
use common::*;
use riftbound::state::{flag, Loc, Zone};

fn t() -> T {
    let mut t = T::duel("Lyceum Muster", "Thunderhorn Stampede", "Whispering Alcove", "Sinking Mire");
    t.plain();
    t.no_runes(0);
    for _ in 0..4 {
        t.rune(0, "Lumen Rune");
        t.rune(0, "Crown Rune");
    }
    t
}

fn cadets(t: &T, seat: u8, at: Loc) -> Vec<u16> {
    t.g.units_at(at).filter(|&u| t.g.obj(u).controller == seat && t.g.card(u).name == "Cadet").collect()
}

#[test]
fn st1_026_quell_provost_makes_a_cadet_at_reaction_speed() {
    let mut t = t();
    t.act("act L");
    t.act("t base");
    t.resolve();
    let c = cadets(&t, 0, Loc::Base(0));
    assert_eq!(c.len(), 1);
    assert!(t.exhausted(c[0]), "tokens enter exhausted (CR 143.4)");
    assert!(t.g.obj(c[0]).has(flag::TOKEN));
}

#[test]
fn st1_026_quell_provost_reacts_on_the_opponents_turn_with_priority() {
    let mut t = t();
    t.end_turn();
    t.runes(1, 2);
    let s = t.in_hand(1, "Stoneblood Ritual");
    t.play(s, &[]);
    t.act("pass");
    assert_eq!(t.seat(), 0);
    assert!(t.can("act L"));
}

#[test]
fn st1_027_quell_drillmaster_pumps_cadets_and_makes_one_when_defending() {
    let mut t = t();
    let q = t.put(0, "Quell, Drillmaster", Loc::Bf(1));
    t.own(0, 1);
    t.act("act L");
    t.act("t base");
    t.resolve();
    let c = cadets(&t, 0, Loc::Base(0))[0];
    assert_eq!(t.might(c), 2, "Your Cadets have +1 Might");
    t.end_turn();
    let e = t.put(1, "Kindled Charger", Loc::Base(1));
    t.act(&format!("move c{e} b2"));
    t.act("go");
    t.resolve();
    assert_eq!(cadets(&t, 0, Loc::Bf(1)).len(), 1, "defend trigger made a Cadet here");
    let _ = q;
}

#[test]
fn st1_028_bell_ringer_page_makes_a_cadet_here() {
    let mut t = t();
    let p = t.in_hand(0, "Bell-Ringer Page");
    t.play(p, &[]);
    t.resolve();
    assert_eq!(cadets(&t, 0, Loc::Base(0)).len(), 1);
}

#[test]
fn st1_029_hall_sentinel_has_shield_1() {
    let mut t = t();
    let h = t.put(0, "Hall Sentinel", Loc::Bf(0));
    t.g.objs[h as usize].set(flag::DEFENDER, true);
    assert_eq!(t.might(h), 3);
}

#[test]
fn st1_030_lyceum_sharpshooter_pings_when_defending() {
    let mut t = t();
    t.put(0, "Lyceum Sharpshooter", Loc::Bf(0));
    t.own(0, 0);
    t.end_turn();
    let e = t.put(1, "Kindled Charger", Loc::Base(1));
    t.act(&format!("move c{e} b1"));
    t.act("go");
    t.act(&format!("t c{e}"));
    t.resolve();
    assert_eq!(t.damage(e), 1);
}

#[test]
fn st1_031_conjured_bulwark_ambush_and_temporary() {
    let t = t();
    let b = t.find(0, "Conjured Bulwark");
    let d = t.g.card(b);
    assert!(d.has(riftbound::cards::kw::AMBUSH) && d.has(riftbound::cards::kw::TEMPORARY));
    assert_eq!(d.might, 3);
}

#[test]
fn st1_032_muster_sergeant_legion_buffs_others_here() {
    let mut t = t();
    let f = t.put(0, "Hall Sentinel", Loc::Base(0));
    let p = t.in_hand(0, "Bell-Ringer Page");
    t.play(p, &[]);
    t.resolve();
    let s = t.in_hand(0, "Muster Sergeant");
    t.play(s, &[]);
    t.resolve();
    assert!(t.g.obj(f).has(flag::BUFFED) && t.g.obj(p).has(flag::BUFFED));
    assert!(cadets(&t, 0, Loc::Base(0)).iter().all(|&c| t.g.obj(c).has(flag::BUFFED)));
}

#[test]
fn st1_033_veteran_halberdier_tank_and_deathknell_cadet() {
    let mut t = t();
    let v = t.put(0, "Veteran Halberdier", Loc::Bf(0));
    assert!(t.g.has_kw(v, riftbound::cards::kw::TANK));
    t.g.kill(v);
    t.g.advance();
    t.resolve();
    assert_eq!(cadets(&t, 0, Loc::Base(0)).len(), 1);
}

#[test]
fn st1_034_shieldwall_captain_pumps_others_when_defending() {
    let mut t = t();
    t.put(0, "Shieldwall Captain", Loc::Bf(0));
    let h = t.put(0, "Hall Sentinel", Loc::Bf(0));
    t.own(0, 0);
    t.end_turn();
    let e = t.put(1, "Kindled Charger", Loc::Base(1));
    t.act(&format!("move c{e} b1"));
    t.act("go");
    t.resolve();
    assert_eq!(t.might(h), 2 + 1 + 1, "2 + Shield 1 + 1 this turn");
}

#[test]
fn st1_035_gearwright_savant_holds_to_draw_and_buff() {
    let mut t = t();
    let g = t.put(0, "Gearwright Savant", Loc::Bf(0));
    t.own(0, 0);
    t.end_turn();
    let hand = t.hand(0);
    t.end_turn();
    t.resolve();
    assert!(t.g.obj(g).has(flag::BUFFED));
    assert_eq!(t.hand(0), hand + 2, "hold draw + draw step");
}

#[test]
fn st1_036_grand_archivist_draws_two_and_has_vision() {
    let mut t = t();
    let a = t.in_hand(0, "Grand Archivist");
    let hand = t.hand(0);
    t.play(a, &[]);
    // Two triggers of one controller: choose the order (CR 383.3.d).
    assert!(t.legal().iter().all(|x| x.starts_with("first")), "{:?}", t.legal());
    let first = t.legal()[0].clone();
    t.act(&first);
    t.resolve();
    if t.g.prompt.is_some() {
        t.act("no");
    }
    t.resolve();
    if t.g.prompt.is_some() {
        t.act("no");
    }
    assert_eq!(t.hand(0), hand - 1 + 2);
}

#[test]
fn st1_042_brace_gives_plus_two() {
    let mut t = t();
    let u = t.put(0, "Hall Sentinel", Loc::Base(0));
    let b = t.in_hand(0, "Brace!");
    t.play(b, &[&format!("t c{u}")]);
    t.resolve();
    assert_eq!(t.might(u), 4);
}

#[test]
fn st1_038_snare_glyph_stuns_a_unit_at_a_battlefield() {
    let mut t = t();
    let e = t.put(1, "Kindled Charger", Loc::Bf(1));
    let s = t.in_hand(0, "Snare Glyph");
    t.play(s, &[&format!("t c{e}")]);
    t.resolve();
    assert!(t.stunned(e));
}

#[test]
fn st1_040_rally_cry_pumps_friendly_units_at_a_battlefield() {
    let mut t = t();
    let a = t.put(0, "Hall Sentinel", Loc::Bf(0));
    let b = t.put(0, "Hall Sentinel", Loc::Base(0));
    let r = t.in_hand(0, "Rally Cry");
    t.play(r, &["t b1"]);
    t.resolve();
    assert_eq!((t.might(a), t.might(b)), (3, 2));
}

#[test]
fn st1_043_study_session_draws_one_or_two_with_legion() {
    let mut t = t();
    let s = t.in_hand(0, "Study Session");
    let s2 = t.in_hand(0, "Study Session");
    let hand = t.hand(0);
    t.play(s, &[]);
    t.resolve();
    assert_eq!(t.hand(0), hand);
    t.play(s2, &[]);
    t.resolve();
    assert_eq!(t.hand(0), hand + 1, "Legion: two cards");
}

#[test]
fn st1_037_countermand_edict_counters_and_makes_a_cadet() {
    let mut t = t();
    t.end_turn();
    t.runes(1, 2);
    let r = t.in_hand(1, "Stoneblood Ritual");
    t.play(r, &[]);
    t.act("pass");
    let c = t.in_hand(0, "Countermand Edict");
    t.play(c, &[&format!("t c{r}")]);
    t.pay();
    t.resolve();
    assert_eq!(t.zone(r), Zone::Trash);
    assert_eq!(cadets(&t, 0, Loc::Base(0)).len(), 1);
}

#[test]
fn st1_039_dismantle_ray_deals_3_or_kills_a_stunned_unit() {
    let mut t = t();
    let a = t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    let r = t.in_hand(0, "Dismantle Ray");
    t.play(r, &[&format!("t c{a}")]);
    t.resolve();
    assert_eq!(t.damage(a), 3);
    t.g.objs[a as usize].set(flag::STUNNED, true);
    let r2 = t.in_hand(0, "Dismantle Ray");
    t.play(r2, &[&format!("t c{a}")]);
    t.resolve();
    assert_eq!(t.zone(a), Zone::Trash);
}

#[test]
fn st1_041_call_to_arms_two_cadets_or_three_with_legion() {
    let mut t = t();
    let c = t.in_hand(0, "Call to Arms");
    t.play(c, &[]);
    t.resolve();
    assert_eq!(cadets(&t, 0, Loc::Base(0)).len(), 2);
    let c2 = t.in_hand(0, "Call to Arms");
    t.play(c2, &[]);
    t.resolve();
    assert_eq!(cadets(&t, 0, Loc::Base(0)).len(), 5);
}

#[test]
fn st1_044_bring_low_kills_a_mighty_unit() {
    let mut t = t();
    let a = t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    let b = t.in_hand(0, "Bring Low");
    t.play(b, &[&format!("t c{a}")]);
    t.resolve();
    assert_eq!(t.zone(a), Zone::Trash);
}

#[test]
fn st1_045_lyceum_orrery_pays_a_mind_or_order_pip() {
    let mut t = t();
    t.no_runes(0);
    for _ in 0..3 {
        t.rune(0, "Lumen Rune");
    }
    t.put(0, "Lyceum Orrery", Loc::Base(0));
    let b = t.in_hand(0, "Bring Low");
    t.put(1, "Stormhorn Aurochs", Loc::Bf(1));
    assert!(t.can(&format!("play c{b}")), "the Order pip comes from the Orrery");
    let o = t.find(0, "Lyceum Orrery");
    let _ = o;
}

#[test]
fn st1_046_drill_yard_may_exhaust_to_draw_when_a_cadet_dies() {
    let mut t = t();
    let y = t.put(0, "Drill Yard", Loc::Base(0));
    t.act("act L");
    t.act("t base");
    t.resolve();
    let c = cadets(&t, 0, Loc::Base(0))[0];
    let hand = t.hand(0);
    t.g.kill(c);
    t.g.advance();
    t.act("yes");
    t.resolve();
    assert!(t.exhausted(y));
    assert_eq!(t.hand(0), hand + 1);
    assert_eq!(t.zone(c), Zone::Gone, "a token ceases to exist (CR 186.1)");
}

#[test]
fn st1_047_lyceum_gatehouse_gives_shield_1_here() {
    let mut t = t();
    t.bf(0, "Lyceum Gatehouse");
    let h = t.put(0, "Hall Sentinel", Loc::Bf(0));
    t.g.objs[h as usize].set(flag::DEFENDER, true);
    assert_eq!(t.might(h), 4, "2 + its Shield 1 + the Gatehouse's Shield 1");
}

#[test]
fn st1_048_archive_vault_hold_draws_two_then_recycles_one() {
    let mut t = t();
    t.bf(0, "Archive Vault");
    t.put(0, "Hall Sentinel", Loc::Bf(0));
    t.own(0, 0);
    t.end_turn();
    let hand = t.hand(0);
    t.end_turn();
    t.resolve();
    let h = t.g.players[0].hand[0];
    t.act(&format!("t c{h}"));
    assert_eq!(*t.g.players[0].deck.last().unwrap(), h);
    assert_eq!(t.hand(0), hand + 2 - 1 + 1);
}

#[test]
fn st1_049_whispering_alcove_hiding_is_free() {
    let mut t = t();
    t.put(0, "Hall Sentinel", Loc::Bf(0));
    t.own(0, 0);
    t.no_runes(0);
    let s = t.in_hand(0, "Snare Glyph");
    assert!(t.can(&format!("hide c{s} b1")), "no runes needed at the Alcove");
    t.bf(0, "Archive Vault");
    assert!(!t.can(&format!("hide c{s} b1")), "elsewhere hiding costs [A]");
}

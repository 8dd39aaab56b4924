//! Keywords (CR 805–829) used by the starter set.
mod common;
use common::*;
use riftbound::state::{flag, Loc, Phase, Zone};

fn lyceum() -> T {
    let mut t = T::duel("Lyceum Muster", "Wildfire Rush", "Whispering Alcove", "Scorched Plaza");
    t.plain();
    t
}

#[test]
fn cr811_hidden_hide_pays_a_then_plays_next_turn_with_reaction_for_free() {
    let mut t = T::fury();
    t.plain();
    t.bf(0, "Scorched Plaza");
    t.put(0, "Blast Runner", Loc::Bf(0));
    t.own(0, 0);
    let trip = t.in_hand(0, "Tripwire Charge");
    let runes = t.ready_runes(0);
    t.act(&format!("hide c{trip} b1"));
    assert_eq!(t.zone(trip), Zone::Facedown(0));
    assert_eq!(t.board_runes(0), runes - 1, "[A] was paid by recycling a rune (CR 164.2)");
    assert_eq!(t.ready_runes(0), runes - 1);
    assert!(!t.can(&format!("play c{trip}")), "not on the turn it was hidden");
    t.end_turn();
    // P2 attacks b1; P1 answers from facedown at no cost.
    let boar = t.put(1, "Stormhorn Aurochs", Loc::Base(1));
    t.no_runes(0);
    t.act(&format!("move c{boar} b1"));
    t.act("go");
    assert_eq!(t.seat(), 1);
    t.act("pass");
    assert_eq!(t.seat(), 0);
    assert!(t.can(&format!("play c{trip}")), "Reaction from the next turn on, ignoring its cost: {:?}", t.legal());
    t.play(trip, &[&format!("t c{boar}")]);
    t.resolve();
    assert_eq!(t.damage(boar), 3);
}

#[test]
fn cr811_hidden_card_is_trashed_when_its_battlefield_is_lost() {
    let mut t = T::fury();
    t.plain();
    let u = t.put(0, "Blast Runner", Loc::Bf(0));
    t.own(0, 0);
    let trip = t.in_hand(0, "Tripwire Charge");
    t.act(&format!("hide c{trip} b1"));
    t.act(&format!("move c{u} base"));
    t.act("go");
    assert_eq!(t.zone(trip), Zone::Trash);
}

#[test]
fn cr808_deathknell_triggers_where_the_unit_died() {
    let mut t = T::fury();
    t.plain();
    let tinker = t.put(0, "Volatile Tinker", Loc::Bf(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(0));
    t.g.objs[tinker as usize].damage = 3;
    t.g.advance();
    assert_eq!(t.zone(tinker), Zone::Trash);
    // Its Deathknell targets the only enemy unit there (the target choice is forced).
    assert_eq!(t.legal(), vec![format!("t c{boar}")]);
    t.act(&format!("t c{boar}"));
    t.resolve();
    assert_eq!(t.zone(boar), Zone::Trash, "2 damage kills the 2-Might Boar");
}

#[test]
fn cr812_legion_needs_another_card_finalized_this_turn() {
    let mut t = lyceum();
    t.runes(0, 6);
    let friend = t.put(0, "Hall Sentinel", Loc::Base(0));
    let sgt = t.in_hand(0, "Muster Sergeant");
    t.play(sgt, &[]);
    t.resolve();
    assert!(!t.g.obj(friend).has(flag::BUFFED), "no Legion: first card this turn");
    let sgt2 = t.in_hand(0, "Muster Sergeant");
    t.play(sgt2, &[]);
    t.resolve();
    assert!(t.g.obj(friend).has(flag::BUFFED), "Legion active");
    assert!(t.g.obj(sgt).has(flag::BUFFED));
    assert!(!t.g.obj(sgt2).has(flag::BUFFED), "each *other* friendly unit");
    assert_eq!(t.might(friend), 3);
}

#[test]
fn cr816_temporary_dies_at_the_start_of_its_controllers_next_turn() {
    let mut t = T::fury();
    let g = t.put(0, "Skyrocket Grunt", Loc::Base(0));
    t.end_turn();
    assert_eq!(t.zone(g), Zone::Base, "survives the opponent's turn");
    t.end_turn();
    t.resolve();
    assert_eq!(t.zone(g), Zone::Trash);
    assert_eq!(t.g.phase, Phase::Main);
}

#[test]
fn cr817_vision_predicts_one_and_may_recycle_it() {
    let mut t = T::duel("Tailwind Roamers", "Wildfire Rush", "Stormwatch Bluff", "Scorched Plaza");
    let k = t.in_hand(0, "Kite Scout");
    let top = t.g.players[0].deck[0];
    t.play(k, &[]);
    t.resolve();
    assert_eq!(t.g.prompt.as_ref().map(|p| p.seat()), Some(0));
    let v = t.g.make_view(engine::Viewer::Seat(engine::Seat(0)));
    assert_eq!(v.peek.map(|c| c.id), Some(top), "the owner sees the top card");
    assert!(t.g.make_view(engine::Viewer::Seat(engine::Seat(1))).peek.is_none());
    t.act("yes");
    assert_eq!(*t.g.players[0].deck.last().unwrap(), top, "recycled to the bottom");
}

#[test]
fn cr809_deflect_costs_opponents_an_extra_power_per_target() {
    let mut t = T::fury();
    t.plain();
    let g = t.put(1, "Grumhold, Thunderhorn", Loc::Bf(0));
    let rav = t.put(1, "Ridgeback Ravager", Loc::Bf(0));
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(0));
    t.no_runes(0);
    t.rune(0, "Ember Rune");
    let sp = t.in_hand(0, "Sparkshot");
    t.act(&format!("play c{sp}"));
    // One rune gives 1 Energy (exhaust) and 1 Power (recycle): Sparkshot plus one Deflect.
    assert!(t.can(&format!("t c{g}")) && t.can(&format!("t c{rav}")));
    t.act(&format!("t c{g}"));
    assert!(!t.can(&format!("t c{rav}")), "a second Deflect target needs another Power");
    assert!(t.can(&format!("t c{boar}")));
    t.act(&format!("t c{boar}"));
    assert_eq!(t.board_runes(0), 0, "the rune was exhausted, then recycled for the Deflect Power");
    t.resolve();
    assert_eq!(t.damage(g), 1);
    assert_eq!(t.zone(boar), Zone::Bf(0));
    assert_eq!(t.damage(boar), 1);
}

#[test]
fn cr706_mighty_is_might_five_or_more() {
    let mut t = lyceum();
    t.runes(0, 4);
    t.no_runes(0);
    for _ in 0..3 {
        t.rune(0, "Crown Rune");
    }
    t.rune(0, "Crown Rune");
    let small = t.put(1, "Crate Smasher", Loc::Bf(1));
    let bl = t.in_hand(0, "Bring Low");
    assert!(!t.can(&format!("play c{bl}")), "no Mighty target");
    t.g.objs[small as usize].temp_might = 2;
    assert!(t.can(&format!("play c{bl}")));
    t.play(bl, &[&format!("t c{small}")]);
    t.resolve();
    assert_eq!(t.zone(small), Zone::Trash);
}

#[test]
fn cr818_equip_attaches_gear_which_gives_might_and_assault() {
    let mut t = T::fury();
    t.plain();
    t.runes(0, 2);
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    let gl = t.in_hand(0, "Blastcap Gauntlet");
    t.play(gl, &[]);
    assert_eq!(t.zone(gl), Zone::Base, "gear enters ready in base (CR 147)");
    t.act(&format!("act c{gl}"));
    t.act(&format!("t c{u}"));
    t.resolve();
    assert_eq!(t.g.obj(gl).attached_to, u);
    assert_eq!(t.might(u), 3);
    t.act(&format!("move c{u} b1"));
    t.act("go");
    assert_eq!(t.zone(gl), Zone::Bf(0), "equipment travels with its unit");
    t.put(1, "Tuskguard Boar", Loc::Bf(0));
    t.g.advance();
    assert_eq!(t.might(u), 4, "Assault 1 from the gauntlet while attacking");
}

#[test]
fn cr435_equipment_stays_when_its_unit_leaves_and_is_recalled() {
    let mut t = T::fury();
    t.plain();
    t.runes(0, 2);
    let u = t.put(0, "Blast Runner", Loc::Bf(0));
    t.own(0, 0);
    let gl = t.put(0, "Blastcap Gauntlet", Loc::Base(0));
    t.act(&format!("act c{gl}"));
    t.act(&format!("t c{u}"));
    t.resolve();
    assert_eq!(t.zone(gl), Zone::Bf(0));
    t.g.kill(u);
    t.g.advance();
    assert_eq!(t.zone(gl), Zone::Base);
    assert_eq!(t.g.obj(gl).attached_to, riftbound::state::NONE);
}

#[test]
fn cr822_ambush_plays_to_a_battlefield_with_your_units_with_reaction_timing() {
    let mut t = T::duel("Tailwind Roamers", "Thunderhorn Stampede", "Stillwater Shrine", "Sinking Mire");
    t.plain();
    t.end_turn();
    // P2 attacks P1's unit at b1; P1 has Focus after P2 passes and ambushes.
    let mine = t.put(0, "Drift Blade", Loc::Bf(0));
    t.own(0, 0);
    let amb = t.in_hand(0, "Thornstep Ambusher");
    t.runes(0, 3);
    let att = t.put(1, "Kindled Charger", Loc::Base(1));
    t.act(&format!("move c{att} b1"));
    t.act("go");
    t.act("pass");
    assert_eq!(t.seat(), 0);
    assert!(t.can(&format!("play c{amb}")));
    t.play(amb, &[]);
    assert_eq!(t.zone(amb), Zone::Bf(0), "the only legal place: where P1 has units");
    t.g.advance();
    assert!(t.g.obj(amb).has(flag::DEFENDER));
    let _ = mine;
}

#[test]
fn cr807_cr814_battlefield_grants_assault_and_shield() {
    let mut t = T::fury();
    t.bf(0, "Scorched Plaza");
    t.bf(1, "Lyceum Gatehouse");
    let a = t.put(0, "Blast Runner", Loc::Base(0));
    let d = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    t.act(&format!("move c{a} b2"));
    t.act("go");
    assert_eq!(t.might(d), 3, "Units at the Gatehouse have Shield 1");
    assert_eq!(t.might(a), 2, "Scorched Plaza is elsewhere");
}

#[test]
fn cr816_temporary_dies_before_the_scoring_step_so_it_does_not_hold() {
    let mut t = T::fury();
    t.plain();
    let g = t.put(0, "Skyrocket Grunt", Loc::Bf(0));
    t.own(0, 0);
    t.end_turn();
    t.end_turn();
    t.resolve();
    assert_eq!(t.zone(g), Zone::Trash);
    assert_eq!(t.points(0), 0, "no Hold: the battlefield was lost before the Scoring Step");
    assert_eq!(t.controller(0), riftbound::state::NOBODY);
}

#[test]
fn cr812_a_countered_card_still_counts_for_legion() {
    let mut t = T::duel("Lyceum Muster", "Lyceum Muster", "Whispering Alcove", "Archive Vault");
    t.plain();
    t.no_runes(0);
    for _ in 0..4 {
        t.rune(0, "Lumen Rune");
        t.rune(0, "Crown Rune");
    }
    t.no_runes(1);
    for _ in 0..3 {
        t.rune(1, "Lumen Rune");
        t.rune(1, "Crown Rune");
    }
    let friend = t.put(0, "Hall Sentinel", Loc::Base(0));
    let study = t.in_hand(0, "Study Session");
    let edict = t.in_hand(1, "Countermand Edict");
    t.play(study, &[]);
    t.act("pass");
    t.play(edict, &[&format!("t c{study}")]);
    t.pay();
    t.resolve();
    assert_eq!(t.zone(study), Zone::Trash, "countered");
    let sgt = t.in_hand(0, "Muster Sergeant");
    t.play(sgt, &[]);
    t.resolve();
    assert!(t.g.obj(friend).has(flag::BUFFED), "Legion: the countered Study Session was finalized");
}

//! Keyword tests (spec §6.3, A1–A4).

use ardent::derived::{attack_value, defense_value};
use ardent::testkit::*;
use ardent::ArdentOptions;
use ardent::CardState::*;
use ardent::Zone::*;

#[test]
fn a3_team_up_group_loses_together_to_the_defenders_controller() {
    let mut t = Table::new();
    let a = t.play_area(P1, 1, Active);
    let b = t.play_area(P1, 5, Active);
    let d = t.play_area(P2, 14, Dormant); // 1 + 2 < 4
    t.act(&format!("fight c{a}"));
    t.pick(b);
    t.assert_at(a, P2, Score);
    t.assert_at(b, P2, Score);
    t.assert_at(d, P2, Discard);
    t.assert_main(P1);
}

#[test]
fn a3_every_attacker_needs_team_up_and_may_still_fight_alone() {
    let mut t = Table::new();
    let a = t.play_area(P1, 1, Active);
    let plain = t.play_area(P1, 26, Active);
    let b = t.play_area(P1, 5, Active);
    let asleep = t.play_area(P1, 9, Dormant);
    t.play_area(P2, 14, Dormant);
    t.play_area(P2, 41, Dormant);
    t.act(&format!("fight c{a}"));
    assert_eq!(t.legal(), vec![format!("pick c{b}"), "done".to_string()], "not {plain} nor Dormant {asleep}");
    t.act("done");
    assert_eq!(t.fight_phase(), Some(1));
}

#[test]
fn a3_gregory_in_a_team_up_still_needs_a_dormant_target() {
    let mut t = Table::new();
    t.play_area(P1, 55, Dormant); // Buddy System
    let g = t.play_area(P1, 28, Active);
    let v = t.play_area(P1, 1, Active);
    let awake = t.play_area(P2, 41, Active);
    let asleep = t.play_area(P2, 47, Dormant);
    t.act(&format!("fight c{v}"));
    t.pick(g);
    // Only the Dormant creature may be fought; chosen automatically. 1 + 11 >= 9.
    t.assert_at(asleep, P1, Score);
    t.assert_at(awake, P2, Line);
    t.assert_main(P1);
}

#[test]
fn a1_sneak_counts_only_when_attacking() {
    let mut t = Table::new();
    let a = t.play_area(P1, 5, Active); // Tessa, 2
    let j = t.play_area(P2, 2, Dormant); // Jater, Sneak 4, Power 1
    t.fight(a, j);
    t.assert_at(j, P1, Score);
    t.assert_main(P1);
    assert_eq!(attack_value(9, 5), 9, "Fog Machine never weakens a strong creature");
    assert_eq!(attack_value(1, 4), 4);
}

#[test]
fn a2_resilient_raises_the_defense_value() {
    assert_eq!(defense_value(3, 6), 6);
    assert_eq!(defense_value(8, 6), 8);
    assert_eq!(defense_value(5, 0), 5);
}

#[test]
fn a4_bear_hug_losing_sends_every_defender_to_its_owners_discard() {
    let mut t = Table::new();
    let a = t.play_area(P1, 22, Active); // 5
    let x = t.play_area(P2, 9, Dormant); // 3
    let y = t.play_area(P2, 5, Dormant); // 2
    let z = t.play_area(P2, 1, Dormant); // 1
    t.act(&format!("fight c{a}"));
    t.pick(x);
    t.pick(y);
    t.pick(z); // 3 + 2 + 1 = 6 > 5
    t.assert_at(a, P2, Score);
    for d in [x, y, z] {
        t.assert_at(d, P2, Discard);
    }
    t.assert_main(P1);
}

#[test]
fn a4_bear_hug_may_stop_at_one_defender() {
    let mut t = Table::new();
    let a = t.play_area(P1, 22, Active);
    let x = t.play_area(P2, 9, Dormant);
    let y = t.play_area(P2, 5, Dormant);
    t.act(&format!("fight c{a}"));
    t.pick(x);
    t.act("done");
    t.assert_at(x, P1, Score);
    t.assert_at(y, P2, Line);
    t.assert_main(P1);
}

#[test]
fn a4_option_bear_hug_requires_adjacency() {
    let mut t = Table::with_options(ArdentOptions { bear_hug_requires_adjacency: true, ..Default::default() });
    let a = t.play_area(P1, 47, Active);
    let x = t.play_area(P2, 1, Dormant);
    let y = t.play_area(P2, 5, Dormant);
    let z = t.play_area(P2, 9, Dormant);
    t.act(&format!("fight c{a}"));
    t.pick(x);
    assert!(t.is_legal(&format!("pick c{y}")) && !t.is_legal(&format!("pick c{z}")));
    t.pick(y);
    t.pick(z);
    t.assert_main(P1);
}

#[test]
fn a4_team_up_and_bear_hug_do_not_combine_unless_the_option_says_so() {
    for combine in [false, true] {
        let mut t = Table::with_options(ArdentOptions { combine_team_up_and_bear_hug: combine, ..Default::default() });
        t.play_area(P1, 55, Dormant); // Buddy System
        let bear = t.play_area(P1, 22, Active);
        let friend = t.play_area(P1, 26, Active);
        let x = t.play_area(P2, 1, Dormant);
        let y = t.play_area(P2, 5, Dormant);
        t.act(&format!("fight c{bear}"));
        t.pick(friend);
        t.pick(x);
        assert_eq!(t.is_legal(&format!("pick c{y}")), combine);
        if combine {
            t.pick(y);
        }
        t.assert_main(P1);
    }
}

//! The position notation of this turn's damage replacements (CR 367–375, src/replace.rs), a damage
//! batch waiting for its order (CR 372–373) and the seats that have had a turn (first-round
//! adjustments, src/first_round.rs): read, written back identically, and played on.

use engine::{EventLog, Game};
use riftbound::state::Zone;
use riftbound::{RiftAction, RiftGame, RiftOptions};

/// P2's unit c2 (Veteran Halberdier, Might 3) is being dealt 3 by P1's spell and carries two replacements; P2 is to
/// choose which applies first.
const WAITING: &str = "riftbound mode=duel turn=3 tp=p1 first=p1 phase=main turned=p1 \
wards=c2:prevent2:p2,c2:double:p1 dmgbatch=c2:3:0:0
p1 legend=ST1-001 deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c2:ST1-033 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=p2
prompt kind=replacement seat=p2 unit=c2";

#[test]
fn a_waiting_damage_batch_reads_back_and_plays_on() {
    let o = RiftOptions::default();
    let g = RiftGame::from_position(&o, WAITING).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.wards.len(), 2);
    assert_eq!(g.dmg_batch.len(), 1);
    // P1 has had a turn, P2 not (turn 3 after an additional turn of P1's).
    assert_eq!(g.turned, 0b01);
    let again = RiftGame::from_position(&o, &g.position().unwrap()).unwrap();
    assert!(again == g, "{}", g.position().unwrap());
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    assert_eq!(v, vec![RiftAction::First(0), RiftAction::First(1)]);
    // Prevention first: 3 − 2 = 1, doubled: 2 (it survives). Doubling first: 6 − 2 = 4, lethal.
    for (first, dies) in [(0u8, false), (1, true)] {
        let mut h = g.clone();
        h.apply(&RiftAction::First(first), &mut EventLog::disabled()).unwrap();
        assert_eq!(h.objs[2].zone == Zone::Trash, dies, "first {first}");
        if !dies {
            assert_eq!(h.objs[2].damage, 2);
            // The prevention is used up; the doubling lasts until the end of the turn.
            assert_eq!(h.wards.len(), 1);
        }
        assert!(h.dmg_batch.is_empty());
    }
}

#[test]
fn wards_on_a_left_incarnation_and_the_default_turned_are_kept() {
    let o = RiftOptions::default();
    // No `turned=`: at turn 3 of a duel with no additional turn both players have had a turn.
    let text = WAITING
        .replace(" turned=p1", "")
        .replace(" dmgbatch=c2:3:0:0", "")
        .replace("\nprompt kind=replacement seat=p2 unit=c2", "");
    let g = RiftGame::from_position(&o, &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.turned, 0b11);
    assert!(!g.position().unwrap().contains("turned="));
    assert!(g.position().unwrap().contains("wards=c2:prevent2:p2,c2:double:p1"));
}

#[test]
fn bad_ward_words_are_refused_naming_the_field() {
    let o = RiftOptions::default();
    for (bad, field) in [
        (WAITING.replace("c2:prevent2:p2", "c2:shield:p2"), "wards"),
        (WAITING.replace("c2:prevent2:p2", "c2:prevent2"), "wards"),
        (WAITING.replace("dmgbatch=c2:3:0:0", "dmgbatch=c2:3"), "dmgbatch"),
        (WAITING.replace("turned=p1", "turned=p9"), "turned"),
    ] {
        let e = RiftGame::from_position(&o, &bad).err().unwrap_or_else(|| panic!("accepted: {bad}")).to_string();
        assert!(e.contains(field), "{e}");
    }
}

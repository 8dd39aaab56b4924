//! Who is asked about a damage batch's replacements (CR 372–374, src/replace_ask.rs): the prompt
//! to an optional replacement's own controller and the CR 373.a question (which unit a "once each
//! turn" static applies to) name the source card and what is asked in English and Chinese, their
//! position notation reads back identically, and an answer the question does not offer changes
//! nothing.

use engine::{CardSet, Cards, EventLog, Game};
use riftbound::cards::CardDb;
use riftbound::{RiftAction, RiftGame, RiftOptions};
use serde_json::json;

/// Test Troll (Might 12) and Test Field Medic: "Once each turn, you may prevent 2 of the damage
/// that would be dealt to a unit."
fn opts() -> RiftOptions {
    let cards = json!([
        {"id": "T-TROLL", "name": "Test Troll", "zh": "测试巨魔", "kind": "unit", "domains": ["calm"],
         "energy": 6, "might": 12},
        {"id": "T-MEDIC", "name": "Test Field Medic", "zh": "测试战地医师", "kind": "unit", "domains": ["calm"],
         "energy": 2, "might": 6,
         "text": "Once each turn, you may prevent 2 of the damage that would be dealt to a unit.",
         "text_zh": "每回合一次，你可以防止将对一个单位造成的伤害中的2点。",
         "static": [{"effect": "prevent_damage", "n": 2, "unit": {}, "once_each_turn": true, "may": true}]}
    ]);
    let set = CardDb::builtin().with_cards(cards.as_array().unwrap(), "test").unwrap_or_else(|e| panic!("{e}"));
    RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() }
}

/// P1's Trolls c3 and c4 are dealt 3 at once; P2's Medic (c5) meets both events.
const WHICH: &str = "riftbound mode=duel turn=6 tp=p2 first=p1 phase=main \
dmgbatch=c3:3:0:0,c4:3:0:0
p1 legend=ST1-001 base=c3:T-TROLL,c4:T-TROLL deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c5:T-MEDIC deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-049 owner=p2 ctl=p2
prompt kind=replacement seat=p2 unit=c3";

fn read(text: &str) -> RiftGame {
    let o = opts();
    let g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
    let again = RiftGame::from_position(&o, &g.position().unwrap()).unwrap_or_else(|e| panic!("{e}"));
    assert!(again == g, "{}", g.position().unwrap());
    g
}

fn legal(g: &RiftGame) -> Vec<RiftAction> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

#[test]
fn which_unit_a_once_each_turn_static_applies_to_is_asked_of_its_controller() {
    let g = read(WHICH);
    // CR 373.a: P2 chooses which of P1's units; optional, so none is offered too (CR 371).
    assert_eq!(legal(&g), vec![RiftAction::First(0), RiftAction::First(1), RiftAction::No]);
    let p = g.prompt().unwrap();
    assert!(
        p.title.en.contains("applies to one of them: choose which, or none of them (CR 373.a, 371)"),
        "{}",
        p.title.en
    );
    assert!(p.title.zh.contains("测试战地医师") && p.title.zh.contains("CR 373.a"), "{}", p.title.zh);
    assert_eq!(p.source.and_then(|s| s.card).as_deref(), Some("T-MEDIC"));
    let l = g.action_label(&RiftAction::First(1));
    assert!(
        l.en.starts_with("Apply it to Test Troll (P1's unit): prevent 2 of the damage (Test Field Medic, P2's), once each turn (optional)"),
        "{}",
        l.en
    );
    assert!(l.zh.starts_with("适用于测试巨魔（玩家1的单位）"), "{}", l.zh);
    // An answer not offered is refused with the question in words, and changes nothing.
    let mut h = g.clone();
    let e = h.apply(&RiftAction::First(2), &mut EventLog::disabled()).unwrap_err();
    assert!(format!("{e:?}").contains("CR 373.a"), "{e:?}");
    assert!(h == g);
    // The second Troll: the first is dealt 3, the second 1; the static is used this turn.
    let mut h = g.clone();
    h.apply(&RiftAction::First(1), &mut EventLog::disabled()).unwrap();
    assert!(h.dmg_batch.is_empty() && h.prompt.is_none());
    assert_eq!((h.objs[3].damage, h.objs[4].damage), (3, 1));
    assert_eq!(h.repl_used.len(), 1);
    // None: both dealt 3 and the static is not used up.
    let mut h = g.clone();
    h.apply(&RiftAction::No, &mut EventLog::disabled()).unwrap();
    assert_eq!((h.objs[3].damage, h.objs[4].damage), (3, 3));
    assert!(h.repl_used.is_empty());
}

#[test]
fn an_optional_replacement_put_next_is_asked_of_its_controller() {
    // P1's Troll c3 is dealt 3 with P1's "double" effect and P2's Medic: P1 ordered the Medic
    // next (`dmgmay`), so P2 is asked (CR 374).
    let text = WHICH
        .replace("dmgbatch=c3:3:0:0,c4:3:0:0", "wards=c3:double:p1 dmgbatch=c3:3:0:0")
        .replace(" base=c3:T-TROLL,c4:T-TROLL", " base=c3:T-TROLL")
        .replace("seat=p2 unit=c3", "seat=p1 unit=c3");
    let key = {
        let mut h = read(&text);
        // Without `dmgmay`, P1 orders: the doubling and the Medic, no "no" (neither optional is P1's).
        assert_eq!(legal(&h), vec![RiftAction::First(0), RiftAction::First(1)]);
        h.apply(&RiftAction::First(1), &mut EventLog::disabled()).unwrap();
        assert_eq!(h.prompt, Some(riftbound::state::Prompt::Replacement { seat: 1, unit: 3 }));
        let pos = h.position().unwrap();
        assert!(pos.contains(" dmgmay=s"), "{pos}");
        pos
    };
    let g = read(&key);
    assert_eq!(legal(&g), vec![RiftAction::First(0), RiftAction::No]);
    let p = g.prompt().unwrap();
    assert!(p.title.en.contains("P1 applies your optional replacement next"), "{}", p.title.en);
    assert!(p.title.zh.contains("玩家1将你的可选替代效果排在下一个"), "{}", p.title.zh);
    assert_eq!(p.source.and_then(|s| s.card).as_deref(), Some("T-MEDIC"));
    assert!(g.action_label(&RiftAction::First(0)).en.starts_with("Apply: prevent 2"));
    // Accepted: (3 − 2) × 2; declined: 6, and the Medic is not used up (CR 371).
    for (a, dealt, used) in [(RiftAction::First(0), 2, 1), (RiftAction::No, 6, 0)] {
        let mut h = g.clone();
        h.apply(&a, &mut EventLog::disabled()).unwrap();
        assert_eq!((h.objs[3].damage, h.repl_used.len()), (dealt, used), "{a:?}");
        assert!(h.dmg_may.is_none());
    }
}

#[test]
fn an_accepted_event_reads_back() {
    // P2 chose c4 for the optional Medic (CR 373.a): c3 has met it, c4 has accepted it.
    let g = read(WHICH);
    let mut h = g.clone();
    h.dmg_batch[0].statics.push(1);
    h.dmg_batch[1].accepted.push(7);
    let pos = h.position().unwrap();
    assert!(pos.contains("dmgbatch=c3:3:0:0:1,c4:3:0:0:-:7"), "{pos}");
    let again = RiftGame::from_position(&opts(), &pos).unwrap_or_else(|e| panic!("{e}"));
    assert!(again == h);
}

#[test]
fn the_asked_player_leaving_drops_the_question() {
    // FFA3: P2's Troll c3 is dealt 3 with P2's "double" effect and P3's Medic (c6); P2 puts the
    // Medic next and P3 is asked (CR 374). P3 concedes: the Medic leaves the board with P3's
    // objects (CR 651), the doubling alone applies.
    let text = "riftbound mode=ffa3 turn=7 tp=p1 first=p1 phase=main wards=c3:double:p2 dmgbatch=c3:3:0:0
p1 legend=ST1-001 deck=ST1-011,ST1-011
p2 legend=ST1-026 base=c3:T-TROLL deck=ST1-033,ST1-033
p3 legend=ST1-026 base=c6:T-MEDIC deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-
b3 card=ST1-049 owner=p3 ctl=-
prompt kind=replacement seat=p2 unit=c3";
    let o = RiftOptions { mode: riftbound::Mode::Ffa3, allow_concede: true, ..opts() };
    let mut g = RiftGame::from_position(&o, text).unwrap_or_else(|e| panic!("{e}"));
    g.apply(&RiftAction::First(1), &mut EventLog::disabled()).unwrap();
    assert_eq!(g.prompt, Some(riftbound::state::Prompt::Replacement { seat: 2, unit: 3 }));
    g.apply(&RiftAction::Concede(2), &mut EventLog::disabled()).unwrap();
    assert!(g.dmg_batch.is_empty() && g.dmg_may.is_none(), "{:?}", g.prompt);
    assert_eq!(g.objs[3].damage, 6);
}

//! Control statics (layer 1, CR 477.1, 478, 479, spec §21; src/control_statics.rs): the card
//! file refuses their misuse naming the field (`attached` off an Equipment's control static,
//! a Might condition on gear), ST1 has none, and a position written with one applying
//! reads back identical (layer 1 gives the controllers; nothing is added).
use engine::{CardSet, Game};
use riftbound::cards::CardDb;
use riftbound::RiftGame;
use serde_json::json;

fn warden(st: serde_json::Value) -> serde_json::Value {
    json!({ "id": "ST1-007", "name": "Volatile Tinker", "zh": "不稳定的修补匠", "kind": "unit",
        "domains": ["chaos"], "energy": 3, "might": 3, "text": "x", "text_zh": "x", "static": [st] })
}

fn refused(card: serde_json::Value) -> String {
    CardDb::builtin().with_cards(&[card], "test").err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn control_statics_refuse_misuse_naming_the_field() {
    let e = refused(warden(json!({ "effect": "control" })));
    assert!(e.contains("/static/0/unit") && e.contains("names the units you control in 'unit'"), "{e}");
    let e = refused(warden(json!({ "effect": "control", "unit": { "side": "enemy", "at": "battlefield" } })));
    assert!(e.contains("not implemented: a control static chooses units by side, other, tag, mighty"), "{e}");
    let e = refused(warden(json!({ "effect": "control", "unit": { "what": "legend" } })));
    assert!(e.contains("not implemented: a control static chooses units"), "{e}");
    // Gear has no Might; "the unit this is attached to" is an Equipment's (CR 434).
    let e = refused(warden(json!({ "effect": "control", "unit": { "what": "gear", "mighty": true } })));
    assert!(e.contains("gear has no Might"), "{e}");
    let e = refused(warden(json!({ "effect": "control", "unit": { "attached": true } })));
    assert!(e.contains("/static/0/unit/attached") && e.contains("only an Equipment is attached"), "{e}");
    // `attached` anywhere but a control static's unit is refused, naming where.
    let mut targ = warden(json!({ "effect": "control", "unit": { "side": "enemy", "max_might": 2 } }));
    targ["ability"] = json!([{ "on": "play", "targets": [{ "attached": true }], "do": [{ "op": "kill", "t": 0 }] }]);
    let e = refused(targ);
    assert!(e.contains("/ability/0/targets/0/attached") && e.contains("for a control static's unit only"), "{e}");
    let e = refused(warden(json!({ "effect": "enter_ready", "unit": { "attached": true } })));
    assert!(e.contains("/static/0/unit/attached"), "{e}");
    // A Might condition (CR 476, 478), gear and "attached" are in the vocabulary.
    let shackle = json!({ "id": "ST1-037", "name": "Countermand Edict", "zh": "撤令敕书", "kind": "gear",
        "equipment": true, "equip": 1, "domains": ["mind"], "energy": 1, "text": "x", "text_zh": "x",
        "static": [{ "effect": "control", "unit": { "attached": true } },
                   { "effect": "control", "unit": { "what": "gear", "side": "enemy" } }] });
    let set = CardDb::builtin()
        .with_cards(
            &[shackle, warden(json!({ "effect": "control", "unit": { "side": "enemy", "mighty": true } }))],
            "test",
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(set.has_statics.control && set.has_statics.control_dynamic);
    let e = refused(warden(json!({ "effect": "control", "n": 1, "unit": { "side": "enemy" } })));
    assert!(e.contains("a 'control' static takes only 'unit'"), "{e}");
    let e = refused(warden(json!({ "effect": "control", "may": true, "unit": { "side": "enemy" } })));
    assert!(e.contains("a 'control' static takes only 'unit'"), "{e}");
    let spell = json!({ "id": "ST1-007", "name": "Volatile Tinker", "zh": "不稳定的修补匠", "kind": "spell",
        "domains": ["chaos"], "energy": 1, "text": "x", "text_zh": "x",
        "static": [{ "effect": "control", "unit": { "side": "enemy" } }],
        "ability": [{ "on": "spell", "do": [{ "op": "draw", "n": 1 }] }] });
    let e = refused(spell);
    assert!(e.contains("not implemented: a 'control' static on a Spell"), "{e}");
    // Copy statics ("this is a copy of …", CR 477.1.b) are checked by `copy_statics.rs`
    // (tests/copy_statics.rs): a control static's fields are not theirs.
    let e = refused(warden(json!({ "effect": "copy", "value": "Cadet" })));
    assert!(e.contains("'Cadet' is not a unit card"), "{e}");
    assert!(!CardDb::builtin().has_statics.control, "ST1 has no control static");
    let set = CardDb::builtin()
        .with_cards(&[warden(json!({ "effect": "control", "unit": { "side": "enemy", "tag": "Cadet" } }))], "test")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(set.has_statics.control);
}

/// A position with a control static applying (P1's "you control enemy Cadets" holds P2's Cadet)
/// reads back identical: the reader adds no control effect, since layer 1 gives that controller;
/// the same Cadet written under P2 instead keeps P2 with a permanent control effect (a
/// hand-written position).
#[test]
fn positions_with_a_control_static_read_back_identical() {
    use engine::Cards;
    let cadet = json!({ "id": "ST1-008", "name": "Gutter Prowler", "zh": "阴沟潜伏者", "kind": "unit",
        "domains": ["chaos"], "energy": 1, "might": 1, "tags": ["Cadet"] });
    let w = warden(json!({ "effect": "control", "unit": { "side": "enemy", "tag": "Cadet" } }));
    let set = CardDb::builtin().with_cards(&[w, cadet], "test").unwrap_or_else(|e| panic!("{e}"));
    let opts = riftbound::RiftOptions { cards: Cards::loaded(set), ..Default::default() };
    let held = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main\n\
        p1 legend=ST1-001 base=c0:ST1-007,c1:ST1-008/own.p2 deck=ST1-011\n\
        p2 legend=ST1-026 deck=ST1-033\n\
        b1 card=ST1-024 owner=p1 ctl=-\n\
        b2 card=ST1-047 owner=p2 ctl=p2\n\
        effects e=c0:entered";
    let g = RiftGame::from_position(&opts, held).unwrap_or_else(|e| panic!("{e}"));
    let text = g.position().unwrap();
    assert!(!text.contains(":control:"), "{text}");
    assert_eq!(g.obj(1).controller, 0);
    let back = RiftGame::from_position(&opts, &text).unwrap_or_else(|e| panic!("{e}"));
    assert!(back == g, "read back differs\n{text}");
    let kept = held.replace(",c1:ST1-008/own.p2", "").replace("p2 legend=ST1-026", "p2 legend=ST1-026 base=c1:ST1-008");
    let g = RiftGame::from_position(&opts, &kept).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.obj(1).controller, 1);
    assert!(g.position().unwrap().contains(" e=c1:control:p2"));
}

/// Positions with a Might-conditioned control static and an Equipment's "you control the unit
/// this is attached to" applying read back identical (layer 1 gives those controllers, CR 476,
/// 478, 434): the reader adds no control effect.
#[test]
fn positions_with_might_and_attached_control_statics_read_back_identical() {
    use engine::Cards;
    let scout = json!({ "id": "ST1-008", "name": "Gutter Prowler", "zh": "阴沟潜伏者", "kind": "unit",
        "domains": ["chaos"], "energy": 1, "might": 2 });
    let w = warden(json!({ "effect": "control", "unit": { "side": "enemy", "max_might": 2 } }));
    let shackle = json!({ "id": "ST1-037", "name": "Countermand Edict", "zh": "撤令敕书", "kind": "gear",
        "equipment": true, "equip": 1, "domains": ["mind"], "energy": 1, "text": "x", "text_zh": "x",
        "static": [{ "effect": "control", "unit": { "attached": true } }] });
    let guard = json!({ "id": "ST1-011", "name": "x", "zh": "x", "kind": "unit", "domains": ["order"],
        "energy": 3, "might": 3 });
    let set = CardDb::builtin().with_cards(&[w, scout, shackle, guard], "test").unwrap_or_else(|e| panic!("{e}"));
    let opts = riftbound::RiftOptions { cards: Cards::loaded(set), ..Default::default() };
    let held = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main\n\
        p1 legend=ST1-001 base=c0:ST1-007,c1:ST1-008/own.p2,c2:ST1-037/on.c3,c3:ST1-011/own.p2/eq deck=ST1-011\n\
        p2 legend=ST1-026 deck=ST1-033\n\
        b1 card=ST1-024 owner=p1 ctl=-\n\
        b2 card=ST1-047 owner=p2 ctl=p2\n\
        effects e=c0:entered e=c2:entered";
    let g = RiftGame::from_position(&opts, held).unwrap_or_else(|e| panic!("{e}"));
    let text = g.position().unwrap();
    assert!(!text.contains(":control:"), "{text}");
    assert_eq!((g.obj(1).controller, g.obj(3).controller), (0, 0));
    let back = RiftGame::from_position(&opts, &text).unwrap_or_else(|e| panic!("{e}"));
    assert!(back == g, "read back differs\n{text}");
}

//! Copy statics (layer 1, CR 477.1.b, 478, 479, spec §21; src/copy_statics.rs): the card file
//! refuses their misuse naming the field (a Might condition, chains of copy statics and a gear's
//! own copy as not implemented), ST1 has none, and a position written with one applying reads back
//! identical (the card written is the printed one; the copy comes from the board).
use engine::{CardSet, Cards, Game};
use riftbound::cards::CardDb;
use riftbound::RiftGame;
use serde_json::json;

/// Hall Sentinel with these statics.
fn hexer(st: serde_json::Value) -> serde_json::Value {
    json!({ "id": "ST1-029", "name": "Hall Sentinel", "zh": "殿堂哨兵", "kind": "unit",
        "domains": ["order"], "energy": 2, "might": 2, "text": "x", "text_zh": "x", "static": [st] })
}

fn refused(card: serde_json::Value) -> String {
    CardDb::builtin().with_cards(&[card], "test").err().map(|e| e.to_string()).unwrap_or_default()
}

/// The set with Hall Sentinel's "enemy units are copies of Crate Smasher", and options playing it.
fn enemy_crate_smashers() -> (CardDb, riftbound::RiftOptions) {
    let h = hexer(json!({ "effect": "copy", "value": "Crate Smasher", "unit": { "side": "enemy" } }));
    let set = CardDb::builtin().with_cards(&[h], "test").unwrap_or_else(|e| panic!("{e}"));
    let opts = riftbound::RiftOptions { cards: Cards::loaded(set.clone()), ..Default::default() };
    (set, opts)
}

/// `written` (`g`'s position) read back: the same game.
fn read_back(opts: &riftbound::RiftOptions, g: &RiftGame, written: &str) -> RiftGame {
    let back = RiftGame::from_position(opts, written).unwrap_or_else(|e| panic!("{e}"));
    assert!(back == *g, "read back differs\n{written}");
    back
}

#[test]
fn copy_statics_refuse_misuse_naming_the_field() {
    let e = refused(hexer(json!({ "effect": "copy" })));
    assert!(e.contains("/static/0/value") && e.contains("names the card copied in 'value'"), "{e}");
    let e = refused(hexer(json!({ "effect": "copy", "value": "No Such Card" })));
    assert!(e.contains("field 'value'") && e.contains("no card 'No Such Card' in the set to copy"), "{e}");
    // Only unit cards are copied (CR 477.1.b: units become copies of units).
    let e = refused(hexer(json!({ "effect": "copy", "value": "ST1-024", "unit": { "side": "enemy" } })));
    assert!(e.contains("is not a unit card"), "{e}");
    // Choosing by Might or anything but side, other and tag: not implemented (CR 478).
    let by_tag = hexer(json!({ "effect": "copy", "value": "ST1-011", "unit": { "side": "enemy", "tag": "Cadet" } }));
    assert!(refused(by_tag).is_empty());
    let e =
        refused(hexer(json!({ "effect": "copy", "value": "ST1-011", "unit": { "side": "enemy", "mighty": true } })));
    assert!(e.contains("/static/0/unit") && e.contains("units are chosen by side, other and tag only"), "{e}");
    let e = refused(hexer(json!({ "effect": "copy", "value": "ST1-011", "unit": { "what": "gear" } })));
    assert!(e.contains("not implemented: a copy static's units are chosen by side, other and tag only"), "{e}");
    let e = refused(hexer(json!({ "effect": "copy", "value": "ST1-011", "n": 1 })));
    assert!(e.contains("a 'copy' static takes only 'value' and 'unit'"), "{e}");
    let e = refused(hexer(json!({ "effect": "copy", "value": "ST1-011", "trait": "tag", "tag": "Cadet" })));
    assert!(e.contains("a 'copy' static takes only 'value' and 'unit'"), "{e}");
    // A copied card with a copy static of its own (chains of copy statics): not implemented.
    let other = json!({ "id": "ST1-033", "name": "Veteran Halberdier", "zh": "老兵戟手", "kind": "unit",
        "domains": ["order"], "energy": 3, "might": 3, "text": "x", "text_zh": "x",
        "static": [{ "effect": "copy", "value": "ST1-011" }] });
    let both = [hexer(json!({ "effect": "copy", "value": "ST1-033", "unit": { "side": "enemy" } })), other];
    let e = CardDb::builtin().with_cards(&both, "test").err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("not implemented: 'ST1-033' has a copy static itself"), "{e}");
    // A gear's own copy ("this is a copy of …"): not implemented; a gear choosing units is fine.
    let gear = |st: serde_json::Value| {
        json!({ "id": "ST1-045", "name": "Lyceum Orrery", "zh": "学府星仪", "kind": "gear",
            "domains": ["mind"], "energy": 1, "text": "x", "text_zh": "x", "static": [st] })
    };
    let e = refused(gear(json!({ "effect": "copy", "value": "ST1-011" })));
    assert!(e.contains("not implemented: a unit's own 'copy' static"), "{e}");
    assert!(refused(gear(json!({ "effect": "copy", "value": "ST1-011", "unit": { "side": "enemy" } }))).is_empty());
    let spell = json!({ "id": "ST1-007", "name": "Volatile Tinker", "zh": "不稳定的修补匠", "kind": "spell",
        "domains": ["chaos"], "energy": 1, "text": "x", "text_zh": "x",
        "static": [{ "effect": "copy", "value": "ST1-011", "unit": { "side": "enemy" } }],
        "ability": [{ "on": "spell", "do": [{ "op": "draw", "n": 1 }] }] });
    let e = refused(spell);
    assert!(e.contains("not implemented: a 'copy' static on a Spell"), "{e}");
    assert!(!CardDb::builtin().has_statics.copy, "ST1 has no copy static");
    let set = CardDb::builtin()
        .with_cards(&[hexer(json!({ "effect": "copy", "value": "ST1-011", "unit": { "side": "enemy" } }))], "test")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(set.has_statics.copy);
}

/// A position with a copy static applying (P1's "enemy units are copies of Crate Smasher" on
/// P2's units, one of them made a copy of another card by an earlier copy effect) reads back
/// identical: each unit is written as its card without the static (printed, or its copy
/// effect's) and the reader works the copy out from the board.
#[test]
fn positions_with_a_copy_static_read_back_identical() {
    let (set, opts) = enemy_crate_smashers();
    let id = |i: &str| set.cards.iter().position(|c| c.id == i).unwrap() as u16;
    // c2 was made a copy of ST1-003 before c0's static entered (`entered` after it): the
    // static's copy is later and wins; c1 has only the static's copy.
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main\n\
        p1 legend=ST1-001 base=c0:ST1-029 deck=ST1-011\n\
        p2 legend=ST1-026 base=c1:ST1-033,c2:ST1-003 deck=ST1-033\n\
        b1 card=ST1-024 owner=p1 ctl=-\n\
        b2 card=ST1-047 owner=p2 ctl=p2\n\
        effects e=c2:copy:ST1-003:ST1-033 e=c0:entered";
    let g = RiftGame::from_position(&opts, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.obj(1).def, id("ST1-011"));
    assert_eq!(g.obj(2).def, id("ST1-011"));
    assert_eq!(g.obj(0).def, id("ST1-029"), "friendly: not a copy");
    assert_eq!(g.might(1), 3, "Crate Smasher's printed Might");
    let written = g.position().unwrap();
    assert!(written.contains("c1:ST1-033") && written.contains("c2:ST1-003"), "{written}");
    let back = read_back(&opts, &g, &written);
    assert_eq!(back.position().unwrap(), written);
    // The static's card gone, the copies end: c2 is its copy effect's card again, c1 printed.
    let gone = text.replace("base=c0:ST1-029 deck", "deck").replace(" e=c0:entered", "");
    let g = RiftGame::from_position(&opts, &gone).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.obj(1).def, id("ST1-033"));
    assert_eq!(g.obj(2).def, id("ST1-003"));
}

/// CR 478, mutual dependency: P2's c2 became a copy of P1's Hall Sentinel (so it has the
/// Sentinel's copy static, with the copy's timestamp, 0) before the Sentinel's static entered
/// (1). Each static would make the other's card a Crate Smasher, taking that static away: they
/// depend on each other, so timestamps decide — c2's applies first, the Sentinel c0 becomes a
/// Crate Smasher and its static no longer exists; c2 stays a Sentinel, and P2's c1 (not c2's
/// enemy) is untouched. The position reads back identical.
#[test]
fn copy_statics_depending_on_each_other_apply_in_timestamp_order() {
    let (set, opts) = enemy_crate_smashers();
    let id = |i: &str| set.cards.iter().position(|c| c.id == i).unwrap() as u16;
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main\n\
        p1 legend=ST1-001 base=c0:ST1-029 deck=ST1-011\n\
        p2 legend=ST1-026 base=c1:ST1-033,c2:ST1-029 deck=ST1-033\n\
        b1 card=ST1-024 owner=p1 ctl=-\n\
        b2 card=ST1-047 owner=p2 ctl=p2\n\
        effects e=c2:copy:ST1-029:ST1-033 e=c0:entered";
    let g = RiftGame::from_position(&opts, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.obj(0).def, id("ST1-011"));
    assert_eq!(g.obj(2).def, id("ST1-029"));
    assert_eq!(g.obj(1).def, id("ST1-033"));
    let written = g.position().unwrap();
    assert!(written.contains("c0:ST1-029"), "{written}");
    read_back(&opts, &g, &written);
    // The other way round (the Sentinel's static earlier than c2's copy): c2's static exists
    // only once c2's later copy has applied, so the Sentinel's static, not waiting for it (a
    // dependency is judged on the next step, house reading), applies first — to c1, and to c2,
    // whose later copy replaces it; then c2's static makes the Sentinel a Crate Smasher. A
    // static that has applied goes on applying (house reading): c1 stays a Crate Smasher.
    let swapped = text
        .replace("effects e=c2:copy:ST1-029:ST1-033 e=c0:entered", "effects e=c0:entered e=c2:copy:ST1-029:ST1-033");
    let g = RiftGame::from_position(&opts, &swapped).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.obj(0).def, id("ST1-011"));
    assert_eq!(g.obj(2).def, id("ST1-029"));
    assert_eq!(g.obj(1).def, id("ST1-011"));
    let written = g.position().unwrap();
    read_back(&opts, &g, &written);
}

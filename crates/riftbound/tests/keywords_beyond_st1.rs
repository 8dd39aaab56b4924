//! Keywords beyond ST1 (crates/riftbound/src/keywords): Unique in deck construction (CR 825), the
//! card-file vocabulary refused when misused (docs/riftbound-cards.md "Keywords beyond ST1"), and
//! counters, XP and Empowered round-tripping through the position notation. The rules themselves
//! are in tests/scenarios/keyword_*.toml.

use engine::{CardFormat, CardSet, Cards};
use riftbound::cards::CardDb;
use riftbound::starter::WILDFIRE_RUSH;
use riftbound::{DeckList, RiftOptions};
use serde_json::json;

fn set_with(cards: serde_json::Value) -> Result<CardDb, String> {
    CardDb::builtin().with_cards(cards.as_array().unwrap(), "test").map_err(|e| e.to_string())
}

fn blast_runner(extra: serde_json::Value) -> serde_json::Value {
    let mut c = json!({ "id": "ST1-003", "name": "Blast Runner", "zh": "爆破跑手", "kind": "unit",
        "domains": ["fury"], "energy": 2, "might": 2, "keywords": ["accelerate"],
        "text": "Accelerate.", "text_zh": "急速。" });
    for (k, v) in extra.as_object().unwrap() {
        c[k] = v.clone();
    }
    c
}

#[test]
fn cr825_unique_allows_one_copy_in_a_deck() {
    let db = set_with(json!([blast_runner(json!({ "keywords": ["accelerate", "unique"],
        "text": "Accelerate, Unique.", "text_zh": "急速，唯一。" }))]))
    .unwrap();
    let three = DeckList::parse_in(&db, WILDFIRE_RUSH).unwrap();
    let p = three.problems_in(&db, true);
    assert!(p.iter().any(|m| m.contains("CR 825") && m.contains("Blast Runner")), "{p:?}");
    let one = DeckList::parse_in(&db, &WILDFIRE_RUSH.replace("3 Blast Runner", "1 Blast Runner")).unwrap();
    let p = one.problems_in(&db, false);
    assert!(!p.iter().any(|m| m.contains("CR 825")), "{p:?}");
    // Without Unique the same three copies are legal (CR 103.2.b).
    let plain = DeckList::parse_in(&CardDb::builtin(), WILDFIRE_RUSH).unwrap();
    assert!(plain.problems_in(&CardDb::builtin(), true).is_empty());
}

fn refused(card: serde_json::Value, want: &str) {
    match set_with(json!([card])) {
        Ok(_) => panic!("accepted, but must be refused with '{want}'"),
        Err(e) => assert!(e.contains(want), "expected '{want}' in:\n{e}"),
    }
}

#[test]
fn misused_keyword_vocabulary_is_refused_loudly() {
    refused(blast_runner(json!({ "grant": [{ "level": 2 }] })), "would do nothing");
    refused(blast_runner(json!({ "grant": [{ "level": 2, "empowered": true, "might": 1 }] })), "exactly one condition");
    refused(blast_runner(json!({ "grant": [{ "might": 1 }] })), "exactly one condition");
    refused(blast_runner(json!({ "grant": [{ "level": 1, "keywords": ["flying"] }] })), "unknown keyword 'flying'");
    refused(blast_runner(json!({ "grant": [{ "level": 1, "keywords": ["unique"] }] })), "CR 825");
    refused(blast_runner(json!({ "grant": [{ "level": 1, "might": 1, "when": 3 }] })), "unknown field");
    refused(blast_runner(json!({ "empower": 13 })), "cannot pay");
    refused(blast_runner(json!({ "keywords": ["quick_draw"] })), "CR 819");
    refused(blast_runner(json!({ "grant": [{ "level": 1, "keywords": ["accelerate"] }] })), "grantable");
    refused(
        json!({ "id": "ST1-020", "name": "Blastcap Gauntlet", "zh": "爆帽拳套", "kind": "gear", "equipment": true,
                "domains": ["fury"], "energy": 1, "equip": 1, "keywords": ["weaponmaster"],
                "text": "Weaponmaster.", "text_zh": "武器大师。" }),
        "CR 821",
    );
    let spell = |ability: serde_json::Value, extra: serde_json::Value| {
        let mut c = json!({ "id": "ST1-014", "name": "Sparkshot", "zh": "火花弹", "kind": "spell",
            "domains": ["fury"], "energy": 1, "text": "Test.", "text_zh": "测试。", "ability": [ability] });
        for (k, v) in extra.as_object().unwrap() {
            c[k] = v.clone();
        }
        c
    };
    let add = |c: &str, n: i32| json!({ "on": "spell", "targets": [{}], "do": [{ "op": "add_counter", "counter": c, "n": n }] });
    refused(spell(add("", 1), json!({})), "needs a counter name");
    refused(spell(add("Charge Up", 1), json!({})), "needs a counter name");
    refused(spell(add("charge", 0), json!({})), "n ≥ 1");
    refused(
        spell(json!({ "on": "spell", "do": [{ "op": "draw", "n": 1, "counter": "charge" }] }), json!({})),
        "only add_counter, remove_counter, move_counter",
    );
    refused(
        spell(json!({ "on": "spell", "level": 2, "do": [{ "op": "draw", "n": 1 }] }), json!({})),
        "not a dependent",
    );
    refused(spell(json!({ "on": "spell", "do": [{ "op": "gain_xp" }] }), json!({})), "n ≥ 1");
    refused(spell(json!({ "on": "spell", "do": [{ "op": "draw", "n": 1 }] }), json!({ "hunt": 1 })), "CR 823");
    refused(spell(json!({ "on": "spell", "do": [{ "op": "draw", "n": 1 }] }), json!({ "empower": 1 })), "CR 827");
    // The accepted forms read back and export the same.
    let db = set_with(json!([
        blast_runner(json!({ "hunt": 1, "empower": 2, "text": "Hunt 1. Empower 2.",
            "grant": [{ "level": 3, "might": 1, "keywords": ["tank"] }, { "empowered": true, "keywords": ["ganking"] }] })),
        spell(add("charge", 2), json!({})),
    ]))
    .unwrap();
    let text = db.export(CardFormat::Toml);
    let again = CardDb::parse(&text, CardFormat::Toml, "again").unwrap();
    assert_eq!(again.export(CardFormat::Toml), text);
    assert_eq!(db.counters, vec!["charge".to_string()]);
}

#[test]
fn counters_xp_and_empowered_round_trip_in_the_position_notation() {
    let db = set_with(json!([
        blast_runner(json!({ "empower": 1, "text": "Empower 1.", "grant": [{ "empowered": true, "might": 2 }] })),
        { "id": "ST1-014", "name": "Sparkshot", "zh": "火花弹", "kind": "spell", "domains": ["fury"], "energy": 1,
          "text": "Test.", "text_zh": "测试。",
          "ability": [{ "on": "spell", "targets": [{}], "do": [{ "op": "add_counter", "counter": "charge", "n": 1 },
                                                            { "op": "add_counter", "counter": "doom", "n": 1 }] }] },
    ]))
    .unwrap();
    let opts = RiftOptions { cards: Cards::loaded(db), ..RiftOptions::default() };
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main\n\
        p1 legend=ST1-001 points=0 xp=7 base=c0:ST1-003/emp/ctr.charge.2/ctr.doom.1\n\
        p2 legend=ST1-026 points=0 xp=1\n\
        b1 card=ST1-024 owner=p1 ctl=-\n\
        b2 card=ST1-047 owner=p2 ctl=-";
    let g = riftbound::position::read(&opts, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.players[0].xp, 7);
    assert_eq!(g.counter_count(0, 0), 2);
    assert_eq!(g.counter_count(0, 1), 1);
    // Empowered: the grant's +2 Might applies (CR 828).
    assert_eq!(g.might(0), 4);
    let written = g.write_position();
    assert!(written.contains("xp=7") && written.contains("c0:ST1-003/emp/ctr.charge.2/ctr.doom.1"), "{written}");
    let again = riftbound::position::read(&opts, &written).unwrap();
    assert_eq!(again.write_position(), written);
    // Counters off the board, and unknown counters, are refused.
    let bad = text.replace("base=c0:ST1-003/emp/ctr.charge.2/ctr.doom.1", "hand=c0:ST1-003/ctr.charge.2");
    let e = riftbound::position::read(&opts, &bad).expect_err("refused");
    assert!(e.to_string().contains("CR 746"), "{e}");
    let bad = text.replace("ctr.doom.1", "ctr.rage.1");
    let e = riftbound::position::read(&opts, &bad).expect_err("refused");
    assert!(e.to_string().contains("'rage'"), "{e}");
}

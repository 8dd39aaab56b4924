//! Keyword abilities as card data (CR 819–827, docs/riftbound-cards.md "Keyword abilities are card
//! data"): Empower, Hunt, Quick-Draw and Weaponmaster are rows of ordinary ops built when the set
//! is read; positions name them by the keyword, and session 4's special numbers are refused.

use engine::{CardSet, Cards, Game};
use riftbound::cards::{CardDb, KeywordAbility, On, Op, What};
use riftbound::{RiftGame, RiftOptions};
use serde_json::json;

fn set() -> CardDb {
    let cards = json!([
        { "id": "T-SMASH", "name": "Test Smasher", "zh": "测试砸者", "kind": "unit", "domains": ["fury"],
          "might": 2, "hunt": 1, "empower": 2, "keywords": ["weaponmaster"],
          "text": "Weaponmaster. Hunt 1. Empower 2.", "text_zh": "武器大师。狩猎1。赋能2。" },
        { "id": "T-BLADE", "name": "Test Blade", "zh": "测试刀", "kind": "gear", "equipment": true,
          "domains": ["fury"], "equip": 1, "hunt": 2, "keywords": ["quick_draw"],
          "text": "Quick-Draw. Equip 1. Equipped unit has Hunt 2.", "text_zh": "快拔。装备1。被装备的单位具有狩猎2。" },
        { "id": "T-PUP", "name": "Test Pup", "zh": "测试幼犬", "kind": "unit", "domains": ["fury"], "might": 1,
          "text": "[Level 1] I have Hunt 1 and Weaponmaster.", "text_zh": "【等级1】我具有狩猎1和武器大师。",
          "grant": [{ "level": 1, "hunt": 1, "keywords": ["weaponmaster"] }] }
    ]);
    CardDb::builtin().with_cards(cards.as_array().unwrap(), "test").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn empower_hunt_quick_draw_and_weaponmaster_are_rows_of_ordinary_ops() {
    let db = set();
    let u = db.get(db.by_name("Test Smasher").unwrap());
    let e = &u.abilities[u.keyword_ability(KeywordAbility::Empower).expect("Empower row")];
    assert_eq!((e.on, e.cost_energy, e.effects[0].op), (On::Activated, 2, Op::Empower), "CR 827");
    let h = &u.abilities[u.keyword_ability(KeywordAbility::Hunt).expect("Hunt row")];
    assert_eq!((h.on, h.effects[0].op), (On::ConquerOrHold, Op::HuntXp), "CR 823");
    let w = &u.abilities[u.keyword_ability(KeywordAbility::Weaponmaster).expect("Weaponmaster row")];
    assert!(w.may, "CR 821: 'you may'");
    assert_eq!((w.on, w.effects[0].op, w.targets[0].what), (On::Play, Op::EquipToMe, What::Equipment));
    assert!(u.keyword_ability(KeywordAbility::QuickDraw).is_none());
    let g = db.get(db.by_name("Test Blade").unwrap());
    let q = &g.abilities[g.keyword_ability(KeywordAbility::QuickDraw).expect("Quick-Draw row")];
    assert_eq!((q.on, q.effects[0].op, q.may), (On::Play, Op::Attach, false), "CR 819: mandatory");
    assert!(g.keyword_ability(KeywordAbility::Hunt).is_some(), "an Equipment's Hunt is its unit's (CR 434)");
    // A grant of Hunt or Weaponmaster gives the unit the rows (active only while the grant is).
    let p = db.get(db.by_name("Test Pup").unwrap());
    assert!(p.keyword_ability(KeywordAbility::Hunt).is_some());
    assert!(p.keyword_ability(KeywordAbility::Weaponmaster).is_some());
    // The rows come after the file's own abilities, in a fixed order.
    let order: Vec<_> = u.abilities.iter().filter_map(|a| a.keyword).collect();
    assert_eq!(order, vec![KeywordAbility::Empower, KeywordAbility::Hunt, KeywordAbility::Weaponmaster]);
}

fn position(ab: &str) -> String {
    format!(
        "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main priority=p1
p1 legend=ST1-001 base=c0:T-SMASH deck=ST1-011,ST1-011
p2 legend=ST1-026 deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=-
chain item=p1:c0:{ab}"
    )
}

#[test]
fn positions_name_keyword_rows_by_the_keyword_and_refuse_the_old_special_numbers() {
    let o = RiftOptions { cards: Cards::loaded(set()), ..RiftOptions::default() };
    let g = RiftGame::from_position(&o, &position("hunt")).unwrap_or_else(|e| panic!("{e}"));
    let row = g.card(0).keyword_ability(KeywordAbility::Hunt).unwrap();
    assert_eq!(g.chain[0].ab as usize, row);
    let text = g.position().unwrap();
    assert!(text.contains("item=p1:c0:hunt"), "{text}");
    for old in ["249", "253", "254", "255"] {
        let e = RiftGame::from_position(&o, &position(old)).expect_err("refused");
        assert!(e.to_string().contains("built-in keyword item"), "{old}: {e}");
    }
    // A keyword the card lacks is refused by name.
    let e = RiftGame::from_position(&o, &position("quickdraw")).expect_err("refused");
    assert!(e.to_string().contains("has no quickdraw ability"), "{e}");
}

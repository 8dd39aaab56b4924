//! Riftbound's optional replacement prompt (CR 371, design.md §2: a prompt every client and bot
//! answers): each bot, seeing only its seat's view, answers "you may prevent the damage" with one
//! of the legal actions (`first 0` or `no`), and the game goes on.

use ai::{AiGame, BotSpec, Observation};
use engine::{CardSet, Cards, EventLog, Game};
use riftbound::action::RiftAction;
use riftbound::cards::CardDb;
use riftbound::{RiftGame, RiftOptions};

/// A 0-cost Bolt and a unit with "you may prevent all damage to a unit you control".
fn cards() -> Vec<serde_json::Value> {
    vec![
        serde_json::json!({
            "id": "T-BOLT", "name": "Test Bolt", "zh": "测试闪电", "kind": "spell", "domains": ["fury"],
            "energy": 0, "keywords": ["reaction"], "text": "Reaction. Deal 3 damage to a unit.",
            "text_zh": "反应。对一个单位造成3点伤害。",
            "ability": [{ "on": "spell", "targets": [{}], "do": [{ "op": "damage", "n": 3, "t": 0 }] }]
        }),
        serde_json::json!({
            "id": "T-WARDEN", "name": "Test Warden", "zh": "测试守卫", "kind": "unit", "domains": ["calm"],
            "energy": 2, "might": 3,
            "text": "You may prevent all damage that would be dealt to a unit you control.",
            "text_zh": "你可以防止将对你控制的一个单位造成的所有伤害。",
            "static": [{ "effect": "prevent_damage", "unit": { "side": "friendly" }, "may": true }]
        }),
    ]
}

fn legal_of(g: &RiftGame) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out.iter().map(|a| a.to_string()).collect()
}

const POSITION: &str = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 hand=c0:T-BOLT deck=ST1-011,ST1-011,ST1-011
p2 legend=ST1-026 base=c5:T-WARDEN deck=ST1-033,ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-049 owner=p2 ctl=p2";

#[test]
fn every_bot_answers_the_optional_replacement_prompt() {
    let set = CardDb::builtin().with_cards(&cards(), "test.json").unwrap_or_else(|e| panic!("{e}"));
    let o = RiftOptions { cards: Cards::loaded(set), ..RiftOptions::default() };
    let mut g = RiftGame::from_position(&o, POSITION).unwrap_or_else(|e| panic!("{e}"));
    for a in ["play c0", "t c5", "pass", "pass"] {
        let a: RiftAction = a.parse().unwrap_or_else(|e| panic!("{a}: {e:?}"));
        g.apply(&a, &mut EventLog::disabled()).unwrap_or_else(|e| panic!("{e}"));
    }
    let legal = legal_of(&g);
    assert_eq!(legal, ["first 0", "no"], "P2 is asked");
    for spec in ["random", "greedy", "mcts:200", "easy", "hard"] {
        let spec: BotSpec = spec.parse().unwrap();
        let mut bot = spec.build::<RiftGame>(&RiftGame::kit(), 7).unwrap();
        let obs = Observation::of_seat_to_act(&g).unwrap();
        let a = bot.choose(&obs).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert!(legal.contains(&a.to_string()), "{spec} chose {a}");
        let mut h = g.clone();
        h.apply(&a, &mut EventLog::disabled()).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert!(legal_of(&h).contains(&"end".to_string()), "{spec}: the game goes on with P1");
    }
}

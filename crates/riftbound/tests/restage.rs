//! The combat "no result" re-staging loop (CR 466.3.d.1, spec §29 #9; src/restage.rs).
use engine::Game;
use riftbound::{RiftGame, RiftOptions};

/// A combat at b2 after its damage step (CR 466): the attackers were recalled, but P1 has a unit
/// there again (as if a Deathknell had played one), so both players still have units at b2.
const AFTER_DAMAGE: &str = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main
p1 legend=ST1-001 at2=c0:ST1-003 deck=ST1-011,ST1-011
p2 legend=ST1-026 at2=c1:ST1-029/def/deffired deck=ST1-033,ST1-033
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-049 owner=p2 ctl=p2 contested=p1
showdown bf=b2 focus=p1 attacker=p1 defender=p2 stage=afterdamage";

fn read() -> RiftGame {
    RiftGame::from_position(&RiftOptions::default(), AFTER_DAMAGE).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn no_result_with_both_players_there_stages_the_combat_again() {
    // CR 466.3.d.1: no result (both have units) — a showdown and combat are staged there again.
    let mut g = read();
    g.advance();
    let sd = g.showdown.as_ref().expect("a new showdown at b2");
    assert_eq!(sd.bf, 1);
    let c = sd.combat.as_ref().expect("and it is a combat");
    assert_eq!((c.attacker, c.defender), (0, 1));
    assert_eq!(g.combat_marks.len(), 1, "the state after the combat is noted for the loop check");
    assert_eq!(g.no_restage, 0);
    // The mark reads back from the position notation.
    let back = RiftGame::from_position(&g.opts, &g.position().unwrap()).unwrap();
    assert!(back == g);
}

#[test]
fn an_identical_repeat_ends_the_combat_with_no_result() {
    // §29 #9: the same state after a second combat there this turn — the loop stops: no new
    // showdown, the battlefield stays with both players' units, uncontested, until the turn ends.
    let mut first = read();
    first.advance();
    let mut g = read();
    g.combat_marks = first.combat_marks.clone();
    g.advance();
    assert!(g.showdown.is_none(), "not staged again");
    assert_eq!(g.no_restage, 0b10);
    assert_eq!(g.bfs[1].contested_by, riftbound::state::NOBODY);
    assert_eq!(g.bfs[1].controller, 1, "the defender keeps control (no result)");
    let back = RiftGame::from_position(&g.opts, &g.position().unwrap()).unwrap();
    assert!(back == g);
    // The turn ends: the battlefield may be staged again (P2's turn contests it).
    g.apply_action(riftbound::RiftAction::End).unwrap();
    assert_eq!(g.no_restage, 0);
    assert!(g.combat_marks.is_empty());
}

/// Drift Blade ("When this attacks, ready it") facing a stunned Gearwright Savant at Lyceum
/// Gatehouse (Shield 1): its attack can't kill, the combat heals the Savant (CR 466.3.c) and
/// recalls the Blade ready (CR 466.3.d) — the stalled bot game 57006/6.
const ATTACK_LOOP: &str = "riftbound mode=duel turn=15 tp=p2 first=p1 phase=main
p1 legend=ST1-026/x deck=ST1-033,ST1-033 at1=c0:ST1-035/x/stun
p2 legend=ST1-001/x deck=ST1-033,ST1-033 base=c1:ST1-055
b1 card=ST1-047 owner=p1 ctl=p1
b2 card=ST1-049 owner=p2 ctl=p2";

fn attack_b1(g: &mut RiftGame) {
    use riftbound::RiftAction;
    for a in ["move c1 b1", "go", "pass", "pass", "pass", "pass"] {
        let a: RiftAction = a.parse().unwrap_or_else(|e| panic!("{a}: {e:?}"));
        g.apply_action(a).unwrap_or_else(|e| panic!("{a}: {e:?}"));
    }
}

#[test]
fn an_attack_repeating_an_identical_position_closes_the_battlefield_to_the_attacker() {
    let mut g = RiftGame::from_position(&RiftOptions::default(), ATTACK_LOOP).unwrap_or_else(|e| panic!("{e}"));
    attack_b1(&mut g);
    assert_eq!(g.combat_marks.len(), 1, "the position after the first attack is noted");
    assert!(g.no_attack.is_empty(), "one attack is no loop");
    let after_first = g.position().unwrap();
    attack_b1(&mut g);
    assert_eq!(g.combat_marks.len(), 1, "the second attack ended identically");
    assert_eq!(g.no_attack, vec![(0, 1)], "P2 may not move to b1 again this turn");
    let mut legal = Vec::new();
    g.legal(&mut legal);
    assert!(!legal.iter().any(|a| a.to_string() == "move c1 b1"), "{legal:?}");
    assert!(legal.iter().any(|a| a.to_string() == "move c1 b2"), "{legal:?}");
    let text = g.position().unwrap();
    assert!(text.contains("noattack=b1:p2"), "{text}");
    let back = RiftGame::from_position(&g.opts, &text).unwrap();
    assert!(back == g);
    assert!(!after_first.contains("noattack"));
    // A bad entry names the field.
    let bad = text.replace("noattack=b1:p2", "noattack=b1");
    let e = RiftGame::from_position(&g.opts, &bad).expect_err("refused");
    assert!(e.to_string().contains("noattack"), "{e}");
    // The turn ends: the bound is gone.
    g.apply_action(riftbound::RiftAction::End).unwrap();
    assert!(g.no_attack.is_empty() && g.combat_marks.is_empty());
}

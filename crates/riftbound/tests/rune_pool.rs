//! The rune pool as actions (CR 164.2, 165–167, 429, 444) with the option `rune_actions`: rune
//! abilities and Add gear used at Priority, floating until the pool empties, manual payment
//! stopping at the payment prompt, the auto-pay (`pay`), and the 2v2 teammate floating.
mod common;
use common::*;
use riftbound::state::{Loc, Prompt, Stage, Zone};
use riftbound::{Mode, RiftAction, RiftOptions};

const FURY: usize = 0;
const ORDER: usize = 5;

fn manual(mut t: T) -> T {
    t.g.opts.rune_actions = true;
    t
}

fn pool(t: &T, seat: u8) -> (u8, [u8; 6]) {
    let p = &t.g.players[seat as usize].pool;
    (p.energy, p.power)
}

#[test]
fn cr164_2_runes_are_exhausted_and_recycled_at_priority_and_the_pool_floats() {
    let mut t = manual(T::fury());
    t.no_runes(0);
    let e = t.rune(0, "Ember Rune");
    let v = t.rune(0, "Vortex Rune");
    let legal = t.legal();
    for a in [format!("exhaust c{e}"), format!("recycle c{e}"), format!("exhaust c{v}"), format!("recycle c{v}")] {
        assert!(legal.contains(&a), "{a} missing from {legal:?}");
    }
    // "[E]: Add [1]" (CR 164.2): the rune exhausts, the Energy floats; Priority stays (CR 429).
    t.act(&format!("exhaust c{e}"));
    assert!(t.exhausted(e));
    assert_eq!(pool(&t, 0).0, 1);
    assert_eq!(t.seat(), 0);
    assert!(!t.can(&format!("exhaust c{e}")), "an exhausted rune can't be exhausted again");
    // An exhausted rune can still be recycled (CR 164.2): to the bottom of the rune deck, [C] added.
    t.act(&format!("recycle c{e}"));
    assert_eq!(t.zone(e), Zone::RuneDeck);
    assert_eq!(t.g.players[0].rune_deck.last(), Some(&e), "recycled to the bottom (CR 416)");
    assert_eq!(pool(&t, 0), (1, [1, 0, 0, 0, 0, 0]));
    // The pool empties in the Expiration Step (CR 317.2, spec §7.3 3e): floated resources are lost.
    t.act("end");
    assert_eq!(pool(&t, 0), (0, [0; 6]));
}

#[test]
fn cr444_a_cost_the_pool_does_not_cover_waits_for_manual_payment() {
    let mut t = manual(T::fury());
    t.no_runes(0);
    let a = t.rune(0, "Vortex Rune");
    let b = t.rune(0, "Vortex Rune");
    let u = t.in_hand(0, "Blast Runner");
    t.act(&format!("exhaust c{a}"));
    t.act(&format!("play c{u}"));
    assert!(matches!(&t.g.prompt, Some(Prompt::Build(x)) if x.stage == Stage::Pay), "the payment waits");
    let legal = t.legal();
    assert!(legal.contains(&format!("exhaust c{b}")) && legal.contains(&"pay".to_string()), "{legal:?}");
    assert!(legal.contains(&"back".to_string()), "the play can still be undone (CR 358.5)");
    // Recycling the last ready rune would leave the second Energy unpayable: not offered (CR 444).
    assert!(!legal.contains(&format!("recycle c{b}")), "{legal:?}");
    assert!(t.try_act(&format!("recycle c{b}")).unwrap_err().contains("CR 444"));
    // The pool covers the cost once the second rune is exhausted: paid from the pool, played.
    t.act(&format!("exhaust c{b}"));
    assert!(t.g.prompt.is_none());
    assert_eq!(t.zone(u), Zone::Base);
    assert_eq!(pool(&t, 0), (0, [0; 6]));
    assert!(t.exhausted(a) && t.exhausted(b));
}

#[test]
fn pay_is_the_auto_pay_and_chooses_as_without_the_option() {
    let run = |on: bool| {
        let mut t = T::fury();
        t.g.opts.rune_actions = on;
        t.no_runes(0);
        for _ in 0..3 {
            t.rune(0, "Vortex Rune");
        }
        t.rune(0, "Ember Rune");
        let u = t.in_hand(0, "Blast Runner");
        t.act(&format!("play c{u}"));
        t.act("yes"); // Accelerate: [1] + Fury more (CR 805)
        if on {
            assert!(t.can("pay"), "{:?}", t.legal());
            t.act("pay");
        }
        assert!(t.g.prompt.is_none());
        (t.ready_runes(0), t.board_runes(0), t.exhausted(u))
    };
    assert_eq!(run(true), run(false));
    assert_eq!(run(true), (1, 3, false));
}

#[test]
fn floated_power_pays_a_pip_and_the_pool_is_used_first() {
    let mut t = manual(T::fury());
    t.no_runes(0);
    let e = t.rune(0, "Ember Rune");
    let v1 = t.rune(0, "Vortex Rune");
    let v2 = t.rune(0, "Vortex Rune");
    let u = t.in_hand(0, "Cackling Arsonist");
    // Float the Fury Power and all three Energy first (the Ember rune gives its Energy, then its
    // Power, CR 164.2): the play is paid from the pool without a payment prompt.
    t.acts(&[&format!("exhaust c{v1}"), &format!("exhaust c{v2}"), &format!("exhaust c{e}"), &format!("recycle c{e}")]);
    let cost = t.g.base_cost(u);
    assert!(t.g.pool_covers(0, &cost, &[]), "cost {cost:?}, pool {:?}", pool(&t, 0));
    t.act(&format!("play c{u}"));
    for _ in 0..4 {
        if t.g.prompt.is_none() {
            break;
        }
        let first = t.legal()[0].clone();
        t.act(&first); // location or targets, if any
    }
    assert_eq!(t.zone(u), Zone::Base);
    assert_eq!(pool(&t, 0).1[FURY], 0, "the floated Fury Power was spent");
}

#[test]
fn cr429_add_gear_names_the_domain_it_adds() {
    let mut t = manual(T::duel("Lyceum Muster", "Wildfire Rush", "Whispering Alcove", "Scorched Plaza"));
    let o = t.put(0, "Lyceum Orrery", Loc::Base(0));
    let legal = t.legal();
    assert!(
        legal.contains(&format!("exhaust c{o} mind")) && legal.contains(&format!("exhaust c{o} order")),
        "{legal:?}"
    );
    assert!(!legal.contains(&format!("exhaust c{o}")), "a gear of two domains must name one");
    assert!(t.try_act(&format!("exhaust c{o}")).is_err());
    assert!(t.try_act(&format!("exhaust c{o} fury")).is_err(), "not one of its domains");
    assert!(t.try_act(&format!("recycle c{o} order")).is_err(), "gear isn't recycled");
    t.act(&format!("exhaust c{o} order"));
    assert!(t.exhausted(o));
    assert_eq!(pool(&t, 0).1[ORDER], 1);
}

#[test]
fn cr312_a_player_holding_priority_on_the_chain_may_float() {
    let mut t = manual(T::duel("Wildfire Rush", "Lyceum Muster", "Scorched Plaza", "Whispering Alcove"));
    t.no_runes(1);
    let l = t.rune(1, "Lumen Rune");
    let rr = t.in_hand(0, "Rummage Run");
    assert!(!t.can(&format!("exhaust c{l}")), "P2 doesn't hold Priority in P1's Neutral Open");
    t.act(&format!("play c{rr}"));
    t.act("pay");
    t.act("pass");
    assert_eq!(t.seat(), 1);
    t.act(&format!("exhaust c{l}"));
    assert_eq!(t.seat(), 1, "an Add ability doesn't pass Priority (CR 429)");
    assert_eq!(pool(&t, 1).0, 1);
}

#[test]
fn rune_actions_are_refused_without_the_option() {
    let mut t = T::fury();
    let r = t.rune(0, "Ember Rune");
    assert!(!t.can(&format!("exhaust c{r}")));
    let e = t.try_act(&format!("exhaust c{r}")).unwrap_err();
    assert!(e.contains("rune_actions"), "{e}");
    assert!(t.try_act("pay").is_err());
}

#[test]
fn cr489_8_a_the_invited_teammate_floats_without_ending_the_invitation() {
    let mut t = manual(T::four(Mode::TwoVsTwo));
    // Seat 2 is P1's teammate (A1, B1, A2, B2).
    t.runes(2, 2);
    t.act("invite");
    assert_eq!(t.seat(), 2);
    let r = (0..t.g.objs.len() as u16)
        .find(|&i| {
            t.g.obj(i).zone == Zone::Base
                && t.g.obj(i).controller == 2
                && t.g.card(i).kind == riftbound::cards::Kind::Rune
        })
        .unwrap();
    t.act(&format!("exhaust c{r}"));
    assert_eq!(t.seat(), 2, "floating is not the item the invitation covers (CR 316.5.b.1)");
    assert_eq!(pool(&t, 2).0, 1);
}

#[test]
fn notation_of_pool_actions_round_trips() {
    for s in ["exhaust c5", "exhaust c5 mind", "recycle c7", "recycle c7 fury", "pay"] {
        let a: RiftAction = s.parse().unwrap();
        assert_eq!(a.to_string(), s);
    }
    assert!("exhaust c5 purple".parse::<RiftAction>().is_err());
    let _ = RiftOptions::default();
}

/// A position where P1 controls b1 (a Scorched Plaza: Hide costs [A]) with a Tripwire Charge in hand
/// and two ready runes; returns (the card, the Ember rune, the Vortex rune).
fn hide_setup(t: &mut T) -> (u16, u16, u16) {
    t.plain();
    t.bf(0, "Scorched Plaza");
    t.put(0, "Blast Runner", Loc::Bf(0));
    t.own(0, 0);
    t.no_runes(0);
    let e = t.rune(0, "Ember Rune");
    let v = t.rune(0, "Vortex Rune");
    (t.in_hand(0, "Tripwire Charge"), e, v)
}

#[test]
fn cr421_the_hide_cost_is_paid_from_the_pool_with_the_rune_the_player_names() {
    let mut t = manual(T::fury());
    let (trip, e, v) = hide_setup(&mut t);
    t.act(&format!("hide c{trip} b1"));
    assert!(matches!(t.g.prompt, Some(Prompt::HidePay { .. })), "[A] waits for payment (CR 444)");
    let legal = t.legal();
    for a in [format!("recycle c{e}"), format!("recycle c{v}"), "pay".into(), "back".into()] {
        assert!(legal.contains(&a), "{a} missing from {legal:?}");
    }
    // Energy can't pay [A], but the rune can still be recycled afterwards: exhausting is offered.
    assert!(legal.contains(&format!("exhaust c{v}")));
    // The player names the rune the auto-pay would not have recycled.
    let mut auto = T { g: t.g.clone() };
    auto.act("pay");
    let (named, kept) = if auto.zone(e) == Zone::RuneDeck { (v, e) } else { (e, v) };
    t.act(&format!("recycle c{named}"));
    assert_eq!(t.zone(trip), Zone::Facedown(0));
    assert_eq!(t.zone(named), Zone::RuneDeck);
    assert_eq!(t.zone(kept), Zone::Base);
    assert_eq!(pool(&t, 0), (0, [0; 6]), "the [C] Power paid the [A]");
}

#[test]
fn cr421_backing_out_of_the_hide_payment_changes_nothing_and_pay_auto_pays() {
    let mut t = manual(T::fury());
    let (trip, e, v) = hide_setup(&mut t);
    let before = t.g.clone();
    t.act(&format!("hide c{trip} b1"));
    t.act("back");
    assert!(t.g.prompt.is_none());
    assert_eq!(t.zone(trip), Zone::Hand);
    assert_eq!((t.zone(e), t.zone(v)), (Zone::Base, Zone::Base));
    t.act(&format!("hide c{trip} b1"));
    t.act("pay");
    assert_eq!(t.zone(trip), Zone::Facedown(0));
    // The same as without the option: the first rune that fits is recycled.
    let mut auto = T { g: before };
    auto.g.opts.rune_actions = false;
    auto.act(&format!("hide c{trip} b1"));
    assert_eq!(auto.zone(e), t.zone(e));
    assert_eq!(auto.zone(v), t.zone(v));
}

#[test]
fn cr421_floated_power_pays_the_hide_cost_without_a_prompt() {
    let mut t = manual(T::fury());
    let (trip, e, _) = hide_setup(&mut t);
    t.act(&format!("recycle c{e}"));
    t.act(&format!("hide c{trip} b1"));
    assert!(t.g.prompt.is_none());
    assert_eq!(t.zone(trip), Zone::Facedown(0));
    assert_eq!(pool(&t, 0).1[FURY], 0);
}

/// A test-only unit with "[E]: Add 1 Fury Power" (`add_power` on a unit), in place of Blast Runner.
fn acolyte(t: &mut T) {
    use engine::{CardSet, Cards};
    let card = serde_json::json!([{ "id": "ST1-003", "name": "Ember Acolyte", "zh": "余烬侍僧", "kind": "unit",
        "domains": ["fury"], "energy": 2, "might": 1, "text": "[E]: Add 1 Fury Power.", "text_zh": "[E]：添加1点炽烈力量。",
        "static": [{ "effect": "add_power", "domains": ["fury"] }] }]);
    let set = riftbound::cards::CardDb::builtin()
        .with_cards(card.as_array().unwrap(), "test")
        .unwrap_or_else(|e| panic!("{e}"));
    t.g.opts.cards = Cards::loaded(set);
}

#[test]
fn cr429_a_unit_with_an_add_ability_adds_power_from_a_battlefield_and_exhausts() {
    let mut t = manual(T::fury());
    acolyte(&mut t);
    t.plain();
    let u = t.put(0, "Ember Acolyte", Loc::Bf(0));
    assert!(t.can(&format!("exhaust c{u}")), "{:?}", t.legal());
    t.act(&format!("exhaust c{u}"));
    assert!(t.exhausted(u), "[E]: the unit exhausts");
    assert_eq!(pool(&t, 0).1[FURY], 1);
    assert!(!t.can(&format!("exhaust c{u}")));
}

#[test]
fn cr429_the_auto_pay_uses_a_units_add_ability_for_a_pip() {
    let mut t = T::fury();
    acolyte(&mut t);
    t.no_runes(0);
    for _ in 0..3 {
        t.rune(0, "Vortex Rune");
    }
    let u = t.put(0, "Ember Acolyte", Loc::Base(0));
    let c = t.in_hand(0, "Cackling Arsonist");
    assert!(t.can(&format!("play c{c}")), "the Fury pip from the unit: {:?}", t.legal());
    t.act(&format!("play c{c}"));
    t.pay();
    assert!(t.exhausted(u));
}

#[test]
fn add_power_on_a_spell_is_refused_by_the_card_file() {
    use engine::CardSet;
    let card = serde_json::json!([{ "id": "ST1-014", "name": "Sparkshot", "zh": "火花弹", "kind": "spell",
        "domains": ["fury"], "energy": 1, "text": "Test.", "text_zh": "测试。",
        "static": [{ "effect": "add_power", "domains": ["fury"] }] }]);
    let e = riftbound::cards::CardDb::builtin().with_cards(card.as_array().unwrap(), "test").map(|_| ()).unwrap_err();
    assert!(e.to_string().contains("add_power"), "{e}");
}

//! Hidden information (spec A33, A14): views, the log, and determinization.

use ardent::testkit::*;
use ardent::Zone::*;
use ardent::{ArdentGame, ArdentOptions, ArdentSetup};
use engine::{Game, GameRng, Seat, Viewer};

fn game(seed: u64) -> ArdentGame {
    ArdentGame::new(
        &ArdentOptions::default(),
        &ArdentSetup { decks: ardent::sample_decks(ardent::CardDb::omega_codex()).unwrap() },
        seed,
    )
    .unwrap()
}

#[test]
fn a33_hands_and_decks_are_hidden_and_their_counts_public() {
    let g = game(1);
    let v = g.view(Viewer::Seat(Seat(0)));
    assert!(v.players[0].hand.is_some());
    assert!(v.players[1].hand.is_none());
    assert_eq!(v.players[1].hand_count, 3);
    assert_eq!(v.players[1].deck_count, g.pile(Seat(1), Deck).len());
    let s = g.view(Viewer::Spectator);
    assert!(s.players.iter().all(|p| p.hand.is_none()));
    let json = serde_json::to_string(&s).unwrap();
    assert!(!json.contains("\"deck\":["), "no deck contents in a view");
}

#[test]
fn draws_are_private_to_the_drawer() {
    let mut t = Table::new();
    t.act("end");
    let mine = t.events(Viewer::Seat(P1));
    let theirs = t.events(Viewer::Seat(P2));
    let named = |ev: &[ardent::ArdentEvent]| {
        ev.iter().filter(|e| matches!(e, ardent::ArdentEvent::Drew { card: Some(_), .. })).count()
    };
    assert_eq!(named(&mine), 3);
    assert_eq!(named(&theirs), 0);
}

#[test]
fn determinize_keeps_my_view_and_the_opponents_multiset() {
    for seed in 0..30 {
        let g = game(seed);
        let me = g.current();
        let opp = me.other();
        let mut rng = GameRng::new(seed);
        let d = g.determinize(me, &mut rng);
        assert_eq!(d.view(Viewer::Seat(me)), g.view(Viewer::Seat(me)));
        d.check_invariants().unwrap();
        let multiset = |x: &ArdentGame| {
            let mut v: Vec<u8> =
                x.pile(opp, Hand).iter().chain(x.pile(opp, Deck).iter()).map(|c| x.def_of(c)).collect();
            v.sort();
            v
        };
        assert_eq!(multiset(&d), multiset(&g));
        assert_eq!(d.pile(me, Hand), g.pile(me, Hand));
    }
}

#[test]
fn determinize_actually_resamples_the_opponents_hand() {
    let g = game(5);
    let me = g.current();
    let changed = (0..20).any(|s| {
        let d = g.determinize(me, &mut GameRng::new(s));
        d.pile(me.other(), Hand) != g.pile(me.other(), Hand)
    });
    assert!(changed);
}

#[test]
fn a14_a_revealed_hand_is_visible_to_the_seat_it_was_shown_to_while_its_ability_resolves() {
    let mut t = Table::new();
    // The Auditor with two creatures of equal lowest Power in P2's hand: P1 must choose.
    let a = t.hand(P2, 5); // Tessa 2
    let b = t.hand(P2, 11); // Moth 2
    t.hand(P2, 26);
    let aud = t.hand(P1, 34);
    t.play(aud);
    assert_eq!(t.legal(), vec![format!("pick c{a}"), format!("pick c{b}")]);
    let v = t.g.view(Viewer::Seat(P1));
    assert!(v.players[1].hand.is_some(), "shown to P1 while the choice is open");
    assert!(t.g.view(Viewer::Spectator).players[1].hand.is_none());
    // Determinizing for P1 keeps the revealed hand, so P1's choices stay the same.
    let d = t.g.determinize(P1, &mut GameRng::new(3));
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    assert_eq!(legal.iter().map(|x| x.to_string()).collect::<Vec<_>>(), t.legal());
    t.pick(b);
    t.assert_at(b, P2, Score);
    assert!(t.g.view(Viewer::Seat(P1)).players[1].hand.is_none(), "hidden again afterwards");
    t.assert_main(P1);
}

#[test]
fn a_card_seen_going_back_to_a_hand_stays_public_and_survives_determinizing() {
    let mut t = Table::new();
    let y = t.play_area(P2, 14, ardent::CardState::Active);
    let payday = t.hand(P2, 26);
    let r = t.hand(P1, 71); // Recall: Yearn goes back to P2's hand, in view of everyone
    t.play(r);
    t.assert_at(y, P2, Hand);
    let v = t.g.view(Viewer::Spectator);
    assert_eq!(v.players[1].known_hand.iter().map(|c| c.id).collect::<Vec<_>>(), vec![y]);
    for s in 0..10 {
        let d = t.g.determinize(P1, &mut GameRng::new(s));
        assert!(d.pile(P2, Hand).contains(y));
        assert_eq!(d.view(Viewer::Seat(P1)), t.g.view(Viewer::Seat(P1)));
    }
    // Drawn cards are not public.
    t.act("end");
    t.play(payday);
    t.act("end");
    assert_eq!(t.g.view(Viewer::Spectator).players[1].known_hand.len(), 1);
}

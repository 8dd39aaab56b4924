//! R-S1..R-S7 setup, Appendix B 1, and the setup protocols' hidden information.

mod common;
use common::*;
use engine::{ActionErrorKind, Game, GameRng, Seat, Viewer};
use fate::options::{FirstPlayer, SetupProtocol};
use fate::{FateGame, FateOptions};

/// Count the leaves of one player's setup decisions.
fn count_setups(g: &FateGame) -> usize {
    let seat = to_act(g);
    let mut n = 0;
    for a in legal(g) {
        let mut h = g.clone();
        act(&mut h, &a);
        if is_over(&h) || to_act(&h) != seat || view(&h).players[seat].setup_stage == 5 {
            n += 1;
        } else {
            n += count_setups(&h);
        }
    }
    n
}

#[test]
fn r_s3_exactly_496_legal_setups_under_defaults() {
    assert_eq!(count_setups(&new_game(&FateOptions::default())), 496);
}

#[test]
fn a_2_setup_must_spend_all_false_gives_221_knight_page_subsets() {
    let opts = FateOptions { setup_must_spend_all: false, ..FateOptions::default() };
    assert_eq!(count_setups(&new_game(&opts)), 16 * 221);
}

#[test]
fn r_s3_one_knight_and_six_pages_is_rejected() {
    let mut g = new_game(&FateOptions::default());
    acts(&mut g, &["king=S", "queen=S"]);
    let msg = rejects(&mut g, "comp=16", ActionErrorKind::Illegal);
    assert!(msg.contains("R-S3"), "{msg}");
    rejects(&mut g, "comp=31", ActionErrorKind::Illegal);
    act(&mut g, "comp=32");
    rejects(&mut g, "knights=PC", ActionErrorKind::Illegal);
}

#[test]
fn r_s6_initial_resources_are_one_untapped_of_each_suit_and_hands_hold_the_choice() {
    let mut g = new_game(&FateOptions::default());
    acts(&mut g, &["king=S", "queen=C", "comp=24", "knights=PW", "pages=PCWS"]);
    acts(&mut g, &["king=W", "queen=W", "comp=40", "knights=PCWS"]);
    for p in 0..2 {
        for s in ['P', 'C', 'W', 'S'] {
            assert_eq!(res(&g, p, s), (1, 0));
        }
    }
    assert_eq!(hand(&g, 0).len(), 8);
    assert_eq!(hand(&g, 1).len(), 6);
    assert_eq!(view(&g).ply, 1);
    assert_eq!(step(&g), "draw");
    // R-S4: unchosen court cards are aside.
    assert_eq!(view(&g).players[1].aside.as_ref().unwrap().len(), 10);
}

#[test]
fn a_3_simultaneous_setup_hides_the_first_choice_until_both_are_done() {
    let mut g = new_game(&FateOptions::default());
    acts(&mut g, &["king=S", "queen=C", "comp=40", "knights=PCWS"]);
    assert_eq!(to_act(&g), 1);
    let v2 = g.view(Viewer::Seat(Seat(1)));
    assert!(v2.players[0].hand.is_empty() && v2.players[0].hand_hidden.is_none());
    assert!(v2.players[0].composition.is_none() && v2.players[0].aside.is_none());
    // The second chooser's view is the same whatever the first chose.
    let mut other = new_game(&FateOptions::default());
    acts(&mut other, &["king=P", "queen=P", "comp=24", "knights=CW", "pages=PCWS"]);
    assert_eq!(other.view(Viewer::Seat(Seat(1))), v2);
    // Determinizing for the second chooser keeps its view.
    let d = g.determinize(Seat(1), &mut GameRng::new(3));
    assert_eq!(d.view(Viewer::Seat(Seat(1))), v2);
    acts(&mut g, &["king=W", "queen=W", "comp=40", "knights=PCWS"]);
    let v2 = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(v2.players[0].hand.len(), 6, "revealed after both chose (openHands)");
}

#[test]
fn a_3_sequential_protocols_order_and_reveal_choices() {
    let opts = FateOptions { setup_protocol: SetupProtocol::SequentialSecondPlayerFirst, ..FateOptions::default() };
    let mut g = new_game(&opts);
    assert_eq!(to_act(&g), 1, "the second player chooses first");
    act(&mut g, "king=S");
    assert_eq!(g.view(Viewer::Seat(Seat(0))).players[1].hand.len(), 1, "sequential choices are public");
    let opts = FateOptions { setup_protocol: SetupProtocol::SequentialFirstPlayerFirst, ..FateOptions::default() };
    assert_eq!(to_act(&new_game(&opts)), 0);
}

#[test]
fn r_s1_first_player_option_and_setup_override() {
    let opts = FateOptions { first_player: FirstPlayer::P2, ..FateOptions::default() };
    let g = new_game(&opts);
    assert_eq!(to_act(&g), 1);
    assert_eq!(view(&g).first, 1);
    let setup = fate::FateSetup { first_player: Some(Seat(0)) };
    let g = FateGame::new(&opts, &setup, 0).unwrap();
    assert_eq!(view(&g).first, 0);
    let opts = FateOptions { first_player: FirstPlayer::Random, ..FateOptions::default() };
    let firsts: std::collections::BTreeSet<u8> =
        (0..20).map(|seed| view(&FateGame::new(&opts, &Default::default(), seed).unwrap()).first).collect();
    assert_eq!(firsts.len(), 2, "a seeded coin picks both seats over 20 seeds");
}

#[test]
fn a_1_shared_deck_is_refused_by_name() {
    let opts = FateOptions { deck_model: fate::options::DeckModel::Shared, ..FateOptions::default() };
    assert!(FateGame::new(&opts, &Default::default(), 0).unwrap_err().0.contains("deckModel"));
}

#[test]
fn options_serialise_with_spec_names_and_values() {
    let json = serde_json::to_value(FateOptions::default()).unwrap();
    assert_eq!(json["setupProtocol"], "SIMULTANEOUS_SECRET_THEN_REVEAL");
    assert_eq!(json["autoRecover"], "AUTO_MAX");
    assert_eq!(json["plyLimit"], 200);
    assert_eq!(json["qosMaxX"], 4);
    assert!(json["noProgressLimit"].is_null());
    let back: FateOptions = serde_json::from_value(serde_json::json!({"kosScope": "ALL_SUITS"})).unwrap();
    assert_eq!(back.kos_scope, fate::options::KosScope::AllSuits);
    assert_eq!(json.as_object().unwrap().len(), 43);
}

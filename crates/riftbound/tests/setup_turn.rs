//! Setup (CR 110–118, 482) and turn structure (CR 314–317).
mod common;
use common::*;
use engine::{Game, GameRng};
use riftbound::state::{Loc, Phase, Zone};
use riftbound::{Mode, RiftGame, RiftOptions, RiftSetup, SeatSetup};

#[test]
fn cr481_every_mode_samples_its_number_of_seats_and_starts() {
    for (mode, n) in [(Mode::Duel, 2), (Mode::Ffa3, 3), (Mode::Ffa4, 4), (Mode::TwoVsTwo, 4)] {
        let opts = RiftOptions { mode, ..RiftOptions::default() };
        let s = RiftGame::sample_setup(&opts, &mut GameRng::new(1)).unwrap();
        assert_eq!(s.seats.len(), n);
        let g = RiftGame::new(&opts, &s, 1).unwrap();
        assert_eq!(g.num_seats(), n);
        // Wrong number of seats for the mode.
        let s = RiftSetup { seats: vec![SeatSetup::deck("Wildfire Rush"); n + 1], first: None };
        let e = RiftGame::new(&opts, &s, 1).unwrap_err();
        assert!(e.to_string().contains("CR 481"), "{e}");
    }
}

#[test]
fn cr482_duel_needs_two_seats_and_legal_decks() {
    let s = RiftSetup { seats: vec![SeatSetup::deck("Wildfire Rush")], first: None };
    assert!(RiftGame::new(&RiftOptions::default(), &s, 1).is_err());
    let s =
        RiftSetup { seats: vec![SeatSetup::deck("Wildfire Rush"), SeatSetup::deck("Legend: 1 Nobody")], first: None };
    let e = RiftGame::new(&RiftOptions::default(), &s, 1).unwrap_err();
    assert!(e.to_string().contains("unknown card"), "{e}");
}

#[test]
fn cr116_117_opening_hand_of_four_then_mulligan_up_to_two_in_turn_order() {
    let g = RiftGame::new(
        &RiftOptions::default(),
        &setup("Wildfire Rush", "Lyceum Muster", "Scorched Plaza", "Archive Vault"),
        3,
    )
    .unwrap();
    let mut t = T { g };
    assert_eq!(t.g.phase, Phase::Mulligan);
    assert_eq!(t.seat(), 0, "the first player mulligans first");
    assert_eq!(t.hand(0), 4);
    assert_eq!(t.hand(1), 4);
    let hand = t.g.players[0].hand.clone();
    t.act(&format!("mull c{}", hand[0]));
    t.act(&format!("mull c{}", hand[1]));
    assert!(!t.legal().iter().any(|a| a.starts_with("mull")), "at most two (CR 117)");
    t.act("keep");
    assert_eq!(t.hand(0), 4);
    let deck = &t.g.players[0].deck;
    assert!(
        deck[deck.len() - 2..].contains(&hand[0]) && deck[deck.len() - 2..].contains(&hand[1]),
        "recycled to the bottom"
    );
    assert_eq!(t.seat(), 1);
    t.act("keep");
    assert_eq!(t.g.phase, Phase::Main);
}

#[test]
fn cr315_first_turn_channels_two_and_draws_one_second_player_channels_three() {
    let mut t = T::fury();
    assert_eq!(t.g.turn, 1);
    assert_eq!(t.board_runes(0), 2, "channel 2 (CR 315.3)");
    assert_eq!(t.hand(0), 5, "draw 1 (CR 315.4)");
    t.end_turn();
    assert_eq!(t.seat(), 1);
    assert_eq!(t.board_runes(1), 3, "second player channels one extra rune (CR 482)");
    assert_eq!(t.hand(1), 5);
}

#[test]
fn cr315_1_awaken_readies_units_runes_and_legend() {
    let mut t = T::fury();
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    t.g.objs[u as usize].set(riftbound::state::flag::EXHAUSTED, true);
    t.g.players[0].legend_exhausted = true;
    t.end_turn();
    t.end_turn();
    assert!(!t.exhausted(u));
    assert!(!t.g.players[0].legend_exhausted);
    assert_eq!(t.ready_runes(0), 4);
}

#[test]
fn cr317_end_of_turn_heals_and_ends_this_turn_effects_and_stun() {
    let mut t = T::fury();
    let u = t.put(0, "Crate Smasher", Loc::Base(0));
    t.g.objs[u as usize].damage = 2;
    t.g.objs[u as usize].temp_might = 3;
    t.g.objs[u as usize].set(riftbound::state::flag::STUNNED, true);
    t.end_turn();
    assert_eq!(t.damage(u), 0);
    assert_eq!(t.might(u), 3);
    assert!(!t.stunned(u));
}

#[test]
fn cr315_2_hold_scores_a_controlled_battlefield_at_the_start_of_turn() {
    let mut t = T::fury();
    t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    t.end_turn();
    assert_eq!(t.points(1), 1, "P2 holds b2");
    assert_eq!(t.g.players[1].scored, 0b10);
}

#[test]
fn turn_limit_ends_the_game_in_a_draw() {
    let opts = RiftOptions { turn_limit: 2, ..RiftOptions::default() };
    let g =
        RiftGame::new(&opts, &setup("Wildfire Rush", "Lyceum Muster", "Scorched Plaza", "Archive Vault"), 3).unwrap();
    let mut t = T { g };
    t.acts(&["keep", "keep", "end", "end"]);
    match t.g.status() {
        engine::Status::Over(o) => {
            assert!(o.winners.is_empty());
            assert_eq!(o.reason, "turn limit");
        }
        s => panic!("{s:?}"),
    }
}

#[test]
fn cr111_112_legend_and_chosen_champion_start_in_their_zones() {
    let t = T::fury();
    let champ = t.find(0, "Roxa, Fuse Runner");
    assert_eq!(t.zone(champ), Zone::ChampionZone);
    assert_eq!(t.g.def(t.g.players[0].legend).name, "Roxa, Wildfire Heart");
}

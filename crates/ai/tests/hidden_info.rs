//! design.md §5: bots see only what their seat sees. Two states that differ only in what the
//! deciding seat cannot see (the opponent's hidden Pebbles bonus) must give the same choice, at
//! the same bot seed, for every bot.

mod common;

use ai::{AiGame, BotSpec, Observation};
use common::{advance, twin_states};
use engine::testgame::{Pebbles, PebblesAction};
use engine::{Game, Seat, Viewer};

const SPECS: [&str; 11] = [
    "random",
    "greedy",
    "greedy:4",
    "mcts:300",
    "mcts:300x2",
    "mcts:200,rollout=greedy",
    "mcts:200,cap=2",
    "easy",
    "medium",
    "hard",
    "expert",
];

fn choice(spec: &str, state: &Pebbles, seed: u64) -> PebblesAction {
    let spec: BotSpec = spec.parse().unwrap();
    let mut bot = spec.build::<Pebbles>(&Pebbles::kit(), seed).unwrap();
    let obs = Observation::of_seat_to_act(state).unwrap();
    bot.choose(&obs).unwrap()
}

fn check_twins(seat: Seat, moves: &[PebblesAction]) {
    let mut twins = twin_states(seat);
    advance(&mut twins, moves);
    let (a, b) = &twins;
    assert_eq!(a.status().to_act(), Some(seat));
    assert_eq!(a.view(Viewer::Seat(seat)), b.view(Viewer::Seat(seat)), "the seat cannot tell them apart");
    assert_ne!(a.view(Viewer::Omniscient), b.view(Viewer::Omniscient), "but the true states differ");
    for spec in SPECS {
        for seed in 0..6 {
            assert_eq!(choice(spec, a, seed), choice(spec, b, seed), "{spec} (seed {seed}) read hidden state");
        }
    }
}

#[test]
fn no_bot_reads_the_opponents_hidden_bonus_at_the_start() {
    check_twins(Seat(0), &[]);
}

#[test]
fn no_bot_reads_the_opponents_hidden_bonus_mid_game_as_p1() {
    check_twins(Seat(0), &[PebblesAction::Take(1), PebblesAction::Take(2)]);
}

#[test]
fn no_bot_reads_the_opponents_hidden_bonus_as_p2() {
    check_twins(Seat(1), &[PebblesAction::Take(2)]);
    check_twins(Seat(1), &[PebblesAction::Take(1), PebblesAction::Take(3), PebblesAction::Take(3)]);
}

#[test]
fn whole_games_are_identical_when_only_hidden_information_differs_until_it_is_revealed() {
    // P1's bot plays both twins with the same seed; P2 only takes (never reveals its bonus), so
    // P1's information sets stay identical and so must every P1 choice.
    let mut twins = twin_states(Seat(0));
    let spec: BotSpec = "mcts:200".parse().unwrap();
    let kit = Pebbles::kit();
    let mut bot_a = spec.build::<Pebbles>(&kit, 9).unwrap();
    let mut bot_b = spec.build::<Pebbles>(&kit, 9).unwrap();
    let mut turns = 0;
    while twins.0.status().to_act() == Some(Seat(0)) {
        let a = bot_a.choose(&Observation::of_seat_to_act(&twins.0).unwrap()).unwrap();
        let b = bot_b.choose(&Observation::of_seat_to_act(&twins.1).unwrap()).unwrap();
        assert_eq!(a, b, "turn {turns}");
        advance(&mut twins, &[a]);
        if twins.0.status().is_over() {
            break;
        }
        advance(&mut twins, &[PebblesAction::Take(1)]);
        turns += 1;
    }
    assert!(turns > 0);
}

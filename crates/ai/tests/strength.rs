//! Bots are not just legal but sensible: Pebbles is Nim (take 1–3, last pebble wins), so a search
//! that works finds the multiples of four.

mod common;

use ai::{arena_game, AiGame, ArenaConfig, BotSpec};
use engine::testgame::Pebbles;

fn specs(names: &[&str]) -> Vec<BotSpec> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn mcts_beats_random_clearly_from_either_seat() {
    // 100 games per seat.
    let config = ArenaConfig::new("pebbles", specs(&["mcts:300", "random"]), 200, 11);
    let r = arena_game::<Pebbles>(&config, &Pebbles::kit(), None).unwrap();
    let p = &r.pairings[0];
    assert_eq!(p.a_wins + p.b_wins + p.draws, 200);
    assert!(p.a_wins >= 170, "mcts won only {} of 200 against random", p.a_wins);
    assert!(r.players[0].elo > r.players[1].elo);
}

#[test]
fn mcts_self_play_wins_from_the_first_seat_when_the_first_seat_can_win() {
    // From 9, taking 1 leaves 8, a multiple of four: the first seat wins with correct play.
    let mut config = ArenaConfig::new("pebbles", specs(&["mcts:400", "mcts:400"]), 40, 3);
    config.options = serde_json::json!({ "pile": 9 });
    let r = arena_game::<Pebbles>(&config, &Pebbles::kit(), None).unwrap();
    let p = &r.pairings[0];
    assert!(p.first_seat_wins >= 38, "first seat won {} of 40 in MCTS self-play from 9", p.first_seat_wins);
    // From 8 the first seat loses against correct play.
    config.options = serde_json::json!({ "pile": 8 });
    let r = arena_game::<Pebbles>(&config, &Pebbles::kit(), None).unwrap();
    assert!(r.pairings[0].first_seat_wins <= 2, "first seat won {} of 40 from 8", r.pairings[0].first_seat_wins);
}

#[test]
fn elo_ranks_the_stronger_bot_higher_with_separated_intervals() {
    let config = ArenaConfig::new("pebbles", specs(&["random", "greedy", "mcts:200"]), 60, 5);
    let r = arena_game::<Pebbles>(&config, &Pebbles::kit(), None).unwrap();
    let random = &r.players[0];
    let greedy = &r.players[1];
    // Greedy with the Nim evaluator plays perfectly: it beats random almost always.
    assert!(greedy.elo > random.elo + 200.0, "{r}");
    assert!(greedy.elo_ci.0 > random.elo_ci.1, "intervals should separate: {r}");
    for p in &r.players {
        assert!(p.elo_ci.0 <= p.elo + 1e-9 && p.elo <= p.elo_ci.1 + 1e-9, "{r}");
        assert_eq!(p.games, 120);
    }
    let text = r.to_string();
    assert!(text.contains("greedy") && text.contains("95% interval"), "{text}");
}

#[test]
fn arena_results_do_not_depend_on_the_thread_count() {
    let config = ArenaConfig::new("pebbles", specs(&["mcts:60x2", "greedy", "random"]), 10, 77);
    let one = common::pool(1).install(|| arena_game::<Pebbles>(&config, &Pebbles::kit(), None).unwrap());
    let two = common::pool(2).install(|| arena_game::<Pebbles>(&config, &Pebbles::kit(), None).unwrap());
    assert_eq!(one, two);
}

#[test]
fn arena_needs_two_bots() {
    let config = ArenaConfig::new("pebbles", specs(&["random"]), 10, 1);
    let e = arena_game::<Pebbles>(&config, &Pebbles::kit(), None).unwrap_err();
    assert!(e.to_string().contains("at least two bots"), "{e}");
}

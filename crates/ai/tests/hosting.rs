//! Games by name: the registry hosts use, bots at type-erased tables, and the benchmark.

use ai::{dyn_bot, games, registry};
use engine::Status;

#[test]
fn registry_offers_every_game_the_ai_knows() {
    let names = registry().names();
    assert!(names.contains(&"pebbles"));
    assert_eq!(names, games::games().iter().map(|g| g.name).collect::<Vec<_>>());
    let e = games::game("go").err().unwrap().to_string();
    assert!(e.contains("unknown game 'go'") && e.contains("pebbles"), "{e}");
}

#[test]
fn bots_play_whole_games_at_a_hosted_table() {
    let entry = *registry().get("pebbles").unwrap();
    for (seed, specs) in [(1, ["mcts:100", "random"]), (2, ["greedy", "mcts:50x2"])] {
        let mut table = entry.create(&serde_json::Value::Null, None, seed).unwrap();
        let mut bots: Vec<_> =
            specs.iter().enumerate().map(|(i, s)| dyn_bot("pebbles", s, i as u64).unwrap()).collect();
        let mut moves = 0;
        while let Status::ToAct(seat) = table.status() {
            let notation = bots[seat.index()].choose(table.as_ref()).unwrap();
            assert!(table.legal_actions().iter().any(|a| a.notation == notation), "{notation} is legal");
            table.apply(&notation).unwrap();
            moves += 1;
            assert!(moves <= 15);
        }
        assert!(bots[0].choose(table.as_ref()).is_err(), "no decision once the game is over");
    }
}

#[test]
fn a_bot_for_one_game_refuses_another_and_bad_specs_are_refused() {
    assert!(dyn_bot("pebbles", "deep-blue", 1).err().unwrap().to_string().contains("unknown bot 'deep-blue'"));
    assert!(dyn_bot("nope", "random", 1).is_err());
}

#[test]
fn bench_counts_every_iteration() {
    let pebbles = games::game("pebbles").unwrap();
    let r = (pebbles.bench)(&serde_json::Value::Null, 2000, 2, 1).unwrap();
    assert_eq!((r.iterations, r.threads, r.game.as_str()), (2000, 2, "pebbles"));
    assert!(r.iterations_per_sec > 0.0 && r.seconds > 0.0);
    assert!((pebbles.bench)(&serde_json::Value::Null, 0, 1, 1).is_err());
}

#[test]
fn a_time_budget_answers_in_about_its_time() {
    let entry = *registry().get("pebbles").unwrap();
    let table = entry.create(&serde_json::Value::Null, None, 3).unwrap();
    let mut bot = dyn_bot("pebbles", "mcts:30msx2", 1).unwrap();
    let start = std::time::Instant::now();
    let notation = bot.choose(table.as_ref()).unwrap();
    let took = start.elapsed();
    assert!(table.legal_actions().iter().any(|a| a.notation == notation));
    assert!(took >= std::time::Duration::from_millis(30) && took < std::time::Duration::from_secs(2), "{took:?}");
}

#[test]
fn with_threads_runs_on_a_pool_of_that_size() {
    assert_eq!(ai::with_threads(3, rayon::current_num_threads).unwrap(), 3);
}

//! Games by name: the registry hosts use, bots at type-erased tables, and the benchmark.

use ai::{dyn_bot, games, registry};
use engine::{DynGame, Status};

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

/// A hosted table that counts how often it is asked for its history or replay (what a bot would
/// need to rebuild the game), and otherwise is the table it wraps.
struct Counting {
    inner: Box<dyn engine::DynGame>,
    asked: std::sync::atomic::AtomicUsize,
}

impl Counting {
    fn ask(&self) {
        self.asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl engine::DynGame for Counting {
    fn game_name(&self) -> &'static str {
        self.inner.game_name()
    }
    fn num_seats(&self) -> usize {
        self.inner.num_seats()
    }
    fn status(&self) -> Status {
        self.inner.status()
    }
    fn legal_actions(&self) -> Vec<engine::dynamic::ActionInfo> {
        self.inner.legal_actions()
    }
    fn concede_action(&self, seat: engine::Seat) -> Option<String> {
        self.inner.concede_action(seat)
    }
    fn out_of_turn_actions(&self, seat: engine::Seat) -> Vec<engine::dynamic::ActionInfo> {
        self.inner.out_of_turn_actions(seat)
    }
    fn may_send(&self, seat: engine::Seat, notation: &str) -> Result<(), engine::ActionError> {
        self.inner.may_send(seat, notation)
    }
    fn prompt(&self) -> Option<engine::Prompt> {
        self.inner.prompt()
    }
    fn outcome_label(&self) -> Option<engine::Label> {
        self.inner.outcome_label()
    }
    fn catalogue(&self) -> Vec<engine::CardInfo> {
        self.inner.catalogue()
    }
    fn apply(
        &mut self,
        notation: &str,
    ) -> Result<Vec<engine::LogEntry<engine::dynamic::LoggedEvent>>, engine::ActionError> {
        self.inner.apply(notation)
    }
    fn view(&self, viewer: engine::Viewer) -> serde_json::Value {
        self.inner.view(viewer)
    }
    fn render(&self, viewer: engine::Viewer) -> String {
        self.inner.render(viewer)
    }
    fn position(&self) -> Option<String> {
        self.inner.position()
    }
    fn history(&self) -> &[String] {
        self.ask();
        self.inner.history()
    }
    fn replay(&self) -> engine::Replay {
        self.ask();
        self.inner.replay()
    }
    fn clone_box(&self) -> Box<dyn engine::DynGame> {
        self.inner.clone_box()
    }
    fn random_action(&self, rng: &mut engine::GameRng) -> Option<String> {
        self.inner.random_action(rng)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self.inner.as_any()
    }
}

/// Issue #16 item 5: a bot's move at a hosted table is one search of the table's typed state.
/// It never asks for the history or the replay, so it cannot be replaying them (measured by
/// the count of those calls, which stays zero over whole games of every game).
#[test]
fn a_bot_at_a_hosted_table_never_replays_the_history() {
    for name in ["fate", "ardent", "riftbound", "pebbles"] {
        let entry = *registry().get(name).unwrap();
        let mut table = Counting { inner: entry.create(&serde_json::Value::Null, None, 7).unwrap(), asked: 0.into() };
        let mut bot = dyn_bot(name, "greedy", 3).unwrap();
        let mut moves = 0;
        while let Status::ToAct(_) = table.status() {
            let notation = bot.choose(&table).unwrap();
            table.apply(&notation).unwrap();
            moves += 1;
            if moves == 40 {
                break;
            }
        }
        assert!(moves > 5, "{name}: {moves} moves");
        assert_eq!(table.asked.load(std::sync::atomic::Ordering::Relaxed), 0, "{name}: the bot asked for the history");
        // The table's history is real: a rebuild would have had something to replay.
        assert_eq!(table.inner.history().len(), moves);
    }
}

#[test]
fn a_bot_for_one_game_refuses_a_table_of_another() {
    let table = registry().get("pebbles").unwrap().create(&serde_json::Value::Null, None, 1).unwrap();
    let e = dyn_bot("fate", "random", 1).unwrap().choose(table.as_ref()).unwrap_err().to_string();
    assert!(e.contains("a fate bot cannot play at a pebbles table"), "{e}");
}

/// Issue #16 item 3: a bot answers a draw offer by its evaluation of its own information set.
/// Pebbles: a pile that is a multiple of 4 loses for the seat to act (its evaluator knows it).
#[test]
fn bots_accept_a_draw_when_losing_and_refuse_it_when_winning() {
    let entry = *registry().get("pebbles").unwrap();
    let losing_to_act = entry.create(&serde_json::json!({"pile": 12}), None, 1).unwrap();
    let winning_to_act = entry.create(&serde_json::json!({"pile": 13}), None, 1).unwrap();
    let (p1, p2) = (engine::Seat(0), engine::Seat(1));
    for spec in ["greedy", "mcts:100", "hard"] {
        assert!(ai::accepts_draw(losing_to_act.as_ref(), p1, spec, 3).unwrap(), "{spec}: P1 to act at 12 is lost");
        assert!(!ai::accepts_draw(losing_to_act.as_ref(), p2, spec, 3).unwrap(), "{spec}: P2 is winning");
        assert!(!ai::accepts_draw(winning_to_act.as_ref(), p1, spec, 3).unwrap(), "{spec}: P1 to act at 13 wins");
    }
    assert!(!ai::accepts_draw(losing_to_act.as_ref(), p1, "random", 3).unwrap(), "random has no judgement");
    assert!(ai::accepts_draw(losing_to_act.as_ref(), engine::Seat(5), "greedy", 3).is_err());
}

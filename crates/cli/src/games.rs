//! The games this binary hosts, by name.

use engine::{DynGame, Registry, Seat};
use std::sync::Arc;

/// With `CARDTABLE_TEST_GAME=1` in the environment the engine's test game `pebbles` is hosted
/// too (its cards are loadable), so the binary's tests reach every host path without a rules
/// crate.
pub fn registry() -> Registry {
    let r = Registry::new().with::<fate::FateGame>().with::<ardent::ArdentGame>().with::<riftbound::RiftGame>();
    if std::env::var_os(TEST_GAME_VAR).is_some_and(|v| v == "1") {
        r.with::<engine::testgame::Pebbles>()
    } else {
        r
    }
}

/// The environment variable that adds the test game.
pub const TEST_GAME_VAR: &str = "CARDTABLE_TEST_GAME";

/// The bots the server can seat: every bot of `crates/ai` (random, greedy, mcts:…), each seeing
/// only its own seat (the bot rebuilds the game and plays through an `ai::Observation`).
pub fn bots() -> Arc<dyn server::BotHost> {
    Arc::new(AiBots)
}

struct AiBots;

impl server::BotHost for AiBots {
    fn choose(&self, game: &dyn DynGame, _seat: Seat, spec: &str, seed: u64) -> Result<String, String> {
        let mut bot = ai::dyn_bot(game.game_name(), spec, seed).map_err(|e| e.to_string())?;
        bot.choose(game).map_err(|e| e.to_string())
    }
    fn validate(&self, game: &str, spec: &str) -> Result<(), String> {
        // Specs come from strangers here: no bot may read a file of the server's.
        if spec.parse::<ai::BotSpec>().is_ok_and(|s| s.reads_files()) {
            return Err(format!("bot '{spec}': this server does not load weights files; use eval=learned or a level"));
        }
        ai::dyn_bot(game, spec, 0).map(|_| ()).map_err(|e| e.to_string())
    }
    fn accepts_draw(&self, game: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<bool, String> {
        ai::accepts_draw(game, seat, spec, seed).map_err(|e| e.to_string())
    }
    fn budget(&self, game: &str, spec: &str) -> Result<server::bots::BotBudget, String> {
        let (ms_per_move, iterations_per_move) =
            spec.parse::<ai::BotSpec>().and_then(|s| s.per_move_budget_in(game)).map_err(|e| e.to_string())?;
        Ok(server::bots::BotBudget { ms_per_move, iterations_per_move })
    }
    fn analyse(
        &self,
        replay: &engine::Replay,
        max_nodes: u64,
        max_seconds: f64,
    ) -> Option<Result<serde_json::Value, String>> {
        analyse(replay, max_nodes, Some(max_seconds))
    }
}

/// The computer analysis of a finished game, as JSON, for the games that have a solver (Fate
/// Deduction, docs/fate-solver.md): `max_nodes` per position, `max_seconds` in all. `None`
/// for other games. Shared by `cardtable replay --analyse` and the server's analysis endpoint.
pub fn analyse(
    replay: &engine::Replay,
    max_nodes: u64,
    max_seconds: Option<f64>,
) -> Option<Result<serde_json::Value, String>> {
    use fate::solve::analysis::{analyse_replay, analysis_config};
    if replay.game != <fate::FateGame as engine::Game>::NAME {
        return None;
    }
    let deadline = max_seconds.map(|s| std::time::Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
    Some(
        analyse_replay(replay, &analysis_config(max_nodes), deadline)
            .and_then(|a| serde_json::to_value(a).map_err(|e| e.to_string())),
    )
}

/// Run `f` with the typed game named `name` (for benchmarks that must not go through JSON).
#[macro_export]
macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        match $name {
            "fate" => {
                type $g = fate::FateGame;
                Ok($body)
            }
            "ardent" => {
                type $g = ardent::ArdentGame;
                Ok($body)
            }
            "riftbound" => {
                type $g = riftbound::RiftGame;
                Ok($body)
            }
            "pebbles" if std::env::var_os($crate::games::TEST_GAME_VAR).is_some_and(|v| v == "1") => {
                type $g = engine::testgame::Pebbles;
                Ok($body)
            }
            other => Err(anyhow::anyhow!(
                "unknown game '{other}': choose one of {}",
                $crate::games::registry().names().join(", ")
            )),
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use server::BotHost;

    /// Issue #16 item 1: every level is a bot the server seats, in every game, within the
    /// server's default caps; and no spec from a stranger may make the server read a file.
    #[test]
    fn the_server_seats_every_level_in_every_game() {
        let host = AiBots;
        let limits = server::Limits::default();
        for game in registry().names() {
            for level in ai::Level::ALL {
                host.validate(game, level.name()).unwrap_or_else(|e| panic!("{game} {level}: {e}"));
                let b = host.budget(game, level.name()).unwrap();
                assert_eq!(b.ms_per_move, 0);
                assert!(b.iterations_per_move > 0 && b.iterations_per_move <= limits.max_bot_iterations_per_move);
            }
        }
        let e = host.validate("fate", "mcts:100,eval=/etc/weights.json").unwrap_err();
        assert!(e.contains("does not load weights files"), "{e}");
    }
}

//! Bots as seats. The bots themselves live elsewhere (crates/ai); the caller hands the server a
//! [`BotHost`] that chooses moves. Moves are chosen off the async runtime (spawn_blocking).

use crate::app::App;
use engine::{DynGame, GameRng, Seat};

/// What one move of a bot may cost, as its host reports it: thinking time in core-milliseconds
/// (time budget × threads) and search iterations per move. Zero: no such budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotBudget {
    pub ms_per_move: u64,
    pub iterations_per_move: u64,
}

/// Chooses moves for bot seats.
pub trait BotHost: Send + Sync {
    /// The action (in notation) the bot described by `spec` plays for `seat`, which is to act.
    /// Implementations must only use what `seat` may see (its view, legal actions, determinize).
    fn choose(&self, game: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<String, String>;
    /// Whether `spec` names a bot this host can run for `game`; the error names the problem.
    fn validate(&self, game: &str, spec: &str) -> Result<(), String>;
    /// Whether the bot `spec` at `seat` accepts the draw on offer at `game`, judged only from
    /// what `seat` may see. The default refuses every draw.
    fn accepts_draw(&self, game: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<bool, String> {
        let _ = (game, seat, spec, seed);
        Ok(false)
    }
    /// What one move of the bot `spec` may cost; the server refuses specs above its caps
    /// ([`crate::Limits::max_bot_ms_per_move`], [`crate::Limits::max_bot_iterations_per_move`]).
    fn budget(&self, game: &str, spec: &str) -> Result<BotBudget, String> {
        let _ = (game, spec);
        Ok(BotBudget::default())
    }
    /// Computer analysis of a finished game (`GET /api/tables/{id}/analysis`): what the host's
    /// solver says about each move, as JSON, within `max_nodes` per position and `max_seconds`
    /// in all. `None`: no analysis for this game (the default).
    fn analyse(
        &self,
        replay: &engine::Replay,
        max_nodes: u64,
        max_seconds: f64,
    ) -> Option<Result<serde_json::Value, String>> {
        let _ = (replay, max_nodes, max_seconds);
        None
    }
}

/// Whether the server seats the bot `spec` at a table of `game`: the host knows it, and its
/// budget per move is within the server's caps (the error names the cap).
pub fn check_bot(app: &App, game: &str, spec: &str) -> Result<(), String> {
    app.bots.validate(game, spec)?;
    let b = app.bots.budget(game, spec)?;
    let limits = &app.limits;
    if b.ms_per_move > limits.max_bot_ms_per_move {
        return Err(format!(
            "bot '{spec}' may think {} ms per move; this server allows at most {} ms per move (the bot time cap)",
            b.ms_per_move, limits.max_bot_ms_per_move
        ));
    }
    if b.iterations_per_move > limits.max_bot_iterations_per_move {
        return Err(format!(
            "bot '{spec}' may search {} iterations per move; this server allows at most {} per move (the bot iteration cap)",
            b.iterations_per_move, limits.max_bot_iterations_per_move
        ));
    }
    Ok(())
}

/// The random bot: a uniformly random legal action. Spec: `random`. It refuses draw offers
/// (it has no judgement of the position) and accepts every take-back the undo rules allow.
pub struct RandomBots;

impl BotHost for RandomBots {
    fn choose(&self, game: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<String, String> {
        self.validate(game.game_name(), spec)?;
        if game.status().to_act() != Some(seat) {
            return Err(format!("{seat} is not to act"));
        }
        game.random_action(&mut GameRng::new(seed)).ok_or_else(|| "no legal action".to_string())
    }
    fn validate(&self, _game: &str, spec: &str) -> Result<(), String> {
        if spec == "random" {
            Ok(())
        } else {
            Err(format!("unknown bot '{spec}': this server offers only 'random'"))
        }
    }
}

/// A seed for a bot's move, derived from the table's seed and the move number (splitmix64).
pub fn bot_seed(table_seed: u64, seq: u64) -> u64 {
    let mut z = table_seed ^ seq.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

//! Bots as seats. The bots themselves live elsewhere (crates/ai); the caller hands the server a
//! [`BotHost`] that chooses moves. Moves are chosen off the async runtime (spawn_blocking).

use engine::{DynGame, GameRng, Seat};

/// Chooses moves for bot seats.
pub trait BotHost: Send + Sync {
    /// The action (in notation) the bot described by `spec` plays for `seat`, which is to act.
    /// Implementations must only use what `seat` may see (its view, legal actions, determinize).
    fn choose(&self, game: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<String, String>;
    /// Whether `spec` names a bot this host can run for `game`; the error names the problem.
    fn validate(&self, game: &str, spec: &str) -> Result<(), String>;
}

/// The random bot: a uniformly random legal action. Spec: `random`.
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

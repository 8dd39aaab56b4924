//! Bots, arena and balance simulation for cardtable games (design.md §5).
//!
//! Bots see only what their seat sees. A bot is handed an [`Observation`]: the legal actions,
//! its own seat's view, the status, and `determinize` (a state sampled consistently with that
//! view). It is never handed the true state, so no bot can read hidden information — the type
//! system enforces it, and `tests/hidden_info.rs` checks it.
//!
//! - [`bots`]: [`RandomBot`], [`GreedyBot`] (one ply, scored by an [`Evaluator`]) and
//!   [`MctsBot`] (single-observer IS-MCTS with root parallelism), built from text by [`BotSpec`].
//! - [`arena()`]: a round robin between bot specs with Elo ratings and 95% intervals.
//! - [`simulate()`]: many games in parallel, identical whatever the thread count, with shards,
//!   [`merge`] and an HTML [`report`].
//! - [`games`]: the games by name — [`registry`], evaluators and per-game statistics.

pub mod arena;
pub mod bench;
pub mod bot;
pub mod bots;
pub mod elo;
pub mod error;
pub mod eval;
pub mod games;
pub mod levels;
pub mod observation;
pub mod play;
pub mod report;
pub mod sim;
pub mod spec;
pub mod threads;
pub mod train;
pub mod wilson;

pub use arena::{arena, arena_game, ArenaConfig, ArenaResults};
pub use bench::{mcts_iterations_per_sec, BenchResult};
pub use bot::Bot;
pub use bots::greedy::GreedyBot;
pub use bots::mcts::{Budget, MctsBot, MctsConfig, Rollout};
pub use bots::random::RandomBot;
pub use error::AiError;
pub use eval::{AiGame, EvalChoice, Evaluator, Kit};
pub use games::{accepts_draw, dyn_bot, registry, DynBot, GameAi};
pub use levels::{level_spec, Level};
pub use observation::Observation;
pub use sim::{merge, simulate, simulate_game, Counters, GameStats, Shard, SimConfig, SimResults};
pub use spec::BotSpec;
pub use threads::with_threads;
pub use train::{train, TrainConfig};
pub use wilson::wilson_interval;

/// A progress hook: called with (games done, games to play) as games finish, from any thread.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

//! The games by name: the registry the CLI and server host, and the AI of each game (its kit,
//! simulation, arena, benchmark and bots for type-erased tables).
//!
//! `pebbles` is the engine's test game; it stays registered so hosts can be tested without a
//! rules crate.

use crate::arena::{arena_game, ArenaConfig, ArenaResults};
use crate::bench::{mcts_iterations_per_sec, BenchResult};
use crate::bot::Bot;
use crate::error::AiError;
use crate::eval::learned::{Featured, Weights};
use crate::eval::{AiGame, EvalChoice};
use crate::observation::Observation;
use crate::sim::{simulate_game, SimConfig, SimResults};
use crate::spec::BotSpec;
use crate::train::TrainConfig;
use crate::Progress;
use engine::dynamic::merge_json;
use engine::dynamic::Hosted;
use engine::testgame::Pebbles;
use engine::{DynGame, Game, Registry, Seat};
use serde_json::Value;

/// Every game the AI knows, in the order hosts list them.
pub fn games() -> Vec<GameAi> {
    vec![
        GameAi::learned::<fate::FateGame>(),
        GameAi::learned::<ardent::ArdentGame>(),
        GameAi::learned::<riftbound::RiftGame>(),
        GameAi::of::<Pebbles>(),
    ]
}

/// The games hosts offer, by name.
pub fn registry() -> Registry {
    games().iter().fold(Registry::new(), |r, g| (g.register)(r))
}

/// The AI of the game called `name`.
pub fn game(name: &str) -> Result<GameAi, AiError> {
    let all = games();
    let known = all.iter().map(|g| g.name).collect::<Vec<_>>().join(", ");
    all.into_iter().find(|g| g.name == name).ok_or(AiError::UnknownGame { name: name.to_string(), known })
}

/// A bot for a type-erased table (`engine::DynGame`), as the server seats them. Levels are
/// resolved for the game; an evaluator the game lacks (or a weights file that does not load) is
/// an error here, before any move.
pub fn dyn_bot(game_name: &str, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, AiError> {
    let spec: BotSpec = spec.parse()?;
    (game(game_name)?.dyn_bot)(&spec, seed)
}

/// Determinizations a bot averages when it judges a draw offer.
pub const DRAW_SAMPLES: usize = 16;

/// Whether the bot `spec` at `seat` accepts a draw at `table`: when its evaluator (the one its
/// spec or level names) estimates its reward below the 0.5 a draw is worth, over
/// [`DRAW_SAMPLES`] determinizations of its information set. A bot without an evaluator
/// (`random`) refuses.
pub fn accepts_draw(table: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<bool, AiError> {
    let ai = game(table.game_name())?;
    let spec = spec.parse::<BotSpec>()?.resolve(ai.name)?;
    if spec == BotSpec::Random {
        return Ok(false);
    }
    let choice = spec.eval_choice().cloned().unwrap_or_default();
    Ok((ai.evaluate)(table, seat, &choice, DRAW_SAMPLES, seed)? < 0.5)
}

type SimulateFn = fn(&SimConfig, Option<Progress<'_>>) -> Result<SimResults, AiError>;
type ArenaFn = fn(&ArenaConfig, Option<Progress<'_>>) -> Result<ArenaResults, AiError>;
type BenchFn = fn(&Value, u32, usize, u64) -> Result<BenchResult, AiError>;
type DynBotFn = fn(&BotSpec, u64) -> Result<Box<dyn DynBot>, AiError>;
type TrainFn = fn(&TrainConfig, Option<Progress<'_>>) -> Result<Weights, AiError>;
type EvaluateFn = fn(&dyn DynGame, Seat, &EvalChoice, usize, u64) -> Result<f64, AiError>;
type RegisterFn = fn(Registry) -> Registry;

/// One game's AI, reachable by name.
#[derive(Clone, Copy)]
pub struct GameAi {
    pub name: &'static str,
    pub simulate: SimulateFn,
    pub arena: ArenaFn,
    /// MCTS iterations per second from the opening: (options, iterations, threads, seed).
    pub bench: BenchFn,
    pub dyn_bot: DynBotFn,
    /// Self-play training of the learned evaluator (`None`: the game has no features for one).
    pub train: Option<TrainFn>,
    /// A seat's estimated reward at a table (0 loss … 1 win), by the named evaluator, averaged
    /// over determinizations of that seat's information set (so it uses only what the seat may
    /// see): (table, seat, evaluator, determinizations, seed). How a bot judges a draw offer.
    pub evaluate: EvaluateFn,
    register: RegisterFn,
}

impl GameAi {
    pub fn of<G: AiGame>() -> Self {
        GameAi {
            name: G::NAME,
            simulate: |c, p| simulate_game::<G>(c, &G::kit(), p),
            arena: |c, p| arena_game::<G>(c, &G::kit(), p),
            bench: |options, iterations, threads, seed| {
                let options = parse_options::<G>(options)?;
                mcts_iterations_per_sec::<G>(&options, G::kit().evaluator, iterations, threads, seed)
            },
            dyn_bot: |spec, seed| Ok(Box::new(TypedDynBot::<G> { bot: spec.build::<G>(&G::kit(), seed)? })),
            train: None,
            evaluate: |table, seat, choice, samples, seed| {
                let hosted = table.as_any().downcast_ref::<Hosted<G>>().ok_or_else(|| {
                    AiError::Config(format!("a {} evaluator cannot judge a {} table", G::NAME, table.game_name()))
                })?;
                if seat.index() >= hosted.state.num_seats() {
                    return Err(AiError::Config(format!("{seat} is not a seat of this table")));
                }
                let evaluator = G::kit().evaluator_for(choice)?;
                let mut rng = engine::GameRng::new(seed);
                let samples = samples.max(1);
                let total: f64 =
                    (0..samples).map(|_| evaluator.evaluate(&hosted.state.determinize(seat, &mut rng), seat)).sum();
                Ok(total / samples as f64)
            },
            register: |r| r.with::<G>(),
        }
    }

    /// [`GameAi::of`] for a game with a learned evaluator: it can also be trained.
    pub fn learned<G: AiGame + Featured>() -> Self {
        GameAi { train: Some(|c, p| crate::train::train::<G>(c, p)), ..GameAi::of::<G>() }
    }
}

/// Rules options from JSON: what is given overrides the spec's defaults; `null` is all defaults.
pub fn parse_options<G: Game>(options: &Value) -> Result<G::Options, AiError> {
    if options.is_null() {
        return Ok(G::Options::default());
    }
    let mut full = serde_json::to_value(G::Options::default()).map_err(|e| AiError::Config(e.to_string()))?;
    merge_json(&mut full, options);
    serde_json::from_value(full).map_err(|e| AiError::Config(format!("bad {} options: {e}", G::NAME)))
}

/// A bot at a type-erased table. It answers in notation.
pub trait DynBot: Send {
    fn name(&self) -> String;
    /// The action (in notation) for the seat to act at `table`.
    fn choose(&mut self, table: &dyn DynGame) -> Result<String, AiError>;
}

struct TypedDynBot<G: Game> {
    bot: Box<dyn Bot<G>>,
}

impl<G: Game> DynBot for TypedDynBot<G> {
    fn name(&self) -> String {
        self.bot.name()
    }

    /// One search of the table's own typed state: the table is an [`engine::dynamic::Hosted`]
    /// game, whose state is reached by downcasting, so no move replays the history (issue #16
    /// item 5; `tests/hosting.rs` checks that a bot never asks the table for its replay).
    fn choose(&mut self, table: &dyn DynGame) -> Result<String, AiError> {
        let hosted = table.as_any().downcast_ref::<Hosted<G>>().ok_or_else(|| {
            AiError::Config(format!("a {} bot cannot play at a {} table", G::NAME, table.game_name()))
        })?;
        let action = self.bot.choose(&Observation::of_seat_to_act(&hosted.state)?)?;
        Ok(action.to_string())
    }
}

//! The games by name: the registry the CLI and server host, and the AI of each game (its kit,
//! simulation, arena, benchmark and bots for type-erased tables).
//!
//! `pebbles` is the engine's test game; it stays registered so hosts can be tested without a
//! rules crate.

use crate::arena::{arena_game, ArenaConfig, ArenaResults};
use crate::bench::{mcts_iterations_per_sec, BenchResult};
use crate::bot::Bot;
use crate::error::AiError;
use crate::eval::AiGame;
use crate::observation::Observation;
use crate::sim::{simulate_game, SimConfig, SimResults};
use crate::spec::BotSpec;
use crate::Progress;
use engine::dynamic::merge_json;
use engine::testgame::Pebbles;
use engine::{DynGame, Game, Registry, Status, Viewer};
use serde_json::Value;

/// Every game the AI knows, in the order hosts list them.
pub fn games() -> Vec<GameAi> {
    vec![
        GameAi::of::<fate::FateGame>(),
        GameAi::of::<ardent::ArdentGame>(),
        GameAi::of::<riftbound::RiftGame>(),
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

/// A bot for a type-erased table (`engine::DynGame`), as the server seats them.
pub fn dyn_bot(game_name: &str, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, AiError> {
    let spec: BotSpec = spec.parse()?;
    Ok((game(game_name)?.dyn_bot)(&spec, seed))
}

type SimulateFn = fn(&SimConfig, Option<Progress<'_>>) -> Result<SimResults, AiError>;
type ArenaFn = fn(&ArenaConfig, Option<Progress<'_>>) -> Result<ArenaResults, AiError>;
type BenchFn = fn(&Value, u32, usize, u64) -> Result<BenchResult, AiError>;
type DynBotFn = fn(&BotSpec, u64) -> Box<dyn DynBot>;
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
            dyn_bot: |spec, seed| Box::new(TypedDynBot::<G> { bot: spec.build::<G>(G::kit().evaluator, seed) }),
            register: |r| r.with::<G>(),
        }
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

impl<G: Game> TypedDynBot<G> {
    /// Rebuild the typed state from the table's replay (setup or position, then the actions).
    fn rebuild(table: &dyn DynGame) -> Result<G, AiError> {
        let replay = table.replay();
        if replay.game != G::NAME {
            return Err(AiError::Config(format!("a {} bot cannot play {}", G::NAME, replay.game)));
        }
        let options = parse_options::<G>(&replay.options)?;
        let mut state = match &replay.position {
            Some(p) => G::from_position(&options, p)?,
            None => {
                let setup: G::Setup = serde_json::from_value(replay.setup.clone())
                    .map_err(|e| AiError::Config(format!("bad {} setup in table: {e}", G::NAME)))?;
                G::new(&options, &setup, replay.seed)?
            }
        };
        let mut log = engine::EventLog::disabled();
        for a in &replay.actions {
            state
                .apply_notation(a, &mut log)
                .map_err(|e| AiError::Config(format!("table history does not replay at '{a}': {e}")))?;
        }
        Ok(state)
    }
}

impl<G: Game> DynBot for TypedDynBot<G> {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn choose(&mut self, table: &dyn DynGame) -> Result<String, AiError> {
        let state = Self::rebuild(table)?;
        let Status::ToAct(seat) = state.status() else { return Err(AiError::GameOver) };
        // The rebuilt state must be the table's: same seat to act, same view for that seat.
        if table.status() != state.status()
            || table.view(Viewer::Seat(seat))
                != serde_json::to_value(state.view(Viewer::Seat(seat))).unwrap_or(Value::Null)
        {
            return Err(AiError::Config("the table's state does not match its replay".into()));
        }
        let action = self.bot.choose(&Observation::of_seat_to_act(&state)?)?;
        Ok(action.to_string())
    }
}

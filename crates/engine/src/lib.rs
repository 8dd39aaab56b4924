//! The game-agnostic contract of cardtable (design.md §2–§4).
//!
//! A game implements [`Game`]; everything else — bots, the simulator, the server, replays,
//! scenarios and the conformance harness — uses only this contract. The engine knows no game.

pub mod bench;
pub mod cards;
pub mod conformance;
pub mod dynamic;
pub mod error;
pub mod game;
pub mod label;
pub mod log;
pub mod present;
pub mod replay;
pub mod rng;
pub mod scenario;
pub mod seat;
pub mod testgame;

pub use cards::{CardFormat, CardProblem, CardSet, CardSetError, Cards, NoCards};
pub use dynamic::{DynGame, GameEntry, Hosted, Registry};
pub use error::{ActionError, ActionErrorKind, NotationError, SetupError};
pub use game::{Game, Outcome, Status};
pub use label::Label;
pub use log::{EventLog, LogEntry, Visibility};
pub use present::{ActionKind, ActionMeta, CardInfo, CardRef, EventKind, EventText, OptionInfo, Prompt};
pub use replay::Replay;
pub use rng::GameRng;
pub use seat::{Seat, Viewer};

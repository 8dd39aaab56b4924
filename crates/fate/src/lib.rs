//! Fate Deduction (命运演绎), a two-player tarot card game, implemented from the formal
//! specification `fate-deduction.md` (labels such as R-C4, A-27 and §8.1 refer to it).
//!
//! Credit: the original designer of 命运演绎 (Fate Deduction), from the design document
//! 命运演绎（桌游demo）. The source asks that any derivative credit its designer and source.
//!
//! The notation of actions and positions is documented in `docs/fate.md`.

pub mod action;
pub mod card;
mod catalogue;
mod combat;
mod decisions;
mod determinize;
mod effects;
mod flow;
mod game;
mod legal;
pub mod options;
mod position;
mod present;
mod skills;
pub mod solve;
mod state;
pub mod view;

pub use action::{FateAction, KocOption, SkillArg, Target};
pub use game::FateSetup;
pub use options::FateOptions;
pub use present::FateEvent;
pub use state::FateGame;
pub use view::FateView;

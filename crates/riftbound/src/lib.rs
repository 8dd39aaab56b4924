//! Riftbound (符文战场) core rules, CR 2026-07-16 baseline (see ../shared/specs/riftbound.md),
//! played with our original starter set ST1. Every decision is an atomic [`RiftAction`].

pub mod action;
pub mod board_index;
mod build;
pub mod card_file;
mod card_place;
pub mod cards;
mod control;
pub mod deck;
mod extra_cost;
mod flow;
pub mod game;
pub mod keywords;
pub mod layers;
mod legal;
mod multiplayer;
pub mod notes;
pub mod ops;
pub mod options;
mod payment;
mod pool;
pub mod position;
pub mod present;
mod render;
mod resolve;
mod restage;
pub mod setup;
mod split;
pub mod starter;
pub mod state;
pub mod view;

pub use action::{Ref, RiftAction, Src};
pub use deck::{DeckError, DeckList};
pub use game::RiftEvent;
pub use options::{Edition, Mode, RiftOptions};
pub use payment::Cost;
pub use setup::{RiftSetup, SeatSetup};
pub use state::RiftGame;
pub use view::RiftView;

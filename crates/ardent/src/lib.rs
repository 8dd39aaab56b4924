//! Ardent Reapers (熱誠收割者) for cardtable: the rules of ../shared/specs/ardent-reapers.md
//! and the 100 cards of *Omega Codex*, against the engine contract.
//!
//! - [`card`]: one card; [`carddb`]: a card set as a value; [`cardfile`]: the set file format;
//!   [`effect`]: the effect vocabulary.
//! - [`state`], [`derived`], [`resolve`], [`fight`], [`turn`], [`setup`]: the rules.
//! - [`action`]: notation; [`view`]: hidden information; [`deck`]: deck lists.

pub mod action;
pub mod card;
pub mod carddb;
pub mod cardfile;
pub mod deck;
pub mod deckgen;
pub mod derived;
pub mod effect;
pub mod event;
pub mod fight;
pub mod game;
pub mod options;
pub mod pile;
pub mod position;
pub mod present;
pub mod resolve;
pub mod setup;
pub mod state;
pub mod testkit;
pub mod turn;
pub mod view;

pub use action::ArdentAction;
pub use card::{CardDef, CardState, CardType, Rarity, DECK_SIZE};
pub use carddb::CardDb;
pub use deck::{random_deck, sample_decks, DeckError, DeckList};
pub use event::ArdentEvent;
pub use options::ArdentOptions;
pub use setup::ArdentSetup;
pub use state::{ArdentGame, Zone};
pub use view::ArdentView;

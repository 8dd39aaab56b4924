//! Print-and-play and Tabletop Simulator output for Ardent Reapers decks (spec §10.1: "Printing",
//! "Tabletop Simulator"). Kept out of the rules crate so that it stays free of heavy dependencies.
//!
//! - [`deck_pdf`]: the print-and-play PDF (deck list page, then 3 × 3 cards of 63 × 88 mm per
//!   page with crop marks; vector, fonts embedded).
//! - [`tts_export`]: the Tabletop Simulator card sheet, back and saved object.
//! - [`face`]: the card face, drawn once for both through [`canvas::Canvas`].

pub mod canvas;
pub mod face;
pub mod fonts;
pub mod pdf;
pub mod raster;
pub mod tts;

pub use pdf::{deck_pdf, Paper};
pub use tts::{tts_export, TtsFiles};

use ardent::deck::{DeckError, DeckList};
use ardent::deckgen::GeneratedDeck;
use ardent::{CardDb, CardDef};

/// The printers print built-in (*Omega Codex*) decks: card `id` of the built-in set.
pub(crate) fn def(id: u8) -> &'static CardDef {
    CardDb::omega_codex().def(id)
}

/// What the printers need of a deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintDeck {
    pub name_en: String,
    pub name_zh: Option<String>,
    /// A short id printed on the list page (e.g. `AR1-000000042`).
    pub code: Option<String>,
    /// Card ids of the built-in set ([`CardDb::def`]).
    pub cards: Vec<u8>,
    /// A line about the deck's rating for the list page (docs/ardent-ratings.md), if rated.
    pub rating: Option<String>,
}

impl From<&GeneratedDeck> for PrintDeck {
    fn from(d: &GeneratedDeck) -> PrintDeck {
        PrintDeck {
            name_en: d.name_en.clone(),
            name_zh: Some(d.name_zh.clone()),
            code: Some(d.code()),
            cards: d.cards.clone(),
            rating: None,
        }
    }
}

impl PrintDeck {
    /// Every card id must name a card of the pool.
    pub fn check(&self) -> Result<(), String> {
        match self.cards.iter().find(|&&id| usize::from(id) >= CardDb::omega_codex().len()) {
            Some(id) => Err(format!("deck '{}': unknown card id {id}", self.name_en)),
            None => Ok(()),
        }
    }

    /// From a checked deck list (no Chinese name).
    pub fn from_list(list: &DeckList) -> Result<PrintDeck, DeckError> {
        Ok(PrintDeck {
            name_en: list.name.clone(),
            name_zh: None,
            code: None,
            cards: list.resolve(CardDb::omega_codex())?,
            rating: None,
        })
    }
}

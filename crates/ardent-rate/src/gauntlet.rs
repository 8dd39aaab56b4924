//! The reference gauntlet a deck is rated against (docs/ardent-ratings.md §1): a fixed, versioned
//! list of generated decks. A version, once published, never changes; a rating names the version
//! it was measured against.

use crate::RateError;
use ardent::deckgen::{self, GeneratedDeck};
use engine::GameRng;

/// The newest gauntlet version.
pub const LATEST: u32 = 1;

/// Decks in gauntlet v1.
pub const V1_SIZE: usize = 32;
/// The recipe the v1 gauntlet's decks come from.
pub const V1_RECIPE: u32 = 1;
/// The seed that picks the v1 gauntlet's serials ("GAUNTLT1" in ASCII).
pub const V1_SEED: u64 = 0x4741_554E_544C_5431;

/// A gauntlet: its version and its decks (card ids, sorted), in a fixed order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gauntlet {
    pub version: u32,
    pub decks: Vec<GeneratedDeck>,
}

impl Gauntlet {
    /// Gauntlet `version`: v1 is 32 decks of deck recipe v1 whose serials are drawn, without
    /// repeats, uniformly from the recipe's serials by `GameRng::new(V1_SEED)`.
    pub fn get(version: u32) -> Result<Gauntlet, RateError> {
        match version {
            1 => {
                let generator = deckgen::generator(V1_RECIPE).map_err(|e| RateError::Deck(e.to_string()))?;
                let mut rng = GameRng::new(V1_SEED);
                let mut serials: Vec<u64> = Vec::with_capacity(V1_SIZE);
                while serials.len() < V1_SIZE {
                    let s = rng.below(generator.capacity());
                    if !serials.contains(&s) {
                        serials.push(s);
                    }
                }
                let decks = serials
                    .iter()
                    .map(|&s| generator.generate(s).map_err(|e| RateError::Deck(e.to_string())))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Gauntlet { version, decks })
            }
            v => Err(RateError::UnknownGauntlet(v)),
        }
    }

    /// Whether a serial of the gauntlet's recipe is one of its decks (training avoids them).
    pub fn holds_serial(&self, serial: u64) -> bool {
        self.decks.iter().any(|d| d.serial == serial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauntlet_v1_is_32_distinct_generated_decks_and_stable() {
        let g = Gauntlet::get(1).unwrap();
        assert_eq!(g.decks.len(), V1_SIZE);
        let mut serials: Vec<u64> = g.decks.iter().map(|d| d.serial).collect();
        serials.sort_unstable();
        serials.dedup();
        assert_eq!(serials.len(), V1_SIZE);
        assert_eq!(Gauntlet::get(1).unwrap(), g);
        assert!(g.decks.iter().all(|d| d.recipe_version == V1_RECIPE && d.cards.len() == 17));
    }

    #[test]
    fn unknown_gauntlet_versions_are_refused() {
        assert_eq!(Gauntlet::get(9).unwrap_err(), RateError::UnknownGauntlet(9));
    }
}

//! Fair generation (docs/ardent-ratings.md §4): generated decks whose predicted rating lies in a
//! band. Candidates are the generator's own serials, tried in order, so every deck is still the
//! unique deck of its serial (docs/ardent-decks.md); a band only filters which serials are kept.

use crate::model::Model;
use crate::RateError;
use ardent::deckgen::{GeneratedDeck, Generator};

/// The decks found and how many candidates were drawn to find them.
#[derive(Clone, Debug, PartialEq)]
pub struct Banded {
    pub decks: Vec<GeneratedDeck>,
    pub drawn: u64,
}

/// Up to `count` decks from serial `first` on whose predicted rating is in `low..=high`,
/// skipping serials `taken` says are used. Gives up with an error after `max_draws` candidates.
pub fn banded(
    generator: &Generator,
    model: &Model,
    (low, high): (f64, f64),
    count: usize,
    first: u64,
    max_draws: u64,
    mut taken: impl FnMut(u64) -> bool,
) -> Result<Banded, RateError> {
    if low.is_nan() || high.is_nan() || low > high {
        return Err(RateError::Config(format!("rating band {low}..{high} is empty")));
    }
    let mut decks = Vec::with_capacity(count);
    let mut drawn = 0u64;
    let mut serial = first;
    let mut cards = Vec::with_capacity(17);
    while decks.len() < count {
        if drawn >= max_draws {
            return Err(RateError::Config(format!(
                "found {} of {count} decks rated {low}..{high} in {drawn} candidates: widen the band",
                decks.len()
            )));
        }
        if serial >= generator.capacity() {
            return Err(RateError::Config(format!("ran out of serials at {serial}")));
        }
        drawn += 1;
        if !taken(serial) {
            generator.cards_into(serial, &mut cards).map_err(|e| RateError::Deck(e.to_string()))?;
            let r = model.predict(&cards);
            if (low..=high).contains(&r) {
                decks.push(generator.generate(serial).map_err(|e| RateError::Deck(e.to_string()))?);
            }
        }
        serial += 1;
    }
    Ok(Banded { decks, drawn })
}

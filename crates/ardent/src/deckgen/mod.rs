//! The unique deck generator (spec §8 "Decks, deck generation and sets"): 17-card decks from the
//! *Omega Codex* pool, a name for each, all a pure function of (serial, recipe version).
//!
//! - [`recipe`]: the versioned constants ([`Recipe::v1`]).
//! - [`signature`]: how a deck carries its serial, which makes decks unique by construction.
//! - [`names`]: deck names in English and Chinese.
//!
//! Every random choice comes from [`engine::GameRng`] seeded from the serial and the recipe
//! version, with integer weights only, so a deck is the same on every machine.
//! docs/ardent-decks.md documents the recipe and proves uniqueness.

pub mod names;
pub mod recipe;
pub mod signature;

pub use recipe::Recipe;

use crate::card::{CardType, Rarity, OMEGA_CODEX};
use crate::carddb::CardDb;
use crate::deck::DeckList;
use engine::GameRng;
use serde::{Deserialize, Serialize};
use signature::Signature;
use std::sync::OnceLock;
use thiserror::Error;

/// Why a deck cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DeckgenError {
    #[error("unknown deck recipe version {0} (known: 1)")]
    UnknownRecipe(u32),
    #[error("serial {serial} is out of range for recipe v{version}: it serves serials 0..{capacity}")]
    SerialOutOfRange { serial: u64, version: u32, capacity: u64 },
    #[error("deck recipe v{version} is unusable: {reason}")]
    BadRecipe { version: u32, reason: String },
}

/// A generated deck: what the deck library stores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneratedDeck {
    pub serial: u64,
    pub recipe_version: u32,
    pub name_en: String,
    pub name_zh: String,
    /// Card ids (see [`CardDb::def`], the built-in set), sorted ascending: the canonical list.
    pub cards: Vec<u8>,
}

impl GeneratedDeck {
    /// The rules crate's deck list (English name, `OmegaCodex NNN` codes).
    pub fn to_deck_list(&self) -> DeckList {
        DeckList::from_ids(&CardDb::builtin(), self.name_en.clone(), &self.cards)
    }

    /// A short, stable id for people: `AR1-000000042` (recipe version, serial).
    pub fn code(&self) -> String {
        format!("AR{}-{:09}", self.recipe_version, self.serial)
    }
}

/// A recipe prepared for fast generation (tables built once).
#[derive(Clone, Debug)]
pub struct Generator {
    recipe: Recipe,
    signature: Signature,
    /// Per type (creature, action, relic): card ids and their weights, sampled slots.
    by_type: [Vec<u8>; 3],
    weights: Vec<u64>,
    /// Per card id: its Linked partner, if any.
    partner: Vec<Option<u8>>,
    /// The set the decks are dealt from.
    db: CardDb,
}

fn type_index(t: CardType) -> usize {
    match t {
        CardType::Creature => 0,
        CardType::Action => 1,
        CardType::Relic => 2,
    }
}

impl Generator {
    /// Prepare a recipe over a card set; checks that it can honour its own constraints. The
    /// recipes name Omega Codex cards (linked pairs by collector number).
    pub fn new(recipe: &Recipe, db: &CardDb) -> Result<Generator, DeckgenError> {
        let bad = |reason: String| DeckgenError::BadRecipe { version: recipe.version, reason };
        if recipe.signature_slots() > recipe.deck_size {
            return Err(bad("more signature groups than cards in a deck".into()));
        }
        // Signature slots hold exactly `creature_groups` creatures; sampled slots make up the rest.
        if recipe.min_creatures > recipe.creature_groups + recipe.sampled_slots() {
            return Err(bad("the creature minimum cannot be reached".into()));
        }
        if recipe.relic_groups > recipe.max_relics {
            return Err(bad("more relic groups than the relic maximum".into()));
        }
        if recipe.max_copies < 2 {
            // Sampled cards may repeat one signature card once (docs §3, "copies").
            return Err(bad("the construction needs max_copies ≥ 2".into()));
        }
        let signature = signature::build(recipe, db).map_err(bad)?;
        let cards = db.cards();
        let mut by_type: [Vec<u8>; 3] = Default::default();
        let mut weights = vec![0u64; cards.len()];
        let mut partner = vec![None; cards.len()];
        for (i, c) in cards.iter().enumerate() {
            by_type[type_index(c.card_type)].push(i as u8);
            weights[i] = recipe.rarity_weight(c.rarity);
        }
        for &(a, b) in recipe.linked_pairs {
            let ia = db.lookup(OMEGA_CODEX, a);
            let ib = db.lookup(OMEGA_CODEX, b);
            let (Some(ia), Some(ib)) = (ia, ib) else {
                return Err(bad(format!("linked pair {a:03}/{b:03} names an unknown card")));
            };
            if signature.grouped[ia as usize] || signature.grouped[ib as usize] {
                return Err(bad(format!("linked card {a:03} or {b:03} is in a signature group")));
            }
            partner[ia as usize] = Some(ib);
            partner[ib as usize] = Some(ia);
        }
        for (i, c) in cards.iter().enumerate() {
            if c.rarity == Rarity::Linked && partner[i].is_none() {
                return Err(bad(format!("Linked card {} has no partner in linked_pairs", c.code())));
            }
        }
        Ok(Generator { recipe: recipe.clone(), signature, by_type, weights, partner, db: db.clone() })
    }

    pub fn recipe(&self) -> &Recipe {
        &self.recipe
    }

    pub fn signature(&self) -> &Signature {
        &self.signature
    }

    /// Serials this recipe serves: `0..capacity()`.
    pub fn capacity(&self) -> u64 {
        self.signature.capacity
    }

    /// The deck of `serial`, with its names.
    pub fn generate(&self, serial: u64) -> Result<GeneratedDeck, DeckgenError> {
        let cards = self.cards(serial)?;
        let (name_en, name_zh) = names::deck_name(serial, self.recipe.version);
        Ok(GeneratedDeck { serial, recipe_version: self.recipe.version, name_en, name_zh, cards })
    }

    /// The sorted card list of `serial` (no names): the fast path.
    pub fn cards(&self, serial: u64) -> Result<Vec<u8>, DeckgenError> {
        let mut out = Vec::with_capacity(self.recipe.deck_size);
        self.cards_into(serial, &mut out)?;
        Ok(out)
    }

    /// As [`Generator::cards`], into a reused buffer (cleared first).
    pub fn cards_into(&self, serial: u64, out: &mut Vec<u8>) -> Result<(), DeckgenError> {
        let r = &self.recipe;
        if serial >= self.signature.capacity {
            return Err(DeckgenError::SerialOutOfRange {
                serial,
                version: r.version,
                capacity: self.signature.capacity,
            });
        }
        out.clear();
        let mut rng = GameRng::derive(serial, 0xDEC0_0000 | u64::from(r.version));
        // 1. The sampled part (docs §2.3): type by weight under the playability limits, then a
        //    card of that type by rarity weight, without replacement.
        let mut creatures = r.creature_groups;
        let mut relics = r.relic_groups;
        let mut taken = [false; 256];
        let mut left = r.sampled_slots();
        let mut card_weights: Vec<u64> = Vec::with_capacity(64);
        while left > 0 {
            let must_creature = r.min_creatures.saturating_sub(creatures) >= left;
            let mut tw = r.sampled_type_weights;
            if must_creature {
                tw[1] = 0;
                tw[2] = 0;
            }
            if relics >= r.max_relics {
                tw[2] = 0;
            }
            let ti = rng.weighted_index(&tw).unwrap_or(0);
            let ids = &self.by_type[ti];
            card_weights.clear();
            for &c in ids {
                let mut w = if taken[c as usize] { 0 } else { self.weights[c as usize] };
                if let Some(p) = self.partner[c as usize] {
                    // A Linked pair needs two slots and must leave the minimum reachable.
                    let pt = self.db.def(p).card_type;
                    let c_after = creatures + usize::from(ti == 0) + usize::from(pt == CardType::Creature);
                    let relics_after = relics + usize::from(ti == 2) + usize::from(pt == CardType::Relic);
                    if left < 2
                        || taken[p as usize]
                        || r.min_creatures.saturating_sub(c_after) > left - 2
                        || relics_after > r.max_relics
                    {
                        w = 0;
                    }
                }
                card_weights.push(w);
            }
            let Some(k) = rng.weighted_index(&card_weights) else {
                return Err(DeckgenError::BadRecipe {
                    version: r.version,
                    reason: format!("no card left to sample of type #{ti}"),
                });
            };
            let c = ids[k];
            for card in std::iter::once(c).chain(self.partner[c as usize]) {
                taken[card as usize] = true;
                out.push(card);
                left -= 1;
                match self.db.def(card).card_type {
                    CardType::Creature => creatures += 1,
                    CardType::Relic => relics += 1,
                    CardType::Action => {}
                }
            }
        }
        // 2. The signature part: one card per group, the digits making the checksum π(serial).
        let partial = self.signature.checksum(out);
        let target = self.signature.target(serial);
        for (j, digit) in self.signature.digits(target, partial) {
            let class = &self.signature.groups[j].classes[digit];
            let k = if class.cards.len() == 1 { 0 } else { rng.weighted_index(&class.weights).unwrap_or(0) };
            out.push(class.cards[k]);
        }
        out.sort_unstable();
        Ok(())
    }

    /// The serial whose deck is exactly this card list (any order), or `None` if no serial of
    /// this recipe yields it. Reads the serial from the checksum, then regenerates to confirm.
    pub fn identify(&self, cards: &[u8]) -> Option<u64> {
        if cards.iter().any(|&c| c as usize >= self.db.len()) {
            return None;
        }
        let serial = self.signature.serial_of_checksum(self.signature.checksum(cards));
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        (self.cards(serial).ok()? == sorted).then_some(serial)
    }

    /// Check a card list against the recipe's constraints (size, creature minimum, relic
    /// maximum, copies). Returns the first broken constraint.
    pub fn check(&self, cards: &[u8]) -> Result<(), String> {
        let r = &self.recipe;
        if cards.len() != r.deck_size {
            return Err(format!("{} cards, not {}", cards.len(), r.deck_size));
        }
        let creatures = cards.iter().filter(|&&c| self.db.def(c).is_creature()).count();
        if creatures < r.min_creatures {
            return Err(format!("{creatures} creatures, fewer than {}", r.min_creatures));
        }
        let relics = cards.iter().filter(|&&c| self.db.def(c).is_relic()).count();
        if relics > r.max_relics {
            return Err(format!("{relics} relics, more than {}", r.max_relics));
        }
        let mut counts = [0usize; 256];
        for &c in cards {
            counts[c as usize] += 1;
            if counts[c as usize] > r.max_copies {
                return Err(format!("{} copies of {}", counts[c as usize], self.db.def(c).code()));
            }
        }
        for &(a, b) in r.linked_pairs {
            let (ia, ib) =
                (self.db.lookup(OMEGA_CODEX, a).map(usize::from), self.db.lookup(OMEGA_CODEX, b).map(usize::from));
            if let (Some(ia), Some(ib)) = (ia, ib) {
                if counts[ia] != counts[ib] {
                    return Err(format!("Linked cards {a:03} and {b:03} not together"));
                }
            }
        }
        Ok(())
    }
}

/// The prepared generator of a known recipe version over the built-in set (built once per
/// process): the deck library's decks are Omega Codex decks.
pub fn generator(version: u32) -> Result<&'static Generator, DeckgenError> {
    static V1: OnceLock<Result<Generator, DeckgenError>> = OnceLock::new();
    match version {
        1 => V1.get_or_init(|| Generator::new(&Recipe::v1(), &CardDb::builtin())).as_ref().map_err(Clone::clone),
        v => Err(DeckgenError::UnknownRecipe(v)),
    }
}

/// The deck of `serial` under recipe `version` (the deck library's entry point).
pub fn generate(serial: u64, version: u32) -> Result<GeneratedDeck, DeckgenError> {
    generator(version)?.generate(serial)
}

/// The deck of `serial` under a recipe (known versions use the cached tables).
pub fn generate_with(serial: u64, recipe: &Recipe) -> Result<GeneratedDeck, DeckgenError> {
    match Recipe::by_version(recipe.version) {
        Some(known) if &known == recipe => generate(serial, recipe.version),
        _ => Generator::new(recipe, &CardDb::builtin())?.generate(serial),
    }
}

/// Benchmark helper for `cardtable bench`: generate decks (card lists, no names, no store) from
/// serial 0 on, on this thread, for about `seconds`, and return decks per second. Reads the clock
/// only to time itself; the decks do not depend on it.
pub fn decks_per_second(seconds: f64) -> f64 {
    let Ok(g) = generator(Recipe::latest().version) else { return 0.0 };
    let start = std::time::Instant::now();
    let mut out = Vec::with_capacity(g.recipe().deck_size);
    let mut serial = 0u64;
    let mut checksum = 0u64;
    loop {
        for _ in 0..1000 {
            if g.cards_into(serial % g.capacity(), &mut out).is_ok() {
                checksum = checksum.wrapping_add(u64::from(out[0]));
            }
            serial += 1;
        }
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds {
            std::hint::black_box(checksum);
            return serial as f64 / elapsed;
        }
    }
}

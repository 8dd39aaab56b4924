//! The deck recipe (spec §8 "Size and uniqueness", "Rarity"): every constant the generator uses,
//! under a version number. A deck is a function of (serial, recipe version) alone, so a recipe
//! version, once published, never changes; a new idea is a new version. The v1 constants are
//! explained in docs/ardent-decks.md.

use crate::card::{CardType, Rarity, DECK_SIZE};

/// A versioned deck recipe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The version number; part of the RNG seed and of the serial scramble key.
    pub version: u32,
    /// Cards per deck (spec §2.1: 17).
    pub deck_size: usize,
    /// Relative frequency of one card of each rarity (spec §8 "Rarity": rarity is how often a
    /// card appears). Integer weights; no floating point anywhere in the sampling.
    pub weight_common: u64,
    pub weight_rare: u64,
    pub weight_variant: u64,
    pub weight_linked: u64,
    /// The weight of one signature class: a class is `class_weight / weight` cards of one rarity,
    /// so every class of a signature group is equally likely as a whole.
    pub class_weight: u64,
    /// Signature groups per card type (one signature card of that type per group, every deck).
    pub creature_groups: usize,
    pub action_groups: usize,
    pub relic_groups: usize,
    /// Type weights of a sampled (non-signature) slot: creature, action, relic.
    pub sampled_type_weights: [u64; 3],
    /// Playability: at least this many creatures (setup digs for two, spec §3 step 3).
    pub min_creatures: usize,
    /// Playability: at most this many relics.
    pub max_relics: usize,
    /// Copies of one card a deck may hold (spec §8: duplicates are allowed; real decks hold 2).
    pub max_copies: usize,
    /// Linked cards (spec §8 "Linked" hypothesis: added together with a related card), by
    /// collector number: drawing either card of a pair adds both.
    pub linked_pairs: &'static [(u16, u16)],
}

/// Recipe versions this build knows, newest last.
pub const KNOWN_VERSIONS: [u32; 1] = [1];

impl Recipe {
    /// Recipe v1 (docs/ardent-decks.md §2).
    pub const fn v1() -> Recipe {
        Recipe {
            version: 1,
            deck_size: DECK_SIZE,
            weight_common: 6,
            weight_rare: 2,
            weight_variant: 3,
            weight_linked: 2,
            class_weight: 6,
            creature_groups: 6,
            action_groups: 4,
            relic_groups: 1,
            sampled_type_weights: [45, 40, 15],
            min_creatures: 7,
            max_relics: 4,
            max_copies: 2,
            // 028 Gregory Illinivich and 064 Book of the Line, the two Linked cards of Omega Codex.
            linked_pairs: &[(28, 64)],
        }
    }

    /// The newest recipe.
    pub const fn latest() -> Recipe {
        Recipe::v1()
    }

    /// The recipe with this version number, if this build knows it.
    pub fn by_version(version: u32) -> Option<Recipe> {
        match version {
            1 => Some(Recipe::v1()),
            _ => None,
        }
    }

    /// The weight of one card of this rarity.
    pub fn rarity_weight(&self, rarity: Rarity) -> u64 {
        match rarity {
            Rarity::Common => self.weight_common,
            Rarity::Rare => self.weight_rare,
            Rarity::Variant => self.weight_variant,
            Rarity::Linked => self.weight_linked,
        }
    }

    /// Signature groups of this type.
    pub fn groups_of(&self, t: CardType) -> usize {
        match t {
            CardType::Creature => self.creature_groups,
            CardType::Action => self.action_groups,
            CardType::Relic => self.relic_groups,
        }
    }

    /// Signature cards per deck (one per group).
    pub fn signature_slots(&self) -> usize {
        self.creature_groups + self.action_groups + self.relic_groups
    }

    /// Sampled cards per deck.
    pub fn sampled_slots(&self) -> usize {
        self.deck_size.saturating_sub(self.signature_slots())
    }
}

//! The signature: how a deck carries its serial, which makes the serial → deck map injective by
//! construction (spec §8: "the same list is never generated twice"; proof in
//! docs/ardent-decks.md §3).
//!
//! - The pool's cards (Linked ones excepted) are cut into *classes* of equal total weight, and the
//!   classes of each card type are dealt round-robin into *signature groups*. A card belongs to at
//!   most one group; its *digit* is the index of its class in that group.
//! - Group `j` has radix `r_j` (its number of classes) and place value `B_j = r_0 · … · r_(j-1)`.
//!   The recipe's *capacity* is `M = r_0 · … · r_(g-1)`.
//! - The *checksum* of any card list is `Σ digit(c) · B_group(c) mod M` over every card of the
//!   list that belongs to a group (repeats counted).
//! - A deck for serial `s` is built so that its checksum equals `π(s)`, where `π` is a bijection
//!   of `0..M` (a Feistel network with cycle walking). So the card list alone gives back `s`
//!   (`π⁻¹(checksum)`), and two serials can never share a list.

use super::recipe::Recipe;
use crate::card::{CardType, Rarity};
use crate::carddb::CardDb;

/// A set of cards of one rarity and type whose weights add up to the recipe's class weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    pub cards: Vec<u8>,
    pub weights: Vec<u64>,
}

/// One signature group: one signature card of `card_type` per deck, chosen by one digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub card_type: CardType,
    pub classes: Vec<Class>,
    /// Place value of this group's digit.
    pub base: u64,
}

impl Group {
    pub fn radix(&self) -> u64 {
        self.classes.len() as u64
    }
}

/// The signature tables of one recipe.
#[derive(Clone, Debug)]
pub struct Signature {
    pub groups: Vec<Group>,
    /// `M`, the number of serials the recipe can serve.
    pub capacity: u64,
    /// Per card id: the value `digit · base` it adds to the checksum (0 if in no group).
    pub value: Vec<u64>,
    /// Per card id: whether it is in a group.
    pub grouped: Vec<bool>,
    feistel: Feistel,
}

/// Why a recipe cannot be built into tables.
pub fn build(recipe: &Recipe, db: &CardDb) -> Result<Signature, String> {
    let cards = db.cards();
    let mut groups = Vec::new();
    for t in [CardType::Creature, CardType::Action, CardType::Relic] {
        let g = recipe.groups_of(t);
        if g == 0 {
            continue;
        }
        // Classes: Commons, then Variants, then Rares, each in collector order; Linked cards are
        // never in a signature (they come in pairs, see recipe.linked_pairs).
        let mut classes = Vec::new();
        for rarity in [Rarity::Common, Rarity::Variant, Rarity::Rare] {
            let w = recipe.rarity_weight(rarity);
            if recipe.class_weight.checked_rem(w) != Some(0) {
                return Err(format!(
                    "recipe v{}: class weight {} is not a multiple of the {rarity:?} weight {w}",
                    recipe.version, recipe.class_weight
                ));
            }
            let per_class = (recipe.class_weight / w) as usize;
            let ids: Vec<u8> = (0..cards.len())
                .filter(|&i| cards[i].card_type == t && cards[i].rarity == rarity)
                .map(|i| i as u8)
                .collect();
            // Leftover cards (fewer than a class) stay out of the signature: sampled slots only.
            for chunk in ids.chunks_exact(per_class) {
                classes.push(Class { cards: chunk.to_vec(), weights: vec![w; per_class] });
            }
        }
        if classes.len() < 2 * g {
            return Err(format!("recipe v{}: only {} {t:?} classes for {g} groups", recipe.version, classes.len()));
        }
        let mut dealt: Vec<Vec<Class>> = vec![Vec::new(); g];
        for (i, class) in classes.into_iter().enumerate() {
            dealt[i % g].push(class);
        }
        groups.extend(dealt.into_iter().map(|classes| Group { card_type: t, classes, base: 0 }));
    }
    let mut capacity: u64 = 1;
    for group in &mut groups {
        group.base = capacity;
        capacity = capacity
            .checked_mul(group.radix())
            .ok_or_else(|| format!("recipe v{}: signature capacity overflows u64", recipe.version))?;
    }
    let mut value = vec![0u64; cards.len()];
    let mut grouped = vec![false; cards.len()];
    for group in &groups {
        for (digit, class) in group.classes.iter().enumerate() {
            for &c in &class.cards {
                value[c as usize] = digit as u64 * group.base;
                grouped[c as usize] = true;
            }
        }
    }
    let feistel = Feistel::new(capacity, recipe.version);
    Ok(Signature { groups, capacity, value, grouped, feistel })
}

impl Signature {
    /// The checksum of a card list (module doc).
    pub fn checksum(&self, cards: &[u8]) -> u64 {
        cards.iter().fold(0u64, |acc, &c| (acc + self.value[c as usize]) % self.capacity)
    }

    /// `π(serial)`, the checksum the deck of `serial` must have. `serial < capacity`.
    pub fn target(&self, serial: u64) -> u64 {
        self.feistel.permute(serial)
    }

    /// `π⁻¹(checksum)`.
    pub fn serial_of_checksum(&self, checksum: u64) -> u64 {
        self.feistel.unpermute(checksum)
    }

    /// The digit each group must show so that `partial + Σ signature values ≡ target (mod M)`.
    pub fn digits(&self, target: u64, partial: u64) -> impl Iterator<Item = (usize, usize)> + '_ {
        let needed = (target + self.capacity - partial % self.capacity) % self.capacity;
        self.groups.iter().enumerate().map(move |(j, g)| (j, ((needed / g.base) % g.radix()) as usize))
    }
}

/// A keyed bijection of `0..n`: a balanced 4-round Feistel network on `2·h` bits (`4^h ≥ n`),
/// with cycle walking to stay inside `0..n`. Integer arithmetic only.
#[derive(Clone, Debug)]
struct Feistel {
    n: u64,
    half_bits: u32,
    keys: [u64; 4],
}

const ROUNDS: usize = 4;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Feistel {
    fn new(n: u64, version: u32) -> Feistel {
        let bits = 64 - n.saturating_sub(1).leading_zeros();
        let half_bits = bits.div_ceil(2).max(1);
        let mut keys = [0u64; ROUNDS];
        let mut state = 0x4172_6465_6E74_0000u64 ^ u64::from(version); // "Ardent" + version
        for k in &mut keys {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            *k = mix(state);
        }
        Feistel { n, half_bits, keys }
    }

    fn mask(&self) -> u64 {
        (1u64 << self.half_bits) - 1
    }

    fn round(&self, i: usize, x: u64) -> u64 {
        mix(x ^ self.keys[i]) & self.mask()
    }

    fn encrypt(&self, x: u64) -> u64 {
        let (mut l, mut r) = (x >> self.half_bits, x & self.mask());
        for i in 0..ROUNDS {
            let next = l ^ self.round(i, r);
            l = r;
            r = next;
        }
        (l << self.half_bits) | r
    }

    fn decrypt(&self, x: u64) -> u64 {
        let (mut l, mut r) = (x >> self.half_bits, x & self.mask());
        for i in (0..ROUNDS).rev() {
            let prev = r ^ self.round(i, l);
            r = l;
            l = prev;
        }
        (l << self.half_bits) | r
    }

    /// Cycle walking: apply the network until the value lands in `0..n`. The network is a
    /// permutation of `0..4^h`, so the walk from a point of `0..n` returns to `0..n`, and the
    /// result is a permutation of `0..n`.
    fn permute(&self, x: u64) -> u64 {
        let mut y = self.encrypt(x);
        while y >= self.n {
            y = self.encrypt(y);
        }
        y
    }

    fn unpermute(&self, y: u64) -> u64 {
        let mut x = self.decrypt(y);
        while x >= self.n {
            x = self.decrypt(x);
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feistel_is_a_permutation_of_small_ranges() {
        for n in [1u64, 2, 3, 10, 1000, 4097] {
            let f = Feistel::new(n, 1);
            let mut seen = vec![false; n as usize];
            for x in 0..n {
                let y = f.permute(x);
                assert!(y < n);
                assert!(!seen[y as usize], "n={n}: {y} hit twice");
                seen[y as usize] = true;
                assert_eq!(f.unpermute(y), x);
            }
        }
    }
}

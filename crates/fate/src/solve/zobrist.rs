//! Zobrist keys of the full state (spec §2.4, §8.3): every field that can change what happens
//! next, the step and the pending decisions included, plus the repetition history (R-END3) as
//! a multiset. A row and its mirror image get the same key whenever no row index is in use
//! (C-4: mirror canonicalisation belongs to search and hashing only).

use crate::state::{FateGame, Step};
use std::hash::{Hash, Hasher};

/// A random 64-bit value for a feature: SplitMix64 of the feature's encoding. This plays the
/// role of a Zobrist table over an unbounded feature space (the values are fixed, not seeded).
#[inline]
pub(crate) fn z(tag: u64, value: u64) -> u64 {
    let mut x = tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ value;
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// FNV-1a over `std::hash::Hash` output, to fold a small composite value into one word.
struct Fnv(u64);
impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

fn word<T: Hash>(v: &T) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    v.hash(&mut h);
    h.finish()
}

/// Can a row be replaced by its mirror without changing any legal action? Not while a step
/// indexes rows (LINEUP cursor, buff cursor) or names edges (attacks).
fn mirror_free(step: Step) -> bool {
    !matches!(step, Step::Lineup | Step::Buff | Step::Attacks | Step::Bonus | Step::CombatStart)
}

/// The key of the whole position, history included.
pub(crate) fn key(g: &FateGame) -> u64 {
    let mut k = z(1, g.ply as u64) ^ z(2, g.ap as u64) ^ z(3, g.first as u64) ^ z(4, word(&g.step));
    k ^= z(5, word(&g.end)) ^ z(6, g.elim as u64) ^ z(7, g.aside as u64);
    k ^= z(8, g.actor as u64) ^ z(9, g.budget as u64) ^ z(10, g.cursor as u64) ^ z(11, g.passes as u64);
    k ^= z(12, g.bonus_card as u64) ^ z(13, g.skill_used as u64) ^ z(14, g.kings_lost as u64);
    if g.opts.no_progress_limit.is_some() {
        k ^= z(15, g.plies_since_progress as u64) ^ z(16, g.discard_this_ply as u64);
    }
    for (i, p) in g.pending[..g.n_pending as usize].iter().enumerate() {
        k ^= z(20 + i as u64, word(p));
    }
    for (c, cs) in g.cards.iter().enumerate() {
        if *cs != Default::default() {
            k ^= z(40 + c as u64, word(cs));
        }
    }
    let mirror = mirror_free(g.step);
    for (i, pl) in g.players.iter().enumerate() {
        let t = 100 + 100 * i as u64;
        for s in 0..4 {
            k ^= z(t + s, ((pl.u[s as usize] as u64) << 8) | pl.t[s as usize] as u64);
        }
        let mut fx: Vec<u64> = pl.cap_effects().iter().map(word).collect();
        fx.sort_unstable();
        k ^= z(t + 5, word(&fx));
        k ^= z(t + 6, pl.hand as u64) ^ z(t + 7, pl.known as u64);
        k ^= z(t + 8, pl.setup_stage as u64) ^ z(t + 9, word(&pl.comp));
        let row = pl.row();
        let fwd = row.iter().enumerate().fold(0u64, |a, (j, &c)| a ^ z(t + 20 + j as u64, c as u64));
        let h = if mirror {
            let n = row.len();
            let rev = row.iter().enumerate().fold(0u64, |a, (j, &c)| a ^ z(t + 20 + (n - 1 - j) as u64, c as u64));
            fwd.min(rev)
        } else {
            fwd
        };
        k ^= z(t + 10, h) ^ z(t + 11, row.len() as u64);
    }
    // R-END3 needs the multiset of earlier turn-start hashes: an order-free sum.
    let hist = g.history.iter().fold(0u64, |a, &h| a.wrapping_add(z(999, h)));
    k ^ z(998, hist)
}

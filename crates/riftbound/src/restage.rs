//! The combat "no result" re-staging loop (CR 466.3.d.1, spec §29 #9).
//!
//! A combat that ends with no result while both players still have units at the battlefield
//! (units that arrived after the combat cleanup recalled the attackers) is staged again: the
//! cleanup contests the battlefield and the showdown and combat begin anew (`flow.rs`). Such
//! combats could repeat for ever (undamageable units, or a Deathknell that brings a new unit
//! each time), so the state after each one is fingerprinted; when a combat at the same
//! battlefield in the same turn ends in an identical state, the combat ends with no result and
//! the battlefield is not staged again this turn (`no_restage`).

use crate::state::*;
use std::hash::{Hash, Hasher};

impl RiftGame {
    /// What the loop check compares: the units at the battlefield (controller, card, Might,
    /// statuses other than combat designations, damage) and every player's points and zone sizes.
    fn combat_fingerprint(&self, b: u8) -> u64 {
        let designations = flag::ATTACKER | flag::DEFENDER | flag::ATTACK_FIRED | flag::DEFEND_FIRED;
        let mut units: Vec<(u8, u16, i32, u16, i16)> = self
            .units_at(Loc::Bf(b))
            .map(|u| {
                let o = self.obj(u);
                (o.controller, o.def, self.might(u), o.flags & !designations, o.damage)
            })
            .collect();
        units.sort_unstable();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        units.hash(&mut h);
        for p in &self.players {
            (p.points, p.hand.len(), p.deck.len(), p.rune_deck.len()).hash(&mut h);
        }
        h.finish()
    }

    /// A combat at `b` ended with no result and both players there: note its fingerprint, or
    /// stop the loop if an earlier combat there this turn ended identically (§29 #9).
    pub(crate) fn no_result_with_both(&mut self, b: u8) {
        let fp = self.combat_fingerprint(b);
        if self.combat_marks.contains(&(b, fp)) {
            self.no_restage |= 1 << b;
        } else {
            self.combat_marks.push((b, fp));
        }
    }
}

//! The combat "no result" re-staging loop (CR 466.3.d.1, spec §29 #9).
//!
//! A combat that ends with no result while both players still have units at the battlefield
//! (units that arrived after the combat cleanup recalled the attackers) is staged again: the
//! cleanup contests the battlefield and the showdown and combat begin anew (`flow.rs`). Such
//! combats could repeat for ever (undamageable units, or a Deathknell that brings a new unit
//! each time), so the state after each one is fingerprinted; when a combat at the same
//! battlefield in the same turn ends in an identical state, the combat ends with no result and
//! the battlefield is not staged again this turn (`no_restage`).
//!
//! Attacks can repeat too: a combat whose attackers are recalled (or die) leaves the defender
//! holding, and a unit readied by its own attack can move there again and again (house bound,
//! `attackers_gone`, docs/riftbound.md "Repeated attacks").

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

    /// What the attack-loop bound compares: the battlefield as above, plus every object the
    /// attacker has on the board (card, place, statuses, damage), so that a repeat means the
    /// attack changed nothing at all.
    fn attack_fingerprint(&self, b: u8, attacker: u8) -> u64 {
        let mut objs: Vec<(u16, Zone, u16, i16)> = self
            .objs
            .iter()
            .filter(|o| o.controller == attacker && o.zone.on_board())
            .map(|o| (o.def, o.zone, o.flags, o.damage))
            .collect();
        objs.sort_unstable();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (1u8, attacker, self.combat_fingerprint(b), objs).hash(&mut h);
        h.finish()
    }

    /// A combat at `b` ended with the attacker's units gone (recalled, CR 466.3.d) and the
    /// defender's there. The CR sets no bound on attacking again, and a unit readied by its own
    /// attack ("When this attacks, ready it", Drift Blade) against a defender it cannot beat (a
    /// stunned unit heals after each combat, CR 466.3.c) can repeat the same position for ever.
    /// House bound: when such a combat ends in a position identical to an earlier one this
    /// turn, the attacker may not Standard Move units to `b` again this turn (`no_attack`).
    pub(crate) fn attackers_gone(&mut self, b: u8, attacker: u8) {
        let fp = self.attack_fingerprint(b, attacker);
        if self.combat_marks.contains(&(b, fp)) {
            if !self.no_attack.contains(&(b, attacker)) {
                self.no_attack.push((b, attacker));
            }
        } else {
            self.combat_marks.push((b, fp));
        }
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

//! Repeat [cost] (CR 820): an optional additional cost of spells and abilities (a `repeat` on the
//! ability, docs/riftbound-cards.md). It is decided with the other optional additional costs
//! (the `Repeat` stage, right after Accelerate, CR 355); each paid instance makes the
//! instructions execute one more time on resolution. The choices of every execution are made at
//! finalization and may differ: the targets of execution k fill slots k × n + slot (n: the
//! ability's slot count), and each execution sees only its own (`exec_view`). The card is still
//! played once (CR 820; Legion counts it once). The vocabulary has no "as you play"
//! instructions, so every instruction is repeated.
//!
//! Instances: the ability's own `repeat`, then those granted to a spell by `grant_repeat`
//! ("your next spell this turn has Repeat [cost]", kept per player until their next spell is
//! finalized or the turn ends; "spells you play this turn have Repeat [cost]", kept until the
//! turn ends); an activated ability's, then those `grant_ability_repeat` gave its permanent's
//! activated abilities this turn (Repeat on abilities). Each instance is payable once (CR 820),
//! each asked in turn (`yes` / `no`); one that can't be paid with what is paid so far is not
//! offered (CR 203.3).
//!
//! The order they are asked in is fixed and has no effect on the outcome: every instance is an
//! optional additional cost decided in the same step of playing (CR 355 / 820), all the paid
//! ones are paid together in one payment (CR 356), and each paid one adds the same thing — one
//! more execution, whose choices are made at finalization like the others. So which set is
//! paid is all that matters. Any payable set can be chosen in the fixed order: an instance is
//! passed over only when it can't be paid on top of those already paid (CR 203.3), and declining
//! an earlier one leaves its resources for the later ones.
//! An Add ability (CR 429) resolves as it is finalized: a paid Repeat makes it add again then,
//! each execution asking its own domains (`instr_pay.rs`).

use crate::action::ObjId;
use crate::cards::On;
use crate::keywords::Holder;
use crate::payment::Cost;
use crate::state::*;
use std::borrow::Cow;

/// The most target slots an item holds (executions × the ability's slots): `Slot` is a u16.
pub const MAX_SLOTS: usize = Slot::MAX as usize + 1;

impl RiftGame {
    /// A target slot of `item` as (execution, slot of the ability).
    pub fn repeat_slot(&self, item: &Item, slot: Slot) -> (u16, u8) {
        let n = self.specs(item).len() as Slot;
        match slot.checked_div(n) {
            Some(k) => (k, (slot % n) as u8),
            None => (0, slot as u8),
        }
    }

    /// Execution `k` of a repeated item: its own targets, in the ability's slots.
    pub fn exec_view(&self, item: &Item, k: u16) -> Item {
        let n = self.specs(item).len() as Slot;
        let mut v = item.clone();
        v.repeat = 0;
        v.targets = item.targets.iter().filter(|(s, _)| n > 0 && s / n == k).map(|&(s, t)| (s % n, t)).collect();
        v
    }

    /// The costs of the Repeat instances of the item being built: the ability's own, then, for
    /// a spell being played, those `grant_repeat` gave its controller's spells (the next one or
    /// every one this turn), in grant order. There is no limit on their number.
    pub(crate) fn repeat_instances(&self, b: &Build) -> Vec<Cost> {
        let own = self.ability(&b.item).and_then(|a| a.repeat.as_ref()).map(|r| Cost::new(r.energy, &r.masks));
        let spell = b.card != NONE && b.item.src == ItemSrc::Spell(b.card);
        let granted = if spell { self.players[b.seat as usize].spell_repeats.as_slice() } else { &[] };
        // An activation of a permanent's or a legend's activated ability: the grants to its
        // abilities.
        let activated =
            || b.card == NONE && !b.item.trigger && self.ability(&b.item).is_some_and(|a| a.on == On::Activated);
        let activation = match b.item.src {
            ItemSrc::Obj(id) if activated() => Some((Holder::Obj(id), self.obj(id).inc)),
            ItemSrc::Legend(s) if activated() => Some((Holder::Legend(s), 0)),
            _ => None,
        };
        let on_ability = self
            .ability_repeats
            .iter()
            .filter(move |g| activation.is_some_and(|(at, inc)| g.at == at && g.inc == inc))
            .map(|g| g.cost);
        own.into_iter().chain(granted.iter().map(|g| g.cost)).chain(on_ability).collect()
    }

    /// `c` with the paid Repeat instances' costs added (CR 356.2: additional costs).
    pub(crate) fn add_repeat_cost(&self, b: &Build, c: &mut Cost) {
        if b.repeat_paid.is_empty() {
            return;
        }
        let all = self.repeat_instances(b);
        for r in b.repeat_paid.iter().filter_map(|&i| all.get(i as usize)) {
            c.energy = c.energy.saturating_add(r.energy);
            for &p in r.pips() {
                c.push(p);
            }
        }
    }

    /// Whether the item being built can hold one more execution: the targets of execution k are
    /// in slots k × n + slot, and a slot is a `Slot` (u16: at most 65,536 slots, 65,536
    /// executions). Past that a Repeat instance is not offered, and the log says so
    /// (`Note::RepeatBound`).
    fn repeat_room(&self, b: &Build) -> bool {
        let n = self.specs(&b.item).len().max(1);
        b.item.repeat < u16::MAX && (b.item.repeat as usize + 2) * n <= MAX_SLOTS
    }

    /// The Repeat instance to decide now (CR 820), if any: the next one not decided yet whose
    /// cost, added to the total so far, can be paid (CR 203.3); those that can't are passed over.
    pub(crate) fn repeat_open(&mut self, b: &mut Build) -> bool {
        let all = self.repeat_instances(b);
        while let Some(r) = all.get(b.repeat_asked as usize) {
            // The count of decided instances is a u16 too: past 65,535 the rest are not offered.
            if !self.repeat_room(b) || b.repeat_asked == u16::MAX {
                let left = (all.len() - b.repeat_asked as usize).min(u16::MAX as usize) as u16;
                let seat = b.seat;
                self.notes.add(|| crate::notes::Note::RepeatBound { seat, left });
                b.repeat_asked = all.len().min(u16::MAX as usize) as u16;
                return false;
            }
            let mut c = self.build_cost(b);
            c.energy = c.energy.saturating_add(r.energy);
            for &p in r.pips() {
                c.push(p);
            }
            if self.can_pay(b.seat, &c) {
                return true;
            }
            b.repeat_asked += 1;
        }
        false
    }

    /// The cost of the Repeat instance being decided, and whether it was granted (not the
    /// ability's own), for the prompt.
    pub(crate) fn repeat_asking(&self, b: &Build) -> Option<(Cost, bool)> {
        let own = self.ability(&b.item).is_some_and(|a| a.repeat.is_some());
        let i = b.repeat_asked as usize;
        self.repeat_instances(b).get(i).map(|c| (*c, i > 0 || !own))
    }

    /// `grant_repeat` (CR 820) for `seat`: "your next spell this turn has Repeat [cost]", or
    /// with `this_turn` "spells you play this turn have Repeat [cost]". Every grant is kept.
    pub(crate) fn grant_spell_repeat(&mut self, seat: u8, grant: GrantedRepeat) {
        self.players[seat as usize].spell_repeats.push(grant);
    }

    /// `grant_ability_repeat` (CR 820: Repeat on abilities): the activated abilities of
    /// permanent `id` have Repeat [cost] this turn, while it stays on the board.
    pub(crate) fn grant_ability_repeat(&mut self, id: ObjId, cost: Cost) {
        if self.obj(id).zone.on_board() {
            let inc = self.obj(id).inc;
            self.ability_repeats.push(AbilityRepeat { at: Holder::Obj(id), inc, cost });
        }
    }

    /// `grant_ability_repeat` on a legend (`who = "your_legend"`, a legend target or `self` on a
    /// legend's ability; CR 820): seat `s`'s legend's activated abilities have Repeat [cost]
    /// this turn.
    pub(crate) fn grant_legend_repeat(&mut self, s: u8, cost: Cost) {
        self.ability_repeats.push(AbilityRepeat { at: Holder::Legend(s), inc: 0, cost });
    }

    /// The Repeat instances granted to `at`'s activated abilities this turn (the object's current
    /// incarnation), in grant order: for views and positions.
    pub fn repeats_granted(&self, at: Holder) -> impl Iterator<Item = &AbilityRepeat> + '_ {
        let inc = match at {
            Holder::Obj(id) => self.obj(id).inc,
            _ => 0,
        };
        self.ability_repeats.iter().filter(move |g| g.at == at && g.inc == inc)
    }

    /// A spell of `seat` was finalized (CR 820): the next-spell grants are used by it, those for
    /// every spell this turn stay.
    pub(crate) fn spell_repeats_used(&mut self, seat: u8) {
        self.players[seat as usize].spell_repeats.retain(|g| g.this_turn);
    }

    /// What the Targets stage of slot `slot` chooses for: the execution's view and the cost its
    /// candidates are probed with (the base cost plus the Deflect of the other executions'
    /// targets, CR 809).
    pub(crate) fn target_frame<'a>(&self, b: &'a Build, slot: Slot) -> (Cow<'a, Item>, u8, Cost) {
        let mut base = self.build_base_cost(b);
        if b.item.repeat == 0 {
            return (Cow::Borrowed(&b.item), slot as u8, base);
        }
        let (k, local) = self.repeat_slot(&b.item, slot);
        let n = self.specs(&b.item).len() as Slot;
        let others: Vec<(Slot, Tgt)> =
            b.item.targets.iter().filter(|(s, _)| s.checked_div(n) != Some(k)).copied().collect();
        base.add_any(self.deflect_extra(b.seat, &others));
        (Cow::Owned(self.exec_view(&b.item, k)), local, base)
    }
}

//! Repeat [cost] (CR 820): an optional additional cost of spells and abilities (a `repeat` on the
//! ability, docs/riftbound-cards.md). It is decided with the other optional additional costs
//! (the `Repeat` stage, right after Accelerate, CR 355); paid, the instructions execute one more
//! time on resolution. The choices of every execution are made at finalization and may differ:
//! the targets of execution k fill slots k × n + slot (n: the ability's slot count), and each
//! execution sees only its own (`exec_view`). The instance is payable once (one `repeat` per
//! ability) and the card is still played once (CR 820; Legion counts it once). The vocabulary has
//! no "as you play" instructions, so every instruction is repeated.

use crate::payment::Cost;
use crate::state::*;
use std::borrow::Cow;

impl RiftGame {
    /// A target slot of `item` as (execution, slot of the ability).
    pub fn repeat_slot(&self, item: &Item, slot: u8) -> (u8, u8) {
        let n = self.specs(item).len() as u8;
        match slot.checked_div(n) {
            Some(k) => (k, slot % n),
            None => (0, slot),
        }
    }

    /// Execution `k` of a repeated item: its own targets, in the ability's slots.
    pub fn exec_view(&self, item: &Item, k: u8) -> Item {
        let n = self.specs(item).len() as u8;
        let mut v = item.clone();
        v.repeat = 0;
        v.targets = item.targets.iter().filter(|(s, _)| n > 0 && s / n == k).map(|&(s, t)| (s % n, t)).collect();
        v
    }

    /// Repeat's cost of the item's ability, if it has Repeat.
    pub fn repeat_cost(&self, item: &Item) -> Option<Cost> {
        let r = self.ability(item)?.repeat.as_ref()?;
        Some(Cost::new(r.energy, &r.masks))
    }

    /// `c` with Repeat's cost added `times` times (CR 356.2: additional costs).
    pub(crate) fn add_repeat_cost(&self, item: &Item, c: &mut Cost, times: u8) {
        let Some(r) = self.repeat_cost(item) else { return };
        for _ in 0..times {
            c.energy = c.energy.saturating_add(r.energy);
            for &p in r.pips() {
                c.push(p);
            }
        }
    }

    /// Repeat is offered (CR 820) if the ability has it, it is not paid yet (each instance once)
    /// and the total cost with it can be paid (CR 203.3).
    pub(crate) fn repeat_open(&self, b: &Build) -> bool {
        if b.item.repeat > 0 || self.repeat_cost(&b.item).is_none() {
            return false;
        }
        let mut c = self.build_cost(b);
        self.add_repeat_cost(&b.item, &mut c, 1);
        self.can_pay(b.seat, &c)
    }

    /// What the Targets stage of slot `slot` chooses for: the execution's view and the cost its
    /// candidates are probed with (the base cost plus the Deflect of the other executions'
    /// targets, CR 809).
    pub(crate) fn target_frame<'a>(&self, b: &'a Build, slot: u8) -> (Cow<'a, Item>, u8, Cost) {
        let mut base = self.build_base_cost(b);
        if b.item.repeat == 0 {
            return (Cow::Borrowed(&b.item), slot, base);
        }
        let (k, local) = self.repeat_slot(&b.item, slot);
        let n = self.specs(&b.item).len() as u8;
        let others: Vec<(u8, Tgt)> =
            b.item.targets.iter().filter(|(s, _)| s.checked_div(n) != Some(k)).copied().collect();
        base.add_any(self.deflect_extra(b.seat, &others));
        (Cow::Owned(self.exec_view(&b.item, k)), local, base)
    }
}

//! Additional costs paid with a unit (CR 204.2, spec §10): "as an additional cost, kill a
//! friendly unit", "exhaust a friendly unit", "return a unit you control to its owner's hand".
//! The unit is chosen while the item is put together (the `ExtraDiscard` stage, which holds
//! every additional cost), is not a target (CR 355.10: part of a cost), and is acted on when the
//! costs are paid at finalization (CR 357). A card whose cost no unit can pay is not playable
//! (CR 203.3). A triggered ability's additional costs are chosen the same way as it is put on
//! the chain; its controller may decline them (`no`), and one that can't be paid is removed
//! (CR 204.3, 383.3.b, 404.2, 203.3).

use crate::action::ObjId;
use crate::cards::{At, CostAct, UnitCost, What};
use crate::keywords::Holder;
use crate::notes::Note;
use crate::state::*;

impl CostAct {
    /// "Kill X" for the object named `e` (English) / `z` (Chinese): labels and prompts.
    pub fn phrase(self, e: &str, z: &str) -> (String, String) {
        match self {
            CostAct::Kill => (format!("kill {e}"), format!("消灭{z}")),
            CostAct::Exhaust => (format!("exhaust {e}"), format!("横置{z}")),
            CostAct::ReturnHand => (format!("return {e} to its owner's hand"), format!("将{z}返回其拥有者的手牌")),
            CostAct::SpendCounter => (format!("spend a counter of {e}"), format!("花费{z}的一个计数器")),
        }
    }
}

impl UnitCost {
    /// "Kill X", "spend 2 charge counters of X" for the object named `e` / `z`.
    pub fn phrase(&self, e: &str, z: &str) -> (String, String) {
        match self.act {
            CostAct::SpendCounter => {
                let n = self.n;
                let what = if n == 1 { "counter" } else { "counters" };
                (format!("spend {n} {} {what} of {e}", self.counter), format!("花费{z}的{n}个{}计数器", self.counter))
            }
            a => a.phrase(e, z),
        }
    }
}

impl RiftGame {
    /// May unit `u` pay `cost` for `item`? It matches the cost's predicate (the targeting model,
    /// judged for the item's controller) and can undergo the act (exhausting needs a ready unit).
    pub fn cost_unit_ok(&self, item: &Item, cost: &UnitCost, u: ObjId) -> bool {
        if cost.act == CostAct::Exhaust && self.obj(u).has(flag::EXHAUSTED) {
            return false;
        }
        // Counters are spendable by their object's controller (CR 741–749).
        if cost.act == CostAct::SpendCounter
            && (self.obj(u).controller != item.controller || self.counter_count(u, cost.counter_ix) < cost.n as u16)
        {
            return false;
        }
        self.target_ok(item, &cost.unit, self.tgt(u))
    }

    /// The units (or, for a gear's counters, the gear) that may pay `cost` for `item`, in board
    /// order.
    pub fn cost_units(&self, item: &Item, cost: &UnitCost) -> Vec<ObjId> {
        self.cost_objects(item, cost).collect()
    }

    fn cost_objects<'a>(&'a self, item: &'a Item, cost: &'a UnitCost) -> impl Iterator<Item = ObjId> + 'a {
        let gear = cost.unit.what == crate::cards::What::Gear;
        self.nonrune_ids()
            .filter(move |&u| {
                let o = self.obj(u);
                o.zone.on_board()
                    && if gear { self.def(o.def).kind == crate::cards::Kind::Gear } else { self.def(o.def).is_unit() }
            })
            .filter(move |&u| self.cost_unit_ok(item, cost, u))
    }

    /// The additional costs of the item being built (CR 204.2), a discard and/or a unit cost: a
    /// permanent's own (its card's), else its spell's, activated or triggered ability's. A
    /// trigger's are paid while it is finalized, and its controller may decline them, which
    /// removes it (CR 204.3, 383.3.b, 404.2; `trigger_cost_open`).
    pub(crate) fn extra_costs(&self, b: &Build) -> (bool, Option<&UnitCost>) {
        if b.card != NONE && b.item.src != ItemSrc::Spell(b.card) {
            let d = self.card(b.card);
            return (d.extra_discard, d.extra_cost.as_ref());
        }
        match self.ability(&b.item) {
            Some(a) => (a.extra_discard, a.extra_cost.as_ref()),
            None => (false, None),
        }
    }

    /// The unit cost still to be chosen for the item being built (CR 204.2): the `extra_cost`
    /// until its unit is chosen; after it, the `extra_discard` card if there is one.
    pub(crate) fn unit_cost_due(&self, b: &Build) -> Option<&UnitCost> {
        self.extra_costs(b).1.filter(|_| b.cost_unit == NONE && b.cost_at.is_none())
    }

    /// A trigger's additional cost still to choose: can it be paid (CR 203.3: an impossible cost
    /// can't be, and the trigger is removed)?
    pub(crate) fn trigger_cost_payable(&self, b: &Build) -> bool {
        match self.unit_cost_due(b) {
            Some(c) => self.cost_payable(&b.item, c),
            None => !self.players[b.seat as usize].hand.is_empty(),
        }
    }

    /// Can `seat` pay the additional costs of playing permanent `card` from where it is (CR 203.3):
    /// another card to discard, a unit for the unit cost?
    pub(crate) fn own_costs_payable(&self, seat: u8, card: ObjId) -> bool {
        let d = self.card(card);
        if d.extra_discard && self.players[seat as usize].hand.iter().all(|&h| h == card) {
            return false;
        }
        let Some(c) = &d.extra_cost else { return true };
        let item = Item {
            controller: seat,
            src: ItemSrc::Obj(card),
            ab: 0,
            targets: Vec::new(),
            here: Loc::Nowhere,
            subject: None,
            src_inc: self.obj(card).inc,
            restrict_bf: NOBODY,
            trigger: false,
            repeat: 0,
            ab_of: None,
            here_base: false,
        };
        self.cost_payable(&item, c)
    }

    /// Can the cost be paid at all (CR 203.3)?
    pub fn cost_payable(&self, item: &Item, cost: &UnitCost) -> bool {
        match cost.unit.what {
            What::Legend | What::Battlefield => !self.cost_places(item, cost).is_empty(),
            _ => self.cost_objects(item, cost).next().is_some(),
        }
    }

    /// The legend or the battlefields that may pay a `spend_counter` cost written with
    /// `unit = { what = "legend" }` (the payer's legend: "from this" on a legend's ability) or
    /// `{ what = "battlefield" }` (one the payer controls; with `at = "here"`, only the battlefield
    /// the item is at, CR 359.3.f): counters are spendable by their object's controller
    /// (CR 741–749), and the holder must have `n` of them.
    pub fn cost_places(&self, item: &Item, cost: &UnitCost) -> Vec<Holder> {
        if cost.act != CostAct::SpendCounter {
            return Vec::new();
        }
        let enough = |h: Holder| self.counter_count_at(h, cost.counter_ix) >= cost.n as u16;
        match cost.unit.what {
            What::Legend => Some(Holder::Legend(item.controller)).filter(|&h| enough(h)).into_iter().collect(),
            What::Battlefield => (0..self.bfs.len() as u8)
                .filter(|&b| self.bfs[b as usize].controller == item.controller)
                .filter(|&b| self.target_ok(item, &cost.unit, Tgt::Bf(b)))
                .filter(|&b| cost.unit.at != At::Here || self.bf_here(item) == Some(b))
                .map(Holder::Bf)
                .filter(|&h| enough(h))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Is the cost paid from a legend or a battlefield (chosen as `cost_at`)?
    pub fn cost_from_place(cost: &UnitCost) -> bool {
        cost.act == CostAct::SpendCounter && matches!(cost.unit.what, What::Legend | What::Battlefield)
    }

    /// Pay a `spend_counter` cost from a legend or a battlefield (CR 357, 741–749).
    pub fn pay_place_cost(&mut self, cost: &UnitCost, h: Holder) {
        self.remove_counters_at(h, cost.counter_ix, cost.n as u16);
    }

    /// Pay the cost with unit `u` (CR 357): the act happens now; a kill makes its Deathknell
    /// triggers pending like any death (CR 203.2: it counts as paid even if replaced).
    pub fn pay_unit_cost(&mut self, cost: &UnitCost, u: ObjId) {
        match cost.act {
            CostAct::Kill => self.kill(u),
            CostAct::Exhaust => self.objs[u as usize].set(flag::EXHAUSTED, true),
            CostAct::SpendCounter => {
                self.remove_counters_at(Holder::Obj(u), cost.counter_ix, cost.n as u16);
            }
            CostAct::ReturnHand => {
                self.set_zone(u, Zone::Hand);
                let (def, owner) = (self.obj(u).def, self.obj(u).owner);
                self.notes.add(|| Note::Returned { card: u, def, owner });
            }
        }
    }
}

//! Flow, Empower and Equip costs with Power pips (CR 829, 827, 818): `flow_pips` / `empower_pips`
//! / `equip_pips` on the card; Weaponmaster's reduced Equip cost (CR 821).
//! "Costs N less" reductions (`cost_less`) apply to a Flow cost: Flow replaces the base cost
//! (CR 356.1, a base-cost modification) and discounts apply afterwards to the total (CR 356.4).
//! They do not apply to Empower, an ability's cost (CR 206.1: "this costs less" is the card's).

use crate::action::ObjId;
use crate::payment::Cost;
use crate::state::*;

impl RiftGame {
    /// The Flow cost of `card` for `seat` (CR 829): Energy less the reductions that apply now,
    /// and its Power pips.
    pub fn flow_cost(&self, seat: u8, card: ObjId) -> Cost {
        let d = self.card(card);
        let energy = self.reduced_energy(seat, card, d.flow.unwrap_or(0));
        Cost::new(energy, &d.flow_pips)
    }

    /// The Equip cost of gear `id` (CR 818): Energy and Power pips, no reductions.
    pub fn equip_cost(&self, id: ObjId) -> Cost {
        let d = self.card(id);
        Cost::new(d.equip.unwrap_or(0), &d.equip_pips)
    }

    /// Weaponmaster's cost for Equipment `g` (CR 821): its Equip cost reduced by [A] — one Power
    /// pip less (Energy is not reduced; with no Power there is nothing to reduce). `seat` chooses
    /// the pip taken off: `pip` (a domain mask) when they chose one of the cost's pips
    /// (`Stage::EquipPip`), otherwise the first that leaves a cost they can pay, if one does
    /// (pips are tried in cost order: the bots' and auto-pay's choice), else the first.
    pub fn weaponmaster_cost(&self, seat: u8, g: ObjId, pip: u8) -> Cost {
        let full = self.equip_cost(g);
        let n = full.pips().len();
        if n == 0 {
            return full;
        }
        if let Some(i) = full.pips().iter().position(|&m| pip != 0 && m == pip) {
            return Self::pip_off(&full, i);
        }
        (0..n)
            .map(|i| Self::pip_off(&full, i))
            .find(|c| self.can_pay(seat, c))
            .unwrap_or_else(|| Self::pip_off(&full, 0))
    }

    /// The Power pips (domain masks, in cost order, each mask once) Weaponmaster's [A] may take
    /// off `g`'s Equip cost leaving a cost `seat` can pay (CR 821, 203.3). Two or more: the
    /// player is asked which (they pay differently); one or none: nothing to ask.
    pub fn weaponmaster_pips(&self, seat: u8, g: ObjId) -> Vec<u8> {
        let full = self.equip_cost(g);
        let mut out: Vec<u8> = Vec::new();
        for (i, &m) in full.pips().iter().enumerate() {
            if !out.contains(&m) && self.can_pay(seat, &Self::pip_off(&full, i)) {
                out.push(m);
            }
        }
        out
    }

    /// `full` with its `i`-th Power pip taken off.
    fn pip_off(full: &Cost, i: usize) -> Cost {
        let pips: Vec<u8> = full.pips().iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &m)| m).collect();
        Cost::new(full.energy, &pips)
    }
    pub fn empower_cost(&self, id: ObjId) -> Cost {
        let d = self.card(id);
        Cost::new(d.empower.unwrap_or(0), &d.empower_pips)
    }
}

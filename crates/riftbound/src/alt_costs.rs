//! Flow and Empower costs with Power pips (CR 829, 827): `flow_pips` / `empower_pips` on the card.
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

    /// The Empower cost of `id` (CR 827): Energy and Power pips, no reductions.
    pub fn empower_cost(&self, id: ObjId) -> Cost {
        let d = self.card(id);
        Cost::new(d.empower.unwrap_or(0), &d.empower_pips)
    }
}

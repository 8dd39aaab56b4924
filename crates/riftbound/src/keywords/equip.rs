//! Equipment keywords: Quick-Draw (CR 819) and Weaponmaster (CR 821), and attaching (CR 434).
//! Both are card data (`cards::KeywordAbility`): Quick-Draw a play trigger of the Equipment with
//! `attach` to a friendly unit, Weaponmaster a "you may" play trigger of the unit with
//! `equip_to_me` on an Equipment you control.

use crate::action::ObjId;
use crate::cards::kw;
use crate::payment::Cost;
use crate::state::*;

impl RiftGame {
    /// Attach gear `g` to unit `u` (CR 434): not a move; the gear shares the unit's location.
    pub fn attach(&mut self, g: ObjId, u: ObjId) {
        let zone = self.obj(u).zone;
        let gg = &mut self.objs[g as usize];
        gg.attached_to = u;
        gg.zone = zone;
        self.objs[u as usize].set(flag::EQUIPPED, true);
    }

    /// Whether a keyword row of a card goes pending now: Weaponmaster's only while the unit has
    /// the keyword (its card's or a grant's, CR 821); Hunt's is fired by `hunt_trigger`.
    pub(crate) fn keyword_row_live(&self, id: ObjId, k: crate::cards::KeywordAbility) -> bool {
        match k {
            crate::cards::KeywordAbility::Weaponmaster => self.has_kw(id, kw::WEAPONMASTER),
            // An Equipment's Temporary is fired for its unit or itself (`temporary.rs`).
            crate::cards::KeywordAbility::Temporary => !self.card(id).equipment,
            _ => true,
        }
    }

    /// `equip_to_me` (Weaponmaster, CR 821): pay each chosen Equipment's Equip cost reduced by
    /// [A] and attach it to the source unit (not an activation of Equip). Equip costs in card
    /// files are Energy only, so the [A] reduction has nothing to reduce. If the unit is gone or
    /// the cost can't be paid, nothing happens.
    pub(crate) fn equip_to_me(&mut self, item: &Item, gears: Vec<ObjId>) {
        let ItemSrc::Obj(unit) = item.src else { return };
        if self.obj(unit).inc != item.src_inc || !self.obj(unit).zone.on_board() {
            return;
        }
        for g in gears {
            if !self.card(g).equipment {
                continue;
            }
            let cost = Cost::energy(self.card(g).equip.unwrap_or(0));
            if !self.can_pay(item.controller, &cost) {
                continue;
            }
            self.pay(item.controller, &cost);
            self.attach(g, unit);
        }
    }
}

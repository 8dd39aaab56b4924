//! Empower / Empowered (CR 441–442, 827–828).

use crate::action::ObjId;
use crate::cards::{KeywordAbility, On};
use crate::payment::Cost;
use crate::state::*;

impl RiftGame {
    /// Give the Empowered status (CR 441): nothing happens if it already has it; otherwise its
    /// "when I become Empowered" triggers go pending (CR 828).
    pub fn empower(&mut self, id: ObjId) {
        let o = self.obj(id);
        if !o.zone.on_board() || o.has(flag::EMPOWERED) {
            return;
        }
        self.objs[id as usize].set(flag::EMPOWERED, true);
        self.push_trigger_obj(id, On::BecomeEmpowered, None);
    }

    /// Empower [cost] (CR 827): the card's Empower row (card data: "[cost]: give this the
    /// Empowered status", built when the set is read), an activated ability of a board object its
    /// controller may use with normal timing, only while the object is not Empowered; the source
    /// is not a target.
    pub fn empower_activation(&self, seat: u8, id: ObjId) -> Option<(Item, Cost)> {
        let o = self.objs.get(id as usize)?;
        let d = self.def(o.def);
        let i = d.keyword_ability(KeywordAbility::Empower)?;
        let ab = &d.abilities[i];
        if !o.zone.on_board()
            || o.controller != seat
            || o.has(flag::EMPOWERED)
            || !self.ability_active(seat, Some(id), ab)
            || !self.speed_ok(seat, ab.speed)
        {
            return None;
        }
        let item = Item {
            controller: seat,
            src: ItemSrc::Obj(id),
            ab: i as u8,
            targets: Vec::new(),
            here: self.loc(id),
            subject: None,
            src_inc: o.inc,
            restrict_bf: NOBODY,
            trigger: false,
            repeat: 0,
            ab_of: None,
            here_base: false,
        };
        Some((item, self.empower_cost(id)))
    }

    /// The cost of a keyword item being built (Empower's or Equip's Energy and Power pips,
    /// CR 827, 818), if it is one.
    pub fn keyword_cost(&self, item: &Item) -> Option<Cost> {
        let ItemSrc::Obj(id) = item.src else { return None };
        let ab = self.ability(item)?;
        match ab.keyword {
            _ if item.trigger => None,
            Some(KeywordAbility::Empower) => Some(self.empower_cost(id)),
            // The gear's own Equip (a granted ability's cost is its own card's `cost_energy`).
            Some(KeywordAbility::Equip) if item.ab_of.is_none() => Some(self.equip_cost(id)),
            _ => None,
        }
    }
}

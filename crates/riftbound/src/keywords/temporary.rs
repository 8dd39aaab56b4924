//! Temporary on Equipment (CR 816, 434). An attached card's printed rules text is inactive and
//! its effect text is its unit's (CR 434): while attached, the unit has Temporary, so at the
//! start of the *unit's* controller's Beginning Phase the unit is killed — once, however many
//! instances it has (its own, several Equipment's: CR 816). An Equipment not attached to a unit
//! has its printed text, Temporary included: it is killed like any Temporary gear. The
//! Equipment's Temporary row (`kill` the trigger's subject) is fired from here, with the unit or
//! the Equipment itself as the subject; the general firing skips it (`keyword_row_live`). A
//! unit's own Temporary is printed or given by an active dependent grant (CR 726, "[Level 2][>]
//! I have Temporary"): either makes the Equipment's add no second kill.

use crate::action::ObjId;
use crate::cards::{kw, KeywordAbility, On};
use crate::state::*;

impl RiftGame {
    /// The Temporary row of Equipment `e`, if it has one.
    pub(crate) fn equipment_temporary_row(&self, e: ObjId) -> Option<u8> {
        let d = self.card(e);
        if !d.equipment {
            return None;
        }
        d.ability_on(On::Beginning).find(|(_, a)| a.keyword == Some(KeywordAbility::Temporary)).map(|(i, _)| i as u8)
    }

    /// Does the object have Temporary of its own (CR 816): printed, or given by one of its
    /// active dependent grants (CR 726, `[[card.grant]]`)? An Equipment's is fired from here.
    pub(crate) fn own_temporary(&self, id: ObjId) -> bool {
        let d = self.card(id);
        !d.equipment && (d.has(kw::TEMPORARY) || self.granted_kw(id, kw::TEMPORARY))
    }

    /// The object's own Temporary row, if its card has one (printed or for a grant).
    fn own_temporary_row(&self, id: ObjId) -> Option<u8> {
        let d = self.card(id);
        d.ability_on(On::Beginning).find(|(_, a)| a.keyword == Some(KeywordAbility::Temporary)).map(|(i, _)| i as u8)
    }

    /// The Beginning Step of `tp` (CR 315.1.b): the Temporary of Equipment — for each unit `tp`
    /// controls that has Temporary only from Equipment, one kill; for each unattached Equipment
    /// `tp` controls, its own.
    pub(crate) fn fire_equipment_temporary(&mut self, tp: u8) {
        let mut done: Vec<ObjId> = Vec::new();
        let gear: Vec<ObjId> = self.nonrune_ids().filter(|&i| self.obj(i).zone.on_board()).collect();
        for e in gear {
            let Some(row) = self.equipment_temporary_row(e) else { continue };
            let u = self.obj(e).attached_to;
            let attached = u != NONE && self.obj(u).zone.on_board();
            let subject = if attached { u } else { e };
            // The unit's own Temporary — printed or from an active dependent grant — fires from
            // its own row (CR 816: once).
            let own = attached && self.own_temporary_row(u).is_some() && self.own_temporary(u);
            if self.obj(subject).controller != tp || own || done.contains(&subject) {
                continue;
            }
            done.push(subject);
            let here = self.loc(subject);
            let t = self.tgt(subject);
            self.push_trigger(tp, ItemSrc::Obj(e), row, here, Some(t));
        }
    }
}

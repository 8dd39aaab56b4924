//! XP and Hunt (CR 728–733, 823), and the resolution of keyword items (Empower, Hunt, Weaponmaster).

use super::{AB_EMPOWER, AB_HUNT};
use crate::action::ObjId;
use crate::state::*;

impl RiftGame {
    /// A player gains XP (CR 728–733): public, not shared with a teammate (CR 489), no cap.
    pub fn gain_xp(&mut self, seat: u8, n: u16) {
        if n == 0 {
            return;
        }
        let p = &mut self.players[seat as usize];
        p.xp = p.xp.saturating_add(n);
        let total = p.xp;
        self.notes.add(|| crate::notes::Note::Xp { seat, n, total });
    }

    /// Hunt X (CR 823): when this unit conquers or holds, a trigger on the chain gives its
    /// controller X XP (summed instances are one number here: the card's `hunt`).
    pub fn hunt_trigger(&mut self, unit: ObjId) {
        if self.card(unit).hunt > 0 {
            let (c, here) = (self.obj(unit).controller, self.loc(unit));
            self.push_trigger(c, ItemSrc::Obj(unit), AB_HUNT, here, None);
        }
    }

    /// Put a keyword trigger straight on the chain (no choices): Hunt.
    pub fn keyword_trigger_direct(item_ab: u8) -> bool {
        item_ab == AB_HUNT
    }

    /// Resolve a keyword item (Empower, Hunt, Weaponmaster); false if `item` is not one.
    pub fn resolve_keyword(&mut self, item: &Item) -> bool {
        let ItemSrc::Obj(id) = item.src else { return false };
        match item.ab {
            AB_EMPOWER => {
                // The status goes to the same object only (CR 124: a new object if it left).
                if self.obj(id).inc == item.src_inc {
                    self.empower(id);
                }
                true
            }
            AB_HUNT => {
                let n = self.card(id).hunt as u16;
                self.gain_xp(item.controller, n);
                true
            }
            super::AB_WEAPONMASTER => {
                self.resolve_weaponmaster(item, id);
                true
            }
            _ => false,
        }
    }
}

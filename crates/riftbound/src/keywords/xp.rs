//! XP, Hunt and Level (CR 728–733, 823–824) and Empower / Empowered (CR 441–442, 827–828).

use super::{AB_EMPOWER, AB_HUNT};
use crate::action::ObjId;
use crate::cards::On;
use crate::payment::Cost;
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

    /// Empower [cost] (CR 827): an activated ability of a board object its controller may use
    /// with normal timing, only while the object is not Empowered; the source is not a target.
    pub fn empower_activation(&self, seat: u8, id: ObjId) -> Option<(Item, Cost)> {
        let o = self.objs.get(id as usize)?;
        let e = self.def(o.def).empower?;
        if !o.zone.on_board()
            || o.controller != seat
            || o.has(flag::EMPOWERED)
            || !self.speed_ok(seat, Default::default())
        {
            return None;
        }
        let item = Item {
            controller: seat,
            src: ItemSrc::Obj(id),
            ab: AB_EMPOWER,
            targets: Vec::new(),
            here: self.loc(id),
            subject: None,
            src_inc: o.inc,
            restrict_bf: NOBODY,
            trigger: false,
        };
        Some((item, Cost::energy(e)))
    }

    /// The Energy cost of a keyword item being built (Empower), if it is one.
    pub fn keyword_cost(&self, item: &Item) -> Option<Cost> {
        match (item.ab, item.src) {
            (AB_EMPOWER, ItemSrc::Obj(id)) => Some(Cost::energy(self.card(id).empower.unwrap_or(0))),
            _ => None,
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

impl RiftGame {
    /// Flow (CR 829): a spell played for its Flow cost that leaves the chain goes to its owner's
    /// banishment instead of wherever it was going (the trash, when it resolves or is countered).
    pub(crate) fn flow_destination(&self, id: ObjId, old: Zone, to: Zone) -> Zone {
        if old == Zone::Chain && to != Zone::Chain && self.obj(id).has(flag::FLOWED) {
            Zone::Banished
        } else {
            to
        }
    }
}

//! XP and Hunt (CR 728–733, 823).

use crate::action::ObjId;
use crate::cards::KeywordAbility;
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

    /// A unit's Hunt (CR 823: instances summed): its card's, its attached Equipment's and its
    /// active grants' (Level N, Empowered). Off the board: its card's.
    pub fn hunt_total(&self, unit: ObjId) -> u16 {
        let o = self.obj(unit);
        let own = self.card(unit).hunt as u16;
        if !o.zone.on_board() {
            return own;
        }
        let gear: u16 = if o.has(flag::EQUIPPED) {
            self.objs
                .iter()
                .filter(|e| e.attached_to == unit && e.zone.on_board())
                .map(|e| self.def(e.def).hunt as u16)
                .sum()
        } else {
            0
        };
        own + gear + self.granted_hunt(unit)
    }

    /// Hunt X (CR 823): when this unit conquers or holds, one trigger (the instances are summed)
    /// gives its controller X XP. The trigger is the Hunt row (card data) of the unit's card, or
    /// else of an Equipment attached to it that has Hunt.
    pub fn hunt_trigger(&mut self, unit: ObjId) {
        if self.hunt_total(unit) == 0 {
            return;
        }
        let src = match self.card(unit).keyword_ability(KeywordAbility::Hunt) {
            Some(i) => Some((unit, i)),
            None => (0..self.objs.len() as ObjId).find_map(|g| {
                let e = self.obj(g);
                (e.attached_to == unit && e.zone.on_board())
                    .then(|| self.def(e.def).keyword_ability(KeywordAbility::Hunt).map(|i| (g, i)))
                    .flatten()
            }),
        };
        let Some((s, i)) = src else { return };
        let (c, here) = (self.obj(unit).controller, self.loc(unit));
        self.push_trigger(c, ItemSrc::Obj(s), i as u8, here, None);
    }

    /// `hunt_xp` (CR 823): the controller gains the source unit's Hunt in XP (the unit an
    /// Equipment source is attached to; if it is no longer attached, its own Hunt).
    pub(crate) fn hunt_xp(&mut self, item: &Item) {
        let ItemSrc::Obj(s) = item.src else { return };
        let o = self.obj(s);
        let unit = if self.def(o.def).is_unit() {
            s
        } else if o.attached_to != NONE && o.zone.on_board() {
            o.attached_to
        } else {
            let n = self.def(o.def).hunt as u16;
            self.gain_xp(item.controller, n);
            return;
        };
        let n = self.hunt_total(unit);
        self.gain_xp(item.controller, n);
    }
}

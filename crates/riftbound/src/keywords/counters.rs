//! Counters (CR 741–749): objects placed on a board object, named by the card that places them
//! ("a charge counter"); spendable by the object's controller; lost when the object leaves the
//! board (the counter names the object's incarnation, so a zone change leaves it behind, CR 124);
//! they stay through moves between locations. Buffs are counters too but are kept as a status
//! (at most one, CR 701–705).

use crate::action::ObjId;
use crate::state::*;

/// `n` counters of the set's counter `kind` ([`crate::cards::CardDb::counters`]) on object `obj`
/// while it is the incarnation `inc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    pub obj: ObjId,
    pub inc: u16,
    pub kind: u8,
    pub n: u16,
}

impl RiftGame {
    fn counter_live(&self, c: &Counter) -> bool {
        (c.obj as usize) < self.objs.len() && self.obj(c.obj).inc == c.inc && self.obj(c.obj).zone.on_board()
    }

    /// The counters on an object now: (kind, how many), in the order they were first placed.
    pub fn counters_on(&self, id: ObjId) -> impl Iterator<Item = (u8, u16)> + '_ {
        self.counters.iter().filter(move |c| c.obj == id && c.n > 0 && self.counter_live(c)).map(|c| (c.kind, c.n))
    }

    pub fn counter_count(&self, id: ObjId, kind: u8) -> u16 {
        self.counters_on(id).filter(|(k, _)| *k == kind).map(|(_, n)| n).sum()
    }

    /// Put `n` counters on a board object (CR 742); counters left by objects that changed zone
    /// are dropped here (CR 746: lost on leaving the board).
    pub fn add_counters(&mut self, id: ObjId, kind: u8, n: u16) {
        let before = self.counters.clone();
        self.counters = before.into_iter().filter(|c| self.counter_live(c)).collect();
        if n == 0 || !self.obj(id).zone.on_board() {
            return;
        }
        let inc = self.obj(id).inc;
        match self.counters.iter_mut().find(|c| c.obj == id && c.kind == kind) {
            Some(c) => c.n = c.n.saturating_add(n),
            None => self.counters.push(Counter { obj: id, inc, kind, n }),
        }
    }

    /// Remove up to `n` counters of a kind (an effect does as much as it can); returns how many.
    pub fn remove_counters(&mut self, id: ObjId, kind: u8, n: u16) -> u16 {
        let have = self.counter_count(id, kind);
        let take = have.min(n);
        if let Some(c) = self.counters.iter_mut().find(|c| c.obj == id && c.kind == kind) {
            c.n -= take;
        }
        self.counters.retain(|c| c.n > 0);
        take
    }
}

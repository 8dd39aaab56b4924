//! Counters (CR 741–749): objects placed on a board object, named by the card that places them
//! ("a charge counter"); spendable by the object's controller; lost when the object leaves the
//! board (the counter names the object's incarnation, so a zone change leaves it behind, CR 124);
//! they stay through moves between locations. Buffs are counters too but are kept as a status
//! (at most one, CR 701–705). A player's legend and a battlefield hold counters too
//! ([`Holder::Legend`], [`Holder::Bf`]): they never leave the board, so theirs stay (a battlefield
//! replaced by a blank token when its owner concedes loses them, CR 651).

use crate::action::ObjId;
use crate::state::*;

/// What counters are on: a board object, a player's legend (by seat) or a battlefield (by index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Holder {
    Obj(ObjId),
    Legend(u8),
    Bf(u8),
}

/// `n` counters of the set's counter `kind` ([`crate::cards::CardDb::counters`]) on `at` (an
/// object while it is the incarnation `inc`; 0 for a legend or a battlefield).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    pub at: Holder,
    pub inc: u16,
    pub kind: u8,
    pub n: u16,
}

impl RiftGame {
    fn counter_live(&self, c: &Counter) -> bool {
        match c.at {
            Holder::Obj(o) => (o as usize) < self.objs.len() && self.obj(o).inc == c.inc && self.obj(o).zone.on_board(),
            Holder::Legend(s) => (s as usize) < self.players.len(),
            Holder::Bf(b) => (b as usize) < self.bfs.len(),
        }
    }

    /// The counters on a holder now: (kind, how many), in the order they were first placed.
    pub fn counters_at(&self, h: Holder) -> impl Iterator<Item = (u8, u16)> + '_ {
        self.counters.iter().filter(move |c| c.at == h && c.n > 0 && self.counter_live(c)).map(|c| (c.kind, c.n))
    }

    /// The counters on a holder by name, for the views (CR 741–749: public).
    pub fn counter_names(&self, h: Holder) -> std::collections::BTreeMap<String, u16> {
        self.counters_at(h)
            .filter_map(|(k, n)| self.db().counters.get(k as usize).map(|name| (name.clone(), n)))
            .collect()
    }

    /// The counters on an object now (see [`Self::counters_at`]).
    pub fn counters_on(&self, id: ObjId) -> impl Iterator<Item = (u8, u16)> + '_ {
        self.counters_at(Holder::Obj(id))
    }

    pub fn counter_count_at(&self, h: Holder, kind: u8) -> u16 {
        self.counters_at(h).filter(|(k, _)| *k == kind).map(|(_, n)| n).sum()
    }

    pub fn counter_count(&self, id: ObjId, kind: u8) -> u16 {
        self.counter_count_at(Holder::Obj(id), kind)
    }

    /// Put `n` counters on a board object, a legend or a battlefield (CR 742); counters left by
    /// objects that changed zone are dropped here (CR 746: lost on leaving the board).
    pub fn add_counters_at(&mut self, h: Holder, kind: u8, n: u16) {
        let before = std::mem::take(&mut self.counters);
        self.counters = before.into_iter().filter(|c| self.counter_live(c)).collect();
        let inc = match h {
            Holder::Obj(id) if !self.obj(id).zone.on_board() => return,
            Holder::Obj(id) => self.obj(id).inc,
            _ => 0,
        };
        if n == 0 {
            return;
        }
        match self.counters.iter_mut().find(|c| c.at == h && c.kind == kind) {
            Some(c) => c.n = c.n.saturating_add(n),
            None => self.counters.push(Counter { at: h, inc, kind, n }),
        }
    }

    /// Remove up to `n` counters of a kind (an effect does as much as it can); returns how many.
    pub fn remove_counters_at(&mut self, h: Holder, kind: u8, n: u16) -> u16 {
        let have = self.counter_count_at(h, kind);
        let take = have.min(n);
        if let Some(c) = self.counters.iter_mut().find(|c| c.at == h && c.kind == kind) {
            c.n -= take;
        }
        self.counters.retain(|c| c.n > 0);
        take
    }
}

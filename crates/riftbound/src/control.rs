//! Control-changing effects (CR 191, 477.1) and additional turns (CR 734–738).
//!
//! Control is a trait of layer 1 (CR 477.1); this engine keeps it on the object (`Obj::controller`)
//! and changes it there, with the "this turn" changes listed in [`RiftGame::loans`] so that the
//! Expiration Step gives them back (CR 317). Where the unit then is follows from its controller:
//! a unit at a base is at its controller's base (the cleanup's recall of permanents in another
//! player's base, CR 323.5, is immediate); a unit at a battlefield stays there, and the next
//! cleanup gives it its new controller's combat designation, contests the battlefield or stages a
//! combat (CR 323.2, 323.8–10).

use crate::action::ObjId;
use crate::state::*;

impl RiftGame {
    /// `seat` gains control of `unit`, for the rest of the turn if `this_turn` (CR 191).
    pub fn gain_control(&mut self, unit: ObjId, seat: u8, this_turn: bool) {
        let o = self.obj(unit);
        let (from, inc) = (o.controller, o.inc);
        if !o.zone.on_board() || from == seat {
            return;
        }
        if this_turn {
            // A later permanent change replaces the loan; a second loan keeps the first owner-back.
            if !self.loans.iter().any(|l| l.unit == unit && l.inc == inc) {
                self.loans.push(Loan { unit, inc, back_to: from });
            }
        } else {
            self.loans.retain(|l| !(l.unit == unit && l.inc == inc));
        }
        self.objs[unit as usize].controller = seat;
        self.index_zone(unit);
        let def = self.obj(unit).def;
        self.notes.add(|| crate::notes::Note::ControlChanged { unit, def, from, to: seat });
    }

    /// The Expiration Step (CR 317): "this turn" control ends; units still the same object go
    /// back to the player they were taken from (a unit that changed zone is a new object, CR 124).
    pub fn end_loans(&mut self) {
        for l in std::mem::take(&mut self.loans) {
            let o = self.obj(l.unit);
            if o.inc == l.inc && o.zone.on_board() && o.controller != l.back_to {
                let (from, def) = (o.controller, o.def);
                self.objs[l.unit as usize].controller = l.back_to;
                self.index_zone(l.unit);
                self.notes.add(|| crate::notes::Note::ControlChanged { unit: l.unit, def, from, to: l.back_to });
            }
        }
    }

    /// "Take a turn after this one" (CR 734–738): the new turn goes directly after the current
    /// one, before any added earlier.
    pub fn add_extra_turn(&mut self, seat: u8) {
        self.extra_turns.push(seat);
        self.notes.add(|| crate::notes::Note::ExtraTurn { seat });
    }

    /// Who takes the next turn (CR 315, 736): an additional turn if one is due (a player who
    /// left the game takes none, CR 652), otherwise the next player in turn order after the last
    /// regular turn. Sets `order_seat` for the turn that follows.
    pub fn next_turn_player(&mut self) -> u8 {
        let regular = if self.order_seat != NOBODY { self.order_seat } else { self.turn_player };
        while let Some(s) = self.extra_turns.pop() {
            if !self.players[s as usize].left {
                self.order_seat = regular;
                return s;
            }
        }
        self.order_seat = NOBODY;
        self.next_seat(regular)
    }
}

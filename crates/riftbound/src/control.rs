//! Control-changing effects (CR 191, 477.1) and additional turns (CR 734–738).
//!
//! Control is a trait of layer 1 (CR 477.1, spec §21). `Obj::controller` holds the controller
//! after layer 1: an object on the board starts from its owner (the player who plays or creates
//! it controls it, CR 191; in this engine always its owner), then "gain control" effects
//! ([`Effect::Control`], `gain_control` and `gain_control_this_turn`) and control statics ("you
//! control enemy Cadets", `control_statics.rs`) apply in timestamp order (CR 479) — a static after
//! the effects that change which units it reaches or who controls its card (CR 478). Whatever
//! could change the result (an object entering or leaving the board, a continuous effect starting
//! or ending, the Expiration Step ending "this turn" control, CR 317) works it out again
//! ([`RiftGame::relayer_control`]), which writes the new controllers and the board index.
//!
//! Where the unit then is follows from its controller: a unit at a base is at its controller's
//! base (the cleanup's recall of permanents in another player's base, CR 323.5, is immediate); a
//! unit at a battlefield stays there, and the next cleanup gives it its new controller's combat
//! designation, contests the battlefield or stages a combat (CR 323.2, 323.8–10).

use crate::action::ObjId;
use crate::layers::Effect;
use crate::state::*;

impl RiftGame {
    /// `seat` gains control of `unit`, for the rest of the turn if `this_turn` (CR 191): a
    /// layer-1 control effect with a later timestamp than every other (CR 479).
    pub fn gain_control(&mut self, unit: ObjId, seat: u8, this_turn: bool) {
        self.add_effect(unit, Effect::Control(seat), this_turn);
    }

    /// Does layer 1 have control to work out: a control static in the set or a control effect?
    fn control_layer_on(&self) -> bool {
        self.db().has_statics.control || self.effects.iter().any(|l| matches!(l.effect, Effect::Control(_)))
    }

    /// Work layer 1's control out again and write it (CR 477.1, 479; `control_statics.rs`):
    /// every object whose controller changes is indexed under its new controller and logged.
    pub(crate) fn relayer_control(&mut self) {
        // Copy statics first (`copy_statics.rs`): they change the cards, hence the control
        // statics and tags the control fold reads; they judge sides with the controllers, so a
        // controller that changes below works them out again, until the two agree (a bounded
        // number of rounds: a copy static and a control static undoing each other stop there).
        self.relayer_copies();
        if !self.control_layer_on() {
            return;
        }
        for _ in 0..8 {
            if !self.control_once() || !self.db().has_statics.copy {
                break;
            }
            self.relayer_copies();
        }
    }

    /// Write layer 1's control once: whether a controller changed.
    fn control_once(&mut self) -> bool {
        let mut changed = false;
        for (unit, to) in self.control_fold() {
            let (from, def) = (self.obj(unit).controller, self.obj(unit).def);
            if from != to {
                self.objs[unit as usize].controller = to;
                self.index_zone(unit);
                self.notes.add(|| crate::notes::Note::ControlChanged { unit, def, from, to });
                changed = true;
            }
        }
        changed
    }

    /// Work layer 1's control out again if a control static of the set chooses by Might or
    /// attachment (`HasStatics::control_dynamic`): a unit's Might changes without a layer-1 step
    /// ("+2 Might this turn", a buff, Assault as it attacks), and so does what an Equipment is
    /// attached to. Called at every cleanup (CR 318–324) and after every action, and as gear is
    /// attached.
    pub(crate) fn relayer_dynamic_control(&mut self) {
        if self.db().has_statics.control_dynamic {
            self.relayer_control();
        }
    }

    /// After the position reader: an object on the board whose written controller is not what
    /// layer 1 gives (a hand-written position with no control effect) gets a permanent control
    /// effect, the latest, so that it keeps that controller.
    pub(crate) fn settle_control(&mut self) {
        for (unit, to) in self.control_fold() {
            let o = self.obj(unit);
            if o.controller != to {
                let (inc, effect) = (o.inc, Effect::Control(o.controller));
                self.effects.push(crate::layers::Layered { unit, inc, effect, this_turn: false });
            }
        }
    }

    /// A unit whose control was gained this turn and goes back in the Expiration Step (CR 317):
    /// its latest control effect is a "this turn" one and it is what gives its controller now.
    pub fn control_this_turn(&self, unit: ObjId) -> bool {
        let o = self.obj(unit);
        self.effects
            .iter()
            .rev()
            .find(|l| l.unit == unit && l.inc == o.inc && matches!(l.effect, Effect::Control(_)))
            .is_some_and(|l| l.this_turn && l.effect == Effect::Control(o.controller))
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

//! Continuous effects on characteristics (CR 473–480, spec §21), applied in layer order.
//!
//! * Layer 1 (trait-altering, CR 477.1): copy effects ([`Effect::Copy`]) and "its Might becomes
//!   N" ([`Effect::SetMight`]), in timestamp order. A copy changes the object's definition
//!   (`Obj::def`), so every rule that reads the card (name, tags, cost, domains, keywords,
//!   abilities) sees the copy; the printed card comes back when the copy ends. Copying a copy
//!   copies its current copyable traits (the copy's definition, CR 477.1). Might is copied too (a
//!   house interpretation, spec §29 #7). Copy statics ("enemy units are copies of …",
//!   `copy_statics.rs`) are copy effects too, at their card's timestamp, worked out from the board
//!   into `Obj::def` (the card without them: [`RiftGame::static_copies`]). Controller is also a
//!   layer-1 trait: "gain control"
//!   ([`Effect::Control`], `control.rs`) and control statics ("you control enemy Cadets",
//!   `control_statics.rs`) are folded in timestamp order into `Obj::controller`.
//!   One trait at a time ([`Effect::SetTrait`]: name, tags, cost, domain) is set in the same
//!   timestamp order (`traits.rs`).
//! * Layer 2 (ability-altering, CR 477.2): printed keywords, then keywords granted by attached
//!   equipment, then "gains / loses [keyword] this turn" ([`Effect::Grant`], [`Effect::Lose`]) in
//!   timestamp order; abilities written in the card file given by "gains [this ability]"
//!   ([`Effect::GrantAbility`], `grant.rs`): not copyable (a copy of the unit does not have
//!   them), kept when the unit becomes a copy (layer 2 applies after layer 1).
//! * Layer 3 (arithmetic, CR 477.3): buff, "+N Might this turn", Might Bonus, tag statics,
//!   Assault/Shield (`RiftGame::might`). Increases come before decreases; a snapshotted limit is
//!   a fixed change, a passive Might static's limit is worked out again in that order
//!   (`limits.rs`, CR 477.3.b, 479).
//!
//! Timestamps (CR 479): an effect's place in [`RiftGame::effects`] (appended as created).
//! Dependencies (CR 478): the documented cases are "Might becomes N" against additive changes —
//! resolved by layer order (1 before 3) — and abilities granted on a Might condition (the
//! `mighty` grants, layer 2 after layer 3). Layer-1 statics choosing their units by tag or Might
//! wait for the layer-1 steps they depend on (`trait_statics.rs`, `control_statics.rs`; a Might
//! condition reads layer 3 worked out with layer 1 so far, `RiftGame::might_in`); copy statics
//! depend on the copies that would take them away (`copy_statics.rs`).
//!
//! An effect belongs to one object incarnation: leaving the board ends it (CR 124), "this turn"
//! effects end in the Expiration Step (CR 317).

use crate::action::ObjId;
use crate::cards::DefId;
use crate::state::*;

/// What a continuous effect does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Layer 1: the object becomes a copy of `def`; `printed` is what it was before any copy.
    Copy { def: DefId, printed: DefId },
    /// Layer 1: its Might becomes N.
    SetMight(i16),
    /// Layer 1: one trait becomes this (name, tag, cost, domain; `traits.rs`).
    SetTrait(crate::traits::TraitVal),
    /// Layer 2: gains these keywords.
    Grant(u32),
    /// Layer 2: gains the ability block `ab` of card `def` (CR 477.2, `grant.rs`).
    GrantAbility { def: DefId, ab: u8 },
    /// Layer 2: loses these keywords.
    Lose(u32),
    /// Layer 1: its controller becomes this seat ("gain control of …", CR 191, 477.1;
    /// `control.rs`, `control_statics.rs`).
    Control(u8),
    /// The timestamp of the object's statics: where it entered the board (CR 479; pushed only for
    /// a card with trait, control or limited Might statics, `stamp_statics`).
    Entered,
}

/// A continuous effect on one object; its timestamp is its place in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layered {
    pub unit: ObjId,
    pub inc: u16,
    pub effect: Effect,
    /// Ends in this turn's Expiration Step (CR 317); otherwise while the object stays on the board.
    pub this_turn: bool,
}

impl RiftGame {
    /// Start a continuous effect on a unit on the board (a later timestamp than every other).
    pub fn add_effect(&mut self, unit: ObjId, effect: Effect, this_turn: bool) {
        let o = self.obj(unit);
        if !o.zone.on_board() {
            return;
        }
        let inc = o.inc;
        let effect = match effect {
            Effect::Copy { def, .. } => Effect::Copy { def, printed: self.printed_def(unit) },
            e => e,
        };
        self.effects.push(Layered { unit, inc, effect, this_turn });
        self.relayer(unit);
        self.relayer_control();
    }

    /// The card the object is when no copy effect applies.
    pub fn printed_def(&self, unit: ObjId) -> DefId {
        if let Some(c) = self.static_copy_of(unit) {
            return c.printed;
        }
        self.effects
            .iter()
            .find_map(|l| match l.effect {
                Effect::Copy { printed, .. } if l.unit == unit => Some(printed),
                _ => None,
            })
            .unwrap_or(self.obj(unit).def)
    }

    /// Layer 1 copies in timestamp order: the object's definition is the latest copy's, or printed.
    fn relayer(&mut self, unit: ObjId) {
        let printed = self.printed_def(unit);
        let def = self
            .effects
            .iter()
            .rev()
            .find_map(|l| match l.effect {
                Effect::Copy { def, .. } if l.unit == unit => Some(def),
                _ => None,
            })
            .unwrap_or(printed);
        self.objs[unit as usize].def = def;
    }

    /// The object leaves the board (CR 124): its effects end and it is its printed card again.
    pub fn end_effects_of(&mut self, unit: ObjId) {
        if self.effects.iter().any(|l| l.unit == unit) || self.static_copy_of(unit).is_some() {
            let printed = self.printed_def(unit);
            self.effects.retain(|l| l.unit != unit);
            self.static_copies.retain(|c| c.unit != unit);
            self.objs[unit as usize].def = printed;
        }
    }

    /// The Expiration Step (CR 317): "this turn" effects end.
    pub fn end_turn_effects(&mut self) {
        if !self.effects.iter().any(|l| l.this_turn) {
            return;
        }
        let units: Vec<ObjId> = self.effects.iter().filter(|l| l.this_turn).map(|l| l.unit).collect();
        let printed: Vec<DefId> = units.iter().map(|&u| self.printed_def(u)).collect();
        self.effects.retain(|l| !l.this_turn);
        for (u, p) in units.into_iter().zip(printed) {
            // With no copy left the printed card comes back; otherwise the latest copy applies.
            self.objs[u as usize].def = p;
            self.relayer(u);
        }
        self.relayer_control();
    }

    /// The timestamp of the statics of `q` (CR 479): its [`Effect::Entered`] marker's place in the
    /// effect list, or the copy effect's that gave them, or the copy static's that gave them if
    /// later (`copy_statics.rs`); -1 (the earliest) without any.
    pub(crate) fn static_stamp(&self, q: ObjId) -> i64 {
        let inc = self.obj(q).inc;
        let own = self
            .effects
            .iter()
            .rposition(|l| l.unit == q && l.inc == inc && matches!(l.effect, Effect::Entered | Effect::Copy { .. }))
            .map_or(-1, |i| i as i64);
        self.static_copy_of(q).map_or(own, |c| own.max(c.stamp as i64))
    }

    /// A permanent enters the board: the timestamp of its statics whose order matters — trait
    /// statics (`trait_statics.rs`), control statics (`control_statics.rs`) and limited Might
    /// statics (`limits.rs`; CR 479).
    pub(crate) fn stamp_statics(&mut self, id: ObjId) {
        let c = self.card(id);
        if !c.trait_statics.is_empty()
            || !c.control_statics.is_empty()
            || !c.limited_lords.is_empty()
            || !c.copy_statics.is_empty()
        {
            self.add_effect(id, Effect::Entered, false);
        }
    }

    /// Layer 1 Might: the printed (or copied) Might, unless a later "becomes N" sets it.
    pub(crate) fn base_might(&self, unit: ObjId, printed: i32) -> i32 {
        if self.effects.is_empty() {
            return printed;
        }
        // A copy static's copy (`copy_statics.rs`) at its timestamp: only later effects change it.
        let after = self.static_copy_of(unit).map_or(0, |c| (c.stamp + 1).max(0) as usize);
        self.effects
            .get(after..)
            .unwrap_or(&[])
            .iter()
            .rev()
            .filter(|l| l.unit == unit)
            .find_map(|l| match l.effect {
                Effect::SetMight(n) => Some(n as i32),
                Effect::Copy { .. } => Some(printed),
                _ => None,
            })
            .unwrap_or(printed)
    }

    /// Layer 2: `has` (printed and equipment keywords) changed by grants and losses in timestamp
    /// order.
    pub(crate) fn layered_kw(&self, unit: ObjId, k: u32, has: bool) -> bool {
        self.effects.iter().filter(|l| l.unit == unit).fold(has, |h, l| match l.effect {
            Effect::Grant(g) if g & k != 0 => true,
            Effect::Lose(g) if g & k != 0 => false,
            _ => h,
        })
    }
}

//! Gear as a target (`what = "gear"`): control of gear (CR 191, 477.1: controller is a trait) and
//! gear copies (CR 477.1.b).
//!
//! * `gain_control` / `gain_control_this_turn` on a gear: its controller changes (`control.rs`).
//!   Unattached gear is in its controller's base (CR 107.1.c); an attached Equipment stays attached
//!   where its unit is (CR 107.1.c.1: attached permanents may be in a base regardless of their
//!   controller), now its new controller's to Equip again.
//! * `copy` / `copy_this_turn` with a gear in the copied slot: a gear becomes a copy of another
//!   gear (name, tags, cost, domains, rules text: abilities, statics, Might Bonus). An attached
//!   Equipment becomes a copy only of an Equipment (house rule: the CR does not say what an
//!   attached card that stops being an Equipment does); otherwise nothing happens.
//! * Runes and battlefields: CR 2026-07-16 has no effect that changes their control (a
//!   battlefield's control is set by its showdowns and combats, CR 188–192; runes are in their
//!   controller's base, CR 107.1.c, and nothing gives them away).
//! * Spells: the CR's copy effects are layer-1 effects on game objects (CR 477.1.b); it has no
//!   procedure for putting a copy of a spell on the chain, so a spell is never copied.

use crate::action::ObjId;
use crate::cards::{Ability, Kind, Op, Side, TargetSpec, What, Who};
use crate::state::*;

/// The ops a gear target may be given to (the others act on units).
pub fn gear_op(op: Op) -> bool {
    matches!(
        op,
        Op::GainControl | Op::GainControlThisTurn | Op::Copy | Op::CopyThisTurn | Op::GrantAbilityRepeat | Op::Exhaust
    )
}

impl RiftGame {
    /// Is `t` a gear on the board that `spec` allows (side, `other`, a facedown play's battlefield)?
    pub(crate) fn gear_target_ok(&self, item: &Item, spec: &TargetSpec, t: Tgt, src: Option<ObjId>) -> bool {
        let Some(id) = self.live(t) else { return false };
        let o = self.obj(id);
        if !o.zone.on_board() || self.def(o.def).kind != Kind::Gear {
            return false;
        }
        if item.restrict_bf != NOBODY && self.loc(id) != Loc::Bf(item.restrict_bf) {
            return false;
        }
        let side_ok = match spec.side {
            Side::Any => true,
            Side::Friendly => self.friendly(o.controller, item.controller),
            Side::Enemy => !self.friendly(o.controller, item.controller),
        };
        side_ok && !(spec.other && src == Some(id))
    }

    /// Whether `u` may become a copy of `src` (CR 477.1.b): a unit of a unit, a gear of a gear,
    /// an attached Equipment only of an Equipment.
    pub(crate) fn copy_fits(&self, u: ObjId, src: ObjId) -> bool {
        let (a, b) = (self.card(u), self.card(src));
        if a.is_unit() || b.is_unit() {
            return a.is_unit() && b.is_unit();
        }
        a.kind == Kind::Gear && b.kind == Kind::Gear && (self.obj(u).attached_to == NONE || b.equipment)
    }
}

/// Why an ability's use of gear targets is wrong, if it is: (instruction index, field, message).
pub fn gear_problems(kind: Kind, a: &Ability) -> Vec<(usize, &'static str, String)> {
    let mut out = Vec::new();
    let slot = |t: u8| a.targets.get(t as usize).map(|s| s.what);
    for (k, ins) in a.effects.iter().enumerate() {
        let by_slot = ins.op.takes_selector() && ins.who == Who::Target;
        let at_t = matches!(ins.who, Who::UnitsAtT | Who::FriendlyAtT | Who::EnemyAtT | Who::OtherEnemyAtT);
        if (by_slot && slot(ins.t) == Some(What::Gear) && !gear_op(ins.op)) || (at_t && slot(ins.t) == Some(What::Gear))
        {
            out.push((
                k,
                "t",
                format!(
                    "'{:?}' does not act on gear (a gear target takes gain_control, copy, grant_ability_repeat and exhaust)",
                    ins.op
                ),
            ));
        }
        if matches!(ins.op, Op::Copy | Op::CopyThisTurn) && slot(ins.n.max(0) as u8) == Some(What::Gear) {
            // The copier must be a gear too: a gear target, or this gear itself.
            let copier_gear = match ins.who {
                Who::Target => slot(ins.t) == Some(What::Gear),
                Who::Self_ => kind == Kind::Gear,
                _ => false,
            };
            if !copier_gear {
                out.push((k, "who", "copy: only a gear becomes a copy of a gear (CR 477.1.b)".to_string()));
            }
        }
        let copies_unit = slot(ins.n.max(0) as u8) == Some(What::Unit);
        let gear_copier = match ins.who {
            Who::Target => slot(ins.t) == Some(What::Gear),
            Who::Self_ => kind == Kind::Gear,
            _ => false,
        };
        if matches!(ins.op, Op::Copy | Op::CopyThisTurn) && copies_unit && gear_copier {
            out.push((k, "who", "copy: a gear does not become a copy of a unit (CR 477.1.b)".to_string()));
        }
    }
    out
}

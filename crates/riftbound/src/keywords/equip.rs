//! Equipment keywords: Quick-Draw (CR 819) and Weaponmaster (CR 821), and attaching (CR 434).

use super::{AB_QUICK_DRAW, AB_WEAPONMASTER};
use crate::action::ObjId;
use crate::cards::{kw, TargetSpec, What};
use crate::payment::Cost;
use crate::state::*;
use std::sync::OnceLock;

/// Quick-Draw's target (CR 819): a unit you control.
pub fn quick_draw_spec() -> &'static [TargetSpec] {
    static S: OnceLock<Vec<TargetSpec>> = OnceLock::new();
    S.get_or_init(|| vec![TargetSpec { side: crate::cards::Side::Friendly, ..TargetSpec::default() }])
}

/// Weaponmaster's choice: an Equipment you control (CR 821), wherever it is attached.
pub fn weaponmaster_spec() -> &'static [TargetSpec] {
    static S: OnceLock<Vec<TargetSpec>> = OnceLock::new();
    S.get_or_init(|| vec![TargetSpec { what: What::Equipment, ..TargetSpec::default() }])
}

impl RiftGame {
    /// Attach gear `g` to unit `u` (CR 434): not a move; the gear shares the unit's location.
    pub fn attach(&mut self, g: ObjId, u: ObjId) {
        let zone = self.obj(u).zone;
        let gg = &mut self.objs[g as usize];
        gg.attached_to = u;
        gg.zone = zone;
        self.objs[u as usize].set(flag::EQUIPPED, true);
    }

    /// Quick-Draw (CR 819): when this Equipment is played, a trigger attaches it to a unit you
    /// control (the target, chosen as the trigger goes on the chain; none: it is removed).
    pub fn quick_draw_trigger(&mut self, gear: ObjId) {
        if self.card(gear).has(kw::QUICK_DRAW) {
            let (c, here) = (self.obj(gear).controller, self.loc(gear));
            self.push_trigger(c, ItemSrc::Obj(gear), AB_QUICK_DRAW, here, None);
        }
    }

    /// Weaponmaster (CR 821): a play effect of this unit; "you may" is decided as it goes on the
    /// chain, with the Equipment chosen then (no Equipment: it is removed).
    pub fn weaponmaster_trigger(&mut self, unit: ObjId) {
        if self.has_kw(unit, kw::WEAPONMASTER) {
            let (c, here) = (self.obj(unit).controller, self.loc(unit));
            self.push_trigger(c, ItemSrc::Obj(unit), AB_WEAPONMASTER, here, None);
        }
    }

    /// Pay the chosen Equipment's Equip cost reduced by [A] and attach it to this unit (CR 821;
    /// not an activation of Equip). Equip costs in card files are Energy only, so the [A]
    /// reduction has nothing to reduce. If the unit or the Equipment is gone, or the cost can't be
    /// paid, nothing happens.
    pub(crate) fn resolve_weaponmaster(&mut self, item: &Item, unit: ObjId) {
        let Some(g) = item.target(0).and_then(|t| self.live(t)) else { return };
        let spec = &weaponmaster_spec()[0];
        if self.obj(unit).inc != item.src_inc
            || !self.obj(unit).zone.on_board()
            || !self.target_ok(item, spec, self.tgt(g))
        {
            return;
        }
        let cost = Cost::energy(self.card(g).equip.unwrap_or(0));
        if !self.can_pay(item.controller, &cost) {
            return;
        }
        self.pay(item.controller, &cost);
        self.attach(g, unit);
    }
}

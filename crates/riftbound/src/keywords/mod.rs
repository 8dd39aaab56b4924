//! Keywords and mechanisms beyond ST1 (spec §22–23, CR 726–749, 823–828): generic counters,
//! XP with Hunt and Level, Empower / Empowered, and the dependent grants ("[Level N][>] I have +1
//! Might and Tank", "[Empowered][>] …"). The card-file vocabulary is checked in `file.rs`.

mod counters;
mod empower;
mod equip;
pub(crate) mod file;
mod flow;
pub(crate) mod present;
mod temporary;
mod xp;

pub use counters::{Counter, Holder};

use crate::action::ObjId;
use crate::cards::Ability;
use crate::state::*;
use serde::{Deserialize, Serialize};

/// The ability numbers the keyword items had before they became card data (session 4:
/// Weaponmaster 249, Empower 253, Hunt 254, Quick-Draw 255). A position naming one by number is
/// refused (`position/read.rs`); positions name keyword abilities by the keyword (`hunt`).
pub const OLD_SPECIAL_ABS: [u8; 4] = [249, 253, 254, 255];

/// At most this many abilities in a card file's card (the keyword rows come after them, and an
/// item names its row with a byte).
pub const MAX_ABILITIES: usize = 240;

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// A dependent grant (CR 726–727): "[Level N][>] I have +M Might and <keywords>" or
/// "[Empowered][>] …". Exactly one condition: `level` (the controller has ≥ N XP, CR 824) or
/// `empowered` (this object has the Empowered status, CR 828).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Grant {
    #[serde(default, skip_serializing_if = "is_default")]
    pub level: u8,
    #[serde(default, skip_serializing_if = "is_default")]
    pub empowered: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub might: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    /// Hunt X granted (CR 823: summed with the card's own and its Equipment's).
    #[serde(default, skip_serializing_if = "is_default")]
    pub hunt: u8,
    /// The keywords as bits (`cards::kw`), filled when the set is read.
    #[serde(skip)]
    pub kw: u32,
    /// "While I'm Mighty, I have <keywords>" (CR 706, 476.3, 478): a layer-2 grant that depends on
    /// the layer-3 result; it gives keywords only (a Might change would depend on itself).
    #[serde(default, skip_serializing_if = "is_default")]
    pub mighty: bool,
}

impl RiftGame {
    /// Does a dependent condition hold for an object controlled by `controller` (CR 726)? Level N
    /// is the controller's XP (re-evaluated on a control change, CR 824); Empowered the object's
    /// status (CR 828). `obj` is none for a legend's or battlefield's ability.
    pub fn dependent_ok(&self, controller: u8, obj: Option<ObjId>, level: u8, empowered: bool) -> bool {
        let xp_ok = level == 0 || self.players.get(controller as usize).is_some_and(|p| p.xp >= level as u16);
        let emp_ok = !empowered || obj.is_some_and(|o| self.obj(o).has(flag::EMPOWERED));
        xp_ok && emp_ok
    }

    /// Is this ability of the object (or legend) active now (CR 726: Level, Empowered)?
    pub fn ability_active(&self, controller: u8, obj: Option<ObjId>, ab: &Ability) -> bool {
        self.dependent_ok(controller, obj, ab.level, ab.empowered)
    }

    fn grants_on(&self, id: ObjId) -> impl Iterator<Item = &Grant> + '_ {
        self.grants_on_as(id, self.obj(id).controller)
    }

    /// The active dependent grants of `id` were `controller` its controller (Level reads the
    /// controller's XP, CR 824).
    fn grants_on_as(&self, id: ObjId, controller: u8) -> impl Iterator<Item = &Grant> + '_ {
        let o = self.obj(id);
        let on = o.zone.on_board();
        self.def(o.def)
            .grants
            .iter()
            .filter(move |g| on && !g.mighty && self.dependent_ok(controller, Some(id), g.level, g.empowered))
    }

    /// Might from active dependent grants (CR 726, 824, 828). Mighty grants give no Might, so
    /// layer 3 never reads layer 2's Mighty grants (no loop, CR 478).
    pub fn granted_might(&self, id: ObjId) -> i32 {
        self.granted_might_as(id, self.obj(id).controller)
    }

    /// The same were `controller` its controller (layer 3 inside layer 1's fold, `might_in`).
    pub(crate) fn granted_might_as(&self, id: ObjId, controller: u8) -> i32 {
        if self.card(id).grants.is_empty() {
            return 0;
        }
        self.grants_on_as(id, controller).map(|g| g.might).sum()
    }

    /// Hunt from active dependent grants (CR 726, 823).
    pub fn granted_hunt(&self, id: ObjId) -> u16 {
        if self.card(id).grants.is_empty() {
            return 0;
        }
        self.grants_on(id).map(|g| g.hunt as u16).sum()
    }

    /// A keyword from an active dependent grant (CR 726, 824, 828), or from a Mighty grant whose
    /// unit is Mighty once layer 3 is applied (CR 476.3, 478: the grant depends on the Might).
    pub fn granted_kw(&self, id: ObjId, k: u32) -> bool {
        let d = self.card(id);
        if d.grants.is_empty() {
            return false;
        }
        if self.grants_on(id).any(|g| g.kw & k != 0) {
            return true;
        }
        self.obj(id).zone.on_board() && d.grants.iter().any(|g| g.mighty && g.kw & k != 0) && self.mighty(id)
    }
}

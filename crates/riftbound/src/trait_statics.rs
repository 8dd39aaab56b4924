//! Trait statics (layer 1, CR 477.1.a, 478, 479; spec §21): "other friendly units are Yordles",
//! "units you control are Mechs", "enemy units lose all tags". The card file writes a
//! `[[card.static]]` with `effect = "set_trait"`, `trait` (`tag`, `lose_tag`, `only_tag`,
//! `no_tags`), `tag` (the tag; not with `no_tags`) and optionally `unit = { side, other }`
//! (without `unit`: units you control).
//!
//! * Timestamps (CR 479): a static's timestamp is when its card entered the board — a marker
//!   [`Effect::Entered`] in the effect list, pushed only in sets with trait statics — or, for a
//!   unit that got the static by becoming a copy, the copy effect's. A card already on the board
//!   in a position without a marker has the earliest timestamp (board order among such). The
//!   object's tags fold its trait-setting effects and the statics applying to it in that order
//!   (`traits.rs`): a "loses all tags" after the static entered takes the static's tag away, a
//!   static entering later gives it back.
//! * Dependency (CR 478): "units you control with tag X have +N Might" (layer 3) reads the tags
//!   after layer 1, so it sees a tag a static gives whatever the board order. A static's units
//!   are chosen by side and `other` only — a tag or Might condition on them would make layer 1
//!   depend on itself (or on layer 3), which is refused as not implemented.
//! * Name, cost and domain statics are refused as not implemented.

use crate::action::ObjId;
use crate::cards::{Kind, Side, Static, StaticEffect, TargetSpec, What};
use crate::layers::Effect;
use crate::state::RiftGame;
use crate::traits::{Trait, TraitVal};

/// The units a trait static applies to, judged for its card's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Units you control (no `unit`).
    Yours,
    /// Friendly units: you and your teammate (CR 740).
    Friendly,
    Enemy,
    All,
}

/// A trait static of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraitStatic {
    pub scope: Scope,
    /// "Other …": not the card itself.
    pub other: bool,
    pub val: TraitVal,
}

type Problem = (String, &'static str, String);

/// Check a `set_trait` static of a card of kind `kind` (problems: pointer under the static,
/// field, message).
pub(crate) fn static_problems(s: &Static, kind: Kind) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    if s.effect != StaticEffect::SetTrait {
        if s.trait_.is_some() {
            out.push(("/trait".into(), "trait", "only a 'set_trait' static takes 'trait'".into()));
        }
        return out;
    }
    if !matches!(kind, Kind::Unit | Kind::Gear | Kind::Token) {
        out.push((
            String::new(),
            "static",
            format!("not implemented: a 'set_trait' static on a {kind:?} (units, gear and tokens have one)"),
        ));
    }
    match s.trait_ {
        None => out.push((
            "/trait".into(),
            "trait",
            "a 'set_trait' static names a trait: tag, lose_tag, only_tag or no_tags".into(),
        )),
        Some(Trait::Name | Trait::Cost | Trait::Domain) => out.push((
            "/trait".into(),
            "trait",
            "not implemented: a static sets tags only (tag, lose_tag, only_tag, no_tags); name, cost and domain are set by instructions".into(),
        )),
        Some(Trait::NoTags) if !s.tag.is_empty() => {
            out.push(("/tag".into(), "tag", "no_tags takes no tag: the units lose all their tags".into()))
        }
        Some(Trait::Tag | Trait::LoseTag | Trait::OnlyTag) if s.tag.is_empty() => {
            out.push(("/tag".into(), "tag", "a 'set_trait' static names its tag".into()))
        }
        Some(_) => {}
    }
    if s.n != 0 || !s.domains.is_empty() || s.limit.is_some() || s.once_each_turn || s.may {
        out.push((
            String::new(),
            "static",
            "a 'set_trait' static takes trait, tag and unit only (not n, domains, limit, once_each_turn, may)".into(),
        ));
    }
    if let Some(u) = &s.unit {
        let allowed = TargetSpec { side: u.side, other: u.other, ..TargetSpec::default() };
        if u.what != What::Unit || *u != allowed {
            out.push((
                "/unit".into(),
                "unit",
                "not implemented: a trait static's units are chosen by side and other only (a tag or Might condition would make layer 1 depend on itself, CR 478)".into(),
            ));
        }
    }
    out
}

/// Build a checked `set_trait` static; `bit` gives a tag's bit.
pub(crate) fn build(s: &Static, bit: impl Fn(&str) -> u64) -> Option<TraitStatic> {
    if s.effect != StaticEffect::SetTrait {
        return None;
    }
    let val = match s.trait_? {
        Trait::Tag => TraitVal::Tag(bit(&s.tag)),
        Trait::LoseTag => TraitVal::LoseTag(bit(&s.tag)),
        Trait::OnlyTag => TraitVal::Tags(bit(&s.tag)),
        Trait::NoTags => TraitVal::Tags(0),
        _ => return None,
    };
    let scope = match &s.unit {
        None => Scope::Yours,
        Some(u) => match u.side {
            Side::Any => Scope::All,
            Side::Friendly => Scope::Friendly,
            Side::Enemy => Scope::Enemy,
        },
    };
    Some(TraitStatic { scope, other: s.unit.as_ref().is_some_and(|u| u.other), val })
}

impl RiftGame {
    /// The timestamp of the statics of `q` (CR 479): its [`Effect::Entered`] marker's place in the
    /// effect list, or the copy effect's that gave them; -1 (the earliest) without either.
    fn static_stamp(&self, q: ObjId) -> i64 {
        let inc = self.obj(q).inc;
        self.effects
            .iter()
            .rposition(|l| l.unit == q && l.inc == inc && matches!(l.effect, Effect::Entered | Effect::Copy { .. }))
            .map_or(-1, |i| i as i64)
    }

    /// The trait statics applying to unit `id` now, as (timestamp, value), in timestamp order
    /// (board order among equal ones). Empty unless the set has trait statics.
    pub(crate) fn trait_statics_on(&self, id: ObjId) -> Vec<(i64, TraitVal)> {
        let mut out = Vec::new();
        let o = self.obj(id);
        if !self.db().has_statics.traits || !o.zone.on_board() || !self.card(id).is_unit() {
            return out;
        }
        for q in self.nonrune_ids() {
            let qo = self.obj(q);
            if !qo.zone.on_board() {
                continue;
            }
            let d = self.def(qo.def);
            if d.trait_statics.is_empty() {
                continue;
            }
            let ts = self.static_stamp(q);
            for s in &d.trait_statics {
                let side_ok = match s.scope {
                    Scope::Yours => qo.controller == o.controller,
                    Scope::Friendly => self.friendly(qo.controller, o.controller),
                    Scope::Enemy => !self.friendly(qo.controller, o.controller),
                    Scope::All => true,
                };
                if side_ok && !(s.other && q == id) {
                    out.push((ts, s.val));
                }
            }
        }
        out.sort_by_key(|s| s.0);
        out
    }

    /// A unit enters the board: the timestamp of its trait statics (CR 479).
    pub(crate) fn stamp_trait_statics(&mut self, id: ObjId) {
        if self.db().has_statics.traits && !self.card(id).trait_statics.is_empty() {
            self.add_effect(id, Effect::Entered, false);
        }
    }
}

//! Trait statics (layer 1, CR 477.1.a, 478, 479; spec §21): "other friendly units are Yordles",
//! "units you control are Mechs", "enemy units lose all tags", "Cadets you control are named
//! Kite Scout", "enemy Yordles cost 7 [R]", "units you control are Calm". The card file writes a
//! `[[card.static]]` with `effect = "set_trait"`, `trait` (`tag`, `lose_tag`, `only_tag`,
//! `no_tags` with `tag`; `name` with `value`; `cost` with `n` and `pips`; `domain` with
//! `domains`) and optionally `unit = { side, other, tag }` (without `unit`: units you control).
//!
//! * Timestamps (CR 479): a static's timestamp is when its card entered the board — a marker
//!   [`Effect::Entered`] in the effect list (`layers.rs`) — or, for a unit that got the static by
//!   becoming a copy, the copy effect's. A card already on the board in a position without a
//!   marker has the earliest timestamp (board order among such). Each trait of an object folds
//!   its trait-setting effects and the statics applying to it in that order (`traits.rs`): a
//!   "loses all tags" after the static entered takes the static's tag away, a static entering
//!   later gives it back; a name static entering after "its name becomes …" replaces that name.
//! * Dependencies (CR 478): a static whose units are chosen by tag ("Cadets you control are
//!   Yordles") depends on every layer-1 effect that would change which units it reaches (another
//!   tag static, a `set_trait` instruction, a copy): it waits until they have applied, whatever
//!   the timestamps ([`RiftGame::layer1_tags`]); two statics that depend on each other, or a
//!   longer loop, apply in timestamp order. A name, cost or domain static chosen by tag depends on
//!   the tag effects and on nothing that depends on it, so it reads the tags after them.
//!   "Units you control with tag X have +N Might" (layer 3) reads the tags after layer 1.
//! * A Might condition on a static's units (`unit = { mighty = true }`, `max_might = N`) makes
//!   layer 1 depend on layer 3 (CR 476, 478): a tag static with one is worked out with the units'
//!   tags at once ([`RiftGame::layer1_tags`]), its units' Might being layer 3 worked out with the
//!   tags so far (`RiftGame::might_in`), so it waits for the tag steps that would change which
//!   units meet it ("+2 Might to your Cadets" and a static making units Cadets); a name, cost or
//!   domain static with one reads the unit's Might now (Might reads none of those traits). Other
//!   `unit` fields than side, other, tag, mighty and max_might are refused as not implemented.
//! * A trait static changes no controller: control statics are `control_statics.rs`.

use crate::action::ObjId;
use crate::cards::{domain_mask, Kind, Side, Static, StaticEffect, TargetSpec, What};
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

/// A Might condition on a static's units (`unit.mighty`: Might 5 or more, CR 706;
/// `unit.max_might`: Might N or less), judged with layer 3 worked out at the point of layer 1
/// where the static applies (CR 476, 478).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MightCond {
    pub mighty: bool,
    pub max: Option<i32>,
}

impl MightCond {
    pub(crate) fn of(u: &TargetSpec) -> MightCond {
        MightCond { mighty: u.mighty, max: u.max_might }
    }
    /// Is there a condition?
    pub fn any(&self) -> bool {
        self.mighty || self.max.is_some()
    }
    /// Does Might `m` meet it?
    pub fn ok(&self, m: i32) -> bool {
        (!self.mighty || m >= 5) && self.max.is_none_or(|x| m <= x)
    }
    /// Does the unit meet it, its Might read (only if there is a condition) from `might`?
    pub(crate) fn holds(&self, might: impl FnOnce() -> i32) -> bool {
        !self.any() || self.ok(might())
    }
}

/// A trait static of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraitStatic {
    pub scope: Scope,
    /// "Other …": not the card itself.
    pub other: bool,
    /// "… with tag X" (`unit.tag`): the tag's bit, or 0 for any unit of the scope.
    pub with_tag: u64,
    /// "… with Might N or less" / "Mighty …" (`unit.max_might`, `unit.mighty`).
    pub might: MightCond,
    pub val: TraitVal,
}

impl TraitStatic {
    /// Are its units worked out for all units at once (layer 1's tags with dependencies,
    /// [`RiftGame::layer1_tags`]): a tag static choosing by tag or by Might?
    pub(crate) fn selects_tags(&self) -> bool {
        (self.with_tag != 0 || self.might.any()) && self.val.is_tag()
    }
}

type Problem = (String, &'static str, String);

/// Check a static's `trait`, `value` and `pips` (set_trait statics only) and a `set_trait` static
/// of a card of kind `kind` (problems: pointer under the static, field, message).
pub(crate) fn static_problems(s: &Static, kind: Kind) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    if s.effect != StaticEffect::SetTrait {
        if s.trait_.is_some() {
            out.push(("/trait".into(), "trait", "only a 'set_trait' static takes 'trait'".into()));
        }
        // A copy static names its card in `value` too (`copy_statics.rs`, which checks it).
        if (!s.value.is_empty() || !s.pips.is_empty()) && s.effect != StaticEffect::Copy {
            out.push((String::new(), "static", "only a 'set_trait' static takes 'value' or 'pips'".into()));
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
    let Some(t) = s.trait_ else {
        out.push((
            "/trait".into(),
            "trait",
            "a 'set_trait' static names a trait: tag, lose_tag, only_tag, no_tags, name, cost or domain".into(),
        ));
        return out;
    };
    let takes_tag = matches!(t, Trait::Tag | Trait::LoseTag | Trait::OnlyTag);
    match t {
        Trait::NoTags if !s.tag.is_empty() => {
            out.push(("/tag".into(), "tag", "no_tags takes no tag: the units lose all their tags".into()))
        }
        _ if takes_tag && s.tag.is_empty() => {
            out.push(("/tag".into(), "tag", "a 'set_trait' static names its tag".into()))
        }
        _ if !takes_tag && !s.tag.is_empty() => out.push((
            "/tag".into(),
            "tag",
            "only a tag static (tag, lose_tag, only_tag) takes 'tag'; its units' tag is unit.tag".into(),
        )),
        Trait::Name if s.value.is_empty() => {
            out.push(("/value".into(), "value", "a name static names its card in 'value' (id or name)".into()))
        }
        Trait::Domain if s.domains.is_empty() => {
            out.push(("/domains".into(), "domains", "a domain static names its domains".into()))
        }
        Trait::Cost if !(0..=crate::card_file::MAX_ENERGY as i32).contains(&s.n) => {
            out.push(("/n".into(), "n", format!("a cost of {} Energy: 0 to {}", s.n, crate::card_file::MAX_ENERGY)))
        }
        _ => {}
    }
    if t != Trait::Name && !s.value.is_empty() {
        out.push(("/value".into(), "value", "only a name static takes 'value'".into()));
    }
    if t != Trait::Cost && (s.n != 0 || !s.pips.is_empty()) {
        out.push((String::new(), "static", "only a cost static takes 'n' and 'pips'".into()));
    }
    if t != Trait::Domain && !s.domains.is_empty() {
        out.push(("/domains".into(), "domains", "only a domain static takes 'domains'".into()));
    }
    for (k, d) in s.domains.iter().enumerate() {
        if let Err(e) = domain_mask(d) {
            out.push((format!("/domains/{k}"), "domains", e));
        }
    }
    for (k, d) in s.pips.iter().enumerate() {
        if let Err(e) = domain_mask(d) {
            out.push((format!("/pips/{k}"), "pips", e));
        }
    }
    if s.pips.len() > crate::payment::MAX_PIPS {
        out.push(("/pips".into(), "pips", format!("at most {} Power pips in a cost", crate::payment::MAX_PIPS)));
    }
    if s.limit.is_some() || s.once_each_turn || s.may {
        out.push((String::new(), "static", "a 'set_trait' static takes no limit, once_each_turn or may".into()));
    }
    if let Some(u) = &s.unit {
        let allowed = TargetSpec {
            side: u.side,
            other: u.other,
            tag: u.tag.clone(),
            mighty: u.mighty,
            max_might: u.max_might,
            ..TargetSpec::default()
        };
        if u.what != What::Unit || *u != allowed {
            out.push((
                "/unit".into(),
                "unit",
                "not implemented: a trait static's units are chosen by side, other, tag, mighty and max_might only"
                    .into(),
            ));
        }
    }
    out
}

/// Build a checked `set_trait` static: `lookup` holds (id, name, kind) of every card of the set,
/// `bit` gives a tag's bit. `Err` is a name that names no card (field `value`).
pub(crate) fn build(
    s: &Static,
    lookup: &[(String, String, Kind)],
    bit: impl Fn(&str) -> u64,
) -> Result<Option<TraitStatic>, String> {
    let Some(t) = s.trait_.filter(|_| s.effect == StaticEffect::SetTrait) else { return Ok(None) };
    let val = match t {
        Trait::Tag => TraitVal::Tag(bit(&s.tag)),
        Trait::LoseTag => TraitVal::LoseTag(bit(&s.tag)),
        Trait::OnlyTag => TraitVal::Tags(bit(&s.tag)),
        Trait::NoTags => TraitVal::Tags(0),
        Trait::Name => TraitVal::Name(crate::traits::card_named(&s.value, lookup)?),
        Trait::Cost => {
            let pips: Vec<u8> = s.pips.iter().filter_map(|p| domain_mask(p).ok()).collect();
            TraitVal::Cost(crate::payment::Cost::new(s.n.clamp(0, 255) as u8, &pips))
        }
        Trait::Domain => TraitVal::Domain(s.domains.iter().filter_map(|d| domain_mask(d).ok()).fold(0, |a, b| a | b)),
    };
    let scope = match &s.unit {
        None => Scope::Yours,
        Some(u) => match u.side {
            Side::Any => Scope::All,
            Side::Friendly => Scope::Friendly,
            Side::Enemy => Scope::Enemy,
        },
    };
    let with_tag = s.unit.as_ref().filter(|u| !u.tag.is_empty()).map_or(0, |u| bit(&u.tag));
    let might = s.unit.as_ref().map(MightCond::of).unwrap_or_default();
    Ok(Some(TraitStatic { scope, other: s.unit.as_ref().is_some_and(|u| u.other), with_tag, might, val }))
}

/// The tags a card's statics name: their `tag` and a trait or control static's `unit.tag` (for
/// the set's tag table).
pub(crate) fn static_tags(statics: &[Static]) -> impl Iterator<Item = &String> {
    statics.iter().flat_map(|s| {
        let chooses = matches!(s.effect, StaticEffect::SetTrait | StaticEffect::Control | StaticEffect::Copy);
        let selector = s.unit.as_ref().filter(|_| chooses).map(|u| &u.tag);
        std::iter::once(&s.tag).chain(selector)
    })
}

/// A layer-1 tag change waiting to apply ([`RiftGame::layer1_tags`]).
#[derive(Clone, Copy)]
enum Step {
    /// An effect on one unit (a copy sets its tags to the copied card's).
    One(ObjId, TraitVal),
    /// A tag static of card `q`.
    Static(ObjId, TraitStatic),
}

impl RiftGame {
    /// The trait statics on the board as (card, timestamp, static), in timestamp order (board
    /// order among equal ones).
    pub(crate) fn board_trait_statics(&self) -> Vec<(ObjId, i64, TraitStatic)> {
        let mut out = Vec::new();
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
            out.extend(d.trait_statics.iter().map(|s| (q, ts, *s)));
        }
        out.sort_by_key(|s| s.1);
        out
    }

    /// Is a tag static choosing its units by tag on the board (then layer 1's tags are worked out
    /// for all units at once, [`RiftGame::layer1_tags`])?
    pub(crate) fn tag_selected_on_board(&self) -> bool {
        self.nonrune_ids().any(|q| {
            let o = self.obj(q);
            o.zone.on_board() && self.def(o.def).trait_statics.iter().any(|s| s.selects_tags())
        })
    }

    /// Does static `s` of card `q` reach unit `id`, whose tags are `tags` and Might `might()`
    /// (read only for a Might condition)?
    fn reaches(&self, q: ObjId, s: &TraitStatic, id: ObjId, tags: u64, might: impl FnOnce() -> i32) -> bool {
        let (qc, c) = (self.obj(q).controller, self.obj(id).controller);
        let side_ok = match s.scope {
            Scope::Yours => qc == c,
            Scope::Friendly => self.friendly(qc, c),
            Scope::Enemy => !self.friendly(qc, c),
            Scope::All => true,
        };
        side_ok && !(s.other && q == id) && tags & s.with_tag == s.with_tag && s.might.holds(might)
    }

    /// The trait statics applying to unit `id` now whose value `want` accepts, as (timestamp,
    /// value), in timestamp order. A static chosen by tag reads the unit's tags after layer 1's
    /// tag effects (CR 478). Empty unless the set has trait statics.
    pub(crate) fn trait_statics_on(&self, id: ObjId, want: fn(&TraitVal) -> bool) -> Vec<(i64, TraitVal)> {
        let o = self.obj(id);
        if !self.db().has_statics.traits || !o.zone.on_board() || !self.card(id).is_unit() {
            return Vec::new();
        }
        let list: Vec<(ObjId, i64, TraitStatic)> =
            self.board_trait_statics().into_iter().filter(|s| want(&s.2.val)).collect();
        // Tag statics chosen by tag or Might are worked out by `layer1_tags`, never here
        // (`tag_bits_of`): a Might condition here is a name, cost or domain static's, and Might
        // reads no name, cost or domain, so the unit's Might now is what layer 1 gives it.
        let tags = if list.iter().any(|s| s.2.with_tag != 0) { self.tag_bits_of(id) } else { 0 };
        list.into_iter()
            .filter(|(q, _, s)| self.reaches(*q, s, id, tags, || self.might(id)))
            .map(|(_, ts, s)| (ts, s.val))
            .collect()
    }

    /// Every unit's tags after layer 1 (CR 477.1.a, 478, 479), for sets where a tag static
    /// chooses its units by tag: the units' tag effects and the tag statics, each applied once,
    /// in timestamp order — except that a static waits for the effects that would change which
    /// units it reaches (it depends on them, CR 478), unless they depend on it too (then
    /// timestamps; a longer loop: the earliest waiting one).
    pub(crate) fn layer1_tags(&self) -> Vec<(ObjId, u64)> {
        let db = self.db();
        let units: Vec<ObjId> = self.units().collect();
        let mut tags: Vec<u64> = units.iter().map(|&u| self.def(self.printed_def(u)).tag_bits).collect();
        // (timestamp, effects before statics, step), sorted (stable: board order among equals).
        let mut steps: Vec<(i64, u8, Step)> = Vec::new();
        for (i, l) in self.effects.iter().enumerate() {
            let val = match l.effect {
                Effect::Copy { def, .. } => TraitVal::Tags(db.get(def).tag_bits),
                Effect::SetTrait(t) if t.is_tag() => t,
                _ => continue,
            };
            if units.contains(&l.unit) {
                steps.push((i as i64, 0, Step::One(l.unit, val)));
            }
        }
        // A copy static's copy at its timestamp (`copy_statics.rs`).
        for c in &self.static_copies {
            if units.contains(&c.unit) {
                steps.push((c.stamp as i64, 0, Step::One(c.unit, TraitVal::Tags(db.get(c.def).tag_bits))));
            }
        }
        for (q, ts, s) in self.board_trait_statics() {
            if s.val.is_tag() {
                steps.push((ts, 1, Step::Static(q, s)));
            }
        }
        steps.sort_by_key(|s| (s.0, s.1));
        let mut pending: Vec<Step> = steps.into_iter().map(|s| s.2).collect();
        while !pending.is_empty() {
            let depends = |a: usize, b: usize, tags: &[u64]| self.step_depends(&units, tags, pending[a], pending[b]);
            let free = |a: usize| !(0..pending.len()).any(|b| b != a && depends(a, b, &tags) && !depends(b, a, &tags));
            let pick = (0..pending.len()).find(|&a| free(a)).unwrap_or(0);
            let step = pending.remove(pick);
            self.apply_step(&units, &mut tags, step);
        }
        units.into_iter().zip(tags).collect()
    }

    /// Apply one layer-1 tag step to `tags` (the units' tags, in `units` order).
    fn apply_step(&self, units: &[ObjId], tags: &mut [u64], step: Step) {
        match step {
            Step::One(u, v) => {
                if let Some(k) = units.iter().position(|&x| x == u) {
                    tags[k] = crate::traits::fold_tags(tags[k], v);
                }
            }
            Step::Static(q, s) => {
                let reached: Vec<usize> =
                    (0..units.len()).filter(|&k| self.reaches_in(units, tags, q, &s, k)).collect();
                for k in reached {
                    tags[k] = crate::traits::fold_tags(tags[k], s.val);
                }
            }
        }
    }

    /// Does step `a` depend on step `b` (CR 478): would applying `b` first change which units `a`
    /// reaches? Only a static chosen by tag depends on anything.
    fn step_depends(&self, units: &[ObjId], tags: &[u64], a: Step, b: Step) -> bool {
        let Step::Static(q, s) = a else { return false };
        if s.with_tag == 0 && !s.might.any() {
            return false;
        }
        let mut after = tags.to_vec();
        self.apply_step(units, &mut after, b);
        (0..units.len()).any(|k| self.reaches_in(units, tags, q, &s, k) != self.reaches_in(units, &after, q, &s, k))
    }

    /// Does static `s` of card `q` reach unit `units[k]` at this point of layer 1's tags (`tags`,
    /// in `units` order)? A Might condition reads layer 3 worked out with these tags (CR 476,
    /// 478: "+2 Might to your Cadets" counts for a unit that is a Cadet by now).
    fn reaches_in(&self, units: &[ObjId], tags: &[u64], q: ObjId, s: &TraitStatic, k: usize) -> bool {
        let tags_of = |x: ObjId| {
            let t = units.iter().position(|&u| u == x).map_or(0, |j| tags[j]);
            (self.obj(x).controller, t)
        };
        self.reaches(q, s, units[k], tags[k], || self.might_in(units[k], Some(&tags_of)))
    }
}

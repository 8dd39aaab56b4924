//! Copy statics (layer 1, CR 477.1.b, 478, 479, 480; spec §21): "this is a copy of [card]",
//! "enemy units are copies of [card]". The card file writes a `[[card.static]]` with
//! `effect = "copy"`, `value` (the id or name of a unit card of the set) and optionally
//! `unit = { side, other, tag }` (the units it makes copies, judged for its card's controller);
//! without `unit` the card itself becomes the copy.
//!
//! * A copy static is a copy effect (CR 477.1.b) that lasts while its card is on the board with
//!   the static: each unit it reaches has the copied card's copyable traits — name, tags, cost,
//!   domains, rules text (abilities, keywords, statics) — and its printed Might (house reading,
//!   spec §29 #7), exactly like a `copy` op's effect (`layers.rs`). It sets `Obj::def`; the card
//!   without copy statics (printed, or its copy effects') is kept in
//!   [`RiftGame::static_copies`], and comes back when the static no longer reaches the unit —
//!   its card left the board, lost the static by becoming a copy of another card, or the unit
//!   stopped being on the static's side (or having its tag).
//! * Timestamps (CR 479): a static's is when its card entered the board (its [`Effect::Entered`]
//!   marker), or the copy effect's that gave the card the static. Layer 1's copies — the `copy`
//!   ops' effects and the copy statics — apply in timestamp order (CR 480): a `copy` or
//!   `set_trait` made after the static's card entered changes the copy; one made before is
//!   replaced by it. The trait folds (`traits.rs`, `trait_statics.rs`, `control_statics.rs`) and
//!   layer 1's Might (`RiftGame::base_might`) put a unit's static copy at that timestamp among
//!   its effects.
//! * Dependencies (CR 478): a copy static depends on every step that would change whether it
//!   exists — a copy effect or another copy static making its card a copy of another card (or of
//!   the card it has the static from) — and waits for it whatever the timestamps; two copy
//!   statics that depend on each other (each making the other's card a copy) apply in timestamp
//!   order. A copy static applies if its card has it when its turn comes (a self copy — "this
//!   is a copy of …" — takes its own card's other statics away).
//! * The units a copy static reaches are chosen by side, `other` and `tag` (`unit = { side,
//!   other, tag }`), sides with the controllers after layer 1's control (`control.rs`); the two
//!   are worked out in turn (copies, control, and again both while a controller changes, at most
//!   8 rounds; `RiftGame::relayer_control`). A static chosen by tag reads the tags in the fold:
//!   the fold then also applies the tag effects (`set_trait`) and the tag statics of the cards
//!   the objects are at that point (a copy gives the copied card's tags and tag statics), and a
//!   copy static waits for the steps that would change which units it reaches (CR 478). The tags
//!   the rest of the rules read are worked out again in timestamp order by the tag folds
//!   (`traits.rs`, `trait_statics.rs`), with each static copy at its timestamp. Refused as not
//!   implemented: a Might condition or any other unit field (layer 1 would depend on layer 3), a
//!   `value` card that itself has a copy static (chains of copy statics), a self copy static on
//!   gear, and copying anything but a unit card.
//! * House readings (the CR text read says nothing): a copy static that has applied goes on
//!   applying to the end of the fold even if a later step takes the static away; a dependency
//!   is judged on the next step only (a static that would exist only after another step is not
//!   waited for).
//! * Which statics an object has otherwise (trait, control, Might statics) follows its card
//!   after all its copies, copy statics included (`Obj::def`); the statics a copy gives have the
//!   copy's timestamp (or the unit's, if it entered later; `RiftGame::static_stamp`).
//! * Positions (`position.rs`) write an object's card without its copy statics (the reader works
//!   them out again from the board, `relayer_copies`): nothing new is written.

use crate::action::ObjId;
use crate::card_file::RawCard;
use crate::cards::{DefId, Kind, Side, Static, StaticEffect, TargetSpec, What};
use crate::layers::Effect;
use crate::state::*;
use crate::trait_statics::{Scope, TraitStatic};
use crate::traits::TraitVal;

/// A copy static of a card: "[units] are copies of `def`".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyStatic {
    /// The units it makes copies (`unit.side`); `None`: the card itself.
    pub scope: Option<Scope>,
    /// "Other …": not the card itself.
    pub other: bool,
    /// "… with tag X" (`unit.tag`): the tag's bit, or 0 for any unit of the scope.
    pub with_tag: u64,
    /// The card copied.
    pub def: DefId,
}

/// A unit a copy static makes a copy ([`RiftGame::static_copies`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticCopy {
    pub unit: ObjId,
    /// Its printed card.
    pub printed: DefId,
    /// The card it is a copy of (also `Obj::def`).
    pub def: DefId,
    /// The copy's timestamp: the static's (CR 479).
    pub stamp: i32,
}

type Problem = (String, &'static str, String);

/// Check a `copy` static of a card of kind `kind` (problems: pointer under the static, field,
/// message). The copied card is checked by [`build`].
pub(crate) fn static_problems(s: &Static, kind: Kind) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    if s.effect != StaticEffect::Copy {
        return out;
    }
    let self_copy = s.unit.is_none();
    if !matches!(kind, Kind::Unit | Kind::Token) && (self_copy || kind != Kind::Gear) {
        let what = if self_copy { "a unit's own 'copy' static (\"this is a copy of …\")" } else { "a 'copy' static" };
        out.push((
            String::new(),
            "static",
            format!("not implemented: {what} on a {kind:?} (units become copies of units, CR 477.1.b; gear may make units copies with 'unit')"),
        ));
    }
    if s.value.is_empty() {
        out.push(("/value".into(), "value", "a 'copy' static names the card copied in 'value' (id or name)".into()));
    }
    if s.trait_.is_some()
        || !s.pips.is_empty()
        || s.n != 0
        || !s.tag.is_empty()
        || !s.domains.is_empty()
        || s.limit.is_some()
        || s.once_each_turn
        || s.may
    {
        out.push((
            String::new(),
            "static",
            "a 'copy' static takes only 'value' and 'unit': no trait, pips, n, tag, domains, limit, once_each_turn or may"
                .into(),
        ));
    }
    if let Some(u) = &s.unit {
        let allowed = TargetSpec { side: u.side, other: u.other, tag: u.tag.clone(), ..TargetSpec::default() };
        if u.what != What::Unit || *u != allowed {
            out.push((
                "/unit".into(),
                "unit",
                "not implemented: a copy static's units are chosen by side, other and tag only (a Might condition would make layer 1 depend on layer 3, CR 478)".into(),
            ));
        }
    }
    out
}

/// Build a checked `copy` static: `lookup` holds (id, name, kind) of every card of the set,
/// `raw` the cards as read. `Err` is what is wrong with `value` (field `value`).
pub(crate) fn build(
    s: &Static,
    lookup: &[(String, String, Kind)],
    raw: &[RawCard],
    bit: impl Fn(&str) -> u64,
) -> Result<Option<CopyStatic>, String> {
    if s.effect != StaticEffect::Copy || s.value.is_empty() {
        return Ok(None);
    }
    let v = &s.value;
    let Some(d) = lookup.iter().position(|(id, name, _)| id == v || name.eq_ignore_ascii_case(v)) else {
        return Err(format!("no card '{v}' in the set to copy"));
    };
    if lookup[d].2 != Kind::Unit {
        return Err(format!("'{v}' is not a unit card: a copy static makes units copies of a unit card (CR 477.1.b)"));
    }
    if raw[d].statics.iter().any(|x| x.effect == StaticEffect::Copy) {
        return Err(format!("not implemented: '{v}' has a copy static itself (chains of copy statics)"));
    }
    let scope = s.unit.as_ref().map(|u| match u.side {
        Side::Any => Scope::All,
        Side::Friendly => Scope::Friendly,
        Side::Enemy => Scope::Enemy,
    });
    let with_tag = s.unit.as_ref().filter(|u| !u.tag.is_empty()).map_or(0, |u| bit(&u.tag));
    let other = s.unit.as_ref().is_some_and(|u| u.other);
    Ok(Some(CopyStatic { scope, other, with_tag, def: d as DefId }))
}

/// One step of the copy fold (indexes into its object list).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// A copy effect: object `k` becomes a copy of the card.
    Effect(usize, DefId),
    /// A tag effect on object `k` (only when a copy static chooses by tag).
    Tag(usize, TraitVal),
    /// Copy static `s` of object `q`, which has it while it is (a copy of) card `from`.
    Static { q: usize, from: DefId, s: CopyStatic },
    /// Tag static `s` of object `q`, which has it while it is card `from` (only when a copy
    /// static chooses by tag).
    TagStatic { q: usize, from: DefId, s: TraitStatic },
}

/// The fold's state: each object's card and (when a copy static chooses by tag) its tags.
#[derive(Clone)]
struct Fold {
    def: Vec<DefId>,
    tags: Vec<u64>,
}

impl RiftGame {
    /// The object's card without its copy statics: its latest copy effect's, or printed.
    pub(crate) fn effects_def(&self, unit: ObjId) -> DefId {
        if self.static_copies.is_empty() {
            return self.obj(unit).def;
        }
        let printed = self.printed_def(unit);
        self.effects
            .iter()
            .rev()
            .find_map(|l| match l.effect {
                Effect::Copy { def, .. } if l.unit == unit => Some(def),
                _ => None,
            })
            .unwrap_or(printed)
    }

    /// The copy static making `unit` a copy now, if one does.
    pub(crate) fn static_copy_of(&self, unit: ObjId) -> Option<&StaticCopy> {
        self.static_copies.iter().find(|c| c.unit == unit)
    }

    /// Work the copy statics out again (CR 477.1.b, 478, 479): every object on the board starts
    /// from its printed card; the copy effects and copy statics apply each once in timestamp
    /// order, a static waiting for the steps that would change whether it exists or which units
    /// it reaches (CR 478) unless they depend on it too. Where a copy static chooses its units by
    /// tag, the tag effects and tag statics are folded in with them (the copies change tags and
    /// which tag statics exist). `Obj::def` gets the result; [`RiftGame::static_copies`] the
    /// units whose card a copy static gives.
    pub(crate) fn relayer_copies(&mut self) {
        if !self.db().has_statics.copy {
            return;
        }
        let old = std::mem::take(&mut self.static_copies);
        for c in &old {
            // Its card without the copy static: the latest copy effect's, or printed.
            let d = self
                .effects
                .iter()
                .rev()
                .find_map(|l| match l.effect {
                    Effect::Copy { def, .. } if l.unit == c.unit => Some(def),
                    _ => None,
                })
                .unwrap_or(c.printed);
            self.objs[c.unit as usize].def = d;
        }
        let ids: Vec<ObjId> = self.nonrune_ids().filter(|&i| self.obj(i).zone.on_board()).collect();
        let base: Vec<DefId> = ids.iter().map(|&i| self.obj(i).def).collect();
        let printed: Vec<DefId> = ids.iter().map(|&i| self.printed_def(i)).collect();
        if let Some(def) = self.copy_fold(&ids, &printed) {
            // Copy effects apply in timestamp order and never wait: a card other than the
            // latest copy effect's (or printed) comes from a copy static.
            for (k, &id) in ids.iter().enumerate() {
                if def[k].0 != base[k] {
                    let stamp = def[k].1.clamp(-1, i32::MAX as i64) as i32;
                    self.static_copies.push(StaticCopy { unit: id, printed: printed[k], def: def[k].0, stamp });
                    self.objs[id as usize].def = def[k].0;
                }
            }
        }
        let changed = old.len() != self.static_copies.len()
            || old.iter().zip(&self.static_copies).any(|(a, b)| a.unit != b.unit || a.def != b.def);
        if changed {
            let touched: Vec<ObjId> = old.iter().chain(&self.static_copies).map(|c| c.unit).collect();
            for u in touched {
                self.index_zone(u);
            }
        }
    }

    /// Layer 1's copies of the objects `ids` (printed cards `printed`): each object's card and
    /// the timestamp of the copy static that gave it (-1: none); `None` without copy statics.
    fn copy_fold(&self, ids: &[ObjId], printed: &[DefId]) -> Option<Vec<(DefId, i64)>> {
        let db = self.db();
        let at = |id: ObjId, inc: u16| ids.iter().position(|&x| x == id && self.obj(x).inc == inc);
        // (timestamp, effects before statics, step), sorted (stable: board order among equals).
        let mut steps: Vec<(i64, u8, Step)> = Vec::new();
        let entered = |q: ObjId| {
            self.effects.iter().rposition(|l| l.unit == q && l.effect == Effect::Entered).map_or(-1, |i| i as i64)
        };
        // The cards an object may be in the fold, with the timestamp of the statics it then has.
        let mut cards: Vec<(usize, DefId, i64)> = Vec::new();
        for (k, &q) in ids.iter().enumerate() {
            cards.push((k, printed[k], entered(q)));
        }
        for (i, l) in self.effects.iter().enumerate() {
            let (Effect::Copy { def, .. }, Some(k)) = (l.effect, at(l.unit, l.inc)) else { continue };
            steps.push((i as i64, 0, Step::Effect(k, def)));
            cards.push((k, def, i as i64));
        }
        // A card given by several copy effects has the latest one's timestamp (`static_stamp`).
        cards.sort_by_key(|c| (c.0, c.1, std::cmp::Reverse(c.2)));
        cards.dedup_by_key(|c| (c.0, c.1));
        for &(k, d, ts) in &cards {
            steps.extend(db.get(d).copy_statics.iter().map(|s| (ts, 1, Step::Static { q: k, from: d, s: *s })));
        }
        let by_tag = steps.iter().any(|s| matches!(s.2, Step::Static { s, .. } if s.with_tag != 0));
        if by_tag {
            // The copied cards' tag statics, at the copy static's timestamp (CR 479).
            let copied: Vec<(DefId, i64)> = steps
                .iter()
                .filter_map(|s| match s.2 {
                    Step::Static { s: c, .. } => Some((c.def, s.0)),
                    _ => None,
                })
                .collect();
            for (k, &q) in ids.iter().enumerate() {
                if self.def(printed[k]).is_unit() {
                    cards.extend(copied.iter().map(|&(d, ts)| (k, d, ts.max(entered(q)))));
                }
            }
            cards.sort_by_key(|c| (c.0, c.1, std::cmp::Reverse(c.2)));
            cards.dedup_by_key(|c| (c.0, c.1));
            for &(k, d, ts) in &cards {
                let tag_statics = db.get(d).trait_statics.iter().filter(|s| s.val.is_tag());
                steps.extend(tag_statics.map(|s| (ts, 1, Step::TagStatic { q: k, from: d, s: *s })));
            }
            for (i, l) in self.effects.iter().enumerate() {
                if let (Effect::SetTrait(t), Some(k)) = (l.effect, at(l.unit, l.inc)) {
                    if t.is_tag() {
                        steps.push((i as i64, 0, Step::Tag(k, t)));
                    }
                }
            }
        }
        if !steps.iter().any(|s| matches!(s.2, Step::Static { .. })) {
            return None;
        }
        steps.sort_by_key(|s| (s.0, s.1));
        let tags = if by_tag { printed.iter().map(|&d| db.get(d).tag_bits).collect() } else { Vec::new() };
        let mut st = Fold { def: printed.to_vec(), tags };
        let mut given: Vec<i64> = vec![-1; ids.len()];
        let mut pending: Vec<(i64, Step)> = steps.into_iter().map(|s| (s.0, s.2)).collect();
        while !pending.is_empty() {
            let depends = |a: usize, b: usize, st: &Fold| self.copy_depends(ids, st, pending[a].1, pending[b].1);
            let free = |a: usize| !(0..pending.len()).any(|b| b != a && depends(a, b, &st) && !depends(b, a, &st));
            let pick = (0..pending.len()).find(|&a| free(a)).unwrap_or(0);
            let (ts, step) = pending.remove(pick);
            self.copy_apply(ids, &mut st, step, |k| {
                given[k] = if matches!(step, Step::Static { .. }) { ts } else { -1 }
            });
        }
        Some(st.def.into_iter().zip(given).collect())
    }

    /// The objects step `step` changes now; `None` for a static its card no longer has.
    fn copy_reached(&self, ids: &[ObjId], st: &Fold, step: Step) -> Option<Vec<usize>> {
        let (q, from, scope, other, with_tag) = match step {
            Step::Effect(k, _) | Step::Tag(k, _) => return Some(vec![k]),
            Step::Static { q, from, s } => (q, from, s.scope, s.other, s.with_tag),
            Step::TagStatic { q, from, s } => (q, from, Some(s.scope), s.other, s.with_tag),
        };
        if st.def[q] != from {
            return None;
        }
        let Some(scope) = scope else { return Some(vec![q]) };
        let qc = self.obj(ids[q]).controller;
        let reached = (0..ids.len()).filter(|&k| {
            let o = self.obj(ids[k]);
            let side_ok = match scope {
                Scope::Yours => qc == o.controller,
                Scope::Friendly => self.friendly(qc, o.controller),
                Scope::Enemy => !self.friendly(qc, o.controller),
                Scope::All => true,
            };
            let tag_ok = with_tag == 0 || st.tags.get(k).is_some_and(|t| t & with_tag == with_tag);
            matches!(o.zone, Zone::Base | Zone::Bf(_))
                && self.def(st.def[k]).is_unit()
                && side_ok
                && !(other && k == q)
                && tag_ok
        });
        Some(reached.collect())
    }

    /// Apply one step (`mark` is told each object whose card it gives).
    fn copy_apply(&self, ids: &[ObjId], st: &mut Fold, step: Step, mut mark: impl FnMut(usize)) {
        let reached = self.copy_reached(ids, st, step).unwrap_or_default();
        let tracks = !st.tags.is_empty();
        for k in reached {
            match step {
                Step::Effect(_, d) | Step::Static { s: CopyStatic { def: d, .. }, .. } => {
                    st.def[k] = d;
                    if tracks {
                        st.tags[k] = self.def(d).tag_bits;
                    }
                    mark(k);
                }
                Step::Tag(_, v) | Step::TagStatic { s: TraitStatic { val: v, .. }, .. } => {
                    if tracks {
                        st.tags[k] = crate::traits::fold_tags(st.tags[k], v);
                    }
                }
            }
        }
    }

    /// Does step `a` depend on step `b` (CR 478): would applying `b` first change whether `a`
    /// exists or which objects it reaches? Only a static depends.
    fn copy_depends(&self, ids: &[ObjId], st: &Fold, a: Step, b: Step) -> bool {
        if matches!(a, Step::Effect(..) | Step::Tag(..)) {
            return false;
        }
        // Without tags only the static's card matters: `b` must change it.
        if st.tags.is_empty() {
            let Step::Static { q, from, .. } = a else { return false };
            let new = match b {
                Step::Effect(k, d) if k == q => d,
                Step::Static { s, .. } if self.copy_reached(ids, st, b).is_some_and(|r| r.contains(&q)) => s.def,
                _ => return false,
            };
            return (new == from) != (st.def[q] == from);
        }
        let mut after = st.clone();
        self.copy_apply(ids, &mut after, b, |_| {});
        self.copy_reached(ids, st, a) != self.copy_reached(ids, &after, a)
    }
}

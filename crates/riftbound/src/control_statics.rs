//! Control statics (layer 1, CR 477.1, 478, 479; spec §21): "you control enemy Cadets". The card
//! file writes a `[[card.static]]` with `effect = "control"` and `unit = { side, other, tag }`
//! (the units it takes; judged for its card's controller).
//!
//! * Layer 1 works out every controller at once (`control.rs`): objects on the board start from
//!   their owners; the "gain control" effects ([`Effect::Control`]) and the control statics
//!   apply each once, in timestamp order (CR 479) — a static's timestamp is its card's
//!   [`Effect::Entered`] marker, or its copy effect's (`RiftGame::static_stamp`) — except that a
//!   static waits for the steps that would change which units it reaches or who controls its card
//!   (it depends on them, CR 478), unless they depend on it too (then timestamps). A static
//!   reaching a unit gives it to the static's card's controller at that point of the fold.
//! * Its units' tags are their tags in layer 1: control statics choose by tag and tag statics by
//!   side, so the fold works both out together from owners and printed tags (`Step`), never
//!   from `Obj::controller` — the result is a fixed point however often it is asked.
//! * When the card leaves the board the static ends and its units go back (to their owner, or the
//!   latest control effect still on them); a unit at a base is then at its new controller's base,
//!   one at a battlefield is dealt with by the next cleanup (CR 323).
//! * Only side, `other` and `tag` choose the units: a Might condition would make layer 1 depend
//!   on layer 3 and is refused as not implemented, as are the other unit fields.

use crate::action::ObjId;
use crate::cards::{Kind, Side, Static, StaticEffect, TargetSpec, What};
use crate::layers::Effect;
use crate::state::RiftGame;
use crate::trait_statics::{Scope, TraitStatic};
use crate::traits::TraitVal;

/// A control static of a card: "you control [side] units [other] [with tag]".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ControlStatic {
    pub side: Side,
    /// "Other …": not the card itself.
    pub other: bool,
    /// The tag's bit (`unit.tag`), or 0 for any unit of the side.
    pub with_tag: u64,
}

type Problem = (String, &'static str, String);

/// Check a `control` static of a card of kind `kind` (problems: pointer under the static, field,
/// message).
pub(crate) fn static_problems(s: &Static, kind: Kind) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    if s.effect != StaticEffect::Control {
        return out;
    }
    if !matches!(kind, Kind::Unit | Kind::Gear | Kind::Token) {
        out.push((
            String::new(),
            "static",
            format!("not implemented: a 'control' static on a {kind:?} (units, gear and tokens have one)"),
        ));
    }
    if s.n != 0 || !s.tag.is_empty() || !s.domains.is_empty() || s.limit.is_some() || s.once_each_turn || s.may {
        out.push((
            String::new(),
            "static",
            "a 'control' static takes only 'unit' (its tag is unit.tag): no n, tag, domains, limit, once_each_turn or may"
                .into(),
        ));
    }
    match &s.unit {
        None => out.push((
            "/unit".into(),
            "unit",
            "a 'control' static names the units you control in 'unit' (e.g. { side = \"enemy\", tag = \"Cadet\" })"
                .into(),
        )),
        Some(u) => {
            let allowed = TargetSpec { side: u.side, other: u.other, tag: u.tag.clone(), ..TargetSpec::default() };
            if u.mighty || u.max_might.is_some() {
                out.push((
                    "/unit".into(),
                    "unit",
                    "not implemented: a Might condition on a control static's units would make layer 1 depend on layer 3 (CR 478)".into(),
                ));
            } else if u.what != What::Unit || *u != allowed {
                out.push((
                    "/unit".into(),
                    "unit",
                    "not implemented: a control static's units are chosen by side, other and tag only".into(),
                ));
            }
        }
    }
    out
}

/// Build a checked `control` static; `bit` gives a tag's bit.
pub(crate) fn build(s: &Static, bit: impl Fn(&str) -> u64) -> Option<ControlStatic> {
    let u = s.unit.as_ref().filter(|_| s.effect == StaticEffect::Control)?;
    let with_tag = if u.tag.is_empty() { 0 } else { bit(&u.tag) };
    Some(ControlStatic { side: u.side, other: u.other, with_tag })
}

/// One step of layer 1's control and tags (indexes into the fold's object list).
#[derive(Clone, Copy)]
enum Step {
    /// A control effect: object `k` becomes this seat's.
    Control(usize, u8),
    /// A control static of object `k`.
    ControlStatic(usize, ControlStatic),
    /// A tag effect on unit `k` (a copy sets its tags to the copied card's).
    Tag(usize, TraitVal),
    /// A tag static of object `k` (its units are chosen by side, so by control).
    TagStatic(usize, TraitStatic),
}

/// The fold's objects: ids and whether each is a unit.
struct Objs {
    ids: Vec<ObjId>,
    unit: Vec<bool>,
}

/// Layer 1's controllers and tags of the fold's objects, as the steps apply.
#[derive(Clone)]
struct Layer1 {
    ctl: Vec<u8>,
    tags: Vec<u64>,
}

impl RiftGame {
    /// Every object on the board other than runes with its controller after layer 1 (CR 477.1,
    /// 478, 479). Control statics choose units by tag and tag statics choose them by side, so the
    /// two are worked out together from the start — owners and printed tags — whatever
    /// `Obj::controller` says now: the control effects, control statics, tag effects and tag
    /// statics apply each once in timestamp order, a static waiting for the steps it depends on
    /// (CR 478) unless they depend on it too. The result is the same however often it is asked.
    pub(crate) fn control_fold(&self) -> Vec<(ObjId, u8)> {
        let db = self.db();
        let ids: Vec<ObjId> = self.nonrune_ids().filter(|&i| self.obj(i).zone.on_board()).collect();
        let unit: Vec<bool> = ids.iter().map(|&i| self.card(i).is_unit()).collect();
        let at = |id: ObjId, inc: u16| ids.iter().position(|&x| x == id && self.obj(x).inc == inc);
        let mut st = Layer1 {
            ctl: ids.iter().map(|&i| self.obj(i).owner).collect(),
            tags: ids.iter().map(|&i| self.def(self.printed_def(i)).tag_bits).collect(),
        };
        // (timestamp, effects before statics, step), sorted (stable: board order among equals).
        let mut steps: Vec<(i64, u8, Step)> = Vec::new();
        for (i, l) in self.effects.iter().enumerate() {
            let step = match l.effect {
                Effect::Control(s) => at(l.unit, l.inc).map(|k| Step::Control(k, s)),
                Effect::Copy { def, .. } => {
                    at(l.unit, l.inc).map(|k| Step::Tag(k, TraitVal::Tags(db.get(def).tag_bits)))
                }
                Effect::SetTrait(t) if t.is_tag() => at(l.unit, l.inc).map(|k| Step::Tag(k, t)),
                _ => None,
            };
            steps.extend(step.map(|s| (i as i64, 0, s)));
        }
        // A copy static's copy at its timestamp (`copy_statics.rs`).
        for c in &self.static_copies {
            if let Some(k) = ids.iter().position(|&x| x == c.unit) {
                steps.push((c.stamp as i64, 0, Step::Tag(k, TraitVal::Tags(db.get(c.def).tag_bits))));
            }
        }
        for (k, &q) in ids.iter().enumerate() {
            let statics = &self.card(q).control_statics;
            if !statics.is_empty() {
                let ts = self.static_stamp(q);
                steps.extend(statics.iter().map(|s| (ts, 1, Step::ControlStatic(k, *s))));
            }
        }
        for (q, ts, s) in self.board_trait_statics() {
            if let (true, Some(k)) = (s.val.is_tag(), ids.iter().position(|&x| x == q)) {
                steps.push((ts, 1, Step::TagStatic(k, s)));
            }
        }
        steps.sort_by_key(|s| (s.0, s.1));
        let objs = Objs { ids, unit };
        let mut pending: Vec<Step> = steps.into_iter().map(|s| s.2).collect();
        while !pending.is_empty() {
            let depends = |a: usize, b: usize, st: &Layer1| self.layer1_depends(&objs, st, pending[a], pending[b]);
            let free = |a: usize| !(0..pending.len()).any(|b| b != a && depends(a, b, &st) && !depends(b, a, &st));
            let pick = (0..pending.len()).find(|&a| free(a)).unwrap_or(0);
            let step = pending.remove(pick);
            self.apply_layer1(&objs, &mut st, step);
        }
        objs.ids.into_iter().zip(st.ctl).collect()
    }

    /// Does side `side` of a static whose card `q` controls reach object `k`'s controller?
    fn side_reaches(&self, st: &Layer1, q: usize, k: usize, side: Side) -> bool {
        match side {
            Side::Any => true,
            Side::Friendly => self.friendly(st.ctl[q], st.ctl[k]),
            Side::Enemy => !self.friendly(st.ctl[q], st.ctl[k]),
        }
    }

    /// The objects a static step reaches now (none for an effect step).
    fn reached(&self, objs: &Objs, st: &Layer1, step: Step) -> Vec<usize> {
        let n = objs.ids.len();
        match step {
            Step::ControlStatic(q, s) => (0..n)
                .filter(|&k| {
                    objs.unit[k]
                        && self.side_reaches(st, q, k, s.side)
                        && !(s.other && q == k)
                        && st.tags[k] & s.with_tag == s.with_tag
                })
                .collect(),
            Step::TagStatic(q, s) => (0..n)
                .filter(|&k| {
                    let side_ok = match s.scope {
                        Scope::Yours => st.ctl[q] == st.ctl[k],
                        Scope::Friendly => self.side_reaches(st, q, k, Side::Friendly),
                        Scope::Enemy => self.side_reaches(st, q, k, Side::Enemy),
                        Scope::All => true,
                    };
                    objs.unit[k] && side_ok && !(s.other && q == k) && st.tags[k] & s.with_tag == s.with_tag
                })
                .collect(),
            Step::Control(..) | Step::Tag(..) => Vec::new(),
        }
    }

    /// Apply one step.
    fn apply_layer1(&self, objs: &Objs, st: &mut Layer1, step: Step) {
        match step {
            Step::Control(k, s) => st.ctl[k] = s,
            Step::Tag(k, v) => st.tags[k] = crate::traits::fold_tags(st.tags[k], v),
            Step::ControlStatic(q, _) => {
                for k in self.reached(objs, st, step) {
                    st.ctl[k] = st.ctl[q];
                }
            }
            Step::TagStatic(_, s) => {
                for k in self.reached(objs, st, step) {
                    st.tags[k] = crate::traits::fold_tags(st.tags[k], s.val);
                }
            }
        }
    }

    /// Does step `a` depend on step `b` (CR 478): would applying `b` first change which objects
    /// `a` reaches, or who controls a control static's card? Only a static depends on anything.
    fn layer1_depends(&self, objs: &Objs, st: &Layer1, a: Step, b: Step) -> bool {
        if matches!(a, Step::Control(..) | Step::Tag(..)) {
            return false;
        }
        let mut after = st.clone();
        self.apply_layer1(objs, &mut after, b);
        let giver = match a {
            Step::ControlStatic(q, _) => after.ctl[q] != st.ctl[q],
            _ => false,
        };
        giver || self.reached(objs, st, a) != self.reached(objs, &after, a)
    }
}

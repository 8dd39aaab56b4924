//! Control statics (layer 1, CR 477.1, 478, 479; spec §21): "you control enemy Cadets". The card
//! file writes a `[[card.static]]` with `effect = "control"` and `unit = { side, other, tag,
//! mighty, max_might }` (the units it takes; judged for its card's controller), `unit = {
//! attached = true }` ("you control the unit this is attached to": an Equipment's) or `unit = {
//! what = "gear", side, other, tag }` (the gear it takes, as `gain_control`'s `what = "gear"`
//! target).
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
//! * A Might condition (`mighty`: Might 5 or more, CR 706; `max_might = N`) makes layer 1 depend
//!   on layer 3 (CR 476, 478): a unit's Might at a point of the fold is layer 3 worked out with the
//!   controllers and tags so far (`RiftGame::might_in`: the "+N Might to Cadets you control" of
//!   the controller it has by then, its Level grants), so such a static waits for the steps that
//!   would change which units meet it (another control static giving a unit to a player whose
//!   statics pump it, a tag static making it a Cadet), mutual dependency in timestamp order. Its
//!   units are those meeting the condition when it applies (each step applies once, CR 476).
//!   Might changes without a layer-1 step (damage aside: "+2 Might this turn", a buff, Assault
//!   as it attacks, an Equipment attached), so with such a static in the set control is worked
//!   out again at every cleanup and after every action (`HasStatics::control_dynamic`).
//! * "The unit this is attached to" (`attached = true`, an Equipment's static only): the unit
//!   its card is attached to now (CR 434), given to the Equipment's controller; attaching and
//!   unattaching work control out again. Side, tag and Might conditions may narrow it.
//! * Gear (`what = "gear"`, side, other, tag): "you control enemy gear"; an attached Equipment
//!   whose control changes stays attached (CR 107.1.c.1, as with `gain_control`). No Might
//!   condition on gear (gear has no Might).
//! * Other unit fields (at, exhausted, attacking, up_to, …) are refused as not implemented.

use crate::action::ObjId;
use crate::cards::{Kind, Side, Static, StaticEffect, TargetSpec, What};
use crate::layers::Effect;
use crate::state::RiftGame;
use crate::trait_statics::{MightCond, Scope, TraitStatic};
use crate::traits::TraitVal;

/// A control static of a card: "you control [side] units [other] [with tag] [with Might …]",
/// "… the unit this is attached to", "… [side] gear".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ControlStatic {
    pub side: Side,
    /// "Other …": not the card itself.
    pub other: bool,
    /// The tag's bit (`unit.tag`), or 0 for any unit of the side.
    pub with_tag: u64,
    /// "… with Might N or less", "Mighty …" (`unit.max_might`, `unit.mighty`).
    pub might: MightCond,
    /// Gear, not units (`unit.what = "gear"`).
    pub gear: bool,
    /// Only the unit its card is attached to (`unit.attached`).
    pub attached: bool,
}

type Problem = (String, &'static str, String);

/// Check a `control` static of a card of kind `kind` (`equipment`: an Equipment; problems:
/// pointer under the static, field, message).
pub(crate) fn static_problems(s: &Static, kind: Kind, equipment: bool) -> Vec<Problem> {
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
            let allowed = TargetSpec {
                what: u.what,
                side: u.side,
                other: u.other,
                tag: u.tag.clone(),
                mighty: u.mighty,
                max_might: u.max_might,
                attached: u.attached,
                ..TargetSpec::default()
            };
            if !matches!(u.what, What::Unit | What::Gear) || *u != allowed {
                out.push((
                    "/unit".into(),
                    "unit",
                    "not implemented: a control static chooses units by side, other, tag, mighty, max_might and attached, or gear (what = \"gear\") by side, other and tag".into(),
                ));
            }
            if u.what == What::Gear && (u.mighty || u.max_might.is_some() || u.attached) {
                out.push((
                    "/unit".into(),
                    "unit",
                    "a control static's gear has no Might and is not 'the unit this is attached to': gear is chosen by side, other and tag".into(),
                ));
            }
            if u.attached && !(kind == Kind::Gear && equipment) {
                out.push((
                    "/unit/attached".into(),
                    "unit",
                    "'the unit this is attached to' is an Equipment's: only an Equipment is attached (CR 434)".into(),
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
    Some(ControlStatic {
        side: u.side,
        other: u.other,
        with_tag,
        might: MightCond::of(u),
        gear: u.what == What::Gear,
        attached: u.attached,
    })
}

/// `attached` belongs to a control static's `unit` only: every other target slot and unit filter
/// of the card that writes it is refused (pointer under the card, field, message).
pub(crate) fn attached_problems(r: &crate::card_file::RawCard) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    let why = || "'attached' (\"the unit this is attached to\") is for a control static's unit only".to_string();
    for (j, s) in r.statics.iter().enumerate() {
        if s.effect != StaticEffect::Control && s.unit.as_ref().is_some_and(|u| u.attached) {
            out.push((format!("/static/{j}/unit/attached"), "unit", why()));
        }
    }
    if r.extra_cost.as_ref().is_some_and(|c| c.unit.attached) {
        out.push(("/extra_cost/unit/attached".into(), "extra_cost.unit", why()));
    }
    for (j, a) in r.abilities.iter().enumerate() {
        for (k, t) in a.targets.iter().enumerate() {
            if t.attached {
                out.push((format!("/ability/{j}/targets/{k}/attached"), "targets", why()));
            }
        }
        if a.subject.as_ref().is_some_and(|t| t.attached) {
            out.push((format!("/ability/{j}/subject/attached"), "subject", why()));
        }
        if a.extra_cost.as_ref().is_some_and(|c| c.unit.attached) {
            out.push((format!("/ability/{j}/extra_cost/unit/attached"), "extra_cost.unit", why()));
        }
    }
    out
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
                    let kind_ok = if s.gear { self.card(objs.ids[k]).kind == Kind::Gear } else { objs.unit[k] };
                    kind_ok
                        && (!s.attached || self.obj(objs.ids[q]).attached_to == objs.ids[k])
                        && self.side_reaches(st, q, k, s.side)
                        && !(s.other && q == k)
                        && st.tags[k] & s.with_tag == s.with_tag
                        && s.might.holds(|| self.might_at(objs, st, k))
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
                    objs.unit[k]
                        && side_ok
                        && !(s.other && q == k)
                        && st.tags[k] & s.with_tag == s.with_tag
                        && s.might.holds(|| self.might_at(objs, st, k))
                })
                .collect(),
            Step::Control(..) | Step::Tag(..) => Vec::new(),
        }
    }

    /// Object `k`'s Might at this point of the fold: layer 3 worked out with the controllers and
    /// tags so far (CR 476, 478).
    fn might_at(&self, objs: &Objs, st: &Layer1, k: usize) -> i32 {
        let l1 = |x: ObjId| match objs.ids.iter().position(|&i| i == x) {
            Some(j) => (st.ctl[j], st.tags[j]),
            None => (self.obj(x).controller, 0),
        };
        self.might_in(objs.ids[k], Some(&l1))
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

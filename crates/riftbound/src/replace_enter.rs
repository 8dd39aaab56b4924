//! "Units you control enter ready" statics (CR 367, 370; the card file's `enter_ready`,
//! `replace_file.rs`): they replace a unit's entering the board exhausted. One may be "once each
//! turn" (CR 371, counted in `repl_used` with the damage ones) and / or optional ("you may",
//! CR 371).
//!
//! Which applies (CR 372: the affected unit's controller chooses):
//! * a mandatory one that is not "once each turn" applies if there is one (it is not used up, so
//!   nothing is lost by it; no question);
//! * else one mandatory "once each turn" one alone applies by itself;
//! * else — two or more that may apply, or an optional one — the unit enters exhausted for now
//!   and waits in [`RiftGame::enter_wait`]; its controller is asked at once with
//!   [`Prompt::EnterReady`] (`first i`: the i-th of [`RiftGame::enter_ready_choices`] applies and
//!   the unit is readied; `no`, only when every one is optional: it stays exhausted and nothing is
//!   used up). The prompt is asked before anything else happens: a resolving item pauses after the
//!   instruction that made the unit enter (as for its other choices, `resolving pc=N`), a card
//!   being played before its triggers go on the chain; several units entering together are asked
//!   one at a time, in the order they entered (CR 373). Nothing looks at the waiting unit's being
//!   exhausted before the answer.
//!
//! An object does not apply its own statics to its entering (CR 370.3).

use crate::action::ObjId;
use crate::replace::{static_key, StaticKey};
use crate::state::*;

/// An `enter_ready` static that may apply to a unit entering the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnterChoice {
    pub key: StaticKey,
    pub src: ItemSrc,
    pub def: crate::cards::DefId,
    pub once: bool,
    pub may: bool,
}

/// What happens to a unit entering exhausted.
enum EnterReady {
    Exhausted,
    Ready(Option<StaticKey>),
    Ask,
}

impl RiftGame {
    /// The `enter_ready` statics of unit `id`'s controller that apply to it (its own excepted,
    /// CR 370.3), "once each turn" ones already used this turn left out (CR 371), in board order.
    pub(crate) fn enter_ready_choices(&self, id: ObjId) -> Vec<EnterChoice> {
        let o = self.obj(id);
        let mut out = Vec::new();
        if !self.db().has_statics.enter_ready || !self.def(o.def).is_unit() || !o.zone.on_board() {
            return out;
        }
        let seat = o.controller;
        for (src, obj, d) in self.statics_of(seat) {
            if obj == Some(id) {
                continue;
            }
            let src_inc = obj.map_or(0, |i| self.obj(i).inc);
            for spec in &d.enter_ready {
                let key = static_key(src, src_inc, spec.ix);
                if spec.once_each_turn && self.repl_used.contains(&key) {
                    continue;
                }
                // The unit filter is judged for the static's controller (CR 355.10).
                let probe = self.new_item(seat, src, 0, Loc::Nowhere, NOBODY);
                if self.target_ok(&probe, &spec.unit, self.tgt(id)) {
                    let def = self.src_def(src);
                    out.push(EnterChoice { key, src, def, once: spec.once_each_turn, may: spec.may });
                }
            }
        }
        out
    }

    /// The card of a static's source on the board.
    fn src_def(&self, src: ItemSrc) -> crate::cards::DefId {
        match src {
            ItemSrc::Obj(i) | ItemSrc::Spell(i) => self.obj(i).def,
            ItemSrc::Legend(s) => self.players[s as usize].legend,
            ItemSrc::Bf(b) => self.bfs[b as usize].def,
        }
    }

    fn enter_ready_decision(&self, id: ObjId) -> EnterReady {
        let c = self.enter_ready_choices(id);
        if c.iter().any(|x| !x.may && !x.once) {
            return EnterReady::Ready(None);
        }
        match c.as_slice() {
            [] => EnterReady::Exhausted,
            [one] if !one.may => EnterReady::Ready(Some(one.key)),
            _ => EnterReady::Ask,
        }
    }

    /// Unit `id`, on the board under its controller, would be exhausted as it entered: does a
    /// static make it enter ready instead (CR 370)? A "once each turn" one that does is counted
    /// (CR 371). When its controller must choose, it waits (exhausted for now) and they are asked.
    pub(crate) fn static_enters_ready(&mut self, id: ObjId) -> bool {
        match self.enter_ready_decision(id) {
            EnterReady::Exhausted => false,
            EnterReady::Ready(key) => {
                self.repl_used.extend(key);
                true
            }
            EnterReady::Ask => {
                self.enter_wait.push((id, self.obj(id).inc));
                self.ask_enter_ready();
                false
            }
        }
    }

    /// Ask about the first unit waiting to know whether it enters ready, if no other choice is
    /// open; units no longer there (or no longer with a choice) are dropped. Returns whether a
    /// prompt is open.
    pub(crate) fn ask_enter_ready(&mut self) -> bool {
        while self.prompt.is_none() {
            let Some(&(u, inc)) = self.enter_wait.first() else { return false };
            let o = self.obj(u);
            if o.inc == inc && o.zone.on_board() && !self.enter_ready_choices(u).is_empty() {
                self.prompt = Some(Prompt::EnterReady { seat: o.controller, unit: u });
                return true;
            }
            self.enter_wait.remove(0);
        }
        true
    }

    /// May the open enter-ready choice be declined (`no`): every static that applies is optional?
    pub(crate) fn enter_may_decline(&self, unit: ObjId) -> bool {
        self.enter_ready_choices(unit).iter().all(|c| c.may)
    }

    /// The controller's answer for the waiting unit: `Some(i)` the i-th choice applies (it is
    /// readied; a "once each turn" one is counted), `None` declines the optional ones (it stays
    /// exhausted). Then the next waiting unit, if any, is asked.
    pub(crate) fn answer_enter_ready(&mut self, unit: ObjId, pick: Option<usize>) {
        let choices = self.enter_ready_choices(unit);
        let chosen = match pick {
            Some(i) => match choices.get(i) {
                Some(&c) => Some(c),
                None => return,
            },
            None if choices.iter().all(|c| c.may) => None,
            None => return,
        };
        self.prompt = None;
        if let Some(c) = chosen {
            self.objs[unit as usize].set(flag::EXHAUSTED, false);
            if c.once {
                self.repl_used.push(c.key);
            }
        }
        if self.enter_wait.first().is_some_and(|&(u, _)| u == unit) {
            self.enter_wait.remove(0);
        }
        self.ask_enter_ready();
    }

    /// The `i`-th choice of the open enter-ready prompt, in English and Chinese, naming the
    /// static's card and whether it is "once each turn" or optional.
    pub(crate) fn enter_choice_label(&self, unit: ObjId, i: usize) -> Option<(String, String)> {
        let c = *self.enter_ready_choices(unit).get(i)?;
        let d = self.def(c.def);
        let (oe, oz) = if c.once { (", once each turn", "，每回合一次") } else { ("", "") };
        let (me, mz) = if c.may { (" (optional)", "（可选）") } else { ("", "") };
        Some((format!("enter ready ({}){oe}{me}", d.name), format!("以活跃状态进场（{}）{oz}{mz}", d.zh)))
    }
}

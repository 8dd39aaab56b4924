//! The legends and battlefields an instruction names (CR 741–749: counters are on units, gear,
//! legends and battlefields; CR 173–176: a legend can be exhausted and readied). A legend is named
//! by `who = "your_legend"`, by `who = "self"` on a legend's ability or by a target slot
//! `{ what = "legend" }` (its zone is public, CR 355.10.a.1); a battlefield by `who = "self"` on a
//! battlefield's ability, by a target slot `{ what = "battlefield" }`, by `who = "here"` (the
//! battlefield the item is at, CR 359.3.f) or by `who = "at_t"` (the battlefield of the target in
//! slot `t`: that battlefield, or the one the target unit is at). Objects are
//! [`RiftGame::select`]'s.

use crate::cards::{Ability, Cond, ForEach, Instr, Op, To, What, Who};
use crate::keywords::Holder;
use crate::state::*;

impl RiftGame {
    /// The legend or battlefield chosen in `slot` that is still a legal target (CR 359.3.e).
    pub(crate) fn place_target(&self, item: &Item, slot: u8) -> Option<Holder> {
        let spec = self.specs(item).get(slot as usize)?;
        item.targets.iter().filter(|(s, _)| *s == Slot::from(slot)).find_map(|&(_, x)| match x {
            Tgt::Bf(b) if self.target_ok(item, spec, x) => Some(Holder::Bf(b)),
            Tgt::Legend(s) if self.target_ok(item, spec, x) => Some(Holder::Legend(s)),
            _ => None,
        })
    }

    /// `ins` with a `for_each` amount worked out: `n` times the count, counted now, as the
    /// instruction begins. `None` when the amount counts nothing.
    pub(crate) fn for_each_instr(&self, item: &Item, ins: &Instr) -> Option<Instr> {
        if ins.for_each == ForEach::None {
            return None;
        }
        let count = self.for_each_count(item, ins) as i32;
        Some(Instr { n: ins.n.saturating_mul(count), ..ins.clone() })
    }

    /// What a `for_each` counts (`cards::ForEach`): the `counter` counters (CR 741–749) on the
    /// target in slot `t` (a legend or battlefield target, or a unit or gear still a legal target;
    /// none if it is not), on the battlefield here or on the controller's legend; the units the
    /// controller controls, anywhere or here (CR 359.3.f: the item's location, a base or a
    /// battlefield); the enemy units (an opponent's, CR 489.8.b), anywhere or here; the cards in
    /// the controller's hand or trash (CR 105–106); the runes they control (CR 160); the
    /// battlefields they control (CR 188). "You" is the item's controller, not a teammate.
    pub(crate) fn for_each_count(&self, item: &Item, ins: &Instr) -> u32 {
        let you = item.controller;
        let side = |u: crate::action::ObjId, mine: bool| {
            let c = self.obj(u).controller;
            if mine {
                c == you
            } else {
                !self.friendly(c, you)
            }
        };
        let units = |mine: bool, here: bool| -> u32 {
            if !here {
                return self.units().filter(|&u| side(u, mine)).count() as u32;
            }
            match self.here_of(item) {
                Loc::Nowhere => 0,
                at => self.units_at(at).filter(|&u| side(u, mine)).count() as u32,
            }
        };
        let holder = match ins.for_each {
            ForEach::None => return 0,
            ForEach::CountersOnT => self
                .place_target(item, ins.t)
                .or_else(|| self.legal_target(item, ins.t).first().map(|&u| Holder::Obj(u))),
            ForEach::CountersHere => self.bf_here(item).map(Holder::Bf),
            ForEach::CountersOnYourLegend => Some(Holder::Legend(item.controller)),
            ForEach::UnitsYouControl => return units(true, false),
            ForEach::UnitsYouControlHere => return units(true, true),
            ForEach::EnemyUnits => return units(false, false),
            ForEach::EnemyUnitsHere => return units(false, true),
            ForEach::CardsInYourHand => {
                return self.players.get(you as usize).map_or(0, |p| p.hand.len() as u32);
            }
            ForEach::CardsInYourTrash => {
                return self.objs.iter().filter(|o| o.zone == Zone::Trash && o.owner == you).count() as u32;
            }
            ForEach::RunesYouControl => {
                return self
                    .runes_of(you)
                    .filter(|&r| {
                        let o = self.obj(r);
                        o.zone.on_board() && o.controller == you && self.card(r).kind == crate::cards::Kind::Rune
                    })
                    .count() as u32;
            }
            ForEach::BattlefieldsYouControl => {
                return self.bfs.iter().filter(|b| b.controller == you).count() as u32;
            }
        };
        holder.map_or(0, |h| self.counter_count_at(h, ins.counter_ix)) as u32
    }

    /// The battlefield where the target in slot `t` is: a battlefield target itself, or a target
    /// unit's battlefield (none for a unit in a base).
    pub(crate) fn bf_at_t(&self, item: &Item, t: u8) -> Option<u8> {
        match self.place_target(item, t) {
            Some(Holder::Bf(b)) => Some(b),
            Some(_) => None,
            None => match self.legal_target(item, t).first().map(|&u| self.loc(u)) {
                Some(Loc::Bf(b)) => Some(b),
                _ => None,
            },
        }
    }

    /// The battlefield the item is at ("here", CR 359.3.f): none in a base; a blank battlefield
    /// token holds nothing (CR 651).
    pub(crate) fn bf_here(&self, item: &Item) -> Option<u8> {
        match self.here_of(item) {
            Loc::Bf(b) if !self.bfs[b as usize].blank => Some(b),
            _ => None,
        }
    }

    /// The legends and battlefields `ins` names with its selector, when the selector names such
    /// places (`slot`: the target slot read for `who = "target"`); `None` when it names objects.
    pub(crate) fn places_named(&self, item: &Item, ins: &Instr, slot: u8) -> Option<Vec<Holder>> {
        Some(match (ins.who, item.src) {
            (Who::YourLegend, _) => vec![Holder::Legend(item.controller)],
            (Who::Self_, ItemSrc::Legend(s)) => vec![Holder::Legend(s)],
            (Who::Self_, ItemSrc::Bf(b)) if !self.bfs[b as usize].blank => vec![Holder::Bf(b)],
            (Who::Self_, ItemSrc::Bf(_)) => Vec::new(),
            (Who::Here, _) => self.bf_here(item).map(Holder::Bf).into_iter().collect(),
            (Who::AtT, _) => self.bf_at_t(item, ins.t).map(Holder::Bf).into_iter().collect(),
            (Who::Target, _) => self.place_target(item, slot).map(|h| vec![h])?,
            _ => return None,
        })
    }

    /// The holders of counters an instruction picks (CR 741–749): legends and battlefields as
    /// [`Self::places_named`] says, otherwise the objects of [`Self::select`] (or, for a slot
    /// other than the instruction's own, that slot's legal targets).
    pub(crate) fn counter_holders(&self, item: &Item, ins: &Instr, slot: u8) -> Vec<Holder> {
        if let Some(places) = self.places_named(item, ins, slot) {
            return places;
        }
        let objs = if slot == ins.t { self.select(item, ins) } else { self.legal_target(item, slot) };
        objs.into_iter().map(Holder::Obj).collect()
    }

    /// `add_counter`, `remove_counter`, `move_counter` (CR 741–749) on objects, legends and
    /// battlefields.
    pub(crate) fn exec_counters(&mut self, item: &Item, ins: &Instr) {
        let (kind, n) = (ins.counter_ix, ins.n.max(0) as u16);
        let from = self.counter_holders(item, ins, ins.t);
        match ins.op {
            Op::AddCounter => from.into_iter().for_each(|h| self.add_counters_at(h, kind, n)),
            Op::RemoveCounter => from.into_iter().for_each(|h| {
                self.remove_counters_at(h, kind, n);
            }),
            _ => {
                // To the target in slot 1 (an object, a legend or a battlefield); nothing moves
                // without one.
                let to_ins = Instr { who: Who::Target, t: 1, ..ins.clone() };
                let Some(&to) = self.counter_holders(item, &to_ins, 1).first() else { return };
                for h in from {
                    if h != to {
                        let k = self.remove_counters_at(h, kind, n);
                        self.add_counters_at(to, kind, k);
                    }
                }
            }
        }
    }

    /// `grant_ability_repeat` on legends (CR 820: Repeat on abilities, a legend's activated
    /// abilities too); the objects it names get theirs from [`Self::select`]'s caller.
    pub(crate) fn legend_repeats(&mut self, item: &Item, ins: &Instr) {
        let cost = crate::payment::Cost::new(ins.n.clamp(0, 255) as u8, &ins.pip_masks);
        for h in self.places_named(item, ins, ins.t).unwrap_or_default() {
            if let Holder::Legend(s) = h {
                self.grant_legend_repeat(s, cost);
            }
        }
    }

    /// `ready` and `exhaust` on legends (CR 173–176: a legend can be exhausted and readied); the
    /// objects the instruction names are readied or exhausted by [`Self::select`]'s caller.
    pub(crate) fn ready_legends(&mut self, item: &Item, ins: &Instr) {
        for h in self.places_named(item, ins, ins.t).unwrap_or_default() {
            if let Holder::Legend(s) = h {
                self.players[s as usize].legend_exhausted = ins.op == Op::Exhaust;
            }
        }
    }
}

/// Why an ability's use of legends and of the battlefield selectors is wrong, if it is: (field
/// path under the ability, field, message). A legend target, `your_legend` and `self` on a legend
/// take the counter ops, `ready`, `exhaust` and `grant_ability_repeat`; `here` and `at_t` only the
/// counter ops.
pub fn place_problems(a: &Ability) -> Vec<(String, &'static str, String)> {
    let mut out = Vec::new();
    let legend_slot = |t: u8| a.targets.get(t as usize).is_some_and(|s| s.what == What::Legend);
    for (k, ins) in a.effects.iter().enumerate() {
        let counter_op = matches!(ins.op, Op::AddCounter | Op::RemoveCounter | Op::MoveCounter);
        let legend_op = counter_op || matches!(ins.op, Op::Ready | Op::Exhaust | Op::GrantAbilityRepeat);
        if ins.who == Who::YourLegend && !legend_op {
            out.push((
                format!("do/{k}/who"),
                "who",
                "'your_legend' names a legend: only add_counter, remove_counter, move_counter, ready, exhaust and grant_ability_repeat act on it (CR 741–749, 173–176, 820)"
                    .into(),
            ));
        }
        if matches!(ins.who, Who::Here | Who::AtT) && !counter_op {
            out.push((
                format!("do/{k}/who"),
                "who",
                format!(
                    "'{}' names a battlefield: only add_counter, remove_counter and move_counter act on it (CR 741–749)",
                    if ins.who == Who::Here { "here" } else { "at_t" }
                ),
            ));
        }
        // The instruction acts on slot t (its selector, a split or a count at it); "its
        // controller" and a `for_each` count read a legend too (its player, CR 173–176).
        let by_slot = ins.acts_on_slot();
        if by_slot && legend_slot(ins.t) && !(legend_op && ins.who == Who::Target) {
            out.push((
                format!("do/{k}/t"),
                "t",
                format!(
                    "slot {} is a legend: only add_counter, remove_counter, move_counter, ready, exhaust and grant_ability_repeat act on a legend target (who = \"target\")",
                    ins.t
                ),
            ));
        }
        // The conditions about "the target" read slot 0's unit.
        if matches!(ins.cond, Cond::TMighty | Cond::TStunned | Cond::TNotStunned | Cond::UnitAtT) && legend_slot(0) {
            out.push((format!("do/{k}/if"), "if", "slot 0 is a legend: this condition is about a unit target".into()));
        }
        let to_slot = match ins.to {
            To::T0 => Some(0),
            To::T1 => Some(1),
            _ => None,
        };
        if to_slot.is_some_and(legend_slot) {
            out.push((format!("do/{k}/to"), "to", "a legend is not a location (CR 173–176)".into()));
        }
    }
    out
}

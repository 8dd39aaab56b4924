//! Who is asked what about the replacement effects of a damage batch (CR 371–374, spec §19.2;
//! the batch itself is `replace.rs`). One [`DamageAsk`] is open at a time, always through
//! [`Prompt::Replacement`] (`first i`, `no`):
//! * [`DamageAsk::Which`] — a "once each turn" static meets two or more events of the batch.
//!   A replacement applies to simultaneous events in a single uninterrupted sequence (CR 373.a)
//!   and "once each turn" counts its applications (CR 371), so its controller (CR 374) chooses
//!   which event — which unit — it applies to: `first i`, the i-th of those events in CR 373.c
//!   order; an optional one may go to none of them (`no`; it is not used up). Choosing an event
//!   for an optional one is its "may": it is not asked again there. It is out of the batch's
//!   other events. These questions come before anything else of the batch, in turn order of the
//!   statics' controllers (CR 373.c), then in board order.
//! * [`DamageAsk::Order`] — two or more replacements apply to one event: the controller of the
//!   affected unit chooses which applies next (CR 372); their `no` declines the optional ones
//!   among them that are theirs. One optional replacement alone: its controller applies it
//!   (`first 0`) or declines it (`no`).
//! * [`DamageAsk::May`] — the affected unit's controller put another player's optional
//!   replacement next: that replacement's controller (CR 374) applies it (`first 0`) or declines
//!   it (`no`; not used up, CR 371); then the order goes on.
//!
//! A replacement without a controller (a battlefield nobody controls) is the turn player's to
//! decide (CR 372's rule for an uncontrolled battlefield). An optional this-turn effect whose
//! controller has left the game (CR 651) has nobody to say "may": it does not apply.
//!
//! Left open by the CR text (2026-07-16): whether one uninterrupted sequence over several
//! simultaneous events counts as one application of a "once each turn" replacement (and so could
//! reach all of them) is not said; here each event is an application, so it reaches one. The
//! event is chosen as the batch starts; if, when its turn comes, the event deals no damage any
//! more (an earlier prevention), the static does not apply, is not used up, and does not move to
//! another event of the batch.

use crate::action::ObjId;
use crate::replace::{Repl, StaticKey};
use crate::state::*;

/// The open question about a waiting damage batch (see the module text); `seat` is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum DamageAsk {
    /// "Once each turn" static `key` meets the batch's `events` (indices, CR 373.a).
    Which { key: StaticKey, seat: u8, events: Vec<usize>, may: bool },
    /// Event `e`'s replacements `app`: which applies next (CR 372), or one optional one alone.
    Order { e: usize, seat: u8, app: Vec<Repl> },
    /// Optional replacement `r`, put next for event `e`: does its controller apply it (CR 374)?
    May { e: usize, seat: u8, r: Repl },
}

impl DamageAsk {
    pub(crate) fn seat(&self) -> u8 {
        match self {
            DamageAsk::Which { seat, .. } | DamageAsk::Order { seat, .. } | DamageAsk::May { seat, .. } => *seat,
        }
    }

    /// The unit the prompt is about (a `Which`: the first of its events' units).
    pub(crate) fn unit(&self, g: &RiftGame) -> ObjId {
        let e = match self {
            DamageAsk::Which { events, .. } => events.first().copied().unwrap_or(0),
            DamageAsk::Order { e, .. } | DamageAsk::May { e, .. } => *e,
        };
        g.dmg_batch.get(e).map_or(0, |e| e.unit)
    }

    /// The replacement the `i`-th answer is about.
    fn repl(&self, i: usize) -> Option<Repl> {
        match self {
            DamageAsk::Which { key, events, .. } => (i < events.len()).then_some(Repl::Static(*key)),
            DamageAsk::Order { app, .. } => app.get(i).copied(),
            DamageAsk::May { r, .. } => (i == 0).then_some(*r),
        }
    }
}

impl RiftGame {
    /// The seat that decides for a replacement controlled by `s` (CR 374; nobody: the turn
    /// player, CR 372).
    fn deciding_seat(&self, s: u8) -> u8 {
        if s == NOBODY || s >= self.n() {
            self.turn_player
        } else {
            s
        }
    }

    /// Who decides whether optional replacement `r` applies (CR 374).
    fn repl_seat(&self, r: Repl) -> u8 {
        self.deciding_seat(self.repl_controller(r).unwrap_or(NOBODY))
    }

    /// Is `r` still optional for event `i`: optional (CR 371), and its "may" not answered by its
    /// controller's choosing this event for it (CR 373.a)?
    pub(crate) fn repl_may_at(&self, i: usize, r: Repl) -> bool {
        let accepted = match r {
            Repl::Static(k) => self.dmg_batch.get(i).is_some_and(|e| e.accepted.contains(&k)),
            Repl::Ward(_) => false,
        };
        !accepted && self.repl_may(r)
    }

    /// Must someone be asked about event `i`'s replacements `app`: two or more apply (CR 372),
    /// or an optional one does (CR 371)?
    pub(crate) fn needs_choice(&self, i: usize, app: &[Repl]) -> bool {
        app.len() >= 2 || app.iter().any(|&r| self.repl_may_at(i, r))
    }

    /// CR 373.a: the first "once each turn" static (controllers in turn order, CR 373.c, then
    /// board order) that meets two or more events of the batch.
    pub(crate) fn which_ask(&self) -> Option<DamageAsk> {
        let len = self.dmg_batch.len();
        if len < 2 {
            return None;
        }
        let n = self.n().max(1);
        let mut statics: Vec<_> = self.damage_statics().into_iter().filter(|s| s.stat.once_each_turn).collect();
        if statics.is_empty() {
            return None;
        }
        statics.sort_by_key(|s| (self.deciding_seat(s.controller) + n - self.turn_player % n) % n);
        let apps: Vec<Vec<Repl>> = (0..len).map(|i| self.applicable_repls(i)).collect();
        statics.into_iter().find_map(|s| {
            let events: Vec<usize> = (0..len).filter(|&i| apps[i].contains(&Repl::Static(s.key))).collect();
            (events.len() >= 2).then(|| DamageAsk::Which {
                key: s.key,
                seat: self.deciding_seat(s.controller),
                events,
                may: s.stat.may,
            })
        })
    }

    /// The open question about the waiting damage batch, if any (see the module text).
    pub(crate) fn damage_ask(&self) -> Option<DamageAsk> {
        if self.dmg_batch.is_empty() {
            return None;
        }
        if let Some(w) = self.which_ask() {
            return Some(w);
        }
        let e = (0..self.dmg_batch.len()).find(|&i| self.needs_choice(i, &self.applicable_repls(i)))?;
        let app = self.applicable_repls(e);
        if let Some(r) = self.dmg_may.filter(|r| app.contains(r)) {
            return Some(DamageAsk::May { e, seat: self.repl_seat(r), r });
        }
        let seat = match app.as_slice() {
            // One alone that needs a choice is optional: its controller's (CR 371, 374).
            [one] => self.repl_seat(*one),
            _ => self.obj(self.dmg_batch[e].unit).controller,
        };
        Some(DamageAsk::Order { e, seat, app })
    }

    /// Replacement `r` is done with event `i` without applying (declined, or given to another
    /// event): marked as met (like an applied one, CR 370.2), the effect itself untouched.
    fn meet(&mut self, i: usize, r: Repl) {
        let e = &mut self.dmg_batch[i];
        match r {
            Repl::Ward(w) => e.applied |= 1 << w,
            Repl::Static(k) => e.statics.push(k),
        }
    }

    /// The answer to the open damage question: `Some(i)` is `first i`, `None` is `no`. An answer
    /// the question does not offer changes nothing. Then the batch goes on (and combat damage on
    /// to the Combat Cleanup once it is dealt).
    pub(crate) fn answer_damage(&mut self, pick: Option<usize>) {
        let Some(ask) = self.damage_ask() else {
            self.prompt = None;
            self.dmg_may = None;
            self.finish_damage_batch();
            return;
        };
        match (ask, pick) {
            (DamageAsk::Which { key, events, may, .. }, Some(i)) => {
                let Some(&chosen) = events.get(i) else { return };
                for &j in events.iter().filter(|&&j| j != chosen) {
                    self.meet(j, Repl::Static(key));
                }
                if may {
                    self.dmg_batch[chosen].accepted.push(key);
                }
            }
            (DamageAsk::Which { key, events, may: true, .. }, None) => {
                for j in events {
                    self.meet(j, Repl::Static(key));
                }
            }
            (DamageAsk::May { e, r, .. }, Some(0)) => {
                self.dmg_may = None;
                self.apply_repl(e, r);
            }
            (DamageAsk::May { e, r, .. }, None) => {
                self.dmg_may = None;
                self.meet(e, r);
            }
            (DamageAsk::Order { e, seat, app }, Some(i)) => {
                let Some(&r) = app.get(i) else { return };
                // Another player's optional one: its controller says whether it applies (CR 374).
                if self.repl_may_at(e, r) && self.repl_seat(r) != seat {
                    self.dmg_may = Some(r);
                } else {
                    self.apply_repl(e, r);
                }
            }
            (DamageAsk::Order { e, seat, app }, None) => {
                let declined: Vec<Repl> =
                    app.into_iter().filter(|&r| self.repl_may_at(e, r) && self.repl_seat(r) == seat).collect();
                if declined.is_empty() {
                    return;
                }
                for r in declined {
                    self.meet(e, r);
                }
            }
            _ => return,
        }
        self.prompt = None;
        self.finish_damage_batch();
    }

    /// A player left while the batch waited for their choice (CR 651): the choice is gone with
    /// their objects (an optional this-turn effect of theirs no longer applies), and the batch goes
    /// on without it.
    pub(crate) fn settle_damage_batch(&mut self) {
        if self.prompt.is_none() && !self.dmg_batch.is_empty() {
            self.finish_damage_batch();
        }
    }

    /// How many answers (`first i`) the open damage question offers (0: the prompt is about a
    /// death).
    pub(crate) fn damage_choices(&self) -> usize {
        match self.damage_ask() {
            Some(DamageAsk::Which { events, .. }) => events.len(),
            Some(DamageAsk::Order { app, .. }) => app.len(),
            Some(DamageAsk::May { .. }) => 1,
            None => 0,
        }
    }

    /// May the open damage question be answered `no` (CR 371): an optional "once each turn"
    /// static going to none of the events, an optional replacement put next, or optional ones of
    /// the seat asked?
    pub(crate) fn damage_may_decline(&self) -> bool {
        match self.damage_ask() {
            Some(DamageAsk::Which { may, .. }) => may,
            Some(DamageAsk::May { .. }) => true,
            Some(DamageAsk::Order { e, seat, app }) => {
                app.iter().any(|&r| self.repl_may_at(e, r) && self.repl_seat(r) == seat)
            }
            None => false,
        }
    }

    /// What the open damage question asks for (the refusal of another action).
    pub(crate) fn damage_refusal(&self) -> String {
        let last = self.damage_choices().saturating_sub(1);
        let no = self.damage_may_decline();
        match self.damage_ask() {
            Some(DamageAsk::Which { .. }) => format!(
                "choose which unit the 'once each turn' replacement applies to: 'first 0'…'first {last}'{} (CR 373.a)",
                if no { ", or 'no' for none of them" } else { "" }
            ),
            Some(DamageAsk::May { .. }) => {
                "apply your optional replacement put next: 'first 0', or 'no' to decline it (CR 374, 371)".into()
            }
            _ => format!(
                "choose which damage replacement applies first: 'first 0'…'first {last}'{} (CR 372, 371)",
                if no { ", or 'no' to decline your optional ones" } else { "" }
            ),
        }
    }

    /// The source of the replacement the `i`-th answer is about, when it is a static (a
    /// this-turn effect's source has left no card to name).
    pub(crate) fn damage_choice_source(&self, i: usize) -> Option<ItemSrc> {
        match self.damage_ask()?.repl(i)? {
            Repl::Ward(_) => None,
            Repl::Static(k) => self.static_by_key(k).map(|s| s.src),
        }
    }

    /// The unit of the `i`-th answer of a CR 373.a question (which event a static applies to).
    pub(crate) fn damage_choice_unit(&self, i: usize) -> Option<ObjId> {
        match self.damage_ask()? {
            DamageAsk::Which { events, .. } => events.get(i).map(|&e| self.dmg_batch[e].unit),
            _ => None,
        }
    }

    /// The replacement the `i`-th answer is about, in English and Chinese, naming a static's
    /// source card and whether it is optional.
    pub(crate) fn damage_choice_label(&self, i: usize) -> Option<(String, String)> {
        match self.damage_ask()?.repl(i)? {
            Repl::Ward(w) => {
                let w = *self.wards.get(w)?;
                let (e, z) = crate::replace::ward_text(w.kind);
                let (oe, oz) = if w.once { (", once", "，一次") } else { ("", "") };
                let (me, mz) = if w.may { (" (optional)", "（可选）") } else { ("", "") };
                // Its source: the player whose effect made it this turn (CR 374; the card is not kept).
                let (pe, pz) = (crate::present::seat_en(w.controller), crate::present::seat_zh(w.controller));
                Some((format!("{e}{oe}{me} ({pe}'s effect this turn)"), format!("{z}{oz}{mz}（{pz}本回合的效果）")))
            }
            Repl::Static(k) => {
                let s = self.static_by_key(k)?;
                let d = self.def(s.def);
                let (e, z) = crate::replace::static_text(s.stat.kind);
                let (oe, oz) =
                    if s.stat.once_each_turn { (", once each turn", "，每回合一次") } else { ("", "") };
                let (me, mz) = if s.stat.may { (" (optional)", "（可选）") } else { ("", "") };
                // Its controller (CR 374): who decides about an optional one.
                let c = self.deciding_seat(s.controller);
                let (pe, pz) = (crate::present::seat_en(c), crate::present::seat_zh(c));
                Some((format!("{e} ({}, {pe}'s){oe}{me}", d.name), format!("{z}（{}，{pz}的）{oz}{mz}", d.zh)))
            }
        }
    }
}

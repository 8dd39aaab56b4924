//! Replacement effects on damage (CR 367–375, spec §19.2): "prevent the next N damage that would
//! be dealt to it this turn", "prevent all damage that would be dealt to it this turn" and "if
//! damage would be dealt to it this turn, double it" ([`Ward`]s, created by the `prevent_damage`
//! and `double_damage` instructions; they end in the Expiration Step, CR 317, or when the unit
//! leaves the board, CR 124).
//!
//! Every damage event goes through [`RiftGame::deal_batch`], which takes the simultaneous events
//! of one game action together (CR 373: an instruction's units, a split, combat damage):
//! * each event is handled separately, in turn order of the affected units' controllers
//!   (CR 373.c); each replacement applies at most once to an event (CR 370.2) and only while the
//!   event still deals damage (a prevented event is not damage any more);
//! * one replacement that applies: it applies (a replacement is not optional); two or more: the
//!   **controller of the affected unit** chooses which applies first (CR 372), with
//!   [`Prompt::Replacement`] (`first i` = the i-th applicable replacement), then the rest are
//!   checked again on the modified event;
//! * a replacement applied to an already modified event works on it as modified (CR 375: it
//!   inherits what the earlier one did, e.g. damage halved by a prevention and then doubled is
//!   the prevented amount doubled; the source stays the same);
//! * when every event is final, the modified events are dealt before the unmodified ones
//!   (CR 373.b); one replacement meets at most one event per batch (a unit is dealt one amount per
//!   batch), so "a single uninterrupted sequence" (CR 373.a) holds by construction.
//!
//! While a choice is open the batch waits in [`RiftGame::dmg_batch`]; combat damage then goes on
//! to the Combat Cleanup once it is dealt (`dmg_combat`), a resolving item to its next instruction.

use crate::action::ObjId;
use crate::state::*;

/// What a damage replacement effect does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WardKind {
    /// Prevent the next N damage (used up as it prevents; gone at 0).
    PreventNext(u8),
    /// Prevent all damage this turn.
    PreventAll,
    /// Damage that would be dealt is doubled instead.
    Double,
}

/// A damage replacement effect on one unit incarnation, for this turn; `controller` is its
/// source's controller (CR 374).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ward {
    pub unit: ObjId,
    pub inc: u16,
    pub kind: WardKind,
    pub controller: u8,
}

/// One damage event of a batch: the amount as modified so far, the wards (bits, by index in
/// [`RiftGame::wards`]) applied to it, and whether any replaced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageEvent {
    pub unit: ObjId,
    pub amount: i32,
    pub applied: u64,
    pub modified: bool,
}

impl RiftGame {
    /// Start a damage replacement effect on a unit on the board.
    pub(crate) fn add_ward(&mut self, unit: ObjId, kind: WardKind, controller: u8) {
        let o = self.obj(unit);
        if o.zone.on_board() && self.wards.len() < 64 {
            let inc = o.inc;
            self.wards.push(Ward { unit, inc, kind, controller });
        }
    }

    /// The Expiration Step (CR 317): this turn's damage replacements end.
    pub(crate) fn end_wards(&mut self) {
        self.wards.clear();
    }

    /// Deal simultaneous damage (CR 373) with the replacement effects that apply. Returns whether
    /// it was dealt now (false: a choice is open, `Prompt::Replacement`).
    pub(crate) fn deal_batch(&mut self, events: &[(ObjId, i32)], combat: bool) -> bool {
        let touched = |u: ObjId| self.wards.iter().any(|w| w.unit == u);
        if self.wards.is_empty() || !events.iter().any(|&(u, _)| touched(u)) {
            for &(u, n) in events {
                self.deal(u, n);
            }
            return true;
        }
        let mut batch: Vec<DamageEvent> =
            events.iter().map(|&(unit, amount)| DamageEvent { unit, amount, applied: 0, modified: false }).collect();
        // CR 373.c: handled in turn order of the affected units' controllers (who choose, CR 372).
        let order = |s: u8| (s + self.n() - self.turn_player) % self.n().max(1);
        batch.sort_by_key(|e| order(self.obj(e.unit).controller));
        self.dmg_batch = batch;
        self.dmg_combat = combat;
        self.step_damage_batch()
    }

    /// The wards that may still apply to event `i` (CR 370.2: each once; only to damage).
    pub(crate) fn applicable_wards(&self, i: usize) -> Vec<usize> {
        let Some(e) = self.dmg_batch.get(i) else { return Vec::new() };
        let o = self.obj(e.unit);
        if e.amount <= 0 || !o.zone.on_board() {
            return Vec::new();
        }
        (0..self.wards.len())
            .filter(|&w| {
                let x = &self.wards[w];
                x.unit == e.unit
                    && x.inc == o.inc
                    && e.applied & (1 << w) == 0
                    && !matches!(x.kind, WardKind::PreventNext(0))
            })
            .collect()
    }

    /// The event whose replacements are being chosen (the first one with two or more left).
    pub(crate) fn open_damage_event(&self) -> Option<usize> {
        (0..self.dmg_batch.len()).find(|&i| self.applicable_wards(i).len() >= 2)
    }

    /// Ward `w` replaces event `i` (CR 370.1.c), on the event as modified so far (CR 375).
    fn apply_ward(&mut self, i: usize, w: usize) {
        let e = &mut self.dmg_batch[i];
        e.applied |= 1 << w;
        e.modified = true;
        match self.wards[w].kind {
            WardKind::PreventNext(n) => {
                let p = e.amount.min(n as i32);
                e.amount -= p;
                self.wards[w].kind = WardKind::PreventNext(n - p as u8);
            }
            WardKind::PreventAll => e.amount = 0,
            WardKind::Double => e.amount = e.amount.saturating_mul(2).min(i16::MAX as i32),
        }
    }

    /// Apply single replacements, ask for an order where two or more apply (CR 372), and deal the
    /// batch once every event is final. Returns whether it was dealt.
    fn step_damage_batch(&mut self) -> bool {
        for i in 0..self.dmg_batch.len() {
            loop {
                let app = self.applicable_wards(i);
                match app.len() {
                    0 => break,
                    1 => self.apply_ward(i, app[0]),
                    _ => {
                        let unit = self.dmg_batch[i].unit;
                        self.prompt = Some(Prompt::Replacement { seat: self.obj(unit).controller, unit });
                        return false;
                    }
                }
            }
        }
        let batch = std::mem::take(&mut self.dmg_batch);
        // CR 373.b: modified events first, then the unmodified ones.
        for e in batch.iter().filter(|e| e.modified).chain(batch.iter().filter(|e| !e.modified)) {
            if e.modified {
                let (unit, def, amount) = (e.unit, self.obj(e.unit).def, e.amount);
                let controller = self.obj(unit).controller;
                self.notes.add(|| crate::notes::Note::DamageReplaced { unit, def, controller, amount: amount as i16 });
            }
            self.deal(e.unit, e.amount);
        }
        self.wards.retain(|w| !matches!(w.kind, WardKind::PreventNext(0)));
        true
    }

    /// The affected unit's controller chose the `i`-th applicable replacement to apply first
    /// (CR 372); then the batch goes on, and combat damage on to the Combat Cleanup.
    pub(crate) fn choose_damage_replacement(&mut self, i: usize) {
        let Some(e) = self.open_damage_event() else {
            self.prompt = None;
            self.finish_damage_batch();
            return;
        };
        let app = self.applicable_wards(e);
        let Some(&w) = app.get(i) else { return };
        self.prompt = None;
        self.apply_ward(e, w);
        self.finish_damage_batch();
    }

    /// Go on with the waiting batch: more choices, or deal it (and the Combat Cleanup after
    /// combat damage).
    fn finish_damage_batch(&mut self) {
        if self.step_damage_batch() && std::mem::take(&mut self.dmg_combat) {
            if let Some(bf) = self.showdown.as_ref().map(|s| s.bf) {
                self.notes.by = Some(crate::notes::By::Combat { bf });
            }
            self.combat_cleanup();
        }
    }

    /// A player left while the batch waited for their choice (CR 651): the choice is gone with
    /// their unit, and the batch goes on without it.
    pub(crate) fn settle_damage_batch(&mut self) {
        if self.prompt.is_none() && !self.dmg_batch.is_empty() {
            self.finish_damage_batch();
        }
    }

    /// How many replacements the open damage choice offers (0: the prompt is about a death).
    pub(crate) fn damage_choices(&self) -> usize {
        self.open_damage_event().map_or(0, |e| self.applicable_wards(e).len())
    }

    /// The `i`-th replacement of the open damage choice, in English and Chinese.
    pub(crate) fn damage_choice_label(&self, i: usize) -> Option<(String, String)> {
        let e = self.open_damage_event()?;
        let w = *self.applicable_wards(e).get(i)?;
        Some(ward_text(self.wards[w].kind))
    }
}

/// A ward's effect, as the prompt offers it.
pub fn ward_text(k: WardKind) -> (String, String) {
    match k {
        WardKind::PreventNext(n) => (format!("prevent the next {n} damage"), format!("防止接下来的{n}点伤害")),
        WardKind::PreventAll => ("prevent all damage".into(), "防止所有伤害".into()),
        WardKind::Double => ("double the damage".into(), "使伤害翻倍".into()),
    }
}

/// Position notation (`position.rs`): a ward's kind as a word (`prevent2`, `preventall`,
/// `double`), and back.
pub fn ward_word(k: WardKind) -> String {
    match k {
        WardKind::PreventNext(n) => format!("prevent{n}"),
        WardKind::PreventAll => "preventall".into(),
        WardKind::Double => "double".into(),
    }
}

pub fn ward_from_word(w: &str) -> Option<WardKind> {
    match w {
        "preventall" => Some(WardKind::PreventAll),
        "double" => Some(WardKind::Double),
        _ => w.strip_prefix("prevent")?.parse().ok().map(WardKind::PreventNext),
    }
}

/// A ward as a status word of the view (`prevent_damage_2`, `prevent_all_damage`,
/// `double_damage`).
pub fn ward_status(k: WardKind) -> String {
    match k {
        WardKind::PreventNext(n) => format!("prevent_damage_{n}"),
        WardKind::PreventAll => "prevent_all_damage".into(),
        WardKind::Double => "double_damage".into(),
    }
}

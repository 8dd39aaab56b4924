//! Replacement effects on damage (CR 367–375, spec §19.2): "prevent the next N damage that would
//! be dealt to it this turn", "prevent all damage that would be dealt to it this turn" and "if
//! damage would be dealt to it this turn, double it" ([`Ward`]s, created by the `prevent_damage`
//! and `double_damage` instructions; they end in the Expiration Step, CR 317, or when the unit
//! leaves the board, CR 124) — and the same as **statics** of a unit, gear, legend or battlefield
//! while it is on the board (CR 376.3; the card file's `prevent_damage` / `double_damage` statics,
//! `replace_file.rs`): "prevent N of it" applies to each event and is not used up; a "once each
//! turn" static counts its applications until the Expiration Step (CR 371, `repl_used`); an
//! optional one ("may", CR 371) is always its own controller's choice (CR 374), declined it is
//! not used up. Who is asked what is in `replace_ask.rs`.
//!
//! Every damage event goes through [`RiftGame::deal_batch`], which takes the simultaneous events
//! of one game action together (CR 373: an instruction's units, a split, combat damage):
//! * each event is handled separately, in turn order of the affected units' controllers
//!   (CR 373.c); each replacement applies at most once to an event (CR 370.2) and only while the
//!   event still deals damage (a prevented event is not damage any more);
//! * first, a "once each turn" static that meets two or more events of the batch is one
//!   uninterrupted sequence (CR 373.a): its controller chooses which event it applies to
//!   (`replace_ask.rs`), and it is out of the others;
//! * one mandatory replacement that applies: it applies; two or more: the **controller of the
//!   affected unit** chooses which applies next (CR 372), with [`Prompt::Replacement`]
//!   (`first i` = the i-th applicable replacement) — an optional one put next is applied only if
//!   its own controller says so (CR 374) — then the rest are checked again on the modified event;
//!   one optional one alone: its controller is asked;
//! * a replacement applied to an already modified event works on it as modified (CR 375: it
//!   inherits what the earlier one did, e.g. damage halved by a prevention and then doubled is
//!   the prevented amount doubled; the source stays the same);
//! * when every event is final, the modified events are dealt before the unmodified ones
//!   (CR 373.b). A static that is not "once each turn" is checked on each event in turn with
//!   nothing in between — the single uninterrupted sequence of CR 373.a.
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
/// source's controller (CR 374). `once`: it applies to one event, then is used up for the turn
/// (CR 371); `may`: it is optional — its controller's choice (CR 371, 374), also where the
/// affected unit's controller orders it with others (CR 372) — and not used up when declined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ward {
    pub unit: ObjId,
    pub inc: u16,
    pub kind: WardKind,
    pub controller: u8,
    pub once: bool,
    pub may: bool,
}

impl Ward {
    /// Used up: a "prevent the next N" at 0, or a "once" one that has applied (both are kept as
    /// `PreventNext(0)` until the batch ends, so the batch's ward bits stay valid).
    pub fn spent(&self) -> bool {
        matches!(self.kind, WardKind::PreventNext(0))
    }
}

/// One damage event of a batch: the amount as modified so far, the wards (bits, by index in
/// [`RiftGame::wards`]) and the statics (by [`StaticKey`]) applied to it — or declined, for an
/// optional one (CR 371), or given to another event of the batch (CR 373.a) — whether any
/// replaced it, and the optional "once each turn" statics whose controller chose this event for
/// them (CR 373.a: their "may" is answered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageEvent {
    pub unit: ObjId,
    pub amount: i32,
    pub applied: u64,
    pub modified: bool,
    pub statics: Vec<StaticKey>,
    pub accepted: Vec<StaticKey>,
}

/// A damage replacement static of a card on the board: its source kind (0 an object, 1 a
/// legend, 2 a battlefield) << 40 | the source object's incarnation << 24 | object id, seat or
/// battlefield << 8 | the static's index on the card.
pub type StaticKey = u64;

/// The key of replacement static `ix` of the card at `src` (an object's incarnation `inc`): the
/// "once each turn" count's (CR 371, [`RiftGame::repl_used`]) and the damage prompt's.
pub(crate) fn static_key(src: ItemSrc, inc: u16, ix: u8) -> StaticKey {
    let (kind, at, inc) = match src {
        ItemSrc::Obj(i) => (0u64, i as u64, inc),
        ItemSrc::Legend(s) => (1, s as u64, 0),
        ItemSrc::Bf(b) => (2, b as u64, 0),
        // A spell has no statics (CR 376.3); kept apart all the same.
        ItemSrc::Spell(i) => (3, i as u64, inc),
    };
    kind << 40 | (inc as u64) << 24 | at << 8 | ix as u64
}

/// A replacement that may apply to a damage event: a this-turn ward (index in
/// [`RiftGame::wards`]) or a static of a card on the board (CR 367–375).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repl {
    Ward(usize),
    Static(StaticKey),
}

/// A damage replacement static on the board, as found for one batch.
#[derive(Clone, Debug)]
pub(crate) struct OnBoard {
    pub key: StaticKey,
    pub controller: u8,
    pub src: ItemSrc,
    pub src_inc: u16,
    pub def: crate::cards::DefId,
    pub stat: crate::cards::DamageStatic,
}

impl RiftGame {
    /// Start a damage replacement effect on a unit on the board.
    pub(crate) fn add_ward(&mut self, unit: ObjId, kind: WardKind, controller: u8, once: bool, may: bool) {
        let o = self.obj(unit);
        if o.zone.on_board() && self.wards.len() < 64 {
            let inc = o.inc;
            self.wards.push(Ward { unit, inc, kind, controller, once, may });
        }
    }

    /// The Expiration Step (CR 317): this turn's damage replacements end, and "once each turn"
    /// counts start again (CR 371).
    pub(crate) fn end_wards(&mut self) {
        self.wards.clear();
        self.repl_used.clear();
    }

    /// Every damage replacement static of the cards on the board (units, gear, legends,
    /// battlefields; CR 376.3), in board order: objects by id, then legends by seat, then
    /// battlefields.
    pub(crate) fn damage_statics(&self) -> Vec<OnBoard> {
        let db = self.db_arc();
        let mut out = Vec::new();
        if !db.has_statics.damage {
            return out;
        }
        let mut push = |inc: u16, controller: u8, src: ItemSrc, def: crate::cards::DefId| {
            for d in &db.get(def).damage_statics {
                let key = static_key(src, inc, d.ix);
                out.push(OnBoard { key, controller, src, src_inc: inc, def, stat: d.clone() });
            }
        };
        for i in self.nonrune_ids() {
            let o = self.obj(i);
            if o.zone.on_board() && !db.get(o.def).damage_statics.is_empty() {
                push(o.inc, o.controller, ItemSrc::Obj(i), o.def);
            }
        }
        for (s, p) in self.players.iter().enumerate() {
            if !p.left && !db.get(p.legend).damage_statics.is_empty() {
                push(0, s as u8, ItemSrc::Legend(s as u8), p.legend);
            }
        }
        for (b, bf) in self.bfs.iter().enumerate() {
            if !bf.blank && !db.get(bf.def).damage_statics.is_empty() {
                push(0, bf.controller, ItemSrc::Bf(b as u8), bf.def);
            }
        }
        out
    }

    /// Does static `s` apply to a damage event on `unit` (its filter, judged for the static's
    /// controller as a rules choice, CR 355.10)?
    fn static_covers(&self, s: &OnBoard, unit: ObjId) -> bool {
        let probe = Item {
            controller: s.controller,
            src: s.src,
            ab: 0,
            targets: Vec::new(),
            here: Loc::Nowhere,
            subject: None,
            src_inc: s.src_inc,
            restrict_bf: NOBODY,
            trigger: false,
            repeat: 0,
            ab_of: None,
            here_base: false,
        };
        self.target_ok(&probe, &s.stat.unit, self.tgt(unit))
    }

    /// The least combat damage that, assigned to `u`, is lethal (CR 465.2.c.4.a, 437.5.a; spec
    /// §17.3): the replacement effects that would apply to it count — "prevent N" adds N, a
    /// doubling halves the rest (rounded up), and damage already marked counts (CR 142.4). The
    /// damaged unit's controller orders the replacements (CR 465.2.c.5, 372) and the optional
    /// ones are their controllers' choice (CR 371, 374), so the amount is lethal whichever is
    /// chosen: every prevention
    /// (optional ones too) is taken before the mandatory doublings, an optional doubling is not
    /// counted. `None`: no amount is lethal — a "prevent all" applies, or may (CR 465.2.c.10: the
    /// unit is ignored for lethal-first). `Some(0)`: it already has lethal damage.
    pub(crate) fn combat_lethal(&self, u: ObjId) -> Option<i16> {
        let o = self.obj(u);
        let target = (self.might(u).max(1) - o.damage as i32).max(0);
        if target == 0 {
            return Some(0);
        }
        let mut prevent: i32 = 0;
        let mut doublings: u32 = 0;
        if self.wards.iter().any(|w| w.unit == u) {
            for w in self.wards.iter().filter(|w| w.unit == u && w.inc == o.inc) {
                match w.kind {
                    WardKind::PreventNext(n) => prevent += n as i32,
                    WardKind::PreventAll => return None,
                    WardKind::Double if !w.may => doublings += 1,
                    WardKind::Double => {}
                }
            }
        }
        if self.db().has_statics.damage {
            for s in self.damage_statics() {
                let used = s.stat.once_each_turn && self.repl_used.contains(&s.key);
                if used || !self.static_covers(&s, u) {
                    continue;
                }
                match s.stat.kind {
                    WardKind::PreventNext(n) => prevent += n as i32,
                    WardKind::PreventAll => return None,
                    WardKind::Double if !s.stat.may => doublings += 1,
                    WardKind::Double => {}
                }
            }
        }
        // x - P doubled k times reaches the target: x = P + ceil(target / 2^k).
        let k = 1i32 << doublings.min(15);
        let x = prevent + (target + k - 1) / k;
        Some(x.min(i16::MAX as i32) as i16)
    }

    /// Deal simultaneous damage (CR 373) with the replacement effects that apply. Returns whether
    /// it was dealt now (false: a choice is open, `Prompt::Replacement`).
    pub(crate) fn deal_batch(&mut self, events: &[(ObjId, i32)], combat: bool) -> bool {
        let touched = |u: ObjId| self.wards.iter().any(|w| w.unit == u);
        let statics = self.damage_statics();
        let covered = |u: ObjId| statics.iter().any(|s| self.static_covers(s, u));
        if !events.iter().any(|&(u, n)| n > 0 && (touched(u) || covered(u))) {
            for &(u, n) in events {
                self.deal(u, n);
            }
            return true;
        }
        // Combat damage is one event per unit: its lethal and any surplus are one amount (CR 465.3,
        // as the assignment counted them, CR 465.2.c.4.a), so a replacement meets it once.
        let mut batch: Vec<DamageEvent> = Vec::new();
        for &(unit, amount) in events {
            match batch.iter_mut().find(|e| combat && e.unit == unit) {
                Some(e) => e.amount += amount,
                None => batch.push(DamageEvent {
                    unit,
                    amount,
                    applied: 0,
                    modified: false,
                    statics: Vec::new(),
                    accepted: Vec::new(),
                }),
            }
        }
        // CR 373.c: handled in turn order of the affected units' controllers (who choose, CR 372).
        let order = |s: u8| (s + self.n() - self.turn_player) % self.n().max(1);
        batch.sort_by_key(|e| order(self.obj(e.unit).controller));
        self.dmg_batch = batch;
        self.dmg_combat = combat;
        self.dmg_may = None;
        self.step_damage_batch()
    }

    /// The replacements that may still apply to event `i` (CR 370.2: each once; only to damage;
    /// CR 371: a "once each turn" static not used yet this turn; an optional ward of a player who
    /// has left has nobody to choose it, CR 651), wards first, then statics in board order.
    pub(crate) fn applicable_repls(&self, i: usize) -> Vec<Repl> {
        let Some(e) = self.dmg_batch.get(i) else { return Vec::new() };
        let o = self.obj(e.unit);
        if e.amount <= 0 || !o.zone.on_board() {
            return Vec::new();
        }
        let left = |s: u8| self.players.get(s as usize).is_some_and(|p| p.left);
        let mut out: Vec<Repl> = (0..self.wards.len())
            .filter(|&w| {
                let x = &self.wards[w];
                let live = !(x.may && left(x.controller));
                x.unit == e.unit && x.inc == o.inc && e.applied & (1 << w) == 0 && !x.spent() && live
            })
            .map(Repl::Ward)
            .collect();
        for s in self.damage_statics() {
            let used = s.stat.once_each_turn && self.repl_used.contains(&s.key);
            if !used && !e.statics.contains(&s.key) && self.static_covers(&s, e.unit) {
                out.push(Repl::Static(s.key));
            }
        }
        out
    }

    /// The static with key `k` on the board, if it is there.
    pub(crate) fn static_by_key(&self, k: StaticKey) -> Option<OnBoard> {
        self.damage_statics().into_iter().find(|s| s.key == k)
    }

    /// Is replacement `r` optional ("you may", CR 371)?
    pub(crate) fn repl_may(&self, r: Repl) -> bool {
        match r {
            Repl::Ward(w) => self.wards.get(w).is_some_and(|w| w.may),
            Repl::Static(k) => self.static_by_key(k).is_some_and(|s| s.stat.may),
        }
    }

    /// The controller of replacement `r` (CR 374: its source's controller).
    pub(crate) fn repl_controller(&self, r: Repl) -> Option<u8> {
        match r {
            Repl::Ward(w) => self.wards.get(w).map(|w| w.controller),
            Repl::Static(k) => self.static_by_key(k).map(|s| s.controller),
        }
    }

    /// Replacement `r` replaces event `i` (CR 370.1.c), on the event as modified so far (CR 375).
    pub(crate) fn apply_repl(&mut self, i: usize, r: Repl) {
        let kind = match r {
            Repl::Ward(w) => self.wards[w].kind,
            Repl::Static(k) => {
                let Some(s) = self.static_by_key(k) else { return };
                self.dmg_batch[i].statics.push(k);
                if s.stat.once_each_turn && !self.repl_used.contains(&k) {
                    self.repl_used.push(k);
                }
                s.stat.kind
            }
        };
        let e = &mut self.dmg_batch[i];
        e.modified = true;
        match (r, kind) {
            (Repl::Ward(w), WardKind::PreventNext(n)) => {
                e.applied |= 1 << w;
                let p = e.amount.min(n as i32);
                e.amount -= p;
                self.wards[w].kind = WardKind::PreventNext(n - p as u8);
            }
            (Repl::Ward(w), _) => e.applied |= 1 << w,
            // A static's "prevent N of it" is not used up (it applies to each event).
            (Repl::Static(_), WardKind::PreventNext(n)) => e.amount -= e.amount.min(n as i32),
            (Repl::Static(_), _) => {}
        }
        match kind {
            WardKind::PreventNext(_) => {}
            WardKind::PreventAll => e.amount = 0,
            WardKind::Double => e.amount = e.amount.saturating_mul(2).min(i16::MAX as i32),
        }
        // CR 371: a "once this turn" effect is used up by applying (whatever it left unprevented).
        if let Repl::Ward(w) = r {
            if self.wards[w].once {
                self.wards[w].kind = WardKind::PreventNext(0);
            }
        }
    }

    /// Settle the "once each turn" statics that meet several events (CR 373.a), apply single
    /// mandatory replacements, ask where two or more apply (CR 372) or an optional one does
    /// (CR 371, 374), and deal the batch once every event is final. Returns whether it was dealt.
    fn step_damage_batch(&mut self) -> bool {
        if self.which_ask().is_none() {
            'events: for i in 0..self.dmg_batch.len() {
                loop {
                    let app = self.applicable_repls(i);
                    if app.is_empty() {
                        break;
                    }
                    if self.needs_choice(i, &app) {
                        break 'events;
                    }
                    self.apply_repl(i, app[0]);
                }
            }
        }
        if let Some(ask) = self.damage_ask() {
            let unit = ask.unit(self);
            self.prompt = Some(Prompt::Replacement { seat: ask.seat(), unit });
            return false;
        }
        let batch = std::mem::take(&mut self.dmg_batch);
        self.dmg_may = None;
        // CR 373.b: modified events first, then the unmodified ones.
        for e in batch.iter().filter(|e| e.modified).chain(batch.iter().filter(|e| !e.modified)) {
            if e.modified {
                let (unit, def, amount) = (e.unit, self.obj(e.unit).def, e.amount);
                let controller = self.obj(unit).controller;
                self.notes.add(|| crate::notes::Note::DamageReplaced { unit, def, controller, amount: amount as i16 });
            }
            self.deal(e.unit, e.amount);
        }
        self.wards.retain(|w| !w.spent());
        true
    }

    /// Go on with the waiting batch: more choices, or deal it (and the Combat Cleanup after
    /// combat damage).
    pub(crate) fn finish_damage_batch(&mut self) {
        if self.step_damage_batch() && std::mem::take(&mut self.dmg_combat) {
            if let Some(bf) = self.showdown.as_ref().map(|s| s.bf) {
                self.notes.by = Some(crate::notes::By::Combat { bf });
            }
            self.combat_cleanup();
        }
    }
}

/// A damage replacement static's effect, as the prompt offers it.
pub fn static_text(k: WardKind) -> (String, String) {
    match k {
        WardKind::PreventNext(n) => (format!("prevent {n} of the damage"), format!("防止其中{n}点伤害")),
        WardKind::PreventAll => ("prevent all of the damage".into(), "防止所有伤害".into()),
        WardKind::Double => ("double the damage".into(), "使伤害翻倍".into()),
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
/// `double_damage`; `_once` and / or `_optional` appended for a "once" or "may" one).
pub fn ward_status(w: &Ward) -> String {
    let mut s = match w.kind {
        WardKind::PreventNext(n) => format!("prevent_damage_{n}"),
        WardKind::PreventAll => "prevent_all_damage".into(),
        WardKind::Double => "double_damage".into(),
    };
    for (on, word) in [(w.once, "_once"), (w.may, "_optional")] {
        if on {
            s += word;
        }
    }
    s
}

/// Position notation: a ward's "once" / "may" as the optional fourth part of
/// `UNIT:KIND:SEAT[:once+may]` (`None` when neither).
pub fn ward_flags_word(w: &Ward) -> Option<String> {
    let words: Vec<&str> = [(w.once, "once"), (w.may, "may")].iter().filter(|p| p.0).map(|p| p.1).collect();
    (!words.is_empty()).then(|| words.join("+"))
}

/// The flags word back: (once, may), or `None` if a word is not `once` or `may`.
pub fn ward_flags_from_word(s: &str) -> Option<(bool, bool)> {
    let (mut once, mut may) = (false, false);
    for w in s.split('+') {
        match w {
            "once" => once = true,
            "may" => may = true,
            _ => return None,
        }
    }
    Some((once, may))
}

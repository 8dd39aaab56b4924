//! Costs inside instructions and Adds on resolution.
//!
//! * `pay` ("you may pay [2]: if you do, …", CR 204.3): on a spell or an ability the cost is paid
//!   during resolution. Resolution pauses at a `PayInstr` build prompt: "no" (or a cost that can't
//!   be paid, CR 203.3) skips the rest of this execution; with the option `rune_actions` the
//!   player adds to the rune pool with the rune actions and the pool pays once it covers the
//!   cost, or asks the auto-pay (`pay`); without it, "yes" auto-pays as every cost is paid.
//!   On a triggered ability a leading `pay` is instead its base cost, asked (`yes`/`no`) as the
//!   trigger is put on the chain and paid as it is finalized (CR 204.3, 383.3.b, 404.2).
//! * Weaponmaster's Equip cost (`equip_to_me`, CR 821) is paid the same way on resolution: paid,
//!   the Equipment is attached; declined or unpayable, it is not (the rest goes on).
//! * `add` (CR 429): Energy and Power into the player's rune pool, which empties at the start of
//!   the Main Phase and in the Expiration Step (CR 165–167, `flow.rs`). A spell that adds stays on
//!   the chain like any spell (CR 429.2.b); a triggered or activated ability whose instructions
//!   all add resolves as it is finalized, without the chain and without passing Priority.

use crate::cards::{Instr, Op};
use crate::notes::Note;
use crate::payment::Cost;
use crate::state::*;

fn instr_cost(ins: &Instr) -> Cost {
    Cost::new(ins.n.clamp(0, 255) as u8, &ins.pip_masks)
}

impl RiftGame {
    /// A triggered ability's leading cost ("when X, you may pay [2]: draw 2"): a `pay` that is its
    /// first instruction is the trigger's base cost, paid while it is finalized (CR 204.3,
    /// 383.3.b); its controller may decline it, which removes the trigger (CR 404.2).
    pub(crate) fn trigger_lead_pay(&self, item: &Item) -> Option<Cost> {
        if !item.trigger {
            return None;
        }
        let first = self.ability(item)?.effects.first()?;
        (first.op == Op::Pay && first.cond == crate::cards::Cond::Always).then(|| instr_cost(first))
    }

    /// The instruction being resolved (the one before `resolving.pc`) and its execution's view.
    pub(crate) fn instr_paused(&self) -> Option<(Item, Instr)> {
        let r = self.resolving.as_ref()?;
        let ab = self.ability(&r.item)?;
        let len = ab.effects.len();
        if len == 0 || r.pc == 0 {
            return None;
        }
        let k = (r.pc as usize - 1) / len;
        let view = if r.item.repeat == 0 { r.item.clone() } else { self.exec_view(&r.item, k as u16) };
        Some((view, ab.effects[(r.pc as usize - 1) % len].clone()))
    }

    /// Is the cost being paid during resolution Weaponmaster's Equip cost (CR 821)?
    pub(crate) fn instr_pay_is_equip(&self) -> bool {
        self.instr_paused().is_some_and(|(_, ins)| ins.op == Op::EquipToMe)
    }

    /// The cost of the `pay` instruction being resolved, or of Weaponmaster's `equip_to_me`
    /// (the chosen Equipment's Equip cost, `keywords/equip.rs`).
    pub(crate) fn instr_pay_cost(&self) -> Option<Cost> {
        let (view, ins) = self.instr_paused()?;
        match ins.op {
            Op::Pay => Some(instr_cost(&ins)),
            Op::EquipToMe => self.equip_pair(&view, &self.select(&view, &ins)).map(|(_, _, c)| c),
            _ => None,
        }
    }

    /// Start paying a `pay` instruction of `item` (execution view): true if the prompt is open,
    /// false if it can't be paid (the caller skips the rest of the execution).
    pub(crate) fn begin_instr_pay(&mut self, item: &Item, ins: &Instr) -> bool {
        let seat = item.controller;
        let cost = instr_cost(ins);
        if !self.can_pay(seat, &cost) {
            self.note_instr_pay(seat, &cost, false);
            return false;
        }
        self.open_instr_pay(item);
        true
    }

    /// Open the payment prompt of a cost paid during `item`'s resolution (a `PayInstr` build).
    pub(crate) fn open_instr_pay(&mut self, item: &Item) {
        self.open_instr_pay_at(item, Stage::PayInstr);
    }

    /// Open that prompt at `stage`: `PayInstr`, or first Weaponmaster's `EquipPip`.
    pub(crate) fn open_instr_pay_at(&mut self, item: &Item, stage: Stage) {
        let seat = item.controller;
        let b = Build {
            seat,
            item: item.clone(),
            stage,
            card: crate::state::NONE,
            from: Zone::Gone,
            location: Loc::Nowhere,
            locations: Vec::new(),
            accelerate: false,
            discard: crate::state::NONE,
            accepted: true,
            paid: Vec::new(),
            cost_unit: crate::state::NONE,
            cost_at: None,
            repeat_asked: 0,
            repeat_paid: Vec::new(),
        };
        self.prompt = Some(Prompt::Build(Box::new(b)));
    }

    pub(crate) fn note_instr_pay(&mut self, seat: u8, cost: &Cost, paid: bool) {
        let (energy, pips) = (cost.energy, cost.pips().len() as u8);
        self.notes.add(|| Note::InstrPay { seat, energy, pips, paid });
    }

    /// Pay the `pay` instruction now (the prompt is closed; resolution goes on).
    pub(crate) fn finish_instr_pay(&mut self, seat: u8, paid: &[crate::action::ObjId]) {
        let cost = self.instr_pay_cost().unwrap_or_default();
        if self.pay_forced(seat, &cost, paid) {
            self.note_instr_pay(seat, &cost, true);
            // Weaponmaster: paid, the Equipment is attached (CR 821).
            if let Some((view, ins)) = self.instr_paused().filter(|(_, i)| i.op == Op::EquipToMe) {
                let gears = self.select(&view, &ins);
                self.equip_to_me(&view, gears, true);
            }
        } else {
            self.decline_instr_pay(seat);
        }
    }

    /// Declined: the rest of this execution is skipped (resolution goes on with the next
    /// execution of a repeated item, or ends).
    pub(crate) fn decline_instr_pay(&mut self, seat: u8) {
        let cost = self.instr_pay_cost().unwrap_or_default();
        self.note_instr_pay(seat, &cost, false);
        // Weaponmaster's cost declined: only the attaching doesn't happen (CR 821).
        if self.instr_pay_is_equip() {
            return;
        }
        let len = self.resolving.as_ref().and_then(|r| self.ability(&r.item)).map(|a| a.effects.len()).unwrap_or(0);
        if let Some(r) = self.resolving.as_mut() {
            if len > 0 && r.pc > 0 {
                let k = (r.pc as usize - 1) / len;
                r.pc = ((k + 1) * len) as u32;
            }
        }
    }

    /// Add to `seat`'s rune pool (CR 429).
    pub(crate) fn add_instr(&mut self, ins: &Instr, seat: u8) {
        let energy = ins.n.clamp(0, 255) as u8;
        let pool = &mut self.players[seat as usize].pool;
        pool.energy = pool.energy.saturating_add(energy);
        let mut power = 0u8;
        // One Power of any domain (`"A"`) or of two (`"R/P"`): its domain is asked (`add_any.rs`).
        for &m in ins.pip_masks.iter().filter(|m| m.count_ones() == 1) {
            let d = m.trailing_zeros() as usize;
            if d < 6 {
                pool.power[d] = pool.power[d].saturating_add(1);
                power |= 1 << d;
            }
        }
        let any = Self::choice_powers(ins).count() as u8;
        let count = (ins.pip_masks.len() as u8).saturating_sub(any);
        if energy > 0 || count > 0 {
            self.notes.add(|| Note::Added { seat, energy, power, count });
        }
        let masks: Vec<u8> = Self::choice_powers(ins).collect();
        for m in masks {
            self.ask_domain(seat, m);
        }
    }

    /// Does the item resolve as it is finalized (CR 429: a triggered or activated ability that
    /// only adds)?
    pub(crate) fn adds_at_once(&self, item: &Item) -> bool {
        !matches!(item.src, ItemSrc::Spell(_))
            && self.ability(item).is_some_and(|a| !a.effects.is_empty() && a.effects.iter().all(|i| i.op == Op::Add))
    }

    /// Resolve an Add ability at once (CR 429): its instructions, no chain, Priority stays. The
    /// domains of chosen Powers are asked afterwards, every player's in turn (one domain prompt
    /// with its queue, `add_any.rs`): an instruction for several players goes on past the one
    /// whose domain prompt opened.
    /// Repeat (CR 820) makes its instructions execute once more for each paid instance, all at
    /// once too: an Add ability has no later moment to execute in (CR 429), so its Repeat adds
    /// again right away, each execution's chosen domains asked as its own.
    pub(crate) fn add_at_once(&mut self, item: Item) {
        let db = self.db_arc();
        let Some(ab) = self.ability_in(&db, &item) else { return };
        for k in 0..=item.repeat {
            let view = if item.repeat == 0 { item.clone() } else { self.exec_view(&item, k) };
            for ins in &ab.effects {
                if self.cond(&view, ins) {
                    let mut after = NOBODY;
                    while let Some(p) = self.exec(&view, ins, after) {
                        after = p;
                    }
                }
            }
        }
    }
}

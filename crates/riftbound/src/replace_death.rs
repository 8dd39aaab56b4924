//! Replacements of a unit's death (CR 367–375): "the next time it would die this turn, heal it
//! and stun it instead" (`save`, Stubborn Hide) and "… return it to its owner's hand instead"
//! (`save_to_hand`), delayed replacement effects kept as the unit's statuses until the
//! Expiration Step (CR 317) or its leaving the board (CR 124). Each applies once (CR 370.2): it
//! is used up as it applies. Either may be optional ("you may", the `may` of the instruction,
//! CR 371; statuses `SAVE_MAY` / `SAVE_TO_HAND_MAY`), and a declined one is not used up.
//!
//! Who decides (CR 372, 374): an optional one is its controller's — the player whose effect made
//! it, kept on the unit (`Obj::save_by`, written `saveby.p2` / `savehandby.p2` in a position) —
//! also when the unit is another player's (a teammate's in 2v2, an opponent's, or one whose
//! control changed). Alone, it is asked of that player (`first 0` applies it, `no` declines it).
//! Where two apply, the unit's controller chooses which applies (`first i`); choosing another
//! player's optional one hands the question to that player (`askmaker.save`), who applies it or
//! declines it (`no`; then the other one is looked at again: a mandatory one applies, an
//! optional one is asked of its controller). The unit's controller's `no` declines the optional
//! ones that are theirs. A declined one is set aside for this death (`declined.save`) and kept
//! for a later one. An optional one whose controller has left the game (CR 651) has nobody to
//! say "may": it does not apply.
//!
//! One unit holds at most one of each kind: a second `save` on a unit that has one adds nothing
//! (the death is replaced once either way; an optional one keeps its first controller), and a
//! mandatory one makes a held optional one mandatory (it would apply regardless).
//!
//! Where two apply, or an optional one, the death waits (`REPLACING`) and a player is asked with
//! [`Prompt::Replacement`]: `first i` is the i-th of [`RiftGame::death_choices`] (the heal and
//! stun before the return to hand). Simultaneous deaths are asked one unit at a time (CR 373).

use crate::action::ObjId;
use crate::state::*;

/// A replacement that may apply to a unit's death.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeathRepl {
    /// Return to hand (`save_to_hand`); else heal and stun (`save`).
    pub to_hand: bool,
    /// Optional ("you may", CR 371).
    pub may: bool,
    /// The player whose optional replacement it is (CR 374), or `NOBODY`: the unit's controller.
    pub by: u8,
}

impl DeathRepl {
    /// Its status and its "optional" status.
    fn flags(self) -> (u16, u16) {
        if self.to_hand {
            (flag::SAVE_TO_HAND, flag::SAVE_TO_HAND_MAY)
        } else {
            (flag::SAVE, flag::SAVE_MAY)
        }
    }

    /// Its index in the `save_by` bits.
    fn k(self) -> usize {
        usize::from(self.to_hand)
    }

    /// What it does, as the prompt offers it (English, Chinese).
    pub fn text(self) -> (String, String) {
        let (e, z) =
            if self.to_hand { ("return it to hand", "返回手牌") } else { ("heal and stun it", "治疗并眩晕") };
        if self.may {
            (format!("{e} (optional)"), format!("{z}（可选）"))
        } else {
            (e.into(), z.into())
        }
    }
}

impl RiftGame {
    /// Give unit `u` a death replacement ("the next time it would die this turn"), optional or
    /// not, made by player `by` (CR 374); a mandatory one wins over an optional one of the same
    /// kind (see the module text).
    pub(crate) fn add_death_repl(&mut self, u: ObjId, to_hand: bool, may: bool, by: u8) {
        let r = DeathRepl { to_hand, may, by };
        let (f, f_may) = r.flags();
        let (shift, k) = (save_by::SEAT_SHIFT[r.k()], r.k());
        let o = &mut self.objs[u as usize];
        let maker = if may && by != NOBODY { (u16::from(by) + 1) & save_by::SEAT_MASK } else { 0 };
        if !o.has(f) {
            o.set(f, true);
            o.set(f_may, may);
            o.save_by = (o.save_by & !(save_by::SEAT_MASK << shift) & !save_by::DECLINED[k]) | maker << shift;
        } else if !may {
            o.set(f_may, false);
            o.save_by &= !(save_by::SEAT_MASK << shift);
        }
    }

    /// The player whose optional replacement of kind `k` on `o` is (NOBODY: none kept).
    fn maker(o: &Obj, k: usize) -> u8 {
        match (o.save_by >> save_by::SEAT_SHIFT[k]) & save_by::SEAT_MASK {
            0 => NOBODY,
            s => (s - 1) as u8,
        }
    }

    /// The replacements that would apply to unit `id`'s death now, heal-and-stun first: not
    /// those declined for this death, nor an optional one whose controller has left (CR 651).
    pub(crate) fn death_repls(&self, id: ObjId) -> Vec<DeathRepl> {
        let o = self.obj(id);
        let mut out = Vec::new();
        for to_hand in [false, true] {
            let k = usize::from(to_hand);
            let (f, f_may) = DeathRepl { to_hand, may: false, by: NOBODY }.flags();
            if !o.has(f) || o.save_by & save_by::DECLINED[k] != 0 {
                continue;
            }
            let (may, by) = (o.has(f_may), Self::maker(o, k));
            if may && self.players.get(by as usize).is_some_and(|p| p.left) {
                continue;
            }
            out.push(DeathRepl { to_hand, may, by });
        }
        out
    }

    /// Who decides whether optional replacement `r` of unit `id`'s death applies (CR 374).
    fn death_decider(&self, id: ObjId, r: DeathRepl) -> u8 {
        if r.by != NOBODY && r.by < self.n() {
            r.by
        } else {
            self.obj(id).controller
        }
    }

    /// The one whose controller was handed the question (CR 374), if any.
    fn death_asked(&self, id: ObjId) -> Option<DeathRepl> {
        let o = self.obj(id);
        let k = (0..2).find(|&k| o.save_by & save_by::ASK[k] != 0)?;
        self.death_repls(id).into_iter().find(|r| r.k() == k)
    }

    /// What the question about unit `id`'s death offers (`first i`): the optional one handed to
    /// its controller, or every replacement that applies.
    pub(crate) fn death_choices(&self, id: ObjId) -> Vec<DeathRepl> {
        match self.death_asked(id) {
            Some(r) => vec![r],
            None => self.death_repls(id),
        }
    }

    /// The seat asked about unit `id`'s death: the controller of the optional one handed over or
    /// alone (CR 374), else the unit's controller, who orders them (CR 372).
    pub(crate) fn death_seat(&self, id: ObjId) -> u8 {
        match self.death_choices(id).as_slice() {
            [one] if one.may => self.death_decider(id, *one),
            _ => self.obj(id).controller,
        }
    }

    /// Unit `id` would die: is its death replaced, now or after a player's choice (then it
    /// waits, `REPLACING`)? False: it dies.
    pub(crate) fn death_replaced(&mut self, id: ObjId) -> bool {
        match self.death_repls(id).as_slice() {
            [] => false,
            [one] if !one.may => {
                self.replace_death(id, one.to_hand);
                true
            }
            // CR 372 / 371: two replacements, or an optional one — a choice; with two, the death
            // is replaced either way, so the other is kept for a later one.
            _ => {
                self.objs[id as usize].set(flag::REPLACING, true);
                if self.prompt.is_none() {
                    self.prompt = Some(Prompt::Replacement { seat: self.death_seat(id), unit: id });
                }
                true
            }
        }
    }

    /// A death replaced (CR 370): heal and stun, or return to its owner's hand; used up
    /// (CR 370.2). The replacements declined for this death are kept for a later one.
    pub fn replace_death(&mut self, id: ObjId, to_hand: bool) {
        let (f, f_may) = DeathRepl { to_hand, may: false, by: NOBODY }.flags();
        let m = &mut self.objs[id as usize];
        m.set(flag::REPLACING, false);
        m.set(f, false);
        m.set(f_may, false);
        m.save_by &= !(save_by::PENDING | save_by::SEAT_MASK << save_by::SEAT_SHIFT[usize::from(to_hand)]);
        if to_hand {
            self.set_zone(id, Zone::Hand);
            let (def, owner) = (self.obj(id).def, self.obj(id).owner);
            self.notes.add(|| crate::notes::Note::Returned { card: id, def, owner });
        } else {
            m.damage = 0;
            m.set(flag::STUNNED, true);
        }
    }

    /// The asked seat chose the `i`-th of [`RiftGame::death_choices`] for the waiting unit: it
    /// applies — unless it is another player's optional one, whose controller is then asked
    /// (CR 374). Then the next unit whose death waits for a choice is asked.
    pub fn choose_replacement(&mut self, unit: ObjId, i: usize) {
        let Some(r) = self.death_choices(unit).get(i).copied() else { return };
        let asked = self.prompt.as_ref().map_or(NOBODY, |p| p.seat());
        if r.may && self.death_decider(unit, r) != asked {
            self.objs[unit as usize].save_by |= save_by::ASK[r.k()];
            self.prompt = Some(Prompt::Replacement { seat: self.death_seat(unit), unit });
            return;
        }
        self.prompt = None;
        self.replace_death(unit, r.to_hand);
        self.ask_next_death();
    }

    /// The asked seat declines (CR 371): the optional one handed to them, or their optional ones
    /// among those that apply; declined ones are set aside for this death, not used up. Then the
    /// death goes on with what is left (a mandatory one applies, another optional one is asked of
    /// its controller, or the unit dies).
    pub fn decline_death_replacements(&mut self, unit: ObjId) {
        let asked = self.prompt.as_ref().map_or(NOBODY, |p| p.seat());
        let declined: Vec<DeathRepl> = match self.death_asked(unit) {
            Some(r) => vec![r],
            None => {
                self.death_repls(unit).into_iter().filter(|&r| r.may && self.death_decider(unit, r) == asked).collect()
            }
        };
        if declined.is_empty() {
            return;
        }
        self.prompt = None;
        let o = &mut self.objs[unit as usize];
        o.save_by &= !(save_by::ASK[0] | save_by::ASK[1]);
        for r in &declined {
            o.save_by |= save_by::DECLINED[r.k()];
        }
        self.settle_death(unit);
        self.ask_next_death();
    }

    /// The waiting death goes on after a decline: what is left applies, is asked, or the unit
    /// dies (the replacements set aside are then kept for a later death, CR 371).
    fn settle_death(&mut self, unit: ObjId) {
        let repls = self.death_repls(unit);
        if matches!(repls.as_slice(), [_, _] | [DeathRepl { may: true, .. }]) {
            // Still a choice: asked of whoever it now belongs to.
            self.prompt = Some(Prompt::Replacement { seat: self.death_seat(unit), unit });
            return;
        }
        let inc = self.obj(unit).inc;
        self.objs[unit as usize].set(flag::REPLACING, false);
        match repls.first() {
            Some(r) => self.replace_death(unit, r.to_hand),
            None => self.kill(unit),
        }
        let o = &mut self.objs[unit as usize];
        if o.zone.on_board() && o.inc == inc {
            o.save_by &= !save_by::PENDING;
        }
    }

    /// A player left while a death waited (CR 651): their optional replacements no longer apply,
    /// so each waiting death is looked at again.
    pub(crate) fn settle_deaths_after_leaving(&mut self) {
        if self.prompt.is_some() {
            return;
        }
        for u in 0..self.objs.len() as ObjId {
            if self.obj(u).has(flag::REPLACING) && self.prompt.is_none() {
                self.objs[u as usize].save_by &= !(save_by::ASK[0] | save_by::ASK[1]);
                self.settle_death(u);
            }
        }
    }

    /// Ask about the next unit whose death waits for a choice (CR 373: one at a time).
    fn ask_next_death(&mut self) {
        if self.prompt.is_some() {
            return;
        }
        if let Some(u) = (0..self.objs.len() as ObjId).find(|&u| self.obj(u).has(flag::REPLACING)) {
            self.prompt = Some(Prompt::Replacement { seat: self.death_seat(u), unit: u });
        }
    }

    /// May the waiting death's question be answered `no`: the optional one handed over, or an
    /// optional one of the seat asked applies?
    pub(crate) fn death_may_decline(&self, unit: ObjId) -> bool {
        if self.death_asked(unit).is_some() {
            return true;
        }
        let asked = self.death_seat(unit);
        self.death_repls(unit).iter().any(|&r| r.may && self.death_decider(unit, r) == asked)
    }
}

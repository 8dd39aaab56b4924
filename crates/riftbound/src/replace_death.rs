//! Replacements of a unit's death (CR 367–375): "the next time it would die this turn, heal it
//! and stun it instead" (`save`, Stubborn Hide) and "… return it to its owner's hand instead"
//! (`save_to_hand`), delayed replacement effects kept as the unit's statuses until the
//! Expiration Step (CR 317) or its leaving the board (CR 124). Each applies once (CR 370.2): it
//! is used up as it applies. Either may be optional ("you may", the `may` of the instruction,
//! CR 371; statuses `SAVE_MAY` / `SAVE_TO_HAND_MAY`): the affected unit's controller decides
//! (CR 372), and a declined one is not used up.
//!
//! One unit holds at most one of each kind: a second `save` on a unit that has one adds nothing
//! (the death is replaced once either way), and a mandatory one makes a held optional one
//! mandatory (it would apply regardless).
//!
//! Where two apply, or an optional one, the death waits (`REPLACING`) and the controller is asked
//! with [`Prompt::Replacement`]: `first i` applies the i-th of [`RiftGame::death_repls`] (the
//! heal and stun before the return to hand), `no` declines the optional ones (then a mandatory
//! one left applies, or the unit dies). Simultaneous deaths are asked one unit at a time
//! (CR 373).

use crate::action::ObjId;
use crate::state::*;

/// A replacement that may apply to a unit's death.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeathRepl {
    /// Return to hand (`save_to_hand`); else heal and stun (`save`).
    pub to_hand: bool,
    /// Optional ("you may", CR 371).
    pub may: bool,
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
    /// not; a mandatory one wins over an optional one of the same kind (see the module text).
    pub(crate) fn add_death_repl(&mut self, u: ObjId, to_hand: bool, may: bool) {
        let (f, f_may) = DeathRepl { to_hand, may }.flags();
        let o = &mut self.objs[u as usize];
        if !o.has(f) {
            o.set(f, true);
            o.set(f_may, may);
        } else if !may {
            o.set(f_may, false);
        }
    }

    /// The replacements that would apply to unit `id`'s death, heal-and-stun first.
    pub(crate) fn death_repls(&self, id: ObjId) -> Vec<DeathRepl> {
        let o = self.obj(id);
        let mut out = Vec::new();
        for to_hand in [false, true] {
            let (f, f_may) = DeathRepl { to_hand, may: false }.flags();
            if o.has(f) {
                out.push(DeathRepl { to_hand, may: o.has(f_may) });
            }
        }
        out
    }

    /// Unit `id` would die: is its death replaced, now or after its controller's choice (then it
    /// waits, `REPLACING`)? False: it dies.
    pub(crate) fn death_replaced(&mut self, id: ObjId) -> bool {
        match self.death_repls(id).as_slice() {
            [] => false,
            [one] if !one.may => {
                self.replace_death(id, one.to_hand);
                true
            }
            // CR 372 / 371: two replacements, or an optional one — the controller chooses; with
            // two, the death is replaced either way, so the other is kept for a later one.
            _ => {
                self.objs[id as usize].set(flag::REPLACING, true);
                if self.prompt.is_none() {
                    self.prompt = Some(Prompt::Replacement { seat: self.obj(id).controller, unit: id });
                }
                true
            }
        }
    }

    /// A death replaced (CR 370): heal and stun, or return to its owner's hand; used up
    /// (CR 370.2).
    pub fn replace_death(&mut self, id: ObjId, to_hand: bool) {
        let (f, f_may) = DeathRepl { to_hand, may: false }.flags();
        let m = &mut self.objs[id as usize];
        m.set(flag::REPLACING, false);
        m.set(f, false);
        m.set(f_may, false);
        if to_hand {
            self.set_zone(id, Zone::Hand);
            let (def, owner) = (self.obj(id).def, self.obj(id).owner);
            self.notes.add(|| crate::notes::Note::Returned { card: id, def, owner });
        } else {
            m.damage = 0;
            m.set(flag::STUNNED, true);
        }
    }

    /// The controller chose the `i`-th of [`RiftGame::death_repls`] for the waiting unit; then the
    /// next unit whose death waits for a choice is asked.
    pub fn choose_replacement(&mut self, unit: ObjId, i: usize) {
        let Some(r) = self.death_repls(unit).get(i).copied() else { return };
        self.prompt = None;
        self.replace_death(unit, r.to_hand);
        self.ask_next_death();
    }

    /// The controller declines the optional replacements of the waiting unit's death (CR 371):
    /// a mandatory one left applies, else the unit dies; the declined ones are not used up.
    pub fn decline_death_replacements(&mut self, unit: ObjId) {
        let declined: Vec<DeathRepl> = self.death_repls(unit).into_iter().filter(|r| r.may).collect();
        if declined.is_empty() {
            return;
        }
        self.prompt = None;
        let mut kept = 0u16;
        for r in &declined {
            let (f, f_may) = r.flags();
            kept |= f | f_may;
        }
        let inc = self.obj(unit).inc;
        let o = &mut self.objs[unit as usize];
        o.flags &= !(kept | flag::REPLACING);
        self.kill(unit);
        let o = &mut self.objs[unit as usize];
        if o.zone.on_board() && o.inc == inc {
            o.flags |= kept;
        }
        self.ask_next_death();
    }

    /// Ask about the next unit whose death waits for a choice (CR 373: one at a time).
    fn ask_next_death(&mut self) {
        if self.prompt.is_some() {
            return;
        }
        if let Some(u) = (0..self.objs.len() as ObjId).find(|&u| self.obj(u).has(flag::REPLACING)) {
            self.prompt = Some(Prompt::Replacement { seat: self.obj(u).controller, unit: u });
        }
    }

    /// May the waiting death's replacements be declined (`no`): an optional one applies?
    pub(crate) fn death_may_decline(&self, unit: ObjId) -> bool {
        self.death_repls(unit).iter().any(|r| r.may)
    }
}

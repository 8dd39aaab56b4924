//! "Add one Power of any domain" as an instruction (CR 429): an `add` pip `"A"`. The Power's
//! domain is the player's choice, made when the instruction resolves: a prompt (`domain fury`,
//! one answer per such Power) naming the source. An Add ability that resolves as it is finalized
//! (CR 429) asks it at once, before anything else happens.

use crate::action::RiftAction;
use crate::cards::{Instr, ANY_DOMAIN};
use crate::notes::Note;
use crate::state::*;

impl RiftGame {
    /// How many Powers of any domain `ins` adds.
    pub(crate) fn any_powers(ins: &Instr) -> u8 {
        ins.pip_masks.iter().filter(|&&m| m == ANY_DOMAIN).count().min(u8::MAX as usize) as u8
    }

    /// Ask `seat` for the domains of `k` Powers of any domain (added to an open such prompt of
    /// `seat`: two adds of one ability resolving at once).
    pub(crate) fn ask_domains(&mut self, seat: u8, k: u8) {
        if k == 0 {
            return;
        }
        match self.prompt.as_mut() {
            Some(Prompt::AddDomain { seat: s, left }) if *s == seat => *left = left.saturating_add(k),
            _ => self.prompt = Some(Prompt::AddDomain { seat, left: k }),
        }
    }

    /// The answers: one per domain (CR 429: any domain).
    pub(crate) fn domain_options(out: &mut Vec<RiftAction>) {
        out.extend((0..6u8).map(RiftAction::Domain));
    }

    /// Add one Power of domain `d` to `seat`'s pool; ask again while Powers are left.
    pub(crate) fn domain_apply(&mut self, seat: u8, left: u8, a: RiftAction) {
        let RiftAction::Domain(d) = a else { return };
        let pool = &mut self.players[seat as usize].pool;
        pool.power[d as usize] = pool.power[d as usize].saturating_add(1);
        self.notes.add(|| Note::Added { seat, energy: 0, power: 1 << d, count: 1 });
        self.prompt = (left > 1).then_some(Prompt::AddDomain { seat, left: left - 1 });
    }
}

//! "Add one Power of any domain" / "Add one Power of fury or chaos" as an instruction (CR 429):
//! an `add` pip `"A"` (any domain) or naming two domains (`"R/P"`). The Power's domain is the
//! player's choice among those, made when the instruction resolves: a prompt (`domain fury`, one
//! answer per such Power) naming the source. An Add ability that resolves as it is finalized
//! (CR 429) asks it at once, before anything else happens.

use crate::action::RiftAction;
use crate::cards::Instr;
use crate::notes::Note;
use crate::state::*;

impl RiftGame {
    /// The Powers of `ins` whose domain is chosen: how many, and the domains offered (one mask
    /// per ability, `pay_file.rs` refuses two different ones).
    pub(crate) fn choice_powers(ins: &Instr) -> (u8, u8) {
        let mut k = 0u8;
        let mut mask = 0u8;
        for &m in ins.pip_masks.iter().filter(|m| m.count_ones() > 1) {
            k = k.saturating_add(1);
            mask = m;
        }
        (k, mask)
    }

    /// Ask `seat` for the domains of `k` Powers among `mask` (added to an open such prompt of
    /// `seat`: two adds of one ability resolving at once).
    pub(crate) fn ask_domains(&mut self, seat: u8, k: u8, mask: u8) {
        if k == 0 {
            return;
        }
        match self.prompt.as_mut() {
            Some(Prompt::AddDomain { seat: s, left, mask: m }) if *s == seat && *m == mask => {
                *left = left.saturating_add(k)
            }
            _ => self.prompt = Some(Prompt::AddDomain { seat, left: k, mask }),
        }
    }

    /// The answers: one per offered domain (CR 429).
    pub(crate) fn domain_options(mask: u8, out: &mut Vec<RiftAction>) {
        out.extend((0..6u8).filter(|d| mask & (1 << d) != 0).map(RiftAction::Domain));
    }

    /// Add one Power of domain `d` to `seat`'s pool; ask again while Powers are left.
    pub(crate) fn domain_apply(&mut self, seat: u8, left: u8, mask: u8, a: RiftAction) {
        let RiftAction::Domain(d) = a else { return };
        if d >= 6 || mask & (1 << d) == 0 {
            return;
        }
        let pool = &mut self.players[seat as usize].pool;
        pool.power[d as usize] = pool.power[d as usize].saturating_add(1);
        self.notes.add(|| Note::Added { seat, energy: 0, power: 1 << d, count: 1 });
        self.prompt = (left > 1).then_some(Prompt::AddDomain { seat, left: left - 1, mask });
    }
}

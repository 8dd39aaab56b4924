//! "Add one Power of any domain" / "Add one Power of fury or chaos" as an instruction (CR 429):
//! an `add` pip `"A"` (any domain) or naming two domains (`"R/P"`). The Power's domain is the
//! player's choice among those, made when the instruction resolves: a prompt (`domain fury`, one
//! answer per such Power) naming the source, asked of the player who adds it (`player`: "you",
//! its controller, each opponent) with the domains of its own pip. Powers of other players or of
//! other domain choices of the same instructions are asked in turn, in pip and player order (the
//! prompt's queue `then`). An Add ability that resolves as it is finalized (CR 429) asks it at
//! once, before anything else happens.

use crate::action::RiftAction;
use crate::cards::Instr;
use crate::notes::Note;
use crate::state::*;

impl RiftGame {
    /// The domains offered by each Power of `ins` whose domain is chosen, in pip order (CR 429).
    pub(crate) fn choice_powers(ins: &Instr) -> impl Iterator<Item = u8> + '_ {
        ins.pip_masks.iter().copied().filter(|m| m.count_ones() > 1)
    }

    /// Ask `seat` for the domain of one Power among `mask`: into the open domain prompt when it is
    /// `seat`'s with that mask and nothing queued after it, else queued after it (another
    /// player's Powers, or other domains, asked in turn), else a new prompt.
    pub(crate) fn ask_domain(&mut self, seat: u8, mask: u8) {
        match self.prompt.as_mut() {
            Some(Prompt::AddDomain { seat: s, left, mask: m, then }) if *s == seat && *m == mask && then.is_empty() => {
                *left = left.saturating_add(1)
            }
            Some(Prompt::AddDomain { then, .. }) => then.push((seat, mask)),
            _ => self.prompt = Some(Prompt::AddDomain { seat, left: 1, mask, then: Vec::new() }),
        }
    }

    /// The domain prompt for the queued Powers `then`: the leading ones of one seat and mask.
    pub(crate) fn next_domain_prompt(mut then: Vec<(u8, u8)>) -> Option<Prompt> {
        let &(seat, mask) = then.first()?;
        let k = then.iter().take_while(|&&x| x == (seat, mask)).count();
        then.drain(..k);
        Some(Prompt::AddDomain { seat, left: k.min(u8::MAX as usize) as u8, mask, then })
    }

    /// The answers: one per offered domain (CR 429).
    pub(crate) fn domain_options(mask: u8, out: &mut Vec<RiftAction>) {
        out.extend((0..6u8).filter(|d| mask & (1 << d) != 0).map(RiftAction::Domain));
    }

    /// Add one Power of domain `d` to `seat`'s pool; ask again while Powers are left, then the
    /// queued ones.
    pub(crate) fn domain_apply(&mut self, seat: u8, left: u8, mask: u8, then: Vec<(u8, u8)>, a: RiftAction) {
        let RiftAction::Domain(d) = a else { return };
        if d >= 6 || mask & (1 << d) == 0 {
            return;
        }
        let pool = &mut self.players[seat as usize].pool;
        pool.power[d as usize] = pool.power[d as usize].saturating_add(1);
        self.notes.add(|| Note::Added { seat, energy: 0, power: 1 << d, count: 1 });
        self.prompt = if left > 1 {
            Some(Prompt::AddDomain { seat, left: left - 1, mask, then })
        } else {
            Self::next_domain_prompt(then)
        };
    }
}

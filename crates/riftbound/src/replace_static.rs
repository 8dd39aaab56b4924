//! Replacement statics that are not about damage (CR 367–375; `replace_file.rs`): the cards whose
//! statics work for a player, and "if an effect you control would create one or more tokens, it
//! creates twice that many instead" (`double_tokens`, the example of CR 375). "Units you control
//! enter ready" is in `replace_enter.rs`, damage replacements in `replace.rs`.

use crate::action::ObjId;
use crate::cards::CardDef;
use crate::state::*;

/// The most tokens one instruction creates after doubling (a practical bound on the objects of
/// a game; the CR sets none).
pub const MAX_TOKENS_PER_INSTRUCTION: i32 = 64;

impl RiftGame {
    /// The cards on the board whose statics work for `seat` (CR 376.3): the objects it controls,
    /// its legend and the battlefields it controls, as (source, the source object, its card).
    pub(crate) fn statics_of(&self, seat: u8) -> Vec<(ItemSrc, Option<ObjId>, &CardDef)> {
        let mut out = Vec::new();
        for i in self.nonrune_ids() {
            let o = self.obj(i);
            if o.zone.on_board() && o.controller == seat {
                out.push((ItemSrc::Obj(i), Some(i), self.def(o.def)));
            }
        }
        if let Some(p) = self.players.get(seat as usize).filter(|p| !p.left) {
            out.push((ItemSrc::Legend(seat), None, self.def(p.legend)));
        }
        for (b, bf) in self.bfs.iter().enumerate() {
            if !bf.blank && bf.controller == seat {
                out.push((ItemSrc::Bf(b as u8), None, self.def(bf.def)));
            }
        }
        out
    }

    /// How many tokens an instruction of `seat`'s creating `n` creates: each "double the tokens"
    /// static of a card `seat` controls doubles it once (CR 370.2, 375), up to
    /// [`MAX_TOKENS_PER_INSTRUCTION`].
    pub(crate) fn tokens_created(&self, seat: u8, n: i32) -> i32 {
        if n <= 0 || !self.db().has_statics.double_tokens {
            return n;
        }
        let k: u32 = self.statics_of(seat).iter().map(|(_, _, d)| d.double_tokens as u32).sum();
        (0..k).fold(n, |m, _| (m * 2).min(MAX_TOKENS_PER_INSTRUCTION))
    }
}

//! Replacement statics that are not about damage (CR 367–375; the card file's `enter_ready` and
//! `double_tokens`, `replace_file.rs`): "units you control enter ready" replaces a unit's entering
//! exhausted (CR 370), and "if an effect you control would create one or more tokens, it creates
//! twice that many instead" (the example of CR 375). Damage replacements are in `replace.rs`.

use crate::action::ObjId;
use crate::cards::CardDef;
use crate::state::*;

/// The most tokens one instruction creates after doubling (a practical bound on the objects of
/// a game; the CR sets none).
pub const MAX_TOKENS_PER_INSTRUCTION: i32 = 64;

impl RiftGame {
    /// The cards on the board whose statics work for `seat` (CR 376.3): the objects it controls,
    /// its legend and the battlefields it controls, as (source, the source object, its card).
    fn statics_of(&self, seat: u8) -> Vec<(ItemSrc, Option<ObjId>, &CardDef)> {
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

    /// Does a static "units you control [matching] enter ready" apply to unit `id`, which is
    /// entering the board under its controller (CR 367, 370)? Its own statics do not: an object
    /// does not apply its replacement effects to the event of its entering (CR 370.3).
    pub(crate) fn static_enters_ready(&self, id: ObjId) -> bool {
        let o = self.obj(id);
        if !self.db().has_statics.enter_ready || !self.def(o.def).is_unit() {
            return false;
        }
        let seat = o.controller;
        self.statics_of(seat).into_iter().any(|(src, obj, d)| {
            obj != Some(id)
                && d.enter_ready.iter().any(|spec| {
                    let probe = Item {
                        controller: seat,
                        src,
                        ab: 0,
                        targets: Vec::new(),
                        here: Loc::Nowhere,
                        subject: None,
                        src_inc: obj.map_or(0, |i| self.obj(i).inc),
                        restrict_bf: NOBODY,
                        trigger: false,
                        repeat: 0,
                        ab_of: None,
                    };
                    self.target_ok(&probe, spec, self.tgt(id))
                })
        })
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

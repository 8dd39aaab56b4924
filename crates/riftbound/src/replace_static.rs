//! Replacement statics that are not about damage (CR 367–375; the card file's `enter_ready` and
//! `double_tokens`, `replace_file.rs`): "units you control enter ready" replaces a unit's entering
//! exhausted (CR 370), and "if an effect you control would create one or more tokens, it creates
//! twice that many instead" (the example of CR 375); an `enter_ready` static may be "once each
//! turn" (CR 371, counted in `repl_used` with the damage ones). Damage replacements are in
//! `replace.rs`.

use crate::action::ObjId;
use crate::cards::CardDef;
use crate::replace::{static_key, StaticKey};
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

    /// The "units you control [matching] enter ready" static that replaces unit `id`'s entering
    /// the board exhausted under its controller (CR 367, 370), if one applies, as its "once each
    /// turn" key (CR 371) when it is one. Its own statics do not: an object does not apply its
    /// replacement effects to the event of its entering (CR 370.3). A "once each turn" one
    /// already applied this turn does not apply again. Where several apply, one that is not
    /// "once each turn" is taken (it is not used up), else the first in board order (CR 372's
    /// choice between two "once each turn" ones is not asked: docs/riftbound.md).
    pub(crate) fn enter_ready_static(&self, id: ObjId) -> Option<Option<StaticKey>> {
        let o = self.obj(id);
        if !self.db().has_statics.enter_ready || !self.def(o.def).is_unit() {
            return None;
        }
        let seat = o.controller;
        let mut once = None;
        for (src, obj, d) in self.statics_of(seat) {
            if obj == Some(id) {
                continue;
            }
            let src_inc = obj.map_or(0, |i| self.obj(i).inc);
            for spec in &d.enter_ready {
                let key = static_key(src, src_inc, spec.ix);
                if spec.once_each_turn && (once.is_some() || self.repl_used.contains(&key)) {
                    continue;
                }
                let probe = Item {
                    controller: seat,
                    src,
                    ab: 0,
                    targets: Vec::new(),
                    here: Loc::Nowhere,
                    subject: None,
                    src_inc,
                    restrict_bf: NOBODY,
                    trigger: false,
                    repeat: 0,
                    ab_of: None,
                };
                if self.target_ok(&probe, &spec.unit, self.tgt(id)) {
                    if !spec.once_each_turn {
                        return Some(None);
                    }
                    once = Some(key);
                }
            }
        }
        once.map(Some)
    }

    /// Unit `id` enters the board under its controller: does a static make it enter ready
    /// instead of exhausted (CR 370)? A "once each turn" one that does is counted (CR 371).
    pub(crate) fn static_enters_ready(&mut self, id: ObjId) -> bool {
        match self.enter_ready_static(id) {
            None => false,
            Some(None) => true,
            Some(Some(key)) => {
                self.repl_used.push(key);
                true
            }
        }
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

//! The rune pool as actions (CR 164.2, 165–167, 429, 444): a rune's "[E]: Add [1]" and "Recycle
//! this: Add [C]", and an Add gear's "[E]: Add one Power", are Reaction-speed Add abilities a
//! player uses whenever they hold Priority or while paying a cost. What they add stays in the pool
//! until it empties (at the start of the Main Phase and in the Expiration Step, `flow.rs`); costs
//! are paid from the pool first (`payment.rs`).
//!
//! They are offered only with the option `rune_actions` (off by default, like `allow_concede`):
//! random playouts would otherwise spend most decisions recycling runes, and every cost is still
//! paid by the auto-pay exactly as without the option. With it on, a cost not covered by the pool
//! stops at the payment prompt, which offers these actions (only those that keep the cost payable)
//! and `pay` (the auto-pay).

use crate::action::{ObjId, RiftAction};
use crate::cards::Kind;
use crate::payment::Cost;
use crate::state::*;

/// The domains (bit indices) of a mask, in order.
fn domains_of(mask: u8) -> impl Iterator<Item = u8> {
    (0..6u8).filter(move |d| mask & (1 << d) != 0)
}

/// One action per domain of `mask`; a single domain is left unnamed (`NOBODY`).
fn per_domain(mask: u8, mut f: impl FnMut(u8)) {
    if mask.count_ones() == 1 {
        f(NOBODY);
    } else {
        domains_of(mask).for_each(f);
    }
}

impl RiftGame {
    /// Every pool action `seat` could take with its runes and Add gear now, ignoring timing.
    fn pool_sources(&self, seat: u8, out: &mut Vec<RiftAction>) {
        for (i, o) in self.board_ids_of(seat).map(|i| (i as usize, self.obj(i))) {
            if !o.zone.on_board() || o.controller != seat {
                continue;
            }
            let id = i as ObjId;
            let d = self.def(o.def);
            if d.kind == Kind::Rune {
                if o.zone != Zone::Base {
                    continue;
                }
                if !o.has(flag::EXHAUSTED) {
                    out.push(RiftAction::Exhaust(id, NOBODY));
                }
                per_domain(d.domains, |x| out.push(RiftAction::Recycle(id, x)));
            } else if d.adds_power != 0 && !o.has(flag::EXHAUSTED) {
                per_domain(d.adds_power, |x| out.push(RiftAction::Exhaust(id, x)));
            }
        }
    }

    /// Does `seat` hold Priority with no choice open (CR 312: Neutral Open in their main phase,
    /// Focus in a showdown, Priority on a chain, or an invitation in 2v2)?
    fn holds_priority(&self, seat: u8) -> bool {
        self.prompt.is_none() && self.acting() == Some(seat)
    }

    /// The pool actions offered to `seat` at Priority (with the option on).
    pub fn pool_actions(&self, seat: u8, out: &mut Vec<RiftAction>) {
        if self.opts.rune_actions && self.holds_priority(seat) {
            self.pool_sources(seat, out);
        }
    }

    /// The pool actions offered while `seat` pays `cost` (`forced`: sources already chosen): those
    /// after which the cost can still be paid (CR 444: recycling the rune whose Energy is needed
    /// would strand the payment).
    pub fn pool_actions_paying(&self, seat: u8, cost: &Cost, forced: &[ObjId], out: &mut Vec<RiftAction>) {
        let mut all = Vec::new();
        self.pool_sources(seat, &mut all);
        for a in all {
            let mut g = self.clone();
            g.add_to_pool(seat, a);
            if g.plan_forced(seat, cost, forced).is_some() {
                out.push(a);
            }
        }
    }

    /// Is `a` one of `seat`'s pool actions (source, state and domain as `pool_sources` lists them)?
    pub fn is_pool_source(&self, seat: u8, a: RiftAction) -> bool {
        let id = match a {
            RiftAction::Exhaust(id, _) | RiftAction::Recycle(id, _) => id,
            _ => return false,
        };
        if id as usize >= self.objs.len() {
            return false;
        }
        let mut all = Vec::new();
        self.pool_sources(seat, &mut all);
        all.contains(&a)
    }

    /// Why a pool action is refused.
    pub fn pool_refusal(&self, seat: u8, a: RiftAction) -> String {
        if !self.opts.rune_actions {
            return "rune abilities as actions are turned off by the 'rune_actions' option; costs are paid automatically (CR 164.2, 429)".into();
        }
        if self.is_pool_source(seat, a) {
            return if matches!(self.prompt, Some(Prompt::Build(ref b)) if b.stage == Stage::Pay) {
                "using it now would leave the cost being paid unpayable (CR 444)".into()
            } else {
                "Add abilities are used while you hold Priority or pay a cost (CR 429)".into()
            };
        }
        match a {
            RiftAction::Exhaust(..) => "exhaust: a ready rune (for [1]) or a ready Add gear of yours at your base, naming one of its domains when it has several (CR 164.2, 429)".into(),
            _ => "recycle: a rune of yours on the board, naming one of its domains when it has several (CR 164.2)".into(),
        }
    }

    /// Use the Add ability (CR 429: it resolves at once, doesn't use the chain and doesn't pass
    /// Priority or Focus). `a` must be one of `pool_sources`.
    pub fn add_to_pool(&mut self, seat: u8, a: RiftAction) {
        let (id, named) = match a {
            RiftAction::Exhaust(id, d) | RiftAction::Recycle(id, d) => (id, d),
            _ => return,
        };
        let def = self.obj(id).def;
        let d = self.def(def);
        let is_rune = d.kind == Kind::Rune;
        let mask = if is_rune { d.domains } else { d.adds_power };
        let domain = if named == NOBODY { domains_of(mask).next().unwrap_or(0) } else { named };
        let pool = &mut self.players[seat as usize].pool;
        match a {
            RiftAction::Exhaust(..) if is_rune => pool.energy = pool.energy.saturating_add(1),
            _ => pool.power[domain as usize] = pool.power[domain as usize].saturating_add(1),
        }
        if let RiftAction::Recycle(..) = a {
            // CR 164.2, 416: to the bottom of its owner's rune deck.
            self.set_zone(id, Zone::RuneDeck);
            self.notes.add(|| crate::notes::Note::RecycledRune { seat, def });
        } else {
            self.objs[id as usize].set(flag::EXHAUSTED, true);
        }
    }
}

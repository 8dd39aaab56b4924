//! Global rules that apply at every moment (spec §4.7): character discards (R-CDISC), Sword
//! recovery (R-SR), resource discards (R-RDISC), caps (R-CAP), zone changes (R-ZONE) and the
//! King check (R-WIN, R-END1).

use crate::card::{bit, owner, rank, Card, KING, SWORDS};
use crate::options::{AutoRecover, KosDuration, MutualKingLoss, SwordRecovery};
use crate::present::Why;
use crate::state::{CardState, End, FateGame, Pending, Step, F_ACTED, F_AFFECTED, F_AFFECTED_OWN};

impl FateGame {
    /// R-CDISC: a character leaves the field or a hand for good; R-SR and R-WIN follow.
    pub(crate) fn discard_character(&mut self, c: Card, why: Why) {
        let Some(ctrl) = self.controller(c) else { return };
        let from_hand = self.players[ctrl as usize].hand & bit(c) != 0;
        self.note_discard(ctrl, c, from_hand, why);
        let pl = &mut self.players[ctrl as usize];
        pl.hand &= !bit(c);
        pl.known &= !bit(c);
        pl.remove_row(c);
        self.cards[c as usize] = CardState::default();
        self.elim |= bit(c);
        self.discard_this_ply = true;
        if rank(c) == KING {
            self.kings_lost |= 1 << owner(c);
        }
        self.expire_effects_of_source(c);
        if !from_hand || self.opts.sr_counts_hand_discards {
            self.sword_recovery(ctrl, owner(c));
        }
    }

    /// R-SR: each recipient may untap one tapped Sword per discarded character.
    /// `side` is the side the card was discarded from (its controller), `own` its owner.
    /// C-5: OWNER_OF_DISCARDED gives the Sword to the owner, also when the card was stolen.
    /// OPPONENT_OF_DISCARDED (not settled by C-5) stays the opponent of the controlling side.
    fn sword_recovery(&mut self, side: u8, own: u8) {
        let ap = self.ap;
        let (a, b) = match self.opts.sword_recovery {
            SwordRecovery::Both => (Some(1 - ap), Some(ap)),
            SwordRecovery::ApOnly => (None, Some(ap)),
            SwordRecovery::OwnerOfDiscarded => (None, Some(own)),
            SwordRecovery::OpponentOfDiscarded => (None, Some(1 - side)),
        };
        for p in [a, b].into_iter().flatten() {
            if self.opts.auto_recover == AutoRecover::AutoMax {
                let pl = &mut self.players[p as usize];
                if pl.t[SWORDS as usize] > 0 {
                    pl.t[SWORDS as usize] -= 1;
                    pl.u[SWORDS as usize] += 1;
                    self.note_untap(p, SWORDS, 1, "sword_recovery", None);
                }
            } else {
                self.push_sword_rec(p);
            }
        }
    }

    /// MANUAL Sword recovery: merge with a recovery already waiting on top of the stack.
    fn push_sword_rec(&mut self, p: u8) {
        let n = self.n_pending as usize;
        for i in (0..n).rev() {
            match self.pending[i] {
                Pending::SwordRec { player, count } => {
                    if player == p {
                        self.pending[i] = Pending::SwordRec { player, count: count.saturating_add(1) };
                        return;
                    }
                }
                _ => break,
            }
        }
        self.push_pending(Pending::SwordRec { player: p, count: 1 });
    }

    /// R-RDISC: `m` cards of suit `s` go back to the pile, `untapped` of them untapped.
    pub(crate) fn discard_resources(&mut self, p: u8, s: u8, m: u8, untapped: u8) {
        let pl = &mut self.players[p as usize];
        pl.u[s as usize] -= untapped;
        pl.t[s as usize] -= m - untapped;
    }

    /// Legal range of untapped cards among `m` discarded (§8.2 RES_DISCARD_SPLIT).
    pub(crate) fn split_range(&self, p: u8, s: u8, m: u8) -> (u8, u8) {
        let pl = &self.players[p as usize];
        (m.saturating_sub(pl.t[s as usize]), m.min(pl.u[s as usize]))
    }

    /// R-M4 / Knight of Cups / King of Cups (a): a field character goes to a hand with atk 0.
    pub(crate) fn return_to_hand(&mut self, c: Card, by_skill: bool) {
        let Some(ctrl) = self.controller(c) else { return };
        self.players[ctrl as usize].remove_row(c);
        let dest = if self.opts.stolen_returns_to_owner_hand { owner(c) } else { ctrl };
        self.players[dest as usize].hand |= bit(c);
        self.players[dest as usize].known |= bit(c);
        let cs = &mut self.cards[c as usize];
        cs.atk = 0;
        cs.attacks_used = 0;
        cs.extra_attacks = 0;
        cs.skn_bonus = 0;
        cs.hidden_buff = 0;
        cs.flags &= F_ACTED | F_AFFECTED | F_AFFECTED_OWN;
        if !self.opts.flags_follow_card {
            cs.flags &= !(F_ACTED | F_AFFECTED);
        }
        if by_skill && self.opts.skill_target_is_passive {
            cs.flags |= F_AFFECTED | F_AFFECTED_OWN;
        }
        self.expire_effects_of_source(c);
    }

    /// A-43 WHILE_SOURCE_ON_FIELD: effects end when their King of Swords leaves the field.
    pub(crate) fn expire_effects_of_source(&mut self, c: Card) {
        if self.opts.kos_duration != KosDuration::WhileSourceOnField {
            return;
        }
        for pl in self.players.iter_mut() {
            let mut k = 0;
            for i in 0..pl.n_cap_fx as usize {
                if pl.cap_fx[i].source != c {
                    pl.cap_fx[k] = pl.cap_fx[i];
                    k += 1;
                }
            }
            for e in pl.cap_fx[k..].iter_mut() {
                *e = Default::default();
            }
            pl.n_cap_fx = k as u8;
        }
    }

    /// R-WIN / R-END1: end the game if a King was discarded in the last resolution.
    pub(crate) fn check_kings(&mut self) {
        match self.kings_lost {
            0 => return,
            1 => self.end = End::Win(1),
            2 => self.end = End::Win(0),
            _ => {
                self.end = match self.opts.mutual_king_loss {
                    MutualKingLoss::Draw => End::MutualDraw,
                    MutualKingLoss::ApWins => End::Win(self.ap),
                    MutualKingLoss::ApLoses => End::Win(1 - self.ap),
                }
            }
        }
        self.kings_lost = 0;
        self.finish();
    }

    pub(crate) fn finish(&mut self) {
        self.step = Step::Over;
        self.n_pending = 0;
        self.pending = [Pending::KopSuits { next: 4 }; crate::state::PENDING_MAX];
    }
}

//! LINEUP (R-M3, §8.1), the buff window (R-C1), attacks (R-C2..R-C4) and the Knight of Swords
//! bonus (R-C5).

use crate::action::Target;
use crate::card::{card_code, rank, suit, Card, KNIGHT, SWORDS};
use crate::options::{AttackerOrder, BuffOrder, CombatMode, SknTiming};
use crate::present::{suit_code, FateEvent, Why};
use crate::skills::Check;
use crate::state::{FateGame, Pending, SplitCtx, Step, F_ACTED, F_AFFECTED, F_AFFECTED_OWN, F_HIT_CHAR, F_STOOD_DOWN};

fn need(ok: bool, why: &'static str) -> Check {
    if ok {
        Ok(())
    } else {
        Err(why)
    }
}

impl FateGame {
    // ---- LINEUP: build the row left to right (R-M3, §8.1). C-4: the order is the player's; the
    // mirror canonicalisation (id(row[0]) < id(row[last])) belongs to search and hashing only
    // (crate::solve), so every unplaced card may be placed next.

    pub(crate) fn check_place(&self, c: Card) -> Check {
        let pl = &self.players[self.ap as usize];
        let placed = self.cursor as usize;
        let i = pl.row_index(c).ok_or("LINEUP: that card is not in your row")?;
        need(i >= placed, "LINEUP: that card is already placed")?;
        need(pl.row_len as usize - placed >= 2, "LINEUP: the row is complete")
    }

    /// (number of legal picks, the last legal pick).
    pub(crate) fn lineup_choices(&self) -> (usize, Card) {
        let pl = &self.players[self.ap as usize];
        let mut n = 0;
        let mut last = 0;
        for &c in &pl.row()[(self.cursor as usize).min(pl.row_len as usize)..] {
            if self.check_place(c).is_ok() {
                n += 1;
                last = c;
            }
        }
        (n, last)
    }

    pub(crate) fn place_next(&mut self, c: Card) {
        let pl = &mut self.players[self.ap as usize];
        if let Some(i) = pl.row_index(c) {
            let at = self.cursor as usize;
            pl.row.copy_within(at..i, at + 1);
            pl.row[at] = c;
            self.cursor += 1;
        }
    }

    // ---- R-C1 buff window.

    /// Swords the buffer may still tap (SIMULTANEOUS_HIDDEN: minus hidden buffs).
    fn swords_free(&self, p: u8) -> u8 {
        let pl = &self.players[p as usize];
        let hidden: u32 = pl.row().iter().map(|&c| self.cards[c as usize].hidden_buff as u32).sum();
        pl.u[SWORDS as usize].saturating_sub(hidden.min(255) as u8)
    }

    fn buff_cursor(&self, p: u8) -> usize {
        ((self.cursor >> (4 * p)) & 15) as usize
    }

    pub(crate) fn check_buff(&self, c: Card) -> Check {
        let p = self.actor;
        let i = self.players[p as usize].row_index(c).ok_or("R-C1: buff one of your own field characters (A-60)")?;
        need(i >= self.buff_cursor(p), "R-C1: buff in row order (index non-decreasing, §8.1)")?;
        need(self.swords_free(p) > 0, "R-C1: no untapped Sword to tap")
    }

    pub(crate) fn any_buff_legal(&self) -> bool {
        let p = self.actor;
        let pl = &self.players[p as usize];
        self.swords_free(p) > 0 && pl.row_len as usize > self.buff_cursor(p)
    }

    pub(crate) fn do_buff(&mut self, c: Card) {
        let p = self.actor;
        let i = self.players[p as usize].row_index(c).unwrap_or(0);
        self.cursor = (self.cursor & !(15 << (4 * p))) | ((i as u8) << (4 * p));
        if self.opts.buff_order == BuffOrder::SimultaneousHidden && p == self.ap {
            self.cards[c as usize].hidden_buff = self.cards[c as usize].hidden_buff.saturating_add(1);
        } else {
            self.apply_buff(p, c, 1);
        }
        if self.opts.buff_order == BuffOrder::AlternatingUntilTwoPasses {
            self.passes = 0;
            self.actor = 1 - p;
        }
    }

    fn apply_buff(&mut self, p: u8, c: Card, k: u8) {
        let pl = &mut self.players[p as usize];
        pl.u[SWORDS as usize] -= k;
        pl.t[SWORDS as usize] += k;
        let cs = &mut self.cards[c as usize];
        cs.atk = cs.atk.saturating_add(k as u16);
        cs.flags |= F_AFFECTED | F_AFFECTED_OWN; // 被放置宝剑
        self.note(|g| FateEvent::Buffed { seat: p, card: card_code(c), amount: k, atk: g.cards[c as usize].atk });
    }

    /// DoneBuffing (or nothing left to buff): next buffer, or the attack step.
    pub(crate) fn done_buffing(&mut self) {
        self.passes = self.passes.saturating_add(1);
        if self.passes >= 2 {
            if self.opts.buff_order == BuffOrder::SimultaneousHidden {
                let ap = self.ap;
                for i in 0..self.players[ap as usize].row_len as usize {
                    let c = self.players[ap as usize].row[i];
                    let k = std::mem::take(&mut self.cards[c as usize].hidden_buff);
                    if k > 0 {
                        self.apply_buff(ap, c, k);
                    }
                }
            }
            self.actor = self.ap;
            self.cursor = 0;
            self.step = Step::Attacks;
        } else {
            self.actor = 1 - self.actor;
        }
    }

    // ---- R-C2 attacks.

    /// Can `c` still make a normal attack (ignoring order)?
    fn eligible(&self, c: Card) -> bool {
        let cs = &self.cards[c as usize];
        cs.atk >= 1 && (cs.attacks_used as u16) < 1 + cs.extra_attacks as u16 && cs.flags & F_STOOD_DOWN == 0
    }

    /// The ends of the standing row (OUTSIDE_IN, R-C2).
    fn standing_ends(&self) -> Option<(Card, Card)> {
        let row = self.players[self.actor as usize].row();
        let first = row.iter().copied().find(|&c| self.eligible(c))?;
        let last = row.iter().rev().copied().find(|&c| self.eligible(c))?;
        Some((first, last))
    }

    fn check_attacker(&self, c: Card) -> Check {
        let pl = &self.players[self.actor as usize];
        need(pl.row_index(c).is_some(), "R-C2: only characters in your row attack")?;
        need(self.cards[c as usize].atk >= 1, "R-C2: a character with attack 0 cannot attack")?;
        need(self.eligible(c), "R-C2: that character has no attack left this combat")?;
        match self.opts.attacker_order {
            AttackerOrder::OutsideIn => {
                let (a, b) = self.standing_ends().unwrap_or((255, 255));
                need(c == a || c == b, "R-C2 OUTSIDE_IN: only an end of the standing row attacks next (A-21)")
            }
            AttackerOrder::Free => Ok(()),
            AttackerOrder::EdgeStrict => {
                let row = pl.row();
                need(row.first() == Some(&c) || row.last() == Some(&c), "A-21 EDGE_STRICT: only the row's ends attack")
            }
        }
    }

    fn check_resource_target(&self, s: u8) -> Check {
        let q = &self.players[1 - self.actor as usize];
        need(!self.opts.ra_suit_must_be_non_empty || q.n(s) > 0, "A-26 raSuitMustBeNonEmpty: that suit is empty")
    }

    pub(crate) fn check_attack(&self, c: Card, t: Target) -> Check {
        self.check_attacker(c)?;
        let q = &self.players[1 - self.actor as usize];
        match t {
            Target::Left => need(q.row_len >= 1, "R-C2: the opponent's row is empty; attack a suit"),
            Target::Right => {
                need(q.row_len >= 2, "R-C2: attack the right edge only when it differs from the left (use L)")
            }
            Target::Suit(s) => {
                need(q.row_len == 0, "A-28: resources can be attacked only when the opponent's row is empty")?;
                self.check_resource_target(s)
            }
        }
    }

    pub(crate) fn check_stand(&self, c: Card) -> Check {
        need(
            self.opts.attacker_order == AttackerOrder::OutsideIn,
            "StandDown exists only with attackerOrder OUTSIDE_IN",
        )?;
        let (a, b) = self.standing_ends().ok_or("R-C2: no character left to stand down")?;
        need(c == a || c == b, "R-C2: stand down an end of the standing row")
    }

    pub(crate) fn any_attack_legal(&self) -> bool {
        self.players[self.actor as usize].row().iter().any(|&c| self.check_attacker(c).is_ok())
            && (self.players[1 - self.actor as usize].row_len > 0
                || (0..4).any(|s| self.check_resource_target(s).is_ok()))
    }

    pub(crate) fn do_attack(&mut self, c: Card, t: Target) {
        let q = 1 - self.actor;
        let a = self.cards[c as usize].atk;
        let cs = &mut self.cards[c as usize];
        cs.flags |= F_ACTED; // 主动进攻
        cs.attacks_used = cs.attacks_used.saturating_add(1);
        let seat = self.actor;
        match t {
            Target::Suit(s) => {
                self.note(|_| FateEvent::AttackDeclared {
                    seat,
                    attacker: card_code(c),
                    atk: a,
                    defender: None,
                    defender_atk: 0,
                    suit: Some(suit_code(s)),
                    bonus: false,
                });
                self.resource_attack(s, a, c)
            }
            Target::Left | Target::Right => {
                let qrow = self.players[q as usize].row();
                let d = if t == Target::Left { qrow[0] } else { qrow[qrow.len() - 1] };
                self.cards[d as usize].flags |= F_AFFECTED | F_AFFECTED_OWN; // 被进攻
                let dv = self.cards[d as usize].atk;
                self.note(|_| FateEvent::AttackDeclared {
                    seat,
                    attacker: card_code(c),
                    atk: a,
                    defender: Some(card_code(d)),
                    defender_atk: dv,
                    suit: None,
                    bonus: false,
                });
                self.note(|_| {
                    let mut died = Vec::new();
                    if a >= dv {
                        died.push(card_code(d));
                    }
                    if a <= dv {
                        died.push(card_code(c));
                    }
                    FateEvent::CombatResult {
                        attacker: card_code(c),
                        atk: a,
                        defender: card_code(d),
                        defender_atk: dv,
                        died,
                    }
                });
                // R-C3: compare; ties discard both at once.
                if a >= dv {
                    self.discard_character(d, Why::Combat);
                }
                if a <= dv {
                    self.discard_character(c, Why::Combat);
                } else {
                    self.after_surviving_hit(c);
                }
            }
        }
    }

    /// R-C4: the victim discards min(a, n[s]) of suit s, then hand cards for the shortfall.
    fn resource_attack(&mut self, s: u8, a: u16, by: Card) {
        let q = 1 - self.actor;
        let m = (a.min(self.players[q as usize].n(s) as u16)) as u8;
        let short = (a - m as u16).min(31) as u8;
        self.push_pending(Pending::Split { victim: q, suit: s, m, ctx: SplitCtx::Attack { short, by: Some(by) } });
    }

    /// R-C5: a Knight of Swords that hit a character and survived may make bonus attacks.
    fn after_surviving_hit(&mut self, c: Card) {
        let first_hit = self.cards[c as usize].flags & F_HIT_CHAR == 0;
        self.cards[c as usize].flags |= F_HIT_CHAR;
        let is_skn = suit(c) == SWORDS && rank(c) == KNIGHT;
        let timing_ok = self.opts.skn_timing == SknTiming::AfterEachCharacterAttack || first_hit;
        if is_skn && timing_ok && self.cards[c as usize].skn_bonus > 0 {
            self.bonus_card = c;
            self.step = Step::Bonus;
        } else if is_skn && self.opts.skn_timing == SknTiming::OnceImmediately {
            self.cards[c as usize].skn_bonus = 0;
        }
    }

    /// The current attacker ends its attacks; with combatMode MUTUAL the other side attacks
    /// next (A-19: the 先手方, the active player, attacks first), then the end phase.
    pub(crate) fn end_attacks(&mut self) {
        if self.opts.combat_mode == CombatMode::Mutual && self.actor == self.ap {
            self.actor = 1 - self.ap;
            self.step = Step::Attacks;
        } else {
            self.actor = self.ap;
            self.step = Step::EndPhase;
        }
    }

    pub(crate) fn check_bonus(&self, s: u8) -> Check {
        need(self.cards[self.bonus_card as usize].skn_bonus > 0, "R-C5: no bonus attack left")?;
        self.check_resource_target(s)
    }

    pub(crate) fn any_bonus_legal(&self) -> bool {
        self.on_field(self.actor, self.bonus_card) && (0..4).any(|s| self.check_bonus(s).is_ok())
    }

    pub(crate) fn do_bonus(&mut self, s: u8) {
        let c = self.bonus_card;
        let a = self.cards[c as usize].atk;
        let cs = &mut self.cards[c as usize];
        cs.skn_bonus -= 1;
        cs.flags |= F_ACTED;
        let seat = self.actor;
        self.note(|_| FateEvent::AttackDeclared {
            seat,
            attacker: card_code(c),
            atk: a,
            defender: None,
            defender_atk: 0,
            suit: Some(suit_code(s)),
            bonus: true,
        });
        self.resource_attack(s, a, c);
    }

    /// The bonus window closes (A-45: ONCE_IMMEDIATELY loses what is left).
    pub(crate) fn close_bonus(&mut self) {
        if self.opts.skn_timing == SknTiming::OnceImmediately {
            self.cards[self.bonus_card as usize].skn_bonus = 0;
        }
        self.bonus_card = 0;
        self.step = Step::Attacks;
    }
}

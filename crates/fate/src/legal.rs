//! Legal actions, the single legality check, and performing an action. The generator lists
//! candidates and keeps those the check accepts, so both can never disagree.

use crate::action::{FateAction, Target};
use crate::card::{bit, card, cards_of, Card, KING, KNIGHT, PAGE, PENTACLES, QUEEN};
use crate::skills::Check;
use crate::state::{FateGame, Pending, Step, F_STOOD_DOWN};

fn need(ok: bool, why: &'static str) -> Check {
    if ok {
        Ok(())
    } else {
        Err(why)
    }
}

/// R-S3: can a player take `k` Knights and `p` Pages?
pub(crate) fn composition_ok(must_spend_all: bool, k: u8, p: u8) -> bool {
    k <= 4 && p <= 4 && if must_spend_all { 2 * k + p == 8 } else { 2 * k + p <= 8 }
}

impl FateGame {
    pub(crate) fn check_action(&self, a: &FateAction) -> Check {
        use FateAction::*;
        if self.is_over() {
            return Err("the game is over");
        }
        if let Some(top) = self.pending_top() {
            return match (top, *a) {
                (Pending::Split { .. }, Split(k)) => self.check_split(k),
                (Pending::HandDiscard { .. }, HandDiscard(c)) => self.check_hand_discard(c),
                (Pending::KocChoice { .. }, Koc(o)) => self.check_koc(o),
                (Pending::QosVictim { .. }, QosVictim(c)) => self.check_qos_victim(c),
                (Pending::SwordRec { .. }, UntapSwords(k)) => self.check_sword_rec(k),
                (Pending::KopDraw { .. }, KopDraw(_)) => Ok(()),
                (Pending::Split { .. }, _) => Err("a resource discard split is pending (split=k)"),
                (Pending::HandDiscard { .. }, _) => Err("a hand discard is pending (discard=CARD)"),
                (Pending::KocChoice { .. }, _) => Err("a King of Cups choice is pending (koc=...)"),
                (Pending::QosVictim { .. }, _) => Err("a Queen of Swords discard is pending (victim=CARD)"),
                (Pending::SwordRec { .. }, _) => Err("a Sword recovery is pending (swords=k)"),
                (Pending::KopDraw { .. }, _) => Err("a King of Pentacles draw is pending (kop=take|skip)"),
                (Pending::KopSuits { .. }, _) => Err("the King of Pentacles is resolving"),
            };
        }
        let ap = self.ap as usize;
        match (self.step, *a) {
            (Step::Setup, _) => self.check_setup(a),
            (Step::TsPent, UntapPentacles(k)) | (Step::TsWand, UntapWands(k)) | (Step::EndCups, UntapCups(k)) => {
                need(k <= self.budget, "R-TS1/R-TS2/R-E1: you may untap at most the recovery allowance")
            }
            (Step::Draw, EndDraw) => Ok(()),
            (Step::Draw, Draw(s)) => {
                let pl = &self.players[ap];
                need(self.budget > 0 && pl.u[PENTACLES as usize] > 0, "R-D1: no draw left (X is fixed at the start)")?;
                need(s < 4 && s >= self.cursor, "R-D1: draw suits in the order P C W S (§8.1)")?;
                need(pl.room(s) > 0, "R-CAP: no room in that suit (A-59)")
            }
            (Step::Main, Play(c)) => self.check_play(c),
            (Step::Main, Return(c)) => self.check_return(c),
            (Step::Main, Activate(c, arg)) => self.check_activate(c, arg),
            (Step::Main, EndMain) => Ok(()),
            (Step::Lineup, PlaceNext(c)) => self.check_place(c),
            (Step::Buff, Buff(c)) => self.check_buff(c),
            (Step::Buff, DoneBuffing) => Ok(()),
            (Step::Attacks, Attack(c, t)) => self.check_attack(c, t),
            (Step::Attacks, StandDown(c)) => self.check_stand(c),
            (Step::Attacks, EndCombat) => Ok(()),
            (Step::Bonus, BonusAttack(s)) => self.check_bonus(s),
            (Step::Bonus, DeclineBonus) => Ok(()),
            (step, _) => Err(match step {
                Step::TsPent => "turn start: choose how many Pentacles to untap (pent=k)",
                Step::TsWand => "turn start: choose how many Wands to untap (wand=k)",
                Step::EndCups => "end phase: choose how many Cups to untap (cups=k)",
                Step::Draw => "draw phase: draw=SUIT or enddraw",
                Step::Main => "main phase: play, ret, act or endmain",
                Step::Lineup => "lineup: place=CARD",
                Step::Buff => "buff window: buff=CARD or donebuff",
                Step::Attacks => "attack step: atk, stand or endcombat",
                Step::Bonus => "Knight of Swords bonus: bonus=SUIT or decline",
                _ => "that action does not fit this step",
            }),
        }
    }

    fn check_setup(&self, a: &FateAction) -> Check {
        use FateAction::*;
        let pl = &self.players[self.actor as usize];
        match (pl.setup_stage, *a) {
            (0, ChooseKing(s)) | (1, ChooseQueen(s)) => need(s < 4, "bad suit"),
            (2, ChooseComposition(k, p)) => need(
                composition_ok(self.opts.setup_must_spend_all, k, p),
                "R-S3: Knights cost 2, Pages 1; spend exactly 8 points (A-2), at most 4 of each",
            ),
            (3, ChooseKnights(m)) => need(
                m < 16 && m.count_ones() == pl.comp.0 as u32,
                "R-S3: choose as many Knights as the composition says",
            ),
            (4, ChoosePages(m)) => {
                need(m < 16 && m.count_ones() == pl.comp.1 as u32, "R-S3: choose as many Pages as the composition says")
            }
            (0, _) => Err("setup: choose your King first (king=SUIT)"),
            (1, _) => Err("setup: choose your Queen (queen=SUIT)"),
            (2, _) => Err("setup: choose a composition (comp=KP)"),
            (3, _) => Err("setup: choose your Knights (knights=SUITS)"),
            _ => Err("setup: choose your Pages (pages=SUITS)"),
        }
    }

    /// Append the legal actions in a deterministic order.
    pub(crate) fn legal_into(&self, out: &mut Vec<FateAction>) {
        use FateAction::*;
        if self.is_over() {
            return;
        }
        let start = out.len();
        let keep = |g: &Self, out: &mut Vec<FateAction>, a: FateAction| {
            if g.check_action(&a).is_ok() {
                out.push(a);
            }
        };
        if let Some(top) = self.pending_top() {
            match top {
                Pending::Split { victim, suit, m, .. } => {
                    let (lo, hi) = self.split_range(victim, suit, m);
                    out.extend((lo..=hi).map(Split));
                }
                Pending::HandDiscard { victim, .. } => {
                    for c in cards_of(self.players[victim as usize].hand) {
                        keep(self, out, HandDiscard(c));
                    }
                }
                Pending::KocChoice { victim, prev, .. } => {
                    let mut o = Vec::new();
                    self.koc_options(victim, prev, &mut o);
                    out.extend(o.into_iter().map(Koc));
                }
                Pending::QosVictim { victim, rank, any_higher } => {
                    out.extend(cards_of(self.qos_candidates(victim, rank, any_higher)).map(QosVictim));
                }
                Pending::SwordRec { player, count } => {
                    let max = count.min(self.players[player as usize].t[3]);
                    out.extend((0..=max).map(UntapSwords));
                }
                Pending::KopDraw { .. } => out.extend([KopDraw(true), KopDraw(false)]),
                Pending::KopSuits { .. } => {}
            }
            return;
        }
        let ap = self.ap as usize;
        match self.step {
            Step::Setup => {
                let pl = &self.players[self.actor as usize];
                match pl.setup_stage {
                    0 => out.extend((0..4).map(ChooseKing)),
                    1 => out.extend((0..4).map(ChooseQueen)),
                    2 => {
                        for k in 0..=4 {
                            for p in 0..=4 {
                                if composition_ok(self.opts.setup_must_spend_all, k, p) {
                                    out.push(ChooseComposition(k, p));
                                }
                            }
                        }
                    }
                    3 => out.extend((1..16u8).filter(|m| m.count_ones() == pl.comp.0 as u32).map(ChooseKnights)),
                    4 => out.extend((1..16u8).filter(|m| m.count_ones() == pl.comp.1 as u32).map(ChoosePages)),
                    _ => {}
                }
            }
            Step::TsPent => out.extend((0..=self.budget).map(UntapPentacles)),
            Step::TsWand => out.extend((0..=self.budget).map(UntapWands)),
            Step::EndCups => out.extend((0..=self.budget).map(UntapCups)),
            Step::Draw => {
                for s in self.cursor..4 {
                    keep(self, out, Draw(s));
                }
                out.push(EndDraw);
            }
            Step::Main => {
                let pl = &self.players[ap];
                if pl.u[1] > 0 {
                    for c in cards_of(pl.hand) {
                        keep(self, out, Play(c));
                    }
                }
                let mut row = [0u8; crate::state::ROW_MAX];
                let n = pl.row_len as usize;
                row[..n].copy_from_slice(pl.row());
                row[..n].sort_unstable();
                for &c in &row[..n] {
                    out.push(Return(c));
                }
                // Every skill costs at least one Wand (R-M2).
                let any_wand = pl.u[2] > 0;
                for &c in row[..n].iter().filter(|_| any_wand) {
                    // Candidates go straight into `out`, then the illegal ones are dropped.
                    let mark = out.len();
                    self.activation_candidates(c, out);
                    let mut w = mark;
                    for r in mark..out.len() {
                        if self.check_action(&out[r]).is_ok() {
                            out[w] = out[r];
                            w += 1;
                        }
                    }
                    out.truncate(w);
                }
                out.push(EndMain);
            }
            Step::Lineup => {
                let pl = &self.players[ap];
                let from = (self.cursor as usize).min(pl.row_len as usize);
                let mut rest = [0u8; crate::state::ROW_MAX];
                let n = pl.row_len as usize - from;
                rest[..n].copy_from_slice(&pl.row()[from..]);
                rest[..n].sort_unstable();
                for &c in &rest[..n] {
                    keep(self, out, PlaceNext(c));
                }
            }
            Step::Buff => {
                for &c in self.players[self.actor as usize].row() {
                    keep(self, out, Buff(c));
                }
                out.push(DoneBuffing);
            }
            Step::Attacks => {
                let (me, q) = (&self.players[self.actor as usize], &self.players[1 - self.actor as usize]);
                for &c in me.row() {
                    if q.row_len > 0 {
                        keep(self, out, Attack(c, Target::Left));
                        keep(self, out, Attack(c, Target::Right));
                    } else {
                        for s in 0..4 {
                            keep(self, out, Attack(c, Target::Suit(s)));
                        }
                    }
                }
                for &c in me.row() {
                    keep(self, out, StandDown(c));
                }
                out.push(EndCombat);
            }
            Step::Bonus => {
                for s in 0..4 {
                    keep(self, out, BonusAttack(s));
                }
                out.push(DeclineBonus);
            }
            _ => {}
        }
        debug_assert!(out[start..].iter().all(|a| self.check_action(a).is_ok()));
    }

    /// Perform a checked action, then settle.
    pub(crate) fn perform(&mut self, a: &FateAction) {
        use FateAction::*;
        match *a {
            ChooseKing(s) => self.setup_pick(card(self.actor, s, KING), 1),
            ChooseQueen(s) => self.setup_pick(card(self.actor, s, QUEEN), 2),
            ChooseComposition(k, p) => {
                let pl = &mut self.players[self.actor as usize];
                pl.comp = (k, p);
                pl.setup_stage = if k > 0 {
                    3
                } else if p > 0 {
                    4
                } else {
                    5
                };
                if pl.setup_stage == 5 {
                    self.setup_done_for(self.actor);
                }
            }
            ChooseKnights(m) | ChoosePages(m) => {
                let r = if matches!(a, ChooseKnights(_)) { KNIGHT } else { PAGE };
                let p = self.actor;
                for s in 0..4 {
                    if m & (1 << s) != 0 {
                        self.players[p as usize].hand |= bit(card(p, s, r));
                    }
                }
                let pl = &mut self.players[p as usize];
                pl.setup_stage = if r == KNIGHT && pl.comp.1 > 0 { 4 } else { 5 };
                if pl.setup_stage == 5 {
                    self.setup_done_for(p);
                }
            }
            UntapPentacles(k) => {
                self.untap(self.ap, 0, k);
                self.note_untap(self.ap, 0, k, "pentacle_recovery", None);
                self.wand_recovery_step();
            }
            UntapWands(k) => {
                self.untap(self.ap, 2, k);
                self.note_untap(self.ap, 2, k, "wand_recovery", None);
                self.ts3_and_draw();
            }
            UntapCups(k) => {
                self.untap(self.ap, 1, k);
                self.note_untap(self.ap, 1, k, "cup_recovery", None);
                self.step = Step::EndTurn;
            }
            UntapSwords(k) => self.apply_sword_rec(k),
            Draw(s) => {
                let tapped = self.opts.drawn_enter_tapped;
                let pl = &mut self.players[self.ap as usize];
                pl.u[0] -= 1;
                pl.t[0] += 1;
                if tapped {
                    pl.t[s as usize] += 1;
                } else {
                    pl.u[s as usize] += 1;
                }
                self.budget -= 1;
                self.cursor = s;
                self.note(|g| crate::present::FateEvent::ResourceGained {
                    seat: g.ap,
                    suit: crate::present::suit_code(s),
                    tapped,
                    source: None,
                });
            }
            EndDraw => self.enter_main(),
            Play(c) => self.do_play(c),
            Return(c) => {
                self.return_to_hand(c, false);
                self.note_returned(self.ap, c, None);
            }
            Activate(c, arg) => self.do_activate(c, arg),
            EndMain => {
                self.cursor = 0;
                self.step = Step::Lineup;
            }
            PlaceNext(c) => self.place_next(c),
            Buff(c) => self.do_buff(c),
            DoneBuffing => self.done_buffing(),
            Attack(c, t) => self.do_attack(c, t),
            StandDown(c) => self.cards[c as usize].flags |= F_STOOD_DOWN,
            EndCombat => self.end_attacks(),
            BonusAttack(s) => self.do_bonus(s),
            DeclineBonus => self.close_bonus(),
            Split(k) => self.resolve_split(k),
            HandDiscard(c) => self.apply_hand_discard(c),
            Koc(o) => self.apply_koc(o),
            QosVictim(c) => {
                self.pop_pending();
                self.discard_character(c, crate::present::Why::QueenOfSwords);
            }
            KopDraw(take) => {
                if let Some(Pending::KopDraw { suit }) = self.pending_top() {
                    self.pop_pending();
                    if take {
                        self.kop_draw(suit);
                    }
                }
            }
        }
        self.settle();
    }

    pub(crate) fn any_draw_legal(&self) -> bool {
        (self.cursor..4).any(|s| self.check_action(&FateAction::Draw(s)).is_ok())
    }

    fn setup_pick(&mut self, c: Card, next: u8) {
        let pl = &mut self.players[self.actor as usize];
        pl.hand |= bit(c);
        pl.setup_stage = next;
    }
}

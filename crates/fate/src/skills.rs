//! The main phase (spec §4.3 R-M1..R-M4) and the 16 character skills (§5.1), with the illegal
//! empty activations of §5.2 (`allowNullActivations` = false).

use crate::action::{FateAction, SkillArg};
use crate::card::{
    bit, card_code, cards_of, play_cost, rank, suit, Card, CUPS, KING, KNIGHT, PAGE, PENTACLES, QUEEN, SWORDS, WANDS,
};
use crate::options::{KingConditionTiming, KosDuration, KosScope, MainPhaseOrder, QosSubstitute, QowAmount};
use crate::present::{suit_code, FateEvent};
use crate::state::{CapEffect, FateGame, Pending, SplitCtx, CAP_FX_MAX, F_ACTED, F_AFFECTED, F_AFFECTED_OWN};

pub(crate) type Check = Result<(), &'static str>;

fn need(ok: bool, why: &'static str) -> Check {
    if ok {
        Ok(())
    } else {
        Err(why)
    }
}

/// The cost of a skill in [P, C, W, S] (§5.1 "Skill cost").
pub(crate) fn skill_cost(c: Card, arg: SkillArg) -> [u8; 4] {
    match (suit(c), rank(c)) {
        (PENTACLES, KING) | (PENTACLES, KNIGHT) => [1, 0, 1, 0],
        (PENTACLES, QUEEN) => [2, 0, 1, 0],
        (CUPS, KING) | (CUPS, KNIGHT) => [0, 1, 1, 0],
        (CUPS, QUEEN) => [0, 2, 1, 0],
        (WANDS, KING) | (WANDS, KNIGHT) => [0, 0, 2, 0],
        (WANDS, QUEEN) => [0, 0, 3, 0],
        (SWORDS, KING) | (SWORDS, KNIGHT) => [0, 0, 1, 1],
        (SWORDS, QUEEN) => [0, 0, 1, if let SkillArg::X(x) = arg { x } else { 0 }],
        _ => [0, 0, 1, 0], // the four Pages
    }
}

impl FateGame {
    fn null_ok(&self) -> bool {
        self.opts.allow_null_activations
    }

    /// R-M1: tap 3/2/1 Cups to put a character from hand into your row.
    pub(crate) fn check_play(&self, c: Card) -> Check {
        let p = &self.players[self.ap as usize];
        need(p.hand & bit(c) != 0, "R-M1: that card is not in your hand")?;
        need(p.u[CUPS as usize] >= play_cost(c), "R-M1: not enough untapped Cups to play it")?;
        need((p.row_len as usize) < crate::state::ROW_MAX, "R-M1: the row is full")?;
        need(
            !(self.opts.main_phase_order == MainPhaseOrder::PlayThenSkills && self.skill_used),
            "A-52 PLAY_THEN_SKILLS: no plays after a skill",
        )
    }

    pub(crate) fn do_play(&mut self, c: Card) {
        let ap = self.ap as usize;
        let pl = &mut self.players[ap];
        pl.u[CUPS as usize] -= play_cost(c);
        pl.t[CUPS as usize] += play_cost(c);
        pl.hand &= !bit(c);
        pl.known &= !bit(c);
        pl.push_row(c); // C-2: the right end
        self.note(|g| crate::present::FateEvent::Played { seat: g.ap, card: card_code(c), cost: play_cost(c) });
        let cs = &mut self.cards[c as usize];
        cs.atk = 0; // R-ATK
        if !self.opts.flags_follow_card {
            cs.flags &= !(F_ACTED | F_AFFECTED);
        }
        if self.opts.play_is_active {
            cs.flags |= F_ACTED;
        }
    }

    /// R-M4: return one of your field characters to hand, free.
    pub(crate) fn check_return(&self, c: Card) -> Check {
        need(self.on_field(self.ap, c), "R-M4: that card is not in your row")
    }

    /// The opponent's field Knights and Pages (Queen/Knight of Cups targets).
    fn opp_field_rank(&self, r: u8) -> u32 {
        let q = &self.players[1 - self.ap as usize];
        q.row().iter().filter(|&&c| rank(c) == r).fold(0, |m, &c| m | bit(c))
    }

    /// Cards the Queen of Swords victim may discard.
    pub(crate) fn qos_candidates(&self, victim: u8, r: u8, any_higher: bool) -> u32 {
        let pl = &self.players[victim as usize];
        let mut pool = pl.hand | pl.field_set();
        if self.opts.qos_king_immune_in_hand {
            pool &= !(pl.hand & crate::card::rank_mask(KING));
        }
        if any_higher {
            (r..4).fold(0, |m, rr| m | (pool & crate::card::rank_mask(rr)))
        } else {
            pool & crate::card::rank_mask(r)
        }
    }

    /// The rank the Queen of Swords victim must discard for X, after substitution.
    fn qos_rank(&self, victim: u8, x: u8) -> Option<(u8, bool)> {
        let want = x - 1;
        if self.qos_candidates(victim, want, false) != 0 {
            return Some((want, false));
        }
        match self.opts.qos_substitute {
            QosSubstitute::NextHigher => {
                (want + 1..4).find(|&r| self.qos_candidates(victim, r, false) != 0).map(|r| (r, false))
            }
            QosSubstitute::AnyHigher => {
                if want < 3 && self.qos_candidates(victim, want + 1, true) != 0 {
                    Some((want + 1, true))
                } else {
                    None
                }
            }
        }
    }

    /// R-M2 and §5: can `c` activate its skill with `arg` now?
    pub(crate) fn check_activate(&self, c: Card, arg: SkillArg) -> Check {
        let (me, opp) = (self.ap as usize, 1 - self.ap as usize);
        let mine = &self.players[me];
        let theirs = &self.players[opp];
        need(self.on_field(self.ap, c), "R-M2: skills work only from your row")?;
        let cost = skill_cost(c, arg);
        // Per-skill argument shape, conditions (checked before paying, A-36) and 5.2.
        let null = !self.null_ok();
        let king_cond = |s: u8| -> Check {
            let mut u = mine.u[s as usize];
            if self.opts.king_condition_timing == KingConditionTiming::AfterCost {
                u = u.saturating_sub(cost[s as usize]);
            }
            need(
                u > theirs.u[s as usize],
                "§5 King condition: your untapped cards of that suit must outnumber the opponent's",
            )
        };
        match (suit(c), rank(c)) {
            (PENTACLES, KING) => {
                need(arg == SkillArg::None, "King of Pentacles takes no argument")?;
                king_cond(PENTACLES)?;
                need(!null || theirs.total() > 0, "5.2: King of Pentacles with no enemy resources")?;
            }
            (PENTACLES, QUEEN) => {
                need(arg == SkillArg::None, "Queen of Pentacles takes no argument")?;
                let any = self.players.iter().any(|p| p.row().iter().any(|&x| self.cards[x as usize].atk > 0));
                need(!null || any, "5.2: Queen of Pentacles when every attack is 0")?;
            }
            (PENTACLES, KNIGHT) => {
                need(arg == SkillArg::None, "Knight of Pentacles takes no argument")?;
                need(!null || mine.t[PENTACLES as usize] > 0, "5.2: Knight of Pentacles with no tapped Pentacle")?;
            }
            (s, PAGE) => {
                need(arg == SkillArg::None, "Pages take no argument")?;
                need(!null || mine.room(s) > 0, "5.2: Page skill with no room in its suit (R-CAP)")?;
            }
            (CUPS, KING) => {
                need(arg == SkillArg::None, "King of Cups takes no argument")?;
                king_cond(CUPS)?;
            }
            (CUPS, QUEEN) => {
                let SkillArg::Card(t) = arg else { return Err("Queen of Cups needs a target: act=QC:card") };
                need(
                    (self.opp_field_rank(KNIGHT) | self.opp_field_rank(PAGE)) & bit(t) != 0,
                    "Queen of Cups: the target must be an opponent's field Knight or Page",
                )?;
                need((mine.row_len as usize) < crate::state::ROW_MAX, "Queen of Cups: your row is full")?;
            }
            (CUPS, KNIGHT) => match arg {
                SkillArg::Card(t) => {
                    let ok = self.opp_field_rank(KNIGHT) & bit(t) != 0
                        || (self.opts.knc_partial_pages && self.opp_field_rank(PAGE) & bit(t) != 0);
                    need(ok, "Knight of Cups: one opponent field Knight, or Pages (A-40)")?;
                }
                SkillArg::Cards(a, b) => {
                    let pages = self.opp_field_rank(PAGE);
                    need(pages & bit(a) != 0 && pages & bit(b) != 0, "Knight of Cups: two opponent field Pages")?;
                }
                _ => return Err("Knight of Cups needs targets: act=NC:card or act=NC:page+page"),
            },
            (WANDS, KING) => {
                need(arg == SkillArg::None, "King of Wands takes no argument")?;
                king_cond(WANDS)?;
                let tapped = mine.t[0] + mine.t[1] + mine.t[3];
                need(!null || tapped > 0, "5.2: King of Wands with no tapped P, C or S")?;
            }
            (WANDS, QUEEN) => {
                let tapped = [mine.t[0], mine.t[1], mine.t[3]];
                let total: u8 = tapped.iter().sum();
                need(!null || total > 0, "5.2: Queen of Wands with no tapped P, C or S")?;
                match self.opts.qow_amount {
                    QowAmount::TwoEach => need(arg == SkillArg::None, "Queen of Wands takes no argument (TWO_EACH)")?,
                    QowAmount::TwoTotal => {
                        let t = |s: u8| mine.t[s as usize];
                        let ok = match arg {
                            SkillArg::None => total == 0,
                            SkillArg::Suit(s) => s != WANDS && total == 1 && t(s) == 1,
                            SkillArg::Suits(a, b) => {
                                a != WANDS
                                    && b != WANDS
                                    && total >= 2
                                    && if a == b { t(a) >= 2 } else { t(a) >= 1 && t(b) >= 1 }
                            }
                            _ => false,
                        };
                        need(ok, "A-41 TWO_TOTAL: name the suits of the two tapped cards to untap (act=QW:PC)")?;
                    }
                }
            }
            (WANDS, KNIGHT) => {
                let SkillArg::Card(t) = arg else { return Err("Knight of Wands needs a target: act=NW:card") };
                need(t != c && self.on_field(self.ap, t), "Knight of Wands: target another character in your row")?;
                need(!null || self.ply_has_combat(), "5.2: Knight of Wands on a ply with no combat")?;
            }
            (SWORDS, KING) => {
                king_cond(SWORDS)?;
                let suits: u8 = match (self.opts.kos_scope, arg) {
                    (KosScope::OneSuit, SkillArg::Suit(s)) => 1 << s,
                    (KosScope::AllSuits, SkillArg::None) => 0b1111,
                    (KosScope::OneSuit, _) => return Err("King of Swords needs a suit: act=KS:W"),
                    _ => return Err("King of Swords takes no argument (kosScope ALL_SUITS)"),
                };
                if !self.opts.kos_stacking {
                    let stacked = theirs.cap_effects().iter().any(|e| suits & (1 << e.suit) != 0);
                    need(!stacked, "A-43 kosStacking=false: that suit's cap is already reduced")?;
                }
                let open = (0..4).any(|s| suits & (1 << s) != 0 && theirs.cap(s) > 0);
                need(!null || open, "5.2: King of Swords on a suit whose cap is already 0")?;
            }
            (SWORDS, QUEEN) => {
                let SkillArg::X(x) = arg else { return Err("Queen of Swords needs X: act=QS:1..4") };
                need(x >= 1 && x <= self.opts.qos_max_x, "A-44: X is 1..qosMaxX")?;
                // With hidden hands the activator cannot know whether a candidate exists, so the
                // empty-activation check applies only when hands are open.
                let knowable = self.opts.open_hands;
                need(
                    !null || !knowable || self.qos_rank(opp as u8, x).is_some(),
                    "5.2: Queen of Swords with no card to discard",
                )?;
            }
            (SWORDS, KNIGHT) => {
                need(arg == SkillArg::None, "Knight of Swords takes no argument")?;
                need(
                    self.opts.skn_stacking || self.cards[c as usize].skn_bonus == 0,
                    "A-45 sknStacking=false: its bonus is already set",
                )?;
                need(!null || self.ply_has_combat(), "5.2: Knight of Swords on a ply with no combat")?;
            }
            _ => return Err("no such skill"),
        }
        need(mine.u.iter().zip(cost).all(|(&u, c)| u >= c), "R-TAP: you cannot pay the skill's cost")?;
        Ok(())
    }

    /// Every activation worth checking for `c`: the candidate arguments.
    pub(crate) fn activation_candidates(&self, c: Card, out: &mut Vec<FateAction>) {
        let opp = &self.players[1 - self.ap as usize];
        let push = |out: &mut Vec<FateAction>, a| out.push(FateAction::Activate(c, a));
        match (suit(c), rank(c)) {
            (CUPS, QUEEN) => {
                for &t in opp.row() {
                    if rank(t) <= KNIGHT {
                        push(out, SkillArg::Card(t));
                    }
                }
            }
            (CUPS, KNIGHT) => {
                for t in cards_of(self.opp_field_rank(KNIGHT) | self.opp_field_rank(PAGE)) {
                    push(out, SkillArg::Card(t));
                }
                let pages = self.opp_field_rank(PAGE);
                for a in cards_of(pages) {
                    for b in cards_of(pages & crate::flow::ids_from(a + 1)) {
                        push(out, SkillArg::Cards(a, b));
                    }
                }
            }
            (WANDS, QUEEN) => match self.opts.qow_amount {
                QowAmount::TwoEach => push(out, SkillArg::None),
                QowAmount::TwoTotal => {
                    push(out, SkillArg::None);
                    for s in [0u8, 1, 3] {
                        push(out, SkillArg::Suit(s));
                    }
                    for a in [0u8, 1, 3] {
                        for b in [0u8, 1, 3] {
                            if a <= b {
                                push(out, SkillArg::Suits(a, b));
                            }
                        }
                    }
                }
            },
            (WANDS, KNIGHT) => {
                for &t in self.players[self.ap as usize].row() {
                    if t != c {
                        push(out, SkillArg::Card(t));
                    }
                }
            }
            (SWORDS, KING) => match self.opts.kos_scope {
                KosScope::OneSuit => (0..4).for_each(|s| push(out, SkillArg::Suit(s))),
                KosScope::AllSuits => push(out, SkillArg::None),
            },
            (SWORDS, QUEEN) => (1..=self.opts.qos_max_x).for_each(|x| push(out, SkillArg::X(x))),
            _ => push(out, SkillArg::None),
        }
    }

    fn mark_passive(&mut self, c: Card) {
        if self.opts.skill_target_is_passive {
            self.cards[c as usize].flags |= F_AFFECTED | F_AFFECTED_OWN;
        }
    }

    /// Pay, mark `acted`, and resolve the skill (§5.1).
    pub(crate) fn do_activate(&mut self, c: Card, arg: SkillArg) {
        let (me, opp) = (self.ap as usize, 1 - self.ap as usize);
        let cost = skill_cost(c, arg);
        let mine = &mut self.players[me];
        for (s, c) in cost.into_iter().enumerate() {
            mine.u[s] -= c;
            mine.t[s] += c;
        }
        self.cards[c as usize].flags |= F_ACTED;
        self.skill_used = true;
        self.note(|g| FateEvent::SkillUsed {
            seat: g.ap,
            card: card_code(c),
            arg: arg.to_string().trim_start_matches(':').to_string(),
            cost,
        });
        match (suit(c), rank(c)) {
            (PENTACLES, KING) => self.push_pending(Pending::KopSuits { next: 0 }),
            (PENTACLES, QUEEN) => {
                self.note(|g| FateEvent::Weakened {
                    source: card_code(c),
                    cards: g.players.iter().flat_map(|p| p.row().iter().map(|&x| card_code(x))).collect(),
                });
                for p in 0..2 {
                    for i in 0..self.players[p].row_len as usize {
                        let t = self.players[p].row[i];
                        self.cards[t as usize].atk = self.cards[t as usize].atk.saturating_sub(2);
                        self.mark_passive(t);
                    }
                }
            }
            (PENTACLES, KNIGHT) => self.untap_by(PENTACLES, 2, c),
            (s, PAGE) => {
                let pl = &mut self.players[me];
                if pl.room(s) > 0 {
                    pl.t[s as usize] += 1;
                    self.note(|g| FateEvent::ResourceGained {
                        seat: g.ap,
                        suit: suit_code(s),
                        tapped: true,
                        source: Some(card_code(c)),
                    });
                }
            }
            (CUPS, KING) => self.push_pending(Pending::KocChoice { victim: opp as u8, left: 2, prev: 0 }),
            (CUPS, QUEEN) => {
                if let SkillArg::Card(t) = arg {
                    self.players[opp].remove_row(t);
                    self.players[me].push_row(t);
                    if !self.opts.stolen_keeps_atk {
                        self.cards[t as usize].atk = 0;
                    }
                    self.mark_passive(t);
                    self.note(|g| FateEvent::Stolen { seat: g.ap, card: card_code(t), source: card_code(c) });
                }
            }
            (CUPS, KNIGHT) => {
                let (a, b) = match arg {
                    SkillArg::Card(a) => (a, None),
                    SkillArg::Cards(a, b) => (a, Some(b)),
                    _ => return,
                };
                self.return_to_hand(a, true);
                self.note_returned(opp as u8, a, Some(c));
                if let Some(b) = b {
                    self.return_to_hand(b, true);
                    self.note_returned(opp as u8, b, Some(c));
                }
            }
            (WANDS, KING) => {
                for s in 0..4 {
                    self.untap_by(s, 1, c);
                }
            }
            (WANDS, QUEEN) => match arg {
                SkillArg::None if self.opts.qow_amount == QowAmount::TwoEach => {
                    for s in [CUPS, PENTACLES, SWORDS] {
                        self.untap_by(s, 2, c);
                    }
                }
                SkillArg::Suit(s) => self.untap_by(s, 1, c),
                SkillArg::Suits(a, b) => {
                    self.untap_by(a, 1, c);
                    self.untap_by(b, 1, c);
                }
                _ => {}
            },
            (WANDS, KNIGHT) => {
                if let SkillArg::Card(t) = arg {
                    let cs = &mut self.cards[t as usize];
                    cs.extra_attacks = cs.extra_attacks.saturating_add(1);
                    self.mark_passive(t);
                    self.note(|_| FateEvent::ExtraAttack { card: card_code(t), source: card_code(c) });
                }
            }
            (SWORDS, KING) => {
                let suits: u8 = if let SkillArg::Suit(s) = arg { 1 << s } else { 0b1111 };
                let expires = if self.opts.kos_duration == KosDuration::UntilEndOfOpponentNextTurn {
                    self.ply as u16 + 1
                } else {
                    0
                };
                for s in (0..4u8).rev() {
                    let pl = &mut self.players[opp];
                    if suits & (1 << s) == 0 || pl.cap(s) == 0 || pl.n_cap_fx as usize >= CAP_FX_MAX {
                        continue;
                    }
                    pl.cap_fx[pl.n_cap_fx as usize] = CapEffect { suit: s, source: c, expires };
                    pl.n_cap_fx += 1;
                    let excess = pl.n(s).saturating_sub(pl.cap(s));
                    self.note(|g| FateEvent::CapLowered {
                        seat: opp as u8,
                        suit: suit_code(s),
                        cap: g.players[opp].cap(s),
                        source: card_code(c),
                    });
                    if excess > 0 {
                        self.push_pending(Pending::Split { victim: opp as u8, suit: s, m: excess, ctx: SplitCtx::Kos });
                    }
                }
            }
            (SWORDS, QUEEN) => {
                if let SkillArg::X(x) = arg {
                    if let Some((r, any_higher)) = self.qos_rank(opp as u8, x) {
                        self.push_pending(Pending::QosVictim { victim: opp as u8, rank: r, any_higher });
                    }
                }
            }
            (SWORDS, KNIGHT) => {
                let cs = &mut self.cards[c as usize];
                cs.skn_bonus = cs.skn_bonus.saturating_add(1);
                self.note(|_| FateEvent::BonusReady { card: card_code(c) });
            }
            _ => {}
        }
    }
}

//! The turn sequence (spec §4): setup completion (R-S6/S7), turn start (R-TS), the passage
//! between phases, the end phase (R-E) and the end-of-game draw rules (R-END2..4). `settle`
//! runs after every action: it resolves automatic steps until a decision is needed.

use crate::card::{bit, owned_by, CUPS, PENTACLES, SWORDS, WANDS};
use crate::options::{AtkPersistence, AutoRecover, BuffOrder, KosDuration, SetupProtocol, WandWindow};
use crate::present::Why;
use crate::state::{
    End, FateGame, Pending, SplitCtx, Step, F_ACTED, F_AFFECTED, F_AFFECTED_OWN, F_HIT_CHAR, F_STOOD_DOWN,
};

impl FateGame {
    /// Resolve everything that needs no decision.
    pub(crate) fn settle(&mut self) {
        loop {
            self.check_kings();
            if self.is_over() {
                if self.step != Step::Over {
                    self.finish();
                }
                return;
            }
            if let Some(top) = self.pending_top() {
                if self.auto_resolve(top) {
                    continue;
                }
                return;
            }
            match self.step {
                Step::Setup | Step::TsPent | Step::TsWand | Step::Main | Step::EndCups | Step::Over => return,
                Step::TurnStart => self.turn_start(),
                Step::Draw => {
                    if !self.any_draw_legal() {
                        self.enter_main();
                    } else {
                        return;
                    }
                }
                Step::Lineup => {
                    let (count, only) = self.lineup_choices();
                    match count {
                        0 => {
                            if self.players[self.ap as usize].row_len >= 2 {
                                self.note(|g| crate::present::FateEvent::Lineup {
                                    seat: g.ap,
                                    row: g.players[g.ap as usize]
                                        .row()
                                        .iter()
                                        .map(|&c| crate::card::card_code(c))
                                        .collect(),
                                });
                            }
                            self.step = Step::CombatStart
                        }
                        1 => self.place_next(only),
                        _ => return,
                    }
                }
                Step::CombatStart => self.combat_start(),
                Step::Buff => {
                    if !self.any_buff_legal() {
                        self.done_buffing();
                    } else {
                        return;
                    }
                }
                Step::Attacks => {
                    if !self.any_attack_legal() {
                        self.end_attacks();
                    } else {
                        return;
                    }
                }
                Step::Bonus => {
                    if !self.any_bonus_legal() {
                        self.close_bonus();
                    } else {
                        return;
                    }
                }
                Step::EndPhase => self.end_phase(),
                Step::EndTurn => self.end_turn(),
            }
        }
    }

    /// R-S2/S3: a player finished choosing; unchosen court cards go aside (R-S4).
    pub(crate) fn setup_done_for(&mut self, p: u8) {
        let pl = &self.players[p as usize];
        self.aside |= owned_by(p) & !pl.hand;
        let other = 1 - p;
        if self.players[other as usize].setup_stage < 5 {
            self.actor = other;
        } else {
            self.start_game();
        }
    }

    /// R-S6/R-S7: resources (1,1,1,1) untapped were placed at creation; ply 1 begins.
    pub(crate) fn start_game(&mut self) {
        self.ply = 1;
        self.ap = self.first;
        self.actor = self.first;
        self.history.clear();
        let h = self.turn_start_hash();
        self.history.push(h);
        self.step = Step::TurnStart;
        if self.noting() {
            if self.opts.open_hands {
                for p in 0..2u8 {
                    self.note(|g| crate::present::FateEvent::SetupRevealed {
                        seat: p,
                        hand: crate::card::cards_of(g.players[p as usize].hand).map(crate::card::card_code).collect(),
                    });
                }
            }
            self.note(|g| crate::present::FateEvent::Turn { ply: g.ply, seat: g.ap });
        }
    }

    /// The seat that chooses first at setup.
    pub(crate) fn first_chooser(&self) -> u8 {
        match self.opts.setup_protocol {
            SetupProtocol::SequentialSecondPlayerFirst => 1 - self.first,
            _ => self.first,
        }
    }

    /// R-TS1 Pentacle recovery: 1, or 2 if your untapped Pentacles strictly outnumber the
    /// opponent's, compared before untapping.
    fn turn_start(&mut self) {
        let (p, q) = (self.ap as usize, 1 - self.ap as usize);
        let limit = if self.players[p].u[0] > self.players[q].u[0] { 2 } else { 1 };
        let max = limit.min(self.players[p].t[PENTACLES as usize]);
        if self.opts.auto_recover == AutoRecover::Manual && max > 0 {
            self.budget = max;
            self.step = Step::TsPent;
        } else {
            self.untap(self.ap, PENTACLES, max);
            self.note_untap(self.ap, PENTACLES, max, "pentacle_recovery", None);
            self.wand_recovery_step();
        }
    }

    /// R-TS2 Wand recovery: one per own character without a passive action in the window.
    pub(crate) fn wand_recovery_step(&mut self) {
        let p = self.ap as usize;
        let flag = match self.opts.wand_window {
            WandWindow::PreviousPly => F_AFFECTED,
            WandWindow::SinceOwnLastTurnStart => F_AFFECTED_OWN,
        };
        let mut m = self.players[p].row().iter().filter(|&&c| !self.has_flag(c, flag)).count() as u8;
        if self.opts.wand_counts_hand {
            m += crate::card::cards_of(self.players[p].hand).filter(|&c| !self.has_flag(c, flag)).count() as u8;
        }
        let max = m.min(self.players[p].t[WANDS as usize]);
        if self.opts.auto_recover == AutoRecover::Manual && max > 0 {
            self.budget = max;
            self.step = Step::TsWand;
        } else {
            self.untap(self.ap, WANDS, max);
            self.note_untap(self.ap, WANDS, max, "wand_recovery", None);
            self.ts3_and_draw();
        }
    }

    /// R-TS3 then R-D1.
    pub(crate) fn ts3_and_draw(&mut self) {
        let mine = self.players[self.ap as usize].hand | self.players[self.ap as usize].field_set();
        for c in 0..32u8 {
            let cs = &mut self.cards[c as usize];
            cs.flags &= !(F_ACTED | F_AFFECTED);
            if mine & bit(c) != 0 {
                cs.flags &= !F_AFFECTED_OWN;
            }
        }
        self.budget = self.players[self.ap as usize].u[PENTACLES as usize];
        self.cursor = 0;
        self.step = Step::Draw;
    }

    pub(crate) fn enter_main(&mut self) {
        self.skill_used = false;
        self.step = Step::Main;
    }

    pub(crate) fn untap(&mut self, p: u8, s: u8, k: u8) {
        let pl = &mut self.players[p as usize];
        let k = k.min(pl.t[s as usize]);
        pl.t[s as usize] -= k;
        pl.u[s as usize] += k;
    }

    /// R-C0 and A-53: is there a combat phase this ply? Then the buff window opens (R-C1).
    fn combat_start(&mut self) {
        if !self.ply_has_combat() || (self.opts.skip_empty_combat && !self.ap_could_attack()) {
            self.step = Step::EndPhase;
            return;
        }
        self.actor = match self.opts.buff_order {
            BuffOrder::NapThenAp => 1 - self.ap,
            _ => self.ap,
        };
        self.cursor = 0;
        self.passes = 0;
        self.step = Step::Buff;
        self.note(|g| crate::present::FateEvent::CombatBegins { seat: g.ap });
    }

    /// skipEmptyCombat: the AP has a character that has or could get attack ≥ 1.
    fn ap_could_attack(&self) -> bool {
        let pl = &self.players[self.ap as usize];
        pl.row_len > 0 && (pl.u[SWORDS as usize] > 0 || pl.row().iter().any(|&c| self.cards[c as usize].atk > 0))
    }

    /// R-E1 Cup recovery: one per own field character without an active action this turn.
    fn end_phase(&mut self) {
        let p = self.ap as usize;
        let m = self.players[p].row().iter().filter(|&&c| !self.has_flag(c, F_ACTED)).count() as u8;
        let max = m.min(self.players[p].t[CUPS as usize]);
        if self.opts.auto_recover == AutoRecover::Manual && max > 0 {
            self.budget = max;
            self.step = Step::EndCups;
        } else {
            self.untap(self.ap, CUPS, max);
            self.note_untap(self.ap, CUPS, max, "cup_recovery", None);
            self.step = Step::EndTurn;
        }
    }

    /// R-E2 and C-1: expire this-turn effects, pass the turn, then the draw rules.
    fn end_turn(&mut self) {
        for cs in self.cards.iter_mut() {
            cs.attacks_used = 0;
            cs.extra_attacks = 0;
            cs.skn_bonus = 0;
            cs.flags &= !(F_HIT_CHAR | F_STOOD_DOWN);
        }
        if self.opts.kos_duration == KosDuration::UntilEndOfOpponentNextTurn {
            let ply = self.ply as u16;
            for pl in self.players.iter_mut() {
                let mut k = 0;
                for i in 0..pl.n_cap_fx as usize {
                    if pl.cap_fx[i].expires != ply {
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
        if self.opts.atk_persistence == AtkPersistence::ResetAtEndOfTurn {
            for cs in self.cards.iter_mut() {
                cs.atk = 0;
            }
        }
        if self.discard_this_ply {
            self.plies_since_progress = 0;
        } else {
            self.plies_since_progress = self.plies_since_progress.saturating_add(1);
        }
        self.discard_this_ply = false;
        self.ply = self.ply.saturating_add(1);
        self.ap = 1 - self.ap;
        self.step = Step::TurnStart;
        if self.ply > self.opts.ply_limit {
            self.end = End::PlyLimit;
            return;
        }
        if let Some(n) = self.opts.no_progress_limit {
            if self.plies_since_progress >= n {
                self.end = End::NoProgress;
                return;
            }
        }
        self.note(|g| crate::present::FateEvent::Turn { ply: g.ply, seat: g.ap });
        let h = self.turn_start_hash();
        self.history.push(h);
        let seen = self.history.iter().filter(|&&x| x == h).count() as u32;
        if seen >= self.opts.repetition_limit {
            self.end = End::Repetition;
        }
    }

    /// §2.4: hash of a turn-start position, equal for a row and its mirror image.
    pub(crate) fn turn_start_hash(&self) -> u64 {
        let mut h = Hasher::new();
        h.add(self.ap as u64);
        let flag_mask = match self.opts.wand_window {
            WandWindow::PreviousPly => F_AFFECTED,
            WandWindow::SinceOwnLastTurnStart => F_AFFECTED_OWN,
        };
        for (i, pl) in self.players.iter().enumerate() {
            for s in 0..4 {
                h.add(((pl.u[s] as u64) << 8) | pl.t[s] as u64);
            }
            let mut fx = [0u64; crate::state::CAP_FX_MAX];
            let nfx = pl.n_cap_fx as usize;
            for (slot, e) in fx.iter_mut().zip(pl.cap_effects()) {
                *slot = ((e.suit as u64) << 32) | ((e.source as u64) << 16) | e.expires as u64;
            }
            fx[..nfx].sort_unstable();
            h.add(nfx as u64);
            for &f in &fx[..nfx] {
                h.add(f);
            }
            h.add(pl.hand as u64);
            let mover = i as u8 == self.ap;
            let card_word = |c: u8| {
                let cs = &self.cards[c as usize];
                let flags = if mover { (cs.flags & flag_mask) as u64 } else { 0 };
                ((c as u64) << 40) | ((cs.atk as u64) << 8) | flags
            };
            let fwd = row_hash(pl.row().iter().map(|&c| card_word(c)));
            let rev = row_hash(pl.row().iter().rev().map(|&c| card_word(c)));
            h.add(fwd.min(rev));
            if mover && self.opts.wand_counts_hand {
                for c in crate::card::cards_of(pl.hand) {
                    h.add(card_word(c));
                }
            }
        }
        h.add(self.elim as u64);
        h.finish()
    }

    /// Resolve the top pending item if it needs no decision; true if something happened.
    pub(crate) fn auto_resolve(&mut self, top: Pending) -> bool {
        match top {
            Pending::Split { victim, suit, m, .. } => {
                let (lo, hi) = self.split_range(victim, suit, m);
                if lo == hi || self.opts.res_discard_choice == crate::options::ResDiscardChoice::TappedFirst {
                    self.resolve_split(lo);
                    true
                } else {
                    false
                }
            }
            Pending::HandDiscard { victim, left, after } => {
                let eligible = self.players[victim as usize].hand & ids_from(after);
                if left == 0 || eligible == 0 {
                    self.pop_pending();
                    true
                } else if eligible.count_ones() <= left as u32 {
                    self.pop_pending();
                    for c in crate::card::cards_of(eligible) {
                        self.discard_character(c, Why::ResourceAttack);
                    }
                    true
                } else {
                    false
                }
            }
            Pending::KocChoice { victim, left, prev } => {
                let mut opts = Vec::new();
                self.koc_options(victim, prev, &mut opts);
                match opts.len() {
                    0 => {
                        self.koc_next(victim, left, prev);
                        true
                    }
                    1 => {
                        self.apply_koc(opts[0]);
                        true
                    }
                    _ => false,
                }
            }
            Pending::QosVictim { victim, rank, any_higher } => {
                let cand = self.qos_candidates(victim, rank, any_higher);
                match cand.count_ones() {
                    0 => {
                        self.pop_pending();
                        true
                    }
                    1 => {
                        self.pop_pending();
                        self.discard_character(cand.trailing_zeros() as u8, Why::QueenOfSwords);
                        true
                    }
                    _ => false,
                }
            }
            Pending::SwordRec { player, count } => {
                if count.min(self.players[player as usize].t[SWORDS as usize]) == 0 {
                    self.pop_pending();
                    true
                } else {
                    false
                }
            }
            Pending::KopDraw { suit } => {
                if self.players[self.ap as usize].room(suit) == 0 {
                    self.pop_pending();
                    true
                } else {
                    false
                }
            }
            Pending::KopSuits { next } => {
                let q = 1 - self.ap;
                match (next..4).find(|&s| self.players[q as usize].n(s) > 0) {
                    Some(s) => {
                        self.set_top(Pending::KopSuits { next: s + 1 });
                        self.push_pending(Pending::Split { victim: q, suit: s, m: 1, ctx: SplitCtx::Kop });
                    }
                    None => self.pop_pending(),
                }
                true
            }
        }
    }

    /// Resolve the top Split with `k` untapped cards among those discarded.
    pub(crate) fn resolve_split(&mut self, k: u8) {
        let Some(Pending::Split { victim, suit, m, ctx }) = self.pending_top() else { return };
        self.pop_pending();
        self.discard_resources(victim, suit, m, k);
        self.note(|_| crate::present::FateEvent::ResourcesDiscarded {
            seat: victim,
            suit: crate::present::suit_code(suit),
            count: m,
            untapped: k,
            reason: match ctx {
                SplitCtx::Attack { .. } => "resource_attack",
                SplitCtx::Kop => "king_of_pentacles",
                SplitCtx::Kos => "king_of_swords",
            }
            .into(),
        });
        match ctx {
            SplitCtx::Attack { short, .. } => {
                if short > 0 {
                    self.push_pending(Pending::HandDiscard { victim, left: short, after: 0 });
                }
            }
            SplitCtx::Kop => {
                if k > 0 && self.players[self.ap as usize].room(suit) > 0 {
                    if self.opts.auto_recover == AutoRecover::AutoMax {
                        self.kop_draw(suit);
                    } else {
                        self.push_pending(Pending::KopDraw { suit });
                    }
                }
            }
            SplitCtx::Kos => {}
        }
    }

    /// King of Pentacles draw (§5.1 #1, A-37): untapped unless kopDrawTapped.
    pub(crate) fn kop_draw(&mut self, suit: u8) {
        let pl = &mut self.players[self.ap as usize];
        if pl.room(suit) > 0 {
            let tapped = self.opts.kop_draw_tapped;
            if tapped {
                pl.t[suit as usize] += 1;
            } else {
                pl.u[suit as usize] += 1;
            }
            self.note(|g| crate::present::FateEvent::ResourceGained {
                seat: g.ap,
                suit: crate::present::suit_code(suit),
                tapped,
                source: Some(crate::card::card_code(crate::card::card(g.ap, PENTACLES, crate::card::KING))),
            });
        }
    }
}

fn row_hash(words: impl Iterator<Item = u64>) -> u64 {
    let mut h = Hasher::new();
    for w in words {
        h.add(w);
    }
    h.finish()
}

/// A small stable hash (FNV-style mixing with SplitMix finalisation); ours so that no library
/// upgrade changes repetition detection.
struct Hasher(u64);
impl Hasher {
    fn new() -> Self {
        Hasher(0xcbf2_9ce4_8422_2325)
    }
    fn add(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29) ^ (x >> 7);
    }
    fn finish(&self) -> u64 {
        let mut z = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The card ids `a..32` as a bitset.
pub(crate) fn ids_from(a: u8) -> u32 {
    if a >= 32 {
        0
    } else {
        !0u32 << a
    }
}

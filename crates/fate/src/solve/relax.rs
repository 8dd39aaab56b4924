//! Sound pruning by relaxation (docs/fate-solver.md, "Pruning by relaxation"): a static test
//! that the goal's side *cannot* discard the other King before the horizon. It over-approximates
//! what the attacker can do (every count below is an upper bound on the attacker's means and a
//! lower bound on the defender's), so a "cannot" is a proof and the search may answer No at once.
//!
//! Three facts are used:
//!
//! 1. **No win in the other side's turn.** In the opponent's own ply only the opponent attacks
//!    or activates (R-C2, R-M2; every response of §8.2 is a choice about the responder's own
//!    cards), so the opponent's King is discarded there only by the opponent's own attack
//!    (R-C3 a ≤ d), which passing avoids (R-END: a player can always pass). So with no turn of
//!    the goal's side left before the horizon, the goal fails.
//! 2. **The last own turn, counted in Wands, Swords and Cups** ([`Means::now`]). In its last
//!    turn before the horizon the attacker `a` must discard the King of `q` by one of the three
//!    means of R-WIN:
//!    - *Queen of Swords* (§5.1 #14): the King goes only when `q` holds no card of ranks
//!      X..Queen, so with `m` such cards it takes `m` removals (one activation each,
//!      Sword recovery R-SR giving back the Sword each one cost) and a last activation of X
//!      Swords, unless `a` has another remover (King or Queen of Cups);
//!    - *King of Cups* (§5.1 #5): `q` has `safe` choices that keep its King (an untapped Cup,
//!      a non-King hand card, a field card twice: return then discard, its field King once);
//!      each activation of anything consumes at most 2 of them, so `a` needs `2·A > safe`,
//!      each King of Cups activation paying a Cup;
//!    - *combat* (R-C2..R-C5): [`super::relax_combat`].
//!
//!    `A`, the activations left, is at most the untapped Wands + the draws left + the untapped
//!    Wands `q` could lose to the King of Pentacles: every skill taps a Wand (L17), the King of
//!    Wands taps 2 and untaps 1, and nothing else untaps or adds an untapped Wand in the main
//!    phase (§2.5's Φ argument). Untapped Swords and Cups come only from the draws left and
//!    from activations (per Wand spent: King of Cups 2 Swords through R-SR, King of Wands and
//!    King of Pentacles 1 Sword and 1 Cup, Queen of Wands 2 and 2 for 3 Wands). Swords
//!    untapped in combat cannot buff, and no skill works after the main phase.
//! 3. **The other side passes** ([`Means::after_pass`]). In the other side's turn just before
//!    the attacker's last turn, that side may pass to the end of its turn (R-END); the
//!    attacker's next turn then starts with at most its turn-start recoveries (R-TS1, R-TS2)
//!    and its possible buffs in the other side's combat, so the bound of fact 2 applies to it.
//!    One defence that works is enough for a "cannot".
//!
//! The test is applied only with no pending decision. `relax_tests.rs` checks it against the
//! plain search on many positions.

use super::relax_combat::combat_may_win;
use crate::card::{cards_of, play_cost, rank, suit, CUPS, KING, KNIGHT, PENTACLES, QUEEN, SWORDS, WANDS};
use crate::state::{FateGame, Step};

/// The goal's side `side` cannot discard the other King in the plies before `horizon` (the first
/// ply not searched). `false` means "maybe", never "yes".
pub(crate) fn cannot_win(g: &FateGame, side: u8, horizon: u32) -> bool {
    if g.step == Step::Setup || g.is_over() {
        return false;
    }
    let left = horizon.saturating_sub(g.ply);
    let own_turns = if g.ap == side { left.div_ceil(2) } else { left / 2 };
    if own_turns == 0 {
        return true;
    }
    if own_turns > 1 || g.n_pending != 0 {
        return false;
    }
    let means = if g.ap == side { Means::now(g) } else { Means::after_pass(g) };
    match means {
        Some(m) => !m.may_win(g),
        None => false,
    }
}

/// What the attacker (seat `a`) may still use in its last turn: upper bounds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Means {
    pub a: usize,
    /// Plays and skills are still possible (draw or main phase, R-M).
    pub main: bool,
    /// Own buffs are still possible (R-C1).
    pub buff: bool,
    /// This turn has (or still has) a combat phase (R-C0).
    pub combat: bool,
    /// Untapped Wands, Swords and Cups now, and draws left (R-D1).
    pub wands: u32,
    pub swords: u32,
    pub cups: u32,
    pub draws: u32,
    /// The turn has not started: its per-turn counters (attacks, extra attacks, bonus) are 0.
    pub fresh: bool,
}

impl Means {
    /// The attacker is to act in its last turn (fact 2).
    fn now(g: &FateGame) -> Option<Means> {
        let a = g.ap as usize;
        let pa = &g.players[a];
        let (main, buff, combat) = match g.step {
            Step::Draw | Step::Main => (true, true, g.ply_has_combat()),
            Step::Lineup | Step::CombatStart | Step::Buff => (false, true, g.ply_has_combat()),
            Step::Attacks | Step::Bonus => (false, false, true),
            Step::EndPhase | Step::EndCups | Step::EndTurn => (false, false, false),
            _ => return None,
        };
        Some(Means {
            a,
            main,
            buff,
            combat,
            wands: pa.u[WANDS as usize] as u32,
            swords: pa.u[SWORDS as usize] as u32,
            cups: pa.u[CUPS as usize] as u32,
            draws: if g.step == Step::Draw { g.budget as u32 } else { 0 },
            fresh: false,
        })
    }

    /// The other side is to act (draw or main phase) just before the attacker's last turn and
    /// passes to the end of its turn (fact 3): the attacker's turn-start recoveries are R-TS1
    /// (1, or 2 with more untapped Pentacles than the passer, who draws none) and R-TS2 (one
    /// Wand per own character, the ones it buffs in the passer's combat included), its draws
    /// are its untapped Pentacles then (R-D1), and its untapped Swords may go on attack in the
    /// passer's buff window already.
    fn after_pass(g: &FateGame) -> Option<Means> {
        if !matches!(g.step, Step::Draw | Step::Main) {
            return None;
        }
        let (a, q) = (1 - g.ap as usize, g.ap as usize);
        let (pa, pq) = (&g.players[a], &g.players[q]);
        let limit = if pa.u[PENTACLES as usize] > pq.u[PENTACLES as usize] { 2 } else { 1 };
        let pentacles = pa.u[PENTACLES as usize] as u32 + (pa.t[PENTACLES as usize] as u32).min(limit);
        let mut chars = pa.row_len as u32;
        if g.opts.wand_counts_hand {
            chars += cards_of(pa.hand).count() as u32;
        }
        let wands = pa.u[WANDS as usize] as u32 + (pa.t[WANDS as usize] as u32).min(chars);
        let next_ply_combat = match g.opts.no_combat_plies {
            crate::options::NoCombatPlies::FirstPlyOnly => g.ply + 1 > 1,
            crate::options::NoCombatPlies::EachPlayersFirstTurn => g.ply + 1 > 2,
        };
        Some(Means {
            a,
            main: true,
            buff: true,
            combat: next_ply_combat,
            wands,
            swords: pa.u[SWORDS as usize] as u32,
            cups: pa.u[CUPS as usize] as u32,
            draws: pentacles,
            fresh: true,
        })
    }

    /// Over-approximation: can the attacker possibly discard the other King in the rest of
    /// its turn?
    fn may_win(&self, g: &FateGame) -> bool {
        let d = self.draws;
        // The draws left go to Wands, Swords or Cups (the rest is no help): try every split.
        (0..=d).any(|dw| (0..=d - dw).any(|ds| self.may_win_with(g, dw, ds, d - dw - ds)))
    }

    /// [`Means::may_win`] when `dw` of the draws left become Wands, `ds` Swords and `dc` Cups.
    fn may_win_with(&self, g: &FateGame, dw: u32, ds: u32, dc: u32) -> bool {
        let k = Kinds::of(g, self);
        let q = 1 - self.a;
        let pq = &g.players[q];
        let acts =
            if self.main { self.wands + dw + if k.kop.is_some() { pq.u[WANDS as usize] as u32 } else { 0 } } else { 0 };
        let (s0, c0) = (self.swords + ds, self.cups + dc);
        let q_ctrl = pq.hand | pq.field_set();
        let q_king_hand = cards_of(pq.hand).any(|c| rank(c) == KING);
        let non_king = |set: u32| cards_of(set).filter(|&c| rank(c) != KING).count() as u32;

        // Queen of Swords (§5.1 #14, A-44).
        if let Some(play) = k.qos {
            if acts >= 1 && !(g.opts.qos_king_immune_in_hand && q_king_hand) && c0 + k.cups_gain(acts) >= play {
                // Removals of q's cards of ranks X..Queen: one per Queen of Swords or Queen of
                // Cups activation, two per King of Cups activation (q's two choices).
                let per_act = if k.koc.is_some() { 2 } else { 1 };
                let may = (1..=g.opts.qos_max_x as u32).any(|x| {
                    let m = if x == 4 {
                        0
                    } else {
                        cards_of(q_ctrl).filter(|&c| (rank(c) as u32) + 1 >= x && rank(c) != KING).count() as u32
                    };
                    let removing = m.div_ceil(per_act);
                    // The last activation pays X Swords; a removal by the Queen of Swords gets
                    // its Sword back through R-SR (one discard), so only the other skills add
                    // (counted over every earlier activation).
                    acts > removing && s0 + k.swords_gain(acts - 1) >= x
                });
                if may {
                    return true;
                }
            }
        }
        // King of Cups (§5.1 #5): q loses only when no choice but its King in hand is left.
        if let Some(play) = k.koc {
            let cups = c0 + k.cups_gain(acts);
            let uses = acts.min(cups.saturating_sub(play));
            let q_cups = if k.kos { 0 } else { pq.u[CUPS as usize] as u32 };
            let q_king_field = pq.row().iter().any(|&c| rank(c) == KING);
            let safe = q_cups + non_king(pq.hand) + 2 * non_king(pq.field_set()) + q_king_field as u32;
            if 2 * uses > safe {
                return true;
            }
        }
        self.combat && combat_may_win(g, self, &k, acts, s0, c0)
    }
}

/// The skill cards the attacker controls (or may steal with the Queen of Cups, A-46), each
/// as the Cups it costs to play (0 on the field), if any.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Kinds {
    pub qos: Option<u32>,
    pub koc: Option<u32>,
    pub qoc: Option<u32>,
    pub knc: Option<u32>,
    pub kop: Option<u32>,
    pub kow: Option<u32>,
    pub qow: Option<u32>,
    pub kos: bool,
    pub knw: Option<u32>,
    pub skn: Option<u32>,
}

impl Kinds {
    fn of(g: &FateGame, m: &Means) -> Kinds {
        let pa = &g.players[m.a];
        let pq = &g.players[1 - m.a];
        if !m.main {
            return Kinds::default();
        }
        let find = |s: u8, r: u8| -> Option<u32> {
            let field = pa.row().iter().any(|&c| suit(c) == s && rank(c) == r);
            let hand = cards_of(pa.hand).find(|&c| suit(c) == s && rank(c) == r);
            if field {
                Some(0)
            } else {
                hand.map(|c| play_cost(c) as u32)
            }
        };
        let mut k = Kinds {
            qos: find(SWORDS, QUEEN),
            koc: find(CUPS, KING),
            qoc: find(CUPS, QUEEN),
            knc: find(CUPS, KNIGHT),
            kop: find(PENTACLES, KING),
            kow: find(WANDS, KING),
            qow: find(WANDS, QUEEN),
            kos: find(SWORDS, KING).is_some(),
            knw: find(WANDS, KNIGHT),
            skn: find(SWORDS, KNIGHT),
        };
        // A Knight stolen with the Queen of Cups may use its skill at once: count q's
        // field Knights as held, at no play cost (the steal's cost is not counted).
        if k.qoc.is_some() {
            for &c in pq.row().iter().filter(|&&c| rank(c) == KNIGHT) {
                match suit(c) {
                    CUPS => k.knc = k.knc.or(Some(0)),
                    WANDS => k.knw = k.knw.or(Some(0)),
                    SWORDS => k.skn = k.skn.or(Some(0)),
                    _ => {}
                }
            }
        }
        k
    }

    /// Swords untapped by `w` Wands' worth of activations (R-SR for the King of Cups' two
    /// discards; King of Wands, King of Pentacles 1; Queen of Wands 2 per 3 Wands).
    pub fn swords_gain(&self, w: u32) -> u32 {
        if self.koc.is_some() {
            2 * w
        } else if self.kow.is_some() || self.kop.is_some() {
            w
        } else if self.qow.is_some() {
            2 * (w / 3)
        } else {
            0
        }
    }

    /// Cups untapped (or drawn) by `w` Wands' worth of activations.
    pub fn cups_gain(&self, w: u32) -> u32 {
        if self.kow.is_some() || self.kop.is_some() {
            w
        } else if self.qow.is_some() {
            2 * (w / 3)
        } else {
            0
        }
    }
}

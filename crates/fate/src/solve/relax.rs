//! Sound pruning by relaxation (docs/fate-solver.md, "Pruning by relaxation"): a static test
//! that the goal's side *cannot* discard the other King before the horizon. It over-approximates
//! what the attacker can do (every count below is an upper bound on the attacker's means and a
//! lower bound on the defender's), so a "cannot" is a proof and the search may answer No at once.
//!
//! Two facts are used:
//!
//! 1. **No win in the other side's turn.** In the opponent's own ply only the opponent attacks
//!    or activates (R-C2, R-M2; every response of §8.2 is a choice about the responder's own
//!    cards), so the opponent's King is discarded there only by the opponent's own attack
//!    (R-C3 a ≤ d), which passing avoids (R-END: a player can always pass). So with no turn of
//!    the goal's side left before the horizon, the goal fails.
//! 2. **The last own turn, counted in Wands and Swords.** In its last turn before the horizon
//!    the attacker `a` must discard the King of `q` by one of the three means of R-WIN:
//!    - *Queen of Swords* (§5.1 #14): X Swords per use, and the King goes only when `q` holds no
//!      card of ranks X..Queen, so with `m` such cards it costs at least `m + X` Swords
//!      (each removal at least 1), unless `a` has another remover (King or Queen of Cups);
//!    - *King of Cups* (§5.1 #5): `q` has `safe` choices that keep its King (an untapped Cup,
//!      a non-King hand card, a field card twice: return then discard, its field King once);
//!      each activation of anything consumes at most 2 of them, so `a` needs `2·A > safe`;
//!    - *combat* (R-C3/R-C4): a King on the field may be attacked (always possible here), a
//!      King in hand needs a resource-attack shortfall larger than `q`'s other hand cards.
//!
//!    `A`, the activations left, is at most the untapped Wands + the draws left + the untapped
//!    Wands `q` could lose to the King of Pentacles: every skill taps a Wand (L17), the King of
//!    Wands taps 2 and untaps 1, and nothing else untaps or adds an untapped Wand in the main
//!    phase (§2.5's Φ argument). Untapped Swords come only from the draws left and from
//!    activations (Queen of Wands 2, King of Wands 1, King of Pentacles 1, and Sword recovery
//!    R-SR for the 1 or 2 characters a Queen of Swords or King of Cups discards): at most 2
//!    per activation, and only if `a` controls such a card. Swords untapped in combat cannot
//!    buff, and no skill works after the main phase.
//!
//! The test is applied only at rest (no pending decision) in the draw or the main phase.
//! `crates/fate/tests/relax.rs` checks it against the plain search on many random positions.

use crate::card::{cards_of, rank, suit, Card, CUPS, KING, KNIGHT, PAGE, PENTACLES, QUEEN, SWORDS, WANDS};
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
    if own_turns > 1 || g.ap != side || g.n_pending != 0 || !matches!(g.step, Step::Draw | Step::Main) {
        return false;
    }
    !may_win_this_turn(g)
}

/// Over-approximation: can the active player possibly discard the other King in the rest of this
/// turn? (Draw or main phase, nothing pending.)
fn may_win_this_turn(g: &FateGame) -> bool {
    let draws = if g.step == Step::Draw { g.budget as u32 } else { 0 };
    // The draws left go to Wands or Swords (or elsewhere): try every split.
    (0..=draws).any(|ds| may_win_with(g, draws - ds, ds))
}

/// [`may_win_this_turn`] when `dw` of the draws left become Wands and `ds` Swords.
fn may_win_with(g: &FateGame, dw: u32, ds: u32) -> bool {
    let (a, q) = (g.ap as usize, 1 - g.ap as usize);
    let (pa, pq) = (&g.players[a], &g.players[q]);
    let ctrl = pa.hand | pa.field_set();
    let has = |s: u8, r: u8| cards_of(ctrl).any(|c| suit(c) == s && rank(c) == r);
    let kop = has(PENTACLES, KING);
    let acts = pa.u[WANDS as usize] as u32 + dw + if kop { pq.u[WANDS as usize] as u32 } else { 0 };
    let koc = has(CUPS, KING);
    let qoc = has(CUPS, QUEEN);
    let qos = has(SWORDS, QUEEN);
    let knc = has(CUPS, KNIGHT);
    let gain = if has(WANDS, QUEEN) || koc {
        2
    } else if has(WANDS, KING) || kop || qos {
        1
    } else {
        0
    };
    let swords = (pa.u[SWORDS as usize] as u32 + ds + gain * acts).min(pa.cap(SWORDS) as u32);

    let q_ctrl = pq.hand | pq.field_set();
    let q_king_field = pq.row().iter().any(|&c| rank(c) == KING);
    let q_king_hand = cards_of(pq.hand).any(|c| rank(c) == KING);
    let non_king = |set: u32| cards_of(set).filter(|&c| rank(c) != KING).count() as u32;

    // Queen of Swords (§5.1 #14, A-44).
    if qos && acts >= 1 && !(g.opts.qos_king_immune_in_hand && q_king_hand) {
        let cost = if koc || qoc {
            1
        } else {
            (1..=g.opts.qos_max_x as u32)
                .map(|x| {
                    if x == 4 {
                        4
                    } else {
                        let m = cards_of(q_ctrl).filter(|&c| (rank(c) as u32) + 1 >= x && rank(c) != KING).count();
                        m as u32 + x
                    }
                })
                .min()
                .unwrap_or(u32::MAX)
        };
        if swords >= cost {
            return true;
        }
    }
    // King of Cups (§5.1 #5): q loses only when no choice but its King in hand is left.
    if koc && acts >= 1 {
        let cups = if has(SWORDS, KING) { 0 } else { pq.u[CUPS as usize] as u32 };
        let safe = cups + non_king(pq.hand) + 2 * non_king(pq.field_set()) + q_king_field as u32;
        if 2 * acts > safe {
            return true;
        }
    }
    // Combat (R-C3, R-C4): only if this ply still has a combat phase.
    if g.ply_has_combat() {
        if q_king_field {
            return true;
        }
        if q_king_hand {
            let atk = |c: Card| g.cards[c as usize].atk as u32;
            // A Queen of Cups may steal q's field Knights and Pages with their attack.
            let stealable = |c: &&Card| qoc && matches!(rank(**c), KNIGHT | PAGE);
            let attackers = || pa.row().iter().chain(pq.row().iter().filter(stealable));
            let base_sum: u32 = attackers().map(|&c| atk(c)).sum();
            let base_max = attackers().map(|&c| atk(c)).max().unwrap_or(0);
            let extra_now: u32 = pa
                .row()
                .iter()
                .map(|&c| g.cards[c as usize].extra_attacks as u32 + g.cards[c as usize].skn_bonus as u32)
                .sum();
            let extra = extra_now + if has(WANDS, KNIGHT) || has(SWORDS, KNIGHT) { acts } else { 0 };
            let loose = base_sum + swords + extra * (base_max + swords);
            // While q's row is not empty an attack must hit one of its characters (R-C2), each
            // removing at most one of them; only the Knight of Swords bonus (R-C5) skips that.
            // Nothing but Queen of Swords, King/Queen/Knight of Cups empties q's row in the main
            // phase. The Knight of Wands costs 2 Wands an extra attack (§5.1 #11).
            let row_left = if qos || koc || qoc || knc { 0 } else { pq.row_len as u32 };
            let cards = |c: &Card| g.cards[*c as usize];
            let bonus = pa.row().iter().map(|c| cards(c).skn_bonus as u32).sum::<u32>()
                + if has(SWORDS, KNIGHT) { acts } else { 0 };
            let extras = pa.row().iter().map(|c| cards(c).extra_attacks as u32).sum::<u32>()
                + if has(WANDS, KNIGHT) { acts / 2 } else { 0 };
            let attackers_n = attackers().count() as u32 + cards_of(pa.hand).count() as u32;
            let resource_attacks = (attackers_n + extras).saturating_sub(row_left) + bonus;
            let damage = loose.min(resource_attacks * (base_max + swords));
            let removed = if qos || koc { 2 * acts } else { 0 };
            let need = non_king(pq.hand).saturating_sub(removed) + 1;
            if damage >= need {
                return true;
            }
        }
    }
    false
}

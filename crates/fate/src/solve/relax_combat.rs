//! The combat part of the relaxation ([`super::relax`], fact 2): can the attacker's combat this
//! turn discard the other King (R-C2..R-C5)? Upper bounds throughout:
//!
//! - the activations `A` (Wands, §2.5's Φ) are split between Sword and Cup *gains* (relax.rs),
//!   *removals* of `q`'s row cards (Queen of Cups steals 1 per activation for 2 Cups, Knight of
//!   Cups returns up to 2 for 1 Cup, Queen of Swords 1 and King of Cups 2 of `q`'s choices,
//!   these two also from `q`'s hand), Knight of Swords activations (1 Wand + 1 Sword each: one
//!   bonus resource attack at its attack, R-C5, §5.1 #15) and Knight of Wands activations (2
//!   Wands each: one extra attack, §5.1 #11); every split is tried;
//! - the Swords left after the Knight of Swords costs are the buffs (R-C1): a new attacker
//!   (attack 0: a card played from hand, R-ATK) needs one, each played card costs its Cups
//!   (R-M1), and the Cups left after the skills' costs pay the cheapest plays;
//! - the attack values: the largest is at most the best attack now + every buff; the sum over
//!   all attacks at most Σ attacks × current attack + buffs × the most attacks one card makes +
//!   (extra and bonus attacks) × the largest value;
//! - while `q`'s row is not empty an attack must hit one of its edge characters (R-C2), removing
//!   at most one of them at the cost of an attack of at least max(1, its attack) (R-C3); only the
//!   bonus attacks reach resources past them (R-C5, A-28);
//! - a King on the field needs an attack of at least its attack once the cards on one side of
//!   it are gone; a King in hand needs resource attacks worth more than `q`'s other hand cards
//!   (R-C4, every point of attack counted as a hand discard: A-26 lets the attacker pick an empty
//!   suit).

use super::relax::{Kinds, Means};
use crate::card::{cards_of, play_cost, rank, suit, KING, KNIGHT, PAGE, SWORDS};
use crate::state::{FateGame, F_STOOD_DOWN};

/// One potential attacker: attack now and normal attacks it may still make.
#[derive(Clone, Copy, Default)]
struct Potential {
    atk: u32,
    n: u32,
}

/// Can the attacker's combat this turn discard `q`'s King? `acts` is the activation budget,
/// `s0` and `c0` the untapped Swords and Cups after the draws.
pub(crate) fn combat_may_win(g: &FateGame, m: &Means, k: &Kinds, acts: u32, s0: u32, c0: u32) -> bool {
    let (pa, pq) = (&g.players[m.a], &g.players[1 - m.a]);
    let q_row = pq.row();
    let king_at = q_row.iter().position(|&c| rank(c) == KING);
    let q_king_hand = cards_of(pq.hand).any(|c| rank(c) == KING);

    // The attacker's row (R-C2: attacks left this combat, the bonus of a Knight of Swords).
    let mut own = [Potential::default(); 16];
    let mut n_own = 0;
    let mut bonus_now = 0;
    for &c in pa.row() {
        let cs = &g.cards[c as usize];
        let n = if m.fresh {
            1
        } else if cs.flags & F_STOOD_DOWN != 0 {
            0
        } else {
            (1 + cs.extra_attacks as u32).saturating_sub(cs.attacks_used as u32)
        };
        if !m.fresh && suit(c) == SWORDS && rank(c) == KNIGHT {
            bonus_now += cs.skn_bonus as u32;
        }
        own[n_own] = Potential { atk: cs.atk as u32, n };
        n_own += 1;
    }
    // q's Knights and Pages a Queen of Cups may steal, with their attack.
    let mut stolen = [Potential::default(); 16];
    let mut n_stolen = 0;
    if k.qoc.is_some() {
        for &c in q_row.iter().filter(|&&c| matches!(rank(c), KNIGHT | PAGE)) {
            let atk = if g.opts.stolen_keeps_atk { g.cards[c as usize].atk as u32 } else { 0 };
            stolen[n_stolen] = Potential { atk, n: 1 };
            n_stolen += 1;
        }
    }
    // Cards the attacker may play (R-M1), cheapest first.
    let mut plays = [0u32; 16];
    let mut n_plays = 0;
    if m.main {
        for c in cards_of(pa.hand) {
            plays[n_plays] = play_cost(c) as u32;
            n_plays += 1;
        }
        plays[..n_plays].sort_unstable();
    }
    // q's row: the cheapest attacks that clear its cards (R-C3), King excluded.
    let mut clear = [0u32; 16];
    let mut n_clear = 0;
    for &c in q_row.iter().filter(|&&c| rank(c) != KING) {
        clear[n_clear] = (g.cards[c as usize].atk as u32).max(1);
        n_clear += 1;
    }
    clear[..n_clear].sort_unstable();
    let non_king_hand = cards_of(pq.hand).filter(|&c| rank(c) != KING).count() as u32;

    let cheapest = |xs: [Option<u32>; 4]| xs.iter().flatten().copied().min();
    let gain_play = cheapest([k.koc, k.kow, k.kop, k.qow]);
    let (rem_rate, rem_play, rem_cups) = {
        let rate = if k.koc.is_some() || k.knc.is_some() {
            2
        } else if k.qos.is_some() || k.qoc.is_some() {
            1
        } else {
            0
        };
        let per = [k.qos.map(|_| 0), k.koc.map(|_| 1), k.knc.map(|_| 1), k.qoc.map(|_| 2)];
        (rate, cheapest([k.qos, k.koc, k.knc, k.qoc]).unwrap_or(0), cheapest(per).unwrap_or(0))
    };
    let from_hand = k.qos.is_some() || k.koc.is_some();
    let eval = |case: &Case| {
        case.may_win(
            &own[..n_own],
            &stolen[..n_stolen],
            &plays[..n_plays],
            &clear[..n_clear],
            king_at.map(|i| (i, q_row.len(), g.cards[q_row[i] as usize].atk as u32)),
            q_king_hand || (king_at.is_some() && k.koc.is_some()),
            non_king_hand,
        )
    };
    // Every count at its maximum at once (the test is monotone in each): most positions fail
    // here already.
    let loosest = Case {
        buffs: if m.buff { s0 + k.swords_gain(acts) } else { 0 },
        extra: if k.knw.is_some() { acts / 2 } else { 0 },
        bonus: bonus_now + if k.skn.is_some() { acts } else { 0 },
        removed: acts * rem_rate,
        from_hand,
        cups_left: c0 + k.cups_gain(acts),
        steals: if k.qoc.is_some() { acts } else { 0 },
    };
    if !eval(&loosest) {
        return false;
    }

    let max_g = if gain_play.is_some() { acts } else { 0 };
    for kg in 0..=max_g {
        let max_r = if rem_rate > 0 { acts - kg } else { 0 };
        for kr in 0..=max_r {
            let rest = acts - kg - kr;
            let max_s = match k.skn {
                Some(_) if g.opts.skn_stacking => rest,
                Some(_) => rest.min(2),
                None => 0,
            };
            // The Knight of Wands unused, or with every Wand left (its play cost is paid once).
            let kws = |ks: u32| [0, if k.knw.is_some() { (rest - ks) / 2 } else { 0 }];
            for (ks, kw) in (0..=max_s).flat_map(|ks| kws(ks).map(|kw| (ks, kw))) {
                let mut cups_needed = 0;
                if kg > 0 {
                    cups_needed += gain_play.unwrap_or(0);
                }
                if kr > 0 {
                    cups_needed += rem_play + kr * rem_cups;
                }
                if ks > 0 {
                    cups_needed += k.skn.unwrap_or(0);
                }
                if kw > 0 {
                    cups_needed += k.knw.unwrap_or(0);
                }
                let cups = c0 + k.cups_gain(kg);
                let swords = s0 + k.swords_gain(kg + kr);
                if cups < cups_needed || swords < ks {
                    continue;
                }
                // The Sword cap (R-CAP) is not used: a cap restored mid-turn would break it.
                let buffs = if m.buff { swords - ks } else { 0 };
                let case = Case {
                    buffs,
                    extra: kw,
                    bonus: bonus_now + ks,
                    removed: kr * rem_rate,
                    from_hand,
                    cups_left: cups - cups_needed,
                    steals: if k.qoc.is_some() { kr } else { 0 },
                };
                if eval(&case) {
                    return true;
                }
            }
        }
    }
    false
}

/// One split of the activations.
struct Case {
    buffs: u32,
    extra: u32,
    bonus: u32,
    /// q's row cards removed by skills (and, with `from_hand`, hand cards instead).
    removed: u32,
    from_hand: bool,
    cups_left: u32,
    steals: u32,
}

impl Case {
    #[allow(clippy::too_many_arguments)]
    fn may_win(
        &self,
        own: &[Potential],
        stolen: &[Potential],
        plays: &[u32],
        clear: &[u32],
        king_field: Option<(usize, usize, u32)>,
        king_hand: bool,
        non_king_hand: u32,
    ) -> bool {
        // The cheapest plays the Cups left pay for (each a new attacker at attack 0).
        let mut cups = self.cups_left;
        let mut played = 0;
        for &c in plays {
            if c > cups {
                break;
            }
            cups -= c;
            played += 1;
        }
        let stolen = &stolen[..stolen.len().min(self.steals as usize)];
        let all = || own.iter().chain(stolen.iter());
        let best = all().map(|p| p.atk).max().unwrap_or(0);
        let top = best + self.buffs;
        if top == 0 {
            return false;
        }
        // Normal attacks: cards with attack ≥ 1 now, plus as many attack-0 cards as there are
        // buffs (those with the most attacks first), plus the Knight of Wands' extras.
        let ready: u32 = all().filter(|p| p.atk >= 1).map(|p| p.n).sum();
        let mut zeros = [0u32; 48];
        let mut nz = 0;
        for p in all().filter(|p| p.atk == 0 && p.n > 0) {
            zeros[nz] = p.n;
            nz += 1;
        }
        for _ in 0..played {
            if nz < zeros.len() {
                zeros[nz] = 1;
                nz += 1;
            }
        }
        zeros[..nz].sort_unstable_by(|a, b| b.cmp(a));
        let woken: u32 = zeros[..nz.min(self.buffs as usize)].iter().sum();
        let attacks = ready + woken + self.extra;
        let most = all().map(|p| p.n).max().unwrap_or(0).max(1);
        let sum: u32 = all().map(|p| p.n * p.atk).sum::<u32>() + self.buffs * most + (self.extra + self.bonus) * top;

        if let Some((i, len, d)) = king_field {
            let side = i.min(len - 1 - i) as u32;
            if top >= d.max(1) && attacks > side.saturating_sub(self.removed) {
                return true;
            }
        }
        if king_hand {
            let left = (clear.len() as u32).saturating_sub(self.removed);
            let cost: u32 = clear[..left as usize].iter().sum();
            let damage = if attacks >= left {
                sum.saturating_sub(cost).min((attacks - left + self.bonus) * top)
            } else {
                sum.saturating_sub(1).min(self.bonus * top)
            };
            let removed_hand = if self.from_hand { self.removed } else { 0 };
            if damage + removed_hand > non_king_hand {
                return true;
            }
        }
        false
    }
}

//! Move generation for search: the game's legal actions, minus mirror duplicates at LINEUP
//! (C-4, §8.1: the canonical row has id(row[0]) < id(row[last])), ordered by a small
//! heuristic of the game's own (what crates/ai's evaluator rewards: Swords, Queens in play,
//! attacks), with the instant-win threats first (Queen of Swords X = 4, attacks that reach a
//! King, §8.5).

use crate::action::{FateAction, SkillArg, Target};
use crate::card::{rank, suit, KING, QUEEN, SWORDS};
use crate::state::{FateGame, Step};

/// The canonical-mirror test of the old LINEUP rule: may `c` be placed next so that the row
/// can still end with an id larger than its first card?
fn canonical_place(g: &FateGame, c: u8) -> bool {
    let pl = &g.players[g.ap as usize];
    let placed = g.cursor as usize;
    let first = if placed == 0 { c } else { pl.row[0] };
    pl.row()[placed..].iter().any(|&x| x != c && x > first)
}

/// A static score: higher is tried first.
fn score(g: &FateGame, a: &FateAction) -> i32 {
    use FateAction::*;
    match *a {
        Activate(c, SkillArg::X(x)) if suit(c) == SWORDS && rank(c) == QUEEN => 100 + x as i32,
        Activate(..) => 40,
        Attack(_, Target::Suit(_)) | BonusAttack(_) => 90,
        Attack(c, t) => {
            let q = 1 - g.ap as usize;
            let row = g.players[q].row();
            let target = match t {
                Target::Left => row.first(),
                _ => row.last(),
            };
            match target {
                Some(&d) if g.cards[c as usize].atk > g.cards[d as usize].atk => {
                    if rank(d) == KING {
                        95
                    } else {
                        70
                    }
                }
                _ => 10,
            }
        }
        Play(c) => 50 + 5 * rank(c) as i32 + if suit(c) == SWORDS { 3 } else { 0 },
        Draw(s) => 30 + [0, 2, 1, 3][s as usize],
        Buff(_) => 45,
        EndDraw | EndMain | DoneBuffing | EndCombat | DeclineBonus => 20,
        Return(_) => 5,
        _ => 25,
    }
}

/// The moves to search from `g`, best first (stable: ties keep the game's order).
pub(crate) fn moves(g: &FateGame, out: &mut Vec<FateAction>) {
    out.clear();
    g.legal_into(out);
    if g.step == Step::Lineup && g.n_pending == 0 {
        out.retain(|a| !matches!(*a, FateAction::PlaceNext(c) if !canonical_place(g, c)));
    }
    let mut scored: Vec<(i32, FateAction)> = out.iter().map(|a| (-score(g, a), *a)).collect();
    scored.sort_by_key(|&(s, _)| s);
    out.clear();
    out.extend(scored.into_iter().map(|(_, a)| a));
}

/// Is this action one that can discard a King at once (the threats worth a look-ahead)?
pub(crate) fn is_threat(a: &FateAction) -> bool {
    matches!(a, FateAction::Activate(..) | FateAction::Attack(..) | FateAction::BonusAttack(_))
}

//! Setting up game 1 of a Bo3/Bo5 match (spec §5 "1v1 Match", §6): the decks are built by the
//! ordinary setup; the battlefields are chosen, not random, and the turn order follows.

use crate::cards::{CardDb, DefId};
use crate::deck::DeckList;
use crate::match_play::{MatchDeck, MatchState};
use crate::options::{Mode, RiftOptions};
use crate::setup::RiftSetup;
use crate::state::{Prompt, RiftGame};
use engine::{GameRng, SetupError};

/// Game 1 of a match: each seat's battlefield prompt (or the setup's `battlefield` test hook),
/// then the turn order (the `first` hook, the `choose_first` prompt or a random seat).
pub(crate) fn begin_match(
    mut g: RiftGame,
    opts: &RiftOptions,
    setup: &RiftSetup,
    lists: &[DeckList],
) -> Result<RiftGame, SetupError> {
    if opts.mode != Mode::Duel {
        return Err(SetupError::new(format!(
            "a {:?} match is 1v1 only (spec §5 \"1v1 Match\"): mode must be duel, not {:?}",
            opts.match_of, opts.mode
        )));
    }
    if let Some(f) = setup.first {
        if f >= 2 {
            return Err(SetupError::new(format!("first seat {f} does not exist")));
        }
    }
    let mut hooked = [None, None];
    for (seat, s) in setup.seats.iter().enumerate() {
        if let Some(name) = &s.battlefield {
            let pick = lists[seat]
                .battlefields
                .iter()
                .map(|b| b.0)
                .find(|&b| opts.cards.get().get(b).name.eq_ignore_ascii_case(name))
                .ok_or_else(|| SetupError::new(format!("battlefield '{name}' is not one of P{}'s three", seat + 1)))?;
            hooked[seat] = Some(pick);
        }
    }
    let decks = lists.iter().map(MatchDeck::of).collect();
    g.matchp = Some(Box::new(MatchState::new(opts.match_of, decks, setup.first)));
    g.match_first_game(hooked);
    Ok(g)
}

/// Random setups of a match (`Game::sample_setup`): the starter decks, each given a random
/// sideboard of legal cards of the set (up to `sideboard_max`, within the domain identity, the
/// copy limits counting deck and sideboard), so that random matches exercise sideboarding.
pub(crate) fn sample_sideboards(opts: &RiftOptions, setup: &mut RiftSetup, rng: &mut engine::GameRng) {
    let db = opts.cards.get();
    for s in setup.seats.iter_mut() {
        let Ok(mut list) = crate::setup::deck_of(opts, s) else { continue };
        let Some(legend) = list.legend else { continue };
        let want = rng.index(opts.sideboard_max as usize + 1);
        let copies = |list: &DeckList, id: u16| {
            list.main.iter().chain(&list.sideboard).filter(|(d, _)| *d == id).map(|(_, n)| *n as usize).sum::<usize>()
                + usize::from(list.champion == Some(id))
        };
        for _ in 0..want {
            let cands = side_candidates(db, legend, |id| copies(&list, id));
            let Some(&id) = rng.pick(&cands) else { break };
            match list.sideboard.iter_mut().find(|(d, _)| *d == id) {
                Some(e) => e.1 += 1,
                None => list.sideboard.push((id, 1)),
            }
        }
        s.deck = list.text(db);
    }
}

/// The cards of the set a deck of `legend` may add one more copy of, given the copies it has
/// (`copies`, deck and sideboard together): Main Deck cards within the domain identity, a
/// Signature card only of the legend's champion, the copy limits (CR 103.2.b–d).
fn side_candidates(db: &CardDb, legend: DefId, copies: impl Fn(DefId) -> usize) -> Vec<DefId> {
    let identity = db.get(legend).domains;
    (0..db.cards.len() as DefId)
        .filter(|&id| {
            let d = db.get(id);
            d.is_main_deck()
                && d.domains & !identity == 0
                && (!d.signature || d.tags.iter().any(|t| db.get(legend).has_tag(t)))
                && copies(id) < if d.has(crate::cards::kw::UNIQUE) { 1 } else { 3 }
        })
        .collect()
}

/// Determinizing a match for `seat` (`Game::determinize`), first step: each opponent's
/// sideboard (secret, TR 403) becomes as many random legal cards of the set (the copy limits
/// counting their registered deck and the cards drawn so far), so that no sideboard card leaks.
/// Called before the game's hidden cards are resampled ([`unseen_cards`] draws on it).
pub(crate) fn resample_sides(g: &mut RiftGame, seat: u8, rng: &mut GameRng) {
    let Some(mut m) = g.matchp.take() else { return };
    let db = g.opts.cards.get();
    for s in 0..m.decks.len() {
        if s == seat as usize {
            continue;
        }
        let d = &m.decks[s];
        let reg = m.registered.get(s).cloned().unwrap_or_else(|| d.cards());
        let mut side: Vec<DefId> = Vec::with_capacity(d.side.len());
        for _ in 0..d.side.len() {
            let copies = |id: DefId| reg.iter().chain(&side).filter(|&&x| x == id).count();
            let cands = side_candidates(db, d.legend, copies);
            match rng.pick(&cands) {
                Some(&id) => side.push(id),
                None => break,
            }
        }
        side.sort_unstable();
        if side.len() == d.side.len() {
            m.decks[s].side = side;
        }
    }
    g.matchp = Some(m);
}

/// What an opponent's unseen cards may be once they swapped with their sideboard (TR 403):
/// `unseen` are the definitions of their cards the bot can't see (deck, hand, facedown; the
/// whole Main Deck between games). The bot knows the registered deck (as in a single game, it
/// knows the decklist) and how many swaps were made (the log says so), not which: that many
/// cards of the registered deck not seen this game go out for as many of the resampled sideboard
/// (at least every seen card the registered deck can't account for). The new Main Deck and
/// sideboard are written to the match record; the unseen cards' new definitions are returned
/// (sorted; the caller shuffles them). `None`: no swap was made (the registered deck is the deck,
/// nothing to resample) or the cards do not add up.
pub(crate) fn unseen_cards(g: &mut RiftGame, s: usize, unseen: &[DefId], rng: &mut GameRng) -> Option<Vec<DefId>> {
    let m = g.matchp.as_deref_mut()?;
    let swapped = *m.swapped.get(s)? as usize;
    if swapped == 0 {
        return None;
    }
    let reg = m.registered.get(s)?.clone();
    let d = &mut m.decks[s];
    let seen = minus(&d.cards(), unseen)?;
    let mut side = d.side.clone();
    let mut ins: Vec<DefId> = Vec::new();
    for x in minus_lenient(&seen, &reg) {
        // A seen card the registered deck can't account for came from the sideboard.
        match side.iter().position(|&y| y == x) {
            Some(k) => drop(side.swap_remove(k)),
            None if !side.is_empty() => drop(side.swap_remove(rng.index(side.len()))),
            None => return None,
        }
        ins.push(x);
    }
    let want = swapped.min(d.side.len()).max(ins.len());
    while ins.len() < want && !side.is_empty() {
        ins.push(side.swap_remove(rng.index(side.len())));
    }
    let mut outable = minus_lenient(&reg, &seen);
    if outable.len() < ins.len() {
        return None;
    }
    let mut outs = Vec::with_capacity(ins.len());
    for _ in 0..ins.len() {
        outs.push(outable.swap_remove(rng.index(outable.len())));
    }
    let mut deck = minus(&reg, &outs)?;
    deck.extend(&ins);
    deck.sort_unstable();
    let fresh = minus(&deck, &seen)?;
    let main = minus(&deck, &[d.champion])?;
    side.extend(outs);
    side.sort_unstable();
    d.main = main;
    d.side = side;
    Some(fresh)
}

/// `a` less one copy of each card of `b` (both multisets), or `None` if `b` is not within `a`.
fn minus(a: &[DefId], b: &[DefId]) -> Option<Vec<DefId>> {
    let mut v = a.to_vec();
    for x in b {
        let k = v.iter().position(|y| y == x)?;
        v.remove(k);
    }
    Some(v)
}

/// `a` less one copy of each card of `b` that it holds.
fn minus_lenient(a: &[DefId], b: &[DefId]) -> Vec<DefId> {
    let mut v = a.to_vec();
    for x in b {
        if let Some(k) = v.iter().position(|y| y == x) {
            v.remove(k);
        }
    }
    v
}

/// Determinizing a match for `seat`, last step: between games each opponent's Main Deck is
/// resampled as [`unseen_cards`] says (only the Chosen Champion counts as seen), and an
/// opponent's battlefield choice not yet revealed (spec §5) becomes one of the battlefields it
/// may choose. The bot's own deck and choice are kept.
pub(crate) fn determinize_match(g: &mut RiftGame, seat: u8, rng: &mut GameRng) {
    let revealing = matches!(g.prompt, Some(Prompt::ChooseField { .. }));
    let between = g.objs.is_empty();
    let n = g.matchp.as_deref().map_or(0, |m| m.decks.len());
    for s in (0..n).filter(|&s| s != seat as usize) {
        if between {
            let main = g.matchp.as_deref().map(|m| m.decks[s].main.clone()).unwrap_or_default();
            unseen_cards(g, s, &main, rng);
        }
    }
    let Some(m) = g.matchp.as_deref_mut() else { return };
    for s in (0..n).filter(|&s| s != seat as usize) {
        if revealing && m.chosen[s].is_some() {
            let allowed: Vec<DefId> = m.decks[s]
                .battlefields
                .iter()
                .copied()
                .filter(|&b| m.results.is_empty() || m.field_allowed(s as u8, b))
                .collect();
            if let Some(&b) = rng.pick(&allowed) {
                m.chosen[s] = Some(b);
            }
        }
    }
}

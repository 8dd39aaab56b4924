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

/// Determinizing a match for `seat` (`Game::determinize`): what it can't see of the match is
/// resampled. Each opponent's sideboard (secret, TR 403) becomes as many random legal cards of
/// the set (the copy limits counting their Main Deck, Chosen Champion and the cards drawn so
/// far), so that no sideboard card leaks; an opponent's battlefield choice not yet revealed (spec
/// §5) becomes one of the battlefields it may choose. The bot's own deck and choice are kept.
/// The Main Deck's composition is kept, as in a single game (the determinization resamples
/// the order of a deck, not its cards).
pub(crate) fn determinize_match(g: &mut RiftGame, seat: u8, rng: &mut GameRng) {
    let revealing = matches!(g.prompt, Some(Prompt::ChooseField { .. }));
    let Some(mut m) = g.matchp.take() else { return };
    let db = g.opts.cards.get();
    for s in 0..m.decks.len() {
        if s == seat as usize {
            continue;
        }
        let d = &m.decks[s];
        let mut side: Vec<DefId> = Vec::with_capacity(d.side.len());
        for _ in 0..d.side.len() {
            let copies =
                |id: DefId| d.main.iter().chain(&side).filter(|&&x| x == id).count() + usize::from(d.champion == id);
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
    g.matchp = Some(m);
}

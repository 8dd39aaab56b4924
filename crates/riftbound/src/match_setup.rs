//! Setting up game 1 of a Bo3/Bo5 match (spec §5 "1v1 Match", §6): the decks are built by the
//! ordinary setup; the battlefields are chosen, not random, and the turn order follows.

use crate::deck::DeckList;
use crate::match_play::{MatchDeck, MatchState};
use crate::options::{Mode, RiftOptions};
use crate::setup::RiftSetup;
use crate::state::RiftGame;
use engine::SetupError;

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
        let identity = db.get(legend).domains;
        let want = rng.index(opts.sideboard_max as usize + 1);
        let copies = |list: &DeckList, id: u16| {
            list.main.iter().chain(&list.sideboard).filter(|(d, _)| *d == id).map(|(_, n)| *n as usize).sum::<usize>()
                + usize::from(list.champion == Some(id))
        };
        for _ in 0..want {
            let cands: Vec<u16> = (0..db.cards.len() as u16)
                .filter(|&id| {
                    let d = db.get(id);
                    d.is_main_deck()
                        && d.domains & !identity == 0
                        && (!d.signature || d.tags.iter().any(|t| db.get(legend).has_tag(t)))
                        && copies(&list, id) < if d.has(crate::cards::kw::UNIQUE) { 1 } else { 3 }
                })
                .collect();
            let Some(&id) = rng.pick(&cands) else { break };
            match list.sideboard.iter_mut().find(|(d, _)| *d == id) {
                Some(e) => e.1 += 1,
                None => list.sideboard.push((id, 1)),
            }
        }
        s.deck = list.text(db);
    }
}

//! The view of a match (`match_play.rs`): the record is public; a seat's Main Deck and sideboard
//! (which change by secret swaps, TR 403) only in that seat's view.

use crate::cards::DefId;
use crate::match_play::NO_FIELD;
use crate::state::*;
use engine::Viewer;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchView {
    pub best_of: u8,
    /// The game being played or set up (1-based).
    pub game: u8,
    /// Game wins per seat.
    pub wins: Vec<u8>,
    pub games: Vec<MatchGameView>,
    /// The viewer's own deck between games.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub deck: Option<MatchDeckView>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchGameView {
    /// The winner's seat; none for a drawn game.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub winner: Option<u8>,
    pub first: u8,
    /// Card keys of the battlefields used, per seat (empty: none was revealed).
    pub battlefields: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchDeckView {
    /// Card keys (with the definition number the `swap`/`champion` actions use).
    pub champion: MatchCard,
    pub main: Vec<MatchCard>,
    pub sideboard: Vec<MatchCard>,
    /// The three battlefields, with whether each may be chosen for the next game (spec §5).
    pub battlefields: Vec<MatchField>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchCard {
    pub card: String,
    pub def: DefId,
    pub copies: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchField {
    pub card: String,
    pub allowed: bool,
}

impl RiftGame {
    pub(crate) fn match_view(&self, viewer: Viewer) -> Option<MatchView> {
        let m = self.match_state()?;
        let key = |d: DefId| if d == NO_FIELD { String::new() } else { self.def(d).id.clone() };
        let cards = |list: &[DefId]| {
            let mut out: Vec<MatchCard> = Vec::new();
            for &d in list {
                match out.last_mut() {
                    Some(c) if c.def == d => c.copies += 1,
                    _ => out.push(MatchCard { card: key(d), def: d, copies: 1 }),
                }
            }
            out
        };
        let deck = match viewer {
            Viewer::Seat(s) if s.index() < m.decks.len() => {
                let d = &m.decks[s.index()];
                Some(MatchDeckView {
                    champion: MatchCard { card: key(d.champion), def: d.champion, copies: 1 },
                    main: cards(&d.main),
                    sideboard: cards(&d.side),
                    battlefields: d
                        .battlefields
                        .iter()
                        .map(|&b| MatchField { card: key(b), allowed: m.field_allowed(s.0, b) })
                        .collect(),
                })
            }
            _ => None,
        };
        Some(MatchView {
            best_of: self.opts.match_of.games(),
            game: m.game(),
            wins: vec![m.wins(0), m.wins(1)],
            games: m
                .results
                .iter()
                .map(|r| MatchGameView {
                    winner: (r.winner != NOBODY).then_some(r.winner),
                    first: r.first,
                    battlefields: r.fields.iter().map(|&f| key(f)).collect(),
                })
                .collect(),
            deck,
        })
    }
}

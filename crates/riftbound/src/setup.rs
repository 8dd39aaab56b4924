//! Setup (CR 110–118) for every mode (CR 481–489): decks, teams, battlefields, turn order,
//! opening hands and the mulligan prompt.

use crate::action::ObjId;
use crate::cards::CardDb;
use crate::deck::DeckList;
use crate::options::{Edition, MatchFormat, Mode, RiftOptions};
use crate::starter::{starter, STARTER_DECKS};
use crate::state::*;
use engine::{GameRng, SetupError};
use serde::{Deserialize, Serialize};

/// One seat's deck. Seats are listed in seating (= turn) order; in 2v2 the teams alternate
/// (A1 B1 A2 B2, CR 489): seats 1 and 3 are team 0, seats 2 and 4 team 1 (`team`, if given, must
/// say so).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSetup {
    /// A starter deck name ("Wildfire Rush") or a deck list in the text format.
    pub deck: String,
    #[serde(default)]
    pub team: Option<u8>,
    /// Test hook: card names put on top of the shuffled deck, first name on top.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub top: Vec<String>,
    /// Test hook: the battlefield this seat uses instead of a random one of its three.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battlefield: Option<String>,
}

impl SeatSetup {
    pub fn deck(deck: &str) -> Self {
        SeatSetup { deck: deck.to_string(), team: None, top: Vec::new(), battlefield: None }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RiftSetup {
    pub seats: Vec<SeatSetup>,
    /// Test hook: the seat that goes first instead of a random one (CR 115).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<u8>,
}

/// A seat's deck, its names resolved against the game's card set (`opts.cards`).
pub fn deck_of(opts: &RiftOptions, s: &SeatSetup) -> Result<DeckList, SetupError> {
    // The starter decks are parsed once against the built-in set.
    static STARTERS: std::sync::OnceLock<Vec<Result<DeckList, crate::deck::DeckError>>> = std::sync::OnceLock::new();
    let db: &CardDb = opts.cards.get();
    if opts.cards.is_builtin() {
        let parsed = STARTERS.get_or_init(|| STARTER_DECKS.iter().map(|(_, t)| DeckList::parse(t)).collect());
        if let Some(i) = STARTER_DECKS.iter().position(|(n, _)| n.eq_ignore_ascii_case(s.deck.trim())) {
            return parsed[i].clone().map_err(|e| SetupError::new(format!("deck: {e}")));
        }
    }
    let text = starter(&s.deck).unwrap_or(&s.deck);
    DeckList::parse_in(db, text).map_err(|e| SetupError::new(format!("deck: {e}")))
}

impl RiftGame {
    pub fn setup(opts: &RiftOptions, setup: &RiftSetup, seed: u64) -> Result<RiftGame, SetupError> {
        if opts.edition != Edition::Cr20260716 {
            return Err(SetupError::new(format!(
                "not implemented: rules edition {:?} (only the Core Rules of 2026-07-16, spec §26)",
                opts.edition
            )));
        }
        let n = opts.mode.seats();
        if setup.seats.len() != n {
            return Err(SetupError::new(format!(
                "{:?} needs {n} seats, got {} (CR 481–489)",
                opts.mode,
                setup.seats.len()
            )));
        }
        if opts.victory() == 0 {
            return Err(SetupError::new("victory_score must be positive (CR 193)"));
        }
        let mut rng = GameRng::new(seed);
        let mut g = RiftGame::empty(opts, Phase::Mulligan);
        let mut lists = Vec::new();
        for (seat, s) in setup.seats.iter().enumerate() {
            let list = deck_of(opts, s)?;
            list.validate_with(opts.cards.get(), opts.exact_forty, opts.sideboard_max)
                .map_err(|e| SetupError::new(format!("P{} deck: {e}", seat + 1)))?;
            if opts.match_of != MatchFormat::Bo1 {
                lists.push(list.clone());
            }
            let seat = seat as u8;
            let mut main = list.main_cards();
            rng.shuffle(&mut main);
            // Placed cards gather at the front; a repeated name takes another copy from the rest.
            for (placed, name) in s.top.iter().rev().enumerate() {
                let id =
                    opts.cards.by_name(name).ok_or_else(|| SetupError::new(format!("top: unknown card '{name}'")))?;
                let i = main.iter().skip(placed).position(|&d| d == id).map(|i| i + placed).ok_or_else(|| {
                    SetupError::new(format!("top: '{name}' is not (or no longer) in P{}'s main deck", seat + 1))
                })?;
                let d = main.remove(i);
                main.insert(0, d);
            }
            let mut runes = list.rune_cards();
            rng.shuffle(&mut runes);
            let mut p = Player {
                legend: list.legend.unwrap_or(0),
                battlefields: list.battlefields.iter().map(|b| b.0).collect(),
                team: team_of(opts.mode, s, seat)?,
                ..Player::default()
            };
            // Object ids follow the shuffled order, so an id reveals nothing about a hidden card.
            let champ = g.new_obj(list.champion.unwrap_or(0), seat, Zone::ChampionZone);
            let _ = champ;
            for d in main {
                let id = g.new_obj(d, seat, Zone::Deck);
                p.deck.push(id);
            }
            for d in runes {
                let id = g.new_obj(d, seat, Zone::RuneDeck);
                p.rune_deck.push(id);
            }
            g.players.push(p);
        }
        if opts.mode.teams() {
            g.check_teammates()?;
        }
        if opts.match_of != MatchFormat::Bo1 {
            g.rng = rng;
            return crate::match_setup::begin_match(g, opts, setup, &lists);
        }
        // Turn order (CR 115): random unless the setup names the first seat. In Duel and FFA3 the
        // battlefields are revealed first (the order of the random draws is kept stable); in FFA4
        // and 2v2 the first player must be known, as their battlefields are not used (CR 487–489).
        let pick_first = |rng: &mut GameRng| match setup.first {
            Some(f) if (f as usize) < n => Ok(f),
            Some(f) => Err(SetupError::new(format!("first seat {f} does not exist"))),
            None => Ok(rng.index(n) as u8),
        };
        let skip_first = matches!(opts.mode, Mode::Ffa4 | Mode::TwoVsTwo);
        if skip_first && opts.choose_first && setup.first.is_none() {
            // FFA4 and 2v2 (CR 487, 489): the turn order comes first, as the first
            // player's battlefields are not used; the battlefields are drawn once it is chosen,
            // and the `battlefield` hooks wait for it (the first player's is then not used).
            for (seat, s) in setup.seats.iter().enumerate() {
                if let Some(name) = &s.battlefield {
                    g.players[seat].field_hook = Some(hooked_field(opts, &g.players[seat].battlefields, seat, name)?);
                }
            }
            let chooser = rng.index(n) as u8;
            g.rng = rng;
            g.prompt = Some(Prompt::PlayFirst { seat: chooser });
            return Ok(g);
        }
        let mut first = if skip_first { Some(pick_first(&mut rng)?) } else { None };
        // Battlefields (CR 113, 482–489): each player uses one of their three at random.
        for (seat, s) in setup.seats.iter().enumerate() {
            if first == Some(seat as u8) {
                // The first player's battlefields are not used (CR 487, 489): a hook for them is
                // dropped when the first player was drawn, refused when the setup named them.
                if s.battlefield.is_some() && setup.first == first {
                    return Err(SetupError::new(format!(
                        "P{}'s battlefields are not used: they go first in {:?} (CR 487)",
                        seat + 1,
                        opts.mode
                    )));
                }
                continue;
            }
            let options = &g.players[seat].battlefields;
            let pick = match &s.battlefield {
                Some(name) => hooked_field(opts, options, seat, name)?,
                None => options[rng.index(options.len())],
            };
            g.bfs.push(Battlefield {
                def: pick,
                owner: seat as u8,
                controller: NOBODY,
                contested_by: NOBODY,
                facedown: NONE,
                blank: false,
            });
        }
        if opts.choose_first && setup.first.is_none() {
            // The tournament play-first choice (TR, spec §6 step 4): a random player chooses.
            let chooser = rng.index(n) as u8;
            g.rng = rng;
            g.prompt = Some(Prompt::PlayFirst { seat: chooser });
            return Ok(g);
        }
        let first = match first.take() {
            Some(f) => f,
            None => pick_first(&mut rng)?,
        };
        g.first_player = first;
        g.turn_player = first;
        g.priority = first;
        // Opening hands (CR 116), then the mulligan in turn order (CR 117).
        for k in 0..n as u8 {
            g.draw((first + k) % n as u8, opts.opening_hand as i32);
        }
        g.rng = rng;
        g.prompt = Some(Prompt::Mulligan { seat: first, aside: Vec::new() });
        Ok(g)
    }

    /// FFA4 and 2v2 once the first player is chosen (`choose_first`, CR 487, 489): every
    /// other seat, in seating order, uses one of its three battlefields at random, or the one its
    /// `battlefield` hook named (`Player::field_hook`); the first player's hook is not used.
    pub(crate) fn draw_fields_after_first(&mut self, first: u8) {
        for seat in 0..self.n() {
            let hook = self.players[seat as usize].field_hook.take();
            if seat == first {
                continue;
            }
            let n = self.players[seat as usize].battlefields.len();
            if n == 0 {
                continue;
            }
            let pick = match hook {
                Some(d) => d,
                None => self.players[seat as usize].battlefields[self.rng.index(n)],
            };
            // A player who conceded before the choice: their battlefield is a blank battlefield
            // token (CR 651), as it would have become.
            let blank = self.players[seat as usize].left;
            self.bfs.push(Battlefield {
                def: pick,
                owner: seat,
                controller: NOBODY,
                contested_by: NOBODY,
                facedown: NONE,
                blank,
            });
        }
    }

    pub(crate) fn new_obj(&mut self, d: crate::cards::DefId, seat: u8, zone: Zone) -> ObjId {
        self.objs.push(Obj {
            def: d,
            owner: seat,
            controller: seat,
            zone,
            damage: 0,
            temp_might: 0,
            temp_down: 0,
            flags: 0,
            attached_to: NONE,
            inc: 0,
            hidden_turn: 0,
            save_by: 0,
        });
        let id = (self.objs.len() - 1) as ObjId;
        self.index_zone(id);
        id
    }

    /// Random starter decks, one per seat of the mode (mirrors allowed, except between teammates,
    /// who must use different legends, CR 489.8.h).
    pub fn sample(opts: &RiftOptions, rng: &mut GameRng) -> Result<RiftSetup, SetupError> {
        let n = opts.mode.seats();
        let mut picks: Vec<usize> = Vec::with_capacity(n);
        for seat in 0..n {
            let mut d = rng.index(STARTER_DECKS.len());
            if opts.mode.teams() && seat >= 2 {
                // The teammate (seat − 2) has deck picks[seat − 2]: draw among the other three.
                let taken = picks[seat - 2];
                d = rng.index(STARTER_DECKS.len() - 1);
                if d >= taken {
                    d += 1;
                }
            }
            picks.push(d);
        }
        let seats = picks
            .iter()
            .enumerate()
            .map(|(seat, &d)| {
                let mut s = SeatSetup::deck(STARTER_DECKS[d].0);
                if opts.mode.teams() {
                    s.team = Some(seat as u8 % 2);
                }
                s
            })
            .collect();
        let mut setup = RiftSetup { seats, first: None };
        if opts.match_of != MatchFormat::Bo1 {
            crate::match_setup::sample_sideboards(opts, &mut setup, rng);
        }
        Ok(setup)
    }

    /// 2v2 (CR 489.8.h–i): teammates use different legends and battlefields with different names.
    fn check_teammates(&self) -> Result<(), SetupError> {
        for a in 0..2usize {
            let b = a + 2;
            let (pa, pb) = (&self.players[a], &self.players[b]);
            if self.def(pa.legend).name == self.def(pb.legend).name {
                return Err(SetupError::new(format!(
                    "P{} and P{} are teammates and both use {} (CR 489.8.h: different legends)",
                    a + 1,
                    b + 1,
                    self.def(pa.legend).name
                )));
            }
            for &x in &pa.battlefields {
                if pb.battlefields.iter().any(|&y| self.def(y).name == self.def(x).name) {
                    return Err(SetupError::new(format!(
                        "P{} and P{} are teammates and both bring {} (CR 489.8.i: different battlefields)",
                        a + 1,
                        b + 1,
                        self.def(x).name
                    )));
                }
            }
        }
        Ok(())
    }
}

/// The team a seat setup asks for, checked: only 2v2 has teams, and they alternate in turn order
/// ([`Mode::team_of_seat`], CR 489).
fn team_of(mode: Mode, s: &SeatSetup, seat: u8) -> Result<u8, SetupError> {
    if !mode.teams() {
        return match s.team {
            None => Ok(mode.team_of_seat(seat)),
            Some(_) => Err(SetupError::new(format!("P{}: teams exist only in 2v2 (CR 489)", seat + 1))),
        };
    }
    let t = mode.team_of_seat(seat);
    match s.team {
        Some(x) if x != t => Err(SetupError::new(format!(
            "P{}: team {x} breaks the alternating turn order A1 B1 A2 B2 (CR 489); seats 1 and 3 are team 0, \
             seats 2 and 4 team 1",
            seat + 1
        ))),
        _ => Ok(t),
    }
}

/// The setup's `battlefield` hook for `seat`: the one of its three battlefields with that name.
fn hooked_field(
    opts: &RiftOptions,
    options: &[crate::cards::DefId],
    seat: usize,
    name: &str,
) -> Result<crate::cards::DefId, SetupError> {
    options
        .iter()
        .copied()
        .find(|&b| opts.cards.get().get(b).name.eq_ignore_ascii_case(name))
        .ok_or_else(|| SetupError::new(format!("battlefield '{name}' is not one of P{}'s three", seat + 1)))
}

//! Setup (CR 110–118, mode 1v1 Duel CR 482): decks, battlefields, turn order, opening hands and
//! the mulligan prompt.

use crate::action::ObjId;
use crate::cards::def;
use crate::deck::DeckList;
use crate::options::{Mode, RiftOptions};
use crate::starter::{starter, STARTER_DECKS};
use crate::state::*;
use engine::{GameRng, SetupError};
use serde::{Deserialize, Serialize};

/// One seat's deck. Seats are listed in seating order; `team` is for 2v2 (not implemented yet).
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

pub fn deck_of(s: &SeatSetup) -> Result<DeckList, SetupError> {
    // The starter decks are parsed once.
    static STARTERS: std::sync::OnceLock<Vec<Result<DeckList, crate::deck::DeckError>>> = std::sync::OnceLock::new();
    let parsed = STARTERS.get_or_init(|| STARTER_DECKS.iter().map(|(_, t)| DeckList::parse(t)).collect());
    if let Some(i) = STARTER_DECKS.iter().position(|(n, _)| n.eq_ignore_ascii_case(s.deck.trim())) {
        return parsed[i].clone().map_err(|e| SetupError::new(format!("deck: {e}")));
    }
    let text = starter(&s.deck).unwrap_or(&s.deck);
    DeckList::parse(text).map_err(|e| SetupError::new(format!("deck: {e}")))
}

impl RiftGame {
    pub fn setup(opts: &RiftOptions, setup: &RiftSetup, seed: u64) -> Result<RiftGame, SetupError> {
        if opts.mode != Mode::Duel {
            return Err(SetupError::new(format!("not implemented yet: mode {:?} (only 1v1 Duel, CR 482)", opts.mode)));
        }
        if setup.seats.len() != 2 {
            return Err(SetupError::new(format!("1v1 needs 2 seats, got {} (CR 482)", setup.seats.len())));
        }
        if opts.victory_score == 0 {
            return Err(SetupError::new("victory_score must be positive (CR 193)"));
        }
        let mut rng = GameRng::new(seed);
        let mut g = RiftGame {
            opts: opts.clone(),
            objs: Vec::new(),
            players: Vec::new(),
            bfs: Vec::new(),
            turn: 0,
            turn_player: 0,
            first_player: 0,
            phase: Phase::Mulligan,
            chain: Vec::new(),
            priority: 0,
            passes: 0,
            focus_pass_due: false,
            showdown: None,
            prompt: None,
            pending: Vec::new(),
            resolving: None,
            outcome: None,
            rng: GameRng::new(0),
            actions: 0,
        };
        for (seat, s) in setup.seats.iter().enumerate() {
            let list = deck_of(s)?;
            list.validate(opts.exact_forty).map_err(|e| SetupError::new(format!("P{} deck: {e}", seat + 1)))?;
            let seat = seat as u8;
            let mut main = list.main_cards();
            rng.shuffle(&mut main);
            for name in s.top.iter().rev() {
                let id = crate::cards::db()
                    .by_name(name)
                    .ok_or_else(|| SetupError::new(format!("top: unknown card '{name}'")))?;
                let i = main.iter().position(|&d| d == id).ok_or_else(|| {
                    SetupError::new(format!("top: '{name}' is not (or no longer) in P{}'s main deck", seat + 1))
                })?;
                let d = main.remove(i);
                main.insert(0, d);
            }
            let mut runes = list.rune_cards();
            rng.shuffle(&mut runes);
            let mut p = Player {
                legend: list.legend.unwrap_or(0),
                legend_exhausted: false,
                deck: Vec::new(),
                hand: Vec::new(),
                rune_deck: Vec::new(),
                points: 0,
                pool: Pool::default(),
                scored: 0,
                finalized: 0,
                mulliganed: false,
                battlefields: list.battlefields.iter().map(|b| b.0).collect(),
                team: s.team.unwrap_or(seat),
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
        // Battlefields (CR 113, 482): each player uses one of their three, chosen at random.
        for (seat, s) in setup.seats.iter().enumerate() {
            let options = g.players[seat].battlefields.clone();
            let pick = match &s.battlefield {
                Some(name) => {
                    options.iter().copied().find(|&b| def(b).name.eq_ignore_ascii_case(name)).ok_or_else(|| {
                        SetupError::new(format!("battlefield '{name}' is not one of P{}'s three", seat + 1))
                    })?
                }
                None => options[rng.index(options.len())],
            };
            g.bfs.push(Battlefield {
                def: pick,
                owner: seat as u8,
                controller: NOBODY,
                contested_by: NOBODY,
                facedown: NONE,
            });
        }
        // Turn order (CR 115): random unless the setup names the first seat.
        let first = match setup.first {
            Some(f) if (f as usize) < 2 => f,
            Some(f) => return Err(SetupError::new(format!("first seat {f} does not exist"))),
            None => rng.index(2) as u8,
        };
        g.first_player = first;
        g.turn_player = first;
        g.priority = first;
        // Opening hands (CR 116), then the mulligan in turn order (CR 117).
        for s in [first, 1 - first] {
            g.draw(s, opts.opening_hand as i32);
        }
        g.rng = rng;
        g.prompt = Some(Prompt::Mulligan { seat: first, aside: Vec::new() });
        Ok(g)
    }

    fn new_obj(&mut self, d: crate::cards::DefId, seat: u8, zone: Zone) -> ObjId {
        self.objs.push(Obj {
            def: d,
            owner: seat,
            controller: seat,
            zone,
            damage: 0,
            temp_might: 0,
            flags: 0,
            attached_to: NONE,
            inc: 0,
            hidden_turn: 0,
        });
        (self.objs.len() - 1) as ObjId
    }

    /// Two random starter decks (mirrors allowed).
    pub fn sample(opts: &RiftOptions, rng: &mut GameRng) -> Result<RiftSetup, SetupError> {
        if opts.mode != Mode::Duel {
            return Err(SetupError::new(format!("not implemented yet: mode {:?} (only 1v1 Duel, CR 482)", opts.mode)));
        }
        let seats = (0..2).map(|_| SeatSetup::deck(STARTER_DECKS[rng.index(STARTER_DECKS.len())].0)).collect();
        Ok(RiftSetup { seats, first: None })
    }
}

//! Setup (spec §3): shuffle, dig for two creatures, draw 3, choose the first player.

use crate::card::{CardState, CardType, DECK_SIZE, MAX_CARDS};
use crate::deck::DeckList;
use crate::event::Log;
use crate::options::ArdentOptions;
use crate::pile::Pile;
use crate::state::{ArdentGame, LastingFlags, Loc, TurnFlags, Zone};
use engine::{GameRng, Seat, SetupError};
use serde::{Deserialize, Serialize};

/// What a table brings: the two decks, P1's first (17 cards each, by set and number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArdentSetup {
    pub decks: Vec<DeckList>,
}

impl ArdentGame {
    /// A game with these cards (card ids by instance: P1's 17 then P2's), nothing yet dealt:
    /// every zone empty, P1 current, turn 1. Setup and the test kit both start from it.
    pub fn blank(options: ArdentOptions, defs: [u8; MAX_CARDS], seed: u64) -> ArdentGame {
        ArdentGame {
            options,
            defs,
            zones: [[Pile::default(); 6]; 2],
            limbo: Pile::default(),
            loc: [Loc { seat: 0, zone: Zone::Deck }; MAX_CARDS],
            cstate: [CardState::Dormant; MAX_CARDS],
            current: Seat(0),
            first: Seat(0),
            turn: 1,
            flags: TurnFlags::default(),
            lasting: LastingFlags::default(),
            revealed_hand: [false; 2],
            stack: Vec::new(),
            queued: Vec::new(),
            prompt: None,
            outcome: None,
            scored_owned: [0, 0],
            known_in_hand: 0,
            rng: GameRng::new(seed),
            rng_seed: seed,
            absent: 0,
        }
    }

    pub fn from_setup(options: &ArdentOptions, setup: &ArdentSetup, seed: u64) -> Result<ArdentGame, SetupError> {
        if setup.decks.len() != 2 {
            return Err(SetupError::new(format!(
                "Ardent Reapers needs exactly 2 decks (one per player), got {}",
                setup.decks.len()
            )));
        }
        let mut defs = [0u8; MAX_CARDS];
        for (s, deck) in setup.decks.iter().enumerate() {
            let ids = deck.resolve(options.cards.get()).map_err(|e| SetupError::new(format!("P{}: {e}", s + 1)))?;
            defs[s * DECK_SIZE..(s + 1) * DECK_SIZE].copy_from_slice(&ids);
        }
        let mut g = ArdentGame::blank(options.clone(), defs, seed);
        let mut log = Log::disabled();
        for s in 0..2u8 {
            for i in 0..DECK_SIZE {
                let c = (s as usize * DECK_SIZE + i) as u8;
                g.zones[s as usize][Zone::Deck as usize].push(c);
                g.loc[c as usize] = Loc { seat: s, zone: Zone::Deck };
            }
            g.shuffle_deck(Seat(s));
        }
        for s in [Seat(0), Seat(1)] {
            g.dig_for_creatures(s);
        }
        for s in [Seat(0), Seat(1)] {
            g.draw(s, 3, &mut log);
        }
        g.first = g.choose_first_player();
        g.current = g.first;
        g.check_end(&mut log);
        Ok(g)
    }

    /// §3 step 3: turn cards over until two creatures are in the line (Active, reveal order,
    /// A21); actions and relics go to the discard pile and stay there (step 4).
    fn dig_for_creatures(&mut self, seat: Seat) {
        while self.pile(seat, Zone::Line).len() < 2 {
            let Some(c) = self.pile(seat, Zone::Deck).last() else { break };
            if self.card(c).card_type == CardType::Creature {
                self.enter_play(c, seat, true, CardState::Active);
            } else {
                self.move_card(c, seat, Zone::Discard, true);
            }
        }
    }

    /// §3 step 6: compare sorted creature powers (missing = +∞, A20); the weaker goes first;
    /// a full tie is a seeded coin.
    fn choose_first_player(&mut self) -> Seat {
        let key = |g: &Self, s: Seat| {
            let mut p: Vec<i32> = g.pile(s, Zone::Line).iter().map(|c| g.card(c).power as i32).collect();
            p.sort_unstable();
            p.resize(2, i32::MAX);
            p
        };
        let (a, b) = (key(self, Seat(0)), key(self, Seat(1)));
        match a.cmp(&b) {
            std::cmp::Ordering::Less => Seat(0),
            std::cmp::Ordering::Greater => Seat(1),
            std::cmp::Ordering::Equal => {
                if self.rng.coin() {
                    Seat(1)
                } else {
                    Seat(0)
                }
            }
        }
    }
}

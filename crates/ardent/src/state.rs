//! The game state: zones, card states, turn flags and the resolution stack (spec §2, §4).

use crate::card::{CardDef, CardState, CardType, DECK_SIZE, MAX_CARDS};
use crate::effect::Trigger;
use crate::options::ArdentOptions;
use crate::pile::Pile;
use engine::{GameRng, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// A player's zones (spec §2.2). `Limbo` is the resolution zone for a card being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Zone {
    Deck = 0,
    Hand = 1,
    Discard = 2,
    Line = 3,
    Relics = 4,
    Score = 5,
    Limbo = 6,
}

impl Zone {
    pub const PILES: [Zone; 6] = [Zone::Deck, Zone::Hand, Zone::Discard, Zone::Line, Zone::Relics, Zone::Score];
    pub fn in_play(self) -> bool {
        matches!(self, Zone::Line | Zone::Relics)
    }
    pub fn name(self) -> &'static str {
        match self {
            Zone::Deck => "deck",
            Zone::Hand => "hand",
            Zone::Discard => "discard",
            Zone::Line => "line",
            Zone::Relics => "relics",
            Zone::Score => "score",
            Zone::Limbo => "limbo",
        }
    }
}

/// Where a card is: the seat whose zone holds it, and the zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loc {
    pub seat: u8,
    pub zone: Zone,
}

/// Flags of the current turn (spec §4.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnFlags {
    /// A card was played this turn: discards unlocked, play requirement met.
    pub played: bool,
    /// The hand was revealed as unplayable.
    pub revealed: bool,
    /// Creatures each seat played this turn (Ned's Ladder, A42).
    pub creatures_played: [u8; 2],
    /// "Then end your turn" is pending (Gynormica, A8).
    pub end_turn: bool,
}

/// Lasting effects (spec §6.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastingFlags {
    /// Jump Start: this seat's next played card enters Active (A25).
    pub jump_start: [bool; 2],
    /// Lullaby cast by this seat: the other seat's creatures can't fight until this seat's turn.
    pub lullaby_by: [bool; 2],
    /// Calm Down on this seat: no Actions during its next turn.
    pub no_actions: [bool; 2],
    /// Silent Room on this seat: no cards during its next turn.
    pub no_cards: [bool; 2],
}

/// A triggered ability waiting to resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerItem {
    pub source: u8,
    pub controller: Seat,
    pub ability: u8,
}

/// Working memory of one resolving ability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ctx {
    /// Cards chosen so far by the current step.
    pub count: u8,
    /// The last move was done in full (A32).
    pub done_full: bool,
    /// The last `if_done` test.
    pub branch: bool,
    /// The number named (Pinpoint).
    pub number: i8,
    /// The last card moved, marked or rotated (`last`), or 255.
    pub last: u8,
    /// Cards marked (Crossed Teleport), by instance bit.
    pub marked: u64,
    /// The chosen mode of a `choose` step, or 0 for none (modes count from 1).
    pub mode: u8,
    /// A sub-decision of the current step: 1 = state for `last`, 2 = line end for `last`.
    pub sub: u8,
}

/// One entry of the resolution stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    Ability {
        source: u8,
        controller: Seat,
        ability: u8,
        pc: u8,
        ctx: Ctx,
    },
    /// Simultaneous triggers: the current player orders them (§5.5, A36).
    Batch {
        items: Vec<TriggerItem>,
    },
    /// A card being played (§5.1): phase 0 place, 1 resolve Play, 2 finish.
    PlayCard {
        card: u8,
        by: Seat,
        enter_active: bool,
        phase: u8,
    },
    /// A fight being declared (§5.3): phase 0 attackers, 1 defender, 2 more defenders.
    FightBuild {
        attackers: u64,
        defenders: u64,
        phase: u8,
    },
    /// Step 5 of a fight: move the fighters.
    FightFinish {
        attackers: u64,
        defenders: u64,
        attackers_win: bool,
        winner: Seat,
    },
    /// Step 3 of a harvest: the card goes to the harvesting player's score pile.
    HarvestFinish {
        card: u8,
        seat: Seat,
    },
}

/// What the pending decision asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PromptKind {
    /// A card from `options` (`pick`), with `done` when optional.
    Card,
    /// Which end of a line (`left` / `right`).
    Side,
    /// Choose one (`mode N`), with this many modes.
    Mode(u8),
    /// Name a number (`number N`).
    Number,
    /// A state other than the card's current one (`to STATE`).
    State,
    /// Which trigger resolves next (`trigger cN`).
    Trigger,
    /// The opponent offered a draw.
    DrawOffer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    pub actor: Seat,
    pub kind: PromptKind,
    pub options: Pile,
    pub optional: bool,
}

/// One game of Ardent Reapers.
#[derive(Clone, Debug, PartialEq)]
pub struct ArdentGame {
    pub(crate) options: ArdentOptions,
    /// Card id (pool index) of each instance; instance `i` is owned by seat `i / 17`.
    pub(crate) defs: [u8; MAX_CARDS],
    pub(crate) zones: [[Pile; 6]; 2],
    pub(crate) limbo: Pile,
    pub(crate) loc: [Loc; MAX_CARDS],
    pub(crate) cstate: [CardState; MAX_CARDS],
    pub(crate) current: Seat,
    pub(crate) first: Seat,
    pub(crate) turn: u32,
    pub(crate) flags: TurnFlags,
    pub(crate) lasting: LastingFlags,
    /// A hand revealed during the resolving ability: public until it finishes.
    pub(crate) revealed_hand: [bool; 2],
    pub(crate) stack: Vec<Frame>,
    pub(crate) queued: Vec<TriggerItem>,
    pub(crate) prompt: Option<Prompt>,
    pub(crate) outcome: Option<Outcome>,
    /// Cards each seat owns that are in a score pile (kept by `move_card`, for the §7 test).
    pub(crate) scored_owned: [u8; 2],
    /// Cards in a hand that everyone saw go there (returned from play or a pile), by bit.
    pub(crate) known_in_hand: u64,
    pub(crate) rng: GameRng,
    /// The seed `rng` was made from (the position notation writes the generator as this seed
    /// and the words drawn since).
    pub(crate) rng_seed: u64,
    /// Instances not in this game (a position need not use every card of a deck), by bit.
    pub(crate) absent: u64,
}

pub fn owner(card: u8) -> Seat {
    Seat((card as usize / DECK_SIZE) as u8)
}

pub fn bit(card: u8) -> u64 {
    1u64 << card
}

pub fn cards_in(mask: u64) -> impl Iterator<Item = u8> {
    (0..MAX_CARDS as u8).filter(move |&c| mask & bit(c) != 0)
}

impl ArdentGame {
    /// The card an instance is, in the game's card set (`options.cards`).
    pub fn card(&self, c: u8) -> &CardDef {
        self.options.cards.def(self.defs[c as usize])
    }
    /// The game's card set.
    pub fn cards(&self) -> &crate::carddb::CardDb {
        self.options.cards.get()
    }
    pub fn pile(&self, seat: Seat, zone: Zone) -> &Pile {
        match zone {
            Zone::Limbo => &self.limbo,
            z => &self.zones[seat.index()][z as usize],
        }
    }
    fn pile_mut(&mut self, seat: u8, zone: Zone) -> &mut Pile {
        match zone {
            Zone::Limbo => &mut self.limbo,
            z => &mut self.zones[seat as usize][z as usize],
        }
    }
    pub fn loc(&self, c: u8) -> Loc {
        self.loc[c as usize]
    }
    pub fn in_play(&self, c: u8) -> bool {
        self.loc(c).zone.in_play()
    }
    /// The controller of a card in play (the seat whose play area holds it).
    pub fn controller(&self, c: u8) -> Seat {
        Seat(self.loc(c).seat)
    }
    pub fn state_of(&self, c: u8) -> CardState {
        self.cstate[c as usize]
    }
    pub fn current(&self) -> Seat {
        self.current
    }
    pub fn first_player(&self) -> Seat {
        self.first
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// The fight being declared while a pick answers it (§5.3 step 1): its attackers (by bit)
    /// and what the pick adds — phase 0 a Team-Up attacker, 1 the defender, 2 a Bear Hug
    /// defender. Read-only, for bots' rollout policies.
    pub fn fight_declaration(&self) -> Option<(u64, u64, u8)> {
        match (self.prompt, self.stack.last()) {
            (Some(_), Some(Frame::FightBuild { attackers, defenders, phase })) => {
                Some((*attackers, *defenders, *phase))
            }
            _ => None,
        }
    }
    pub fn def_of(&self, c: u8) -> u8 {
        self.defs[c as usize]
    }

    /// Move a card to a zone: `top` appends (deck top, line right, pile top), otherwise it goes
    /// to index 0 (deck bottom, line left). A card leaving play loses its state (A23) and its
    /// "leaves play" triggers are queued for its last controller (A40).
    pub(crate) fn move_card(&mut self, c: u8, seat: Seat, zone: Zone, top: bool) {
        let from = self.loc(c);
        self.pile_mut(from.seat, from.zone).remove(c);
        let own = owner(c).index();
        if from.zone == Zone::Score {
            self.scored_owned[own] -= 1;
        }
        if zone == Zone::Score {
            self.scored_owned[own] += 1;
        }
        if zone == Zone::Hand && !matches!(from.zone, Zone::Deck | Zone::Hand) {
            self.known_in_hand |= bit(c);
        } else if zone != Zone::Hand {
            self.known_in_hand &= !bit(c);
        }
        let pile = self.pile_mut(seat.0, zone);
        if top {
            pile.push(c);
        } else {
            pile.insert(0, c);
        }
        self.loc[c as usize] = Loc { seat: seat.0, zone };
        if from.zone.in_play() && !zone.in_play() {
            self.cstate[c as usize] = CardState::Dormant;
            if let Some(i) = self.card(c).ability_index(Trigger::Leaves) {
                self.queued.push(TriggerItem { source: c, controller: Seat(from.seat), ability: i as u8 });
            }
        }
    }

    /// Put a card into play under `seat`'s control (line end or relic area).
    pub(crate) fn enter_play(&mut self, c: u8, seat: Seat, right: bool, state: CardState) {
        let zone = if self.card(c).card_type == CardType::Relic { Zone::Relics } else { Zone::Line };
        self.move_card(c, seat, zone, right);
        self.cstate[c as usize] = state;
    }

    /// Total VP in a seat's score pile (§7).
    pub fn score(&self, seat: Seat) -> i32 {
        self.pile(seat, Zone::Score).iter().map(|c| self.card(c).vp as i32).sum()
    }

    /// Cards a seat owns that are not in a score pile (the end test, §7).
    pub fn owned_outside_score(&self, seat: Seat) -> usize {
        let lo = seat.index() * DECK_SIZE;
        let absent = (lo..lo + DECK_SIZE).filter(|&c| self.absent & bit(c as u8) != 0).count();
        DECK_SIZE - absent - self.scored_owned[seat.index()] as usize
    }

    /// A fresh generator from `seed` (setup, determinization).
    pub(crate) fn reseed(&mut self, seed: u64) {
        self.rng = GameRng::new(seed);
        self.rng_seed = seed;
    }

    /// Every card is in exactly one zone, and `loc` agrees with the piles. Used by tests and the
    /// conformance run; returns the first inconsistency.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = [0u8; MAX_CARDS];
        for s in 0..2u8 {
            for z in Zone::PILES {
                for c in self.pile(Seat(s), z).iter() {
                    if c as usize >= MAX_CARDS {
                        return Err(format!("bad card id {c}"));
                    }
                    seen[c as usize] += 1;
                    if self.loc[c as usize] != (Loc { seat: s, zone: z }) {
                        return Err(format!(
                            "c{c} is in P{} {} but loc says {:?}",
                            s + 1,
                            z.name(),
                            self.loc[c as usize]
                        ));
                    }
                    if !z.in_play() && self.cstate[c as usize] != CardState::Dormant {
                        return Err(format!("c{c} out of play keeps a state"));
                    }
                }
            }
        }
        for c in self.limbo.iter() {
            seen[c as usize] += 1;
            if self.loc[c as usize].zone != Zone::Limbo {
                return Err(format!("c{c} is in limbo but loc says {:?}", self.loc[c as usize]));
            }
        }
        for s in [Seat(0), Seat(1)] {
            let lo = s.index() * DECK_SIZE;
            let scored = (lo..lo + DECK_SIZE).filter(|&c| self.loc[c].zone == Zone::Score).count();
            if scored != self.scored_owned[s.index()] as usize {
                return Err(format!(
                    "{s} owns {scored} scored cards but the count says {}",
                    self.scored_owned[s.index()]
                ));
            }
        }
        for (c, n) in seen.iter().enumerate() {
            let want = if self.absent & bit(c as u8) != 0 { 0 } else { 1 };
            if *n != want {
                return Err(format!("c{c} is in {n} zones"));
            }
        }
        for s in 0..2 {
            for c in self.zones[s][Zone::Line as usize].iter() {
                if !self.card(c).is_creature() {
                    return Err(format!("c{c} in a line is not a creature"));
                }
            }
            for c in self.zones[s][Zone::Relics as usize].iter() {
                if !self.card(c).is_relic() {
                    return Err(format!("c{c} in a relic area is not a relic"));
                }
            }
        }
        Ok(())
    }
}

//! A small table builder for rules and card tests (keyteki style): set zones in a few lines,
//! act in notation, assert every card touched, and end at a clean prompt.
//!
//! Every seat's 17 instances start as filler cards (*Nothing to See*, no text) in its deck;
//! [`Table::add`] turns the next free instance of a seat into the named card and puts it in a
//! zone. P1 (seat 0) owns c0–c16, P2 owns c17–c33.

use crate::action::ArdentAction;
use crate::card::{CardState, DECK_SIZE, MAX_CARDS, OMEGA_CODEX};
use crate::event::{ArdentEvent, Log};
use crate::options::ArdentOptions;
use crate::state::{owner, ArdentGame, Loc, Zone};
use engine::{Game, Seat, Status, Viewer};

pub const P1: Seat = Seat(0);
pub const P2: Seat = Seat(1);
/// The filler card: 100 Nothing to See.
pub const FILLER: u16 = 100;
/// The card that stands in for filler moved to a score pile: 079 (VP 0).
pub const ZERO_VP: u16 = 79;

pub struct Table {
    pub g: ArdentGame,
    pub log: Log,
    next: [usize; 2],
}

/// The Omega Codex card with this number in the table's set (a test set that drops it is a
/// broken test: it panics, naming the card).
fn id_of(db: &crate::carddb::CardDb, number: u16) -> u8 {
    match db.lookup(OMEGA_CODEX, number) {
        Some(id) => id,
        None => panic!("no card {number:03}"),
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

impl Table {
    pub fn new() -> Table {
        Table::with_options(ArdentOptions::default())
    }

    pub fn with_options(options: ArdentOptions) -> Table {
        let filler = id_of(options.cards.get(), FILLER);
        let mut g = ArdentGame::blank(options, [filler; MAX_CARDS], 7);
        for c in 0..MAX_CARDS as u8 {
            let s = owner(c);
            g.zones[s.index()][Zone::Deck as usize].push(c);
            g.loc[c as usize] = Loc { seat: s.0, zone: Zone::Deck };
        }
        Table { g, log: Log::enabled(), next: [0, 0] }
    }

    fn alloc(&mut self, owner: Seat, number: u16) -> u8 {
        let i = self.next[owner.index()];
        assert!(i < DECK_SIZE, "{owner} has no free card left");
        self.next[owner.index()] += 1;
        let c = (owner.index() * DECK_SIZE + i) as u8;
        self.g.defs[c as usize] = id_of(self.g.cards(), number);
        c
    }

    /// Put card `number`, owned by `owner`, into `owner`'s `zone` (top of a pile, right end of a
    /// line). Cards in play are Dormant.
    pub fn add(&mut self, owner: Seat, zone: Zone, number: u16) -> u8 {
        let c = self.alloc(owner, number);
        self.g.move_card(c, owner, zone, true);
        c
    }

    /// Put card `number`, owned by `owner`, into `seat`'s `zone`: on top (or at the right end)
    /// when `top`, otherwise at the bottom (or the left end).
    pub fn add_to(&mut self, owner: Seat, seat: Seat, zone: Zone, number: u16, top: bool) -> u8 {
        let c = self.alloc(owner, number);
        self.g.move_card(c, seat, zone, top);
        c
    }

    /// Put card `number`, owned by `owner`, into play under `controller` in `state`.
    pub fn add_in_play(&mut self, owner: Seat, controller: Seat, number: u16, state: CardState) -> u8 {
        let c = self.alloc(owner, number);
        self.g.enter_play(c, controller, true, state);
        c
    }

    /// A creature or relic of `seat`, in play under its owner, in `state`.
    pub fn play_area(&mut self, seat: Seat, number: u16, state: CardState) -> u8 {
        self.add_in_play(seat, seat, number, state)
    }

    pub fn hand(&mut self, seat: Seat, number: u16) -> u8 {
        self.add(seat, Zone::Hand, number)
    }

    /// Move the seat's remaining filler out of its deck into its score pile as 0-VP cards.
    pub fn empty_deck(&mut self, seat: Seat) {
        let zero = id_of(self.g.cards(), ZERO_VP);
        let deck = *self.g.pile(seat, Zone::Deck);
        for c in deck.iter() {
            if (c as usize % DECK_SIZE) >= self.next[seat.index()] {
                self.g.defs[c as usize] = zero;
                self.g.move_card(c, seat, Zone::Score, true);
            }
        }
        self.next[seat.index()] = DECK_SIZE;
    }

    pub fn set_current(&mut self, seat: Seat) {
        self.g.current = seat;
        self.g.first = seat;
    }

    pub fn set_state(&mut self, c: u8, s: CardState) {
        self.g.cstate[c as usize] = s;
    }

    pub fn mark_played(&mut self) {
        self.g.flags.played = true;
    }

    pub fn options_mut(&mut self) -> &mut ArdentOptions {
        &mut self.g.options
    }

    pub fn try_act(&mut self, text: &str) -> Result<(), engine::ActionError> {
        self.g.apply_notation(text, &mut self.log).map(|_| ())
    }

    /// Apply an action that must be accepted; the invariants must hold after it.
    pub fn act(&mut self, text: &str) {
        if let Err(e) = self.try_act(text) {
            panic!("'{text}' refused: {e}\nlegal: {:?}\n{}", self.legal(), self.g.render(Viewer::Omniscient));
        }
        if let Err(e) = self.g.check_invariants() {
            panic!("invariant broken after '{text}': {e}");
        }
    }

    pub fn acts(&mut self, texts: &[&str]) {
        for t in texts {
            self.act(t);
        }
    }

    /// Play a card from hand; a creature goes to the right end of the line.
    pub fn play(&mut self, c: u8) {
        self.act(&format!("play c{c}"));
        if self.g.prompt.is_some_and(|p| p.kind == crate::state::PromptKind::Side)
            && matches!(self.g.stack.last(), Some(crate::state::Frame::PlayCard { .. }))
        {
            self.act("right");
        }
    }

    pub fn pick(&mut self, c: u8) {
        self.act(&format!("pick c{c}"));
    }

    pub fn harvest(&mut self, c: u8) {
        self.act(&format!("harvest c{c}"));
    }

    /// The phase of the fight being declared, if one is.
    pub fn fight_phase(&self) -> Option<u8> {
        match self.g.stack.last() {
            Some(crate::state::Frame::FightBuild { phase, .. }) if self.g.prompt.is_some() => Some(*phase),
            _ => None,
        }
    }

    /// Fight `a` (alone) against `d` (alone), answering the declaration prompts.
    pub fn fight(&mut self, a: u8, d: u8) {
        self.act(&format!("fight c{a}"));
        if self.fight_phase() == Some(0) {
            self.act("done");
        }
        if self.fight_phase() == Some(1) {
            self.pick(d);
        }
        if self.fight_phase() == Some(2) {
            self.act("done");
        }
    }

    /// Is a decision pending, of this kind?
    pub fn prompt_kind(&self) -> Option<crate::state::PromptKind> {
        self.g.prompt.map(|p| p.kind)
    }

    pub fn legal(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.g.legal_actions(&mut v);
        v.iter().map(ArdentAction::to_string).collect()
    }

    pub fn is_legal(&self, text: &str) -> bool {
        self.legal().iter().any(|a| a == text)
    }

    pub fn zone(&self, c: u8) -> Zone {
        self.g.loc(c).zone
    }

    /// The seat whose zone holds `c` (its controller when in play).
    pub fn seat(&self, c: u8) -> Seat {
        Seat(self.g.loc(c).seat)
    }

    pub fn is_at(&self, c: u8, seat: Seat, zone: Zone) -> bool {
        self.g.loc(c) == Loc { seat: seat.0, zone }
    }

    #[track_caller]
    pub fn assert_at(&self, c: u8, seat: Seat, zone: Zone) {
        let l = self.g.loc(c);
        assert!(
            l == Loc { seat: seat.0, zone },
            "c{c} ({}) is in P{} {}, expected {seat} {}",
            self.g.card(c).name_en,
            l.seat + 1,
            l.zone.name(),
            zone.name()
        );
    }

    pub fn state(&self, c: u8) -> CardState {
        self.g.state_of(c)
    }

    pub fn pile(&self, seat: Seat, zone: Zone) -> Vec<u8> {
        self.g.pile(seat, zone).to_vec()
    }

    pub fn count(&self, seat: Seat, zone: Zone) -> usize {
        self.g.pile(seat, zone).len()
    }

    pub fn score(&self, seat: Seat) -> i32 {
        self.g.score(seat)
    }

    pub fn status(&self) -> Status {
        self.g.status()
    }

    /// The seat to act must be at the Main step with nothing pending (keyteki's clean prompt).
    #[track_caller]
    pub fn assert_main(&self, seat: Seat) {
        assert_eq!(self.g.status(), Status::ToAct(seat), "{}", self.g.render(Viewer::Omniscient));
        assert!(self.g.prompt.is_none(), "a decision is pending: {:?}; legal {:?}", self.g.prompt, self.legal());
        assert!(self.g.stack.is_empty() && self.g.queued.is_empty(), "the resolution stack is not empty");
        assert_eq!(self.g.current, seat);
        if let Err(e) = self.g.check_invariants() {
            panic!("{e}");
        }
    }

    /// Events logged so far, as seen by `viewer`.
    pub fn events(&self, viewer: Viewer) -> Vec<ArdentEvent> {
        self.log.visible(viewer).cloned().collect()
    }
}

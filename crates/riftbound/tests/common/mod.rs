//! Builder helpers for rules tests: set up a duel, place cards, act in notation, inspect.
#![allow(dead_code)]

pub mod card_text;

use engine::{EventLog, Game, Status, Viewer};
use riftbound::action::ObjId;
use riftbound::state::{flag, Loc, Zone, NOBODY};
use riftbound::{Mode, RiftGame, RiftOptions, RiftSetup, SeatSetup};

pub struct T {
    pub g: RiftGame,
}

pub fn setup(p1: &str, p2: &str, bf1: &str, bf2: &str) -> RiftSetup {
    let mut a = SeatSetup::deck(p1);
    a.battlefield = Some(bf1.into());
    let mut b = SeatSetup::deck(p2);
    b.battlefield = Some(bf2.into());
    RiftSetup { seats: vec![a, b], first: Some(0) }
}

impl T {
    /// A duel: P1 (seat 0) goes first; both keep; P1 is in their first Main Phase.
    pub fn duel(p1: &str, p2: &str, bf1: &str, bf2: &str) -> T {
        let g = RiftGame::new(&RiftOptions::default(), &setup(p1, p2, bf1, bf2), 1).expect("setup");
        let mut t = T { g };
        t.act("keep");
        t.act("keep");
        t
    }

    /// A game of `mode` with these decks in seating order; P1 (seat 0) goes first; everybody keeps;
    /// P1 is in their first Main Phase.
    pub fn multi(opts: RiftOptions, decks: &[&str]) -> T {
        let seats = decks.iter().map(|d| SeatSetup::deck(d)).collect();
        let g = RiftGame::new(&opts, &RiftSetup { seats, first: Some(0) }, 1).expect("setup");
        let mut t = T { g };
        for _ in decks {
            t.act("keep");
        }
        t
    }

    /// FFA3: Wildfire Rush, Thunderhorn Stampede, Lyceum Muster.
    pub fn ffa3() -> T {
        T::multi(
            RiftOptions { mode: Mode::Ffa3, ..RiftOptions::default() },
            &["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster"],
        )
    }

    /// Four players (FFA4 or 2v2): Wildfire Rush, Thunderhorn Stampede, Lyceum Muster, Tailwind Roamers.
    pub fn four(mode: Mode) -> T {
        T::multi(
            RiftOptions { mode, ..RiftOptions::default() },
            &["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster", "Tailwind Roamers"],
        )
    }

    /// Wildfire Rush vs Thunderhorn Stampede on two plain battlefields.
    pub fn fury() -> T {
        T::duel("Wildfire Rush", "Thunderhorn Stampede", "Scorched Plaza", "Titan's Footprint")
    }

    pub fn seat(&self) -> u8 {
        match self.g.status() {
            Status::ToAct(s) => s.0,
            Status::Over(_) => NOBODY,
        }
    }

    pub fn legal(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.g.legal_actions(&mut v);
        v.iter().map(|a| a.to_string()).collect()
    }

    pub fn can(&self, a: &str) -> bool {
        self.legal().iter().any(|x| x == a)
    }

    pub fn act(&mut self, a: &str) {
        let legal = self.legal();
        let mut log = EventLog::disabled();
        if let Err(e) = self.g.apply_notation(a, &mut log) {
            panic!("'{a}' refused: {e}\nlegal: {legal:?}\n{}", self.g.render(Viewer::Omniscient));
        }
    }

    pub fn try_act(&mut self, a: &str) -> Result<(), String> {
        let mut log = EventLog::disabled();
        self.g.apply_notation(a, &mut log).map(|_| ()).map_err(|e| e.to_string())
    }

    pub fn acts(&mut self, list: &[&str]) {
        for a in list {
            self.act(a);
        }
    }

    /// Play card `id` and answer the prompts in order.
    pub fn play(&mut self, id: ObjId, answers: &[&str]) {
        self.act(&format!("play c{id}"));
        for a in answers {
            self.act(a);
        }
    }

    /// Answer "which rune pays this pip" prompts with the first choice.
    pub fn pay(&mut self) {
        while self.g.make_view(Viewer::Omniscient).prompt.as_deref() == Some("payment") {
            let first = self.legal()[0].clone();
            self.act(&first);
        }
    }

    /// Pass until the chain is empty (both players pass on each item).
    pub fn resolve(&mut self) {
        for _ in 0..50 {
            if self.g.chain.is_empty() || self.g.prompt.is_some() {
                return;
            }
            self.act("pass");
        }
    }

    /// Find a card of `seat` by name, preferring one still in the deck.
    pub fn find(&self, seat: u8, name: &str) -> ObjId {
        let ids: Vec<ObjId> = (0..self.g.objs.len() as ObjId)
            .filter(|&i| self.g.obj(i).owner == seat && self.g.card(i).name == name)
            .collect();
        *ids.iter()
            .find(|&&i| self.g.obj(i).zone == Zone::Deck)
            .or(ids.first())
            .unwrap_or_else(|| panic!("P{} has no {name}", seat + 1))
    }

    pub fn in_hand(&mut self, seat: u8, name: &str) -> ObjId {
        let id = self.find(seat, name);
        self.g.set_zone(id, Zone::Hand);
        id
    }

    /// Put a permanent onto the board, ready, without playing it.
    pub fn put(&mut self, seat: u8, name: &str, at: Loc) -> ObjId {
        let id = self.find(seat, name);
        let zone = match at {
            Loc::Bf(b) => Zone::Bf(b),
            _ => Zone::Base,
        };
        self.g.enter_board(id, seat, zone, false);
        // A unit put at an empty, uncontrolled battlefield holds it (no showdown is simulated).
        if let Loc::Bf(b) = at {
            let others = self.g.units_at(at).any(|u| self.g.obj(u).controller != seat);
            if self.g.bfs[b as usize].controller == NOBODY && !others {
                self.own(seat, b);
            }
        }
        id
    }

    /// Give a seat control of a battlefield.
    pub fn own(&mut self, seat: u8, b: u8) {
        self.g.bfs[b as usize].controller = seat;
        self.g.bfs[b as usize].contested_by = NOBODY;
    }

    /// Channel `n` more ready runes for `seat`.
    pub fn runes(&mut self, seat: u8, n: i32) {
        self.g.channel(seat, n, false);
    }

    /// Channel a specific rune (by name) ready.
    pub fn rune(&mut self, seat: u8, name: &str) -> ObjId {
        let id = *self.g.players[seat as usize]
            .rune_deck
            .iter()
            .find(|&&r| self.g.card(r).name == name)
            .unwrap_or_else(|| panic!("no {name} left in P{}'s rune deck", seat + 1));
        self.g.enter_board(id, seat, Zone::Base, false);
        id
    }

    /// Both battlefields become Whispering Alcove (no effect on combat or scoring).
    pub fn plain(&mut self) {
        let alcove = self.g.db().by_name("Whispering Alcove").unwrap();
        for b in self.g.bfs.iter_mut() {
            b.def = alcove;
        }
    }

    /// Set a battlefield to a named one.
    pub fn bf(&mut self, b: u8, name: &str) {
        self.g.bfs[b as usize].def = self.g.db().by_name(name).unwrap();
    }

    /// Remove all of a seat's runes from the board.
    pub fn no_runes(&mut self, seat: u8) {
        for i in 0..self.g.objs.len() as ObjId {
            let o = self.g.obj(i);
            if o.zone == Zone::Base && o.controller == seat && self.g.def(o.def).kind == riftbound::cards::Kind::Rune {
                self.g.set_zone(i, Zone::RuneDeck);
            }
        }
    }

    pub fn c(&self, id: ObjId) -> String {
        format!("c{id}")
    }
    pub fn might(&self, id: ObjId) -> i32 {
        self.g.might(id)
    }
    pub fn damage(&self, id: ObjId) -> i16 {
        self.g.obj(id).damage
    }
    pub fn zone(&self, id: ObjId) -> Zone {
        self.g.obj(id).zone
    }
    pub fn exhausted(&self, id: ObjId) -> bool {
        self.g.obj(id).has(flag::EXHAUSTED)
    }
    pub fn stunned(&self, id: ObjId) -> bool {
        self.g.obj(id).has(flag::STUNNED)
    }
    pub fn points(&self, seat: u8) -> u8 {
        self.g.players[seat as usize].points
    }
    pub fn hand(&self, seat: u8) -> usize {
        self.g.players[seat as usize].hand.len()
    }
    pub fn controller(&self, b: u8) -> u8 {
        self.g.bfs[b as usize].controller
    }
    pub fn ready_runes(&self, seat: u8) -> usize {
        (0..self.g.objs.len() as ObjId)
            .filter(|&i| {
                let o = self.g.obj(i);
                o.zone == Zone::Base
                    && o.controller == seat
                    && self.g.def(o.def).kind == riftbound::cards::Kind::Rune
                    && !o.has(flag::EXHAUSTED)
            })
            .count()
    }
    pub fn board_runes(&self, seat: u8) -> usize {
        (0..self.g.objs.len() as ObjId)
            .filter(|&i| {
                let o = self.g.obj(i);
                o.zone == Zone::Base && o.controller == seat && self.g.def(o.def).kind == riftbound::cards::Kind::Rune
            })
            .count()
    }

    /// End P-to-act's turn and pass through the opponent's turn start, landing in their Main.
    pub fn end_turn(&mut self) {
        self.act("end");
    }
}

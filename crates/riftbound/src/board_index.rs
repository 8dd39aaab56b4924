//! The board index (speed only, no rules): which objects are on the board (a base or a
//! battlefield, CR 107), kept as a bit set so that the questions asked at every action ("which
//! runes can pay", "which units are here", "what can be activated") look at the 10–30 objects on
//! the board instead of all 104–208 of the game, most of which are in decks.
//!
//! The one function that moves objects between zones (`set_zone`, ops.rs) and the one that
//! creates them (`new_obj`, setup.rs) keep it; the position reader rebuilds it. Moves from one
//! board location to another (recall, movement, attached gear) don't change it. Anything that
//! writes `Obj::zone` from off the board to the board directly, or `Obj::controller` of an
//! object on the board (channel, entering the board, control changes), must call
//! [`RiftGame::index_zone`]: in debug builds `apply_action` checks the index against a full
//! rebuild after every action and panics naming the object that disagrees.
//!
//! Objects with ids from [`BoardSet::CAP`] up are not in the set: [`RiftGame::board_ids`] always
//! yields them, so a game with more objects (many tokens) is still right, only slower.

use crate::action::ObjId;
use crate::cards::Kind;
use crate::state::{RiftGame, Zone, NONE};

/// A bit per object id below [`BoardSet::CAP`]: set while the object is on the board; and a
/// second set for the objects on the chain (targets are board or chain objects, CR 355), and a
/// third for the zones other than the hand that cards may be played from: the champion zone, the
/// facedown zones (Hidden, CR 811) and the trash (Flow, CR 829).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardSet {
    bits: [u64; 4],
    chain: [u64; 4],
    playable: [u64; 4],
    /// The runes among `bits` (a rune never changes card: copies are of units, `layers.rs`).
    /// Most of the board is runes, and only payment asks about them.
    runes: [u64; 4],
    /// The runes among `runes` whose card has no ability of its own: nothing to activate (a
    /// granted ability is asked of units only, CR 477.2), so the activation loop of `legal`
    /// skips them.
    inert: [u64; 4],
    /// The objects among `bits` by controller (seats 0–3): the payment scans read one player's
    /// runes and gear, and the activation loop one player's objects. Every write of
    /// `Obj::controller` of an object on the board calls [`RiftGame::index_zone`].
    seat: [[u64; 4]; 4],
    /// The units among `bits` (a copy keeps a unit a unit and a gear a gear, `copy_fits`): the
    /// unit scans and the cleanup pass skip the gear without looking its card up.
    units: [u64; 4],
}

fn put(set: &mut [u64; 4], id: ObjId, on: bool) {
    let i = id as usize;
    if i < BoardSet::CAP {
        let (w, b) = (i / 64, i % 64);
        if on {
            set[w] |= 1 << b;
        } else {
            set[w] &= !(1 << b);
        }
    }
}

fn has(set: &[u64; 4], id: ObjId) -> bool {
    let i = id as usize;
    i < BoardSet::CAP && set[i / 64] & (1 << (i % 64)) != 0
}

/// The zones other than the hand that the third set holds.
fn playable_zone(z: Zone) -> bool {
    matches!(z, Zone::ChampionZone | Zone::Facedown(_) | Zone::Trash)
}

impl BoardSet {
    /// Object ids below this are in the set (1v1 has 104 objects, four players 208, plus tokens).
    pub const CAP: usize = 256;

    pub fn set(&mut self, id: ObjId, on: bool) {
        put(&mut self.bits, id, on)
    }

    pub fn contains(&self, id: ObjId) -> bool {
        has(&self.bits, id)
    }

    pub fn set_chain(&mut self, id: ObjId, on: bool) {
        put(&mut self.chain, id, on)
    }

    pub fn on_chain(&self, id: ObjId) -> bool {
        has(&self.chain, id)
    }

    pub fn set_playable(&mut self, id: ObjId, on: bool) {
        put(&mut self.playable, id, on)
    }

    pub fn playable(&self, id: ObjId) -> bool {
        has(&self.playable, id)
    }

    pub fn set_rune(&mut self, id: ObjId, on: bool) {
        put(&mut self.runes, id, on)
    }

    pub fn rune(&self, id: ObjId) -> bool {
        has(&self.runes, id)
    }

    pub fn set_inert(&mut self, id: ObjId, on: bool) {
        put(&mut self.inert, id, on)
    }

    pub fn inert(&self, id: ObjId) -> bool {
        has(&self.inert, id)
    }

    pub fn set_unit(&mut self, id: ObjId, on: bool) {
        put(&mut self.units, id, on)
    }

    pub fn unit(&self, id: ObjId) -> bool {
        has(&self.units, id)
    }

    /// Whether the sets know `id` exactly (below `CAP`); other ids are yielded by every scan.
    pub fn exact(id: ObjId) -> bool {
        (id as usize) < BoardSet::CAP
    }

    /// Index `id` under controller `c` (on the board) or under nobody (`on` false).
    pub fn set_seat(&mut self, id: ObjId, c: u8, on: bool) {
        for (s, set) in self.seat.iter_mut().enumerate() {
            put(set, id, on && s == c as usize);
        }
    }

    /// The controller `id` is indexed under, if any.
    pub fn seat_of(&self, id: ObjId) -> Option<u8> {
        (0..4u8).find(|&s| has(&self.seat[s as usize], id))
    }
}

/// Candidates for "on the board", in id order: the set's ids, then every id from `CAP` up.
/// Callers still test the zone (the candidates are a superset only for ids from `CAP` up).
#[derive(Clone, Debug)]
pub struct BoardIds {
    /// The word being read (bits not yet yielded) and its index.
    cur: u64,
    word: usize,
    bits: [u64; 4],
    tail: std::ops::Range<usize>,
}

impl BoardIds {
    fn new(bits: [u64; 4], n: usize) -> BoardIds {
        BoardIds { cur: bits[0], word: 0, bits, tail: BoardSet::CAP.min(n)..n }
    }
}

impl Iterator for BoardIds {
    type Item = ObjId;
    #[inline]
    fn next(&mut self) -> Option<ObjId> {
        loop {
            if self.cur != 0 {
                let b = self.cur.trailing_zeros() as usize;
                self.cur &= self.cur - 1;
                return Some((self.word * 64 + b) as ObjId);
            }
            if self.word >= 3 {
                return self.tail.next().map(|i| i as ObjId);
            }
            self.word += 1;
            self.cur = self.bits[self.word];
        }
    }
}

impl RiftGame {
    /// Objects that may be on the board, in id order (every object on the board is among them;
    /// below `BoardSet::CAP` exactly those). Owns a copy of the index, so the caller may change
    /// objects while it iterates.
    pub fn board_ids(&self) -> BoardIds {
        BoardIds::new(self.board.bits, self.objs.len())
    }

    /// Objects that may be on the board and are not runes, in id order (units, gear, legends'
    /// objects...: what the unit, equipment and cleanup scans need).
    pub fn nonrune_ids(&self) -> BoardIds {
        let b = &self.board;
        BoardIds::new(std::array::from_fn(|w| b.bits[w] & !b.runes[w]), self.objs.len())
    }

    /// Objects that may be on the board and may have something to activate (not the runes whose
    /// card has no ability), in id order.
    pub fn active_ids(&self) -> BoardIds {
        let b = &self.board;
        BoardIds::new(std::array::from_fn(|w| b.bits[w] & !b.inert[w]), self.objs.len())
    }

    /// Objects that may be on the board under `seat`'s control, in id order (callers still test
    /// zone and controller for ids from `CAP` up).
    pub fn board_ids_of(&self, seat: u8) -> BoardIds {
        BoardIds::new(self.board.seat[seat as usize & 3], self.objs.len())
    }

    /// Runes that may be on the board under `seat`'s control, in id order (every such rune is
    /// among them; callers still test zone and controller for ids from `CAP` up).
    pub fn runes_of(&self, seat: u8) -> BoardIds {
        let (b, s) = (&self.board, seat as usize & 3);
        BoardIds::new(std::array::from_fn(|w| b.seat[s][w] & b.runes[w]), self.objs.len())
    }

    /// Objects that may be on the board under `seat`'s control and are not runes, in id order.
    pub fn nonrunes_of(&self, seat: u8) -> BoardIds {
        let (b, s) = (&self.board, seat as usize & 3);
        BoardIds::new(std::array::from_fn(|w| b.seat[s][w] & !b.runes[w]), self.objs.len())
    }

    /// Units that may be on the board, in id order (below `CAP` exactly those: callers test zone
    /// and card only for ids from `CAP` up, `BoardSet::exact`).
    pub fn unit_ids(&self) -> BoardIds {
        BoardIds::new(self.board.units, self.objs.len())
    }

    /// `unit_ids` under `seat`'s control.
    pub fn unit_ids_of(&self, seat: u8) -> BoardIds {
        let (b, s) = (&self.board, seat as usize & 3);
        BoardIds::new(std::array::from_fn(|w| b.seat[s][w] & b.units[w]), self.objs.len())
    }

    /// Objects that may be on the board and are neither runes nor units (gear), in id order.
    pub fn gear_ids(&self) -> BoardIds {
        let b = &self.board;
        BoardIds::new(std::array::from_fn(|w| b.bits[w] & !b.runes[w] & !b.units[w]), self.objs.len())
    }

    /// `active_ids` under `seat`'s control.
    pub fn active_ids_of(&self, seat: u8) -> BoardIds {
        let (b, s) = (&self.board, seat as usize & 3);
        BoardIds::new(std::array::from_fn(|w| b.seat[s][w] & !b.inert[w]), self.objs.len())
    }

    /// Objects that may be on the board or on the chain (what `all_tgts` names), in id order.
    pub fn board_or_chain_ids(&self) -> BoardIds {
        let b = &self.board;
        BoardIds::new(std::array::from_fn(|w| b.bits[w] | b.chain[w]), self.objs.len())
    }

    /// Objects that may be targets, in id order: of the board's objects controlled by one of
    /// `seats` (bits), the units if `units` and the gear if `gear` (no target kind names a rune,
    /// CR 355; `target_ok`); and the objects on the chain if `chain`.
    pub fn target_ids(&self, units: bool, gear: bool, chain: bool, seats: u8) -> BoardIds {
        let b = &self.board;
        let all = |on: bool| if on { u64::MAX } else { 0 };
        let (u, g, ch) = (all(units), all(gear), all(chain));
        BoardIds::new(
            std::array::from_fn(|w| {
                let mine = (0..4).filter(|s| seats & (1 << s) != 0).fold(0, |m, s| m | b.seat[s][w]);
                let board = mine & !b.runes[w];
                (board & b.units[w] & u) | (board & !b.units[w] & g) | (b.chain[w] & ch)
            }),
            self.objs.len(),
        )
    }

    /// Objects that may be in the champion zone, a facedown zone or the trash, in id order.
    pub fn playable_zone_ids(&self) -> BoardIds {
        BoardIds::new(self.board.playable, self.objs.len())
    }

    /// Bring the index up to date for one object after its zone or its controller was written.
    pub fn index_zone(&mut self, id: ObjId) {
        let o = &self.objs[id as usize];
        let (z, c) = (o.zone, o.controller);
        let d = self.db().get(o.def);
        let rune = z.on_board() && d.kind == Kind::Rune;
        let inert = rune && d.abilities.is_empty();
        let unit = z.on_board() && d.is_unit();
        self.board.set(id, z.on_board());
        self.board.set_seat(id, c, z.on_board());
        self.board.set_unit(id, unit);
        self.board.set_rune(id, rune);
        self.board.set_inert(id, inert);
        self.board.set_chain(id, z == Zone::Chain);
        self.board.set_playable(id, playable_zone(z));
    }

    /// Recompute the whole index from the objects' zones (after the position reader).
    pub fn rebuild_board_index(&mut self) {
        self.board = BoardSet::default();
        for i in 0..self.objs.len() {
            self.index_zone(i as ObjId);
        }
    }

    /// The first object whose zone disagrees with the index, if any (the debug check).
    pub fn board_index_error(&self) -> Option<String> {
        (0..self.objs.len().min(BoardSet::CAP)).find_map(|i| {
            let (o, id) = (&self.objs[i], i as ObjId);
            let b = &self.board;
            let d = self.db().get(o.def);
            let rune = o.zone.on_board() && d.kind == Kind::Rune;
            let inert = rune && d.abilities.is_empty();
            let seat = o.zone.on_board().then_some(o.controller);
            let unit = o.zone.on_board() && d.is_unit();
            (o.zone.on_board() != b.contains(id)
                || seat != b.seat_of(id)
                || unit != b.unit(id)
                || (o.zone == Zone::Chain) != b.on_chain(id)
                || playable_zone(o.zone) != b.playable(id)
                || rune != b.rune(id)
                || inert != b.inert(id)
                || (o.attached_to != NONE && !o.zone.on_board()))
            .then(|| {
                format!(
                    "board index out of date: object {i} is in {:?} under {} but the index says board {}, \
                         controller {:?}, unit {}, chain {}, champion/facedown/trash {}, rune {}, inert rune {}, \
                         attached to {} (only an object on the board may be attached: set_zone reads the board)",
                    o.zone,
                    o.controller,
                    b.contains(id),
                    b.seat_of(id),
                    b.unit(id),
                    b.on_chain(id),
                    b.playable(id),
                    b.rune(id),
                    b.inert(id),
                    o.attached_to
                )
            })
        })
    }

    /// Debug builds, after every action: the index agrees with a full rebuild.
    #[cfg(debug_assertions)]
    pub(crate) fn check_board_index(&self) {
        if let Some(e) = self.board_index_error() {
            panic!("{e}");
        }
    }
}

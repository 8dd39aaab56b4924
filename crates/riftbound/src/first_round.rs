//! The first-round adjustments (CR 482, 486–489; spec §5, §7.1): the player going last in turn
//! order channels one extra rune in their first Channel Phase (the second player of a Duel), and in
//! FFA and 2v2 the first player skips their first draw. Both belong to a player's *first turn*, not
//! to a turn number: an additional turn taken in the first round (CR 734–738) is nobody's first
//! turn if its player has had one, and it does not move the adjustments to someone else.
//!
//! [`RiftGame::turned`] holds the seats (bits) that have ended a turn; it is set in the Ending
//! Phase (`flow.rs`). A position that does not say `turned=` gets [`RiftGame::default_turned`].

use crate::state::*;

impl RiftGame {
    /// This is the turn player's first turn (they have not ended a turn before).
    pub(crate) fn first_turn_of(&self, seat: u8) -> bool {
        self.turned & (1 << seat) == 0
    }

    /// The last player in turn order channels one extra rune on their first turn (CR 482, 486–489):
    /// it is `seat`'s first turn and every other player still in the game has had one. (After a
    /// concession before everyone's first turn, whoever is then last in the first round gets it.)
    pub(crate) fn first_round_extra_rune(&self, seat: u8) -> bool {
        self.first_turn_of(seat)
            && seat != self.first_player
            && (0..self.n()).all(|s| s == seat || self.players[s as usize].left || !self.first_turn_of(s))
    }

    /// In FFA and 2v2 the first player skips the draw of their first turn (CR 486–489).
    pub(crate) fn first_round_skips_draw(&self, seat: u8) -> bool {
        self.opts.mode != crate::options::Mode::Duel && seat == self.first_player && self.first_turn_of(seat)
    }

    /// The seats that have ended a turn by turn number `turn`, when no additional turn was taken:
    /// the first `turn - 1` players in turn order from the first player (what a position means
    /// when it does not say `turned=`).
    pub fn default_turned(&self) -> u8 {
        let n = self.n().max(1) as u16;
        let done = self.turn.saturating_sub(1).min(n);
        (0..done).fold(0u8, |m, i| m | 1 << ((self.first_player as u16 + i) % n))
    }

    /// The Ending Phase: the turn player has now had a turn.
    pub(crate) fn mark_turned(&mut self, seat: u8) {
        self.turned |= 1 << seat;
    }
}

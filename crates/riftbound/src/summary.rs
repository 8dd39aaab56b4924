//! A seat-by-seat numeric summary of the board, for evaluators (crates/ai): the same numbers the
//! omniscient view gives (`view.rs`: points, battlefields controlled, the Might and number of the
//! non-rune cards at the seat's base and at battlefields, hand, runes, deck), read without
//! building the view's strings. A search evaluates thousands of positions per move; the view is
//! for players. `tests/summary.rs` checks every number against the view over random games.

use crate::cards::Kind;
use crate::state::{flag, RiftGame, Zone, NOBODY};

/// One seat's numbers (the view's field each comes from in brackets).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatSummary {
    /// `PlayerView::team`.
    pub team: u8,
    /// `PlayerView::left`.
    pub left: bool,
    /// `PlayerView::points`.
    pub points: u8,
    /// Battlefields whose `controller` is this seat.
    pub battlefields: u8,
    /// The Might summed over the units in `PlayerView::base` (non-rune cards at its base that it
    /// controls).
    pub base_might: i32,
    /// The Might summed over its units at battlefields (`BattlefieldView::units`).
    pub field_might: i32,
    /// `PlayerView::base.len()`: non-rune cards (units and gear) at its base.
    pub base_cards: u16,
    /// Its cards at battlefields (units and attached gear).
    pub field_cards: u16,
    /// `PlayerView::hand_count`.
    pub hand: u16,
    /// `PlayerView::runes_ready`.
    pub runes_ready: u16,
    /// `runes_ready + runes_exhausted`.
    pub runes: u16,
    /// `PlayerView::deck_count`.
    pub deck: u16,
}

impl RiftGame {
    /// Every seat's [`SeatSummary`], seats in order, appended to `out` (cleared first).
    pub fn seat_summaries(&self, out: &mut Vec<SeatSummary>) {
        out.clear();
        out.extend(self.players.iter().map(|p| SeatSummary {
            team: p.team,
            left: p.left,
            points: p.points,
            hand: p.hand.len() as u16,
            deck: p.deck.len() as u16,
            ..SeatSummary::default()
        }));
        for bf in &self.bfs {
            if bf.controller != NOBODY {
                if let Some(s) = out.get_mut(bf.controller as usize) {
                    s.battlefields += 1;
                }
            }
        }
        for id in self.board_ids() {
            let o = self.obj(id);
            let Some(s) = out.get_mut(o.controller as usize) else { continue };
            let d = self.def(o.def);
            match o.zone {
                Zone::Base if d.kind == Kind::Rune => {
                    s.runes += 1;
                    if !o.has(flag::EXHAUSTED) {
                        s.runes_ready += 1;
                    }
                }
                Zone::Base => {
                    s.base_cards += 1;
                    if d.is_unit() {
                        s.base_might += self.might(id);
                    }
                }
                Zone::Bf(_) => {
                    s.field_cards += 1;
                    if d.is_unit() {
                        s.field_might += self.might(id);
                    }
                }
                _ => {}
            }
        }
    }
}

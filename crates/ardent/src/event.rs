//! Log events. Draws are private to the drawer; a revealed hand shows only to the seat it
//! was shown to (everyone else sees its size). Every other event is public.

use crate::card::CardState;
use crate::state::{ArdentGame, Zone};
use engine::{EventLog, Seat};
use serde::{Deserialize, Serialize};

/// A card as the log and the view name it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRef {
    pub id: u8,
    pub number: u16,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ArdentEvent {
    TurnStarted { seat: Seat, turn: u32 },
    Played { seat: Seat, card: CardRef },
    Drew { seat: Seat, card: Option<CardRef> },
    Discarded { seat: Seat, card: CardRef },
    Moved { card: CardRef, seat: Seat, zone: String },
    Rotated { card: CardRef, state: CardState },
    Fight { attackers: Vec<CardRef>, defenders: Vec<CardRef>, attack: i32, defense: i32, attackers_win: bool },
    Harvested { seat: Seat, card: CardRef },
    Revealed { seat: Seat, shown_to: Seat, cards: Option<Vec<CardRef>>, count: usize },
    Reshuffled { seat: Seat },
    Lasting { seat: Seat, effect: String },
    NamedNumber { seat: Seat, number: i8 },
    TurnEnded { seat: Seat },
    DrawOffered { seat: Seat },
    DrawDeclined { seat: Seat },
    GameOver { reason: String, scores: Vec<i64> },
}

pub type Log = EventLog<ArdentEvent>;

impl ArdentGame {
    pub fn card_ref(&self, c: u8) -> CardRef {
        let d = self.card(c);
        CardRef { id: c, number: d.number, name: d.name_en.clone() }
    }

    pub(crate) fn log_move(&self, log: &mut Log, c: u8) {
        if log.is_enabled() {
            let l = self.loc(c);
            let zone = if l.zone == Zone::Line || l.zone == Zone::Relics { "play" } else { l.zone.name() };
            let card = self.card_ref(c);
            log.public(|| ArdentEvent::Moved { card, seat: Seat(l.seat), zone: zone.to_string() });
        }
    }

    pub(crate) fn log_reveal(&self, log: &mut Log, seat: Seat) {
        if log.is_enabled() {
            let cards: Vec<CardRef> = self.pile(seat, Zone::Hand).iter().map(|c| self.card_ref(c)).collect();
            let count = cards.len();
            let shown_to = seat.other();
            log.private(
                shown_to,
                || ArdentEvent::Revealed { seat, shown_to, cards: Some(cards), count },
                || ArdentEvent::Revealed { seat, shown_to, cards: None, count },
            );
        }
    }
}

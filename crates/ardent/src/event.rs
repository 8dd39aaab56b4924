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
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    Played {
        seat: Seat,
        card: CardRef,
        /// Where it was played from: `hand`, or `deck` for a play an effect makes (A26).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        from: String,
    },
    Drew {
        seat: Seat,
        card: Option<CardRef>,
    },
    Discarded {
        seat: Seat,
        card: CardRef,
    },
    Moved {
        card: CardRef,
        seat: Seat,
        zone: String,
        /// The zone it left (`play` for a line or relic area, `resolving` for a card being played).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        from: String,
        /// The receiving seat's score total after the move, when the card went to a score pile.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        total: Option<i32>,
    },
    Rotated {
        card: CardRef,
        state: CardState,
    },
    Fight {
        attackers: Vec<CardRef>,
        defenders: Vec<CardRef>,
        attack: i32,
        defense: i32,
        attackers_win: bool,
        /// The attacking player.
        by: Seat,
    },
    Harvested {
        seat: Seat,
        card: CardRef,
    },
    /// §5.3 step 5: a winning fighter goes to its owner's discard pile.
    FightWon {
        card: CardRef,
        owner: Seat,
    },
    /// §5.3 step 5: a losing fighter is defeated and scored by the winning controller.
    Defeated {
        card: CardRef,
        by: Seat,
        vp: i8,
        total: i32,
    },
    /// §4.3: the current player's cards in play turned one stage (only those that changed).
    RotateStep {
        seat: Seat,
        cards: Vec<(CardRef, CardState)>,
    },
    /// A deck was shuffled (a card shuffled into it, Nudge).
    Shuffled {
        seat: Seat,
    },
    Revealed {
        seat: Seat,
        shown_to: Seat,
        cards: Option<Vec<CardRef>>,
        count: usize,
    },
    Reshuffled {
        seat: Seat,
    },
    Lasting {
        seat: Seat,
        effect: String,
    },
    NamedNumber {
        seat: Seat,
        number: i8,
    },
    TurnEnded {
        seat: Seat,
    },
    DrawOffered {
        seat: Seat,
    },
    DrawDeclined {
        seat: Seat,
    },
    GameOver {
        reason: String,
        scores: Vec<i64>,
    },
}

pub type Log = EventLog<ArdentEvent>;

impl ArdentGame {
    pub fn card_ref(&self, c: u8) -> CardRef {
        let d = self.card(c);
        CardRef { id: c, number: d.number, name: d.name_en.clone() }
    }

    /// Log that card `c` moved (already done) from zone `from`.
    pub(crate) fn log_move(&self, log: &mut Log, c: u8, from: Zone) {
        if log.is_enabled() {
            let l = self.loc(c);
            let name = |z: Zone| match z {
                Zone::Line | Zone::Relics => "play",
                Zone::Limbo => "resolving",
                z => z.name(),
            };
            let card = self.card_ref(c);
            let total = (l.zone == Zone::Score).then(|| self.score(Seat(l.seat)));
            log.public(|| ArdentEvent::Moved {
                card,
                seat: Seat(l.seat),
                zone: name(l.zone).to_string(),
                from: name(from).to_string(),
                total,
            });
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

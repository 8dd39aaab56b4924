//! What a bot is given: its seat's information set, never the true state (design.md §5).
//!
//! The state is a private field of this module, so no bot — in this crate or another — can
//! reach it. Everything offered here depends only on what the seat may know: the legal actions
//! of the seat to act, its own view, the status, and a determinization for that seat.

use crate::error::AiError;
use engine::{Game, GameRng, Label, Seat, Status, Viewer};

pub struct Observation<'a, G: Game> {
    state: &'a G,
    seat: Seat,
}

impl<'a, G: Game> Observation<'a, G> {
    /// The information set of the seat that must decide now.
    pub fn of_seat_to_act(state: &'a G) -> Result<Self, AiError> {
        match state.status() {
            Status::ToAct(seat) => Ok(Observation { state, seat }),
            Status::Over(_) => Err(AiError::GameOver),
        }
    }

    /// The seat this observation belongs to (the seat to act).
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn num_seats(&self) -> usize {
        self.state.num_seats()
    }

    /// The rules options, which every player knows.
    pub fn options(&self) -> &G::Options {
        self.state.options()
    }

    pub fn status(&self) -> Status {
        self.state.status()
    }

    /// The legal actions of this seat, in the game's deterministic order, appended to `out`.
    pub fn legal_actions_into(&self, out: &mut Vec<G::Action>) {
        self.state.legal_actions(out)
    }

    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut out = Vec::new();
        self.state.legal_actions(&mut out);
        out
    }

    /// This seat's view: exactly what it may know.
    pub fn view(&self) -> G::View {
        self.state.view(Viewer::Seat(self.seat))
    }

    /// A full state in which everything this seat cannot see is resampled from `rng`,
    /// consistently with its view.
    pub fn determinize(&self, rng: &mut GameRng) -> G {
        self.state.determinize(self.seat, rng)
    }

    pub fn action_label(&self, action: &G::Action) -> Label {
        self.state.action_label(action)
    }
}

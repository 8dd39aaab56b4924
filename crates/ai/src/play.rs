//! Playing one game between bots.

use crate::bot::Bot;
use crate::error::AiError;
use crate::observation::Observation;
use engine::{EventLog, Game, Outcome, Status};

/// How a played game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub outcome: Outcome,
    /// Actions taken.
    pub length: usize,
}

/// Play `state` to the end, `bots[s]` deciding for seat `s`. Each bot sees only an
/// [`Observation`]. The actions are pushed onto `history` when given. `index` names the game in
/// errors.
pub fn play_game<G: Game>(
    mut state: G,
    bots: &mut [Box<dyn Bot<G>>],
    mut history: Option<&mut Vec<G::Action>>,
    index: usize,
) -> Result<(G, Played), AiError> {
    let bound = state.max_actions();
    let mut log = EventLog::disabled();
    let mut length = 0usize;
    loop {
        let seat = match state.status() {
            Status::Over(outcome) => return Ok((state, Played { outcome, length })),
            Status::ToAct(seat) => seat,
        };
        if length >= bound {
            return Err(AiError::TooLong { index, bound });
        }
        let bot = bots
            .get_mut(seat.index())
            .ok_or_else(|| AiError::Config(format!("no bot for seat {seat} (game {index})")))?;
        let action = bot.choose(&Observation::of_seat_to_act(&state)?)?;
        state.apply(&action, &mut log).map_err(|e| AiError::IllegalChoice {
            bot: bot.name(),
            action: action.to_string(),
            reason: e.message,
        })?;
        if let Some(h) = history.as_deref_mut() {
            h.push(action);
        }
        length += 1;
    }
}

//! Typed errors shared by every game. Messages are one line and name the problem.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SetupError(pub String);

impl SetupError {
    pub fn new(msg: impl Into<String>) -> Self {
        SetupError(msg.into())
    }
}

/// Why a piece of action notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read action '{text}': {reason}")]
pub struct NotationError {
    pub text: String,
    pub reason: String,
}

impl NotationError {
    pub fn new(text: &str, reason: impl Into<String>) -> Self {
        NotationError { text: text.to_string(), reason: reason.into() }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionErrorKind {
    /// The text is not an action of this game.
    Malformed,
    /// Well-formed, but not a legal action now (the message names the rule).
    Illegal,
    /// Another seat must decide now.
    OutOfTurn,
    /// The game has ended.
    GameOver,
    /// Another seat's out-of-turn action (a host refuses it from anyone but that seat).
    Unauthorised,
}

/// An action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{message}")]
pub struct ActionError {
    pub kind: ActionErrorKind,
    pub message: String,
}

impl ActionError {
    pub fn illegal(msg: impl Into<String>) -> Self {
        ActionError { kind: ActionErrorKind::Illegal, message: msg.into() }
    }
    pub fn malformed(msg: impl Into<String>) -> Self {
        ActionError { kind: ActionErrorKind::Malformed, message: msg.into() }
    }
    pub fn out_of_turn(msg: impl Into<String>) -> Self {
        ActionError { kind: ActionErrorKind::OutOfTurn, message: msg.into() }
    }
    pub fn unauthorised(msg: impl Into<String>) -> Self {
        ActionError { kind: ActionErrorKind::Unauthorised, message: msg.into() }
    }
    pub fn game_over() -> Self {
        ActionError { kind: ActionErrorKind::GameOver, message: "the game is over".into() }
    }
}

impl From<NotationError> for ActionError {
    fn from(e: NotationError) -> Self {
        ActionError::malformed(e.to_string())
    }
}

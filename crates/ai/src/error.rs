//! The errors of bots, arenas and simulations: one line each, naming the problem.

use thiserror::Error;

/// The bot names [`crate::BotSpec`] knows, with examples, for error messages.
pub const BOT_HELP: &str = "easy, medium, hard, expert (levels), random, greedy[:N determinizations][,eval=E], mcts[:ITERATIONS|:TIMEms|:TIMEs][xTHREADS][,c=F,rollout=random|greedy|policy,cap=N,eval=hand|learned|FILE.json], solver[:NODES][,depth=D,mcts=N] (fate) (e.g. mcts:2000, mcts:100ms, mcts:2000x4)";

#[derive(Clone, Debug, PartialEq, Error)]
pub enum AiError {
    #[error("unknown bot '{0}': choose one of {BOT_HELP}")]
    UnknownBot(String),
    #[error("bad bot spec '{spec}': {reason} (bots: {BOT_HELP})")]
    BadSpec { spec: String, reason: String },
    #[error("unknown game '{name}': choose one of {known}")]
    UnknownGame { name: String, known: String },
    #[error("setup: {0}")]
    Setup(String),
    #[error("the game is over: there is no decision to make")]
    GameOver,
    #[error("bot {bot} chose '{action}', which the rules refused: {reason}")]
    IllegalChoice { bot: String, action: String, reason: String },
    #[error("rules error during search: legal action '{action}' was refused: {reason}")]
    RulesBug { action: String, reason: String },
    #[error("game {index} passed its length bound of {bound} actions without ending")]
    TooLong { index: usize, bound: usize },
    #[error("bad configuration: {0}")]
    Config(String),
    #[error("cannot merge: {0}")]
    Merge(String),
    #[error("{0}")]
    Io(String),
}

impl From<engine::SetupError> for AiError {
    fn from(e: engine::SetupError) -> Self {
        AiError::Setup(e.0)
    }
}

impl From<std::io::Error> for AiError {
    fn from(e: std::io::Error) -> Self {
        AiError::Io(e.to_string())
    }
}

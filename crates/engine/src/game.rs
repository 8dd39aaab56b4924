//! The game contract (design.md §2). Every game implements [`Game`]; the AI, the simulator,
//! the server, replays, scenarios and the conformance harness use nothing else.

use crate::cards::{CardSet, Cards};
use crate::error::{ActionError, NotationError, SetupError};
use crate::label::Label;
use crate::log::EventLog;
use crate::present::{ActionMeta, CardInfo, EventText, OptionInfo, Prompt};
use crate::rng::GameRng;
use crate::seat::{Seat, Viewer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The seats that won. Empty means a draw (or a mutual loss, which the reason names).
    pub winners: Vec<Seat>,
    /// Per-seat scores where the game has them (points, score-pile sizes); empty otherwise.
    pub scores: Vec<i64>,
    /// Why the game ended, in a few words ("King discarded", "ply limit").
    pub reason: String,
}

impl Outcome {
    pub fn win(seat: Seat, reason: impl Into<String>) -> Self {
        Outcome { winners: vec![seat], scores: Vec::new(), reason: reason.into() }
    }
    pub fn draw(reason: impl Into<String>) -> Self {
        Outcome { winners: Vec::new(), scores: Vec::new(), reason: reason.into() }
    }
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
    /// 1 for a win, 0.5 for a draw, 0 for a loss: what bots maximise.
    pub fn reward(&self, seat: Seat) -> f64 {
        if self.winners.is_empty() {
            0.5
        } else if self.winners.contains(&seat) {
            1.0
        } else {
            0.0
        }
    }
}

/// Who must decide now, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// This seat must choose one of the legal actions. Out-of-turn decisions (a reaction,
    /// a defensive buff) are simply another seat to act.
    ToAct(Seat),
    Over(Outcome),
}

impl Status {
    pub fn to_act(&self) -> Option<Seat> {
        match self {
            Status::ToAct(s) => Some(*s),
            Status::Over(_) => None,
        }
    }
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over(_))
    }
}

/// A game's rules. A value of the implementing type is one game state.
pub trait Game: Clone + PartialEq + Debug + Send + Sync + Sized + 'static {
    /// The name the type-erased layer hosts it by: `fate`, `ardent`, `riftbound`.
    const NAME: &'static str;

    /// Every rules option of the game's spec, defaulting as the spec says.
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What a table brings besides options and seed: seat count, decks.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A small typed decision. `Display`/`FromStr` give the stable notation (round-tripping).
    type Action: Clone + Debug + PartialEq + Eq + Hash + Display + FromStr<Err = NotationError> + Send + Sync;
    /// What one viewer may know, and nothing more.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send;
    /// A log event.
    type Event: Clone + Debug + Serialize + Send;
    /// The card set the game is played with ([`crate::cards::NoCards`] where the cards are
    /// the rules). It travels in the options (`cards`), so replays and tables carry it.
    type Cards: CardSet;

    /// Build the initial state. Bad options or setup give a typed error.
    fn new(options: &Self::Options, setup: &Self::Setup, seed: u64) -> Result<Self, SetupError>;

    /// A legal setup chosen at random (random legal decks, the starter decks, the seat count
    /// the options call for): what simulations and the conformance harness play.
    fn sample_setup(options: &Self::Options, rng: &mut GameRng) -> Result<Self::Setup, SetupError>;

    /// The setup for a table whose players bring these decks (file contents, in the game's deck
    /// formats), one per seat. With no decks: the game's bundled sample decks, or a sampled setup.
    fn setup_with_decks(
        options: &Self::Options,
        decks: &[String],
        rng: &mut GameRng,
    ) -> Result<Self::Setup, SetupError> {
        if decks.is_empty() {
            Self::sample_setup(options, rng)
        } else {
            Err(SetupError::new(format!("{} is played without decks", Self::NAME)))
        }
    }

    fn options(&self) -> &Self::Options;

    /// The card set these options play with (the built-in set unless one was loaded).
    fn card_set(options: &Self::Options) -> Cards<Self::Cards> {
        let _ = options;
        Cards::builtin()
    }
    fn num_seats(&self) -> usize;
    fn status(&self) -> Status;

    /// The legal actions of the seat to act, in a deterministic order, appended to `out`
    /// (which the caller clears). Empty exactly when the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Apply an action of the seat to act. An illegal action returns an error and leaves the
    /// state unchanged. Never panics on anything a player can send.
    fn apply(&mut self, action: &Self::Action, log: &mut EventLog<Self::Event>) -> Result<(), ActionError>;

    /// What `viewer` may see.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// A state in which everything `seat` cannot see is resampled consistently with its view.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// An upper bound on the number of actions a game can take: the harness fails past it.
    fn max_actions(&self) -> usize;

    /// A short description of an action for people, in English and Chinese.
    fn action_label(&self, action: &Self::Action) -> Label {
        let text = action.to_string();
        Label::new(text.clone(), text)
    }

    /// The action by which `seat` concedes now, whether or not it is to act, where the game's
    /// rules let a player leave (a multiplayer game goes on without them). `apply` accepts it
    /// from that seat at any moment it is offered here. `None`: the host ends the game itself
    /// (a two-player concession).
    fn concede_action(&self, seat: Seat) -> Option<Self::Action> {
        let _ = seat;
        None
    }

    /// Every action `seat` may play now whether or not it is to act (out of turn), in a
    /// deterministic order: the game's concession where it has one and, where the rules allow
    /// more than one way to leave (a Riftbound match: the current game or the whole match), the
    /// others. `apply` accepts each from that seat at any moment it is offered here; a host
    /// accepts one seat's out-of-turn action from that seat only. For the seat to act they may
    /// also be among its legal actions. Default: [`Game::concede_action`] as a one-element list.
    fn out_of_turn_actions(&self, seat: Seat) -> Vec<Self::Action> {
        self.concede_action(seat).into_iter().collect()
    }

    /// What an action is (kind, the cards it is about, the prompt it answers), for clients.
    fn action_meta(&self, action: &Self::Action) -> ActionMeta {
        let _ = action;
        ActionMeta::default()
    }

    /// What the seat to act is deciding now: what, for which card, picks left, a cancel.
    /// Every decision point of a game has one; `None` only once the game is over.
    fn prompt(&self) -> Option<Prompt> {
        None
    }

    /// A log event in words, for the viewers the event is shown to. Called on the state right
    /// after the action that produced the event.
    fn describe_event(&self, event: &Self::Event) -> EventText {
        let text = format!("{event:?}");
        EventText::new(Default::default(), Label::new(text.clone(), text))
    }

    /// How the game ended, in words.
    fn outcome_label(&self, outcome: &Outcome) -> Label {
        Label::new(outcome.reason.clone(), outcome.reason.clone())
    }

    /// Every card of the set this game is played with (tokens, legends, battlefields and court
    /// cards included), with its rules text in both languages.
    fn catalogue(&self) -> Vec<CardInfo> {
        Vec::new()
    }

    /// Every rules option, with a readable name, a description and its choices, for forms.
    fn options_info() -> Vec<OptionInfo> {
        Vec::new()
    }

    /// The board as text for the terminal, as `viewer` sees it.
    fn render(&self, viewer: Viewer) -> String;

    /// The position in the game's own position notation (like FEN), where it has one.
    fn position(&self) -> Option<String> {
        None
    }

    /// Read a position written by [`Game::position`].
    fn from_position(options: &Self::Options, text: &str) -> Result<Self, SetupError> {
        let _ = (options, text);
        Err(SetupError::new(format!("{} has no position notation", Self::NAME)))
    }

    /// Parse an action and apply it: the checked text path used by every host.
    fn apply_notation(&mut self, text: &str, log: &mut EventLog<Self::Event>) -> Result<Self::Action, ActionError> {
        if let Status::Over(_) = self.status() {
            return Err(ActionError::game_over());
        }
        let action: Self::Action = text.trim().parse()?;
        self.apply(&action, log)?;
        Ok(action)
    }
}

/// Play `actions` (in notation) from a fresh setup: the replay path.
pub fn replay_actions<G: Game>(
    options: &G::Options,
    setup: &G::Setup,
    seed: u64,
    actions: &[String],
) -> Result<G, String> {
    let mut state = G::new(options, setup, seed).map_err(|e| format!("setup: {e}"))?;
    let mut log = EventLog::disabled();
    for (i, a) in actions.iter().enumerate() {
        state.apply_notation(a, &mut log).map_err(|e| format!("action {} '{}': {}", i + 1, a, e))?;
    }
    Ok(state)
}

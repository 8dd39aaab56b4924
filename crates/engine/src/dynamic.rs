//! The type-erased layer (design.md §2): JSON and notation in and out, so that the server and
//! the CLI host any game by name.

use crate::cards::{CardFormat, CardSet, CardSetError};
use crate::error::{ActionError, SetupError};
use crate::game::{Game, Status};
use crate::label::Label;
use crate::log::{EventLog, LogEntry};
use crate::present::{ActionMeta, CardInfo, EventText, OptionInfo, Prompt};
use crate::replay::{Replay, REPLAY_FORMAT};
use crate::rng::GameRng;
use crate::seat::{Seat, Viewer};
use serde_json::Value;

/// A legal action as hosts show it: notation, label, and what it is (kind, cards, prompt).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ActionInfo {
    pub notation: String,
    pub label: Label,
    #[serde(flatten)]
    pub meta: ActionMeta,
}

/// A log event as hosts keep it: the game's event as JSON and the words that say it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LoggedEvent {
    pub event: Value,
    #[serde(flatten)]
    pub text: EventText,
}

/// A hosted game of any kind.
pub trait DynGame: Send + Sync {
    fn game_name(&self) -> &'static str;
    fn num_seats(&self) -> usize;
    fn status(&self) -> Status;
    fn legal_actions(&self) -> Vec<ActionInfo>;
    /// The notation by which `seat` concedes now, out of turn too ([`Game::concede_action`]).
    fn concede_action(&self, seat: Seat) -> Option<String>;
    /// The actions `seat` may play now out of turn ([`Game::out_of_turn_actions`]), shown as
    /// legal actions are: hosts accept each from that seat whether or not it is to act.
    fn out_of_turn_actions(&self, seat: Seat) -> Vec<ActionInfo>;
    /// Whether a host may pass `notation` from `seat` to [`DynGame::apply`] now: one of that
    /// seat's out-of-turn actions always (read as the game reads it, so any spelling of it), any
    /// other action only from the seat to act, and never another seat's out-of-turn action
    /// (`unauthorised`: the game could not tell who sent it). Whether it is legal is `apply`'s.
    fn may_send(&self, seat: Seat, notation: &str) -> Result<(), ActionError>;
    /// What the seat to act is deciding now ([`Game::prompt`]).
    fn prompt(&self) -> Option<Prompt>;
    /// How the game ended, in words, once it is over.
    fn outcome_label(&self) -> Option<Label>;
    /// The cards of the set this game is played with.
    fn catalogue(&self) -> Vec<CardInfo>;
    /// Apply an action in notation; returns the log entries it produced, described.
    fn apply(&mut self, notation: &str) -> Result<Vec<LogEntry<LoggedEvent>>, ActionError>;
    fn view(&self, viewer: Viewer) -> Value;
    fn render(&self, viewer: Viewer) -> String;
    fn position(&self) -> Option<String>;
    /// The actions applied so far, in notation.
    fn history(&self) -> &[String];
    fn replay(&self) -> Replay;
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// A random legal action for the seat to act (the random bot), from this seed.
    fn random_action(&self, rng: &mut GameRng) -> Option<String>;
    /// The hosted game itself, for hosts that know its type: the AI downcasts it to
    /// [`Hosted<G>`] and searches the typed state, rather than rebuilding it from the replay.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A [`Game`] with what it takes to replay it.
#[derive(Clone)]
pub struct Hosted<G: Game> {
    pub state: G,
    pub options: G::Options,
    pub setup: G::Setup,
    pub seed: u64,
    /// The position the game started from, if not from the setup.
    pub start_position: Option<String>,
    pub history: Vec<String>,
}

impl<G: Game> Hosted<G> {
    /// An action as hosts show it.
    fn info(&self, a: &G::Action) -> ActionInfo {
        ActionInfo { notation: a.to_string(), label: self.state.action_label(a), meta: self.state.action_meta(a) }
    }

    pub fn new(options: G::Options, setup: G::Setup, seed: u64) -> Result<Self, SetupError> {
        let state = G::new(&options, &setup, seed)?;
        Ok(Hosted { state, options, setup, seed, start_position: None, history: Vec::new() })
    }
}

impl<G: Game> DynGame for Hosted<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }
    fn num_seats(&self) -> usize {
        self.state.num_seats()
    }
    fn status(&self) -> Status {
        self.state.status()
    }
    fn legal_actions(&self) -> Vec<ActionInfo> {
        let mut out = Vec::new();
        self.state.legal_actions(&mut out);
        out.iter().map(|a| self.info(a)).collect()
    }
    fn prompt(&self) -> Option<Prompt> {
        self.state.prompt()
    }
    fn concede_action(&self, seat: Seat) -> Option<String> {
        self.state.concede_action(seat).map(|a| a.to_string())
    }
    fn out_of_turn_actions(&self, seat: Seat) -> Vec<ActionInfo> {
        self.state.out_of_turn_actions(seat).iter().map(|a| self.info(a)).collect()
    }
    fn may_send(&self, seat: Seat, notation: &str) -> Result<(), ActionError> {
        let action = notation.trim().parse::<G::Action>().ok();
        let offered = |s: Seat| action.as_ref().is_some_and(|a| self.state.out_of_turn_actions(s).contains(a));
        if offered(seat) {
            return Ok(());
        }
        match self.state.status() {
            Status::ToAct(s) if s != seat => Err(ActionError::out_of_turn(format!("it is {s}'s turn, not {seat}'s"))),
            Status::ToAct(_) => match (0..self.state.num_seats() as u8).map(Seat).find(|&o| offered(o)) {
                Some(o) => {
                    Err(ActionError::unauthorised(format!("'{}' is {o}'s to play, not {seat}'s", notation.trim())))
                }
                None => Ok(()),
            },
            Status::Over(_) => Ok(()),
        }
    }
    fn outcome_label(&self) -> Option<Label> {
        match self.state.status() {
            Status::Over(o) => Some(self.state.outcome_label(&o)),
            Status::ToAct(_) => None,
        }
    }
    fn catalogue(&self) -> Vec<CardInfo> {
        self.state.catalogue()
    }
    fn apply(&mut self, notation: &str) -> Result<Vec<LogEntry<LoggedEvent>>, ActionError> {
        let mut log = EventLog::enabled();
        let action = self.state.apply_notation(notation, &mut log)?;
        self.history.push(action.to_string());
        let state = &self.state;
        Ok(log
            .take()
            .into_iter()
            .map(|e| LogEntry {
                visible_to: e.visible_to,
                event: LoggedEvent {
                    event: serde_json::to_value(&e.event).unwrap_or(Value::Null),
                    text: state.describe_event(&e.event),
                },
            })
            .collect())
    }
    fn view(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.state.view(viewer)).unwrap_or(Value::Null)
    }
    fn render(&self, viewer: Viewer) -> String {
        self.state.render(viewer)
    }
    fn position(&self) -> Option<String> {
        self.state.position()
    }
    fn history(&self) -> &[String] {
        &self.history
    }
    fn replay(&self) -> Replay {
        Replay {
            format: REPLAY_FORMAT,
            game: G::NAME.to_string(),
            options: serde_json::to_value(&self.options).unwrap_or(Value::Null),
            setup: serde_json::to_value(&self.setup).unwrap_or(Value::Null),
            seed: self.seed,
            position: self.start_position.clone(),
            actions: self.history.clone(),
            outcome: match self.state.status() {
                Status::Over(o) => Some(o),
                Status::ToAct(_) => None,
            },
        }
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn random_action(&self, rng: &mut GameRng) -> Option<String> {
        let mut out = Vec::new();
        self.state.legal_actions(&mut out);
        rng.pick(&out).map(|a| a.to_string())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

type CreateFn = fn(&Value, Option<&Value>, u64) -> Result<Box<dyn DynGame>, SetupError>;
type PositionFn = fn(&Value, &str) -> Result<Box<dyn DynGame>, SetupError>;
type DefaultsFn = fn() -> Value;
type DecksFn = fn(&Value, &[String], u64) -> Result<Value, SetupError>;
type OptionsInfoFn = fn() -> Vec<OptionInfo>;
type ParseCardsFn = fn(&str, CardFormat, &str) -> Result<Value, CardSetError>;
type ExtendCardsFn = fn(&Value, &[Value], &str) -> Result<Value, CardSetError>;
type ExportCardsFn = fn(&Value, CardFormat) -> Result<String, SetupError>;

/// How to make a game of one kind from JSON.
#[derive(Clone, Copy)]
pub struct GameEntry {
    pub name: &'static str,
    create: CreateFn,
    from_position: PositionFn,
    default_options: DefaultsFn,
    setup_with_decks: DecksFn,
    options_info: OptionsInfoFn,
    /// False where the game's cards are its rules ([`crate::cards::NoCards`]).
    pub loadable_cards: bool,
    parse_cards: ParseCardsFn,
    extend_cards: ExtendCardsFn,
    export_cards: ExportCardsFn,
}

fn parse_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    if options.is_null() {
        return Ok(G::Options::default());
    }
    // Options given in part take the spec's defaults for the rest.
    let mut full = serde_json::to_value(G::Options::default()).map_err(|e| SetupError::new(e.to_string()))?;
    merge_json(&mut full, options);
    serde_json::from_value(full).map_err(|e| SetupError::new(format!("bad {} options: {e}", G::NAME)))
}

/// Overlay `patch` onto `base`, object by object.
pub fn merge_json(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                match b.get_mut(k) {
                    Some(slot) => merge_json(slot, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, p) => *b = p.clone(),
    }
}

fn create<G: Game>(options: &Value, setup: Option<&Value>, seed: u64) -> Result<Box<dyn DynGame>, SetupError> {
    let options = parse_options::<G>(options)?;
    let setup = match setup {
        Some(s) if !s.is_null() => {
            serde_json::from_value(s.clone()).map_err(|e| SetupError::new(format!("bad {} setup: {e}", G::NAME)))?
        }
        _ => G::sample_setup(&options, &mut GameRng::derive(seed, 0x5e7))?,
    };
    Ok(Box::new(Hosted::<G>::new(options, setup, seed)?))
}

fn from_position<G: Game>(options: &Value, text: &str) -> Result<Box<dyn DynGame>, SetupError> {
    let options = parse_options::<G>(options)?;
    let state = G::from_position(&options, text)?;
    // A position-started game replays from its position; the setup is only a placeholder.
    let setup = G::sample_setup(&options, &mut GameRng::new(0))?;
    Ok(Box::new(Hosted::<G> {
        state,
        options,
        setup,
        seed: 0,
        start_position: Some(text.to_string()),
        history: Vec::new(),
    }))
}

fn setup_with_decks<G: Game>(options: &Value, decks: &[String], seed: u64) -> Result<Value, SetupError> {
    let options = parse_options::<G>(options)?;
    let setup = G::setup_with_decks(&options, decks, &mut GameRng::derive(seed, 0x5e7))?;
    serde_json::to_value(&setup).map_err(|e| SetupError::new(e.to_string()))
}

fn parse_cards<G: Game>(text: &str, format: CardFormat, origin: &str) -> Result<Value, CardSetError> {
    let set = G::Cards::parse(text, format, origin)?;
    Ok(crate::cards::Cards::loaded(set).to_json())
}

fn extend_cards<G: Game>(options: &Value, cards: &[Value], origin: &str) -> Result<Value, CardSetError> {
    let base = parse_options::<G>(options)
        .map_err(|e| CardSetError::one(crate::cards::CardProblem::new(origin, e.to_string())))?;
    let set = G::card_set(&base).with_cards(cards, origin)?;
    Ok(crate::cards::Cards::loaded(set).to_json())
}

fn export_cards<G: Game>(options: &Value, format: CardFormat) -> Result<String, SetupError> {
    if !G::Cards::LOADABLE {
        return Err(SetupError::new(format!("{} has no card-set file: its cards are fixed by its rules", G::NAME)));
    }
    Ok(G::card_set(&parse_options::<G>(options)?).export(format))
}

fn default_options<G: Game>() -> Value {
    serde_json::to_value(G::Options::default()).unwrap_or(Value::Null)
}

impl GameEntry {
    pub fn of<G: Game>() -> Self {
        GameEntry {
            name: G::NAME,
            create: create::<G>,
            from_position: from_position::<G>,
            default_options: default_options::<G>,
            setup_with_decks: setup_with_decks::<G>,
            options_info: G::options_info,
            loadable_cards: G::Cards::LOADABLE,
            parse_cards: parse_cards::<G>,
            extend_cards: extend_cards::<G>,
            export_cards: export_cards::<G>,
        }
    }
    /// Read a card-set file of this game (`origin` names it in problems): the set as the JSON
    /// document an options' `cards` field takes ([`GameEntry::with_cards`]).
    pub fn parse_cards(&self, text: &str, format: CardFormat, origin: &str) -> Result<Value, CardSetError> {
        (self.parse_cards)(text, format, origin)
    }
    /// Read the card-set file at `path` (its format from the extension): the set's JSON
    /// document, or why not — the game has no card-set files, the file can't be read, or every
    /// problem of the set, one a line. The one reader of `--cards` and a scenario's `cards`.
    pub fn read_cards(&self, path: &std::path::Path) -> Result<Value, String> {
        let name = path.display();
        if !self.loadable_cards {
            return Err(format!(
                "{} has no card-set file: its cards are fixed by its rules, so a card set is refused",
                self.name
            ));
        }
        let format =
            CardFormat::from_path(path).ok_or_else(|| format!("{name}: name a .toml or .json card-set file"))?;
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        self.parse_cards(&text, format, &name.to_string()).map_err(|e| format!("{name} is refused:\n{e}"))
    }
    /// The set these options play with, plus `cards` (each a card as the file format writes
    /// it, as JSON) added or replacing cards of the same id: a scenario's inline cards.
    pub fn extend_cards(&self, options: &Value, cards: &[Value], origin: &str) -> Result<Value, CardSetError> {
        (self.extend_cards)(options, cards, origin)
    }
    /// The set these options play with (the built-in set by default), in the file format.
    pub fn export_cards(&self, options: &Value, format: CardFormat) -> Result<String, SetupError> {
        (self.export_cards)(options, format)
    }
    /// These options, playing with `cards` (a document from [`GameEntry::parse_cards`]).
    pub fn with_cards(options: &Value, cards: Value) -> Value {
        let mut out = match options {
            Value::Object(_) => options.clone(),
            _ => Value::Object(Default::default()),
        };
        out["cards"] = cards;
        out
    }
    /// A new game. Options may be partial (the rest default); no setup means a sampled one.
    pub fn create(&self, options: &Value, setup: Option<&Value>, seed: u64) -> Result<Box<dyn DynGame>, SetupError> {
        (self.create)(options, setup, seed)
    }
    pub fn from_position(&self, options: &Value, text: &str) -> Result<Box<dyn DynGame>, SetupError> {
        (self.from_position)(options, text)
    }
    /// The setup JSON for players bringing these decks (deck file contents, one per seat).
    pub fn setup_with_decks(&self, options: &Value, decks: &[String], seed: u64) -> Result<Value, SetupError> {
        (self.setup_with_decks)(options, decks, seed)
    }
    pub fn default_options(&self) -> Value {
        (self.default_options)()
    }
    /// Every rules option with its name, description and choices ([`Game::options_info`]).
    pub fn options_info(&self) -> Vec<OptionInfo> {
        (self.options_info)()
    }
    /// The cards of the set a game of these options is played with by default (the
    /// catalogue of a game made with a sampled setup).
    pub fn catalogue(&self, options: &Value) -> Result<Vec<CardInfo>, SetupError> {
        Ok(self.create(options, None, 0)?.catalogue())
    }
    /// Rebuild a game from a replay, checking its recorded outcome.
    pub fn replay(&self, replay: &Replay) -> Result<Box<dyn DynGame>, String> {
        if replay.game != self.name {
            return Err(format!("replay is of '{}', not '{}'", replay.game, self.name));
        }
        let mut g = match &replay.position {
            Some(p) => self.from_position(&replay.options, p),
            None => self.create(&replay.options, Some(&replay.setup), replay.seed),
        }
        .map_err(|e| e.to_string())?;
        for (i, a) in replay.actions.iter().enumerate() {
            g.apply(a).map_err(|e| format!("action {} '{}': {}", i + 1, a, e))?;
        }
        if let Some(expected) = &replay.outcome {
            match g.status() {
                Status::Over(o) if &o == expected => {}
                other => return Err(format!("replay ends in {other:?}, but the file records {expected:?}")),
            }
        }
        Ok(g)
    }
}

/// The games a host offers, by name.
#[derive(Clone, Default)]
pub struct Registry {
    entries: Vec<GameEntry>,
}

impl Registry {
    pub fn new() -> Self {
        Registry::default()
    }
    pub fn with<G: Game>(mut self) -> Self {
        self.entries.push(GameEntry::of::<G>());
        self
    }
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name).collect()
    }
    pub fn get(&self, name: &str) -> Result<&GameEntry, String> {
        self.entries
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| format!("unknown game '{name}': choose one of {}", self.names().join(", ")))
    }
}

/// The seat to act, as a viewer: what a terminal or bot at that seat sees.
pub fn viewer_to_act(status: &Status) -> Viewer {
    match status {
        Status::ToAct(s) => Viewer::Seat(*s),
        Status::Over(_) => Viewer::Omniscient,
    }
}

/// The seat index a `Seat` names in a game with `n` seats, checked.
pub fn check_seat(seat: Seat, n: usize) -> Result<Seat, String> {
    if seat.index() < n {
        Ok(seat)
    } else {
        Err(format!("seat {seat} does not exist: this game has {n} seats"))
    }
}

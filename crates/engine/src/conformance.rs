//! The conformance harness (design.md §4), a reusable test helper every game's tests call.
//!
//! Random playouts check that: legal actions exist until the game ends, have no duplicates, come
//! in a deterministic order and all apply; rejected actions change nothing; clones are equal;
//! replaying the notation rebuilds the identical state; notation round-trips; views round-trip
//! through serde; a seat's view is identical in a state determinized for that seat; the game
//! ends within its declared bound; nothing panics.
//!
//! With [`Config::presentation`] it also checks what clients draw (design.md §2): every
//! decision point has a prompt in both languages whose cancel is legal; every action has a
//! label in both languages, and every card it names is on the acting seat's view (by `id`) and
//! in the catalogue (by `card`); every log event has a label in both languages naming only
//! catalogue cards; the catalogue is complete ([`crate::present::check_catalogue`]).
//!
//! Every seat's out-of-turn actions ([`Game::out_of_turn_actions`]) are checked at each deep step:
//! they read back, have labels, and are accepted; and they are not counted as wrongly accepted.

use crate::game::{replay_actions, Game, Status};
use crate::log::EventLog;
use crate::present::{check_catalogue, CardRef};
use crate::rng::GameRng;
use crate::seat::{Seat, Viewer};
use serde_json::Value;
use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};

#[derive(Clone, Debug)]
pub struct Config {
    /// Number of random games.
    pub games: usize,
    /// Base seed; game `i` uses a generator derived from it.
    pub seed: u64,
    /// Run the expensive checks (views, serde, determinize, rejected actions) on every step of
    /// the first `deep_games` games and on every `deep_every`-th step after that.
    pub deep_games: usize,
    pub deep_every: usize,
    /// Check presentation (prompts, action meta, event labels, catalogue) too.
    pub presentation: bool,
    /// Check the position notation at every deep step: written, read back and written again
    /// gives the same text, the same status and the same legal actions.
    pub positions: bool,
}

impl Config {
    pub fn new(games: usize) -> Self {
        Config { games, seed: 0xC0FFEE, deep_games: 20, deep_every: 16, presentation: false, positions: false }
    }
    pub fn positions(mut self, on: bool) -> Self {
        self.positions = on;
        self
    }
    pub fn presentation(mut self, on: bool) -> Self {
        self.presentation = on;
        self
    }
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    pub fn deep(mut self, deep_games: usize, deep_every: usize) -> Self {
        self.deep_games = deep_games;
        self.deep_every = deep_every.max(1);
        self
    }
}

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: usize,
    pub actions: usize,
    pub longest: usize,
    pub draws: usize,
    /// Wins per seat index.
    pub wins: Vec<usize>,
}

/// Run the harness; panics with the failing game's index and seed on the first violation.
pub fn run<G: Game>(options: &G::Options, config: &Config) -> Report {
    let mut report = Report::default();
    for i in 0..config.games {
        let game_seed = config.seed.wrapping_add(i as u64);
        let deep_every = if i < config.deep_games { 1 } else { config.deep_every };
        let result = catch_unwind(AssertUnwindSafe(|| play_configured::<G>(options, game_seed, deep_every, config)));
        match result {
            Ok(Ok((len, status))) => {
                report.games += 1;
                report.actions += len;
                report.longest = report.longest.max(len);
                if let Status::Over(o) = status {
                    if o.winners.is_empty() {
                        report.draws += 1;
                    }
                    for w in o.winners {
                        if report.wins.len() <= w.index() {
                            report.wins.resize(w.index() + 1, 0);
                        }
                        report.wins[w.index()] += 1;
                    }
                }
            }
            Ok(Err(msg)) => panic!("conformance: {} game {i} (seed {game_seed}): {msg}", G::NAME),
            Err(p) => {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                panic!("conformance: {} game {i} (seed {game_seed}) panicked: {msg}", G::NAME)
            }
        }
    }
    report
}

/// Play one random game with checks; returns its length and final status.
pub fn play_one<G: Game>(options: &G::Options, seed: u64, deep_every: usize) -> Result<(usize, Status), String> {
    play_checked::<G>(options, seed, deep_every, false)
}

/// [`play_one`], with the presentation checks when `presentation` is set.
pub fn play_checked<G: Game>(
    options: &G::Options,
    seed: u64,
    deep_every: usize,
    presentation: bool,
) -> Result<(usize, Status), String> {
    play_configured::<G>(options, seed, deep_every, &Config::new(1).presentation(presentation))
}

fn play_configured<G: Game>(
    options: &G::Options,
    seed: u64,
    deep_every: usize,
    config: &Config,
) -> Result<(usize, Status), String> {
    let presentation = config.presentation;
    let mut rng = GameRng::derive(seed, 1);
    let setup = G::sample_setup(options, &mut rng).map_err(|e| format!("sample_setup: {e}"))?;
    let mut state = G::new(options, &setup, seed).map_err(|e| format!("new: {e}"))?;
    let bound = state.max_actions();
    let catalogue: BTreeSet<String> = if presentation {
        let cards = state.catalogue();
        check_catalogue(&cards).map_err(|e| format!("catalogue: {e}"))?;
        cards.into_iter().map(|c| c.key).collect()
    } else {
        BTreeSet::new()
    };
    let mut described = EventLog::enabled();
    let mut history: Vec<String> = Vec::new();
    let mut foreign: Vec<G::Action> = Vec::new();
    let mut legal = Vec::new();
    let mut again = Vec::new();
    let mut log = EventLog::disabled();
    let mut step = 0usize;
    loop {
        legal.clear();
        state.legal_actions(&mut legal);
        let status = state.status();
        let seat = match &status {
            Status::Over(_) => {
                if !legal.is_empty() {
                    return Err(format!("game over but {} legal actions", legal.len()));
                }
                break;
            }
            Status::ToAct(seat) => *seat,
        };
        if seat.index() >= state.num_seats() {
            return Err(format!("seat to act {seat} does not exist"));
        }
        if legal.is_empty() {
            return Err(format!("step {step}: {seat} to act but no legal action"));
        }
        if step >= bound {
            return Err(format!("game exceeded its declared bound of {bound} actions"));
        }
        let deep = step.is_multiple_of(deep_every);
        if deep {
            deep_checks(&state, &legal, &mut again, &foreign, seat, seed ^ step as u64)?;
            if presentation {
                presentation_checks(&state, &legal, seat, &catalogue).map_err(|e| format!("step {step}: {e}"))?;
            }
            if config.positions {
                position_round_trip(options, &state, &legal).map_err(|e| format!("step {step}: {e}"))?;
            }
        }
        let action = legal[rng.index(legal.len())].clone();
        if foreign.len() < 256 {
            foreign.push(action.clone());
        } else {
            let slot = rng.index(foreign.len());
            foreign[slot] = action.clone();
        }
        let sink = if deep && presentation { &mut described } else { &mut log };
        state.apply(&action, sink).map_err(|e| format!("step {step}: legal action '{action}' was refused: {e}"))?;
        for entry in described.take() {
            let text = state.describe_event(&entry.event);
            if text.label.en.trim().is_empty() || text.label.zh.trim().is_empty() {
                return Err(format!("step {step}: event {:?} has no label in both languages", entry.event));
            }
            for c in &text.cards {
                check_card_key(c, &catalogue).map_err(|e| format!("step {step}: event {:?}: {e}", entry.event))?;
            }
        }
        history.push(action.to_string());
        step += 1;
    }
    let status = state.status();
    let rebuilt = replay_actions::<G>(options, &setup, seed, &history).map_err(|e| format!("replay: {e}"))?;
    if rebuilt != state {
        return Err("replaying the notation did not rebuild the identical state".into());
    }
    for viewer in viewers(state.num_seats()) {
        check_view_serde(&state, viewer)?;
    }
    Ok((step, status))
}

/// Write the position, read it back, write it again: the same text, status and legal actions.
fn position_round_trip<G: Game>(options: &G::Options, state: &G, legal: &[G::Action]) -> Result<(), String> {
    let Some(text) = state.position() else {
        return Err(format!("{} writes no position", G::NAME));
    };
    let read = G::from_position(options, &text).map_err(|e| format!("position '{text}' does not read back: {e}"))?;
    match read.position() {
        Some(again) if again == text => {}
        again => return Err(format!("position '{text}' reads back as {again:?}")),
    }
    if read.status() != state.status() {
        return Err(format!("position '{text}' reads back with status {:?}, not {:?}", read.status(), state.status()));
    }
    let mut read_legal = Vec::new();
    read.legal_actions(&mut read_legal);
    if read_legal != legal {
        let show = |v: &[G::Action]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(" ");
        return Err(format!(
            "position '{text}' reads back with legal actions [{}], not [{}]",
            show(&read_legal),
            show(legal)
        ));
    }
    Ok(())
}

fn check_card_key(card: &CardRef, catalogue: &BTreeSet<String>) -> Result<(), String> {
    match &card.card {
        Some(key) if !catalogue.contains(key) => Err(format!("names card '{key}', which is not in the catalogue")),
        _ => Ok(()),
    }
}

/// Every `id` value (string or number) of the objects in a view.
fn view_ids(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("id", Value::String(s)) => {
                        out.insert(s.clone());
                    }
                    ("id", Value::Number(n)) => {
                        out.insert(n.to_string());
                    }
                    _ => view_ids(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| view_ids(x, out)),
        _ => {}
    }
}

fn presentation_checks<G: Game>(
    state: &G,
    legal: &[G::Action],
    seat: Seat,
    catalogue: &BTreeSet<String>,
) -> Result<(), String> {
    let view = serde_json::to_value(state.view(Viewer::Seat(seat))).map_err(|e| e.to_string())?;
    let mut ids = BTreeSet::new();
    view_ids(&view, &mut ids);
    let on_board = |c: &CardRef| -> Result<(), String> {
        if !c.id.is_empty() && !ids.contains(&c.id) {
            return Err(format!("names card id '{}', which {seat}'s view does not show", c.id));
        }
        check_card_key(c, catalogue)
    };
    let prompt = state.prompt().ok_or_else(|| format!("{seat} is to act but there is no prompt"))?;
    if prompt.id.is_empty() || prompt.title.en.trim().is_empty() || prompt.title.zh.trim().is_empty() {
        return Err(format!("prompt {prompt:?} lacks an id or a title in both languages"));
    }
    if let Some(src) = &prompt.source {
        on_board(src).map_err(|e| format!("prompt '{}' source {e}", prompt.id))?;
    }
    if let Some(cancel) = &prompt.cancel {
        if !legal.iter().any(|a| &a.to_string() == cancel) {
            return Err(format!("prompt '{}' offers cancel '{cancel}', which is not legal", prompt.id));
        }
    }
    for a in legal {
        let label = state.action_label(a);
        if label.en.trim().is_empty() || label.zh.trim().is_empty() {
            return Err(format!("action '{a}' has no label in both languages"));
        }
        let meta = state.action_meta(a);
        for c in meta.subject.iter().chain(meta.targets.iter()) {
            on_board(c).map_err(|e| format!("action '{a}' {e}"))?;
        }
        if let Some(p) = &meta.answers {
            if p != &prompt.id {
                return Err(format!("action '{a}' answers prompt '{p}', but the prompt is '{}'", prompt.id));
            }
        }
    }
    Ok(())
}

fn viewers(seats: usize) -> Vec<Viewer> {
    let mut v: Vec<Viewer> = (0..seats).map(|s| Viewer::Seat(Seat(s as u8))).collect();
    v.push(Viewer::Spectator);
    v.push(Viewer::Omniscient);
    v
}

fn check_view_serde<G: Game>(state: &G, viewer: Viewer) -> Result<(), String> {
    let view = state.view(viewer);
    let json = serde_json::to_string(&view).map_err(|e| format!("view for {viewer} does not serialise: {e}"))?;
    let back: G::View =
        serde_json::from_str(&json).map_err(|e| format!("view for {viewer} does not deserialise: {e}"))?;
    if back != view {
        return Err(format!("view for {viewer} changed through serde"));
    }
    Ok(())
}

fn deep_checks<G: Game>(
    state: &G,
    legal: &[G::Action],
    again: &mut Vec<G::Action>,
    foreign: &[G::Action],
    seat: Seat,
    seed: u64,
) -> Result<(), String> {
    // Deterministic order and no duplicates.
    again.clear();
    state.legal_actions(again);
    if again.as_slice() != legal {
        return Err("legal_actions is not deterministic".into());
    }
    for (i, a) in legal.iter().enumerate() {
        if legal[..i].contains(a) {
            return Err(format!("legal action '{a}' listed twice"));
        }
        let text = a.to_string();
        match text.parse::<G::Action>() {
            Ok(b) if &b == a => {}
            Ok(b) => return Err(format!("notation '{text}' reads back as '{b}'")),
            Err(e) => return Err(format!("notation '{text}' does not read back: {e}")),
        }
        if text.is_empty() || text.contains('\n') {
            return Err(format!("notation {text:?} must be one non-empty line"));
        }
    }
    // Clones are equal and behave alike.
    let copy = state.clone();
    if &copy != state {
        return Err("a clone differs from its original".into());
    }
    // Every seat's out-of-turn actions (`Game::out_of_turn_actions`) read back, are labelled and
    // are accepted now, by contract.
    let mut out_of_turn: Vec<G::Action> = Vec::new();
    for s in 0..state.num_seats() {
        let offered = state.out_of_turn_actions(Seat(s as u8));
        for (i, a) in offered.iter().enumerate() {
            let text = a.to_string();
            if offered[..i].contains(a) {
                return Err(format!("out-of-turn action '{a}' of P{} listed twice", s + 1));
            }
            match text.parse::<G::Action>() {
                Ok(b) if &b == a => {}
                Ok(b) => return Err(format!("out-of-turn notation '{text}' reads back as '{b}'")),
                Err(e) => return Err(format!("out-of-turn notation '{text}' does not read back: {e}")),
            }
            let label = state.action_label(a);
            if label.en.trim().is_empty() || label.zh.trim().is_empty() {
                return Err(format!("out-of-turn action '{a}' has no label in both languages"));
            }
            let mut probe = state.clone();
            if let Err(e) = probe.apply(a, &mut EventLog::disabled()) {
                return Err(format!("P{}'s out-of-turn action '{a}' is offered but refused: {e}", s + 1));
            }
        }
        out_of_turn.extend(offered);
    }
    // Rejected actions change nothing. Out-of-turn actions are accepted by contract, so they are
    // not expected to be refused (they recur in games that go on after a concession, such as the
    // games of a Riftbound match).
    for a in foreign.iter().filter(|a| !legal.contains(a) && !out_of_turn.contains(a)).take(4) {
        let mut probe = state.clone();
        let mut log = EventLog::disabled();
        if probe.apply(a, &mut log).is_ok() {
            return Err(format!("action '{a}' is not listed as legal but was accepted"));
        }
        if &probe != state {
            return Err(format!("rejected action '{a}' changed the state"));
        }
    }
    // Views round-trip and hide what they must.
    for viewer in viewers(state.num_seats()) {
        check_view_serde(state, viewer)?;
    }
    for s in 0..state.num_seats() {
        let seat_s = Seat(s as u8);
        let mut rng = GameRng::derive(seed, s as u64 + 7);
        let det = state.determinize(seat_s, &mut rng);
        if det.view(Viewer::Seat(seat_s)) != state.view(Viewer::Seat(seat_s)) {
            return Err(format!("{seat_s}'s view differs after determinizing for {seat_s}"));
        }
        if det.status() != state.status() {
            return Err(format!("determinizing for {seat_s} changed the status"));
        }
        if seat_s == seat {
            again.clear();
            det.legal_actions(again);
            if again.as_slice() != legal {
                return Err(format!("determinizing for the acting seat {seat} changed its legal actions"));
            }
        }
    }
    Ok(())
}

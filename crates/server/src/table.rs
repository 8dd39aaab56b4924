//! A live table: the hosted game, its seats, who is watching, pending offers and the clock.
//!
//! The store's action log is the truth. An action is applied to a copy of the game, written to
//! the store in a transaction, and only then made current and announced. Each watcher receives
//! its own view ([`engine::DynGame::view`]) and only the log entries visible to it; the legal
//! actions go only to the seat to act. Action notation is never broadcast (it could name hidden
//! things); only views and visible log entries are.

use crate::app::App;
use crate::bots::bot_seed;
use engine::dynamic::{ActionInfo, LoggedEvent};
use engine::{DynGame, EventKind, GameEntry, LogEntry, Outcome, Seat, Status, Viewer, Visibility};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use store::{now_ms, ActionRecord, SeatKind, SeatRecord, TableRecord, TableStatus};
use tokio::sync::mpsc;

/// A problem to report to one client: a kind (`malformed`, `illegal`, `out_of_turn`,
/// `game_over`, `unauthorised`, `state`, `storage`, …) and a message naming it.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub kind: &'static str,
    pub message: String,
}

/// A change every watcher must hear about: a message kind and where the new log entries start.
#[derive(Debug, Clone, Copy)]
pub struct Change {
    pub kind: &'static str,
    pub log_from: usize,
}

pub fn refuse(kind: &'static str, message: impl Into<String>) -> Refusal {
    Refusal { kind, message: message.into() }
}

pub struct Table {
    pub id: String,
    pub state: tokio::sync::Mutex<TableState>,
}

impl Table {
    pub fn new(state: TableState) -> Table {
        Table { id: state.record.id.clone(), state: tokio::sync::Mutex::new(state) }
    }
}

/// Why the server closes a table socket: a WebSocket close code and a reason.
pub type CloseWhy = Option<(u16, &'static str)>;

/// The close a client gets when its send queue is full (it reads too slowly).
pub const CLOSE_SLOW: (u16, &str) = (4000, "too slow: the send queue is full; reconnect for a full state");
/// The close of a socket that sent nothing for too long.
pub const CLOSE_IDLE: (u16, &str) = (4001, "idle: no message or pong for too long");
/// The close of a socket whose table moved to another server node (its owner died or lost its
/// lease): reconnect, to any node, and the table is there at the last stored action.
pub const CLOSE_MOVED: (u16, &str) = (4002, "the table moved to another server node: reconnect");

/// One open connection watching the table.
pub struct Sub {
    pub id: u64,
    pub viewer: Viewer,
    pub tx: mpsc::Sender<Arc<str>>,
    /// Set to close the connection (its tasks watch it).
    pub close: Arc<tokio::sync::watch::Sender<CloseWhy>>,
}

impl Sub {
    /// Queue a message; a full queue closes the connection with [`CLOSE_SLOW`]. False when the
    /// watcher is gone or being closed.
    pub fn send(&self, msg: Arc<str>) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.close.send_replace(Some(CLOSE_SLOW));
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }
}

pub struct TableState {
    pub record: TableRecord,
    pub game: Box<dyn DynGame>,
    entry: GameEntry,
    /// Every log entry so far, with the number of the action that produced it.
    pub log: Vec<(u64, LogEntry<LoggedEvent>)>,
    pub subs: Vec<Sub>,
    /// Seats that agree to a draw; the first offered it.
    pub draw_offer: Option<Vec<u8>>,
    /// Seats that agree to take back the last action; the first asked.
    pub undo_request: Option<Vec<u8>>,
    /// Bumped on every change, so that a bot move or a clock started earlier knows it is stale.
    pub version: u64,
    pub deadline: Option<(Seat, Instant)>,
    /// Answers to the recent client action ids, per seat: a resent id gets the same answer and
    /// is not applied again.
    pub acted: std::collections::VecDeque<(u8, String, Value)>,
    /// When a human seat (or, at a table without human seats, anyone) last watched the table.
    pub last_seen: Instant,
}

/// How many client action ids a table remembers.
pub const REMEMBERED_IDS: usize = 256;

impl TableState {
    /// Rebuild a table from its record and stored actions (the restart and undo path).
    pub fn build(entry: &GameEntry, record: TableRecord, actions: &[ActionRecord]) -> Result<TableState, String> {
        let mut game = entry
            .create(&record.options, record.setup.as_ref(), record.seed)
            .map_err(|e| format!("table {}: setup: {e}", record.id))?;
        let mut log = Vec::new();
        for a in actions {
            let seat = Seat(a.seat);
            // Played by the seat to act, or one of the seat's out-of-turn actions (its
            // concession, where the rules let a player leave).
            if let Err(e) = game.may_send(seat, &a.notation) {
                return Err(format!("table {}: stored action {} may not come from {seat}: {e}", record.id, a.seq));
            }
            let entries = game
                .apply(&a.notation)
                .map_err(|e| format!("table {}: action {} '{}': {e}", record.id, a.seq, a.notation))?;
            log.extend(entries.into_iter().map(|e| (a.seq, e)));
        }
        let mut state = TableState {
            record,
            game,
            entry: *entry,
            log,
            subs: Vec::new(),
            draw_offer: None,
            undo_request: None,
            version: 0,
            deadline: None,
            acted: Default::default(),
            last_seen: Instant::now(),
        };
        // The stored client action ids: a client that resends an action after a restart or a
        // failover gets its first answer again instead of playing it twice.
        for a in actions {
            if let Some(id) = &a.client_id {
                state.remember(Seat(a.seat), id.clone(), ack(id, a.seq));
            }
        }
        Ok(state)
    }

    pub fn seq(&self) -> u64 {
        self.game.history().len() as u64
    }

    pub fn playing(&self) -> bool {
        self.record.status == TableStatus::Playing
    }

    /// The seats as anyone may see them (no tokens).
    pub fn public_seats(&self) -> Value {
        Value::Array(self.record.seats.iter().map(public_seat).collect())
    }

    fn legal_for(&self, viewer: Viewer) -> Vec<ActionInfo> {
        match (viewer, self.game.status()) {
            (Viewer::Seat(s), Status::ToAct(t)) if s == t && self.playing() => self.game.legal_actions(),
            _ => Vec::new(),
        }
    }

    /// What a seat may play now whether or not it is to act (`DynGame::out_of_turn_actions`).
    fn out_of_turn_for(&self, viewer: Viewer) -> Vec<ActionInfo> {
        match (viewer, self.game.status()) {
            (Viewer::Seat(s), Status::ToAct(_)) if self.playing() => self.game.out_of_turn_actions(s),
            _ => Vec::new(),
        }
    }

    /// The prompt of the decision, for the seat that makes it.
    fn prompt_for(&self, viewer: Viewer) -> Option<engine::Prompt> {
        match (viewer, self.game.status()) {
            (Viewer::Seat(s), Status::ToAct(t)) if s == t && self.playing() => self.game.prompt(),
            _ => None,
        }
    }

    /// What `viewer` is shown: a full `state` (with the whole visible log) or an `update`
    /// (with the log entries from `log_from` on).
    pub fn message(&self, kind: &str, viewer: Viewer, log_from: usize) -> String {
        let log: Vec<Value> = self.log[log_from.min(self.log.len())..]
            .iter()
            .filter(|(_, e)| e.visible_to.shows_to(viewer))
            .map(|(seq, e)| json!({"seq": seq, "event": e.event.event, "kind": e.event.text.kind, "label": e.event.text.label, "cards": e.event.text.cards}))
            .collect();
        let clock = self.deadline.map(|(seat, at)| {
            json!({"seat": seat, "remaining_ms": at.saturating_duration_since(Instant::now()).as_millis() as u64})
        });
        let mut m = json!({
            "type": kind,
            "table": self.record.id,
            "game": self.record.game,
            "you": viewer,
            "table_status": self.record.status,
            "seq": self.seq(),
            "status": self.game.status(),
            "result": self.record.result,
            "view": self.game.view(viewer),
            "legal": self.legal_for(viewer),
            "out_of_turn": self.out_of_turn_for(viewer),
            "prompt": self.prompt_for(viewer),
            "outcome_label": self.game.outcome_label(),
            "log": log,
            "draw_offer": self.draw_offer,
            "undo_request": self.undo_request,
            "clock": clock,
            "dev_settings": self.record.dev_settings,
            "custom_cards": crate::lobby::has_own_cards(&self.record.options),
        });
        if kind == "state" {
            m["seats"] = self.public_seats();
        }
        m.to_string()
    }

    /// Send each watcher its own message. A watcher too slow to keep up is disconnected with
    /// close code 4000 (it reconnects and gets a full state).
    pub fn broadcast(&mut self, kind: &str, log_from: usize) {
        let mut cache: Vec<(Viewer, Arc<str>)> = Vec::new();
        let mut msgs: Vec<Arc<str>> = Vec::with_capacity(self.subs.len());
        for sub in &self.subs {
            let msg = match cache.iter().find(|(v, _)| *v == sub.viewer) {
                Some((_, m)) => m.clone(),
                None => {
                    let m: Arc<str> = self.message(kind, sub.viewer, log_from).into();
                    cache.push((sub.viewer, m.clone()));
                    m
                }
            };
            msgs.push(msg);
        }
        let mut i = 0;
        self.subs.retain(|sub| {
            let ok = sub.send(msgs[i].clone());
            i += 1;
            ok
        });
    }

    /// Send the same text to every watcher (chat, offers: nothing hidden in them).
    pub fn broadcast_raw(&mut self, text: String) {
        let msg: Arc<str> = text.into();
        self.subs.retain(|sub| sub.send(msg.clone()));
    }

    /// The answer given to `id` from `seat`, if it was seen.
    pub fn answered(&self, seat: Seat, id: &str) -> Option<&Value> {
        self.acted.iter().find(|(s, i, _)| *s == seat.0 && i == id).map(|(_, _, v)| v)
    }

    pub fn remember(&mut self, seat: Seat, id: String, answer: Value) {
        if self.acted.len() >= REMEMBERED_IDS {
            self.acted.pop_front();
        }
        self.acted.push_back((seat.0, id, answer));
    }

    /// Whether someone who counts is watching: a human seat, or anyone at a table of bots.
    pub fn attended(&self) -> bool {
        let humans = self.human_seats();
        self.subs.iter().any(|s| match s.viewer {
            Viewer::Seat(seat) => humans.contains(&seat.0),
            _ => humans.is_empty(),
        })
    }

    fn changed(&mut self) {
        self.version += 1;
        self.deadline = None;
    }

    fn human_seats(&self) -> Vec<u8> {
        self.record.seats.iter().filter(|s| s.kind != SeatKind::Bot).map(|s| s.index).collect()
    }
}

pub fn public_seat(s: &SeatRecord) -> Value {
    json!({"index": s.index, "kind": s.kind, "name": s.player_name, "bot": s.bot_spec})
}

/// The answer to a client's action id: the action is stored as number `seq`.
pub fn ack(id: &str, seq: u64) -> Value {
    json!({"type": "ack", "id": id, "seq": seq})
}

/// Apply `notation` for `seat`: checked, stored in a transaction, then announced.
pub async fn apply(
    app: &App,
    st: &mut TableState,
    seat: Seat,
    notation: &str,
    expected_seq: Option<u64>,
) -> Result<Change, Refusal> {
    apply_with_id(app, st, seat, notation, expected_seq, None).await
}

/// [`apply`], storing the client's id of the action with it (see [`TableState::answered`]).
pub async fn apply_with_id(
    app: &App,
    st: &mut TableState,
    seat: Seat,
    notation: &str,
    expected_seq: Option<u64>,
    client_id: Option<&str>,
) -> Result<Change, Refusal> {
    match st.record.status {
        TableStatus::Lobby => return Err(refuse("state", "the game has not started")),
        TableStatus::Finished => return Err(refuse("game_over", "the game is over")),
        TableStatus::Broken => return Err(refuse("state", "the table is broken: its stored game no longer rebuilds")),
        TableStatus::Playing => {}
    }
    if st.game.status().is_over() {
        return Err(refuse("game_over", "the game is over"));
    }
    // The seat to act, or one of the seat's own out-of-turn actions (its concessions).
    st.game.may_send(seat, notation).map_err(refusal)?;
    if let Some(e) = expected_seq {
        if e != st.seq() {
            return Err(refuse("stale", format!("you acted on move {e}, but the table is at move {}", st.seq())));
        }
    }
    if notation.len() > 256 {
        return Err(refuse("malformed", "the action is longer than 256 bytes"));
    }
    let mut next = st.game.clone_box();
    let entries = next.apply(notation).map_err(refusal)?;
    let seq = st.seq() + 1;
    let stored = next.history().last().cloned().unwrap_or_else(|| notation.to_string());
    let finish = next.status().is_over().then_some(None);
    let record = ActionRecord {
        seq,
        notation: stored,
        seat: seat.0,
        created_at: now_ms(),
        client_id: client_id.map(str::to_string),
    };
    let timer = Instant::now();
    let saved = app.store.append_action(&st.record.id, &record, finish).await;
    app.metrics.store_seconds.observe(timer.elapsed().as_secs_f64());
    saved.map_err(|e| refuse("storage", format!("the action could not be saved, so it was not played: {e}")))?;
    app.metrics.actions.inc();
    // Stored: now it is real.
    if st.record.seats.get(seat.index()).is_some_and(|s| s.kind != SeatKind::Bot) {
        st.last_seen = Instant::now();
    }
    st.game = next;
    let from = st.log.len();
    st.log.extend(entries.into_iter().map(|e| (seq, e)));
    if finish.is_some() {
        st.record.status = TableStatus::Finished;
    }
    st.draw_offer = None;
    st.undo_request = None;
    st.changed();
    Ok(Change { kind: "update", log_from: from })
}

/// The game's refusal of an action, as the protocol names it.
fn refusal(e: engine::ActionError) -> Refusal {
    let kind = match e.kind {
        engine::ActionErrorKind::Malformed => "malformed",
        engine::ActionErrorKind::Illegal => "illegal",
        engine::ActionErrorKind::OutOfTurn => "out_of_turn",
        engine::ActionErrorKind::GameOver => "game_over",
        engine::ActionErrorKind::Unauthorised => "unauthorised",
    };
    Refusal { kind, message: e.message }
}

/// End the table by the server's decision (concession, agreed draw, time, a failed bot).
pub async fn finish_by_server(app: &App, st: &mut TableState, outcome: Outcome) -> Result<Change, Refusal> {
    let result = serde_json::to_value(&outcome).unwrap_or(Value::Null);
    app.store
        .set_table_status(&st.record.id, TableStatus::Finished, Some(&result))
        .await
        .map_err(|e| refuse("storage", format!("could not record the result: {e}")))?;
    st.record.status = TableStatus::Finished;
    st.record.result = Some(result);
    st.draw_offer = None;
    st.undo_request = None;
    st.changed();
    Ok(Change { kind: "update", log_from: st.log.len() })
}

fn all_but(st: &TableState, seat: Seat) -> Vec<Seat> {
    (0..st.game.num_seats() as u8).map(Seat).filter(|s| *s != seat).collect()
}

/// A seat gives up. Where the rules let a player leave ([`DynGame::concede_action`]) that action
/// is played, out of turn too, and the others play on; failing that, if the seat is to act and
/// the game has a `concede` action, that is played; otherwise the server ends the game.
pub async fn concede(app: &App, st: &mut TableState, seat: Seat) -> Result<Change, Refusal> {
    if !st.playing() {
        return Err(refuse("state", "only a game in progress can be conceded"));
    }
    leave(app, st, seat, format!("{seat} conceded")).await
}

/// `seat` leaves the game (it conceded, ran out of time or is a bot that failed): by the game's
/// concede action where there is one, else the server ends the game with the other seats as
/// winners (with two seats: the other seat).
pub async fn leave(app: &App, st: &mut TableState, seat: Seat, reason: String) -> Result<Change, Refusal> {
    if let Some(notation) = st.game.concede_action(seat) {
        match apply(app, st, seat, &notation, None).await {
            Ok(c) => return Ok(c),
            Err(r) if r.kind == "storage" => return Err(r),
            // The game offered an action it then refused: end the game rather than hang it.
            Err(r) => {
                tracing::warn!(table = %st.record.id, %notation, error = %r.message, "the game refused its own concede action")
            }
        }
    } else if (0..st.game.num_seats() as u8).any(|s| st.game.concede_action(Seat(s)).is_some()) {
        // Others may still leave, this seat may not: it has already left the game.
        return Err(refuse("state", format!("{seat} has already left the game")));
    }
    if st.game.status().to_act() == Some(seat) && st.game.legal_actions().iter().any(|a| a.notation == "concede") {
        return apply(app, st, seat, "concede", None).await;
    }
    let outcome = Outcome { winners: all_but(st, seat), scores: Vec::new(), reason };
    finish_by_server(app, st, outcome).await
}

pub async fn offer_draw(app: &App, st: &mut TableState, seat: Seat, accept: bool) -> Result<Option<Change>, Refusal> {
    if !st.playing() {
        return Err(refuse("state", "draws are offered only in a game in progress"));
    }
    let mut agreed = match (st.draw_offer.take(), accept) {
        (Some(a), _) => a,
        (None, false) => Vec::new(),
        (None, true) => return Err(refuse("state", "no draw is on offer")),
    };
    if !agreed.contains(&seat.0) {
        agreed.push(seat.0);
    }
    // Bot seats answer at once, each by its own judgement of the position (BotHost::accepts_draw).
    let bots: Vec<(u8, String)> = st
        .record
        .seats
        .iter()
        .filter(|s| s.kind == SeatKind::Bot && !agreed.contains(&s.index))
        .map(|s| (s.index, s.bot_spec.clone().unwrap_or_default()))
        .collect();
    for (index, spec) in bots {
        let seed = bot_seed(st.record.seed, st.seq() + 1) ^ u64::from(index);
        let answer = app.bots.accepts_draw(&*st.game, Seat(index), &spec, seed);
        if answer == Ok(true) {
            agreed.push(index);
            continue;
        }
        let mut declined = json!({"type": "declined", "offer": "draw", "by": Seat(index)});
        if let Err(e) = answer {
            declined["reason"] = json!(e);
        }
        st.broadcast_raw(declined.to_string());
        return Ok(None);
    }
    if (0..st.game.num_seats() as u8).all(|s| agreed.contains(&s)) {
        return finish_by_server(app, st, Outcome::draw("draw agreed")).await.map(Some);
    }
    st.draw_offer = Some(agreed);
    st.broadcast_raw(json!({"type": "offer", "offer": "draw", "agreed": st.draw_offer}).to_string());
    Ok(None)
}

pub fn decline(st: &mut TableState, seat: Seat, what: &str) -> Result<(), Refusal> {
    let slot = if what == "draw" { &mut st.draw_offer } else { &mut st.undo_request };
    if slot.take().is_none() {
        return Err(refuse("state", format!("no {what} request is pending")));
    }
    st.broadcast_raw(json!({"type": "declined", "offer": what, "by": seat}).to_string());
    Ok(())
}

/// Take-back. The seat asking takes back its own last action; at a table with bots, the bots'
/// replies after it go too (so a player can take back a move a bot has already answered). No
/// other human may have moved since. Allowed only while the game is in progress and never across
/// a reveal ([`undo_blocker`], over every action taken back): no log entry with a visibility
/// other than `All` (a private entry means someone learnt something that taking the action back
/// cannot make them forget) and no entry of kind `card` (a draw, reveal or shuffle the redo
/// would repeat). Bots accept every take-back these rules allow; every other human seat must
/// accept. The game is then rebuilt from the stored log minus the actions taken back.
pub async fn undo(app: &App, st: &mut TableState, seat: Seat, accept: bool) -> Result<Option<Change>, Refusal> {
    if !st.playing() {
        return Err(refuse("state", "undo is possible only in a game in progress"));
    }
    if !accept {
        let from = take_back_from(app, st, seat).await?;
        if let Some(why) = undo_blocker(&st.log, from) {
            return Err(refuse(
                "state",
                format!("the last action revealed hidden information (it {why}): it cannot be taken back"),
            ));
        }
        st.undo_request = Some(vec![seat.0]);
    } else {
        let Some(agreed) = st.undo_request.as_mut() else { return Err(refuse("state", "no undo request is pending")) };
        if !agreed.contains(&seat.0) {
            agreed.push(seat.0);
        }
    }
    let agreed = st.undo_request.clone().unwrap_or_default();
    if !st.human_seats().iter().all(|s| agreed.contains(s)) {
        st.broadcast_raw(json!({"type": "offer", "offer": "undo", "agreed": agreed}).to_string());
        return Ok(None);
    }
    let asker = Seat(agreed.first().copied().unwrap_or(seat.0));
    let from = take_back_from(app, st, asker).await?;
    for seq in (from..=st.seq()).rev() {
        app.store.pop_action(&st.record.id, seq).await.map_err(|e| refuse("storage", format!("undo failed: {e}")))?;
    }
    let actions = app.store.actions(&st.record.id).await.map_err(|e| refuse("storage", e.to_string()))?;
    let rebuilt = TableState::build(&st.entry, st.record.clone(), &actions).map_err(|e| refuse("storage", e))?;
    st.game = rebuilt.game;
    st.log = rebuilt.log;
    st.undo_request = None;
    st.draw_offer = None;
    st.changed();
    Ok(Some(Change { kind: "state", log_from: 0 }))
}

/// The number of the first action a take-back by `seat` removes: `seat`'s last action, with
/// only bot actions after it (without bots: `seat` must have played the last action).
async fn take_back_from(app: &App, st: &TableState, seat: Seat) -> Result<u64, Refusal> {
    let actions = app.store.actions(&st.record.id).await.map_err(|e| refuse("storage", e.to_string()))?;
    if actions.is_empty() {
        return Err(refuse("state", "no action to take back"));
    }
    let is_bot = |s: u8| st.record.seats.get(usize::from(s)).is_some_and(|r| r.kind == SeatKind::Bot);
    let mut from = None;
    for a in actions.iter().rev() {
        if a.seat == seat.0 {
            from = Some(a.seq);
            break;
        }
        if !is_bot(a.seat) {
            break;
        }
    }
    from.ok_or_else(|| refuse("unauthorised", "only the seat that played the last action may ask to take it back"))
}

/// Why the actions from number `from` on may not be taken back, decided from the log: an event
/// shown to only some seats (someone learnt something), or one that drew, revealed, shuffled or
/// moved hidden cards (kind `card`: a redo would show the same card again).
pub fn undo_blocker(log: &[(u64, LogEntry<LoggedEvent>)], from: u64) -> Option<&'static str> {
    let span = log.iter().filter(|(s, _)| *s >= from).map(|(_, e)| e);
    let mut blocker = None;
    for e in span {
        if e.visible_to != Visibility::All {
            return Some("showed a seat something the others did not see");
        }
        if e.event.text.kind == EventKind::Card {
            blocker = Some("drew, revealed or shuffled cards");
        }
    }
    blocker
}

/// After any change: start the bot to act, or the clock of the human to act.
pub fn schedule(app: &Arc<App>, table: &Arc<Table>, st: &mut TableState) {
    st.deadline = None;
    if !st.playing() {
        return;
    }
    let Some(seat) = st.game.status().to_act() else { return };
    let Some(seat_rec) = st.record.seats.get(seat.index()) else { return };
    let version = st.version;
    if seat_rec.kind == SeatKind::Bot {
        let spec = seat_rec.bot_spec.clone().unwrap_or_default();
        // Checked again here: a table stored before the caps were lowered.
        let allowed = crate::bots::check_bot(app, st.record.game.as_str(), &spec);
        let game = st.game.clone_box();
        let seed = bot_seed(st.record.seed, st.seq() + 1);
        let (app, table) = (app.clone(), table.clone());
        tokio::spawn(async move {
            let bots = app.bots.clone();
            let chosen = match allowed {
                Ok(()) => tokio::task::spawn_blocking(move || bots.choose(&*game, seat, &spec, seed))
                    .await
                    .unwrap_or_else(|e| Err(format!("the bot crashed: {e}"))),
                Err(e) => Err(e),
            };
            let mut st = table.state.lock().await;
            if st.version != version {
                return;
            }
            let played = match chosen {
                Ok(notation) => apply(&app, &mut st, seat, &notation, None).await.map_err(|r| r.message),
                Err(e) => Err(e),
            };
            let change = match played {
                Ok(c) => Some(c),
                Err(e) => {
                    // A bot that cannot move forfeits, loudly.
                    leave(&app, &mut st, seat, format!("bot {seat} failed: {e}")).await.ok()
                }
            };
            announce(&app, &table, &mut st, change);
        });
    } else if let Some(secs) = st.record.clock_secs.filter(|s| *s > 0) {
        let at = Instant::now() + Duration::from_secs(u64::from(secs));
        st.deadline = Some((seat, at));
        let (app, table) = (app.clone(), table.clone());
        tokio::spawn(async move {
            tokio::time::sleep_until(at.into()).await;
            let mut st = table.state.lock().await;
            if st.version != version || !st.playing() {
                return;
            }
            let change = leave(&app, &mut st, seat, format!("{seat} ran out of time")).await.ok();
            announce(&app, &table, &mut st, change);
        });
    }
}

/// After a change: start whoever must move next, then tell every watcher.
pub fn announce(app: &Arc<App>, table: &Arc<Table>, st: &mut TableState, change: Option<Change>) {
    if let Some(c) = change {
        schedule(app, table, st);
        st.broadcast(c.kind, c.log_from);
    }
}

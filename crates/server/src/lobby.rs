//! REST: the games on offer, and tables: create, list, show, join, leave, start, replay.
//! Table summaries never hold the seed or the setup of an unfinished game (they could reveal
//! hidden information); the replay of a finished game holds everything.

use crate::accounts::{session, session_opt};
use crate::api_error::{ApiError, Body};
use crate::app::App;
use crate::auth::{check_name, cookie, new_token, seat_cookie_name, secure_request, set_cookie};
use crate::table::{announce, public_seat, Change, Table, TableState};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use store::{hash_token, new_id, now_ms, SeatKind, SeatRecord, Session, TableRecord, TableStatus};

/// Setup fields that fix hidden order or who goes first: test settings, refused at table
/// creation unless the server runs with `--dev-settings` (then the table says so to every
/// seat). Game-agnostic: any object in the setup JSON holding one of these keys with a value
/// (not null, not empty) is refused. Riftbound: `top` (cards put on top of a deck), `first`
/// (the first player), `battlefield` (the battlefield picked instead of a random one); Fate
/// Deduction: `first_player`; any game's `order`, `deck_order`, `seed`.
pub const DEV_SETUP_FIELDS: &[&str] = &["top", "first", "battlefield", "first_player", "order", "deck_order", "seed"];

/// The first development-only field set in `setup`, as a path (`setup.seats[0].top`).
pub fn dev_setup_field(setup: &Value) -> Option<String> {
    fn walk(v: &Value, path: &str) -> Option<String> {
        match v {
            Value::Object(map) => map.iter().find_map(|(k, x)| {
                let here = format!("{path}.{k}");
                let set = !(x.is_null() || x.as_array().is_some_and(Vec::is_empty) || x.as_str() == Some(""));
                if DEV_SETUP_FIELDS.contains(&k.as_str()) && set {
                    Some(here)
                } else {
                    walk(x, &here)
                }
            }),
            Value::Array(items) => items.iter().enumerate().find_map(|(i, x)| walk(x, &format!("{path}[{i}]"))),
            _ => None,
        }
    }
    walk(setup, "setup")
}

pub async fn games(State(app): State<Arc<App>>) -> Json<Value> {
    let list: Vec<Value> = app
        .registry
        .names()
        .into_iter()
        .map(|n| {
            let defaults = app.registry.get(n).map(|e| e.default_options()).unwrap_or(Value::Null);
            let seats = app.registry.get(n).ok().and_then(|e| seats_of(e, &defaults).ok());
            let options_info = app.registry.get(n).map(|e| e.options_info()).unwrap_or_default();
            json!({"name": n, "default_options": defaults, "options_info": options_info, "seats": seats})
        })
        .collect();
    Json(Value::Array(list))
}

/// The number of seats of a game created with these options and its default setup.
fn seats_of(entry: &engine::GameEntry, options: &Value) -> Result<usize, String> {
    entry.create(options, None, 0).map(|g| g.num_seats()).map_err(|e| e.to_string())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatsQuery {
    options: Option<String>,
}

/// `GET /api/games/{name}/seats?options=JSON`: how many seats a table of the game has with these
/// options (e.g. Riftbound's `mode`).
pub async fn seats(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(q): Query<SeatsQuery>,
) -> Result<Json<Value>, ApiError> {
    let entry = app.registry.get(&name).map_err(ApiError::not_found)?;
    let options = match q.options.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => serde_json::from_str(s).map_err(|e| ApiError::bad(format!("options: not JSON: {e}")))?,
        None => Value::Object(Default::default()),
    };
    let seats = seats_of(entry, &options).map_err(|e| ApiError::bad(format!("options: {e}")))?;
    Ok(Json(json!({"game": name, "seats": seats})))
}

/// `GET /api/games/{name}/cards`: every card of the game's default set, with its rules text in
/// both languages (the contract's catalogue, design.md §2).
pub async fn cards(State(app): State<Arc<App>>, Path(name): Path<String>) -> Result<Json<Value>, ApiError> {
    let entry = app.registry.get(&name).map_err(ApiError::not_found)?;
    let cards = entry.catalogue(&Value::Null).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(Json(serde_json::to_value(cards).unwrap_or(Value::Null)))
}

/// `GET /api/tables/{id}/cards`: the catalogue of the set this table plays with (its own set
/// when it was created with one, else the game's built-in set).
pub async fn table_cards(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let t = live(&app, &id).await?;
    let st = t.state.lock().await;
    Ok(Json(serde_json::to_value(st.game.catalogue()).unwrap_or(Value::Null)))
}

/// Whether a table's options carry its own card set.
pub fn has_own_cards(options: &Value) -> bool {
    options.get("cards").is_some_and(|c| !c.is_null())
}

/// The options as listings show them: a table's own card set is only named (`custom_cards`),
/// its cards are at `GET /api/tables/{id}/cards`.
fn listed_options(options: &Value) -> Value {
    let mut o = options.clone();
    if let Some(map) = o.as_object_mut() {
        map.remove("cards");
    }
    o
}

pub fn summary(t: &TableRecord) -> Value {
    json!({
        "id": t.id,
        "game": t.game,
        "options": listed_options(&t.options),
        "custom_cards": has_own_cards(&t.options),
        "status": t.status,
        "result": t.result,
        "clock_secs": t.clock_secs,
        "created_by": t.created_by,
        "created_at": t.created_at,
        "dev_settings": t.dev_settings,
        "seats": t.seats.iter().map(public_seat).collect::<Vec<_>>(),
    })
}

#[derive(Deserialize)]
pub struct ListQuery {
    status: Option<String>,
}

pub async fn list(State(app): State<Arc<App>>, Query(q): Query<ListQuery>) -> Result<Json<Value>, ApiError> {
    let statuses = match q.status.as_deref() {
        None => vec![TableStatus::Lobby, TableStatus::Playing],
        Some("all") => vec![TableStatus::Lobby, TableStatus::Playing, TableStatus::Finished, TableStatus::Broken],
        Some(s) => vec![TableStatus::parse(s).ok_or_else(|| {
            ApiError::bad(format!("unknown status '{s}': use lobby, playing, finished, broken or all"))
        })?],
    };
    let tables = app.store.list_tables(&statuses, 200).await?;
    Ok(Json(Value::Array(tables.iter().map(summary).collect())))
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatSpec {
    Open,
    Invited { name: String },
    Bot { spec: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateBody {
    pub game: String,
    #[serde(default)]
    pub options: Value,
    pub setup: Option<Value>,
    pub seats: Option<Vec<SeatSpec>>,
    pub clock_secs: Option<u32>,
    /// A card-set file to play with, as its text (docs/protocol.md "Card sets").
    #[serde(default)]
    pub cards: Option<CardsUpload>,
}

/// A card-set file sent with a table: its text and format, exactly as `--cards` reads it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsUpload {
    pub format: engine::CardFormat,
    pub text: String,
}

/// The table's options with its card set (`cards`, or a document already in `options.cards`)
/// checked: within the size limit (else 413), of a game that has set files, and read whole by
/// the game (else 400 listing every problem, one a line).
fn options_with_cards(
    app: &App,
    entry: &engine::GameEntry,
    options: Value,
    upload: Option<CardsUpload>,
) -> Result<Value, ApiError> {
    let limit = app.limits.max_card_set_bytes;
    let too_large = |n: usize| {
        ApiError(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            format!("the card set is {n} bytes; this server takes sets of at most {limit} bytes (max_card_set_bytes)"),
        )
    };
    let refused = |e: engine::CardSetError| {
        let n = e.problems.len();
        ApiError::bad(format!("the card set is refused ({n} problem{}):\n{e}", if n == 1 { "" } else { "s" }))
    };
    let unloadable = || ApiError::bad(format!("{} has no card-set file: its cards are fixed by its rules", entry.name));
    match upload {
        Some(_) if has_own_cards(&options) => {
            Err(ApiError::bad("give the card set once: either `cards` (its text) or `options.cards` (its document)"))
        }
        Some(u) => {
            if u.text.len() > limit {
                return Err(too_large(u.text.len()));
            }
            if !entry.loadable_cards {
                return Err(unloadable());
            }
            let doc = entry.parse_cards(&u.text, u.format, "cards").map_err(refused)?;
            Ok(engine::GameEntry::with_cards(&options, doc))
        }
        None if has_own_cards(&options) => {
            let text = options["cards"].to_string();
            if text.len() > limit {
                return Err(too_large(text.len()));
            }
            if !entry.loadable_cards {
                return Err(unloadable());
            }
            entry.parse_cards(&text, engine::CardFormat::Json, "options.cards").map_err(refused)?;
            Ok(options)
        }
        None => Ok(options),
    }
}

fn random_seed() -> u64 {
    let t = new_token();
    u64::from_str_radix(&t[..16], 16).unwrap_or(0)
}

pub async fn create(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(b): Body<CreateBody>,
) -> Result<Json<Value>, ApiError> {
    let who = session(&app, &headers).await?;
    create_table(&app, &who, b).await.map(Json)
}

/// Create a table for `who` (`POST /api/tables`; a rematch creates its table here too) and
/// answer its summary.
pub async fn create_table(app: &App, who: &store::Session, b: CreateBody) -> Result<Value, ApiError> {
    crate::reaper::check_lobby_cap(app, who.user_id())
        .map_err(|e| ApiError(axum::http::StatusCode::TOO_MANY_REQUESTS, e))?;
    let entry = app.registry.get(&b.game).map_err(ApiError::bad)?;
    let dev_field = b.setup.as_ref().and_then(dev_setup_field);
    if let Some(field) = &dev_field {
        if !app.dev_settings {
            return Err(ApiError::bad(format!(
                "{field} is a test setting that fixes hidden order or the first player: tables may set only decks, \
                 options and seats (a server started with --dev-settings allows it, and tells every seat)"
            )));
        }
    }
    let options = options_with_cards(app, entry, b.options, b.cards)?;
    let seed = random_seed();
    let game = entry.create(&options, b.setup.as_ref(), seed).map_err(|e| ApiError::bad(format!("setup: {e}")))?;
    let n = game.num_seats();
    let specs = b.seats.unwrap_or_else(|| (0..n).map(|_| SeatSpec::Open).collect());
    if specs.len() != n {
        return Err(ApiError::bad(format!("{} needs {n} seats, the request has {}", b.game, specs.len())));
    }
    if b.clock_secs.is_some_and(|c| !(5..=86_400).contains(&c)) {
        return Err(ApiError::bad("clock_secs must be between 5 and 86400"));
    }
    let mut seats = Vec::with_capacity(n);
    for (i, spec) in specs.into_iter().enumerate() {
        let open = SeatRecord::open(i as u8);
        seats.push(match spec {
            SeatSpec::Open => open,
            SeatSpec::Invited { name } => {
                // Invitations name accounts: resolved to the account's id now, matched by id.
                let name = check_name(&name, app.limits.max_name_chars).map_err(ApiError::bad)?;
                let account = app.store.account_by_name(&name).await?.ok_or_else(|| {
                    ApiError::bad(format!("seat {}: no account is named '{name}' (invitations name accounts)", i + 1))
                })?;
                SeatRecord {
                    kind: SeatKind::Invited,
                    player_name: Some(account.name),
                    account_id: Some(account.id),
                    ..open
                }
            }
            SeatSpec::Bot { spec } => {
                crate::bots::check_bot(app, &b.game, &spec)
                    .map_err(|e| ApiError::bad(format!("seat {}: {e}", i + 1)))?;
                SeatRecord {
                    kind: SeatKind::Bot,
                    player_name: Some(format!("bot ({spec})")),
                    bot_spec: Some(spec),
                    ..open
                }
            }
        });
    }
    let replay = game.replay();
    let record = TableRecord {
        id: new_id(),
        game: b.game.clone(),
        options: replay.options,
        setup: Some(replay.setup),
        seed,
        status: TableStatus::Lobby,
        result: None,
        clock_secs: b.clock_secs,
        created_by: who.name.clone(),
        creator_id: Some(who.user_id().to_string()),
        dev_settings: dev_field.is_some(),
        created_at: now_ms(),
        updated_at: now_ms(),
        seats,
    };
    app.store.create_table(&record).await?;
    if let Some(node) = &app.node {
        // The node that creates a table owns it first (a fresh id: no other node can hold it).
        app.store.acquire_lease(&record.id, &node.id, node.lease_ms).await?;
    }
    let state = TableState::build(entry, record, &[]).map_err(ApiError::internal)?;
    let out = summary(&state.record);
    app.insert(Arc::new(Table::new(state)));
    Ok(out)
}

async fn live(app: &App, id: &str) -> Result<Arc<Table>, ApiError> {
    app.table(id).await?.ok_or_else(|| ApiError::not_found(format!("no table {id}")))
}

pub async fn show(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let t = live(&app, &id).await?;
    let st = t.state.lock().await;
    let mut out = summary(&st.record);
    out["seq"] = json!(st.seq());
    out["game_status"] = json!(st.game.status());
    Ok(Json(out))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SeatBody {
    seat: Option<u8>,
    token: Option<String>,
}

pub async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let b: SeatBody = optional_body(&body)?;
    let who = session(&app, &headers).await?;
    let table = live(&app, &id).await?;
    let mut st = table.state.lock().await;
    let me = who.user_id().to_string();
    let mine = st.record.seats.iter().find(|s| s.user_id() == Some(me.as_str())).map(|s| s.index);
    if let Some(index) = mine.filter(|i| b.seat.is_none_or(|want| want == *i)) {
        // The same account or guest again (another device, a lost cookie): its seat, with a
        // fresh token (only hashes are kept, so the old one cannot be handed back).
        let token = new_token();
        let seat = occupant(&who, index, &token);
        app.store.update_seat(&id, &seat, &[]).await?;
        st.record.seats[index as usize] = seat;
        return Ok(seat_response(&app, &headers, &id, index, token));
    }
    if st.record.status != TableStatus::Lobby {
        return Err(ApiError::conflict("the game has started: seats can no longer be taken (watch it instead)"));
    }
    let free_for_me = |s: &SeatRecord| match s.kind {
        SeatKind::Open => true,
        SeatKind::Invited => s.account_id.is_some() && s.account_id == who.account_id,
        _ => false,
    };
    let index = match b.seat {
        Some(i) => {
            let s = st.record.seats.get(i as usize).ok_or_else(|| ApiError::bad(format!("there is no seat {i}")))?;
            if !free_for_me(s) {
                return Err(ApiError::conflict(format!("seat {i} is not free for {}", who.name)));
            }
            i
        }
        None => st
            .record
            .seats
            .iter()
            .find(|s| s.kind == SeatKind::Invited && free_for_me(s))
            .or_else(|| st.record.seats.iter().find(|s| free_for_me(s)))
            .map(|s| s.index)
            .ok_or_else(|| ApiError::conflict("no seat is free for you at this table"))?,
    };
    let token = new_token();
    let seat = occupant(&who, index, &token);
    app.store.update_seat(&id, &seat, &[SeatKind::Open, SeatKind::Invited]).await?;
    st.record.seats[index as usize] = seat;
    announce(&app, &table, &mut st, Some(Change { kind: "state", log_from: 0 }));
    Ok(seat_response(&app, &headers, &id, index, token))
}

/// The seat record of `who` sitting at `index`, holding the hash of `token`.
fn occupant(who: &Session, index: u8, token: &str) -> SeatRecord {
    SeatRecord {
        index,
        kind: if who.guest { SeatKind::Guest } else { SeatKind::Account },
        player_name: Some(who.name.clone()),
        account_id: who.account_id.clone(),
        guest_id: who.guest_id.clone(),
        bot_spec: None,
        token_hash: Some(hash_token(token)),
    }
}

/// An optional JSON body: empty means defaults.
fn optional_body<T: serde::de::DeserializeOwned + Default>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| ApiError::bad(format!("bad request body: {e}")))
}

/// The seat taken: its token goes in an HttpOnly cookie (what the browser's socket uses) and in
/// the body (for other clients, which send it in the socket's first message; never in a URL).
fn seat_response(app: &App, headers: &HeaderMap, id: &str, seat: u8, token: String) -> Response {
    let secure = secure_request(app.secure_cookies, headers);
    let cookie = set_cookie(&seat_cookie_name(id), &token, 30 * 24 * 3600, secure);
    ([(header::SET_COOKIE, cookie)], Json(json!({"table": id, "seat": seat, "token": token}))).into_response()
}

fn seat_token(headers: &HeaderMap, id: &str, b: &SeatBody) -> Option<String> {
    b.token.clone().or_else(|| cookie(headers, &seat_cookie_name(id)))
}

/// The seat the request holds: by its seat token (body or cookie), or else by the session's
/// account or guest id.
pub fn held_seat(seats: &[SeatRecord], token: Option<&str>, who: Option<&Session>) -> Option<u8> {
    let by_token = token.map(hash_token).and_then(|h| seats.iter().find(|s| s.token_hash.as_deref() == Some(&h)));
    by_token
        .or_else(|| who.and_then(|w| seats.iter().find(|s| s.user_id().is_some_and(|u| u == w.user_id()))))
        .map(|s| s.index)
}

pub async fn leave(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let b: SeatBody = optional_body(&body)?;
    let token = seat_token(&headers, &id, &b);
    let who = session_opt(&app, &headers).await;
    if token.is_none() && who.is_none() {
        return Err(ApiError::unauthorised("no seat token and not logged in: you hold no seat"));
    }
    let table = live(&app, &id).await?;
    let mut st = table.state.lock().await;
    let index = held_seat(&st.record.seats, token.as_deref(), who.as_ref())
        .ok_or_else(|| ApiError::forbidden("you hold no seat at this table"))?;
    if st.record.status != TableStatus::Lobby {
        return Err(ApiError::conflict("the game has started: concede instead of leaving"));
    }
    let seat = SeatRecord::open(index);
    app.store.update_seat(&id, &seat, &[]).await?;
    st.record.seats[index as usize] = seat;
    announce(&app, &table, &mut st, Some(Change { kind: "state", log_from: 0 }));
    Ok(Json(json!({"table": id, "left": index})))
}

pub async fn start(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let b: SeatBody = optional_body(&body)?;
    let who = session(&app, &headers).await?;
    let table = live(&app, &id).await?;
    let mut st = table.state.lock().await;
    let token = seat_token(&headers, &id, &b);
    let seated = held_seat(&st.record.seats, token.as_deref(), Some(&who)).is_some();
    let creator = st.record.creator_id.as_deref().is_some_and(|c| c == who.user_id());
    if !seated && !creator {
        return Err(ApiError::forbidden("only the table's creator or a seated player may start it"));
    }
    if st.record.status != TableStatus::Lobby {
        return Err(ApiError::conflict("the game has already started"));
    }
    if let Some(s) = st.record.seats.iter().find(|s| !s.kind.is_filled()) {
        return Err(ApiError::conflict(format!("seat {} is still empty", s.index)));
    }
    app.store.set_table_status(&id, TableStatus::Playing, None).await?;
    st.record.status = TableStatus::Playing;
    st.version += 1;
    st.last_seen = std::time::Instant::now(); // the abandonment clock starts with the game
    announce(&app, &table, &mut st, Some(Change { kind: "state", log_from: 0 }));
    Ok(Json(summary(&st.record)))
}

/// The replay of a finished game (engine::Replay JSON). When the server ended the game
/// (concession, agreed draw, time), `server_result` holds that outcome.
pub async fn replay(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let table = live(&app, &id).await?;
    let st = table.state.lock().await;
    if st.record.status != TableStatus::Finished {
        return Err(ApiError::conflict("the game is not over: replays are for finished games"));
    }
    let mut out = serde_json::to_value(st.game.replay()).map_err(|e| ApiError::internal(e.to_string()))?;
    if let Some(r) = &st.record.result {
        out["server_result"] = r.clone();
    }
    Ok(Json(out))
}

/// The replay of the finished table `id` (409 while it is being played).
pub(crate) async fn finished_replay(app: &App, id: &str) -> Result<engine::Replay, ApiError> {
    let table = live(app, id).await?;
    let st = table.state.lock().await;
    if st.record.status != TableStatus::Finished {
        return Err(ApiError::conflict("the game is not over: replays are for finished games"));
    }
    Ok(st.game.replay())
}

/// `GET /api/tables/{id}/replay/{n}`: the position of a finished game after its first `n`
/// actions, as everyone sees it (omniscient view and text render), rebuilt from the stored
/// options, setup and seed.
pub async fn replay_step(
    State(app): State<Arc<App>>,
    Path((id, n)): Path<(String, usize)>,
) -> Result<Json<Value>, ApiError> {
    let table = live(&app, &id).await?;
    let (mut rep, entry) = {
        let st = table.state.lock().await;
        if st.record.status != TableStatus::Finished {
            return Err(ApiError::conflict("the game is not over: replays are for finished games"));
        }
        (st.game.replay(), app.registry.get(&st.record.game).map_err(ApiError::internal)?)
    };
    let total = rep.actions.len();
    if n > total {
        return Err(ApiError::bad(format!("step {n} is past the end: the game has {total} actions")));
    }
    rep.actions.truncate(n);
    let last = rep.actions.last().cloned();
    rep.outcome = None;
    let game = entry.replay(&rep).map_err(|e| ApiError::internal(format!("replay does not rebuild: {e}")))?;
    let viewer = engine::Viewer::Omniscient;
    Ok(Json(json!({
        "table": id,
        "step": n,
        "total": total,
        "action": last,
        "status": game.status(),
        "view": game.view(viewer),
        "render": game.render(viewer),
    })))
}

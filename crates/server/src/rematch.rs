//! After a game: a rematch (a new table with the same game, options, setup, clock and seats) and
//! the outcome of a finished table in words (the lobby's list of finished tables shows it).
//!
//! `POST /api/tables/{id}/rematch` (a signed-in seat holder of a finished table): bots are
//! seated again with the same spec; every account's seat is invited (the creation path's
//! invitations name accounts), a guest's seat is left open (each player then takes their seat
//! with `join`). Both players asking for a
//! rematch of the same table get the same new table. Answers `{"id": NEW}`; 409 if the table is
//! not finished, 403 if the caller held no seat there.
//!
//! `GET /api/tables/{id}/outcome`: `{winners: [{seat, name}], reason, label: {en, zh}, scores,
//! rematch}` of a finished table (409 otherwise).

use crate::accounts::session;
use crate::api_error::ApiError;
use crate::app::App;
use crate::auth::{cookie, seat_cookie_name};
use crate::lobby::{create_table, held_seat, CreateBody, SeatSpec};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::Label;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use store::{SeatKind, SeatRecord, TableStatus};

/// The routes of this module (merged into the server's router).
pub fn routes() -> Router<Arc<App>> {
    Router::new().route("/api/tables/{id}/rematch", post(rematch)).route("/api/tables/{id}/outcome", get(outcome))
}

/// Finished table id → the table its rematch created (so that both players land at one table).
fn rematches() -> &'static Mutex<HashMap<String, String>> {
    static MAP: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    MAP.get_or_init(Default::default)
}

fn rematch_of(id: &str) -> Option<String> {
    rematches().lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned()
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RematchBody {
    /// The caller's seat token at the finished table (else the seat cookie or the account).
    token: Option<String>,
}

/// The seat spec that seats the same player (or bot) again at a new table. Invitations name
/// accounts, so an account's seat is kept for it; a guest's seat is left open for them to take.
fn again(s: &SeatRecord) -> SeatSpec {
    match (&s.kind, &s.bot_spec, &s.player_name) {
        (SeatKind::Bot, Some(spec), _) => SeatSpec::Bot { spec: spec.clone() },
        (SeatKind::Account | SeatKind::Invited, _, Some(name)) if s.account_id.is_some() => {
            SeatSpec::Invited { name: name.clone() }
        }
        _ => SeatSpec::Open,
    }
}

pub async fn rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let b: RematchBody = if body.iter().all(u8::is_ascii_whitespace) {
        RematchBody::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| ApiError::bad(format!("bad request body: {e}")))?
    };
    let who = session(&app, &headers).await?;
    let table = app.table(&id).await?.ok_or_else(|| ApiError::not_found(format!("no table {id}")))?;
    let create = {
        let st = table.state.lock().await;
        let token = b.token.or_else(|| cookie(&headers, &seat_cookie_name(&id)));
        let seated = held_seat(&st.record.seats, token.as_deref(), Some(&who))
            .is_some_and(|i| st.record.seats[i as usize].kind != SeatKind::Bot);
        if !seated {
            return Err(ApiError::forbidden("only a player who held a seat at this table may ask for a rematch"));
        }
        if st.record.status != TableStatus::Finished {
            return Err(ApiError::conflict("the game is not over: a rematch follows a finished game"));
        }
        if let Some(new) = rematch_of(&id) {
            if app.table(&new).await.ok().flatten().is_some() {
                return Ok(Json(json!({"id": new})));
            }
        }
        CreateBody {
            game: st.record.game.clone(),
            options: st.record.options.clone(),
            setup: st.record.setup.clone(),
            seats: Some(st.record.seats.iter().map(again).collect()),
            clock_secs: st.record.clock_secs,
            // The set travels in the options.
            cards: None,
        }
    };
    let out = create_table(&app, &who, create).await?;
    let new = out["id"].as_str().unwrap_or_default().to_string();
    let mut map = rematches().lock().unwrap_or_else(|e| e.into_inner());
    // Two players asking at once: the first table made wins, the other is left in the lobby.
    let new = map.entry(id).or_insert(new).clone();
    Ok(Json(json!({"id": new})))
}

/// The name a seat is shown by (its player, or "P2").
fn seat_name(seats: &[SeatRecord], seat: usize) -> String {
    seats.get(seat).and_then(|s| s.player_name.clone()).unwrap_or_else(|| format!("P{}", seat + 1))
}

/// The outcome the server decided (concession, agreed draw, time, a failed bot), in words.
fn server_label(reason: &str, seats: &[SeatRecord]) -> Option<Label> {
    let who = |p: &str| -> Option<String> {
        let n: usize = p.strip_prefix('P')?.parse().ok()?;
        Some(seat_name(seats, n.checked_sub(1)?))
    };
    if reason == "draw agreed" {
        return Some(Label::new("Draw by agreement", "双方同意和局"));
    }
    if let Some(p) = reason.strip_suffix(" conceded") {
        let n = who(p)?;
        return Some(Label::new(format!("{n} conceded"), format!("{n} 认输")));
    }
    if let Some(p) = reason.strip_suffix(" ran out of time") {
        let n = who(p)?;
        return Some(Label::new(format!("{n} ran out of time"), format!("{n} 超时")));
    }
    if let Some(rest) = reason.strip_prefix("bot ") {
        let n = who(rest.split(' ').next()?)?;
        return Some(Label::new(format!("the bot {n} failed"), format!("机器人 {n} 出错")));
    }
    None
}

pub async fn outcome(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let table = app.table(&id).await?.ok_or_else(|| ApiError::not_found(format!("no table {id}")))?;
    let st = table.state.lock().await;
    if st.record.status != TableStatus::Finished {
        return Err(ApiError::conflict("the game is not over"));
    }
    // A game that ended by its rules holds its outcome; the server's own endings are recorded.
    let result = match st.game.status() {
        engine::Status::Over(o) => serde_json::to_value(o).unwrap_or(Value::Null),
        engine::Status::ToAct(_) => st.record.result.clone().unwrap_or(Value::Null),
    };
    let reason = result["reason"].as_str().unwrap_or_default().to_string();
    let seats = &st.record.seats;
    let winners: Vec<Value> = result["winners"]
        .as_array()
        .map(|w| {
            w.iter()
                .filter_map(Value::as_u64)
                .map(|s| json!({"seat": s, "name": seat_name(seats, s as usize)}))
                .collect()
        })
        .unwrap_or_default();
    let label = match st.game.status() {
        engine::Status::Over(_) => st.game.outcome_label(),
        engine::Status::ToAct(_) => None,
    }
    .or_else(|| server_label(&reason, seats));
    Ok(Json(json!({
        "id": id,
        "game": st.record.game,
        "winners": winners,
        "reason": reason,
        "label": label,
        "scores": result["scores"],
        "rematch": rematch_of(&id),
    })))
}

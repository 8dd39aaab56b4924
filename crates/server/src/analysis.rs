//! `GET /api/tables/{id}/analysis?max_nodes=N`: the computer analysis of a finished game (the
//! replay viewer's "Analyse" button). The [`crate::BotHost`] runs its solver over every
//! position off the async runtime (spawn_blocking), one analysis at a time per server, with a
//! node budget per position capped by [`MAX_NODES`] and the time by the request timeout.

use crate::api_error::ApiError;
use crate::app::App;
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The node budget per position when the request names none.
pub const DEFAULT_NODES: u64 = 20_000;
/// The largest node budget per position a request may ask for.
pub const MAX_NODES: u64 = 200_000;

/// One analysis at a time: it is CPU-heavy and the game server must keep answering.
static RUNNING: Semaphore = Semaphore::const_new(1);

#[derive(Deserialize)]
pub struct AnalysisQuery {
    max_nodes: Option<u64>,
}

pub async fn analysis(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<AnalysisQuery>,
) -> Result<Json<Value>, ApiError> {
    let max_nodes = q.max_nodes.unwrap_or(DEFAULT_NODES);
    if max_nodes == 0 || max_nodes > MAX_NODES {
        return Err(ApiError::bad(format!("max_nodes must be 1..={MAX_NODES} (nodes per position), not {max_nodes}")));
    }
    let replay = crate::lobby::finished_replay(&app, &id).await?;
    let _permit = RUNNING
        .try_acquire()
        .map_err(|_| ApiError::conflict("another analysis is running on this server: try again in a moment"))?;
    // Leave the request a fifth of its time to answer.
    let max_seconds = app.limits.request_timeout.as_secs_f64() * 0.8;
    let bots = app.bots.clone();
    let game = replay.game.clone();
    let out = tokio::task::spawn_blocking(move || bots.analyse(&replay, max_nodes, max_seconds))
        .await
        .map_err(|e| ApiError::internal(format!("the analysis failed: {e}")))?;
    match out {
        None => Err(ApiError::not_found(format!("this server has no computer analysis for {game}"))),
        Some(Err(e)) => Err(ApiError::bad(e)),
        Some(Ok(analysis)) => {
            Ok(Json(json!({ "table": id, "game": game, "max_nodes": max_nodes, "analysis": analysis })))
        }
    }
}

//! Health and readiness for load balancers and orchestrators (docs/deploy.md):
//! `GET /healthz` answers 200 while the process serves requests; `GET /readyz` answers 200 when
//! the store answers a query within two seconds, else 503 with the reason.

use crate::app::App;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// How long `/readyz` waits for the store.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

pub async fn healthz() -> Response {
    (StatusCode::OK, Json(json!({"status": "alive"}))).into_response()
}

pub async fn readyz(State(app): State<Arc<App>>) -> Response {
    let ping = sqlx::query("SELECT 1").execute(app.store.pool());
    match tokio::time::timeout(READY_TIMEOUT, ping).await {
        Ok(Ok(_)) => (StatusCode::OK, Json(json!({"status": "ready"}))).into_response(),
        Ok(Err(e)) => unavailable(format!("the store refused a query: {e}")),
        Err(_) => unavailable(format!("the store did not answer within {} s", READY_TIMEOUT.as_secs())),
    }
}

fn unavailable(error: String) -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"status": "unavailable", "error": error}))).into_response()
}

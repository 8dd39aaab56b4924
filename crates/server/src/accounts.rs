//! REST: guests, accounts and sessions.

use crate::api_error::{ApiError, Body};
use crate::app::App;
use crate::auth::{check_name, cookie, hash_password, new_token, set_cookie, verify_password, SESSION_COOKIE};
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use store::Session;

/// The session of the request, or 401.
pub async fn session(app: &App, headers: &HeaderMap) -> Result<Session, ApiError> {
    let token = cookie(headers, SESSION_COOKIE)
        .ok_or_else(|| ApiError::unauthorised("not logged in: play as a guest or log in first"))?;
    app.store
        .session(&token)
        .await?
        .ok_or_else(|| ApiError::unauthorised("the session has expired or was logged out: log in again"))
}

fn with_session(app: &App, s: &Session) -> Response {
    let cookie = set_cookie(SESSION_COOKIE, &s.token, app.session_ttl_ms / 1000);
    ([(header::SET_COOKIE, cookie)], Json(json!({"name": s.name, "guest": s.guest}))).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuestBody {
    name: String,
}

pub async fn guest(State(app): State<Arc<App>>, Body(b): Body<GuestBody>) -> Result<Response, ApiError> {
    let name = check_name(&b.name, app.limits.max_name_chars).map_err(ApiError::bad)?;
    let s = app.store.create_session(&new_token(), None, Some(&name), app.session_ttl_ms).await?;
    Ok(with_session(&app, &s))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    name: String,
    password: String,
}

fn check_password(p: &str) -> Result<(), ApiError> {
    if p.chars().count() < 8 {
        return Err(ApiError::bad("the password must have at least 8 characters"));
    }
    if p.len() > 256 {
        return Err(ApiError::bad("the password must have at most 256 bytes"));
    }
    Ok(())
}

pub async fn register(State(app): State<Arc<App>>, Body(c): Body<Credentials>) -> Result<Response, ApiError> {
    let name = check_name(&c.name, app.limits.max_name_chars).map_err(ApiError::bad)?;
    check_password(&c.password)?;
    let password = c.password;
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(ApiError::internal)?;
    let account = app.store.create_account(&name, &hash).await?;
    let s = app.store.create_session(&new_token(), Some(&account.id), None, app.session_ttl_ms).await?;
    Ok(with_session(&app, &s))
}

pub async fn login(State(app): State<Arc<App>>, Body(c): Body<Credentials>) -> Result<Response, ApiError> {
    let wrong = || ApiError::unauthorised("wrong name or password");
    let account = app.store.account_by_name(c.name.trim()).await?.ok_or_else(wrong)?;
    let (password, hash) = (c.password, account.password_hash.clone());
    let ok = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?;
    if !ok {
        return Err(wrong());
    }
    let s = app.store.create_session(&new_token(), Some(&account.id), None, app.session_ttl_ms).await?;
    Ok(with_session(&app, &s))
}

pub async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(t) = cookie(&headers, SESSION_COOKIE) {
        app.store.delete_session(&t).await?;
    }
    Ok(([(header::SET_COOKIE, set_cookie(SESSION_COOKIE, "", 0))], Json(json!({"ok": true}))).into_response())
}

pub async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<serde_json::Value>, ApiError> {
    let s = session(&app, &headers).await?;
    Ok(Json(json!({"name": s.name, "guest": s.guest})))
}

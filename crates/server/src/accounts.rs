//! REST: guests, accounts and sessions. Who someone is goes by id (the account id, or the
//! guest's id), never by the name; names are unique case-insensitively across accounts and the
//! guests signed in now. A guest who registers becomes that account and keeps its tables.

use crate::api_error::{ApiError, Body};
use crate::app::App;
use crate::auth::{
    check_name, cookie, dummy_hash, hash_password, new_token, secure_request, set_cookie, verify_password,
    SESSION_COOKIE,
};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store::Session;

/// Failed logins allowed per address in [`LOGIN_WINDOW`]; further attempts get 429 until the
/// window ends.
pub const MAX_LOGIN_FAILURES: u32 = 10;
pub const LOGIN_WINDOW: Duration = Duration::from_secs(300);

/// Failed logins per client address.
#[derive(Default)]
pub struct LoginThrottle {
    failures: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl LoginThrottle {
    /// `Err(seconds to wait)` when this address has failed too often lately.
    pub fn check(&self, ip: IpAddr) -> Result<(), u64> {
        let map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        match map.get(&ip) {
            Some((since, n)) if *n >= MAX_LOGIN_FAILURES && since.elapsed() < LOGIN_WINDOW => {
                Err((LOGIN_WINDOW - since.elapsed()).as_secs().max(1))
            }
            _ => Ok(()),
        }
    }

    pub fn fail(&self, ip: IpAddr) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 100_000 {
            map.retain(|_, (since, _)| since.elapsed() < LOGIN_WINDOW);
        }
        let e = map.entry(ip).or_insert((Instant::now(), 0));
        if e.0.elapsed() >= LOGIN_WINDOW {
            *e = (Instant::now(), 0);
        }
        e.1 += 1;
    }

    pub fn succeed(&self, ip: IpAddr) {
        self.failures.lock().unwrap_or_else(|e| e.into_inner()).remove(&ip);
    }
}

/// The session of the request, or 401.
pub async fn session(app: &App, headers: &HeaderMap) -> Result<Session, ApiError> {
    let token = cookie(headers, SESSION_COOKIE)
        .ok_or_else(|| ApiError::unauthorised("not logged in: play as a guest or log in first"))?;
    app.store
        .session(&token)
        .await?
        .ok_or_else(|| ApiError::unauthorised("the session has expired or was logged out: log in again"))
}

/// The session of the request, if it has a live one.
pub async fn session_opt(app: &App, headers: &HeaderMap) -> Option<Session> {
    let token = cookie(headers, SESSION_COOKIE)?;
    app.store.session(&token).await.ok().flatten()
}

fn me_json(s: &Session) -> serde_json::Value {
    json!({"name": s.name, "guest": s.guest, "id": s.user_id()})
}

fn with_session(app: &App, headers: &HeaderMap, s: &Session) -> Response {
    let secure = secure_request(app.secure_cookies, headers);
    let cookie = set_cookie(SESSION_COOKIE, &s.token, app.session_ttl_ms / 1000, secure);
    ([(header::SET_COOKIE, cookie)], Json(me_json(s))).into_response()
}

/// Refuse a name an account holds, or a guest signed in now other than `me`.
async fn check_free(app: &App, name: &str, me: Option<&Session>) -> Result<(), ApiError> {
    if app.store.account_by_name(name).await?.is_some() {
        return Err(ApiError::conflict(format!(
            "the name '{name}' belongs to an account: log in, or pick another name"
        )));
    }
    if let Some(g) = app.store.live_guest_named(name).await? {
        if me.and_then(|m| m.guest_id.as_deref()) != Some(g.as_str()) {
            return Err(ApiError::conflict(format!("a guest is playing as '{name}' now: pick another name")));
        }
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuestBody {
    name: String,
}

pub async fn guest(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(b): Body<GuestBody>,
) -> Result<Response, ApiError> {
    let name = check_name(&b.name, app.limits.max_name_chars).map_err(ApiError::bad)?;
    let me = session_opt(&app, &headers).await;
    if let Some(m) = me.as_ref().filter(|m| m.guest && store::name_key(&m.name) == store::name_key(&name)) {
        // The same guest again (a reload): keep its id.
        return Ok(with_session(&app, &headers, m));
    }
    check_free(&app, &name, None).await?;
    let s = app.store.create_session(&new_token(), None, Some(&name), app.session_ttl_ms).await?;
    Ok(with_session(&app, &headers, &s))
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

/// `POST /api/register`: a new account. Sent with a guest's session, the guest becomes the
/// account (same id: its seats, tables and decks stay its own) and the session stays valid.
pub async fn register(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    let name = check_name(&c.name, app.limits.max_name_chars).map_err(ApiError::bad)?;
    check_password(&c.password)?;
    let me = session_opt(&app, &headers).await.filter(|s| s.guest);
    check_free(&app, &name, me.as_ref()).await?;
    let password = c.password;
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(ApiError::internal)?;
    if let Some(g) = me {
        let gid = g.guest_id.clone().unwrap_or_default();
        app.store.convert_guest(&gid, &name, &hash).await?;
        convert_live_tables(&app, &gid, &name).await;
        let s = app.store.session(&g.token).await?.ok_or_else(|| ApiError::internal("the session vanished"))?;
        return Ok(with_session(&app, &headers, &s));
    }
    let account = app.store.create_account(&name, &hash).await?;
    let s = app.store.create_session(&new_token(), Some(&account.id), None, app.session_ttl_ms).await?;
    Ok(with_session(&app, &headers, &s))
}

/// The tables in memory follow a guest's conversion (the store's copy changed in
/// [`store::Store::convert_guest`]): its seats become the account's.
async fn convert_live_tables(app: &Arc<App>, guest_id: &str, name: &str) {
    for table in app.live_tables() {
        let mut st = table.state.lock().await;
        let mut changed = false;
        for seat in st.record.seats.iter_mut().filter(|s| s.guest_id.as_deref() == Some(guest_id)) {
            seat.kind = store::SeatKind::Account;
            seat.account_id = Some(guest_id.to_string());
            seat.guest_id = None;
            seat.player_name = Some(name.to_string());
            changed = true;
        }
        if st.record.creator_id.as_deref() == Some(guest_id) {
            st.record.created_by = name.to_string();
        }
        if changed {
            crate::table::announce(app, &table, &mut st, Some(crate::table::Change { kind: "state", log_from: 0 }));
        }
    }
}

/// `POST /api/login`. Failures are throttled per address ([`MAX_LOGIN_FAILURES`] per
/// [`LOGIN_WINDOW`], then 429) and take as long for an unknown name as for a wrong password.
pub async fn login(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    let ip = addr.ip();
    if let Err(wait) = app.logins.check(ip) {
        return Ok((
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, wait.to_string())],
            Json(json!({"error": format!("too many failed logins from this address: try again in {wait} s")})),
        )
            .into_response());
    }
    let account = app.store.account_by_name(c.name.trim()).await?;
    let hash = account.as_ref().map(|a| a.password_hash.clone()).unwrap_or_else(|| dummy_hash().to_string());
    let password = c.password;
    let ok = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let Some(account) = account.filter(|_| ok) else {
        app.logins.fail(ip);
        return Err(ApiError::unauthorised("wrong name or password"));
    };
    app.logins.succeed(ip);
    let s = app.store.create_session(&new_token(), Some(&account.id), None, app.session_ttl_ms).await?;
    Ok(with_session(&app, &headers, &s))
}

pub async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(t) = cookie(&headers, SESSION_COOKIE) {
        app.store.delete_session(&t).await?;
    }
    let secure = secure_request(app.secure_cookies, &headers);
    Ok(([(header::SET_COOKIE, set_cookie(SESSION_COOKIE, "", 0, secure))], Json(json!({"ok": true}))).into_response())
}

pub async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<serde_json::Value>, ApiError> {
    let s = session(&app, &headers).await?;
    Ok(Json(me_json(&s)))
}

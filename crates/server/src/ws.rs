//! The table socket: one connection watches one table as a seat or as a spectator, receives its
//! own view, and sends actions, chat and offers. Bad messages get an `error` reply naming the
//! problem; the connection and the game go on.
//!
//! Which seat: the seat cookie (`ct_seat_…`, HttpOnly, set by join), or the session cookie's
//! account or guest id, or a first message `{"type":"auth","token":"…"}`. A token in the URL is
//! refused (URLs end up in logs and histories). A cross-origin upgrade (an `Origin` that is not
//! this server) is refused with 403.

use crate::accounts::session_opt;
use crate::app::App;
use crate::app::LoadError;
use crate::auth::{cookie, same_origin, seat_cookie_name};
use crate::limits::{IpSlot, RateLimiter};
use crate::lobby::held_seat;
use crate::protocol::{error, ClientMsg};
use crate::table::{self, announce, CloseWhy, Refusal, Sub, Table, CLOSE_IDLE, CLOSE_SLOW};
use axum::extract::ws::{CloseFrame, Message, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::{Seat, Viewer};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};

#[derive(Deserialize)]
pub struct WsQuery {
    pub token: Option<String>,
}

pub async fn handler(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        let msg = "cross-origin WebSocket upgrades are refused: open the table from this server's own page";
        return (StatusCode::FORBIDDEN, Json(json!({"error": msg}))).into_response();
    }
    if q.token.is_some() {
        let msg = "seat tokens are not accepted in URLs: the browser sends the seat cookie; other clients send \
                   {\"type\":\"auth\",\"token\":…} as the first message";
        return (StatusCode::BAD_REQUEST, Json(json!({"error": msg}))).into_response();
    }
    let slot = match app.ips.acquire(addr.ip(), app.limits.max_connections_per_ip) {
        Ok(s) => s,
        Err(e) => return (StatusCode::TOO_MANY_REQUESTS, Json(json!({"error": e}))).into_response(),
    };
    let deadline = Instant::now() + app.limits.request_timeout;
    let table = loop {
        match app.table(&id).await {
            Ok(Some(t)) => break t,
            Ok(None) => {
                return (StatusCode::NOT_FOUND, Json(json!({"error": format!("no table {id}")}))).into_response()
            }
            Err(LoadError::Elsewhere { owner, .. }) if app.node.is_some() => {
                // Another node owns the table: it serves this socket, through this node.
                let node = app.node.clone().expect("checked");
                match crate::relay::open_remote(&node, &id, &owner, &headers).await {
                    Ok(remote) => {
                        return configured(ws, &app.limits)
                            .on_upgrade(move |socket| crate::relay::pump(app, remote, socket, slot))
                    }
                    Err(Some(refused)) => return refused,
                    // The owner does not answer: its lease runs out soon, then a node takes over.
                    Err(None) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(250)).await,
                    Err(None) => {
                        let msg =
                            format!("table {id}: its node {owner} does not answer and no node has taken it over yet");
                        return (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"error": msg}))).into_response();
                    }
                }
            }
            Err(e) => return crate::api_error::ApiError::from(e).into_response(),
        }
    };
    let token = cookie(&headers, &seat_cookie_name(&id));
    let who = session_opt(&app, &headers).await;
    configured(ws, &app.limits).on_upgrade(move |socket| {
        let (sink, stream) = socket.split();
        run(app, table, sink, stream, token, who, Some(slot))
    })
}

/// The socket's limits. Small buffers: an idle connection should cost little (they grow for
/// large messages).
fn configured(ws: WebSocketUpgrade, limits: &crate::Limits) -> WebSocketUpgrade {
    ws.max_message_size(limits.max_frame_bytes)
        .max_frame_size(limits.max_frame_bytes)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
}

/// Serve one table socket: a client's own (`slot`: its place in the per-address count), or one
/// another node relays for its client ([`crate::relay`]; the frames come and go over NATS).
pub async fn run<K, S, E>(
    app: Arc<App>,
    table: Arc<Table>,
    mut sink: K,
    mut stream: S,
    token: Option<String>,
    who: Option<store::Session>,
    slot: Option<IpSlot>,
) where
    K: futures_util::Sink<Message> + Unpin + Send + 'static,
    S: futures_util::Stream<Item = Result<Message, E>> + Unpin,
{
    // A relayed socket is counted on the client's node.
    let _counted = slot.map(|s| (s, app.metrics.socket()));
    let name = who.as_ref().map(|w| w.name.clone());
    let (tx, mut rx) = mpsc::channel::<Arc<str>>(app.limits.send_queue.max(4));
    let (close_tx, mut close_rx) = watch::channel::<CloseWhy>(None);
    let close = Arc::new(close_tx);
    let sub_id = app.next_id();
    let me = Sub { id: sub_id, viewer: Viewer::Spectator, tx: tx.clone(), close: close.clone() };
    let mut viewer = {
        let mut st = table.state.lock().await;
        let seat = held_seat(&st.record.seats, token.as_deref(), who.as_ref());
        let viewer = seat.map(|s| Viewer::Seat(Seat(s))).unwrap_or(Viewer::Spectator);
        let _ = tx.try_send(json!({"type": "welcome", "table": table.id, "you": viewer}).to_string().into());
        if token.is_some() && viewer == Viewer::Spectator {
            let msg =
                error("unauthorised", "the seat token is not valid for this table: you are watching as a spectator");
            let _ = tx.try_send(msg.into());
        }
        let _ = tx.try_send(st.message("state", viewer, 0).into());
        st.subs.push(Sub { viewer, ..me });
        st.last_seen = Instant::now();
        viewer
    };
    let idle = app.limits.ws_idle.max(Duration::from_millis(30));
    let mut writer_close = close.subscribe();
    let writer = tokio::spawn(async move {
        let why = loop {
            tokio::select! {
                biased;
                _ = writer_close.changed() => break *writer_close.borrow(),
                m = rx.recv() => match m {
                    Some(m) => {
                        if sink.send(Message::Text(m.as_ref().into())).await.is_err() {
                            break None;
                        }
                    }
                    None => break *writer_close.borrow(),
                },
            }
        };
        // A reader too slow to take updates may not take this either: do not wait on it for long.
        let bound = Duration::from_secs(5);
        if let Some((code, reason)) = why {
            let frame = CloseFrame { code, reason: reason.into() };
            let _ = tokio::time::timeout(bound, sink.send(Message::Close(Some(frame)))).await;
        }
        let _ = tokio::time::timeout(bound, sink.close()).await;
    });
    let mut limiter = RateLimiter::new(app.limits.messages_per_second, app.limits.burst);
    let reply = |text: String| {
        if let Err(mpsc::error::TrySendError::Full(_)) = tx.try_send(text.into()) {
            close.send_replace(Some(CLOSE_SLOW));
        }
    };
    loop {
        let next = tokio::select! {
            _ = close_rx.changed() => break,
            next = tokio::time::timeout(idle, stream.next()) => next,
        };
        let msg = match next {
            Err(_) => {
                close.send_replace(Some(CLOSE_IDLE));
                break;
            }
            Ok(Some(Ok(m))) => m,
            Ok(_) => break,
        };
        if let Message::Close(_) = msg {
            break;
        }
        // Every frame counts, whatever its kind or size.
        if !limiter.allow() {
            reply(error(
                "rate_limited",
                format!("too many messages: at most {} per second", app.limits.messages_per_second),
            ));
            continue;
        }
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                reply(error("malformed", "binary messages are not accepted: send JSON text"));
                continue;
            }
            _ => continue,
        };
        if text.len() > app.limits.max_message_bytes {
            reply(error(
                "too_large",
                format!("the message is {} bytes; the limit is {}", text.len(), app.limits.max_message_bytes),
            ));
            continue;
        }
        if let Some(token) = auth_token(text.as_str()) {
            // `{"type":"auth","token":…}`: take the seat that token holds.
            let mut st = table.state.lock().await;
            match held_seat(&st.record.seats, Some(&token), None) {
                Some(s) => {
                    viewer = Viewer::Seat(Seat(s));
                    if let Some(sub) = st.subs.iter_mut().find(|x| x.id == sub_id) {
                        sub.viewer = viewer;
                    }
                    reply(json!({"type": "welcome", "table": table.id, "you": viewer}).to_string());
                    reply(st.message("state", viewer, 0));
                }
                None => reply(error("unauthorised", "the seat token is not valid for this table")),
            }
            continue;
        }
        let parsed: ClientMsg = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                reply(error("malformed", format!("not a message this server understands: {e}")));
                continue;
            }
        };
        if let Err(r) = handle(&app, &table, viewer, name.as_deref(), parsed, &tx).await {
            reply(error(r.kind, r.message));
        }
    }
    {
        let mut st = table.state.lock().await;
        if st.attended() {
            st.last_seen = Instant::now();
        }
        st.subs.retain(|s| s.id != sub_id);
        if st.attended() {
            st.last_seen = Instant::now();
        }
    }
    drop(tx);
    let _ = writer.await;
}

/// The token of an `auth` message, if this is one.
fn auth_token(text: &str) -> Option<String> {
    if !text.contains("auth") {
        return None;
    }
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    if v.get("type")?.as_str()? != "auth" {
        return None;
    }
    Some(v.get("token")?.as_str()?.to_string())
}

fn seat_of(viewer: Viewer) -> Result<Seat, Refusal> {
    match viewer {
        Viewer::Seat(s) => Ok(s),
        _ => Err(table::refuse("unauthorised", "spectators cannot do that: join a seat to play")),
    }
}

async fn handle(
    app: &Arc<App>,
    table: &Arc<Table>,
    viewer: Viewer,
    name: Option<&str>,
    msg: ClientMsg,
    tx: &mpsc::Sender<Arc<str>>,
) -> Result<(), Refusal> {
    if let ClientMsg::Ping = msg {
        let _ = tx.try_send(json!({"type": "pong"}).to_string().into());
        return Ok(());
    }
    let mut st = table.state.lock().await;
    let change = match msg {
        ClientMsg::Ping => None,
        ClientMsg::Act { action, seq, id: None } => {
            Some(table::apply(app, &mut st, seat_of(viewer)?, &action, seq).await?)
        }
        ClientMsg::Act { action, seq, id: Some(id) } => {
            let seat = seat_of(viewer)?;
            if id.is_empty() || id.len() > 64 {
                return Err(table::refuse("malformed", "an action id is 1 to 64 characters"));
            }
            if let Some(answer) = st.answered(seat, &id) {
                // A resent action: answered as the first time, not applied again.
                let _ = tx.try_send(answer.to_string().into());
                return Ok(());
            }
            let played = table::apply_with_id(app, &mut st, seat, &action, seq, Some(&id)).await;
            let answer = match &played {
                Ok(_) => table::ack(&id, st.seq()),
                Err(r) if r.kind == "storage" => return Err(r.clone()),
                Err(r) => json!({"type": "error", "kind": r.kind, "message": r.message, "id": id}),
            };
            st.remember(seat, id, answer.clone());
            match played {
                Ok(change) => {
                    announce(app, table, &mut st, Some(change));
                    let _ = tx.try_send(answer.to_string().into());
                    return Ok(());
                }
                Err(_) => {
                    let _ = tx.try_send(answer.to_string().into());
                    return Ok(());
                }
            }
        }
        ClientMsg::Chat { text } => {
            let text = text.trim();
            if text.is_empty() {
                return Err(table::refuse("malformed", "the chat message is empty"));
            }
            if text.chars().count() > app.limits.max_chat_chars {
                return Err(table::refuse(
                    "too_large",
                    format!("chat messages are at most {} characters", app.limits.max_chat_chars),
                ));
            }
            let from = match viewer {
                Viewer::Seat(s) => st.record.seats[s.index()].player_name.clone().unwrap_or_else(|| s.to_string()),
                _ => name.map(str::to_string).unwrap_or_else(|| "spectator".into()),
            };
            let seat = match viewer {
                Viewer::Seat(s) => Some(s),
                _ => None,
            };
            st.broadcast_raw(json!({"type": "chat", "from": from, "seat": seat, "text": text}).to_string());
            None
        }
        ClientMsg::Concede => Some(table::concede(app, &mut st, seat_of(viewer)?).await?),
        ClientMsg::OfferDraw => table::offer_draw(app, &mut st, seat_of(viewer)?, false).await?,
        ClientMsg::AcceptDraw => table::offer_draw(app, &mut st, seat_of(viewer)?, true).await?,
        ClientMsg::DeclineDraw => {
            table::decline(&mut st, seat_of(viewer)?, "draw")?;
            None
        }
        ClientMsg::RequestUndo => table::undo(app, &mut st, seat_of(viewer)?, false).await?,
        ClientMsg::AcceptUndo => table::undo(app, &mut st, seat_of(viewer)?, true).await?,
        ClientMsg::DeclineUndo => {
            table::decline(&mut st, seat_of(viewer)?, "undo")?;
            None
        }
    };
    announce(app, table, &mut st, change);
    Ok(())
}

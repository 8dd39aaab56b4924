//! Passing requests between server nodes ([`crate::node`]): a node that receives a request or
//! a socket for a table another node owns passes it to the owner over NATS and relays the
//! answer, so a client may use any node for any table.
//!
//! - HTTP (`/api/tables/{id}…` but the socket): [`route_tables`] sends the request (method,
//!   path, headers, body) to `C.node.OWNER.http`; the owner runs it through its own router and
//!   replies with the response. An owner that does not answer (it died: "no responders") is
//!   waited for until its lease expires and this or another node takes the table over, up to
//!   the request timeout.
//! - Sockets: [`open_remote`] asks the owner (`C.node.OWNER.ws`) to open a socket for this
//!   client; the owner serves it exactly as one of its own ([`crate::ws::run`]), its frames
//!   travelling over `C.table.T.conn.K.out` and the client's over `.in` ([`pump`]). The client's
//!   node watches the lease: if the owner dies or loses the table it closes the client's socket
//!   with 4002 (reconnect), and the reconnect lands on the table's new owner.

use crate::app::{App, LoadError};
use crate::limits::IpSlot;
use crate::node::Node;
use async_nats::HeaderMap;
use axum::body::{Body, Bytes};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracing::warn;

/// Marks a request another node passed to this one: it is served here or refused, never
/// passed on again.
#[derive(Clone, Copy)]
pub struct Forwarded;

/// How long to wait before asking again when a table's owner does not answer.
const RETRY_PAUSE: Duration = Duration::from_millis(250);
/// The largest response body passed back (NATS's default message limit is 1 MiB).
const MAX_RELAYED_BODY: usize = 1024 * 1024 - 16 * 1024;

const H_METHOD: &str = "Ct-Method";
const H_URI: &str = "Ct-Uri";
const H_PEER: &str = "Ct-Peer";
const H_STATUS: &str = "Ct-Status";
const H_TABLE: &str = "Ct-Table";
const H_CONN: &str = "Ct-Conn";
const H_CLOSE: &str = "Ct-Close";
const H_PING: &str = "Ct-Ping";
/// HTTP headers travel as NATS headers with this prefix (so none can pass for the above).
const HTTP_PREFIX: &str = "H-";

/// The table id of a path under `/api/tables/{id}` (ids are UUIDs).
pub fn table_id_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/tables/")?;
    let id = rest.split('/').next()?;
    uuid::Uuid::parse_str(id).is_ok().then_some(id)
}

/// Why a request could not be passed to a table's owner.
enum PassError {
    /// The owner is not listening (it died): ask again once its lease has gone.
    NoOwner,
    Failed(String),
}

fn pass_error(e: async_nats::RequestError) -> PassError {
    match e.kind() {
        async_nats::RequestErrorKind::NoResponders => PassError::NoOwner,
        _ => PassError::Failed(e.to_string()),
    }
}

fn unavailable(message: String) -> Response {
    let mut r = (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"error": message}))).into_response();
    r.headers_mut().insert("retry-after", HeaderValue::from_static("1"));
    r
}

/// Middleware: a request about a table another node owns is passed to that node.
pub async fn route_tables(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let Some(node) = app.node.clone() else { return next.run(req).await };
    let path = req.uri().path();
    let Some(id) = table_id_of(path).map(str::to_string) else { return next.run(req).await };
    if path.ends_with("/ws") || req.extensions().get::<Forwarded>().is_some() {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let limit = crate::MAX_BODY_BYTES + 2 * app.limits.max_card_set_bytes;
    let bytes = match axum::body::to_bytes(body, limit).await {
        Ok(b) => b,
        Err(e) => return (StatusCode::PAYLOAD_TOO_LARGE, Json(json!({"error": e.to_string()}))).into_response(),
    };
    let deadline = Instant::now() + app.limits.request_timeout;
    loop {
        let owner = match app.table(&id).await {
            Err(LoadError::Elsewhere { owner, .. }) => owner,
            _ => return next.run(Request::from_parts(parts, Body::from(bytes))).await,
        };
        match pass_http(&node, &owner, &parts, &bytes, deadline).await {
            Ok(response) => return response,
            Err(PassError::NoOwner) if Instant::now() + RETRY_PAUSE < deadline => tokio::time::sleep(RETRY_PAUSE).await,
            Err(PassError::NoOwner) => {
                return unavailable(format!(
                    "table {id}: its node {owner} does not answer and no node has taken it over yet"
                ))
            }
            Err(PassError::Failed(e)) => {
                return unavailable(format!("table {id}: its node {owner} could not be asked: {e}"))
            }
        }
    }
}

async fn pass_http(
    node: &Node,
    owner: &str,
    parts: &axum::http::request::Parts,
    body: &Bytes,
    deadline: Instant,
) -> Result<Response, PassError> {
    let mut h = HeaderMap::new();
    h.insert(H_METHOD, parts.method.as_str());
    h.insert(H_URI, parts.uri.path_and_query().map(|p| p.as_str()).unwrap_or("/"));
    if let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
        h.insert(H_PEER, peer.to_string().as_str());
    }
    for (name, value) in &parts.headers {
        if let Ok(v) = value.to_str() {
            h.append(format!("{HTTP_PREFIX}{name}"), v);
        }
    }
    let timeout = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(100));
    let req = async_nats::Request::new().headers(h).payload(body.clone()).timeout(Some(timeout));
    let answer = node.nats.send_request(node.node_subject(owner, "http"), req).await.map_err(pass_error)?;
    let headers = answer.headers.unwrap_or_default();
    let status = headers
        .get(H_STATUS)
        .and_then(|s| s.as_str().parse::<u16>().ok())
        .and_then(|s| StatusCode::from_u16(s).ok())
        .unwrap_or(StatusCode::BAD_GATEWAY);
    let mut response = Response::new(Body::from(answer.payload));
    *response.status_mut() = status;
    copy_http_headers(&headers, response.headers_mut());
    Ok(response)
}

/// The `H-` headers of a NATS message as HTTP headers.
fn copy_http_headers(from: &HeaderMap, to: &mut axum::http::HeaderMap) {
    for (name, values) in from.iter() {
        let name: &str = name.as_ref();
        let Some(http_name) = name.strip_prefix(HTTP_PREFIX) else { continue };
        let Ok(http_name) = HeaderName::from_bytes(http_name.as_bytes()) else { continue };
        for v in values {
            if let Ok(v) = HeaderValue::from_str(v.as_str()) {
                to.append(http_name.clone(), v);
            }
        }
    }
}

/// Serve the requests other nodes pass to this one (on `C.node.ME.http` and `C.node.ME.ws`).
pub async fn listen(app: &Arc<App>, router: axum::Router) -> anyhow::Result<()> {
    let Some(node) = app.node.clone() else { return Ok(()) };
    let mut http = node.nats.subscribe(node.node_subject(&node.id, "http")).await?;
    let mut ws = node.nats.subscribe(node.node_subject(&node.id, "ws")).await?;
    node.nats.flush().await?;
    let weak = Arc::downgrade(app);
    tokio::spawn(async move {
        while let Some(msg) = http.next().await {
            let router = router.clone();
            let nats = node.nats.clone();
            tokio::spawn(async move { serve_passed_http(router, nats, msg).await });
        }
    });
    tokio::spawn(async move {
        while let Some(msg) = ws.next().await {
            let Some(app) = weak.upgrade() else { break };
            tokio::spawn(async move { open_passed_socket(app, msg).await });
        }
    });
    Ok(())
}

async fn serve_passed_http(router: axum::Router, nats: async_nats::Client, msg: async_nats::Message) {
    use tower::ServiceExt;
    let Some(reply) = msg.reply.clone() else { return };
    let headers = msg.headers.clone().unwrap_or_default();
    let method = headers.get(H_METHOD).map(|v| v.as_str().to_string()).unwrap_or_else(|| "GET".into());
    let uri = headers.get(H_URI).map(|v| v.as_str().to_string()).unwrap_or_else(|| "/".into());
    let peer: SocketAddr = headers
        .get(H_PEER)
        .and_then(|v| v.as_str().parse().ok())
        .unwrap_or_else(|| SocketAddr::from(([0, 0, 0, 0], 0)));
    let mut req = match axum::http::Request::builder()
        .method(method.as_str())
        .uri(uri.as_str())
        .body(Body::from(msg.payload))
    {
        Ok(r) => r,
        Err(e) => {
            return answer(&nats, reply, StatusCode::BAD_REQUEST, &axum::http::HeaderMap::new(), e.to_string().into())
                .await
        }
    };
    copy_http_headers(&headers, req.headers_mut());
    req.extensions_mut().insert(Forwarded);
    req.extensions_mut().insert(ConnectInfo(peer));
    let response = match router.oneshot(req).await {
        Ok(r) => r,
        Err(never) => match never {},
    };
    let (parts, body) = response.into_parts();
    match axum::body::to_bytes(body, MAX_RELAYED_BODY).await {
        Ok(body) => answer(&nats, reply, parts.status, &parts.headers, body).await,
        Err(_) => {
            let msg =
                format!("the answer is larger than {MAX_RELAYED_BODY} bytes, more than one node can pass to another");
            answer(&nats, reply, StatusCode::BAD_GATEWAY, &axum::http::HeaderMap::new(), msg.into()).await
        }
    }
}

async fn answer(
    nats: &async_nats::Client,
    reply: async_nats::Subject,
    status: StatusCode,
    headers: &axum::http::HeaderMap,
    body: Bytes,
) {
    let mut h = HeaderMap::new();
    h.insert(H_STATUS, status.as_u16().to_string().as_str());
    for (name, value) in headers {
        if let Ok(v) = value.to_str() {
            h.append(format!("{HTTP_PREFIX}{name}"), v);
        }
    }
    if let Err(e) = nats.publish_with_headers(reply, h, body).await {
        warn!(error = %e, "cannot answer a request passed from another node");
    }
}

/// A socket the table's owner opened for a client of this node.
pub struct Remote {
    pub table: String,
    pub owner: String,
    conn: String,
    out: async_nats::Subscriber,
}

/// Ask `owner` to open a socket on table `id` for a client of this node with these request
/// headers (its cookies say which seat it holds). `Err(None)`: the owner does not answer
/// (ask again later); `Err(Some(response))`: the owner refused (say, no such table).
pub async fn open_remote(
    node: &Node,
    id: &str,
    owner: &str,
    headers: &axum::http::HeaderMap,
) -> Result<Remote, Option<Response>> {
    let conn = store::new_id();
    let failed =
        |e: &dyn std::fmt::Display| Some(unavailable(format!("table {id}: cannot reach its node {owner}: {e}")));
    let out = node.nats.subscribe(node.conn_subject(id, &conn, "out")).await.map_err(|e| failed(&e))?;
    let mut h = HeaderMap::new();
    h.insert(H_TABLE, id);
    h.insert(H_CONN, conn.as_str());
    if let Some(c) = headers.get(axum::http::header::COOKIE).and_then(|c| c.to_str().ok()) {
        h.insert(format!("{HTTP_PREFIX}cookie"), c);
    }
    let req = async_nats::Request::new().headers(h).timeout(Some(Duration::from_secs(10)));
    let reply = match node.nats.send_request(node.node_subject(owner, "ws"), req).await {
        Ok(r) => r,
        Err(e) => {
            return Err(match pass_error(e) {
                PassError::NoOwner => None,
                PassError::Failed(e) => failed(&e),
            })
        }
    };
    let status = reply.headers.as_ref().and_then(|h| h.get(H_STATUS)).map(|s| s.as_str().to_string());
    match status.as_deref() {
        Some("200") => Ok(Remote { table: id.to_string(), owner: owner.to_string(), conn, out }),
        Some("503") => Err(None),
        other => {
            let code = other.and_then(|s| s.parse().ok()).and_then(|s| StatusCode::from_u16(s).ok());
            let message = String::from_utf8_lossy(&reply.payload).to_string();
            Err(Some((code.unwrap_or(StatusCode::BAD_GATEWAY), Json(json!({"error": message}))).into_response()))
        }
    }
}

/// The owner's side of [`open_remote`]: open the socket and serve it as one of this node's.
async fn open_passed_socket(app: Arc<App>, msg: async_nats::Message) {
    let Some(node) = app.node.clone() else { return };
    let Some(reply) = msg.reply.clone() else { return };
    let h = msg.headers.clone().unwrap_or_default();
    let (Some(id), Some(conn)) =
        (h.get(H_TABLE).map(|v| v.as_str().to_string()), h.get(H_CONN).map(|v| v.as_str().to_string()))
    else {
        return;
    };
    let refuse = |status: StatusCode, message: String| {
        let nats = node.nats.clone();
        let reply = reply.clone();
        async move {
            let mut out = HeaderMap::new();
            out.insert(H_STATUS, status.as_u16().to_string().as_str());
            let _ = nats.publish_with_headers(reply, out, message.into()).await;
        }
    };
    let table = match app.table(&id).await {
        Ok(Some(t)) => t,
        Ok(None) => return refuse(StatusCode::NOT_FOUND, format!("no table {id}")).await,
        Err(LoadError::Elsewhere { .. }) => return refuse(StatusCode::SERVICE_UNAVAILABLE, "moved".into()).await,
        Err(e) => return refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()).await,
    };
    let mut http_headers = axum::http::HeaderMap::new();
    copy_http_headers(&h, &mut http_headers);
    let token = crate::auth::cookie(&http_headers, &crate::auth::seat_cookie_name(&id));
    let who = crate::accounts::session_opt(&app, &http_headers).await;
    let input = match node.nats.subscribe(node.conn_subject(&id, &conn, "in")).await {
        Ok(s) => s,
        Err(e) => return refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()).await,
    };
    if node.nats.flush().await.is_err() {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "NATS is gone".into()).await;
    }
    refuse(StatusCode::OK, String::new()).await;
    let out_subject = node.conn_subject(&id, &conn, "out");
    let frames = input.map(|m| Ok::<_, std::convert::Infallible>(frame_of(&m)));
    let nats = node.nats.clone();
    let sink =
        futures_util::sink::unfold((nats.clone(), out_subject.clone()), |(nats, subject), m: Message| async move {
            publish_frame(&nats, &subject, m).await;
            Ok::<_, std::convert::Infallible>((nats, subject))
        });
    crate::ws::run(app, table, Box::pin(sink), frames, token, who, None).await;
    // However the socket ended, the client's node learns it did.
    publish_frame(&nats, &out_subject, Message::Close(None)).await;
}

/// A relayed frame as a WebSocket message: a close (`Ct-Close: CODE REASON`), a ping
/// (`Ct-Ping`) or text.
fn frame_of(m: &async_nats::Message) -> Message {
    if let Some(h) = &m.headers {
        if let Some(close) = h.get(H_CLOSE) {
            let (code, reason) = close.as_str().split_once(' ').unwrap_or((close.as_str(), ""));
            return Message::Close(
                code.parse().ok().map(|code| CloseFrame { code, reason: reason.to_string().into() }),
            );
        }
        if h.get(H_PING).is_some() {
            return Message::Ping(m.payload.clone());
        }
    }
    Message::Text(String::from_utf8_lossy(&m.payload).into_owned().into())
}

/// Send one WebSocket message over a relay subject (see [`frame_of`]); other kinds are dropped.
async fn publish_frame(nats: &async_nats::Client, subject: &str, m: Message) {
    let sent = match m {
        Message::Text(t) => nats.publish(subject.to_string(), Bytes::copy_from_slice(t.as_str().as_bytes())).await,
        Message::Ping(p) => {
            let mut h = HeaderMap::new();
            h.insert(H_PING, "1");
            nats.publish_with_headers(subject.to_string(), h, p).await
        }
        Message::Close(frame) => {
            let mut h = HeaderMap::new();
            let value = frame.map(|f| format!("{} {}", f.code, f.reason)).unwrap_or_else(|| "1000 closed".into());
            h.insert(H_CLOSE, value.as_str());
            nats.publish_with_headers(subject.to_string(), h, Bytes::new()).await
        }
        _ => Ok(()),
    };
    if let Err(e) = sent {
        warn!(error = %e, subject, "cannot relay a socket frame");
    }
}

/// The client's node: pass the client's frames to the owner and the owner's to the client,
/// until either side closes, or the owner dies or loses the table (then 4002: reconnect).
pub async fn pump(app: Arc<App>, remote: Remote, socket: WebSocket, _slot: IpSlot) {
    let Some(node) = app.node.clone() else { return };
    let _counted = app.metrics.socket();
    let Remote { table, owner, conn, mut out } = remote;
    let input = node.conn_subject(&table, &conn, "in");
    let (mut sink, mut stream) = socket.split();
    let mut check = tokio::time::interval(Duration::from_millis((node.lease_ms / 3).max(100) as u64));
    check.tick().await;
    loop {
        tokio::select! {
            m = out.next() => match m.as_ref().map(frame_of) {
                Some(Message::Close(frame)) => {
                    let _ = sink.send(Message::Close(frame)).await;
                    break;
                }
                Some(frame) => {
                    if sink.send(frame).await.is_err() {
                        publish_frame(&node.nats, &input, Message::Close(None)).await;
                        break;
                    }
                }
                None => break,
            },
            f = stream.next() => match f {
                Some(Ok(Message::Close(frame))) => {
                    publish_frame(&node.nats, &input, Message::Close(frame)).await;
                    break;
                }
                Some(Ok(frame)) => publish_frame(&node.nats, &input, frame).await,
                Some(Err(_)) | None => {
                    publish_frame(&node.nats, &input, Message::Close(None)).await;
                    break;
                }
            },
            _ = check.tick() => {
                let held = match app.store.lease_owner(&table).await {
                    Ok(Some((o, expires))) => o == owner && expires >= store::now_ms(),
                    Ok(None) => false,
                    Err(_) => true, // the store is down: the owner cannot move the game on either
                };
                if !held {
                    let (code, reason) = crate::table::CLOSE_MOVED;
                    let _ = sink.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
                    publish_frame(&node.nats, &input, Message::Close(None)).await;
                    break;
                }
            }
        }
    }
    let _ = sink.close().await;
}

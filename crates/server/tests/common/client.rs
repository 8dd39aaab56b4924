//! The REST client with a session cookie and the table WebSocket that keeps every message,
//! shared by the server's integration tests (tests/common/mod.rs) and the cli's tests of server
//! processes (crates/cli/tests/common/node_procs.rs includes this file by path).
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::http::{request, request_raw, HttpResponse};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

#[derive(Clone)]
pub struct Client {
    pub addr: SocketAddr,
    pub cookie: String,
}

impl Client {
    pub async fn guest(addr: SocketAddr, name: &str) -> Client {
        let r = request(addr, "POST", "/api/guest", None, Some(&json!({"name": name}))).await.unwrap();
        assert_eq!(r.status, 200, "{}", r.body);
        Client { addr, cookie: r.cookies().join("; ") }
    }
    pub async fn get(&self, path: &str) -> HttpResponse {
        request(self.addr, "GET", path, Some(&self.cookie), None).await.unwrap()
    }
    pub async fn post(&self, path: &str, body: Value) -> HttpResponse {
        request(self.addr, "POST", path, Some(&self.cookie), Some(&body)).await.unwrap()
    }
    pub async fn delete(&self, path: &str) -> HttpResponse {
        request(self.addr, "DELETE", path, Some(&self.cookie), None).await.unwrap()
    }
    pub async fn post_raw(&self, path: &str, body: &[u8]) -> HttpResponse {
        request_raw(self.addr, "POST", path, Some(&self.cookie), body).await.unwrap()
    }
    /// Create a table and return its id.
    pub async fn create(&self, body: Value) -> String {
        let r = self.post("/api/tables", body).await;
        assert_eq!(r.status, 200, "create on {}: {}", self.addr, r.body);
        r.json()["id"].as_str().unwrap().to_string()
    }
    /// Join and return the seat token.
    pub async fn join(&self, id: &str, seat: u8) -> String {
        let r = self.post(&format!("/api/tables/{id}/join"), json!({"seat": seat})).await;
        assert_eq!(r.status, 200, "join on {}: {}", self.addr, r.body);
        r.json()["token"].as_str().unwrap().to_string()
    }
    pub async fn start(&self, id: &str) {
        let r = self.post(&format!("/api/tables/{id}/start"), json!({})).await;
        assert_eq!(r.status, 200, "start on {}: {}", self.addr, r.body);
    }
}

pub type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// A table socket that keeps what it was shown.
pub struct Sock {
    pub ws: Ws,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

impl Sock {
    /// Connect as the seat holding `token` (sent as the seat cookie, as a browser does; tokens
    /// never go in URLs), or as a spectator; returns once the first `state` came.
    pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Sock {
        Sock::try_connect(addr, id, token).await.unwrap_or_else(|e| panic!("websocket connects: {e}"))
    }

    /// Connect and wait for the first `state`; the error says what failed (the upgrade was
    /// refused, or the socket closed before a state came).
    pub async fn try_connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Result<Sock, String> {
        let cookie = token.map(|t| format!("{}={t}", server::auth::seat_cookie_name(id)));
        Sock::try_connect_with(addr, id, cookie.as_deref()).await
    }

    /// Connect sending only a `Cookie` header (what a browser does after a reload).
    pub async fn connect_with_cookie(addr: SocketAddr, id: &str, cookie: &str) -> Sock {
        Sock::try_connect_with(addr, id, Some(cookie)).await.unwrap_or_else(|e| panic!("websocket connects: {e}"))
    }

    async fn try_connect_with(addr: SocketAddr, id: &str, cookie: Option<&str>) -> Result<Sock, String> {
        let mut req = format!("ws://{addr}/api/tables/{id}/ws").into_client_request().unwrap();
        if let Some(c) = cookie {
            req.headers_mut().insert("cookie", c.parse().unwrap());
        }
        let (ws, _) = connect_async(req).await.map_err(|e| e.to_string())?;
        let mut s = Sock { ws, seen: Vec::new() };
        loop {
            let m = s.next().await;
            match m["type"].as_str() {
                Some("state") => return Ok(s),
                Some("closed") => return Err(format!("closed before a state: {m}")),
                _ => {}
            }
        }
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }
    pub async fn send_text(&mut self, t: String) {
        self.ws.send(Message::Text(t.into())).await.expect("send");
    }
    /// The next JSON message (panics after 20 s of silence); a close frame, an error or the end
    /// of the stream is `{"type":"closed"}`.
    pub async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next()).await.expect("a message within 20 s");
            match m {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str()).expect("server sends JSON");
                    self.seen.push(v.clone());
                    return v;
                }
                Some(Ok(Message::Close(f))) => return json!({"type": "closed", "code": f.map(|f| u16::from(f.code))}),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return json!({"type": "closed"}),
            }
        }
    }
    /// Read until a message matches (panics if the socket closes first).
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if pred(&v) {
                return v;
            }
            assert!(v["type"] != "closed", "the socket closed while waiting: {:?}", self.seen.last());
        }
    }
    /// The latest state or update received.
    pub fn latest(&self) -> Option<&Value> {
        self.seen.iter().rev().find(|m| m["type"] == "state" || m["type"] == "update")
    }
    /// The latest state or update (panics if none came).
    pub fn last_state(&self) -> &Value {
        self.latest().expect("a state")
    }
    /// The state at move `seq`: the latest one if it is at that move, else the next one that is.
    pub async fn at_seq(&mut self, seq: u64) -> Value {
        if let Some(m) = self.latest().filter(|m| m["seq"] == seq) {
            return m.clone();
        }
        self.until(|m| (m["type"] == "state" || m["type"] == "update") && m["seq"] == seq).await
    }
    pub async fn error(&mut self) -> Value {
        self.until(|m| m["type"] == "error").await
    }
    /// Every log entry it was shown, in order.
    pub fn log(&self) -> Vec<Value> {
        let mut log: Vec<Value> = Vec::new();
        for m in &self.seen {
            match m["type"].as_str() {
                Some("state") => log = m["log"].as_array().unwrap().clone(),
                Some("update") => log.extend(m["log"].as_array().unwrap().iter().cloned()),
                _ => {}
            }
        }
        log
    }
    /// Play `action` with client id `id` and wait for its ack; returns the acked move number.
    pub async fn act(&mut self, action: &str, id: &str) -> u64 {
        self.send(json!({"type": "act", "action": action, "id": id})).await;
        let ack = self.until(|m| m["id"] == id).await;
        assert_eq!(ack["type"], "ack", "{action}: {ack}");
        ack["seq"].as_u64().unwrap()
    }
    pub fn legal(v: &Value) -> Vec<String> {
        v["legal"].as_array().unwrap().iter().map(|a| a["notation"].as_str().unwrap().to_string()).collect()
    }
}

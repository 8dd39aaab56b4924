//! Real `cardtable serve --nats` processes, guest clients and table sockets for the tests of
//! server nodes (tests/nodes.rs) and of the deploy/ topology behind Caddy (tests/deploy.rs).
// Each test crate that includes `common` uses only some of these.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::http::request;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

const BIN: &str = env!("CARGO_BIN_EXE_cardtable");
/// Short leases so that a takeover is quick in the tests.
pub const LEASE_MS: &str = "3000";

/// One `cardtable serve --nats` process; SIGKILLed when dropped.
pub struct NodeProc {
    pub child: Child,
    pub addr: SocketAddr,
}

impl NodeProc {
    pub fn start(db: &str, nats: &str, cluster: &str, id: &str) -> NodeProc {
        NodeProc::start_with(db, nats, cluster, id, &[])
    }

    /// As [`NodeProc::start`], with more `serve` flags.
    pub fn start_with(db: &str, nats: &str, cluster: &str, id: &str, more: &[&str]) -> NodeProc {
        let mut child = Command::new(BIN)
            .env("CARDTABLE_TEST_GAME", "1")
            .args(["serve", "--addr", "127.0.0.1:0", "--database", db, "--nats", nats, "--node-id", id])
            .args(["--cluster", cluster, "--lease-ms", LEASE_MS])
            .args(more)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cardtable serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("cardtable listening on http://")
            .unwrap_or_else(|| panic!("node {id}: unexpected first line '{line}'"))
            .parse()
            .unwrap();
        NodeProc { child, addr }
    }

    /// SIGKILL: no goodbye, no lease released.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for NodeProc {
    fn drop(&mut self) {
        self.kill();
    }
}

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
    pub async fn get(&self, path: &str) -> server::http::HttpResponse {
        request(self.addr, "GET", path, Some(&self.cookie), None).await.unwrap()
    }
    pub async fn post(&self, path: &str, body: Value) -> Value {
        let r = request(self.addr, "POST", path, Some(&self.cookie), Some(&body)).await.unwrap();
        assert_eq!(r.status, 200, "POST {path} on {}: {}", self.addr, r.body);
        r.json()
    }
    pub async fn create(&self, body: Value) -> String {
        self.post("/api/tables", body).await["id"].as_str().unwrap().to_string()
    }
    pub async fn join(&self, id: &str, seat: u8) -> String {
        self.post(&format!("/api/tables/{id}/join"), json!({"seat": seat})).await["token"].as_str().unwrap().to_string()
    }
}

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A table socket that keeps what it was shown.
pub struct Sock {
    pub ws: Ws,
    pub seen: Vec<Value>,
}

impl Sock {
    /// Connect as the seat of `token` (the seat cookie, as a browser sends it).
    pub async fn connect(addr: SocketAddr, id: &str, token: &str) -> Sock {
        Sock::try_connect(addr, id, token).await.unwrap_or_else(|e| panic!("websocket connects: {e}"))
    }

    /// Connect and wait for the first `state`; the error says what failed (the upgrade was
    /// refused, or the socket closed before a state came).
    pub async fn try_connect(addr: SocketAddr, id: &str, token: &str) -> Result<Sock, String> {
        let mut req = format!("ws://{addr}/api/tables/{id}/ws").into_client_request().unwrap();
        let cookie = format!("{}={token}", server::auth::seat_cookie_name(id));
        req.headers_mut().insert("cookie", cookie.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(req).await.map_err(|e| e.to_string())?;
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
        self.ws.send(Message::Text(v.to_string().into())).await.expect("send");
    }
    /// The next JSON message (panics after 20 s of silence); a close frame is `{"type":"closed"}`.
    pub async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next()).await.expect("a message within 20 s");
            match m {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap();
                    self.seen.push(v.clone());
                    return v;
                }
                Some(Ok(Message::Close(f))) => return json!({"type": "closed", "code": f.map(|f| u16::from(f.code))}),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return json!({"type": "closed"}),
            }
        }
    }
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            assert!(v["type"] != "closed" || pred(&v), "the socket closed while waiting: {:?}", self.seen.last());
            if pred(&v) {
                return v;
            }
        }
    }
    pub fn latest(&self) -> &Value {
        self.seen.iter().rev().find(|m| m["type"] == "state" || m["type"] == "update").expect("a state")
    }
    pub async fn at_seq(&mut self, seq: u64) -> Value {
        if self.latest()["seq"] == seq {
            return self.latest().clone();
        }
        self.until(|m| (m["type"] == "state" || m["type"] == "update") && m["seq"] == seq).await
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
}

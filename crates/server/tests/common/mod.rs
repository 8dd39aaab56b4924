//! Helpers for the server's integration tests: a server on a throwaway database, a small
//! REST client with a session cookie, and a WebSocket client that keeps every message.
#![allow(dead_code)]

use engine::testgame::Pebbles;
use engine::Registry;
pub use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::http::{request, request_raw, HttpResponse};
use server::{Limits, RandomBots, Running, ServerConfig};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use store::testdb::TestDb;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};

pub fn registry() -> Registry {
    Registry::new().with::<Pebbles>()
}

pub async fn server_on(url: &str, limits: Limits) -> Running {
    server_with(url, limits, registry(), Arc::new(RandomBots)).await
}

pub async fn server_with(url: &str, limits: Limits, registry: Registry, bots: Arc<dyn server::BotHost>) -> Running {
    let config =
        ServerConfig { addr: "127.0.0.1:0".parse().unwrap(), database_url: url.into(), limits, ..Default::default() };
    server::start(config, registry, bots).await.expect("server starts")
}

/// Limits loose enough that tests are not rate-limited by accident.
pub fn test_limits() -> Limits {
    Limits { messages_per_second: 1000.0, burst: 1000.0, max_connections_per_ip: 1000, ..Limits::default() }
}

/// Run `scenario` against SQLite and PostgreSQL.
#[macro_export]
macro_rules! on_both_databases {
    ($name:ident, $scenario:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let db = store::testdb::TestDb::sqlite();
                super::$scenario(&db).await;
                db.cleanup().await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let Some(db) = store::testdb::TestDb::postgres().await else { return };
                super::$scenario(&db).await;
                db.cleanup().await;
            }
        }
    };
}

pub async fn start(db: &TestDb) -> Running {
    server_on(&db.url, test_limits()).await
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
        assert_eq!(r.status, 200, "create: {}", r.body);
        r.json()["id"].as_str().unwrap().to_string()
    }
    /// Join and return the seat token.
    pub async fn join(&self, id: &str, seat: u8) -> String {
        let r = self.post(&format!("/api/tables/{id}/join"), json!({"seat": seat})).await;
        assert_eq!(r.status, 200, "join: {}", r.body);
        r.json()["token"].as_str().unwrap().to_string()
    }
    pub async fn start(&self, id: &str) {
        let r = self.post(&format!("/api/tables/{id}/start"), json!({})).await;
        assert_eq!(r.status, 200, "start: {}", r.body);
    }
}

/// A two-player Pebbles table with both seats taken and started: (id, [seat0, seat1] tokens).
pub async fn two_player_table(a: &Client, b: &Client, options: Value) -> (String, [String; 2]) {
    let id = a.create(json!({"game": "pebbles", "options": options})).await;
    let t0 = a.join(&id, 0).await;
    let t1 = b.join(&id, 1).await;
    a.start(&id).await;
    (id, [t0, t1])
}

pub struct Sock {
    pub ws: WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

impl Sock {
    /// Connect as the seat holding `token` (sent as the seat cookie, as a browser does; tokens
    /// never go in URLs), or as a spectator.
    pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Sock {
        match token {
            Some(t) => {
                Sock::connect_with_cookie(addr, id, &format!("{}={t}", server::auth::seat_cookie_name(id))).await
            }
            None => {
                let (ws, _) =
                    connect_async(format!("ws://{addr}/api/tables/{id}/ws")).await.expect("websocket connects");
                let mut s = Sock { ws, seen: Vec::new() };
                s.until(|m| m["type"] == "state").await;
                s
            }
        }
    }
    /// Connect sending only a `Cookie` header (what a browser does after a reload).
    pub async fn connect_with_cookie(addr: SocketAddr, id: &str, cookie: &str) -> Sock {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/api/tables/{id}/ws").into_client_request().unwrap();
        req.headers_mut().insert("cookie", cookie.parse().unwrap());
        let (ws, _) = connect_async(req).await.expect("websocket connects");
        let mut s = Sock { ws, seen: Vec::new() };
        s.until(|m| m["type"] == "state").await;
        s
    }
    pub async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }
    pub async fn send_text(&mut self, t: String) {
        self.ws.send(Message::Text(t.into())).await.expect("send");
    }
    /// The next message (panics after 10 s of silence).
    pub async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a message within 10 s")
                .expect("socket open")
                .expect("socket ok");
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(t.as_str()).expect("server sends JSON");
                self.seen.push(v.clone());
                return v;
            }
        }
    }
    /// Read until a message matches.
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if pred(&v) {
                return v;
            }
        }
    }
    /// The latest state or update received.
    pub fn latest(&self) -> Option<&Value> {
        self.seen.iter().rev().find(|m| m["type"] == "state" || m["type"] == "update")
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
    pub fn legal(v: &Value) -> Vec<String> {
        v["legal"].as_array().unwrap().iter().map(|a| a["notation"].as_str().unwrap().to_string()).collect()
    }
}

/// A test-server process (hosting Pebbles); killed with SIGKILL when dropped, so that a
/// failing test leaves none behind.
pub struct Server(pub std::process::Child);

impl Server {
    pub fn pid(&self) -> u32 {
        self.0.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill(); // SIGKILL on Unix
        let _ = self.0.wait();
    }
}

pub fn spawn_server(url: &str, extra: &[&str]) -> (Server, SocketAddr) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_test-server"))
        .args(["--db", url, "--addr", "127.0.0.1:0"])
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("test-server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let server = Server(child);
    let addr =
        line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected: {line}")).parse().unwrap();
    (server, addr)
}

//! Load test: N tables of random-vs-random play over real WebSocket connections on loopback.
//! Each table has two guest seats driven by this client; a seat thinks for `think` (±50%,
//! so tables do not move in lockstep) and then acts; every action's round trip (send → the
//! actor's own update) is timed. With `think` zero every table floods the server (a
//! saturation test: round trips then measure queueing). When a game ends the two players sit at a new table.
//! Memory per idle table is the server's RSS growth (from `/proc`) per table created, joined,
//! started and connected, before any action.
//!
//! A server allows only so many sockets per client address (`Limits::max_connections_per_ip`,
//! `serve --max-connections-per-ip`). To load a server on this machine as it ships, the tables
//! are spread over source addresses ([`LoadOptions::sources`], e.g. [`loopback_sources`]): every
//! connection of table `i` is bound to `sources[i % len]` before it connects.

use crate::http::request_on;
use futures_util::stream::{self, StreamExt};
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{client_async, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Clone, Debug)]
pub struct LoadOptions {
    pub addr: SocketAddr,
    pub tables: usize,
    pub duration: Duration,
    pub game: String,
    pub options: Value,
    /// The server's process id, to read its memory use (Linux only).
    pub server_pid: Option<u32>,
    /// How long a player thinks before each action (±50%).
    pub think: Duration,
    /// Source addresses the tables' connections are bound to, table `i` to `sources[i % len]`;
    /// empty: the system picks (one address, so the server's per-address cap applies to all).
    pub sources: Vec<IpAddr>,
    /// The second seat is a bot of this spec run by the server (`random`, `greedy`, …) instead
    /// of a second player over a socket: one socket per table, so twice the tables fit under a
    /// limit on open files (docs/deploy.md). None: two players.
    pub bot_seat: Option<String>,
}

/// `count` loopback addresses 127.0.0.1, 127.0.0.2, … (the whole of 127.0.0.0/8 reaches this
/// machine on Linux; each address's last byte stays within 1..=250).
pub fn loopback_sources(count: usize) -> Vec<IpAddr> {
    (0..count.min(250 * 256 * 256))
        .map(|k| IpAddr::V4(Ipv4Addr::new(127, (k / (250 * 256)) as u8, ((k / 250) % 256) as u8, (k % 250 + 1) as u8)))
        .collect()
}

/// A TCP connection to `addr`, from `source` if given.
async fn connect(addr: SocketAddr, source: Option<IpAddr>) -> std::io::Result<tokio::net::TcpStream> {
    let Some(ip) = source else { return tokio::net::TcpStream::connect(addr).await };
    let socket = if ip.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket
        .bind(SocketAddr::new(ip, 0))
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot bind source address {ip}: {e}")))?;
    socket.connect(addr).await
}

async fn request(
    addr: SocketAddr,
    source: Option<IpAddr>,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<&Value>,
) -> std::io::Result<crate::http::HttpResponse> {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    request_on(connect(addr, source).await?, addr, method, path, cookie, body.as_bytes()).await
}

#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct LoadReport {
    pub tables: usize,
    pub think_ms: u64,
    pub connections: usize,
    pub actions: u64,
    pub games_finished: u64,
    pub errors: u64,
    pub seconds: f64,
    pub actions_per_sec: f64,
    pub rtt_p50_ms: f64,
    pub rtt_p99_ms: f64,
    pub rtt_max_ms: f64,
    pub setup_seconds: f64,
    pub rss_before_kib: Option<u64>,
    pub rss_idle_kib: Option<u64>,
    pub rss_per_idle_table_kib: Option<f64>,
    /// Source addresses the connections came from (0: the system's choice).
    pub sources: usize,
    /// The bot spec of the second seat, when a bot held it (`LoadOptions::bot_seat`).
    pub bot_seat: Option<String>,
    /// Actions the server stored per second during the load (its `cardtable_actions_total`
    /// at the start and the end; bots' moves included), when its `/metrics` answered.
    pub server_actions_per_sec: Option<f64>,
}

/// Random Pebbles tables (a long pile) against the server at `addr`, each player thinking
/// half a second per move.
pub async fn loadtest(addr: SocketAddr, tables: usize, duration: Duration) -> anyhow::Result<LoadReport> {
    loadtest_with(LoadOptions {
        addr,
        tables,
        duration,
        game: "pebbles".into(),
        options: json!({"pile": 200}),
        server_pid: None,
        think: Duration::from_millis(500),
        sources: Vec::new(),
        bot_seat: None,
    })
    .await
}

pub fn rss_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines().find(|l| l.starts_with("VmRSS:"))?.split_whitespace().nth(1)?.parse().ok()
}

struct Players {
    cookies: [String; 2],
}

async fn guest(addr: SocketAddr, source: Option<IpAddr>, name: &str) -> anyhow::Result<String> {
    let r = request(addr, source, "POST", "/api/guest", None, Some(&json!({"name": name}))).await?;
    anyhow::ensure!(r.status == 200, "guest login failed: {} {}", r.status, r.body);
    r.cookies().into_iter().next().ok_or_else(|| anyhow::anyhow!("no session cookie"))
}

/// Create a table, seat both players (or the first one and a bot), start it, and connect the
/// players' seats (from `source`).
async fn new_table(o: &LoadOptions, p: &Players, source: Option<IpAddr>) -> anyhow::Result<Vec<Ws>> {
    let mut body = json!({"game": o.game, "options": o.options});
    if let Some(spec) = &o.bot_seat {
        body["seats"] = json!([{"kind": "open"}, {"kind": "bot", "spec": spec}]);
    }
    let r = request(o.addr, source, "POST", "/api/tables", Some(&p.cookies[0]), Some(&body)).await?;
    anyhow::ensure!(r.status == 200, "create table: {} {}", r.status, r.body);
    let id = r.json()["id"].as_str().unwrap_or_default().to_string();
    let mut tokens = Vec::new();
    let humans = if o.bot_seat.is_some() { 1 } else { 2 };
    for (i, c) in p.cookies.iter().take(humans).enumerate() {
        let r = request(o.addr, source, "POST", &format!("/api/tables/{id}/join"), Some(c), Some(&json!({"seat": i})))
            .await?;
        anyhow::ensure!(r.status == 200, "join: {} {}", r.status, r.body);
        tokens.push(r.json()["token"].as_str().unwrap_or_default().to_string());
    }
    let r = request(o.addr, source, "POST", &format!("/api/tables/{id}/start"), Some(&p.cookies[0]), None).await?;
    anyhow::ensure!(r.status == 200, "start: {} {}", r.status, r.body);
    let mut out = Vec::new();
    for t in &tokens {
        // The seat cookie, as a browser sends it (tokens never go in URLs).
        let mut req = format!("ws://{}/api/tables/{id}/ws", o.addr).into_client_request()?;
        req.headers_mut().insert("cookie", format!("{}={t}", crate::auth::seat_cookie_name(&id)).parse()?);
        let tcp = connect(o.addr, source).await?;
        let (ws, _) = client_async(req, MaybeTlsStream::Plain(tcp)).await?;
        out.push(ws);
    }
    Ok(out)
}

#[derive(Default)]
struct TableStats {
    rtts_us: Vec<u64>,
    games: u64,
    errors: u64,
}

struct Seen {
    seq: u64,
    legal: Vec<String>,
    over: bool,
}

fn read(msg: &Message) -> Option<Value> {
    match msg {
        Message::Text(t) => serde_json::from_str(t.as_str()).ok(),
        _ => None,
    }
}

fn seen_of(v: &Value) -> Option<Seen> {
    let kind = v["type"].as_str()?;
    if kind != "state" && kind != "update" {
        return None;
    }
    Some(Seen {
        seq: v["seq"].as_u64()?,
        legal: v["legal"].as_array()?.iter().filter_map(|a| a["notation"].as_str().map(str::to_string)).collect(),
        over: v["table_status"] == "finished",
    })
}

/// The source address of table `i`.
fn source_of(o: &LoadOptions, i: usize) -> Option<IpAddr> {
    (!o.sources.is_empty()).then(|| o.sources[i % o.sources.len()])
}

async fn drive(
    o: &LoadOptions,
    p: &Players,
    table: usize,
    mut ws: Vec<Ws>,
    deadline: Instant,
    seed: u64,
) -> TableStats {
    let mut stats = TableStats::default();
    let mut rng = seed | 1;
    let mut latest: Vec<Option<Seen>> = ws.iter().map(|_| None).collect();
    let mut pending: Option<(usize, u64, Instant)> = None;
    loop {
        if Instant::now() >= deadline {
            break;
        }
        if pending.is_none() {
            let ready = (0..ws.len()).find(|&i| latest[i].as_ref().is_some_and(|s| !s.legal.is_empty() && !s.over));
            if let Some(i) = ready {
                if !o.think.is_zero() {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let think = o.think.mul_f64(0.5 + (rng % 1000) as f64 / 1000.0);
                    let wake = Instant::now() + think;
                    if wake >= deadline {
                        break;
                    }
                    tokio::time::sleep_until(wake.into()).await;
                }
                let s = latest[i].as_ref().expect("checked");
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let action = s.legal[(rng % s.legal.len() as u64) as usize].clone();
                let msg = json!({"type": "act", "action": action, "seq": s.seq}).to_string();
                let expected = s.seq + 1;
                latest[i] = None;
                pending = Some((i, expected, Instant::now()));
                if ws[i].send(Message::Text(msg.into())).await.is_err() {
                    stats.errors += 1;
                    break;
                }
            } else if latest.iter().any(|s| s.as_ref().is_some_and(|s| s.over)) {
                stats.games += 1;
                for w in ws.iter_mut() {
                    let _ = w.close(None).await;
                }
                match new_table(o, p, source_of(o, table)).await {
                    Ok(n) => {
                        latest = n.iter().map(|_| None).collect();
                        ws = n;
                        continue;
                    }
                    Err(_) => {
                        stats.errors += 1;
                        break;
                    }
                }
            }
        }
        let next = futures_util::future::select_all(ws.iter_mut().map(|w| w.next()));
        let got = tokio::time::timeout_at(deadline.into(), next).await.map(|(m, i, _)| (m, i));
        let Ok((Some(Ok(msg)), i)) = got else { break };
        let Some(v) = read(&msg) else { continue };
        if v["type"] == "error" {
            stats.errors += 1;
            if pending.is_some_and(|(s, _, _)| s == i) {
                pending = None;
            }
            continue;
        }
        if let Some(seen) = seen_of(&v) {
            if let Some((s, expected, t0)) = pending {
                if s == i && seen.seq >= expected {
                    stats.rtts_us.push(t0.elapsed().as_micros() as u64);
                    pending = None;
                }
            }
            latest[i] = Some(seen);
        }
    }
    for w in ws.iter_mut() {
        let _ = w.close(None).await;
    }
    stats
}

/// The server's `cardtable_actions_total` (summed over its label sets), if `/metrics` answers.
async fn stored_actions(addr: SocketAddr) -> Option<f64> {
    let r = crate::http::request(addr, "GET", "/metrics", None, None).await.ok()?;
    (r.status == 200).then_some(())?;
    let values: Vec<f64> = r
        .body
        .lines()
        .filter(|l| l.starts_with("cardtable_actions_total"))
        .filter_map(|l| l.rsplit(' ').next()?.parse().ok())
        .collect();
    (!values.is_empty()).then(|| values.iter().sum())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

/// Table setups (and guest logins) in flight at once.
const SETUP_AT_ONCE: usize = 8;

pub async fn loadtest_with(o: LoadOptions) -> anyhow::Result<LoadReport> {
    // One pair of guests per source address, table `i` seated with pair `i % len` like its
    // source; setups run at most `SETUP_AT_ONCE` at a time, below the server's cap on tables
    // one user has waiting for players (`Limits::max_lobby_tables_per_user`, 10).
    let pairs = o.sources.len().max(1);
    let players: Vec<Players> = stream::iter(0..pairs)
        .map(|k| {
            let source = source_of(&o, k);
            async move {
                // Named by the node's port too: the nodes of a cluster share one set of guests.
                let port = o.addr.port();
                let a = guest(o.addr, source, &format!("load{port}x{k}a")).await?;
                let b = guest(o.addr, source, &format!("load{port}x{k}b")).await?;
                anyhow::Ok(Players { cookies: [a, b] })
            }
        })
        .buffered(SETUP_AT_ONCE)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let players_of = |i: usize| &players[i % players.len()];
    let rss_before = o.server_pid.and_then(rss_kib);
    let setup_start = Instant::now();
    let tables: Vec<Vec<Ws>> = stream::iter(0..o.tables)
        .map(|i| new_table(&o, players_of(i), source_of(&o, i)))
        .buffered(SETUP_AT_ONCE)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let setup_seconds = setup_start.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let rss_idle = o.server_pid.and_then(rss_kib);
    let stored_before = stored_actions(o.addr).await;
    let start = Instant::now();
    let deadline = start + o.duration;
    let results: Vec<TableStats> = stream::iter(tables.into_iter().enumerate())
        .map(|(i, ws)| drive(&o, players_of(i), i, ws, deadline, 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64 + 1)))
        .buffer_unordered(usize::MAX)
        .collect()
        .await;
    let seconds = start.elapsed().as_secs_f64();
    let stored_after = stored_actions(o.addr).await;
    let mut rtts: Vec<u64> = results.iter().flat_map(|r| r.rtts_us.iter().copied()).collect();
    rtts.sort_unstable();
    let actions = rtts.len() as u64;
    Ok(LoadReport {
        tables: o.tables,
        think_ms: o.think.as_millis() as u64,
        connections: if o.bot_seat.is_some() { o.tables } else { 2 * o.tables },
        actions,
        games_finished: results.iter().map(|r| r.games).sum(),
        errors: results.iter().map(|r| r.errors).sum(),
        seconds,
        actions_per_sec: actions as f64 / seconds.max(1e-9),
        rtt_p50_ms: percentile(&rtts, 0.50),
        rtt_p99_ms: percentile(&rtts, 0.99),
        rtt_max_ms: percentile(&rtts, 1.0),
        setup_seconds,
        rss_before_kib: rss_before,
        rss_idle_kib: rss_idle,
        rss_per_idle_table_kib: match (rss_before, rss_idle) {
            (Some(a), Some(b)) if o.tables > 0 => Some((b as f64 - a as f64) / o.tables as f64),
            _ => None,
        },
        sources: o.sources.len(),
        bot_seat: o.bot_seat.clone(),
        server_actions_per_sec: match (stored_before, stored_after) {
            (Some(a), Some(b)) => Some((b - a) / seconds.max(1e-9)),
            _ => None,
        },
    })
}

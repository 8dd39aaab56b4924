//! Issue 18, items 4, 5 and 6: multiplayer endings (concession and time in free-for-all and
//! 2v2), undo refused across hidden or card events, and the limits (every frame rate-limited,
//! slow readers and idle sockets closed, bot budgets capped, tables per user capped, abandoned
//! tables reaped, client action ids idempotent). On SQLite and PostgreSQL.

mod common;

use common::circle::Circle;
use common::*;
use engine::testgame::Pebbles;
use engine::Registry;
use serde_json::{json, Value};
use server::{Limits, RandomBots, Running};
use std::sync::Arc;
use store::testdb::TestDb;

fn games() -> Registry {
    Registry::new().with::<Pebbles>().with::<Circle>()
}

async fn serve(db: &TestDb, limits: Limits) -> Running {
    server_with(&db.url, limits, games(), Arc::new(RandomBots)).await
}

/// A started Circle table with every seat taken by its own guest: (id, tokens).
async fn circle_table(srv: &Running, options: Value, clock: Option<u32>) -> (String, Vec<String>, Vec<Client>) {
    // Names are unique on a server (identity is by id, and a live guest's name is taken).
    static TABLES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let t = TABLES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let n = options["seats"].as_u64().unwrap() as u8;
    let mut clients = Vec::new();
    for i in 0..n {
        clients.push(Client::guest(srv.addr, &format!("P{i}x{t}")).await);
    }
    let mut body = json!({"game": "circle", "options": options});
    if let Some(c) = clock {
        body["clock_secs"] = json!(c);
    }
    let id = clients[0].create(body).await;
    let mut tokens = Vec::new();
    for (i, c) in clients.iter().enumerate() {
        tokens.push(c.join(&id, i as u8).await);
    }
    clients[0].start(&id).await;
    (id, tokens, clients)
}

fn winners(m: &Value) -> Value {
    m["status"]["over"]["winners"].clone()
}

// Item 4 -------------------------------------------------------------------------------------

/// Free-for-all: a seat that concedes (out of turn) leaves and the others play on; the last one
/// standing wins. The stored out-of-turn concession replays on a rebuild.
async fn ffa_concession(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&tokens[1])).await;
    let mut s2 = Sock::connect(srv.addr, &id, Some(&tokens[2])).await;
    // Seat 1 is not to act; it concedes.
    s1.send(json!({"type": "concede"})).await;
    let m = s2.at_seq(1).await;
    assert_eq!(m["table_status"], "playing", "the others play on: {m}");
    assert_eq!(m["view"]["active"], json!([true, false, true]));
    assert_eq!(m["status"]["to_act"], 0);
    // Having left, it cannot end the game for the others by conceding again.
    s1.send(json!({"type": "concede"})).await;
    let e = s1.error().await;
    assert!(e["message"].as_str().unwrap().contains("already left"), "{e}");
    // A restarted server rebuilds the table from the log (the concession was out of turn).
    let again = serve(db, test_limits()).await;
    let s = Sock::connect(again.addr, &id, Some(&tokens[2])).await;
    assert_eq!(s.latest().unwrap()["view"]["active"], json!([true, false, true]), "rebuilt with seat 1 out");
    again.task.abort();
    // Seat 0 (to act) concedes too: seat 2 is the last one standing.
    let mut s0 = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    s0.send(json!({"type": "concede"})).await;
    let end = s2.at_seq(2).await;
    assert_eq!(winners(&end), json!([2]), "{end}");
    assert_eq!(end["table_status"], "finished");
}
on_both_databases!(ffa_concession_leaves_and_the_others_play_on, ffa_concession);

/// Free-for-all: the seat that runs out of time leaves; the others play on.
async fn ffa_timeout(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), Some(5)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&tokens[1])).await;
    let m = s1.until(|m| m["seq"] == 1).await;
    assert_eq!(m["table_status"], "playing", "the others play on after a time loss: {m}");
    assert_eq!(m["view"]["active"], json!([false, true, true]));
    assert_eq!(m["status"]["to_act"], 1);
    s1.send(json!({"type": "concede"})).await;
    let end = s1.at_seq(2).await;
    assert_eq!(winners(&end), json!([2]), "{end}");
}
on_both_databases!(ffa_timeout_leaves_and_the_others_play_on, ffa_timeout);

/// 2v2 (teams 0+2 and 1+3): a concession takes the whole team out; the winners are the other
/// team, never the loser's teammate.
async fn team_concession(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 4, "teams": true}), None).await;
    let mut s3 = Sock::connect(srv.addr, &id, Some(&tokens[3])).await;
    s3.send(json!({"type": "concede"})).await;
    let end = s3.at_seq(1).await;
    assert_eq!(winners(&end), json!([0, 2]), "{end}");
    assert_eq!(end["table_status"], "finished");
}
on_both_databases!(team_concession_loses_together, team_concession);

async fn team_timeout(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 4, "teams": true}), Some(5)).await;
    let mut s2 = Sock::connect(srv.addr, &id, Some(&tokens[2])).await;
    let end = s2.until(|m| m["table_status"] == "finished").await;
    assert_eq!(winners(&end), json!([1, 3]), "seat 0 ran out of time: its team lost: {end}");
}
on_both_databases!(team_timeout_loses_together, team_timeout);

/// Two seats and no concede action: the server ends the game and the other seat wins.
async fn two_seat_concession(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (id, [_, t1]) = two_player_table(&a, &b, json!({})).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    s1.send(json!({"type": "concede"})).await;
    let end = s1.until(|m| m["table_status"] == "finished").await;
    assert_eq!(end["result"]["winners"], json!([0]), "{end}");
}
on_both_databases!(two_seat_concession_the_other_wins, two_seat_concession);

// Item 5 -------------------------------------------------------------------------------------

/// Undo is refused when the action to take back drew a card (a public event of kind `card`) or
/// showed one seat something (a private event); a plain move can still be taken back.
async fn undo_refusals(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    s0.send(json!({"type": "act", "action": "draw"})).await;
    s0.at_seq(1).await;
    s0.send(json!({"type": "request_undo"})).await;
    let e = s0.error().await;
    assert!(e["message"].as_str().unwrap().contains("drew, revealed or shuffled"), "{e}");
    s0.send(json!({"type": "act", "action": "peek"})).await;
    s0.at_seq(2).await;
    s0.send(json!({"type": "request_undo"})).await;
    let e = s0.error().await;
    assert!(e["message"].as_str().unwrap().contains("showed a seat something"), "{e}");
    s0.send(json!({"type": "act", "action": "step"})).await;
    s0.at_seq(3).await;
    s0.send(json!({"type": "request_undo"})).await;
    let offer = s0.until(|m| m["type"] == "offer" || m["type"] == "error").await;
    assert_eq!(offer["type"], "offer", "a plain step may be taken back: {offer}");
}
on_both_databases!(undo_across_a_draw_or_a_private_event_is_refused, undo_refusals);

// Item 6 -------------------------------------------------------------------------------------

use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Read until the server's close frame; its code (None if the socket just ended).
async fn close_code(sock: &mut Sock) -> Option<u16> {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), sock.ws.next()).await.expect("closed within 20 s") {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            other => {
                eprintln!("the socket ended without a close frame: {other:?}");
                return None;
            }
        }
    }
}

/// Binary and oversized frames count toward the rate limit like any other.
async fn flood(db: &TestDb) {
    let limits = Limits { messages_per_second: 1.0, burst: 5.0, max_connections_per_ip: 1000, ..Limits::default() };
    let srv = serve(db, limits.clone()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut s = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    let big = "x".repeat(limits.max_message_bytes + 10);
    for _ in 0..10 {
        s.ws.send(Message::Binary(vec![0u8; 1000].into())).await.unwrap();
        s.ws.send(Message::Text(big.clone().into())).await.unwrap();
    }
    for _ in 0..3 {
        s.send(json!({"type": "ping"})).await;
    }
    let mut kinds = Vec::new();
    while kinds.len() < 23 {
        let m = s.next().await;
        if m["type"] == "error" || m["type"] == "pong" {
            kinds.push(m["kind"].as_str().unwrap_or("pong").to_string());
        }
    }
    let limited = kinds.iter().filter(|k| *k == "rate_limited").count();
    assert!(limited >= 17, "at most the burst of 5 (and a refill) passes: {kinds:?}");
    assert_eq!(&kinds[20..], ["rate_limited", "rate_limited", "rate_limited"], "{kinds:?}");
}
on_both_databases!(binary_and_oversized_frames_are_rate_limited, flood);

/// A client that stops reading is disconnected with close code 4000 once its queue is full.
async fn slow_reader(db: &TestDb) {
    let limits = Limits { send_queue: 8, ..test_limits() };
    let srv = serve(db, Limits { messages_per_second: 1e9, burst: 1e9, ..limits }).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    // The slow client: a small receive buffer, and it never reads after the first state.
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(4096).unwrap();
    let tcp = tcp.connect(srv.addr).await.unwrap();
    // No token in the URL: the seat is claimed by the first message.
    let url = format!("ws://{}/api/tables/{id}/ws", srv.addr);
    let (ws, _) = tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(tcp)).await.unwrap();
    let mut slow = Sock { ws, seen: Vec::new() };
    slow.send(json!({"type": "auth", "token": tokens[1]})).await;
    slow.until(|m| m["type"] == "state" && m["you"] == json!({"seat": 1})).await;
    let mut fast = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    let table = srv.app.table(&id).await.unwrap().unwrap();
    let text = "y".repeat(400);
    let mut sent = 0;
    loop {
        // The fast client sends a few and reads them back: it keeps up.
        for _ in 0..4 {
            fast.send(json!({"type": "chat", "text": text})).await;
        }
        sent += 4;
        for _ in 0..4 {
            fast.until(|m| m["type"] == "chat").await;
        }
        let subs = table.state.lock().await.subs.len();
        if subs < 2 {
            break;
        }
        assert!(sent < 200_000, "the slow reader was never disconnected");
    }
    assert_eq!(close_code(&mut slow).await, Some(4000), "closed with the slow-reader code");
    // The fast client is still connected and served.
    fast.send(json!({"type": "ping"})).await;
    fast.until(|m| m["type"] == "pong").await;
}
on_both_databases!(a_slow_reader_is_disconnected_with_a_close_code, slow_reader);

/// A table socket that sends nothing is closed (4001); one that pings stays; a raw TCP
/// connection that sends no request is closed by the header-read timeout.
async fn idle(db: &TestDb) {
    let limits = Limits {
        ws_idle: Duration::from_millis(600),
        header_read_timeout: Duration::from_millis(500),
        ..test_limits()
    };
    let srv = serve(db, limits).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut quiet = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    let mut alive = Sock::connect(srv.addr, &id, Some(&tokens[1])).await;
    for _ in 0..8 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        alive.send(json!({"type": "ping"})).await;
        alive.until(|m| m["type"] == "pong").await;
    }
    assert_eq!(close_code(&mut quiet).await, Some(4001), "the quiet socket is closed as idle");
    alive.send(json!({"type": "ping"})).await;
    alive.until(|m| m["type"] == "pong").await;
    // A raw connection that never sends a request head.
    let mut raw = tokio::net::TcpStream::connect(srv.addr).await.unwrap();
    let mut buf = [0u8; 256];
    let read = tokio::time::timeout(Duration::from_secs(10), tokio::io::AsyncReadExt::read(&mut raw, &mut buf)).await;
    assert!(matches!(read, Ok(Ok(_)) | Ok(Err(_))), "the idle TCP connection was closed by the server");
}
on_both_databases!(idle_sockets_are_closed, idle);

/// A host that reports the budgets of `mcts:N`, `mcts:Nms` and `mcts:Ns` specs (as crates/ai's does).
struct BudgetBots;

impl server::BotHost for BudgetBots {
    fn choose(&self, game: &dyn engine::DynGame, seat: engine::Seat, _: &str, seed: u64) -> Result<String, String> {
        RandomBots.choose(game, seat, "random", seed)
    }
    fn validate(&self, _: &str, spec: &str) -> Result<(), String> {
        self.budget("", spec).map(|_| ())
    }
    fn budget(&self, _: &str, spec: &str) -> Result<server::bots::BotBudget, String> {
        let arg = spec.strip_prefix("mcts:").ok_or("unknown bot")?;
        let n = |t: &str| t.parse::<u64>().map_err(|e| e.to_string());
        let (ms_per_move, iterations_per_move) = if let Some(ms) = arg.strip_suffix("ms") {
            (n(ms)?, 0)
        } else if let Some(s) = arg.strip_suffix('s') {
            (n(s)?.saturating_mul(1000), 0)
        } else {
            (0, n(arg)?)
        };
        Ok(server::bots::BotBudget { ms_per_move, iterations_per_move })
    }
}

async fn bot_budget(db: &TestDb) {
    let limits = Limits { max_bot_ms_per_move: 2000, max_bot_iterations_per_move: 5000, ..test_limits() };
    let srv = server_with(&db.url, limits, games(), Arc::new(BudgetBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let table = |spec: &str| json!({"game": "pebbles", "seats": [{"kind": "bot", "spec": spec}, {"kind": "open"}]});
    let r = a.post("/api/tables", table("mcts:99999999s")).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("at most 2000 ms per move") && r.body.contains("bot time cap"), "{}", r.body);
    let r = a.post("/api/tables", table("mcts:99999999")).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("at most 5000 per move") && r.body.contains("iteration cap"), "{}", r.body);
    for ok in ["mcts:2s", "mcts:500ms", "mcts:5000"] {
        let r = a.post("/api/tables", table(ok)).await;
        assert_eq!(r.status, 200, "{ok}: {}", r.body);
    }
}
on_both_databases!(bot_budgets_are_capped, bot_budget);

/// The same client action id from the same seat is applied once and answered the same way.
async fn action_ids(db: &TestDb) {
    let srv = serve(db, test_limits()).await;
    let (id, tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&tokens[0])).await;
    let act = json!({"type": "act", "action": "draw", "id": "c-1"});
    s0.send(act.clone()).await;
    s0.send(act.clone()).await;
    let first = s0.until(|m| m["type"] == "ack").await;
    let second = s0.until(|m| m["type"] == "ack").await;
    assert_eq!(first, json!({"type": "ack", "id": "c-1", "seq": 1}));
    assert_eq!(second, first, "the resend gets the same answer");
    s0.send(act).await;
    assert_eq!(s0.until(|m| m["type"] == "ack").await, first);
    // A refusal is remembered too.
    let bad = json!({"type": "act", "action": "fly", "id": "c-2"});
    s0.send(bad.clone()).await;
    let e1 = s0.error().await;
    s0.send(bad).await;
    assert_eq!(s0.error().await, e1);
    assert_eq!(e1["id"], "c-2");
    // Applied once: the table is at move 1, and the next id plays move 2.
    let show = Client::guest(srv.addr, "Watcher").await.get(&format!("/api/tables/{id}")).await.json();
    assert_eq!(show["seq"], 1, "{show}");
    s0.send(json!({"type": "act", "action": "draw", "id": "c-3"})).await;
    assert_eq!(s0.until(|m| m["type"] == "ack").await["seq"], 2);
}
on_both_databases!(a_duplicate_action_id_is_applied_once, action_ids);

/// One user may hold only so many lobby tables open.
async fn lobby_cap(db: &TestDb) {
    let srv = serve(db, Limits { max_lobby_tables_per_user: 2, ..test_limits() }).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    a.create(json!({"game": "pebbles"})).await;
    a.create(json!({"game": "pebbles"})).await;
    let r = a.post("/api/tables", json!({"game": "pebbles"})).await;
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.body.contains("at most 2"), "{}", r.body);
    b.create(json!({"game": "pebbles"})).await;
}
on_both_databases!(lobby_tables_per_user_are_capped, lobby_cap);

/// A game none of whose players is connected for longer than the limit ends as abandoned; a
/// game with a player connected goes on.
async fn reaping(db: &TestDb) {
    let limits =
        Limits { abandon_after: Duration::from_millis(800), reap_every: Duration::from_millis(100), ..test_limits() };
    let srv = serve(db, limits).await;
    let (gone, tokens, clients) = circle_table(&srv, json!({"seats": 3}), None).await;
    let s = Sock::connect(srv.addr, &gone, Some(&tokens[0])).await;
    drop(s);
    let (kept, kept_tokens, _) = circle_table(&srv, json!({"seats": 3}), None).await;
    let mut watching = Sock::connect(srv.addr, &kept, Some(&kept_tokens[2])).await;
    let mut end = Value::Null;
    for _ in 0..100 {
        end = clients[0].get(&format!("/api/tables/{gone}")).await.json();
        if end["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(end["status"], "finished", "{end}");
    assert!(end["result"]["reason"].as_str().unwrap().starts_with("abandoned"), "{end}");
    assert_eq!(end["result"]["winners"], json!([]));
    let k = clients[0].get(&format!("/api/tables/{kept}")).await.json();
    assert_eq!(k["status"], "playing", "a watched game goes on: {k}");
    watching.send(json!({"type": "ping"})).await;
    watching.until(|m| m["type"] == "pong").await;
}
on_both_databases!(abandoned_tables_are_reaped, reaping);

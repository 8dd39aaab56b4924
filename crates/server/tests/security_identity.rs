//! Issue #18 items 1, 2, 3 and 7: identity by id (never by name), hidden setup refused, deck
//! ownership, secrets. Each test would fail on the server before the fix. Run on SQLite and
//! PostgreSQL.

mod common;

use common::*;
use serde_json::{json, Value};
use server::http::{request, HttpResponse};
use server::{RandomBots, Running, ServerConfig};
use std::net::SocketAddr;
use std::sync::Arc;
use store::testdb::TestDb;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn server(db: &TestDb, f: impl FnOnce(&mut ServerConfig)) -> Running {
    let mut config = ServerConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        database_url: db.url.clone(),
        limits: test_limits(),
        ..Default::default()
    };
    f(&mut config);
    let reg = registry().with::<riftbound::RiftGame>();
    server::start(config, reg, Arc::new(RandomBots)).await.expect("server starts")
}

/// One request with extra headers (the shared client sends none).
async fn raw(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> HttpResponse {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut out = Vec::new();
    stream.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let (h, b) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = h.split("\r\n");
    let status = lines.next().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
    let headers =
        lines.filter_map(|l| l.split_once(':').map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))).collect();
    HttpResponse { status, headers, body: b.to_string() }
}

async fn register(addr: SocketAddr, name: &str, cookie: Option<&str>) -> HttpResponse {
    request(addr, "POST", "/api/register", cookie, Some(&json!({"name": name, "password": "correct horse"})))
        .await
        .unwrap()
}

fn client(addr: SocketAddr, r: &HttpResponse) -> Client {
    assert_eq!(r.status, 200, "{}", r.body);
    Client { addr, cookie: r.cookies().join("; ") }
}

async fn guest_status(addr: SocketAddr, name: &str) -> u16 {
    request(addr, "POST", "/api/guest", None, Some(&json!({"name": name}))).await.unwrap().status
}

// ---------- 1. identity by id ----------

async fn impostor_names(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let addr = srv.addr;
    let ann = client(addr, &register(addr, "ann", None).await);
    let bob = Client::guest(addr, "bob").await;
    let id =
        bob.create(json!({"game": "pebbles", "seats": [{"kind": "invited", "name": "ann"}, {"kind": "open"}]})).await;
    let shown = bob.get(&format!("/api/tables/{id}")).await.json();
    assert_eq!(shown["seats"][0]["name"], "ann");

    // A guest cannot take an account's name, in any case.
    assert_eq!(guest_status(addr, "ann").await, 409, "a guest may not be named like an account");
    assert_eq!(guest_status(addr, "ANN").await, 409, "nor like it in another case");
    // Nor another live guest's name.
    assert_eq!(guest_status(addr, "Bob").await, 409, "a guest may not take a live guest's name");
    // Another guest cannot take the invited seat; the account can.
    let eve = Client::guest(addr, "eve").await;
    assert_eq!(eve.post(&format!("/api/tables/{id}/join"), json!({"seat": 0})).await.status, 409);
    ann.join(&id, 0).await;
    // An invitation names an account: an unknown name is refused.
    let r = bob
        .post(
            "/api/tables",
            json!({"game": "pebbles", "seats": [{"kind": "invited", "name": "nobody"}, {"kind": "open"}]}),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("nobody"), "{}", r.body);

    // Creator rights go by id: the creator (a guest) logs out, a new guest takes the freed name
    // and cannot start the creator's table.
    let cy = Client::guest(addr, "Cy").await;
    let t2 = cy
        .create(
            json!({"game": "pebbles", "seats": [{"kind": "bot", "spec": "random"}, {"kind": "bot", "spec": "random"}]}),
        )
        .await;
    assert_eq!(cy.post("/api/logout", json!({})).await.status, 200);
    let cy2 = Client::guest(addr, "Cy").await;
    let r = cy2.post(&format!("/api/tables/{t2}/start"), json!({})).await;
    assert_eq!(r.status, 403, "a guest named like the creator is not the creator: {}", r.body);
    // The creator itself can (a fresh table by cy2).
    let t3 = cy2
        .create(
            json!({"game": "pebbles", "seats": [{"kind": "bot", "spec": "random"}, {"kind": "bot", "spec": "random"}]}),
        )
        .await;
    assert_eq!(cy2.post(&format!("/api/tables/{t3}/start"), json!({})).await.status, 200);

    // Reconnection by id: ann's other device gets seat 0 back; a guest named like nobody else
    // at the table gets no seat by name.
    let phone = client(
        addr,
        &request(addr, "POST", "/api/login", None, Some(&json!({"name": "ANN", "password": "correct horse"})))
            .await
            .unwrap(),
    );
    let again = phone.post(&format!("/api/tables/{id}/join"), json!({})).await.json();
    assert_eq!(again["seat"], 0, "{again}");
    srv.task.abort();
}
on_both_databases!(impostor_names_on, impostor_names);

async fn case_variant_names(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let addr = srv.addr;
    assert_eq!(register(addr, "Ivy", None).await.status, 200);
    let r = register(addr, "ivy", None).await;
    assert_eq!(r.status, 409, "Ivy and ivy are one account: {}", r.body);
    assert_eq!(register(addr, " IVY ", None).await.status, 409);
    // A live guest's name cannot be registered by someone else either.
    let _gus = Client::guest(addr, "Gus").await;
    assert_eq!(register(addr, "gus", None).await.status, 409);
    srv.task.abort();
}
on_both_databases!(case_variant_names_on, case_variant_names);

async fn a_guest_becomes_an_account(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let addr = srv.addr;
    let gus = Client::guest(addr, "Gus").await;
    let me = gus.get("/api/me").await.json();
    assert_eq!(me["guest"], true);
    let id =
        gus.create(json!({"game": "pebbles", "seats": [{"kind": "open"}, {"kind": "bot", "spec": "random"}]})).await;
    gus.join(&id, 0).await;
    // Registering while signed in as that guest converts it, keeping its id and its tables.
    let r = register(addr, "Gus", Some(&gus.cookie)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let now = gus.get("/api/me").await.json();
    assert_eq!((now["guest"].clone(), now["id"].clone()), (json!(false), me["id"].clone()), "{now}");
    assert_eq!(gus.post(&format!("/api/tables/{id}/start"), json!({})).await.status, 200, "still the creator");
    let seats = gus.get(&format!("/api/tables/{id}")).await.json()["seats"].clone();
    assert_eq!((seats[0]["kind"].clone(), seats[0]["name"].clone()), (json!("account"), json!("Gus")), "{seats}");
    // And the account logs in anywhere.
    let ok = request(addr, "POST", "/api/login", None, Some(&json!({"name": "gus", "password": "correct horse"})))
        .await
        .unwrap();
    assert_eq!(ok.status, 200);
    srv.task.abort();
}
on_both_databases!(a_guest_becomes_an_account_on, a_guest_becomes_an_account);

// ---------- 2. hidden setup ----------

fn rigged_setup() -> Value {
    let deck = riftbound::starter::STARTER_DECKS[0].0;
    json!({"seats": [{"deck": deck, "top": []}, {"deck": deck}], "first": 0})
}

async fn hidden_setup_refused(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let r = a.post("/api/tables", json!({"game": "riftbound", "setup": rigged_setup()})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("setup.first"), "the refused field is named: {}", r.body);
    assert!(r.body.contains("--dev-settings"), "{}", r.body);
    let deck = riftbound::starter::STARTER_DECKS[0].0;
    let top = json!({"seats": [{"deck": deck, "top": ["Anything"]}, {"deck": deck}]});
    let r = a.post("/api/tables", json!({"game": "riftbound", "setup": top})).await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("setup.seats[0].top"), "{}", r.body);
    // Decks alone are a player's choice.
    let fair = json!({"seats": [{"deck": deck}, {"deck": deck}]});
    let t = a.create(json!({"game": "riftbound", "setup": fair})).await;
    assert_eq!(a.get(&format!("/api/tables/{t}")).await.json()["dev_settings"], false);
    srv.task.abort();
}
on_both_databases!(hidden_setup_refused_on, hidden_setup_refused);

async fn dev_settings_are_flagged_to_every_seat(db: &TestDb) {
    let srv = server(db, |c| c.dev_settings = true).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let id = a.create(json!({"game": "riftbound", "setup": rigged_setup()})).await;
    assert_eq!(a.get(&format!("/api/tables/{id}")).await.json()["dev_settings"], true);
    let listed = a.get("/api/tables").await.json();
    assert_eq!(listed.as_array().unwrap().iter().find(|t| t["id"] == id.as_str()).unwrap()["dev_settings"], true);
    let t0 = a.join(&id, 0).await;
    let t1 = b.join(&id, 1).await;
    a.start(&id).await;
    for t in [Some(t0.as_str()), Some(t1.as_str()), None] {
        let s = Sock::connect(srv.addr, &id, t).await;
        let state = s.latest().unwrap().clone();
        assert_eq!(state["dev_settings"], true, "every seat (and spectator) is told");
    }
    srv.task.abort();
}
on_both_databases!(dev_settings_on, dev_settings_are_flagged_to_every_seat);

// ---------- 3. deck ownership ----------

async fn decks_have_owners(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let ann = Client::guest(srv.addr, "Ann").await;
    let bob = Client::guest(srv.addr, "Bob").await;
    let made = ann.post("/api/decks/ardent/generate", json!({"count": 1, "public": false})).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.json()[0]["id"].as_str().unwrap().to_string();
    assert!(bob.get("/api/decks/ardent").await.json().as_array().unwrap().is_empty(), "a private deck is hidden");
    assert_eq!(bob.get(&format!("/api/decks/ardent/{id}")).await.status, 404);
    assert_eq!(bob.delete(&format!("/api/decks/ardent/{id}")).await.status, 404);
    // Shared: others see (and may play) it, but only the owner changes it.
    assert_eq!(bob.request_patch(&format!("/api/decks/ardent/{id}"), json!({"public": true})).await.status, 404);
    assert_eq!(ann.request_patch(&format!("/api/decks/ardent/{id}"), json!({"public": true})).await.status, 200);
    assert_eq!(bob.get("/api/decks/ardent").await.json().as_array().unwrap().len(), 1);
    assert_eq!(bob.get(&format!("/api/decks/ardent/{id}")).await.status, 200);
    let r = bob.delete(&format!("/api/decks/ardent/{id}")).await;
    assert_eq!(r.status, 403, "deleting another user's deck is refused: {}", r.body);
    assert_eq!(bob.request_patch(&format!("/api/decks/ardent/{id}"), json!({"public": false})).await.status, 403);
    assert_eq!(ann.delete(&format!("/api/decks/ardent/{id}")).await.status, 200);

    // Riftbound lists: a guest named like the owner (after the owner left) is not the owner.
    let good = riftbound::starter::STARTER_DECKS[0].1;
    let saved = ann.post("/api/decks/riftbound", json!({"name": "Mine", "list": good})).await;
    let rid = saved.json()["id"].as_str().unwrap().to_string();
    assert!(bob.get("/api/decks/riftbound").await.json()["saved"].as_array().unwrap().is_empty());
    assert_eq!(bob.delete(&format!("/api/decks/riftbound/{rid}")).await.status, 403);
    ann.post("/api/logout", json!({})).await;
    let ann2 = Client::guest(srv.addr, "Ann").await;
    assert_eq!(ann2.delete(&format!("/api/decks/riftbound/{rid}")).await.status, 403, "owners go by id, not name");
    srv.task.abort();
}
on_both_databases!(decks_have_owners_on, decks_have_owners);

trait Patch {
    async fn request_patch(&self, path: &str, body: Value) -> HttpResponse;
}
impl Patch for Client {
    async fn request_patch(&self, path: &str, body: Value) -> HttpResponse {
        request(self.addr, "PATCH", path, Some(&self.cookie), Some(&body)).await.unwrap()
    }
}

// ---------- 7. secrets ----------

async fn tokens_are_stored_hashed(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (_, [t0, t1]) = two_player_table(&a, &b, json!({})).await;
    let session = a.cookie.split_once('=').unwrap().1.to_string();
    let store = store::Store::open(&db.url).await.unwrap();
    let stored: Vec<String> = sqlx::query_scalar("SELECT token FROM sessions").fetch_all(store.pool()).await.unwrap();
    let seats: Vec<Option<String>> =
        sqlx::query_scalar("SELECT token FROM seats").fetch_all(store.pool()).await.unwrap();
    let seats: Vec<String> = seats.into_iter().flatten().collect();
    assert_eq!((stored.len(), seats.len()), (2, 2));
    for plain in [&session, &t0, &t1] {
        assert_eq!(plain.len(), 64, "a token is 256 random bits");
        assert!(!stored.contains(plain) && !seats.contains(plain), "no token is stored in plain text");
    }
    assert!(stored.contains(&store::hash_token(&session)), "sessions are kept as SHA-256");
    assert!(seats.contains(&store::hash_token(&t0)) && seats.contains(&store::hash_token(&t1)));
    store.close().await;
    srv.task.abort();
}
on_both_databases!(tokens_hashed_on, tokens_are_stored_hashed);

async fn no_token_in_urls(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let (id, [t0, _]) = two_player_table(&a, &b, json!({})).await;
    let url = format!("ws://{}/api/tables/{id}/ws?token={t0}", srv.addr);
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 400),
        other => panic!("a token in the URL must be refused, got {:?}", other.map(|_| ())),
    }
    // The first message authenticates instead.
    let mut s = Sock::connect(srv.addr, &id, None).await;
    assert_eq!(s.latest().unwrap()["you"], "spectator");
    s.send(json!({"type": "auth", "token": t0})).await;
    let state = s.until(|m| m["type"] == "state").await;
    assert_eq!(state["you"], json!({"seat": 0}), "{state}");
    // And the session alone finds the seat (reconnection by identity).
    let mut by_session = Sock::connect_with_cookie(srv.addr, &id, &a.cookie).await;
    assert_eq!(by_session.latest().unwrap()["you"], json!({"seat": 0}));
    by_session.send(json!({"type": "ping"})).await;
    // The browser client never puts a token in a URL.
    let js = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/table.js")).unwrap();
    assert!(!js.contains("?token="), "web/table.js must not send the token in the URL");
    srv.task.abort();
}
on_both_databases!(no_token_in_urls_on, no_token_in_urls);

async fn websocket_origin_checked(db: &TestDb) {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let srv = server(db, |_| {}).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let id = a.create(json!({"game": "pebbles"})).await;
    let mut req = format!("ws://{}/api/tables/{id}/ws", srv.addr).into_client_request().unwrap();
    req.headers_mut().insert("origin", "https://evil.example".parse().unwrap());
    req.headers_mut().insert("cookie", a.cookie.parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("a cross-origin upgrade must be refused, got {:?}", other.map(|_| ())),
    }
    let mut req = format!("ws://{}/api/tables/{id}/ws", srv.addr).into_client_request().unwrap();
    req.headers_mut().insert("origin", format!("http://{}", srv.addr).parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_ok(), "same origin is accepted");
    srv.task.abort();
}
on_both_databases!(origin_on, websocket_origin_checked);

fn session_cookie(r: &HttpResponse) -> String {
    r.headers
        .iter()
        .find(|(k, v)| k.eq_ignore_ascii_case("set-cookie") && v.starts_with("ct_session="))
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no session cookie: {:?}", r.headers))
}

async fn secure_cookies(db: &TestDb) {
    let body = json!({"name": "Ann"}).to_string();
    let plain = server(db, |_| {}).await;
    let r = raw(plain.addr, "POST", "/api/guest", &[], body.as_bytes()).await;
    assert!(!session_cookie(&r).contains("Secure"), "plain HTTP: no Secure");
    let body2 = json!({"name": "Bea"}).to_string();
    let r = raw(plain.addr, "POST", "/api/guest", &[("X-Forwarded-Proto", "https")], body2.as_bytes()).await;
    assert!(session_cookie(&r).contains("; Secure"), "behind a TLS proxy: Secure");
    plain.task.abort();
    let secure = server(db, |c| c.secure_cookies = true).await;
    let body3 = json!({"name": "Cid"}).to_string();
    let r = raw(secure.addr, "POST", "/api/guest", &[], body3.as_bytes()).await;
    assert!(session_cookie(&r).contains("; Secure"), "--secure-cookies: {}", session_cookie(&r));
    let c = client(secure.addr, &r);
    let id = c.create(json!({"game": "pebbles"})).await;
    let j = c.post(&format!("/api/tables/{id}/join"), json!({"seat": 0})).await;
    let seat = j.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("set-cookie")).unwrap().1.clone();
    assert!(seat.starts_with("ct_seat_") && seat.contains("; Secure") && seat.contains("HttpOnly"), "{seat}");
    secure.task.abort();
}
on_both_databases!(secure_cookies_on, secure_cookies);

async fn security_headers(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    for path in ["/", "/api/games", "/api/tables/nope"] {
        let r = request(srv.addr, "GET", path, None, None).await.unwrap();
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"), "{path}");
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(r.header("referrer-policy"), Some("same-origin"), "{path}");
        let csp = r.header("content-security-policy").unwrap_or_else(|| panic!("{path}: no CSP"));
        assert!(csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'self'"), "{csp}");
    }
    srv.task.abort();
}
on_both_databases!(security_headers_on, security_headers);

async fn oversized_bodies_get_413(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let big = format!("{{\"game\":\"pebbles\",\"options\":{{\"x\":\"{}\"}}}}", "a".repeat(300 * 1024));
    // Table creation may carry a card set, so its body may be larger (by twice the set limit).
    let limit = server::MAX_BODY_BYTES + 2 * server::Limits::default().max_card_set_bytes;
    let bigger = format!("{{\"game\":\"pebbles\",\"options\":{{\"x\":\"{}\"}}}}", "a".repeat(limit));
    let r = a.post_raw("/api/tables", bigger.as_bytes()).await;
    assert_eq!(r.status, 413, "{}", &r.body[..r.body.len().min(200)]);
    let id = a.create(json!({"game": "pebbles"})).await;
    let r = a.post_raw(&format!("/api/tables/{id}/join"), big.as_bytes()).await;
    assert_eq!(r.status, 413);
    let r = a.post_raw("/api/guest", big.as_bytes()).await;
    assert_eq!(r.status, 413);
    srv.task.abort();
}
on_both_databases!(oversized_on, oversized_bodies_get_413);

async fn logins_are_throttled(db: &TestDb) {
    let srv = server(db, |_| {}).await;
    let addr = srv.addr;
    assert_eq!(register(addr, "ann", None).await.status, 200);
    let login = |name: &'static str, pw: &'static str| async move {
        request(addr, "POST", "/api/login", None, Some(&json!({"name": name, "password": pw}))).await.unwrap()
    };
    for i in 0..server::accounts::MAX_LOGIN_FAILURES {
        let who = if i % 2 == 0 { "ann" } else { "nobody" };
        assert_eq!(login(who, "wrong horse").await.status, 401);
    }
    let r = login("ann", "correct horse").await;
    assert_eq!(r.status, 429, "too many failures from one address: {}", r.body);
    assert!(r.header("retry-after").is_some());
    srv.task.abort();
}
on_both_databases!(logins_throttled_on, logins_are_throttled);

#[test]
fn unknown_names_are_checked_against_a_dummy_hash() {
    // The failure path for an unknown name runs argon2 too: about as long as a wrong password.
    let h = server::auth::hash_password("correct horse").unwrap();
    let _ = server::auth::dummy_hash();
    let time = |f: &dyn Fn() -> bool| {
        let t = std::time::Instant::now();
        for _ in 0..3 {
            assert!(!f());
        }
        t.elapsed().as_secs_f64()
    };
    let known = time(&|| server::auth::verify_password("wrong", &h));
    let unknown = time(&|| server::auth::verify_password("wrong", server::auth::dummy_hash()));
    let ratio = known / unknown;
    assert!((0.3..3.0).contains(&ratio), "known {known:.3}s vs unknown {unknown:.3}s");
}

//! The cardtable server (design.md §6): HTTP + WebSocket, lobby, seats, bots as seats, durable
//! games. It hosts any game of the [`engine::Registry`] it is given and never names a game.
//!
//! Protocol: docs/protocol.md. Durability: every accepted action is written to the store in a
//! transaction before it is announced; on startup every unfinished table is rebuilt by
//! replaying its action log.

pub mod accounts;
pub mod analysis;
pub mod api_error;
pub mod app;
pub mod auth;
pub mod bots;
pub mod decks;
pub mod health;
pub mod http;
pub mod limits;
pub mod loadtest;
pub mod lobby;
pub mod metrics;
pub mod node;
pub mod protocol;
pub mod ratings;
pub mod reaper;
pub mod relay;
pub mod rematch;
pub mod static_files;
pub mod table;
pub mod ws;

pub use bots::{BotHost, RandomBots};
pub use limits::Limits;
pub use loadtest::{loadtest, loadtest_with, loopback_sources, LoadOptions, LoadReport};

use crate::app::App;
use crate::table::{announce, Change, Table, TableState};
use axum::http::{header, HeaderValue};
use axum::routing::{get, post};
use axum::Router;
use engine::Registry;
use std::net::SocketAddr;
use std::sync::Arc;
use tower_http::set_header::SetResponseHeaderLayer;

#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub addr: SocketAddr,
    /// `sqlite://FILE?mode=rwc` or `postgres://…`.
    pub database_url: String,
    pub limits: Limits,
    pub session_ttl_secs: i64,
    /// Every cookie `Secure` (`--secure-cookies`; behind a TLS proxy that sends
    /// `X-Forwarded-Proto: https` they are anyway).
    pub secure_cookies: bool,
    /// Allow setup fields that fix hidden order or the first player (`--dev-settings`;
    /// [`lobby::DEV_SETUP_FIELDS`]); such tables carry `dev_settings: true`.
    pub dev_settings: bool,
    /// Serve as one node of several (`--nats`): PostgreSQL only; see [`node`].
    pub node: Option<node::NodeConfig>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database_url: store::DEFAULT_URL.to_string(),
            limits: Limits::default(),
            session_ttl_secs: 30 * 24 * 3600,
            secure_cookies: false,
            dev_settings: false,
            node: None,
        }
    }
}

/// A server running in this process.
pub struct Running {
    pub addr: SocketAddr,
    pub app: Arc<App>,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(metrics::metrics))
        .route("/api/games", get(lobby::games))
        .route("/api/games/{name}/seats", get(lobby::seats))
        .route("/api/games/{name}/cards", get(lobby::cards))
        .route("/api/decks/ardent", get(decks::ardent_list))
        .route("/api/decks/ardent/generate", post(decks::ardent_generate))
        .route(
            "/api/decks/ardent/{id}",
            get(decks::ardent_show).delete(decks::ardent_delete).patch(decks::ardent_share),
        )
        .route("/api/decks/ardent/{id}/pdf", get(decks::ardent_pdf))
        .route("/api/decks/ardent/{id}/export", get(decks::ardent_export))
        .route("/api/decks/riftbound", get(decks::rift_list).post(decks::rift_save))
        .route("/api/decks/riftbound/validate", post(decks::rift_validate))
        .route("/api/decks/riftbound/{id}", axum::routing::delete(decks::rift_delete).patch(decks::rift_share))
        .route("/api/guest", post(accounts::guest))
        .route("/api/register", post(accounts::register))
        .route("/api/login", post(accounts::login))
        .route("/api/logout", post(accounts::logout))
        .route("/api/me", get(accounts::me))
        // Table creation may carry a card set: its body may be that much larger.
        .route(
            "/api/tables",
            get(lobby::list)
                .post(lobby::create)
                .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES + 2 * app.limits.max_card_set_bytes)),
        )
        .route("/api/tables/ardent/fair-match", post(ratings::fair_match))
        .route("/api/tables/{id}", get(lobby::show))
        .route("/api/tables/{id}/cards", get(lobby::table_cards))
        .route("/api/tables/{id}/join", post(lobby::join))
        .route("/api/tables/{id}/leave", post(lobby::leave))
        .route("/api/tables/{id}/start", post(lobby::start))
        .route("/api/tables/{id}/replay", get(lobby::replay))
        .route("/api/tables/{id}/replay/{n}", get(lobby::replay_step))
        .route("/api/tables/{id}/analysis", get(analysis::analysis))
        .route("/api/tables/{id}/ws", get(ws::handler))
        .merge(rematch::routes())
        .fallback(static_files::serve)
        // A node passes requests about another node's tables to that node.
        .layer(axum::middleware::from_fn_with_state(app.clone(), relay::route_tables))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        // Standard security headers on every response (unless a handler set its own).
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::if_not_present(header::REFERRER_POLICY, HeaderValue::from_static("same-origin")))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            app.limits.request_timeout,
        ))
        .with_state(app)
}

/// Largest request body; a larger one gets 413.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// The policy the browser client fits: its own scripts, styles and images only (no inline
/// script), sockets to this server, never framed by another site.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

/// Accept connections and serve each with hyper's HTTP/1 connection settings: the request head
/// must arrive within `header_read_timeout` (the same timer ends a keep-alive or raw TCP
/// connection that sits idle waiting for a request); upgrades (the table sockets) are served
/// on and have their own idle limit (`Limits::ws_idle`).
pub async fn serve_http(listener: tokio::net::TcpListener, router: Router, limits: Limits) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // Out of file descriptors and the like: wait a little rather than spin.
                tracing::warn!(error = %e, "cannot accept a connection");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = tcp.set_nodelay(true);
        let service = router.clone().map_request(move |mut req: axum::http::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(axum::extract::ConnectInfo(peer));
            req
        });
        let service = hyper_util::service::TowerToHyperService::new(service);
        let header_timeout = limits.header_read_timeout;
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(header_timeout).keep_alive(true);
            let _ = builder.serve_connection(TokioIo::new(tcp), service).with_upgrades().await;
        });
    }
}

/// Open the store, rebuild every unfinished table from its action log, and start serving.
pub async fn start(config: ServerConfig, registry: Registry, bots: Arc<dyn BotHost>) -> anyhow::Result<Running> {
    if config.node.is_some() && store::Backend::of_url(&config.database_url)? != store::Backend::Postgres {
        anyhow::bail!("server nodes share one PostgreSQL database: --nats needs --database postgres://…");
    }
    let store = store::Store::open(&config.database_url).await?;
    let mut app = App::new(store, registry, bots, config.limits.clone(), config.session_ttl_secs * 1000);
    app.secure_cookies = config.secure_cookies;
    app.dev_settings = config.dev_settings;
    if let Some(nc) = &config.node {
        let node = node::Node::connect(nc).await?;
        app.metrics = metrics::Metrics::new(Some(&node.id));
        app.node = Some(Arc::new(node));
    }
    let app = Arc::new(app);
    let _ = app.me.set(Arc::downgrade(&app));
    if app.node.is_none() {
        restore(&app).await?;
    }
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let router = router(app.clone());
    if let Some(node) = &app.node {
        // Listen for the other nodes first, then take over the tables nobody holds.
        relay::listen(&app, router.clone()).await?;
        node::spawn_heartbeat(&app);
        tracing::info!(node = %node.id, cluster = %node.cluster, %addr, "node started");
    }
    reaper::spawn(&app);
    let sweeper = Arc::downgrade(&app);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            match sweeper.upgrade() {
                Some(app) => {
                    app.sweep();
                }
                None => break,
            }
        }
    });
    let task = tokio::spawn(serve_http(listener, router, app.limits.clone()));
    Ok(Running { addr, app, task })
}

/// Rebuild every unfinished table by replaying its log; start its bots and clocks again.
pub async fn restore(app: &Arc<App>) -> anyhow::Result<usize> {
    let records = app.store.unfinished_tables().await?;
    let mut n = 0;
    for record in records {
        let id = record.id.clone();
        let entry = match app.registry.get(&record.game) {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(table = %id, error = %e, "table not restored");
                continue;
            }
        };
        let actions = app.store.actions(&id).await?;
        match TableState::build(entry, record, &actions) {
            Ok(state) => {
                let table = app.insert(Arc::new(Table::new(state)));
                let mut st = table.state.lock().await;
                announce(app, &table, &mut st, Some(Change { kind: "state", log_from: 0 }));
                n += 1;
            }
            Err(reason) => {
                app.broken(&id, reason).await;
            }
        }
    }
    Ok(n)
}

/// Serve until the process ends (the `cardtable serve` entry point).
pub async fn serve(config: ServerConfig, registry: Registry, bots: Arc<dyn BotHost>) -> anyhow::Result<()> {
    let running = start(config, registry, bots).await?;
    println!("cardtable listening on http://{}", running.addr);
    running.task.await??;
    Ok(())
}

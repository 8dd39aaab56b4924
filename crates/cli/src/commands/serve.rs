//! `cardtable serve` (and bare `cardtable`): the server on an embedded SQLite by default.

use crate::games::{bots, registry};
use anyhow::{Context, Result};
use clap::Args as ClapArgs;
use std::net::SocketAddr;
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Database: a `sqlite://FILE` URL (created on first run) or `postgres://…`.
    #[arg(long, default_value = server_default_db())]
    database: String,
    /// Mark every cookie `Secure` (serve over HTTPS, or behind a TLS proxy; a proxy that sends
    /// `X-Forwarded-Proto: https` gets `Secure` cookies without this flag).
    #[arg(long)]
    secure_cookies: bool,
    /// Development only: let table creation use test settings that fix hidden order or the
    /// first player (Riftbound's `top`, `first`, `battlefield`, …). Every seat of such a table
    /// is told (`dev_settings: true`).
    #[arg(long)]
    dev_settings: bool,
    /// The largest card set a table may be created with, in bytes (larger: 413).
    #[arg(long, default_value_t = server::Limits::default().max_card_set_bytes)]
    max_card_set_bytes: usize,
    /// Open table sockets one client address may hold at once; more get `429 Too Many
    /// Requests` (docs/deploy.md). Raise it behind a proxy that all clients come through.
    #[arg(long, default_value_t = server::Limits::default().max_connections_per_ip)]
    max_connections_per_ip: usize,
    /// Serve as one node of several sharing this NATS server and one PostgreSQL `--database`
    /// (docs/deploy.md "Several server nodes"). Without it: one server on its own.
    #[arg(long, value_name = "URL")]
    nats: Option<String>,
    /// This node's id, unique among the nodes (letters, digits, `-`, `_`; default: random).
    #[arg(long, requires = "nats")]
    node_id: Option<String>,
    /// The cluster's name: the nodes of one site share it (the prefix of their NATS subjects).
    #[arg(long, default_value = server::node::DEFAULT_CLUSTER, requires = "nats")]
    cluster: String,
    /// How long a node's lease on a table lasts unless renewed, in ms: a dead node's tables
    /// move to another node after about this long.
    #[arg(long, default_value_t = server::node::DEFAULT_LEASE_MS, requires = "nats")]
    lease_ms: u64,
}

fn server_default_db() -> &'static str {
    store::DEFAULT_URL
}

impl Default for Args {
    fn default() -> Self {
        Args {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: server_default_db().to_string(),
            secure_cookies: false,
            dev_settings: false,
            max_card_set_bytes: server::Limits::default().max_card_set_bytes,
            max_connections_per_ip: server::Limits::default().max_connections_per_ip,
            nats: None,
            node_id: None,
            cluster: server::node::DEFAULT_CLUSTER.to_string(),
            lease_ms: server::node::DEFAULT_LEASE_MS,
        }
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    if args.max_connections_per_ip == 0 {
        anyhow::bail!("--max-connections-per-ip must be at least 1");
    }
    let limits = server::Limits {
        max_connections_per_ip: args.max_connections_per_ip,
        max_card_set_bytes: args.max_card_set_bytes,
        ..Default::default()
    };
    let node = args.nats.as_deref().map(|url| server::node::NodeConfig {
        node_id: args.node_id.clone().unwrap_or_else(server::node::random_node_id),
        cluster: args.cluster.clone(),
        lease_ms: args.lease_ms,
        ..server::node::NodeConfig::new(url)
    });
    init_logs(node.as_ref().map(|n| n.node_id.as_str()));
    let config = server::ServerConfig {
        node,
        limits,
        addr: args.addr,
        database_url: args.database,
        secure_cookies: args.secure_cookies,
        dev_settings: args.dev_settings,
        ..Default::default()
    };
    if config.dev_settings {
        eprintln!("--dev-settings: tables may fix hidden order or the first player (they are marked dev_settings)");
    }
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(server::serve(config, registry(), bots()))?;
    Ok(ExitCode::SUCCESS)
}

/// Structured logs on standard error (`RUST_LOG` filters them; default `info`); a node's carry
/// its id on every line (`node=ID`, first, unless the event names its node itself).
fn init_logs(node: Option<&str>) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=error"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_target(false);
    match node {
        Some(node) => {
            let format =
                NodeTagged { node: node.to_string(), inner: tracing_subscriber::fmt::format().with_target(false) };
            let _ = logs.event_format(format).try_init();
            tracing::info!(node, "logging as node {node}");
        }
        None => {
            let _ = logs.try_init();
        }
    }
}

/// A log line format that starts every line with `node=ID` (unless the event has a `node`
/// field of its own), so that the merged logs of several nodes say which node said what.
struct NodeTagged<F> {
    node: String,
    inner: F,
}

impl<S, N, F> tracing_subscriber::fmt::FormatEvent<S, N> for NodeTagged<F>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    N: for<'a> tracing_subscriber::fmt::FormatFields<'a> + 'static,
    F: tracing_subscriber::fmt::FormatEvent<S, N>,
{
    fn format_event(
        &self,
        ctx: &tracing_subscriber::fmt::FmtContext<'_, S, N>,
        mut writer: tracing_subscriber::fmt::format::Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> std::fmt::Result {
        if event.metadata().fields().field("node").is_none() {
            write!(writer, "node={} ", self.node)?;
        }
        self.inner.format_event(ctx, writer, event)
    }
}

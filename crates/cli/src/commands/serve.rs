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
    let config = server::ServerConfig {
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

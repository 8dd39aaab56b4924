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
}

fn server_default_db() -> &'static str {
    store::DEFAULT_URL
}

impl Default for Args {
    fn default() -> Self {
        Args { addr: SocketAddr::from(([127, 0, 0, 1], 8080)), database: server_default_db().to_string() }
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let config = server::ServerConfig { addr: args.addr, database_url: args.database, ..Default::default() };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(server::serve(config, registry(), bots()))?;
    Ok(ExitCode::SUCCESS)
}

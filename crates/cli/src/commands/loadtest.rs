//! `cardtable loadtest`: N tables of two random players over real WebSockets on loopback,
//! reporting actions/s, round-trip percentiles and memory per idle table (issue: online play).

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

#[derive(ClapArgs)]
pub struct Args {
    /// Concurrent tables (two WebSocket connections each).
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// Seconds of load after every table is seated.
    #[arg(long, default_value_t = 20)]
    duration: u64,
    /// A running server to load; without it a fresh one is started (a child process on a free
    /// loopback port, with a temporary SQLite file) so its memory can be measured alone.
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// The game the tables play.
    #[arg(long, default_value = "fate")]
    game: String,
    /// How long a player thinks before each action, in milliseconds (±50%).
    #[arg(long, default_value_t = 500)]
    think_ms: u64,
    #[arg(long)]
    json: bool,
}

struct Spawned(Child, std::path::PathBuf);

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

fn spawn_server() -> Result<(SocketAddr, Spawned)> {
    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse()?;
    let dir = std::env::temp_dir().join(format!("cardtable-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = format!("sqlite://{}?mode=rwc", dir.join("load.sqlite").display());
    let child = Command::new(std::env::current_exe()?)
        .args(["serve", "--addr", &addr.to_string(), "--database", &db])
        .stdout(Stdio::null())
        .spawn()
        .context("cannot start the server")?;
    let spawned = Spawned(child, dir);
    let start = Instant::now();
    while TcpStream::connect(addr).is_err() {
        if start.elapsed() > Duration::from_secs(30) {
            bail!("the server did not start listening on {addr}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok((addr, spawned))
}

pub fn run(args: Args) -> Result<ExitCode> {
    let (addr, spawned) = match args.addr {
        Some(a) => (a, None),
        None => {
            let (a, s) = spawn_server()?;
            (a, Some(s))
        }
    };
    let options = server::LoadOptions {
        addr,
        tables: args.tables,
        duration: Duration::from_secs(args.duration),
        game: args.game.clone(),
        options: serde_json::Value::Null,
        server_pid: spawned.as_ref().map(|s| s.0.id()),
        think: Duration::from_millis(args.think_ms),
    };
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime.block_on(server::loadtest_with(options))?;
    drop(spawned);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{} tables ({} connections) of {}, {} s, think {} ms",
            report.tables,
            report.connections,
            args.game,
            report.seconds.round(),
            report.think_ms
        );
        println!(
            "actions/s {:.0}   round trip p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
            report.actions_per_sec, report.rtt_p50_ms, report.rtt_p99_ms, report.rtt_max_ms
        );
        println!(
            "actions {}  games finished {}  errors {}  setup {:.1} s",
            report.actions, report.games_finished, report.errors, report.setup_seconds
        );
        if let Some(kib) = report.rss_per_idle_table_kib {
            println!("memory per idle table {kib:.1} KiB");
        }
    }
    Ok(if report.errors == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

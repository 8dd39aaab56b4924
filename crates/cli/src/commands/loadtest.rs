//! `cardtable loadtest`: N tables of two random players over real WebSockets on loopback,
//! reporting actions/s, round-trip percentiles and memory per idle table (issue: online play).
//! Against loopback its connections come from many source addresses (127.0.0.x), so a server
//! with its shipped per-address cap takes thousands of tables; with several `--addr` it loads
//! every node at once and reports each (docs/deploy.md).

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

#[derive(ClapArgs)]
pub struct Args {
    /// Concurrent tables (two WebSocket connections each), shared evenly by the servers.
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// Seconds of load after every table is seated.
    #[arg(long, default_value_t = 20)]
    duration: u64,
    /// Running servers to load (`HOST:PORT` or `http://HOST:PORT`, comma-separated: one report
    /// per node); without it a fresh one is started (a child process on a free loopback port,
    /// with a temporary SQLite file and the shipped limits) so its memory can be measured alone.
    #[arg(long, value_delimiter = ',')]
    addr: Vec<String>,
    /// Tables per source address when the server is on loopback: table connections are bound
    /// to 127.0.0.1, 127.0.0.2, … so that no address passes the server's per-address cap
    /// (64 sockets by default, two per table). 0: every connection from the system's choice.
    #[arg(long, default_value_t = 16)]
    tables_per_source: usize,
    /// The started server's `--max-connections-per-ip` (default: the shipped one).
    #[arg(long)]
    server_max_connections_per_ip: Option<usize>,
    /// The game the tables play.
    #[arg(long, default_value = "fate")]
    game: String,
    /// How long a player thinks before each action, in milliseconds (±50%).
    #[arg(long, default_value_t = 500)]
    think_ms: u64,
    /// The second seat of every table is a server bot of this spec (`random`, `greedy`, …)
    /// instead of a second player: one socket per table, so 10,000 tables fit under a
    /// 20,000-file limit (docs/deploy.md). Actions/s then counts the player's actions; the
    /// server's figure (stored actions, bots' included) is printed beside it.
    #[arg(long, value_name = "SPEC")]
    bot_seat: Option<String>,
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

fn spawn_server(cap: Option<usize>) -> Result<(SocketAddr, Spawned)> {
    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse()?;
    let dir = std::env::temp_dir().join(format!("cardtable-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = format!("sqlite://{}?mode=rwc", dir.join("load.sqlite").display());
    let mut command = Command::new(std::env::current_exe()?);
    command.args(["serve", "--addr", &addr.to_string(), "--database", &db]);
    if let Some(cap) = cap {
        command.args(["--max-connections-per-ip", &cap.to_string()]);
    }
    let child = command.stdout(Stdio::null()).spawn().context("cannot start the server")?;
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

/// `HOST:PORT`, optionally with an `http://` or `ws://` scheme and a trailing `/`.
fn parse_addr(s: &str) -> Result<SocketAddr> {
    let bare = s.trim().trim_start_matches("http://").trim_start_matches("ws://").trim_end_matches('/');
    bare.to_socket_addrs()
        .with_context(|| format!("server address '{s}': use HOST:PORT"))?
        .next()
        .with_context(|| format!("server address '{s}' resolves to nothing"))
}

/// Table counts per node: `tables` shared as evenly as possible.
fn split(tables: usize, nodes: usize) -> Vec<usize> {
    (0..nodes).map(|j| tables / nodes + usize::from(j < tables % nodes)).collect()
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mut spawned = None;
    let addrs = if args.addr.is_empty() {
        let (a, s) = spawn_server(args.server_max_connections_per_ip)?;
        spawned = Some(s);
        vec![a]
    } else {
        if args.server_max_connections_per_ip.is_some() {
            bail!("--server-max-connections-per-ip sets the server this command starts: leave out --addr");
        }
        args.addr.iter().map(|a| parse_addr(a)).collect::<Result<Vec<_>>>()?
    };
    let runtime = tokio::runtime::Runtime::new()?;
    let mut tasks = Vec::new();
    for (addr, tables) in addrs.iter().zip(split(args.tables, addrs.len())) {
        let sources = if args.tables_per_source > 0 && addr.ip().is_loopback() && addr.is_ipv4() {
            server::loopback_sources(tables.div_ceil(args.tables_per_source).max(1))
        } else {
            Vec::new()
        };
        let options = server::LoadOptions {
            addr: *addr,
            tables,
            duration: Duration::from_secs(args.duration),
            game: args.game.clone(),
            options: serde_json::Value::Null,
            server_pid: spawned.as_ref().map(|s: &Spawned| s.0.id()),
            think: Duration::from_millis(args.think_ms),
            sources,
            bot_seat: args.bot_seat.clone(),
        };
        tasks.push(runtime.spawn(server::loadtest_with(options)));
    }
    let mut reports = Vec::new();
    for (addr, task) in addrs.iter().zip(tasks) {
        let report =
            runtime.block_on(task).context("a load task stopped")?.with_context(|| format!("loading {addr}"))?;
        reports.push((*addr, report));
    }
    drop(spawned);
    let errors: u64 = reports.iter().map(|(_, r)| r.errors).sum();
    if args.json {
        if let [(_, one)] = reports.as_slice() {
            println!("{}", serde_json::to_string_pretty(one)?);
        } else {
            let nodes: Vec<_> =
                reports.iter().map(|(a, r)| serde_json::json!({"addr": a.to_string(), "report": r})).collect();
            let total = serde_json::json!({
                "tables": reports.iter().map(|(_, r)| r.tables).sum::<usize>(),
                "actions": reports.iter().map(|(_, r)| r.actions).sum::<u64>(),
                "actions_per_sec": reports.iter().map(|(_, r)| r.actions_per_sec).sum::<f64>(),
                "server_actions_per_sec": reports.iter().filter_map(|(_, r)| r.server_actions_per_sec).sum::<f64>(),
                "errors": errors,
            });
            println!("{}", serde_json::to_string_pretty(&serde_json::json!({"nodes": nodes, "total": total}))?);
        }
    } else {
        for (addr, report) in &reports {
            if reports.len() > 1 {
                println!("== node {addr}");
            }
            print_report(report, &args.game);
        }
        if reports.len() > 1 {
            println!(
                "== all {} nodes: {} tables, actions/s {:.0}, errors {errors}",
                reports.len(),
                reports.iter().map(|(_, r)| r.tables).sum::<usize>(),
                reports.iter().map(|(_, r)| r.actions_per_sec).sum::<f64>()
            );
        }
    }
    Ok(if errors == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn print_report(report: &server::LoadReport, game: &str) {
    let from = match report.sources {
        0 => String::new(),
        n => format!(", from {n} source addresses"),
    };
    println!(
        "{} tables ({} connections{from}{}) of {game}, {} s, think {} ms",
        report.tables,
        report.connections,
        report.bot_seat.as_ref().map(|b| format!(", second seat the bot {b}")).unwrap_or_default(),
        report.seconds.round(),
        report.think_ms
    );
    println!(
        "actions/s {:.0}   round trip p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        report.actions_per_sec, report.rtt_p50_ms, report.rtt_p99_ms, report.rtt_max_ms
    );
    if let Some(stored) = report.server_actions_per_sec {
        println!("actions/s stored by the server {stored:.0} (its /metrics)");
    }
    println!(
        "actions {}  games finished {}  errors {}  setup {:.1} s",
        report.actions, report.games_finished, report.errors, report.setup_seconds
    );
    if let Some(kib) = report.rss_per_idle_table_kib {
        println!("memory per idle table {kib:.1} KiB");
    }
}

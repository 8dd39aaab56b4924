//! `cardtable solve fate`: prove Fate Deduction positions (docs/fate-solver.md), and the
//! designer's question over setups (`--setups --max-plies N`, shardable and resumable, with
//! `solve merge` and an HTML report).

use crate::input;
use anyhow::{anyhow, bail, Context, Result};
use clap::{Args as ClapArgs, Subcommand};
use engine::Game;
use fate::solve::setups::{judge, setup_choices, SetupVerdict};
use fate::solve::{solve, SolveConfig, SolveReport};
use fate::{FateGame, FateOptions};
use plotters::prelude::*;
use serde::{Deserialize, Serialize};
use std::process::ExitCode;

#[derive(ClapArgs)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    sub: Option<Sub>,
    /// The game: only `fate` has a solver.
    game: Option<String>,
    /// The position to solve, in the game's position notation (docs/fate.md); default the start
    /// (the setup choices are searched too).
    #[arg(long)]
    position: Option<String>,
    /// Rules options as JSON or `@file.json`.
    #[arg(long)]
    options: Option<String>,
    /// Wall-clock budget in seconds.
    #[arg(long)]
    max_seconds: Option<f64>,
    /// Node budget (positions visited, all threads together; per setup pair with --setups).
    #[arg(long, default_value_t = 5_000_000)]
    max_nodes: u64,
    /// Deepest horizon, in plies (the current ply counts as 1).
    #[arg(long, default_value_t = 9)]
    max_depth: u32,
    /// First horizon tried (above 1 the reported depth is only an upper bound).
    #[arg(long, default_value_t = 1)]
    min_depth: u32,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    tt_mb: usize,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Judge every first-player setup against every reply setup within --max-plies.
    #[arg(long)]
    setups: bool,
    /// With --setups: the horizon in plies from ply 1.
    #[arg(long)]
    max_plies: Option<u32>,
    /// With --setups: judge only first-player setups with index % n == i (`i/n`).
    #[arg(long)]
    shard: Option<String>,
    /// With --setups: the results file (JSON); an existing file is resumed.
    #[arg(long)]
    out: Option<String>,
    /// With --setups: also write an HTML report.
    #[arg(long)]
    html: Option<String>,
    /// With --setups: judge the setups on `cardtable worker` processes through this NATS
    /// server's JetStream work queue (`nats://host:4222`); the results are those one process
    /// gives with the same --threads (docs/deploy.md).
    #[arg(long)]
    nats: Option<String>,
    /// With `--nats`: the queue's name (the workers' `--queue`).
    #[arg(long, default_value = cluster::DEFAULT_QUEUE)]
    queue: String,
    /// With `--nats`: split the setups into this many parts (default: 16).
    #[arg(long)]
    parts: Option<usize>,
}

#[derive(Subcommand)]
enum Sub {
    /// Merge shard files of `solve fate --setups` into one (and an HTML report).
    Merge(MergeArgs),
}

#[derive(ClapArgs)]
struct MergeArgs {
    /// Shard files written by `solve fate --setups --out`.
    #[arg(required = true)]
    files: Vec<String>,
    #[arg(long)]
    out: String,
    #[arg(long)]
    html: Option<String>,
}

/// A `--setups` results file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SetupsFile {
    format: String,
    options: serde_json::Value,
    max_plies: u32,
    nodes_per_pair: u64,
    total: usize,
    verdicts: Vec<SetupVerdict>,
}

const FORMAT: &str = "cardtable-fate-setups/1";

pub fn run(args: Args) -> Result<ExitCode> {
    if let Some(Sub::Merge(m)) = args.sub {
        return merge(m);
    }
    match args.game.as_deref() {
        Some("fate") => {}
        Some(other) => bail!("no solver for '{other}': only fate (perfect information, no randomness) has one"),
        None => bail!("name the game: cardtable solve fate …"),
    }
    let options: FateOptions = match input::options(args.options.as_deref())? {
        serde_json::Value::Null => FateOptions::default(),
        v => serde_json::from_value(v).context("--options are not Fate Deduction options")?,
    };
    options.validate().map_err(|e| anyhow!("--options: {e}"))?;
    let cfg = SolveConfig {
        max_depth: args.max_depth,
        min_depth: args.min_depth,
        max_nodes: args.max_nodes,
        max_seconds: args.max_seconds,
        threads: args.threads,
        tt_mb: args.tt_mb,
        want_line: true,
    };
    if args.nats.is_some() && !args.setups {
        bail!("--nats spreads the setups analysis over workers: use it with --setups");
    }
    if args.setups {
        let plies = args.max_plies.ok_or_else(|| anyhow!("--setups needs --max-plies N"))?;
        return run_setups(&options, plies, &cfg, &args);
    }
    // Without --position: the start, whose setup choices (R-S2, R-S3) the search covers.
    let game = match args.position.as_deref() {
        Some(text) => FateGame::from_position(&options, text).map_err(|e| anyhow!("--position: {e}"))?,
        None => <FateGame as Game>::new(&options, &Default::default(), 0).map_err(|e| anyhow!("the start: {e}"))?,
    };
    let report = solve(&game, &cfg)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&report);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_report(r: &SolveReport) {
    println!("value: {:?} for {} ({})", r.value, r.to_act, r.bound);
    if let Some(d) = r.depth {
        let actions = d.actions.map_or(String::new(), |a| format!(", {a} actions"));
        println!("depth: {} plies{actions}", d.plies);
    }
    if !r.pv.is_empty() {
        println!("line: {}", r.pv.join(" "));
    }
    println!(
        "nodes: {} ({:.0}/s), table hits {} of {} probes ({:.1}%), {:.2}s, {} thread(s)",
        r.nodes,
        r.nodes_per_sec,
        r.tt_hits,
        r.tt_probes,
        100.0 * r.tt_hit_rate,
        r.seconds,
        r.threads
    );
}

fn parse_shard(text: Option<&str>) -> Result<(usize, usize)> {
    let Some(t) = text else { return Ok((0, 1)) };
    let (i, n) = t.split_once('/').ok_or_else(|| anyhow!("--shard is i/n, e.g. 0/4"))?;
    let (i, n): (usize, usize) = (i.parse().context("--shard i")?, n.parse().context("--shard n")?);
    if n == 0 || i >= n {
        bail!("--shard {t}: need 0 <= i < n");
    }
    Ok((i, n))
}

fn run_setups(options: &FateOptions, plies: u32, cfg: &SolveConfig, args: &Args) -> Result<ExitCode> {
    let (shard, of) = parse_shard(args.shard.as_deref())?;
    let choices = setup_choices(options).map_err(|e| anyhow!(e))?;
    let options_json = serde_json::to_value(options)?;
    let mut file = match args.out.as_deref().filter(|p| std::path::Path::new(p).exists()) {
        Some(path) => {
            let f: SetupsFile = serde_json::from_str(&input::read_file(path)?).context("--out is not a setups file")?;
            if f.format != FORMAT
                || f.options != options_json
                || f.max_plies != plies
                || f.nodes_per_pair != cfg.max_nodes
            {
                bail!("{path} was written for other options, --max-plies or --max-nodes: resume with the same ones");
            }
            f
        }
        None => SetupsFile {
            format: FORMAT.into(),
            options: options_json,
            max_plies: plies,
            nodes_per_pair: cfg.max_nodes,
            total: choices.len(),
            verdicts: Vec::new(),
        },
    };
    let per_pair = SolveConfig { want_line: false, ..cfg.clone() };
    let todo: Vec<usize> =
        (shard..choices.len()).step_by(of).filter(|&i| !file.verdicts.iter().any(|v| v.index == i)).collect();
    let print = |v: &SetupVerdict| {
        if !args.json {
            println!(
                "{:>3} {:<8} {}{}",
                v.index,
                v.status,
                v.setup,
                v.refuted_by.as_ref().map_or(String::new(), |r| format!("  refuted by {r}"))
            );
        }
    };
    match args.nats.as_deref() {
        Some(url) if !todo.is_empty() => {
            for v in on_queue(url, options, plies, &per_pair, todo, args)? {
                print(&v);
                file.verdicts.push(v);
            }
            if let Some(path) = args.out.as_deref() {
                write_atomic(path, &serde_json::to_string_pretty(&file)?)?;
            }
        }
        _ => {
            for index in todo {
                let v = judge(options, &choices, index, plies, &per_pair).map_err(|e| anyhow!(e))?;
                print(&v);
                file.verdicts.push(v);
                if let Some(path) = args.out.as_deref() {
                    write_atomic(path, &serde_json::to_string_pretty(&file)?)?;
                }
            }
        }
    }
    file.verdicts.sort_by_key(|v| v.index);
    if let Some(path) = args.html.as_deref() {
        write_atomic(path, &html(&file)?)?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary(&file))?);
    } else {
        let s = summary(&file);
        println!("{}", serde_json::to_string(&s)?);
    }
    Ok(ExitCode::SUCCESS)
}

/// `--nats`: the setups `todo` judged by the work queue's workers, in index order.
fn on_queue(
    url: &str,
    options: &FateOptions,
    plies: u32,
    per_pair: &SolveConfig,
    todo: Vec<usize>,
    args: &Args,
) -> Result<Vec<SetupVerdict>> {
    if per_pair.max_seconds.is_some() {
        bail!("--max-seconds makes verdicts depend on each machine's speed: leave it out with --nats (budgets are --max-nodes)");
    }
    let job = cluster::SolveJob {
        options: serde_json::to_value(options)?,
        max_plies: plies,
        max_nodes: per_pair.max_nodes,
        max_depth: per_pair.max_depth,
        min_depth: per_pair.min_depth,
        threads: per_pair.threads,
        tt_mb: per_pair.tt_mb,
        indices: todo,
    };
    let parts = args.parts.unwrap_or(16).min(job.indices.len());
    let queue = cluster::QueueConfig { url: url.to_string(), name: args.queue.clone() };
    let bar = crate::commands::sim::counting_bar(job.indices.len(), args.json, "setups");
    let events = crate::commands::sim::queue_events(&bar, url, &args.queue, args.json);
    let runtime = tokio::runtime::Runtime::new()?;
    let verdicts = runtime.block_on(cluster::submit_solve(queue, &job, parts, &events))?;
    bar.finish_and_clear();
    Ok(verdicts)
}

fn write_atomic(path: &str, text: &str) -> Result<()> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {tmp}"))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {path}"))
}

fn summary(f: &SetupsFile) -> serde_json::Value {
    let count = |s: &str| f.verdicts.iter().filter(|v| v.status == s).count();
    let mut refuters: Vec<&str> = f.verdicts.iter().filter_map(|v| v.refuted_by.as_deref()).collect();
    refuters.sort_unstable();
    refuters.dedup();
    serde_json::json!({
        "maxPlies": f.max_plies,
        "judged": f.verdicts.len(),
        "total": f.total,
        "forced": count("forced"),
        "refuted": count("refuted"),
        "unknown": count("unknown"),
        "refutingReplies": refuters,
        "nodes": f.verdicts.iter().map(|v| v.nodes).sum::<u64>(),
    })
}

fn merge(m: MergeArgs) -> Result<ExitCode> {
    let mut out: Option<SetupsFile> = None;
    for path in &m.files {
        let f: SetupsFile =
            serde_json::from_str(&input::read_file(path)?).with_context(|| format!("{path} is not a setups file"))?;
        match out.as_mut() {
            None => out = Some(f),
            Some(o) => {
                if o.options != f.options || o.max_plies != f.max_plies || o.nodes_per_pair != f.nodes_per_pair {
                    bail!("{path} was run with other options, --max-plies or --max-nodes than {}", m.files[0]);
                }
                for v in f.verdicts {
                    match o.verdicts.iter().find(|x| x.index == v.index) {
                        Some(x) if x.status != v.status => {
                            bail!("setup {} is '{}' in one file and '{}' in {path}", v.index, x.status, v.status)
                        }
                        Some(_) => {}
                        None => o.verdicts.push(v),
                    }
                }
            }
        }
    }
    let mut f = out.ok_or_else(|| anyhow!("nothing to merge"))?;
    f.verdicts.sort_by_key(|v| v.index);
    write_atomic(&m.out, &serde_json::to_string_pretty(&f)?)?;
    if let Some(h) = m.html.as_deref() {
        write_atomic(h, &html(&f)?)?;
    }
    println!("{}", serde_json::to_string(&summary(&f))?);
    Ok(ExitCode::SUCCESS)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The HTML report: counts, a plot of the verdicts by setup index (nodes spent, log scale,
/// coloured by verdict) and the table of every judged setup.
fn html(f: &SetupsFile) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 360)).into_drawing_area();
        let e = |e: DrawingAreaErrorKind<_>| anyhow!("plot: {e:?}");
        root.fill(&WHITE).map_err(e)?;
        let top = f.verdicts.iter().map(|v| (v.nodes.max(1) as f64).log10()).fold(1.0, f64::max) + 0.5;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("First-player setups, win within {} plies", f.max_plies), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..f.total.max(1) as f64, 0f64..top)
            .map_err(|e| anyhow!("plot: {e:?}"))?;
        chart
            .configure_mesh()
            .x_desc("setup index")
            .y_desc("log10 nodes")
            .draw()
            .map_err(|e| anyhow!("plot: {e:?}"))?;
        for (status, color) in [("forced", RED), ("refuted", BLUE), ("unknown", RGBColor(150, 150, 150))] {
            chart
                .draw_series(
                    f.verdicts
                        .iter()
                        .filter(|v| v.status == status)
                        .map(|v| Circle::new((v.index as f64, (v.nodes.max(1) as f64).log10()), 3, color.filled())),
                )
                .map_err(|e| anyhow!("plot: {e:?}"))?
                .label(status)
                .legend(move |(x, y)| Circle::new((x, y), 3, color.filled()));
        }
        chart.configure_series_labels().border_style(BLACK).draw().map_err(|e| anyhow!("plot: {e:?}"))?;
        root.present().map_err(|e| anyhow!("plot: {e:?}"))?;
    }
    let s = summary(f);
    let mut rows = String::new();
    for v in &f.verdicts {
        rows += &format!(
            "<tr><td>{}</td><td>{}</td><td class=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            v.index,
            escape(&v.setup),
            v.status,
            v.status,
            escape(v.refuted_by.as_deref().unwrap_or("")),
            v.unknown_replies,
            v.nodes
        );
    }
    Ok(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Fate Deduction setups within {plies} plies</title>\
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px}}\
code{{overflow-wrap:anywhere}}.forced{{color:#b00}}.refuted{{color:#00b}}.unknown{{color:#777}}</style></head><body>\
<h1>Fate Deduction: forced wins from the setup (命运演绎 开局必胜分析)</h1>\
<p>Horizon {plies} plies from ply 1; {nodes} nodes per setup pair; options <code>{opts}</code>.</p>\
<table><tr><th>judged</th><th>forced</th><th>refuted</th><th>unknown</th><th>total</th></tr>\
<tr><td>{judged}</td><td>{forced}</td><td>{refuted}</td><td>{unknown}</td><td>{total}</td></tr></table>\
<p>Reply setups that refute at least one first-player setup: {refuters}</p>{svg}\
<table><tr><th>#</th><th>first-player setup</th><th>verdict</th><th>refuted by</th><th>unknown replies</th><th>nodes</th></tr>\n{rows}</table></body></html>\n",
        plies = f.max_plies,
        nodes = f.nodes_per_pair,
        opts = escape(&f.options.to_string()),
        judged = s["judged"],
        forced = s["forced"],
        refuted = s["refuted"],
        unknown = s["unknown"],
        total = s["total"],
        refuters = escape(&s["refutingReplies"].to_string()),
    ))
}

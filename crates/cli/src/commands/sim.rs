//! `cardtable sim GAME …` and `cardtable sim merge FILE…`: balance simulations (docs/bots.md).

use crate::input;
use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressStyle};
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// The game (fate, ardent, riftbound), or `merge` followed by shard result files.
    #[arg(required = true)]
    what: Vec<String>,
    /// Games in the whole run (all shards together).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// One bot spec per seat, or one for every seat (random, greedy, mcts:200, …), separated by
    /// `,` or `;`; a spec's options stay with it (`mcts:1000,cap=40,eval=learned,hard`). May be
    /// repeated.
    #[arg(long, default_value = "random")]
    bots: Vec<String>,
    /// Rules options as JSON or `@file.json`.
    #[arg(long)]
    options: Option<String>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: one per core). The results do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Play only shard I of N (`1/4`); `cardtable sim merge` combines the shards' JSON.
    #[arg(long)]
    shard: Option<String>,
    /// A card-set file (TOML or JSON, docs/formats.md "Card sets") to play with instead of the
    /// built-in set; refused with every problem it has.
    #[arg(long)]
    cards: Option<String>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
    /// Write an HTML report with plots to this folder.
    #[arg(long)]
    report: Option<String>,
    /// One deck per seat: deck files, or Ardent Reapers library decks by id or name.
    /// Without decks every game samples its own (random legal decks, random starter decks).
    #[arg(long, value_delimiter = ',')]
    decks: Vec<String>,
    /// The deck library, for `--decks` given by id or name.
    #[arg(long, default_value = store::DEFAULT_URL)]
    database: String,
    #[command(flatten)]
    work: WorkQueueArgs,
}

/// `--nats`, `--queue`, `--shards`: running a batch of games on the work queue's workers.
#[derive(ClapArgs, Clone, Debug)]
pub struct WorkQueueArgs {
    /// Run the games on `cardtable worker` processes through this NATS server's JetStream work
    /// queue (`nats://host:4222`); the result is the same as one process gives (docs/deploy.md).
    #[arg(long)]
    pub nats: Option<String>,
    /// With `--nats`: the queue's name (the workers' `--queue`).
    #[arg(long, default_value = cluster::DEFAULT_QUEUE)]
    pub queue: String,
    /// With `--nats`: split the games into this many shards (default: 16, more for long runs).
    #[arg(long)]
    pub shards: Option<usize>,
}

/// A deck's text: a file's contents, or an Ardent Reapers library deck by id or name.
fn resolve_decks(game: &str, decks: &[String], database: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for d in decks {
        if std::path::Path::new(d).is_file() {
            out.push(input::read_file(d)?);
        } else if game == "ardent" {
            let runtime = tokio::runtime::Runtime::new()?;
            let deck = runtime.block_on(async {
                let store = store::Store::open(database).await?;
                let deck = store.find_ardent_deck(d).await;
                store.close().await;
                deck
            })?;
            out.push(
                ardent::deck::DeckList { name: deck.name, cards: deck.cards }.to_text(ardent::CardDb::omega_codex()),
            );
        } else {
            bail!("no deck file '{d}'");
        }
    }
    Ok(out)
}

pub fn run(args: Args) -> Result<ExitCode> {
    let results = if args.what[0] == "merge" {
        let files = &args.what[1..];
        if files.is_empty() {
            bail!("sim merge needs the shards' result files (written with --json)");
        }
        let parts = files
            .iter()
            .map(|f| ai::SimResults::from_json(&input::read_file(f)?).map_err(|e| anyhow::anyhow!("{f}: {e}")))
            .collect::<Result<Vec<_>>>()?;
        ai::merge(&parts)?
    } else {
        if args.what.len() > 1 {
            bail!("sim takes one game; got {}", args.what.join(" "));
        }
        let bots = bot_list(&args.bots)?;
        let mut config = ai::SimConfig::new(&args.what[0], bots, args.games, args.seed);
        let entry = *crate::games::registry().get(&args.what[0]).map_err(anyhow::Error::msg)?;
        config.options = input::with_cards(&entry, input::options(args.options.as_deref())?, args.cards.as_deref())?;
        config.shard = args.shard.as_deref().map(str::parse).transpose()?;
        config.decks = resolve_decks(&args.what[0], &args.decks, &args.database)?;
        let bar = progress_bar(args.games, args.json);
        let results = match &args.work.nats {
            Some(url) => on_queue(url, &args, &config, &bar)?,
            None => {
                let tick = |done: usize, _total: usize| bar.set_position(done as u64);
                ai::with_threads(args.threads, || ai::simulate(&config, Some(&tick)))??
            }
        };
        bar.finish_and_clear();
        results
    };
    if let Some(dir) = &args.report {
        ai::report::write_sim_report(std::path::Path::new(dir), &results)
            .with_context(|| format!("cannot write the report to {dir}"))?;
        eprintln!("report written to {dir}/index.html");
    }
    if args.json {
        println!("{}", results.to_json());
    } else {
        println!("{results}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `--nats`: the run's shards go to the workers of the queue; their results are merged.
fn on_queue(url: &str, args: &Args, config: &ai::SimConfig, bar: &ProgressBar) -> Result<ai::SimResults> {
    if args.shard.is_some() {
        bail!("--nats splits the run into shards itself: leave out --shard (use --shards N for how many)");
    }
    let parts = args.work.shards.unwrap_or_else(|| cluster::default_parts(args.games));
    let queue = cluster::QueueConfig { url: url.to_string(), name: args.work.queue.clone() };
    let events = queue_events(bar, url, &args.work.queue, args.json);
    let runtime = tokio::runtime::Runtime::new()?;
    Ok(runtime.block_on(cluster::submit_sim(queue, config, parts, &events))?)
}

/// What a submitter to the work queue shows: the queued run, progress on `bar`, and a word
/// when no worker has been heard from for a while (`quiet`: only that word, on stderr).
pub fn queue_events<'a>(
    bar: &'a ProgressBar,
    url: &'a str,
    queue: &'a str,
    quiet: bool,
) -> impl Fn(cluster::SubmitEvent) + Sync + 'a {
    move |e: cluster::SubmitEvent| match e {
        cluster::SubmitEvent::Queued { run, parts } => {
            if !quiet {
                bar.println(format!("run {run}: {parts} shards queued on {url}"));
            }
        }
        cluster::SubmitEvent::Progress { done, .. } => bar.set_position(done as u64),
        cluster::SubmitEvent::Quiet { seconds, missing } => {
            let line = format!(
                "no word from any worker for {seconds} s; shards {missing:?} wait on the queue for a \
                 `cardtable worker --nats {url} --queue {queue}`"
            );
            if bar.is_hidden() {
                eprintln!("{line}");
            } else {
                bar.println(line);
            }
        }
    }
}

/// The bots of every `--bots` given, in order (`ai::BotSpec::parse_list` reads each).
pub fn bot_list(texts: &[String]) -> Result<Vec<ai::BotSpec>> {
    let mut bots = Vec::new();
    for text in texts {
        bots.extend(ai::BotSpec::parse_list(text).map_err(|e| anyhow::anyhow!("--bots: {e}"))?);
    }
    Ok(bots)
}

/// A progress bar on standard error, hidden for JSON output and short runs.
pub fn progress_bar(total: usize, quiet: bool) -> ProgressBar {
    counting_bar(total, quiet, "games")
}

/// A progress bar of `total` `what` (hidden for JSON output and short runs).
pub fn counting_bar(total: usize, quiet: bool, what: &str) -> ProgressBar {
    if quiet || total < 50 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) =
        ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {what} {{per_sec}} eta {{eta}}"))
    {
        bar.set_style(style);
    }
    bar
}

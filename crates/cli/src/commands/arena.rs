//! `cardtable arena GAME --bots A,B,C --games N`: a round robin with Elo ratings (docs/bots.md).

use crate::commands::sim::progress_bar;
use crate::input;
use anyhow::{Context, Result};
use clap::Args as ClapArgs;
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// The game: fate, ardent or riftbound.
    game: String,
    /// Two or more bot specs (random, greedy, mcts:100ms, mcts:2000, …), separated by `,` or
    /// `;`; a spec's options stay with it (`mcts:1000,cap=40,eval=learned,hard`). May be repeated.
    #[arg(long, default_value = "random,greedy")]
    bots: Vec<String>,
    /// Games per pairing; the bots alternate in the first seat.
    #[arg(long, default_value_t = 20)]
    games: usize,
    #[arg(long)]
    options: Option<String>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// A card-set file (TOML or JSON, docs/formats.md "Card sets") to play with instead of the
    /// built-in set; refused with every problem it has.
    #[arg(long)]
    cards: Option<String>,
    #[arg(long)]
    json: bool,
    /// Write an HTML report to this folder.
    #[arg(long)]
    report: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let bots = crate::commands::sim::bot_list(&args.bots)?;
    let pairings = bots.len() * bots.len().saturating_sub(1) / 2;
    let mut config = ai::ArenaConfig::new(&args.game, bots, args.games, args.seed);
    let entry = *crate::games::registry().get(&args.game).map_err(anyhow::Error::msg)?;
    config.options = input::with_cards(&entry, input::options(args.options.as_deref())?, args.cards.as_deref())?;
    let bar = progress_bar(pairings * args.games, args.json);
    let tick = |done: usize, _total: usize| bar.set_position(done as u64);
    let results = ai::with_threads(args.threads, || ai::arena(&config, Some(&tick)))??;
    bar.finish_and_clear();
    if let Some(dir) = &args.report {
        ai::report::write_arena_report(std::path::Path::new(dir), &results)
            .with_context(|| format!("cannot write the report to {dir}"))?;
        eprintln!("report written to {dir}/index.html");
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&results)?);
    } else {
        println!("{results}");
    }
    Ok(ExitCode::SUCCESS)
}

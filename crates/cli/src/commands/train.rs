//! `cardtable train GAME [--games N] [--seed S] [--out FILE]`: train the learned evaluator by
//! self-play (docs/bots.md, Learned evaluation). Deterministic for a seed, whatever the threads.

use crate::input;
use anyhow::{Context, Result};
use clap::Args as ClapArgs;
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// The game (fate, ardent, riftbound).
    game: String,
    /// Self-play games.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rules options as JSON or `@file.json`.
    #[arg(long)]
    options: Option<String>,
    /// Write the weights here (JSON); without it they are printed. Ship them as
    /// crates/ai/src/eval/weights/GAME.json, or try them with a bot spec `mcts:N,eval=FILE`.
    #[arg(long)]
    out: Option<String>,
    /// Worker threads (0: one per core). The weights do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let game = ai::games::game(&args.game)?;
    let train = game.train.ok_or_else(|| {
        anyhow::anyhow!(
            "{} has no learned evaluator to train (it has no features): use fate, ardent or riftbound",
            game.name
        )
    })?;
    let config =
        ai::TrainConfig { games: args.games, seed: args.seed, options: input::options(args.options.as_deref())? };
    let bar = super::sim::progress_bar(args.games, false);
    let tick = |done: usize, _total: usize| bar.set_position(done as u64);
    let weights = ai::with_threads(args.threads, || train(&config, Some(&tick)))??;
    bar.finish_and_clear();
    let json = weights.to_json();
    match &args.out {
        Some(path) => {
            std::fs::write(path, &json).with_context(|| format!("cannot write {path}"))?;
            eprintln!(
                "{} weights written to {path}: {} positions from {} games, log-loss {:.4} (constant model {:.4})",
                weights.game,
                weights.trained.samples,
                weights.trained.games,
                weights.trained.log_loss,
                weights.trained.baseline_log_loss
            );
        }
        None => print!("{json}"),
    }
    Ok(ExitCode::SUCCESS)
}

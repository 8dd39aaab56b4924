//! `cardtable bench [GAME]`: random-playout throughput on one core.

use crate::games::registry;
use crate::with_game;
use anyhow::Result;
use clap::Args as ClapArgs;
use engine::bench::{random_playouts, PlayoutBench};
use engine::Game;
use std::process::ExitCode;
use std::time::Duration;

#[derive(ClapArgs)]
pub struct Args {
    /// One game; all games when omitted.
    game: Option<String>,
    /// Seconds of playouts per game.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

fn bench_one(name: &str, seconds: f64) -> Result<PlayoutBench> {
    let budget = Duration::from_secs_f64(seconds.max(0.01));
    with_game!(name, G => random_playouts::<G>(&<G as Game>::Options::default(), budget, 1))
}

pub fn run(args: Args) -> Result<ExitCode> {
    let names: Vec<String> = match &args.game {
        Some(g) => vec![g.clone()],
        None => registry().names().into_iter().map(String::from).collect(),
    };
    let mut results = Vec::new();
    for n in &names {
        results.push(bench_one(n, args.seconds)?);
    }
    if args.json {
        let out = if results.len() == 1 {
            serde_json::to_string_pretty(&results[0])?
        } else {
            serde_json::to_string_pretty(&results)?
        };
        println!("{out}");
    } else {
        println!("{:<10} {:>14} {:>12} {:>10} {:>8}", "game", "actions/s", "games/s", "mean len", "bytes");
        for r in &results {
            println!(
                "{:<10} {:>14.0} {:>12.1} {:>10.1} {:>8}",
                r.game, r.actions_per_sec, r.games_per_sec, r.mean_game_length, r.state_bytes
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

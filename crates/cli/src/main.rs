//! `cardtable`: play, test and balance card games (design.md §7).

mod commands;
mod games;
mod input;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cardtable",
    version,
    about = "Play, test and balance card games: Fate Deduction, Ardent Reapers, Riftbound"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal, against a bot or hot-seat.
    Play(commands::play::Args),
    /// Print a replay file move by move and its final position.
    Replay(commands::replay::Args),
    /// Run scenario files; exit 1 with a readable difference when an assertion fails.
    Scenario(commands::scenario::Args),
    /// Measure random-playout speed.
    Bench(commands::bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => Err(anyhow::anyhow!("the server is not built yet: run `cardtable play fate` to play in the terminal")),
        Some(Command::Play(a)) => commands::play::run(a),
        Some(Command::Replay(a)) => commands::replay::run(a),
        Some(Command::Scenario(a)) => commands::scenario::run(a),
        Some(Command::Bench(a)) => commands::bench::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("cardtable: {e:#}");
            ExitCode::FAILURE
        }
    }
}

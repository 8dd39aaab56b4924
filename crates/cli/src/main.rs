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
    /// Serve the lobby, tables and the browser client (the default with no subcommand).
    Serve(commands::serve::Args),
    /// Play a game in the terminal, against a bot or hot-seat.
    Play(commands::play::Args),
    /// Print a replay file move by move and its final position.
    Replay(commands::replay::Args),
    /// Run scenario files; exit 1 with a readable difference when an assertion fails.
    Scenario(commands::scenario::Args),
    /// Decks: the Ardent Reapers deck library and print-and-play; Riftbound deck validation.
    Deck(commands::deck::Args),
    /// Balance simulation: many games between bots, with Wilson intervals and an HTML report.
    Sim(commands::sim::Args),
    /// Train a game's learned evaluator by self-play (weights as JSON).
    Train(commands::train::Args),
    /// A round robin between bots with Elo ratings.
    Arena(commands::arena::Args),
    /// Load a server with many tables over real WebSockets on loopback.
    Loadtest(commands::loadtest::Args),
    /// Measure random-playout speed.
    Bench(commands::bench::Args),
    /// Card-set files: export a game's set, check a file, show a card.
    Cards(commands::cards::Args),
    /// Prove Fate Deduction positions (win, loss, draw) and judge setups (docs/fate-solver.md).
    Solve(commands::solve::Args),
    /// Take jobs (simulation shards) from a NATS JetStream work queue.
    Worker(commands::worker::Args),
}

/// A reader that goes away (`cardtable … | head`) makes `println!` panic; stop quietly instead.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg =
            payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied());
        if msg.is_some_and(|m| m.starts_with("failed printing to stdout") && m.contains("Broken pipe")) {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let cli = Cli::parse();
    let result = match cli.command {
        None => commands::serve::run(commands::serve::Args::default()),
        Some(Command::Serve(a)) => commands::serve::run(a),
        Some(Command::Play(a)) => commands::play::run(a),
        Some(Command::Replay(a)) => commands::replay::run(a),
        Some(Command::Scenario(a)) => commands::scenario::run(a),
        Some(Command::Bench(a)) => commands::bench::run(a),
        Some(Command::Deck(c)) => commands::deck::run(c),
        Some(Command::Sim(a)) => commands::sim::run(a),
        Some(Command::Train(a)) => commands::train::run(a),
        Some(Command::Arena(a)) => commands::arena::run(a),
        Some(Command::Loadtest(a)) => commands::loadtest::run(a),
        Some(Command::Cards(a)) => commands::cards::run(a),
        Some(Command::Solve(a)) => commands::solve::run(a),
        Some(Command::Worker(a)) => commands::worker::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("cardtable: {e:#}");
            ExitCode::FAILURE
        }
    }
}

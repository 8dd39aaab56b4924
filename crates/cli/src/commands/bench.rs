//! `cardtable bench [GAME]`: random-playout throughput on one core, MCTS iterations per second,
//! and (Ardent Reapers) deck generation speed without the store. Measures; never asserts.

use crate::games::registry;
use crate::with_game;
use ai::AiGame;
use anyhow::Result;
use clap::Args as ClapArgs;
use engine::bench::random_playouts;
use serde::Serialize;
use std::process::ExitCode;
use std::time::Duration;

#[derive(ClapArgs)]
pub struct Args {
    /// One game; all games when omitted.
    game: Option<String>,
    /// Seconds of playouts per game.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// MCTS iterations to time per game (from the opening position; one thread).
    #[arg(long, default_value_t = 2000)]
    mcts_iterations: u32,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// A card-set file to play the playouts with (one game only).
    #[arg(long, requires = "game")]
    cards: Option<String>,
}

#[derive(Serialize)]
struct GameBench {
    game: &'static str,
    /// Random playouts: atomic actions per second on one core.
    actions_per_sec: f64,
    /// Full random games per second on one core (setup included).
    games_per_sec: f64,
    mean_game_length: f64,
    /// `size_of` the state, without its heap parts.
    state_bytes: usize,
    mcts_iterations_per_sec: f64,
    /// Ardent Reapers only: decks generated per second (recipe v1, without the store).
    #[serde(skip_serializing_if = "Option::is_none")]
    decks_per_sec: Option<f64>,
}

fn bench_typed<G: AiGame>(options: &serde_json::Value, seconds: f64, iterations: u32) -> Result<GameBench> {
    let options = ai::games::parse_options::<G>(options)?;
    let budget = Duration::from_secs_f64(seconds.max(0.01));
    let playouts = random_playouts::<G>(&options, budget, 1);
    let mcts = ai::mcts_iterations_per_sec::<G>(&options, G::kit().evaluator, iterations.max(1), 1, 1)?;
    Ok(GameBench {
        game: G::NAME,
        actions_per_sec: playouts.actions_per_sec,
        games_per_sec: playouts.games_per_sec,
        mean_game_length: playouts.mean_game_length,
        state_bytes: playouts.state_bytes,
        mcts_iterations_per_sec: mcts.iterations_per_sec,
        decks_per_sec: (G::NAME == "ardent").then(|| ardent::deckgen::decks_per_second(seconds.clamp(0.05, 2.0))),
    })
}

pub fn run(args: Args) -> Result<ExitCode> {
    let names: Vec<String> = match &args.game {
        Some(g) => vec![g.clone()],
        None => registry().names().into_iter().map(String::from).collect(),
    };
    let mut results = Vec::new();
    for n in &names {
        let entry = *registry().get(n).map_err(anyhow::Error::msg)?;
        let options = crate::input::with_cards(&entry, serde_json::Value::Null, args.cards.as_deref())?;
        results.push(with_game!(n.as_str(), G => bench_typed::<G>(&options, args.seconds, args.mcts_iterations))??);
    }
    if args.json {
        let out = if results.len() == 1 {
            serde_json::to_string_pretty(&results[0])?
        } else {
            serde_json::to_string_pretty(&results)?
        };
        println!("{out}");
    } else {
        println!(
            "{:<10} {:>12} {:>10} {:>9} {:>7} {:>12} {:>10}",
            "game", "actions/s", "games/s", "mean len", "bytes", "mcts iter/s", "decks/s"
        );
        for r in &results {
            println!(
                "{:<10} {:>12.0} {:>10.0} {:>9.1} {:>7} {:>12.0} {:>10}",
                r.game,
                r.actions_per_sec,
                r.games_per_sec,
                r.mean_game_length,
                r.state_bytes,
                r.mcts_iterations_per_sec,
                r.decks_per_sec.map(|d| format!("{d:.0}")).unwrap_or_default()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

//! The measurements of docs/bots.md (level ladder, learned against hand-written evaluation) and
//! training, without the server: a small release binary for a shared machine.
//!
//! ```text
//! cargo run --release -p ai --example ladder -- train GAME GAMES SEED OUT.json
//! cargo run --release -p ai --example ladder -- arena GAME GAMES SEED 'BOT;BOT[;…]'
//! ```
//! `arena` is `cardtable arena GAME --bots … --games GAMES --seed SEED` (same library call); the
//! bots are separated by `;`, so that specs with options (`mcts:1000,cap=40`) fit.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [what, game, games, seed, rest] = args else {
        return Err("use: train GAME GAMES SEED OUT.json | arena GAME GAMES SEED 'BOT;BOT'".into());
    };
    let games: usize = games.parse().map_err(|_| format!("'{games}' is not a number of games"))?;
    let seed: u64 = seed.parse().map_err(|_| format!("'{seed}' is not a seed"))?;
    let ai = ai::games::game(game).map_err(|e| e.to_string())?;
    let progress = |done: usize, total: usize| {
        if done % 10 == 0 || done == total {
            eprint!("\r{done}/{total}");
        }
    };
    match what.as_str() {
        "train" => {
            let train = ai.train.ok_or("this game has no learned evaluator")?;
            let config = ai::TrainConfig { games, seed, options: serde_json::Value::Null };
            let w = train(&config, Some(&progress)).map_err(|e| e.to_string())?;
            std::fs::write(rest, w.to_json()).map_err(|e| e.to_string())?;
            eprintln!(
                "\n{rest}: {} positions, log-loss {} (constant {})",
                w.trained.samples, w.trained.log_loss, w.trained.baseline_log_loss
            );
        }
        "arena" => {
            let bots =
                rest.split(';').map(str::parse).collect::<Result<Vec<ai::BotSpec>, _>>().map_err(|e| e.to_string())?;
            let config = ai::ArenaConfig::new(game, bots, games, seed);
            let r = (ai.arena)(&config, Some(&progress)).map_err(|e| e.to_string())?;
            eprintln!();
            print!("{r}");
        }
        _ => return Err(format!("unknown command '{what}'")),
    }
    Ok(())
}

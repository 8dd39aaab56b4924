//! The measurements of docs/bots.md (level ladder, learned against hand-written evaluation) and
//! training, without the server: a small release binary for a shared machine.
//!
//! ```text
//! cargo run --release -p ai --example ladder -- train GAME GAMES SEED OUT.json
//! cargo run --release -p ai --example ladder -- arena GAME GAMES SEED 'BOT;BOT[;…]'
//! cargo run --release -p ai --example ladder -- seats GAME GAMES SEED 'BOT;BOT;…' [OPTIONS]
//! ```
//! `arena` is `cardtable arena GAME --bots … --games GAMES --seed SEED` (same library call); the
//! bots are a `--bots` list (`ai::BotSpec::parse_list`: `;` or `,` between specs). After the
//! table it prints each pairing's share with its 95% Wilson interval (draws count half).
//!
//! `seats` plays a game of as many seats as bots are listed, one bot per seat (Riftbound's
//! multiplayer modes: OPTIONS is the rules options as JSON, e.g. `{"mode":"ffa4"}`), rotating
//! the list by one seat every game (game g of the run is game g div N of rotation g mod N, its
//! seed `SEED + rotation`), so every bot sits in every seat equally often. It prints, for each
//! listed bot, the games its seat won (a team's win counts for both teammates) with the 95%
//! Wilson interval, beside the even share 1/N.

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

const USE: &str =
    "use: train GAME GAMES SEED OUT.json | arena GAME GAMES SEED 'BOT;BOT' | seats GAME GAMES SEED 'BOT;BOT;…' [OPTIONS]";

fn run(args: &[String]) -> Result<(), String> {
    let (what, game, games, seed, rest, options) = match args {
        [w, g, n, s, r] => (w, g, n, s, r, serde_json::Value::Null),
        [w, g, n, s, r, o] => (w, g, n, s, r, serde_json::from_str(o).map_err(|e| format!("OPTIONS: {e}"))?),
        _ => return Err(USE.into()),
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
            let config = ai::TrainConfig { games, seed, options };
            let w = train(&config, Some(&progress)).map_err(|e| e.to_string())?;
            std::fs::write(rest, w.to_json()).map_err(|e| e.to_string())?;
            eprintln!(
                "\n{rest}: {} positions, log-loss {} (constant {})",
                w.trained.samples, w.trained.log_loss, w.trained.baseline_log_loss
            );
        }
        "arena" => {
            let bots = ai::BotSpec::parse_list(rest).map_err(|e| e.to_string())?;
            let mut config = ai::ArenaConfig::new(game, bots, games, seed);
            config.options = options;
            let r = (ai.arena)(&config, Some(&progress)).map_err(|e| e.to_string())?;
            eprintln!();
            print!("{r}");
            for p in &r.pairings {
                let n = (p.a_wins + p.b_wins + p.draws) as f64;
                let points = p.a_wins as f64 + 0.5 * p.draws as f64;
                let (lo, hi) = ai::wilson_interval(points, n);
                println!(
                    "share {} vs {}: {points}/{n} = {:.1}% (95% {:.1}–{:.1}%)",
                    p.a,
                    p.b,
                    100.0 * points / n,
                    100.0 * lo,
                    100.0 * hi
                );
            }
        }
        "seats" => seats(game, games, seed, rest, options, &progress)?,
        _ => return Err(format!("unknown command '{what}'; {USE}")),
    }
    Ok(())
}

fn seats(
    game: &str,
    games: usize,
    seed: u64,
    list: &str,
    options: serde_json::Value,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(), String> {
    let bots = ai::BotSpec::parse_list(list).map_err(|e| e.to_string())?;
    let n = bots.len();
    if n < 2 {
        return Err("seats needs one bot per seat (two or more)".into());
    }
    let (mut played, mut won) = (vec![0usize; n], vec![0usize; n]);
    for rotation in 0..n {
        // Games rotation, rotation + n, … of the run.
        let count = (games + n - 1 - rotation) / n;
        if count == 0 {
            continue;
        }
        let rotated: Vec<ai::BotSpec> = (0..n).map(|i| bots[(i + rotation) % n].clone()).collect();
        let mut config = ai::SimConfig::new(game, rotated, count, seed + rotation as u64);
        config.options = options.clone();
        let r = ai::simulate(&config, Some(progress)).map_err(|e| e.to_string())?;
        for record in &r.records {
            for seat in 0..n {
                let listed = (seat + rotation) % n;
                played[listed] += 1;
                if record.winners.contains(&(seat as u8)) {
                    won[listed] += 1;
                }
            }
        }
        eprintln!(" (rotation {} of {n} done)", rotation + 1);
    }
    println!(
        "{game} {options}, {games} games, seed {seed}, one bot per seat, rotating; even share {:.1}%",
        100.0 / n as f64
    );
    for (i, b) in bots.iter().enumerate() {
        let (lo, hi) = ai::wilson_interval(won[i] as f64, played[i] as f64);
        println!(
            "seat list {}: {b}: won {}/{} = {:.1}% (95% {:.1}–{:.1}%)",
            i + 1,
            won[i],
            played[i],
            100.0 * won[i] as f64 / played[i].max(1) as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    Ok(())
}

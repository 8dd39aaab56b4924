//! `cardtable play GAME`: the terminal client. Draws the board, lists the legal actions in
//! notation and reads one; every seat is a human (hot-seat) or a bot.

use crate::games::registry;
use crate::input;
use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;
use engine::dynamic::{viewer_to_act, DynGame};
use engine::{GameRng, Seat, Status, Viewer};
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// The game: fate, ardent or riftbound.
    game: String,
    /// Seed for setup, shuffles and bots.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who sits at each seat, in order: `human` or a bot (`random`, `greedy`, `mcts:2000`, `mcts:100ms`).
    /// Default: you against the random bot.
    #[arg(long, value_delimiter = ',', default_value = "human,random")]
    seats: Vec<String>,
    /// Rules options as JSON (`{"plyLimit":100}`) or `@file.json`; unnamed options keep their defaults.
    #[arg(long)]
    options: Option<String>,
    /// A deck file per seat, in seat order (Ardent Reapers: text or JSON; Riftbound: deck list).
    /// Without decks, games that use them play their bundled sample decks.
    #[arg(long = "deck")]
    decks: Vec<String>,
    /// Write the game as a replay file when it ends or you quit.
    #[arg(long)]
    save: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let reg = registry();
    let entry = reg.get(&args.game).map_err(anyhow::Error::msg)?;
    let options = input::options(args.options.as_deref())?;
    let decks = args.decks.iter().map(|p| input::read_file(p)).collect::<Result<Vec<_>>>()?;
    let setup = entry.setup_with_decks(&options, &decks, args.seed).map_err(|e| anyhow::anyhow!("setup: {e}"))?;
    let mut game = entry.create(&options, Some(&setup), args.seed).map_err(|e| anyhow::anyhow!("setup: {e}"))?;
    if args.seats.len() != game.num_seats() {
        bail!("--seats names {} seats but this game has {}", args.seats.len(), game.num_seats());
    }
    // Every seat that is not `human` is a bot of crates/ai, seeing only its own seat.
    let mut bots: Vec<Option<Box<dyn ai::DynBot>>> = Vec::new();
    for (i, s) in args.seats.iter().enumerate() {
        if s == "human" {
            bots.push(None);
        } else {
            let seed = GameRng::derive(args.seed, 0xB07 + i as u64).next_u64();
            let bot = ai::dyn_bot(&args.game, s, seed).map_err(|e| anyhow::anyhow!("seat {}: {e}", i + 1))?;
            bots.push(Some(bot));
        }
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut last_shown = usize::MAX;
    loop {
        let status = game.status();
        let seat = match status {
            Status::Over(outcome) => {
                println!("{}", game.render(Viewer::Omniscient));
                let who = if outcome.winners.is_empty() {
                    "draw".to_string()
                } else {
                    outcome.winners.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" and ") + " wins"
                };
                println!("Game over: {who} ({}).", outcome.reason);
                save(&args.save, game.as_ref())?;
                return Ok(ExitCode::SUCCESS);
            }
            Status::ToAct(seat) => seat,
        };
        if let Some(bot) = bots[seat.index()].as_mut() {
            let action = bot.choose(game.as_ref()).map_err(|e| anyhow::anyhow!("{seat}'s bot: {e}"))?;
            let entries = game.apply(&action).map_err(|e| anyhow::anyhow!("bot action '{action}' refused: {e}"))?;
            // Show only what the people at the keyboard may see of the bot's move.
            let watcher = match args.seats.iter().position(|s| s == "human") {
                Some(i) => Viewer::Seat(Seat(i as u8)),
                None => Viewer::Omniscient,
            };
            let seen: Vec<String> = entries
                .iter()
                .filter(|e| e.visible_to.shows_to(watcher))
                .map(|e| e.event.text.label.en.clone())
                .collect();
            if seen.is_empty() {
                println!("{seat} acted");
            }
            for line in seen {
                println!("{seat}: {line}");
            }
            continue;
        }
        if last_shown != game.history().len() {
            show(game.as_ref(), seat);
            last_shown = game.history().len();
        }
        print!("{seat}> ");
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            println!();
            println!("Input ended; the game is unfinished.");
            save(&args.save, game.as_ref())?;
            return Ok(ExitCode::SUCCESS);
        };
        let line = match line {
            Ok(line) => line,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                println!("error: that line is not valid text");
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let line = line.trim();
        let legal = game.legal_actions();
        match line {
            "" => continue,
            "quit" | "exit" => {
                save(&args.save, game.as_ref())?;
                return Ok(ExitCode::SUCCESS);
            }
            "help" | "?" => {
                println!("Type an action in notation or its number from the list. Commands: board, help, quit.");
                continue;
            }
            "board" => {
                show(game.as_ref(), seat);
                continue;
            }
            _ => {}
        }
        let action = match line.parse::<usize>() {
            Ok(n) if n >= 1 && n <= legal.len() => legal[n - 1].notation.clone(),
            Ok(n) => {
                println!("error: there is no action {n}: choose 1..{}", legal.len());
                continue;
            }
            Err(_) => line.to_string(),
        };
        if let Err(e) = game.apply(&action) {
            println!("error: {e}");
        }
    }
}

fn show(game: &dyn DynGame, seat: Seat) {
    println!();
    println!("{}", game.render(Viewer::Seat(seat)));
    let legal = game.legal_actions();
    println!("Legal actions for {}:", viewer_to_act(&game.status()));
    for (i, a) in legal.iter().enumerate() {
        if a.label.en != a.notation {
            println!("  {:>3}. {:<14} {}", i + 1, a.notation, a.label.en);
        } else {
            println!("  {:>3}. {}", i + 1, a.notation);
        }
    }
}

fn save(path: &Option<String>, game: &dyn DynGame) -> Result<()> {
    if let Some(path) = path {
        std::fs::write(path, game.replay().to_json()).with_context(|| format!("cannot write {path}"))?;
        println!("Replay written to {path}.");
    }
    Ok(())
}

//! `cardtable replay FILE`: print a game move by move, then its final position.

use crate::games::{self, registry};
use crate::input;
use anyhow::Result;
use clap::Args as ClapArgs;
use engine::{Replay, Status, Viewer};
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// A replay file (JSON, docs/formats.md).
    file: String,
    /// Print the board after every action, not only at the end.
    #[arg(long)]
    boards: bool,
    /// Print only the position (the game's position notation) after `--at` actions.
    #[arg(long)]
    position: bool,
    /// With --position: after this many actions (default: all of them).
    #[arg(long, requires = "position")]
    at: Option<usize>,
    /// Computer analysis (Fate Deduction): solve every position after the setup and mark each
    /// move that turned a proved win into a non-win, with the proof line (docs/fate-solver.md).
    #[arg(long, conflicts_with = "position")]
    analyse: bool,
    /// With --analyse: solver nodes per position.
    #[arg(long, requires = "analyse", default_value_t = 20_000)]
    max_nodes: u64,
    /// With --analyse: print the analysis as JSON.
    #[arg(long, requires = "analyse")]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let replay = Replay::from_json(&input::read_file(&args.file)?).map_err(anyhow::Error::msg)?;
    if args.analyse {
        return analyse(&replay, args.max_nodes, args.json);
    }
    let reg = registry();
    let entry = reg.get(&replay.game).map_err(anyhow::Error::msg)?;
    let mut game = match &replay.position {
        Some(p) => entry.from_position(&replay.options, p),
        None => entry.create(&replay.options, Some(&replay.setup), replay.seed),
    }
    .map_err(|e| anyhow::anyhow!("setup: {e}"))?;
    if args.position {
        let n = args.at.unwrap_or(replay.actions.len());
        if n > replay.actions.len() {
            anyhow::bail!("--at {n}: the replay has only {} actions", replay.actions.len());
        }
        for (i, a) in replay.actions[..n].iter().enumerate() {
            game.apply(a).map_err(|e| anyhow::anyhow!("action {} '{a}': {e}", i + 1))?;
        }
        let position =
            game.position().ok_or_else(|| anyhow::anyhow!("{} has no position notation yet", replay.game))?;
        println!("{position}");
        return Ok(ExitCode::SUCCESS);
    }
    println!("{} — seed {}, {} actions", replay.game, replay.seed, replay.actions.len());
    for (i, a) in replay.actions.iter().enumerate() {
        let seat = game.status().to_act();
        game.apply(a).map_err(|e| anyhow::anyhow!("action {} '{a}': {e}", i + 1))?;
        match seat {
            Some(s) => println!("{:>4}. {s} {a}", i + 1),
            None => println!("{:>4}. {a}", i + 1),
        }
        if args.boards {
            println!("{}", game.render(Viewer::Omniscient));
        }
    }
    println!();
    println!("{}", game.render(Viewer::Omniscient));
    match game.status() {
        Status::Over(o) => {
            if let Some(expected) = &replay.outcome {
                if expected != &o {
                    anyhow::bail!("the replay ends in {o:?} but the file records {expected:?}");
                }
            }
            let who = if o.winners.is_empty() {
                "draw".to_string()
            } else {
                o.winners.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" and ") + " wins"
            };
            println!("Result: {who} ({}).", o.reason);
        }
        Status::ToAct(s) => {
            if let Some(expected) = &replay.outcome {
                anyhow::bail!("the replay never reaches the outcome the file records ({expected:?}): {s} is to act");
            }
            println!("Unfinished: {s} to act.");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `--analyse`: the analysis of every move (the blunders marked `??` with the line they threw
/// away), then a summary line.
fn analyse(replay: &Replay, max_nodes: u64, json: bool) -> Result<ExitCode> {
    if max_nodes == 0 {
        anyhow::bail!("--max-nodes must be at least 1");
    }
    let a = games::analyse(replay, max_nodes, None)
        .ok_or_else(|| anyhow::anyhow!("no computer analysis for {}: only fate has a solver", replay.game))?
        .map_err(anyhow::Error::msg)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&a)?);
        return Ok(ExitCode::SUCCESS);
    }
    for m in a["moves"].as_array().into_iter().flatten() {
        if m["before"].is_null() {
            continue;
        }
        let mark = if m["blunder"] == true { "??" } else { "  " };
        println!(
            "{:>4}. {} {}{mark}  {}",
            m["index"],
            m["seat"].as_str().unwrap_or(""),
            m["action"].as_str().unwrap_or(""),
            m["label"]["en"].as_str().unwrap_or("")
        );
    }
    let blunders: Vec<String> = a["blunders"].as_array().into_iter().flatten().map(|b| b.to_string()).collect();
    println!(
        "analysis: {} positions solved, {} nodes per position ({} in all), blunders: {}",
        a["positions"],
        a["max_nodes"],
        a["nodes"],
        if blunders.is_empty() { "none".to_string() } else { blunders.join(", ") }
    );
    Ok(ExitCode::SUCCESS)
}

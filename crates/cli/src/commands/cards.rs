//! `cardtable cards …`: card-set files (docs/formats.md "Card sets"): export a game's set,
//! check a file, show a card of a set.

use crate::commands::play::{print_card, Lang};
use crate::games::registry;
use crate::input;
use anyhow::{bail, Context, Result};
use clap::{Args as ClapArgs, Subcommand};
use engine::{CardFormat, GameEntry, Registry};
use serde_json::Value;
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write a game's built-in set (or the set of --cards) exactly as --cards reads it.
    Export {
        /// The game (ardent, riftbound).
        game: String,
        /// toml or json (default: toml).
        #[arg(long, default_value = "toml")]
        format: CardFormat,
        /// Export this set instead of the built-in one (e.g. to convert TOML to JSON).
        #[arg(long)]
        cards: Option<String>,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<String>,
    },
    /// Check a card-set file: exit 1 with one line per problem (file:line:col, card, field).
    Check {
        file: String,
        /// The game the set is for. Default: the file's `game` field, else the one game whose
        /// format reads the file.
        #[arg(long)]
        game: Option<String>,
    },
    /// Show a card (by name in English or Chinese, or by id) from a game's catalogue.
    Show {
        name: String,
        /// The game; default: every game whose catalogue has the card.
        #[arg(long)]
        game: Option<String>,
        /// Look in this set instead of the built-in one (needs --game).
        #[arg(long, requires = "game")]
        cards: Option<String>,
    },
}

pub fn run(args: Args) -> Result<ExitCode> {
    let reg = registry();
    match args.command {
        Command::Export { game, format, cards, out } => {
            let entry = reg.get(&game).map_err(anyhow::Error::msg)?;
            input::refuse_unloadable(entry)?;
            let options = input::with_cards(entry, Value::Null, cards.as_deref())?;
            let text = entry.export_cards(&options, format).map_err(|e| anyhow::anyhow!("{e}"))?;
            match out {
                Some(path) => std::fs::write(&path, &text).with_context(|| format!("cannot write {path}"))?,
                None => print!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { file, game } => check(&reg, &file, game.as_deref()),
        Command::Show { name, game, cards } => show(&reg, &name, game.as_deref(), cards.as_deref()),
    }
}

/// The `game` field of a set file, if it has one (read leniently: only that field).
fn named_game(text: &str, format: CardFormat) -> Option<String> {
    let field = match format {
        CardFormat::Toml => toml::from_str::<toml::Table>(text).ok()?.get("game")?.as_str()?.to_string(),
        CardFormat::Json => serde_json::from_str::<Value>(text).ok()?.get("game")?.as_str()?.to_string(),
    };
    Some(field)
}

fn check(reg: &Registry, file: &str, game: Option<&str>) -> Result<ExitCode> {
    let format = input::card_format(file, None)?;
    let text = input::read_file(file)?;
    let loadable: Vec<&GameEntry> =
        reg.names().into_iter().filter_map(|n| reg.get(n).ok()).filter(|e| e.loadable_cards).collect();
    let entry = match game.map(String::from).or_else(|| named_game(&text, format)) {
        Some(g) => reg.get(&g).map_err(anyhow::Error::msg)?,
        None => {
            let reads: Vec<&GameEntry> =
                loadable.iter().copied().filter(|e| e.parse_cards(&text, format, file).is_ok()).collect();
            match reads.as_slice() {
                [one] => *one,
                _ => {
                    let names: Vec<&str> = loadable.iter().map(|e| e.name).collect();
                    bail!(
                        "{file}: cannot tell which game the set is for: name it with --game ({}) or a `game` field",
                        names.join(", ")
                    )
                }
            }
        }
    };
    input::refuse_unloadable(entry)?;
    match entry.parse_cards(&text, format, file) {
        Ok(doc) => {
            let options = GameEntry::with_cards(&Value::Null, doc);
            let n = entry.catalogue(&options).map(|c| c.len()).unwrap_or(0);
            println!("{file}: a good {} card set ({n} catalogue entries)", entry.name);
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            for p in &e.problems {
                println!("{p}");
            }
            eprintln!("{file}: {} problem{}", e.problems.len(), if e.problems.len() == 1 { "" } else { "s" });
            Ok(ExitCode::FAILURE)
        }
    }
}

fn show(reg: &Registry, name: &str, game: Option<&str>, cards: Option<&str>) -> Result<ExitCode> {
    let games: Vec<&str> = match game {
        Some(g) => vec![g],
        None => reg.names(),
    };
    let want = name.to_lowercase();
    let mut found = 0;
    for g in games {
        let entry = reg.get(g).map_err(anyhow::Error::msg)?;
        let options = input::with_cards(entry, Value::Null, cards)?;
        let catalogue = entry.catalogue(&options).map_err(|e| anyhow::anyhow!("{g}: {e}"))?;
        let exact: Vec<_> = catalogue
            .iter()
            .filter(|c| c.key.to_lowercase() == want || c.name_en.to_lowercase() == want || c.name_zh == name)
            .collect();
        for c in exact {
            if found > 0 {
                println!();
            }
            found += 1;
            println!("{g} · {}", c.key);
            print_card(c, Lang::En);
            print_card(c, Lang::Zh);
        }
    }
    if found == 0 {
        bail!(
            "no card is named '{name}' (by id, English or Chinese name){}",
            game.map(|g| format!(" in {g}")).unwrap_or_default()
        );
    }
    Ok(ExitCode::SUCCESS)
}

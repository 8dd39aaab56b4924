//! Reading options and files given on the command line.

use anyhow::{Context, Result};
use serde_json::Value;

/// `--options` takes inline JSON (`{"plyLimit":100}`) or `@file.json`.
pub fn options(arg: Option<&str>) -> Result<Value> {
    match arg {
        None => Ok(Value::Null),
        Some(text) => {
            let text = match text.strip_prefix('@') {
                Some(path) => std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?,
                None => text.to_string(),
            };
            serde_json::from_str(&text).context("--options is not valid JSON")
        }
    }
}

pub fn read_file(path: &str) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))
}

/// The format of a card-set file: `--format` if given, else its extension.
pub fn card_format(path: &str, flag: Option<engine::CardFormat>) -> Result<engine::CardFormat> {
    match flag.or_else(|| engine::CardFormat::from_path(std::path::Path::new(path))) {
        Some(f) => Ok(f),
        None => anyhow::bail!("{path}: name a .toml or .json card-set file (or give --format toml|json)"),
    }
}

/// Why a game refuses `--cards`: its cards are its rules (Fate Deduction).
pub fn refuse_unloadable(entry: &engine::GameEntry) -> Result<()> {
    if entry.loadable_cards {
        Ok(())
    } else {
        anyhow::bail!("{} has no card-set file: its cards are fixed by its rules, so --cards is refused", entry.name)
    }
}

/// Read a card-set file of this game: the set's JSON document, or every problem, one a line.
pub fn read_cards(entry: &engine::GameEntry, path: &str) -> Result<Value> {
    refuse_unloadable(entry)?;
    entry.read_cards(std::path::Path::new(path)).map_err(anyhow::Error::msg)
}

/// `--cards FILE`: these options, playing with the set in FILE; without a file, unchanged.
pub fn with_cards(entry: &engine::GameEntry, options: Value, cards: Option<&str>) -> Result<Value> {
    match cards {
        None => Ok(options),
        Some(path) => Ok(engine::GameEntry::with_cards(&options, read_cards(entry, path)?)),
    }
}

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

//! The replay format (design.md §3; documented in docs/formats.md): JSON holding the format
//! version, game, options, setup, seed and the actions in notation.

use crate::game::Outcome;
use serde::{Deserialize, Serialize};

pub const REPLAY_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    pub format: u32,
    pub game: String,
    pub options: serde_json::Value,
    pub setup: serde_json::Value,
    pub seed: u64,
    /// Where the game started, when it started from a position rather than a setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    pub actions: Vec<String>,
    /// How the game ended, when it did: checked on replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl Replay {
    pub fn from_json(text: &str) -> Result<Self, String> {
        let r: Replay = serde_json::from_str(text).map_err(|e| format!("not a replay file: {e}"))?;
        if r.format != REPLAY_FORMAT {
            return Err(format!("replay format {} is not supported (this build reads {REPLAY_FORMAT})", r.format));
        }
        Ok(r)
    }
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("replay serialises")
    }
}

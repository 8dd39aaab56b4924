//! Seats and viewers.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A seat at the table, numbered from 0 in turn order of setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The other seat of a two-seat game.
    pub fn other(self) -> Seat {
        Seat(1 - (self.0 & 1))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// Who is looking at a game: what a view or a log shows depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player: sees their own hidden information and the public state.
    Seat(Seat),
    /// A spectator: sees only the public state.
    Spectator,
    /// Everything (a finished game, a replay, tests, the scenario runner).
    Omniscient,
}

impl fmt::Display for Viewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewer::Seat(s) => write!(f, "{s}"),
            Viewer::Spectator => f.write_str("spectator"),
            Viewer::Omniscient => f.write_str("all"),
        }
    }
}

impl FromStr for Viewer {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "spectator" => Ok(Viewer::Spectator),
            "all" | "omniscient" => Ok(Viewer::Omniscient),
            other => {
                let n = other
                    .strip_prefix('p')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=8).contains(n))
                    .ok_or_else(|| format!("unknown viewer '{s}': use P1..P8, spectator or all"))?;
                Ok(Viewer::Seat(Seat(n - 1)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn viewer_round_trips_through_text() {
        for v in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(3)), Viewer::Spectator, Viewer::Omniscient] {
            assert_eq!(v.to_string().parse::<Viewer>().unwrap(), v);
        }
        assert!("p0".parse::<Viewer>().is_err());
        assert!("nobody".parse::<Viewer>().is_err());
    }
}

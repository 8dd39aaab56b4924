//! Per-game statistics beyond wins and lengths: a hook each game's AI kit fills in (per-card
//! play and win counts, which King was chosen, deck matchups...).
//!
//! Convention: a pair of counters `"<subject>: games"` and `"<subject>: won"` (games in which a
//! seat had the subject, and how many of those that seat won) is read as a win rate, shown with
//! its Wilson interval by [`Counters::win_rates`] and the report.

use crate::wilson::wilson_interval;
use engine::Game;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const GAMES_SUFFIX: &str = ": games";
pub const WON_SUFFIX: &str = ": won";

/// The win rate of one subject (a card, a King, a legend, a matchup).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinRate {
    pub subject: String,
    pub games: i64,
    pub won: i64,
    pub rate: f64,
    /// 95% Wilson interval.
    pub ci: (f64, f64),
}

/// Named integer counters, summed over games. Integers, so that sums do not depend on the
/// order games are added in (shards merge exactly).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Counters(pub BTreeMap<String, i64>);

impl Counters {
    pub fn add(&mut self, key: impl Into<String>, n: i64) {
        *self.0.entry(key.into()).or_insert(0) += n;
    }
    pub fn get(&self, key: &str) -> i64 {
        self.0.get(key).copied().unwrap_or(0)
    }
    pub fn absorb(&mut self, other: &Counters) {
        for (k, v) in &other.0 {
            *self.0.entry(k.clone()).or_insert(0) += v;
        }
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Count a game in which a seat had `subject`, and whether that seat won.
    pub fn game(&mut self, subject: &str, won: bool) {
        self.add(format!("{subject}{GAMES_SUFFIX}"), 1);
        // Always present, so that a subject that never won still shows a 0% rate.
        self.add(format!("{subject}{WON_SUFFIX}"), i64::from(won));
    }

    /// Every `"<subject>: games"` / `"<subject>: won"` pair as a win rate, by subject.
    pub fn win_rates(&self) -> Vec<WinRate> {
        self.0
            .iter()
            .filter_map(|(key, &games)| {
                let subject = key.strip_suffix(GAMES_SUFFIX)?;
                let won = self.get(&format!("{subject}{WON_SUFFIX}"));
                let rate = if games > 0 { won as f64 / games as f64 } else { 0.0 };
                Some(WinRate {
                    subject: subject.to_string(),
                    games,
                    won,
                    rate,
                    ci: wilson_interval(won as f64, games as f64),
                })
            })
            .collect()
    }

    /// The counters that are not part of a win-rate pair.
    pub fn plain(&self) -> impl Iterator<Item = (&String, &i64)> {
        self.0.iter().filter(|(k, _)| {
            let paired = |suffix: &str, other: &str| {
                k.strip_suffix(suffix).is_some_and(|s| self.0.contains_key(&format!("{s}{other}")))
            };
            !paired(GAMES_SUFFIX, WON_SUFFIX) && !paired(WON_SUFFIX, GAMES_SUFFIX)
        })
    }
}

/// Called once for every finished game of a simulation, with the final state (omniscient: the
/// game is over) and every action in order, to add the game's own counters.
pub trait GameStats<G: Game>: Send + Sync {
    fn record(&self, final_state: &G, history: &[G::Action], counters: &mut Counters);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_counters_read_as_win_rates() {
        let mut c = Counters::default();
        c.game("King of Swords", true);
        c.game("King of Swords", false);
        c.game("King of Cups", false);
        c.add("drawn games", 3);
        let rates = c.win_rates();
        assert_eq!(rates.len(), 2);
        assert_eq!((rates[0].subject.as_str(), rates[0].games, rates[0].won), ("King of Cups", 1, 0));
        assert_eq!(
            (rates[1].subject.as_str(), rates[1].games, rates[1].won, rates[1].rate),
            ("King of Swords", 2, 1, 0.5)
        );
        assert_eq!(rates[1].ci, wilson_interval(1.0, 2.0));
        assert_eq!(c.plain().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["drawn games"]);
    }
}

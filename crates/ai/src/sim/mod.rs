//! Balance simulation: many bot games, in parallel, reproducible.
//!
//! Game `i` draws everything — its seed, its setup (random decks), its bots' seeds — from
//! `GameRng::derive(config.seed, i)`. Games run on rayon and are added up in game-index order,
//! so the results are identical whatever the thread count. `--shard I/N` plays the games whose
//! index is `I-1` modulo `N`; [`merge`] joins shard result files into exactly the result of the
//! unsharded run.

pub mod stats;
pub mod summary;

pub use stats::{Counters, GameStats, WinRate};
pub use summary::Summary;

use crate::error::AiError;
use crate::eval::Kit;
use crate::games::parse_options;
use crate::play::play_game;
use crate::spec::BotSpec;
use crate::Progress;
use engine::{Game, GameRng};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The version of the results file format.
pub const SIM_FORMAT: u32 = 1;

/// One part of a sharded run: shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub fn new(index: usize, count: usize) -> Result<Self, AiError> {
        if count == 0 || index == 0 || index > count {
            return Err(AiError::Config(format!("shard {index}/{count}: use I/N with 1 <= I <= N")));
        }
        Ok(Shard { index, count })
    }
    /// Whether this shard plays game `game_index`.
    pub fn plays(&self, game_index: usize) -> bool {
        game_index % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = AiError;
    fn from_str(s: &str) -> Result<Self, AiError> {
        let bad = || AiError::Config(format!("shard '{s}': use I/N, e.g. 1/4"));
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        Shard::new(i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?)
    }
}

/// What to simulate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimConfig {
    /// The game's name (`fate`, `ardent`, `riftbound`, `pebbles`).
    pub game: String,
    /// Rules options as JSON; those not given take the spec's defaults. `null`: all defaults.
    #[serde(default)]
    pub options: serde_json::Value,
    /// One bot per seat, or one bot for every seat.
    pub bots: Vec<BotSpec>,
    /// Games in the whole run (all shards).
    pub games: usize,
    pub seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Deck files' contents, one per seat (the game's deck formats); empty: a sampled setup
    /// for every game (random legal decks, random starter decks).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<String>,
}

impl SimConfig {
    pub fn new(game: &str, bots: Vec<BotSpec>, games: usize, seed: u64) -> Self {
        SimConfig {
            game: game.to_string(),
            options: serde_json::Value::Null,
            bots,
            games,
            seed,
            shard: None,
            decks: Vec::new(),
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub index: usize,
    /// The seed the game was set up with.
    pub seed: u64,
    /// Actions taken.
    pub length: usize,
    /// Seat indices that won; empty for a draw.
    pub winners: Vec<u8>,
    pub reason: String,
}

/// The results of a simulation (or of one shard of it): JSON with `--json`, merged by [`merge`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimResults {
    pub format: u32,
    pub config: SimConfig,
    /// The bot at each seat.
    pub bots: Vec<String>,
    /// False if some bot had a time budget: then the run cannot be reproduced.
    pub deterministic: bool,
    /// Every game played, in index order.
    pub records: Vec<GameRecord>,
    /// The game's own statistics, summed over the games.
    pub counters: Counters,
    pub summary: Summary,
}

impl SimResults {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
    pub fn from_json(text: &str) -> Result<Self, AiError> {
        let r: SimResults =
            serde_json::from_str(text).map_err(|e| AiError::Merge(format!("not a simulation results file: {e}")))?;
        if r.format != SIM_FORMAT {
            return Err(AiError::Merge(format!("results format {} (this build reads {SIM_FORMAT})", r.format)));
        }
        // The summary is derived from the records: recompute it rather than trust decimals.
        let summary = summary::summarise(&r.records, &r.bots);
        Ok(SimResults { summary, ..r })
    }
}

/// Simulate a game by name (see [`crate::games`]).
pub fn simulate(config: &SimConfig, progress: Option<Progress<'_>>) -> Result<SimResults, AiError> {
    (crate::games::game(&config.game)?.simulate)(config, progress)
}

/// The bot spec of each of `seats` seats.
pub(crate) fn seat_bots(bots: &[BotSpec], seats: usize) -> Result<Vec<BotSpec>, AiError> {
    match bots.len() {
        1 => Ok(vec![bots[0].clone(); seats]),
        n if n == seats => Ok(bots.to_vec()),
        n => Err(AiError::Config(format!("{n} bots given for a {seats}-seat game: give one per seat, or one for all"))),
    }
}

/// Simulate `G` with its kit. Runs on the current rayon pool.
pub fn simulate_game<G: Game>(
    config: &SimConfig,
    kit: &Kit<G>,
    progress: Option<Progress<'_>>,
) -> Result<SimResults, AiError> {
    if config.game != G::NAME {
        return Err(AiError::Config(format!("configuration is for '{}', not '{}'", config.game, G::NAME)));
    }
    let options: G::Options = parse_options::<G>(&config.options)?;
    let indices: Vec<usize> = (0..config.games).filter(|&i| config.shard.is_none_or(|s| s.plays(i))).collect();
    let total = indices.len();
    let done = AtomicUsize::new(0);
    let played: Vec<Result<PlayedRecord, AiError>> = indices
        .par_iter()
        .map(|&index| {
            let r = play_indexed::<G>(config, &options, kit, index);
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(p) = progress {
                p(d, total);
            }
            r
        })
        .collect();
    let mut records = Vec::with_capacity(total);
    let mut counters = Counters::default();
    let mut bots: Option<Vec<String>> = None;
    for result in played {
        let (record, c, seat_bots) = result?;
        match &bots {
            None => bots = Some(seat_bots),
            Some(b) if *b != seat_bots => {
                return Err(AiError::Config(format!("game {} has a different seat count", record.index)))
            }
            Some(_) => {}
        }
        counters.absorb(&c);
        records.push(record);
    }
    let bots = match bots {
        Some(b) => b,
        None => config.bots.iter().map(|b| b.to_string()).collect(),
    };
    Ok(SimResults {
        format: SIM_FORMAT,
        config: config.clone(),
        deterministic: config.bots.iter().all(BotSpec::is_deterministic),
        summary: summary::summarise(&records, &bots),
        bots,
        records,
        counters,
    })
}

/// A game's record, its counters and the bot at each seat.
type PlayedRecord = (GameRecord, Counters, Vec<String>);

/// Set up and play game `index` of a run.
fn play_indexed<G: Game>(
    config: &SimConfig,
    options: &G::Options,
    kit: &Kit<G>,
    index: usize,
) -> Result<PlayedRecord, AiError> {
    let mut rng = GameRng::derive(config.seed, index as u64);
    let seed = rng.next_u64();
    let setup = if config.decks.is_empty() {
        G::sample_setup(options, &mut rng)?
    } else {
        G::setup_with_decks(options, &config.decks, &mut rng)?
    };
    let state = G::new(options, &setup, seed)?;
    let specs = seat_bots(&config.bots, state.num_seats())?;
    let mut bots = specs.iter().map(|s| s.build::<G>(kit, rng.next_u64())).collect::<Result<Vec<_>, _>>()?;
    let mut history = Vec::new();
    let keep = !kit.stats.is_empty();
    let (end, played) = play_game(state, &mut bots, keep.then_some(&mut history), index)?;
    let mut counters = Counters::default();
    for s in &kit.stats {
        s.record(&end, &history, &mut counters);
    }
    let record = GameRecord {
        index,
        seed,
        length: played.length,
        winners: played.outcome.winners.iter().map(|s| s.0).collect(),
        reason: played.outcome.reason,
    };
    Ok((record, counters, specs.iter().map(|s| s.to_string()).collect()))
}

/// Join the results of the shards of one run into the result of the whole run: exactly what the
/// unsharded run gives. Every game must be present once.
pub fn merge(parts: &[SimResults]) -> Result<SimResults, AiError> {
    let first = parts.first().ok_or_else(|| AiError::Merge("no results to merge".into()))?;
    let mut config = first.config.clone();
    config.shard = None;
    let mut records: Vec<GameRecord> = Vec::with_capacity(config.games);
    let mut counters = Counters::default();
    for (i, p) in parts.iter().enumerate() {
        let mut c = p.config.clone();
        c.shard = None;
        if c != config {
            return Err(AiError::Merge(format!(
                "part {} is from a different run (game, options, bots, games or seed differ)",
                i + 1
            )));
        }
        if p.bots != first.bots {
            return Err(AiError::Merge(format!("part {} seats different bots", i + 1)));
        }
        records.extend(p.records.iter().cloned());
        counters.absorb(&p.counters);
    }
    records.sort_by_key(|r| r.index);
    for (expected, r) in records.iter().enumerate() {
        if r.index != expected {
            let what = if r.index < expected { "appears twice" } else { "is missing" };
            let game = if r.index < expected { r.index } else { expected };
            return Err(AiError::Merge(format!("game {game} {what}")));
        }
    }
    if records.len() != config.games {
        return Err(AiError::Merge(format!(
            "{} of {} games present: game {} is missing",
            records.len(),
            config.games,
            records.len()
        )));
    }
    Ok(SimResults {
        format: SIM_FORMAT,
        deterministic: parts.iter().all(|p| p.deterministic),
        summary: summary::summarise(&records, &first.bots),
        bots: first.bots.clone(),
        config,
        records,
        counters,
    })
}

impl fmt::Display for SimResults {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.summary;
        let shard = self.config.shard.map(|s| format!(" (shard {s})")).unwrap_or_default();
        writeln!(f, "{} — {} games{}, seed {}", self.config.game, s.games, shard, self.config.seed)?;
        writeln!(f, "{:<5} {:<24} {:>7} {:>8}  95% interval", "seat", "bot", "wins", "rate")?;
        for seat in &s.seats {
            writeln!(
                f,
                "{:<5} {:<24} {:>7} {:>7.1}%  {:.1}%–{:.1}%",
                seat.seat,
                seat.bot,
                seat.wins,
                100.0 * seat.win_rate,
                100.0 * seat.ci.0,
                100.0 * seat.ci.1
            )?;
        }
        writeln!(
            f,
            "{:<5} {:<24} {:>7} {:>7.1}%  {:.1}%–{:.1}%",
            "draw",
            "",
            s.draws,
            100.0 * s.draw_rate,
            100.0 * s.draw_ci.0,
            100.0 * s.draw_ci.1
        )?;
        let fs = &s.first_seat;
        writeln!(
            f,
            "first seat: {:.1}% of {} decisive games (95% {:.1}%–{:.1}%), {:+.1} points over an even {:.1}%",
            100.0 * fs.share,
            fs.decisive,
            100.0 * fs.ci.0,
            100.0 * fs.ci.1,
            100.0 * fs.advantage,
            100.0 * fs.expected
        )?;
        if self.bots.windows(2).any(|w| w[0] != w[1]) {
            writeln!(f, "  (the seats have different bots: this mixes seat advantage with bot strength)")?;
        }
        let l = &s.length;
        writeln!(
            f,
            "length (actions): min {} median {} mean {:.1} p90 {} max {}",
            l.min, l.median, l.mean, l.p90, l.max
        )?;
        for (reason, n) in &s.end_reasons {
            writeln!(f, "  ended by {reason}: {n}")?;
        }
        let rates = self.counters.win_rates();
        if !rates.is_empty() {
            writeln!(f, "{:<48} {:>7} {:>7} {:>7}  95% interval", "win rate when present", "games", "won", "rate")?;
        }
        for r in &rates {
            writeln!(
                f,
                "  {:<46} {:>7} {:>7} {:>6.1}%  {:.1}%–{:.1}%",
                r.subject,
                r.games,
                r.won,
                100.0 * r.rate,
                100.0 * r.ci.0,
                100.0 * r.ci.1
            )?;
        }
        for (k, v) in self.counters.plain() {
            writeln!(f, "  {k}: {v}")?;
        }
        if !self.deterministic {
            writeln!(f, "note: a bot had a time budget, so this run cannot be reproduced exactly")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_games() {
        let shards: Vec<Shard> = (1..=3).map(|i| Shard::new(i, 3).unwrap()).collect();
        for g in 0..30 {
            assert_eq!(shards.iter().filter(|s| s.plays(g)).count(), 1);
        }
        assert_eq!("2/4".parse::<Shard>().unwrap(), Shard { index: 2, count: 4 });
        assert!("0/4".parse::<Shard>().is_err());
        assert!("5/4".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
    }
}

//! Arena: a round robin between bot specs. Every pairing plays `games_per_pairing` games, the
//! two bots taking the first seat in turn; ratings are maximum-likelihood Elo from all results
//! with 95% intervals (see [`crate::elo`]).
//!
//! Game `g` (pairings in order, then games within a pairing) draws its seed, setup and bot seeds
//! from `GameRng::derive(config.seed, g)`, and the games run on rayon: the results are identical
//! whatever the thread count.

use crate::elo::{rate, PairScore};
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
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaConfig {
    pub game: String,
    #[serde(default)]
    pub options: serde_json::Value,
    /// At least two bots; the same spec may appear twice (self-play).
    pub bots: Vec<BotSpec>,
    /// Games per pairing, the bots alternating in the first seat.
    pub games_per_pairing: usize,
    pub seed: u64,
}

impl ArenaConfig {
    pub fn new(game: &str, bots: Vec<BotSpec>, games_per_pairing: usize, seed: u64) -> Self {
        ArenaConfig { game: game.to_string(), options: serde_json::Value::Null, bots, games_per_pairing, seed }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerResult {
    pub bot: String,
    pub elo: f64,
    /// 95% interval of the rating.
    pub elo_ci: (f64, f64),
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// (wins + draws / 2) / games.
    pub score: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingResult {
    pub a: String,
    pub b: String,
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
    /// Wins of whichever bot sat first.
    pub first_seat_wins: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaResults {
    pub config: ArenaConfig,
    /// In the order of the configuration's bots.
    pub players: Vec<PlayerResult>,
    pub pairings: Vec<PairingResult>,
    pub deterministic: bool,
}

/// Run an arena for a game by name (see [`crate::games`]).
pub fn arena(config: &ArenaConfig, progress: Option<Progress<'_>>) -> Result<ArenaResults, AiError> {
    (crate::games::game(&config.game)?.arena)(config, progress)
}

/// Which bot sits first in game `k` of a pairing (a, b).
fn first_of(a: usize, b: usize, k: usize) -> (usize, usize) {
    if k % 2 == 0 {
        (a, b)
    } else {
        (b, a)
    }
}

/// Run an arena for `G` with its kit, on the current rayon pool.
pub fn arena_game<G: Game>(
    config: &ArenaConfig,
    kit: &Kit<G>,
    progress: Option<Progress<'_>>,
) -> Result<ArenaResults, AiError> {
    if config.game != G::NAME {
        return Err(AiError::Config(format!("configuration is for '{}', not '{}'", config.game, G::NAME)));
    }
    let n = config.bots.len();
    if n < 2 {
        return Err(AiError::Config("an arena needs at least two bots".into()));
    }
    if config.games_per_pairing == 0 {
        return Err(AiError::Config("an arena needs at least one game per pairing".into()));
    }
    let options: G::Options = parse_options::<G>(&config.options)?;
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
    let per = config.games_per_pairing;
    let total = pairs.len() * per;
    let done = AtomicUsize::new(0);
    // Each game's result: the winning seat index, or None for a draw.
    let results: Vec<Result<Option<u8>, AiError>> = (0..total)
        .into_par_iter()
        .map(|g| {
            let (a, b) = pairs[g / per];
            let (first, second) = first_of(a, b, g % per);
            let r = play_pairing_game::<G>(config, &options, kit, g, [&config.bots[first], &config.bots[second]]);
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(p) = progress {
                p(d, total);
            }
            r
        })
        .collect();
    let mut scores: Vec<PairScore> =
        pairs.iter().map(|&(a, b)| PairScore { a, b, a_wins: 0, b_wins: 0, draws: 0 }).collect();
    let mut first_seat_wins = vec![0u64; pairs.len()];
    for (g, r) in results.into_iter().enumerate() {
        let winner_seat = r?;
        let p = &mut scores[g / per];
        let (first, _) = first_of(p.a, p.b, g % per);
        match winner_seat {
            None => p.draws += 1,
            Some(seat) => {
                let a_won = (seat == 0) == (first == p.a);
                if a_won {
                    p.a_wins += 1;
                } else {
                    p.b_wins += 1;
                }
                if seat == 0 {
                    first_seat_wins[g / per] += 1;
                }
            }
        }
    }
    let ratings = rate(n, &scores);
    let players = (0..n)
        .map(|i| {
            let (mut wins, mut draws, mut losses) = (0, 0, 0);
            for p in &scores {
                if p.a == i {
                    (wins, draws, losses) = (wins + p.a_wins, draws + p.draws, losses + p.b_wins);
                } else if p.b == i {
                    (wins, draws, losses) = (wins + p.b_wins, draws + p.draws, losses + p.a_wins);
                }
            }
            let games = wins + draws + losses;
            PlayerResult {
                bot: config.bots[i].to_string(),
                elo: ratings.elo[i],
                elo_ci: ratings.ci[i],
                games,
                wins,
                draws,
                losses,
                score: if games == 0 { 0.0 } else { (wins as f64 + 0.5 * draws as f64) / games as f64 },
            }
        })
        .collect();
    let pairings = scores
        .iter()
        .zip(&first_seat_wins)
        .map(|(p, &fsw)| PairingResult {
            a: config.bots[p.a].to_string(),
            b: config.bots[p.b].to_string(),
            a_wins: p.a_wins,
            b_wins: p.b_wins,
            draws: p.draws,
            first_seat_wins: fsw,
        })
        .collect();
    Ok(ArenaResults {
        config: config.clone(),
        players,
        pairings,
        deterministic: config.bots.iter().all(BotSpec::is_deterministic),
    })
}

/// Play arena game `g` with `seats[0]` first; returns the winning seat (None: a draw).
fn play_pairing_game<G: Game>(
    config: &ArenaConfig,
    options: &G::Options,
    kit: &Kit<G>,
    g: usize,
    seats: [&BotSpec; 2],
) -> Result<Option<u8>, AiError> {
    let mut rng = GameRng::derive(config.seed, g as u64);
    let seed = rng.next_u64();
    let setup = G::sample_setup(options, &mut rng)?;
    let state = G::new(options, &setup, seed)?;
    if state.num_seats() != 2 {
        return Err(AiError::Config(format!(
            "the arena plays two-seat games; these {} options give {} seats",
            G::NAME,
            state.num_seats()
        )));
    }
    let mut bots = seats.iter().map(|s| s.build::<G>(kit, rng.next_u64())).collect::<Result<Vec<_>, _>>()?;
    let (_, played) = play_game(state, &mut bots, None, g)?;
    Ok(match played.outcome.winners.as_slice() {
        [] => None,
        [w] => Some(w.0),
        // Both seats winning is a shared result: count it as a draw.
        _ => None,
    })
}

impl fmt::Display for ArenaResults {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} arena — {} games per pairing, seed {}",
            self.config.game, self.config.games_per_pairing, self.config.seed
        )?;
        writeln!(
            f,
            "{:>4}  {:<28} {:>6}  {:>13}  {:>6} {:>6} {:>6}  {:>6}",
            "rank", "bot", "elo", "95% interval", "won", "drawn", "lost", "score"
        )?;
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by(|&a, &b| self.players[b].elo.total_cmp(&self.players[a].elo));
        for (rank, &i) in order.iter().enumerate() {
            let p = &self.players[i];
            writeln!(
                f,
                "{:>4}  {:<28} {:>6.0}  {:>6.0}–{:<6.0}  {:>6} {:>6} {:>6}  {:>5.1}%",
                rank + 1,
                p.bot,
                p.elo,
                p.elo_ci.0,
                p.elo_ci.1,
                p.wins,
                p.draws,
                p.losses,
                100.0 * p.score
            )?;
        }
        writeln!(f, "pairings (a vs b: a wins – draws – b wins; first-seat wins):")?;
        for p in &self.pairings {
            writeln!(f, "  {} vs {}: {} – {} – {}; {}", p.a, p.b, p.a_wins, p.draws, p.b_wins, p.first_seat_wins)?;
        }
        if !self.deterministic {
            writeln!(f, "note: a bot had a time budget, so this run cannot be reproduced exactly")?;
        }
        Ok(())
    }
}

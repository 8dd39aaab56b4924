//! The simulated rating (docs/ardent-ratings.md §2): a deck's win rate against the reference
//! gauntlet, with a 95% Wilson interval.
//!
//! Game `i` pits the deck against gauntlet deck `i mod 32`, the deck in seat `(i div 32) mod 2`
//! (so every 64 games play each gauntlet deck once from each seat); its game seed and both bots'
//! seeds come from `GameRng::derive(seed, i)`. Games run on rayon and are added up in index order,
//! so a rating is identical for the same seed whatever the thread count.

use crate::cards;
use crate::gauntlet::Gauntlet;
use crate::RateError;
use ai::{AiGame, BotSpec, Progress, Shard};
use ardent::{ArdentGame, ArdentOptions, ArdentSetup, DeckList};
use engine::{Game, GameRng, Seat};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a simulated rating is measured with.
#[derive(Clone, Debug, PartialEq)]
pub struct RateConfig {
    /// Games to play (at least 1; a multiple of 64 balances opponents and seats exactly).
    pub games: usize,
    pub seed: u64,
    /// The bot in both seats.
    pub bot: BotSpec,
    /// The gauntlet version.
    pub gauntlet: u32,
}

impl Default for RateConfig {
    fn default() -> Self {
        RateConfig {
            games: 256,
            seed: 0,
            bot: BotSpec::Greedy { samples: 1, eval: Default::default() },
            gauntlet: crate::gauntlet::LATEST,
        }
    }
}

/// A simulated rating. `rating` is the deck's score rate against the gauntlet (win 1, draw ½,
/// loss 0), in 0..1; `low`/`high` the 95% Wilson interval of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimRating {
    pub rating: f64,
    pub low: f64,
    pub high: f64,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub gauntlet: u32,
    pub bot: String,
    pub seed: u64,
}

/// Rate a deck (17 card ids) by simulation against the gauntlet. `progress` is called with
/// (games done, games) as games finish. Runs on the current rayon pool.
pub fn simulated_rating(
    deck: &[u8],
    config: &RateConfig,
    progress: Option<Progress<'_>>,
) -> Result<SimRating, RateError> {
    let tally = tally(deck, config, None, progress)?;
    rating_of(config, &tally)
}

/// The games of a rating a shard played: what [`tally`] returns and [`rating_of`] turns into a
/// rating. Tallies of the shards `1/N … N/N` of a rating add up ([`Tally::add`]) to the tally of
/// the whole, so a rating split over machines is exactly the one-process rating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

impl Tally {
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    pub fn add(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// Play the games of a rating that `shard` holds (game `i` when `shard.plays(i)`; all of them
/// for `None`), each exactly as the whole rating plays it. `progress` gets (games done, games of
/// the shard). Runs on the current rayon pool.
pub fn tally(
    deck: &[u8],
    config: &RateConfig,
    shard: Option<Shard>,
    progress: Option<Progress<'_>>,
) -> Result<Tally, RateError> {
    check_config(config)?;
    check_deck(deck)?;
    let gauntlet = Gauntlet::get(config.gauntlet)?;
    let options = ArdentOptions::default();
    let ours = DeckList::from_ids(ardent::CardDb::omega_codex(), "Rated deck", deck);
    let theirs: Vec<DeckList> = gauntlet.decks.iter().map(|d| d.to_deck_list()).collect();
    let games: Vec<usize> = (0..config.games).filter(|&i| shard.is_none_or(|s| s.plays(i))).collect();
    let done = AtomicUsize::new(0);
    let scores: Vec<Result<f64, RateError>> = games
        .par_iter()
        .map(|&i| {
            let r = play_one(&options, &ours, &theirs, config, i);
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(p) = progress {
                p(d, games.len());
            }
            r
        })
        .collect();
    let mut t = Tally::default();
    for s in scores {
        match s? {
            x if x >= 1.0 => t.wins += 1,
            x if x <= 0.0 => t.losses += 1,
            _ => t.draws += 1,
        }
    }
    Ok(t)
}

fn check_config(config: &RateConfig) -> Result<(), RateError> {
    if config.games == 0 {
        return Err(RateError::Config("a rating needs at least 1 game".into()));
    }
    if !config.bot.is_deterministic() {
        return Err(RateError::Config(format!(
            "bot '{}' has a time budget, so its rating could not be reproduced: give an iteration budget",
            config.bot
        )));
    }
    Ok(())
}

/// The rating of `config` from the tally of all its games (refused unless it holds exactly
/// `config.games` games).
pub fn rating_of(config: &RateConfig, t: &Tally) -> Result<SimRating, RateError> {
    check_config(config)?;
    if t.games() != config.games {
        return Err(RateError::Config(format!("a tally of {} games for a rating of {}", t.games(), config.games)));
    }
    let gauntlet = Gauntlet::get(config.gauntlet)?;
    let points = t.wins as f64 + 0.5 * t.draws as f64;
    let n = config.games as f64;
    let (low, high) = ai::wilson_interval(points, n);
    Ok(SimRating {
        rating: points / n,
        low,
        high,
        games: config.games,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        gauntlet: gauntlet.version,
        bot: config.bot.to_string(),
        seed: config.seed,
    })
}

/// A deck this crate can rate: 17 known cards, at least two creatures (spec §3 step 3 digs for
/// two). Anything else is refused with the reason.
pub fn check_deck(deck: &[u8]) -> Result<(), RateError> {
    if deck.len() != ardent::DECK_SIZE {
        return Err(RateError::Deck(format!(
            "{} cards; a deck has exactly {} (spec §2.1)",
            deck.len(),
            ardent::DECK_SIZE
        )));
    }
    if let Some(&bad) = deck.iter().find(|&&c| usize::from(c) >= cards::pool_len()) {
        return Err(RateError::Deck(format!("card id {bad} is not in the pool")));
    }
    Ok(())
}

/// Game `i` of a rating: the deck's score (1, ½ or 0).
fn play_one(
    options: &ArdentOptions,
    ours: &DeckList,
    theirs: &[DeckList],
    config: &RateConfig,
    i: usize,
) -> Result<f64, RateError> {
    let opponent = &theirs[i % theirs.len()];
    let seat = (i / theirs.len()) % 2;
    let decks = if seat == 0 { vec![ours.clone(), opponent.clone()] } else { vec![opponent.clone(), ours.clone()] };
    let mut rng = GameRng::derive(config.seed, i as u64);
    let game_seed = rng.next_u64();
    let state = ArdentGame::new(options, &ArdentSetup { decks }, game_seed)
        .map_err(|e| RateError::Deck(format!("game {i}: {e}")))?;
    let kit = ArdentGame::kit();
    let build = |seed: u64| config.bot.build(&kit, seed).map_err(|e| RateError::Sim(e.to_string()));
    let mut bots = vec![build(rng.next_u64())?, build(rng.next_u64())?];
    let (_, played) = ai::play::play_game(state, &mut bots, None, i).map_err(|e| RateError::Sim(e.to_string()))?;
    Ok(played.outcome.reward(Seat(seat as u8)))
}

//! The job types: what a submitter asks of a worker and what the worker answers.
//!
//! # Adding a kind of job
//! 1. Add a variant to [`Job`] holding everything the job needs (it must be a deterministic
//!    function of this value: a redelivered job is run again and must give the same answer),
//!    and a variant to [`Output`] for its answer.
//! 2. Run it in [`Job::run`] (blocking code: it runs on a worker's thread pool).
//! 3. Give the submitting side a function like [`crate::submit_sim`] that splits the work into
//!    parts, publishes them with [`crate::Queue::publish_job`] and joins the answers.
//!
//! The kinds: balance simulations ([`Job::Sim`], `cardtable sim --nats`), Ardent Reapers deck
//! ratings ([`Job::Rating`], `cardtable deck rate --nats`) and Fate Deduction setup analyses
//! ([`Job::Solve`], `cardtable solve fate --setups --nats`). A worker runs every kind.

use ai::{BotSpec, Shard, SimConfig, SimResults};
use ardent_rate::{RateConfig, Tally};
use fate::solve::setups::SetupVerdict;
use serde::{Deserialize, Serialize};

/// The version of job and result messages; a worker refuses other versions loudly.
pub const JOB_FORMAT: u32 = 1;

/// One unit of work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Job {
    /// One shard of a balance simulation: `config.shard` says which games.
    Sim { config: SimConfig },
    /// The games `shard` holds of a deck's simulated rating (docs/ardent-ratings.md §2).
    Rating { deck: Vec<u8>, games: usize, seed: u64, bot: BotSpec, gauntlet: u32, shard: Shard },
    /// Judge the first-player setups `indices` of the Fate Deduction setup analysis
    /// (docs/fate-solver.md), each against every reply within `max_plies` plies.
    Solve(SolveJob),
}

/// A part of `solve fate --setups`: the setups to judge and the per-pair search budget (nodes,
/// never time, so that a redelivered part gives the same verdicts).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveJob {
    /// Fate Deduction options (JSON of `FateOptions`).
    pub options: serde_json::Value,
    pub max_plies: u32,
    pub max_nodes: u64,
    pub max_depth: u32,
    pub min_depth: u32,
    /// The solver's threads for each pair (the submitter's `--threads`; the verdicts are those
    /// one process gives with the same number).
    pub threads: usize,
    pub tt_mb: usize,
    pub indices: Vec<usize>,
}

impl SolveJob {
    /// The solver settings for one setup pair.
    pub fn per_pair(&self) -> fate::solve::SolveConfig {
        fate::solve::SolveConfig {
            max_depth: self.max_depth,
            min_depth: self.min_depth,
            max_nodes: self.max_nodes,
            max_seconds: None,
            threads: self.threads,
            tt_mb: self.tt_mb,
            want_line: false,
        }
    }
}

/// A job's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
// One answer per part, moved once: the size difference between the kinds costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Output {
    Sim {
        results: SimResults,
    },
    Rating {
        tally: Tally,
    },
    /// The verdicts of the job's setups, in the job's order.
    Solve {
        verdicts: Vec<SetupVerdict>,
    },
}

/// A job on the queue: part `part` (1-based) of `parts` of run `run`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobMessage {
    pub format: u32,
    pub run: String,
    pub part: usize,
    pub parts: usize,
    pub job: Job,
}

/// A result on the results stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultMessage {
    pub format: u32,
    pub run: String,
    pub part: usize,
    pub parts: usize,
    /// The answer, or why there is none (a bad job fails the same way every time, so it is not
    /// retried: the submitter reports it).
    pub outcome: Result<Output, String>,
}

/// The address of a job, read even when the job itself is of a kind this build does not know.
#[derive(Deserialize)]
pub(crate) struct Address {
    pub run: String,
    pub part: usize,
    pub parts: usize,
    #[serde(default)]
    pub format: u32,
}

impl Job {
    /// A short description for logs.
    pub fn describe(&self) -> String {
        match self {
            Job::Sim { config } => format!(
                "sim {} games {} seed {} shard {}",
                config.game,
                config.games,
                config.seed,
                config.shard.map(|s| s.to_string()).unwrap_or_else(|| "all".into())
            ),
            Job::Rating { games, seed, bot, shard, .. } => {
                format!("deck rating, {games} games seed {seed} bot {bot} shard {shard}")
            }
            Job::Solve(j) => format!("fate setups within {} plies: {} setups", j.max_plies, j.indices.len()),
        }
    }

    /// How many units (games) the job does, for progress bars.
    pub fn units(&self) -> usize {
        match self {
            Job::Sim { config } => match config.shard {
                Some(s) => (0..config.games).filter(|&i| s.plays(i)).count(),
                None => config.games,
            },
            Job::Rating { games, shard, .. } => (0..*games).filter(|&i| shard.plays(i)).count(),
            Job::Solve(j) => j.indices.len(),
        }
    }

    /// Do the job on the current thread, with `threads` worker threads (0: one per core).
    /// `progress(done)` is called as units finish.
    pub fn run(&self, threads: usize, progress: &(dyn Fn(usize) + Sync)) -> Result<Output, String> {
        match self {
            Job::Sim { config } => {
                let tick = |done: usize, _total: usize| progress(done);
                let results = ai::with_threads(threads, || ai::simulate(config, Some(&tick)))
                    .and_then(|r| r)
                    .map_err(|e| e.to_string())?;
                Ok(Output::Sim { results })
            }
            Job::Rating { deck, games, seed, bot, gauntlet, shard } => {
                let config = RateConfig { games: *games, seed: *seed, bot: bot.clone(), gauntlet: *gauntlet };
                let tick = |done: usize, _total: usize| progress(done);
                let tally = ai::with_threads(threads, || ardent_rate::tally(deck, &config, Some(*shard), Some(&tick)))
                    .map_err(|e| e.to_string())?
                    .map_err(|e| e.to_string())?;
                Ok(Output::Rating { tally })
            }
            Job::Solve(j) => {
                let options: fate::FateOptions = serde_json::from_value(j.options.clone())
                    .map_err(|e| format!("not Fate Deduction options: {e}"))?;
                let choices = fate::solve::setups::setup_choices(&options)?;
                let per_pair = j.per_pair();
                let mut verdicts = Vec::with_capacity(j.indices.len());
                for &index in &j.indices {
                    verdicts.push(fate::solve::setups::judge(&options, &choices, index, j.max_plies, &per_pair)?);
                    progress(verdicts.len());
                }
                Ok(Output::Solve { verdicts })
            }
        }
    }
}

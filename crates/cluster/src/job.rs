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
//! Deck ratings (`Job::Rating`: one deck pair's games) and solver shards (`Job::Solve`: one
//! subtree) fit this shape; they are not built yet.

use ai::{SimConfig, SimResults};
use serde::{Deserialize, Serialize};

/// The version of job and result messages; a worker refuses other versions loudly.
pub const JOB_FORMAT: u32 = 1;

/// One unit of work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Job {
    /// One shard of a balance simulation: `config.shard` says which games.
    Sim { config: SimConfig },
}

/// A job's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Output {
    Sim { results: SimResults },
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
        }
    }

    /// How many units (games) the job does, for progress bars.
    pub fn units(&self) -> usize {
        match self {
            Job::Sim { config } => match config.shard {
                Some(s) => (0..config.games).filter(|&i| s.plays(i)).count(),
                None => config.games,
            },
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
        }
    }
}

//! The submitting side: split a run into parts (the `--shard I/N` shards of crates/ai/src/sim
//! for simulations and deck ratings, interleaved lists of setups for the Fate setup analysis),
//! queue them, gather the workers' results and join them into exactly the result one process
//! gives for the same seed ([`submit_sim`], [`submit_rating`], [`submit_solve`]; all through
//! [`submit_jobs`]).

use crate::error::ClusterError;
use crate::job::{Job, JobMessage, Output, ResultMessage, SolveJob, JOB_FORMAT};
use crate::queue::{Queue, QueueConfig};
use ai::{Shard, SimConfig, SimResults};
use ardent_rate::{RateConfig, SimRating, Tally};
use fate::solve::setups::SetupVerdict;
use futures_util::StreamExt;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// What the submitter tells its user.
#[derive(Clone, Debug)]
pub enum SubmitEvent {
    /// Every part is on the queue.
    Queued { run: String, parts: usize },
    /// Games finished so far (all parts), of `total`.
    Progress { done: usize, total: usize },
    /// Nothing has been heard from any worker for `seconds`: the parts stay queued until a
    /// worker takes them.
    Quiet { seconds: u64, missing: Vec<usize> },
}

pub type SubmitProgress<'a> = &'a (dyn Fn(SubmitEvent) + Sync);

/// How many parts a run of `games` is split into by default: 16 (so up to 16 workers share it),
/// more for long runs so that one part's result stays well under NATS's 1 MiB message limit.
pub fn default_parts(games: usize) -> usize {
    16usize.max(games.div_ceil(5000)).min(games).max(1)
}

fn run_id() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("{:x}-{:x}", nanos, std::process::id())
}

/// How long without news before [`SubmitEvent::Quiet`].
const QUIET: Duration = Duration::from_secs(30);

/// Run `config` on the queue's workers in `parts` parts and merge the results.
pub async fn submit_sim(
    queue: QueueConfig,
    config: &SimConfig,
    parts: usize,
    events: SubmitProgress<'_>,
) -> Result<SimResults, ClusterError> {
    if config.shard.is_some() {
        return Err(ClusterError::Queue("a run on the queue is split into shards itself: leave out --shard".into()));
    }
    check_parts(parts, config.games, "games")?;
    let mut jobs = Vec::with_capacity(parts);
    for part in 1..=parts {
        let mut shard_config = config.clone();
        shard_config.shard = Some(Shard::new(part, parts)?);
        jobs.push(Job::Sim { config: shard_config });
    }
    let mut results = Vec::with_capacity(parts);
    for (part, output) in submit_jobs(queue, jobs, events).await?.into_iter().enumerate() {
        match output {
            Output::Sim { results: r } => results.push(r),
            other => return Err(wrong_kind(part + 1, "sim", &other)),
        }
    }
    Ok(ai::merge(&results)?)
}

/// Rate `deck` as `ardent_rate::simulated_rating` does, its games split into `parts` shards
/// played by the queue's workers; the tallies add up to exactly the one-process rating.
pub async fn submit_rating(
    queue: QueueConfig,
    deck: &[u8],
    config: &RateConfig,
    parts: usize,
    events: SubmitProgress<'_>,
) -> Result<SimRating, ClusterError> {
    // Refuse a bad deck or config here, before anything is queued.
    ardent_rate::simulate::check_deck(deck).map_err(|e| ClusterError::Queue(e.to_string()))?;
    ardent_rate::rating_of(config, &Tally { losses: config.games, ..Tally::default() })
        .map_err(|e| ClusterError::Queue(e.to_string()))?;
    check_parts(parts, config.games, "games")?;
    let mut jobs = Vec::with_capacity(parts);
    for part in 1..=parts {
        jobs.push(Job::Rating {
            deck: deck.to_vec(),
            games: config.games,
            seed: config.seed,
            bot: config.bot.clone(),
            gauntlet: config.gauntlet,
            shard: Shard::new(part, parts)?,
        });
    }
    let mut sum = Tally::default();
    for (part, output) in submit_jobs(queue, jobs, events).await?.into_iter().enumerate() {
        match output {
            Output::Rating { tally } => sum.add(&tally),
            other => return Err(wrong_kind(part + 1, "rating", &other)),
        }
    }
    ardent_rate::rating_of(config, &sum).map_err(|e| ClusterError::Queue(e.to_string()))
}

/// Judge the setups `job.indices` on the queue's workers, split into `parts` parts (setup
/// `indices[k]` goes to part `k mod parts`); the verdicts come back in index order.
pub async fn submit_solve(
    queue: QueueConfig,
    job: &SolveJob,
    parts: usize,
    events: SubmitProgress<'_>,
) -> Result<Vec<SetupVerdict>, ClusterError> {
    check_parts(parts, job.indices.len(), "setups")?;
    let jobs = (0..parts)
        .map(|p| {
            let indices = job.indices.iter().skip(p).step_by(parts).copied().collect();
            Job::Solve(SolveJob { indices, ..job.clone() })
        })
        .collect();
    let mut verdicts = Vec::with_capacity(job.indices.len());
    for (part, output) in submit_jobs(queue, jobs, events).await?.into_iter().enumerate() {
        match output {
            Output::Solve { verdicts: v } => verdicts.extend(v),
            other => return Err(wrong_kind(part + 1, "solve", &other)),
        }
    }
    verdicts.sort_by_key(|v| v.index);
    Ok(verdicts)
}

fn check_parts(parts: usize, units: usize, what: &str) -> Result<(), ClusterError> {
    if units == 0 {
        return Err(ClusterError::Queue(format!("a run on the queue needs something to do: 0 {what}")));
    }
    if parts == 0 || parts > units {
        return Err(ClusterError::Queue(format!("{parts} parts for {units} {what}: use 1 to {units}")));
    }
    Ok(())
}

fn wrong_kind(part: usize, wanted: &str, got: &Output) -> ClusterError {
    let kind = serde_json::to_value(got).ok().and_then(|v| v["kind"].as_str().map(String::from)).unwrap_or_default();
    ClusterError::BadMessage(format!("part {part} answered a {kind} job where a {wanted} job was asked"))
}

/// Queue `jobs` as the parts `1..=jobs.len()` of a new run, gather one answer per part (the
/// first, if a part ran twice) and return them in part order. Progress counts the jobs' units.
pub async fn submit_jobs(
    queue: QueueConfig,
    jobs: Vec<Job>,
    events: SubmitProgress<'_>,
) -> Result<Vec<Output>, ClusterError> {
    let parts = jobs.len();
    let queue = Queue::connect(queue).await?;
    let run = run_id();
    let mut progress = queue
        .client
        .subscribe(queue.progress_subject(&run))
        .await
        .map_err(|e| ClusterError::queue("subscribing to progress", e))?;
    let mut results = queue.results(&run).await?;
    let mut units = BTreeMap::new();
    for (i, job) in jobs.into_iter().enumerate() {
        let part = i + 1;
        units.insert(part, (0usize, job.units()));
        queue.publish_job(&JobMessage { format: JOB_FORMAT, run: run.clone(), part, parts, job }).await?;
    }
    events(SubmitEvent::Queued { run: run.clone(), parts });
    let mut got: BTreeMap<usize, Output> = BTreeMap::new();
    let mut last_news = Instant::now();
    let mut check = tokio::time::interval(Duration::from_secs(5));
    let total = units.values().map(|u| u.1).sum();
    while got.len() < parts {
        tokio::select! {
            m = results.next() => {
                let m = m.ok_or_else(|| ClusterError::Queue("the results stream ended".into()))?
                    .map_err(|e| ClusterError::queue("reading results", e))?;
                last_news = Instant::now();
                let r: ResultMessage = serde_json::from_slice(&m.payload)
                    .map_err(|e| ClusterError::BadMessage(format!("a result of run {run}: {e}")))?;
                if r.run != run || r.part == 0 || r.part > parts || r.parts != parts {
                    return Err(ClusterError::BadMessage(format!("a result for part {}/{} of run {} in run {run}", r.part, r.parts, r.run)));
                }
                match r.outcome {
                    Err(message) => return Err(ClusterError::JobFailed { part: r.part, parts, message }),
                    // A part run twice (redelivered) gives the same result: keep the first.
                    Ok(output) => { got.entry(r.part).or_insert(output); }
                }
                if let Some(u) = units.get_mut(&r.part) { u.0 = u.1; }
                events(SubmitEvent::Progress { done: units.values().map(|u| u.0).sum(), total });
            }
            m = progress.next() => {
                let Some(m) = m else { continue };
                last_news = Instant::now();
                let Ok(v) = serde_json::from_slice::<serde_json::Value>(&m.payload) else { continue };
                let (Some(part), Some(done)) = (v["part"].as_u64(), v["done"].as_u64()) else { continue };
                if let Some(u) = units.get_mut(&(part as usize)) {
                    if !got.contains_key(&(part as usize)) {
                        u.0 = u.0.max((done as usize).min(u.1));
                    }
                }
                events(SubmitEvent::Progress { done: units.values().map(|u| u.0).sum(), total });
            }
            _ = check.tick() => {
                if last_news.elapsed() >= QUIET {
                    let missing = (1..=parts).filter(|p| !got.contains_key(p)).collect();
                    events(SubmitEvent::Quiet { seconds: last_news.elapsed().as_secs(), missing });
                    last_news = Instant::now();
                }
            }
        }
    }
    queue.purge_run(&run).await?;
    Ok(got.into_values().collect())
}

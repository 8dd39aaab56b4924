//! The submitting side of a sharded simulation: split the run into parts (the `--shard I/N`
//! shards of crates/ai/src/sim), queue them, gather the workers' results and merge them into
//! exactly the result one process gives for the same seed.

use crate::error::ClusterError;
use crate::job::{Job, JobMessage, Output, ResultMessage, JOB_FORMAT};
use crate::queue::{Queue, QueueConfig};
use ai::{Shard, SimConfig, SimResults};
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
    if config.games == 0 {
        return Err(ClusterError::Queue("a run on the queue needs at least one game".into()));
    }
    if parts == 0 || parts > config.games {
        return Err(ClusterError::Queue(format!(
            "{parts} parts for {} games: use 1 to {}",
            config.games, config.games
        )));
    }
    let queue = Queue::connect(queue).await?;
    let run = run_id();
    let mut progress = queue
        .client
        .subscribe(queue.progress_subject(&run))
        .await
        .map_err(|e| ClusterError::queue("subscribing to progress", e))?;
    let mut results = queue.results(&run).await?;
    let mut units = BTreeMap::new();
    for part in 1..=parts {
        let mut shard_config = config.clone();
        shard_config.shard = Some(Shard::new(part, parts)?);
        let job = Job::Sim { config: shard_config };
        units.insert(part, (0usize, job.units()));
        queue.publish_job(&JobMessage { format: JOB_FORMAT, run: run.clone(), part, parts, job }).await?;
    }
    events(SubmitEvent::Queued { run: run.clone(), parts });
    let mut got: BTreeMap<usize, SimResults> = BTreeMap::new();
    let mut last_news = Instant::now();
    let mut check = tokio::time::interval(Duration::from_secs(5));
    let total = config.games;
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
                    Ok(Output::Sim { results }) => { got.entry(r.part).or_insert(results); }
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
    let parts: Vec<SimResults> = got.into_values().collect();
    Ok(ai::merge(&parts)?)
}

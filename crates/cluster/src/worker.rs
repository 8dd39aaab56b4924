//! `cardtable worker`: take jobs from the queue one at a time, run them, store their results,
//! then acknowledge them.
//!
//! While a job runs the worker reports progress to the server (`+WPI`) every third of the ack
//! wait, so a long job stays with it; if the worker dies, the reports stop and the server gives
//! the job to another worker once the ack wait has passed.

use crate::error::ClusterError;
use crate::job::{Address, JobMessage, ResultMessage, JOB_FORMAT};
use crate::queue::{Queue, QueueConfig};
use async_nats::jetstream::AckKind;
use futures_util::StreamExt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct WorkerConfig {
    pub queue: QueueConfig,
    /// Threads for one job (0: one per core).
    pub threads: usize,
    /// How long the server waits for an acknowledgement or a progress report before it gives a
    /// job to another worker.
    pub ack_wait: Duration,
    /// Stop after this many jobs (None: run until stopped).
    pub max_jobs: Option<usize>,
}

/// What a worker tells its log.
#[derive(Clone, Debug)]
pub enum WorkerEvent {
    Ready {
        queue: String,
        ack_wait: Duration,
    },
    Started {
        run: String,
        part: usize,
        parts: usize,
        what: String,
        delivery: u64,
    },
    Finished {
        run: String,
        part: usize,
        parts: usize,
        seconds: f64,
    },
    Failed {
        run: String,
        part: usize,
        parts: usize,
        error: String,
    },
    /// A message that is not a job of this build (acknowledged as terminated).
    Refused {
        reason: String,
    },
    /// The server could not be asked for work, or a result could not be stored; the worker
    /// goes on (an unstored result's job is redelivered).
    Retrying {
        error: String,
    },
}

/// Run a worker until `max_jobs` jobs are done (or forever).
pub async fn run_worker(config: WorkerConfig, log: &(dyn Fn(WorkerEvent) + Sync)) -> Result<(), ClusterError> {
    if config.ack_wait < Duration::from_secs(1) {
        return Err(ClusterError::Queue("the ack wait must be at least one second".into()));
    }
    let queue = Queue::connect(config.queue.clone()).await?;
    let consumer = queue.worker_consumer(config.ack_wait).await?;
    log(WorkerEvent::Ready { queue: queue.config.name.clone(), ack_wait: config.ack_wait });
    let mut done = 0usize;
    loop {
        let batch = consumer.fetch().max_messages(1).expires(Duration::from_secs(10)).messages().await;
        let mut batch = match batch {
            Ok(b) => b,
            Err(e) => {
                log(WorkerEvent::Retrying { error: e.to_string() });
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        while let Some(message) = batch.next().await {
            let message = match message {
                Ok(m) => m,
                Err(e) => {
                    log(WorkerEvent::Retrying { error: e.to_string() });
                    break;
                }
            };
            // A result that could not be stored leaves its job unacknowledged: the server
            // redelivers it after the ack wait, and this worker goes on.
            if let Err(e) = handle(&queue, &config, message, log).await {
                log(WorkerEvent::Retrying { error: e.to_string() });
            }
            done += 1;
            if config.max_jobs.is_some_and(|max| done >= max) {
                return Ok(());
            }
        }
    }
}

/// Run one job and answer it. Errors here are the queue's (the result could not be stored):
/// the job is then left unacknowledged and goes to another worker after the ack wait.
async fn handle(
    queue: &Queue,
    config: &WorkerConfig,
    message: async_nats::jetstream::Message,
    log: &(dyn Fn(WorkerEvent) + Sync),
) -> Result<(), ClusterError> {
    let delivery = message.info().map(|i| i.delivered as u64).unwrap_or(1);
    let (message, acker) = message.split();
    let job: JobMessage = match serde_json::from_slice(&message.payload) {
        Ok(job) => job,
        Err(e) => {
            // Answer the submitter if the message says whose it is; never retry it.
            let reason = format!("not a job this worker understands (upgrade the worker?): {e}");
            match serde_json::from_slice::<Address>(&message.payload) {
                Ok(a) => {
                    let failed = ResultMessage {
                        format: JOB_FORMAT,
                        run: a.run,
                        part: a.part,
                        parts: a.parts,
                        outcome: Err(format!("{reason} (job format {})", a.format)),
                    };
                    queue.publish_result(&failed).await?;
                }
                Err(_) => log(WorkerEvent::Refused { reason: reason.clone() }),
            }
            acker.ack_with(AckKind::Term).await.map_err(|e| ClusterError::queue("terminating a bad job", e))?;
            return Ok(());
        }
    };
    let (run, part, parts) = (job.run.clone(), job.part, job.parts);
    if job.format != JOB_FORMAT {
        let error = format!("job format {} (this worker runs {JOB_FORMAT})", job.format);
        log(WorkerEvent::Failed { run: run.clone(), part, parts, error: error.clone() });
        queue.publish_result(&ResultMessage { format: JOB_FORMAT, run, part, parts, outcome: Err(error) }).await?;
        return acker.ack_with(AckKind::Term).await.map_err(|e| ClusterError::queue("terminating a bad job", e));
    }
    log(WorkerEvent::Started { run: run.clone(), part, parts, what: job.job.describe(), delivery });
    let started = Instant::now();
    let units = Arc::new(AtomicUsize::new(0));
    let threads = config.threads;
    let work = {
        let units = units.clone();
        let job = job.job.clone();
        tokio::task::spawn_blocking(move || job.run(threads, &|d| units.store(d, Ordering::Relaxed)))
    };
    tokio::pin!(work);
    let mut keepalive = tokio::time::interval(config.ack_wait / 3);
    keepalive.tick().await;
    let mut progress = tokio::time::interval(Duration::from_millis(500));
    let progress_subject = queue.progress_subject(&run);
    let outcome = loop {
        tokio::select! {
            r = &mut work => break r.unwrap_or_else(|e| Err(format!("the job panicked: {e}"))),
            _ = keepalive.tick() => {
                // Still working: the server restarts this job's ack wait.
                let _ = acker.ack_with(AckKind::Progress).await;
            }
            _ = progress.tick() => {
                let done = units.load(Ordering::Relaxed);
                let body = serde_json::json!({"part": part, "done": done}).to_string();
                let _ = queue.client.publish(progress_subject.clone(), body.into()).await;
            }
        }
    };
    match &outcome {
        Ok(_) => log(WorkerEvent::Finished { run: run.clone(), part, parts, seconds: started.elapsed().as_secs_f64() }),
        Err(e) => log(WorkerEvent::Failed { run: run.clone(), part, parts, error: e.clone() }),
    }
    queue.publish_result(&ResultMessage { format: JOB_FORMAT, run, part, parts, outcome }).await?;
    acker.double_ack().await.map_err(|e| ClusterError::queue("acknowledging a job", e))
}

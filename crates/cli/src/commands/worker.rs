//! `cardtable worker --nats URL`: take jobs from the NATS JetStream work queue (docs/deploy.md).

use anyhow::{Context, Result};
use clap::Args as ClapArgs;
use cluster::{QueueConfig, WorkerConfig, WorkerEvent};
use std::process::ExitCode;
use std::time::Duration;

#[derive(ClapArgs)]
pub struct Args {
    /// The NATS server (JetStream enabled), e.g. `nats://127.0.0.1:4222`.
    #[arg(long)]
    nats: String,
    /// The queue's name; submitters (`sim --nats`) must use the same one.
    #[arg(long, default_value = cluster::DEFAULT_QUEUE)]
    queue: String,
    /// Threads for one job (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Seconds the server waits for word from a worker before it gives the worker's job to
    /// another one (a worker reports progress every third of this while it works).
    #[arg(long, default_value_t = 30)]
    ack_wait: u64,
    /// Stop after this many jobs (default: run until stopped).
    #[arg(long)]
    max_jobs: Option<usize>,
}

fn log(event: WorkerEvent) {
    match event {
        WorkerEvent::Ready { queue, ack_wait } => {
            eprintln!("worker: ready on queue {queue} (ack wait {} s)", ack_wait.as_secs())
        }
        WorkerEvent::Started { run, part, parts, what, delivery } => {
            let again = if delivery > 1 { format!(" (delivery {delivery})") } else { String::new() };
            eprintln!("worker: run {run} part {part}/{parts} started: {what}{again}")
        }
        WorkerEvent::Finished { run, part, parts, seconds } => {
            eprintln!("worker: run {run} part {part}/{parts} done in {seconds:.1} s")
        }
        WorkerEvent::Failed { run, part, parts, error } => {
            eprintln!("worker: run {run} part {part}/{parts} failed: {error}")
        }
        WorkerEvent::Refused { reason } => eprintln!("worker: refused a message: {reason}"),
        WorkerEvent::Retrying { error } => eprintln!("worker: {error}; going on"),
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let config = WorkerConfig {
        queue: QueueConfig { url: args.nats, name: args.queue },
        threads: args.threads,
        ack_wait: Duration::from_secs(args.ack_wait),
        max_jobs: args.max_jobs,
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(cluster::run_worker(config, &log))?;
    Ok(ExitCode::SUCCESS)
}

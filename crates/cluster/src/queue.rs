//! The queue on the NATS server: two JetStream streams and the names around them.
//!
//! For a queue named `Q` (default `cardtable`):
//! - stream `Q_JOBS`, subject `Q.jobs`: work-queue retention, so a job is removed once a worker
//!   acknowledges it; workers share the durable pull consumer `workers` (explicit ack);
//! - stream `Q_RESULTS`, subjects `Q.results.RUN`: each result kept until its submitter has read
//!   it (then purged) or for a day;
//! - core subject `Q.progress.RUN`: workers' progress, best effort, for progress bars.
//!
//! Jobs and results carry a `Nats-Msg-Id` of `RUN.PART`: a repeat within two minutes is dropped
//! by the server, and the submitter keeps only the first result of a part anyway.

use crate::error::ClusterError;
use crate::job::{JobMessage, ResultMessage};
use async_nats::jetstream::{self, consumer, context::Publish, stream};
use std::time::Duration;

pub const DEFAULT_QUEUE: &str = "cardtable";

/// The durable consumer the workers share.
const WORKERS: &str = "workers";

#[derive(Clone, Debug)]
pub struct QueueConfig {
    /// `nats://host:port` (several servers: comma-separated).
    pub url: String,
    /// The queue's name: letters, digits, `-` and `_`. Workers and submitters of one queue must
    /// agree on it; separate queues share a server without seeing each other's jobs.
    pub name: String,
}

impl QueueConfig {
    pub fn new(url: &str) -> Self {
        QueueConfig { url: url.to_string(), name: DEFAULT_QUEUE.to_string() }
    }
}

/// A connection to one queue.
pub struct Queue {
    pub config: QueueConfig,
    pub client: async_nats::Client,
    pub jetstream: jetstream::Context,
}

fn check_name(name: &str) -> Result<(), ClusterError> {
    if name.is_empty() || name.len() > 64 || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(ClusterError::Queue(format!("queue name '{name}': use 1 to 64 letters, digits, '-' or '_'")));
    }
    Ok(())
}

impl Queue {
    /// Connect and make sure the queue's streams exist.
    pub async fn connect(config: QueueConfig) -> Result<Queue, ClusterError> {
        check_name(&config.name)?;
        let nats_err =
            |e: &dyn std::fmt::Display| ClusterError::Nats { url: config.url.clone(), message: e.to_string() };
        let client = async_nats::ConnectOptions::new()
            .connection_timeout(Duration::from_secs(5))
            .name("cardtable")
            .connect(config.url.as_str())
            .await
            .map_err(|e| nats_err(&e))?;
        let jetstream = jetstream::new(client.clone());
        let queue = Queue { config, client, jetstream };
        queue.ensure_streams().await?;
        Ok(queue)
    }

    pub fn jobs_stream(&self) -> String {
        format!("{}_JOBS", self.config.name)
    }
    pub fn results_stream(&self) -> String {
        format!("{}_RESULTS", self.config.name)
    }
    pub fn jobs_subject(&self) -> String {
        format!("{}.jobs", self.config.name)
    }
    pub fn results_subject(&self, run: &str) -> String {
        format!("{}.results.{run}", self.config.name)
    }
    pub fn progress_subject(&self, run: &str) -> String {
        format!("{}.progress.{run}", self.config.name)
    }

    async fn ensure_streams(&self) -> Result<(), ClusterError> {
        let jobs = stream::Config {
            name: self.jobs_stream(),
            subjects: vec![self.jobs_subject()],
            retention: stream::RetentionPolicy::WorkQueue,
            storage: stream::StorageType::File,
            max_age: Duration::from_secs(7 * 24 * 3600),
            duplicate_window: Duration::from_secs(120),
            ..Default::default()
        };
        let results = stream::Config {
            name: self.results_stream(),
            subjects: vec![format!("{}.results.>", self.config.name)],
            retention: stream::RetentionPolicy::Limits,
            storage: stream::StorageType::File,
            max_age: Duration::from_secs(24 * 3600),
            duplicate_window: Duration::from_secs(120),
            ..Default::default()
        };
        for config in [jobs, results] {
            let name = config.name.clone();
            self.jetstream.get_or_create_stream(config).await.map_err(|e| {
                ClusterError::Queue(format!("cannot open stream {name} (is JetStream enabled on the server?): {e}"))
            })?;
        }
        Ok(())
    }

    /// Put a job on the queue; returns once the server has stored it.
    pub async fn publish_job(&self, job: &JobMessage) -> Result<(), ClusterError> {
        let payload = serde_json::to_vec(job).map_err(|e| ClusterError::BadMessage(e.to_string()))?;
        let publish = Publish::build().payload(payload.into()).message_id(format!("{}.{}", job.run, job.part));
        let ack = self
            .jetstream
            .send_publish(self.jobs_subject(), publish)
            .await
            .map_err(|e| ClusterError::queue("publishing a job", e))?;
        ack.await.map_err(|e| ClusterError::queue("the server did not store a job", e))?;
        Ok(())
    }

    /// Store a result; returns once the server has stored it. A result larger than the server
    /// takes (`max_payload`) is replaced by a failure saying so, so the submitter hears of it.
    pub async fn publish_result(&self, result: &ResultMessage) -> Result<(), ClusterError> {
        let mut payload = serde_json::to_vec(result).map_err(|e| ClusterError::BadMessage(e.to_string()))?;
        let max = self.client.server_info().max_payload;
        if payload.len() + 1024 > max {
            let failed = ResultMessage {
                outcome: Err(format!(
                    "the result is {} bytes and the NATS server takes at most {max}: split the run into more parts (--shards)",
                    payload.len()
                )),
                ..result.clone()
            };
            payload = serde_json::to_vec(&failed).map_err(|e| ClusterError::BadMessage(e.to_string()))?;
        }
        let publish = Publish::build().payload(payload.into()).message_id(format!("{}.{}", result.run, result.part));
        let ack = self
            .jetstream
            .send_publish(self.results_subject(&result.run), publish)
            .await
            .map_err(|e| ClusterError::queue("publishing a result", e))?;
        ack.await.map_err(|e| ClusterError::queue("the server did not store a result", e))?;
        Ok(())
    }

    /// The workers' shared consumer, with this ack wait: a job not acknowledged (nor reported
    /// in progress) for that long goes to another worker. The last worker to start sets it.
    pub async fn worker_consumer(&self, ack_wait: Duration) -> Result<consumer::PullConsumer, ClusterError> {
        let stream = self
            .jetstream
            .get_stream(self.jobs_stream())
            .await
            .map_err(|e| ClusterError::queue("opening the jobs stream", e))?;
        let config = consumer::pull::Config {
            durable_name: Some(WORKERS.to_string()),
            ack_policy: consumer::AckPolicy::Explicit,
            ack_wait,
            max_deliver: -1,
            ..Default::default()
        };
        match stream.get_consumer::<consumer::pull::Config>(WORKERS).await {
            Ok(mut existing) => {
                let current = existing.info().await.map_err(|e| ClusterError::queue("reading the consumer", e))?;
                if current.config.ack_wait != ack_wait {
                    // Creating a durable consumer that exists changes its editable settings.
                    return stream
                        .create_consumer(config)
                        .await
                        .map_err(|e| ClusterError::queue("setting the consumer's ack wait", e));
                }
                Ok(existing)
            }
            Err(_) => stream.create_consumer(config).await.map_err(|e| ClusterError::queue("creating the consumer", e)),
        }
    }

    /// Every result of `run` so far and from now on, in order.
    pub async fn results(&self, run: &str) -> Result<consumer::pull::Ordered, ClusterError> {
        let stream = self
            .jetstream
            .get_stream(self.results_stream())
            .await
            .map_err(|e| ClusterError::queue("opening the results stream", e))?;
        let consumer = stream
            .create_consumer(consumer::pull::OrderedConfig {
                filter_subject: self.results_subject(run),
                deliver_policy: consumer::DeliverPolicy::All,
                ..Default::default()
            })
            .await
            .map_err(|e| ClusterError::queue("reading results", e))?;
        consumer.messages().await.map_err(|e| ClusterError::queue("reading results", e))
    }

    /// Forget `run`'s results (the submitter has them).
    pub async fn purge_run(&self, run: &str) -> Result<(), ClusterError> {
        let stream = self
            .jetstream
            .get_stream(self.results_stream())
            .await
            .map_err(|e| ClusterError::queue("opening the results stream", e))?;
        stream
            .purge()
            .filter(self.results_subject(run))
            .await
            .map_err(|e| ClusterError::queue("purging results", e))?;
        Ok(())
    }

    /// Remove this queue's streams and everything in them (tests; `cardtable worker` never does).
    pub async fn delete(&self) -> Result<(), ClusterError> {
        for name in [self.jobs_stream(), self.results_stream()] {
            self.jetstream.delete_stream(&name).await.map_err(|e| ClusterError::queue("deleting a stream", e))?;
        }
        Ok(())
    }
}

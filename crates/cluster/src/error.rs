//! What can go wrong between the submitter, the queue and the workers.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum ClusterError {
    /// The NATS server could not be reached or refused a request.
    #[error("NATS at {url}: {message}")]
    Nats { url: String, message: String },
    /// A request to the server failed after connecting.
    #[error("NATS: {0}")]
    Queue(String),
    /// A job was refused or failed on a worker.
    #[error("part {part} of {parts} failed on a worker: {message}")]
    JobFailed { part: usize, parts: usize, message: String },
    /// A message that is not a job or result of this build.
    #[error("bad message: {0}")]
    BadMessage(String),
    #[error(transparent)]
    Ai(#[from] ai::AiError),
}

impl ClusterError {
    pub(crate) fn queue(what: &str, e: impl std::fmt::Display) -> Self {
        ClusterError::Queue(format!("{what}: {e}"))
    }
}

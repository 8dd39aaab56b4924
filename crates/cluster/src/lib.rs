//! Work across machines (docs/deploy.md): a NATS JetStream work queue that `cardtable worker`
//! processes take jobs from, and the submitting side that splits a run into jobs, gathers the
//! results and joins them.
//!
//! Delivery is acknowledged: a worker acknowledges a job only after its result is stored, and
//! tells the server it is still working while a long job runs. A worker that dies mid-job
//! (kill -9, a lost machine) stops doing so, and after the ack wait the server hands the job to
//! another worker. Jobs are deterministic functions of their message, so a job run twice gives
//! the same result, and the submitter keeps the first result of each part: repeats are harmless.
//!
//! The job types are one enum, [`Job`]; adding a kind is described on it.

pub mod error;
pub mod job;
pub mod queue;
pub mod submit;
pub mod worker;

pub use error::ClusterError;
pub use job::{Job, JobMessage, Output, ResultMessage, SolveJob, JOB_FORMAT};
pub use queue::{Queue, QueueConfig, DEFAULT_QUEUE};
pub use submit::{default_parts, submit_jobs, submit_rating, submit_sim, submit_solve, SubmitEvent, SubmitProgress};
pub use worker::{run_worker, WorkerConfig, WorkerEvent};

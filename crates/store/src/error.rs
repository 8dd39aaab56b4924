//! Store errors: one line each, naming the problem.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("store configuration: {0}")]
    Config(String),
    #[error("migration {version} failed: {message}")]
    Migration { version: i64, message: String },
    #[error("not found: {0}")]
    NotFound(String),
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// The caller's input is not acceptable (nothing was written).
    #[error("invalid: {0}")]
    Invalid(String),
}

impl StoreError {
    pub fn is_conflict(&self) -> bool {
        matches!(self, StoreError::Conflict(_))
    }
}

//! Group commit for action appends. Every append is queued to one writer task, which takes
//! whatever has queued up (up to [`MAX_BATCH`]) and writes it in ONE transaction, then tells
//! each caller its own result. A caller returns only after the transaction holding its action
//! has committed, so "stored before announced" holds; under load, one commit serves many
//! tables instead of each paying for its own.
//!
//! Each action is checked inside the transaction: it must extend its table's log by exactly
//! one and the table must be playing; an action that fails the check is simply not written
//! (its caller gets a conflict) and does not disturb the others. If the database itself fails
//! during a batch, the batch is rolled back and each action is retried in a transaction of its
//! own, so one bad row never takes others down with it.

use crate::{ActionRecord, Result, StoreError};
use serde_json::Value;
use sqlx::{AnyConnection, AnyPool};
use tokio::sync::{mpsc, oneshot};

pub const MAX_BATCH: usize = 256;

pub(crate) struct Job {
    pub table_id: String,
    pub action: ActionRecord,
    /// `Some(result)`: the action ends the game; mark the table finished (with this server result).
    pub finish: Option<Option<Value>>,
}

type Reply = oneshot::Sender<Result<()>>;

#[derive(Clone)]
pub(crate) struct Appender {
    tx: mpsc::UnboundedSender<(Job, Reply)>,
}

impl Appender {
    /// Start the writer task on `writer` (it ends when every handle is dropped).
    pub fn start(writer: AnyPool) -> Appender {
        let (tx, mut rx) = mpsc::unbounded_channel::<(Job, Reply)>();
        tokio::spawn(async move {
            while let Some(first) = rx.recv().await {
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH {
                    match rx.try_recv() {
                        Ok(j) => batch.push(j),
                        Err(_) => break,
                    }
                }
                let results = write_batch(&writer, &batch).await;
                for ((_, reply), r) in batch.into_iter().zip(results) {
                    let _ = reply.send(r);
                }
            }
        });
        Appender { tx }
    }

    pub async fn append(&self, job: Job) -> Result<()> {
        let (reply, answer) = oneshot::channel();
        self.tx.send((job, reply)).map_err(|_| StoreError::Config("the store is closed".into()))?;
        answer.await.map_err(|_| StoreError::Config("the store's writer stopped".into()))?
    }
}

async fn write_batch(writer: &AnyPool, batch: &[(Job, Reply)]) -> Vec<Result<()>> {
    match try_batch(writer, batch.iter().map(|(j, _)| j)).await {
        Ok(stored) => stored.into_iter().zip(batch).map(|(ok, (j, _))| checked(ok, j)).collect(),
        Err(_) if batch.len() > 1 => {
            let mut out = Vec::with_capacity(batch.len());
            for (j, _) in batch {
                out.push(match try_batch(writer, std::iter::once(j)).await {
                    Ok(stored) => checked(stored[0], j),
                    Err(e) => Err(e.into()),
                });
            }
            out
        }
        Err(e) => vec![Err(e.into())],
    }
}

fn checked(stored: bool, j: &Job) -> Result<()> {
    if stored {
        Ok(())
    } else {
        Err(StoreError::Conflict(format!(
            "action {} does not extend the log of table {}, or the table is not playing",
            j.action.seq, j.table_id
        )))
    }
}

/// Write the jobs in one transaction; per job, whether it was stored.
async fn try_batch<'a>(
    writer: &AnyPool,
    jobs: impl Iterator<Item = &'a Job>,
) -> std::result::Result<Vec<bool>, sqlx::Error> {
    let mut tx = writer.begin().await?;
    let mut stored = Vec::new();
    for j in jobs {
        stored.push(write_one(&mut tx, j).await?);
    }
    tx.commit().await?;
    Ok(stored)
}

async fn write_one(conn: &mut AnyConnection, j: &Job) -> std::result::Result<bool, sqlx::Error> {
    // One statement that writes first (taking the write lock) and checks in the same breath.
    let done = sqlx::query(
        "INSERT INTO actions (table_id, seq, notation, seat, created_at, client_id) \
         SELECT $1, $2, $3, $4, $5, $7 \
         WHERE (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = $1) = $6 \
         AND EXISTS (SELECT 1 FROM tables WHERE id = $1 AND status = 'playing')",
    )
    .bind(&j.table_id)
    .bind(j.action.seq as i64)
    .bind(&j.action.notation)
    .bind(i64::from(j.action.seat))
    .bind(j.action.created_at)
    .bind(j.action.seq as i64 - 1)
    .bind(j.action.client_id.as_deref())
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    if let Some(result) = &j.finish {
        sqlx::query("UPDATE tables SET status = 'finished', result = $1, updated_at = $2 WHERE id = $3")
            .bind(result.as_ref().map(Value::to_string))
            .bind(crate::now_ms())
            .bind(&j.table_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(true)
}

//! Tables, their seats and their action logs. A table's game is rebuilt by replaying its log
//! (design.md §3), so the log is the truth: every append is one transaction, checked to extend
//! the log by exactly one action while the table is playing.

use crate::{now_ms, ActionRecord, Result, SeatKind, SeatRecord, Store, StoreError, TableRecord, TableStatus};
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::Row;

const TABLE_COLUMNS: &str =
    "id, game, options, setup, seed, status, result, clock_secs, created_by, created_at, updated_at, creator_id, dev_settings";

fn json_of(id: &str, what: &str, text: Option<String>) -> Result<Option<Value>> {
    text.map(|t| serde_json::from_str(&t).map_err(|e| StoreError::Corrupt(format!("table {id} {what}: {e}"))))
        .transpose()
}

fn table_of(r: &AnyRow) -> Result<TableRecord> {
    let id: String = r.try_get("id")?;
    let status: String = r.try_get("status")?;
    let clock: Option<i64> = r.try_get("clock_secs")?;
    Ok(TableRecord {
        game: r.try_get("game")?,
        options: json_of(&id, "options", Some(r.try_get("options")?))?.unwrap_or(Value::Null),
        setup: json_of(&id, "setup", r.try_get("setup")?)?,
        seed: r.try_get::<i64, _>("seed")? as u64,
        status: TableStatus::parse(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("table {id} has status '{status}'")))?,
        result: json_of(&id, "result", r.try_get("result")?)?,
        clock_secs: clock.map(|c| c.clamp(0, u32::MAX as i64) as u32),
        created_by: r.try_get("created_by")?,
        creator_id: r.try_get("creator_id")?,
        dev_settings: r.try_get::<i64, _>("dev_settings")? != 0,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
        seats: Vec::new(),
        id,
    })
}

fn seat_of(r: &AnyRow) -> Result<SeatRecord> {
    let kind: String = r.try_get("kind")?;
    let index: i64 = r.try_get("seat_index")?;
    Ok(SeatRecord {
        index: u8::try_from(index).map_err(|_| StoreError::Corrupt(format!("seat index {index}")))?,
        kind: SeatKind::parse(&kind).ok_or_else(|| StoreError::Corrupt(format!("seat kind '{kind}'")))?,
        player_name: r.try_get("player_name")?,
        account_id: r.try_get("account_id")?,
        guest_id: r.try_get("guest_id")?,
        bot_spec: r.try_get("bot_spec")?,
        token_hash: r.try_get("token")?,
    })
}

impl Store {
    /// Record a new table and its seats in one transaction.
    pub async fn create_table(&self, t: &TableRecord) -> Result<()> {
        let mut tx = self.writer().begin().await?;
        sqlx::query(&format!(
            "INSERT INTO tables ({TABLE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
        ))
        .bind(&t.id)
        .bind(&t.game)
        .bind(t.options.to_string())
        .bind(t.setup.as_ref().map(Value::to_string))
        .bind(t.seed as i64)
        .bind(t.status.as_str())
        .bind(t.result.as_ref().map(Value::to_string))
        .bind(t.clock_secs.map(i64::from))
        .bind(&t.created_by)
        .bind(t.created_at)
        .bind(t.updated_at)
        .bind(t.creator_id.as_deref())
        .bind(i64::from(t.dev_settings))
        .execute(&mut *tx)
        .await?;
        for s in &t.seats {
            sqlx::query(
                "INSERT INTO seats (table_id, seat_index, kind, player_name, account_id, bot_spec, token, guest_id) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&t.id)
            .bind(i64::from(s.index))
            .bind(s.kind.as_str())
            .bind(s.player_name.as_deref())
            .bind(s.account_id.as_deref())
            .bind(s.bot_spec.as_deref())
            .bind(s.token_hash.as_deref())
            .bind(s.guest_id.as_deref())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn seats_of(&self, table_id: &str) -> Result<Vec<SeatRecord>> {
        let rows = sqlx::query(
            "SELECT seat_index, kind, player_name, account_id, guest_id, bot_spec, token FROM seats WHERE table_id = $1 ORDER BY seat_index",
        )
        .bind(table_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(seat_of).collect()
    }

    pub async fn table(&self, id: &str) -> Result<Option<TableRecord>> {
        let row = sqlx::query(&format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"))
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        let Some(row) = row else { return Ok(None) };
        let mut t = table_of(&row)?;
        t.seats = self.seats_of(&t.id).await?;
        Ok(Some(t))
    }

    /// Tables with one of these statuses, newest first, at most `limit`.
    pub async fn list_tables(&self, statuses: &[TableStatus], limit: i64) -> Result<Vec<TableRecord>> {
        if statuses.is_empty() {
            return Ok(Vec::new());
        }
        // The statuses are our own constants, never user text.
        let list: Vec<String> = statuses.iter().map(|s| format!("'{}'", s.as_str())).collect();
        let rows = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables WHERE status IN ({}) ORDER BY created_at DESC, id LIMIT $1",
            list.join(", ")
        ))
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let mut t = table_of(r)?;
            t.seats = self.seats_of(&t.id).await?;
            out.push(t);
        }
        Ok(out)
    }

    /// Every table not yet finished (nor broken): what a restarting server rebuilds.
    pub async fn unfinished_tables(&self) -> Result<Vec<TableRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables WHERE status NOT IN ('finished', 'broken') ORDER BY created_at, id"
        ))
        .fetch_all(self.pool())
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let mut t = table_of(r)?;
            t.seats = self.seats_of(&t.id).await?;
            out.push(t);
        }
        Ok(out)
    }

    /// Replace a seat's occupant. With `only_if`, the seat must currently be of one of those
    /// kinds (so two players racing for one seat cannot both get it).
    pub async fn update_seat(&self, table_id: &str, seat: &SeatRecord, only_if: &[SeatKind]) -> Result<()> {
        let mut sql = String::from(
            "UPDATE seats SET kind = $1, player_name = $2, account_id = $3, bot_spec = $4, token = $5, guest_id = $8 \
             WHERE table_id = $6 AND seat_index = $7",
        );
        if !only_if.is_empty() {
            // The kinds are our own constants, never user text.
            let kinds: Vec<String> = only_if.iter().map(|k| format!("'{}'", k.as_str())).collect();
            sql.push_str(&format!(" AND kind IN ({})", kinds.join(", ")));
        }
        let done = sqlx::query(&sql)
            .bind(seat.kind.as_str())
            .bind(seat.player_name.as_deref())
            .bind(seat.account_id.as_deref())
            .bind(seat.bot_spec.as_deref())
            .bind(seat.token_hash.as_deref())
            .bind(table_id)
            .bind(i64::from(seat.index))
            .bind(seat.guest_id.as_deref())
            .execute(self.writer())
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Conflict(format!(
                "seat {} of table {table_id} does not exist or is no longer free",
                seat.index
            )));
        }
        Ok(())
    }

    /// Mark a table broken: its record no longer rebuilds the game, for `reason`.
    pub async fn mark_broken(&self, id: &str, reason: &str) -> Result<()> {
        self.set_table_status(id, TableStatus::Broken, Some(&serde_json::json!({ "broken": reason }))).await
    }

    /// Change a table's status (and the server-recorded result, if any).
    pub async fn set_table_status(&self, id: &str, status: TableStatus, result: Option<&Value>) -> Result<()> {
        let done = sqlx::query("UPDATE tables SET status = $1, result = $2, updated_at = $3 WHERE id = $4")
            .bind(status.as_str())
            .bind(result.map(Value::to_string))
            .bind(now_ms())
            .bind(id)
            .execute(self.writer())
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!("table {id}")));
        }
        Ok(())
    }

    /// Append one action to a playing table's log, in one transaction. `action.seq` must be one
    /// past the last stored action (else a conflict). With `finish`, the table is marked finished
    /// in the same transaction (`Some(result)` records a server result as well). Returns once
    /// the transaction has committed (see [`crate::appender`] for how appends are grouped).
    pub async fn append_action(
        &self,
        table_id: &str,
        action: &ActionRecord,
        finish: Option<Option<&Value>>,
    ) -> Result<()> {
        let job = crate::appender::Job {
            table_id: table_id.to_string(),
            action: action.clone(),
            finish: finish.map(|r| r.cloned()),
        };
        self.appender().append(job).await
    }

    /// The action log of a table, in order.
    pub async fn actions(&self, table_id: &str) -> Result<Vec<ActionRecord>> {
        let rows = sqlx::query(
            "SELECT seq, notation, seat, created_at, client_id FROM actions WHERE table_id = $1 ORDER BY seq",
        )
        .bind(table_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRecord {
                    seq: r.try_get::<i64, _>("seq")? as u64,
                    notation: r.try_get("notation")?,
                    seat: r.try_get::<i64, _>("seat")? as u8,
                    created_at: r.try_get("created_at")?,
                    client_id: r.try_get("client_id")?,
                })
            })
            .collect()
    }

    /// Remove the last action (`seq` must be the last one), in one transaction: the undo path.
    pub async fn pop_action(&self, table_id: &str, seq: u64) -> Result<()> {
        let mut tx = self.writer().begin().await?;
        let done = sqlx::query(
            "DELETE FROM actions WHERE table_id = $1 AND seq = $2 \
             AND seq = (SELECT MAX(seq) FROM actions WHERE table_id = $1)",
        )
        .bind(table_id)
        .bind(seq as i64)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict(format!("action {seq} is not the last action of table {table_id}")));
        }
        tx.commit().await?;
        Ok(())
    }
}

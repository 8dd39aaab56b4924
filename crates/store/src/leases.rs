//! Table leases for server nodes (docs/deploy.md "Several server nodes"): each live table is
//! owned by at most one node at a time, until its lease expires; the owner renews its leases
//! with every heartbeat. Taking a lease is one compare-and-set statement: it succeeds when the
//! table has no lease, its lease has expired, or the node already holds it.
//!
//! Times are Unix milliseconds from the nodes' clocks: keep them in step (NTP); a clock that is
//! off by more than the lease time could take a live node's table. Even then no action is
//! applied twice or lost: an action is stored only if it extends the table's log by exactly one
//! ([`crate::appender`]), so of two nodes that both believe they own a table only one can store
//! each move.

use crate::{now_ms, Result, Store};
use sqlx::Row;

impl Store {
    /// Take (or keep) the lease of `table_id` for `node` for `ttl_ms` from now. `Ok(None)`: this
    /// node holds it now; `Ok(Some(owner))`: another node holds a lease that has not expired.
    pub async fn acquire_lease(&self, table_id: &str, node: &str, ttl_ms: i64) -> Result<Option<String>> {
        // Twice: the lease may expire or be released between the set and the look-up.
        for _ in 0..2 {
            if self.take_lease(table_id, node, ttl_ms).await? {
                return Ok(None);
            }
            match self.lease_owner(table_id).await? {
                Some((owner, expires)) if owner != node && expires >= now_ms() => return Ok(Some(owner)),
                _ => {}
            }
        }
        Ok(self.lease_owner(table_id).await?.map(|(owner, _)| owner).filter(|o| o != node))
    }

    /// The compare-and-set: whether `node` holds the lease after it.
    async fn take_lease(&self, table_id: &str, node: &str, ttl_ms: i64) -> Result<bool> {
        let now = now_ms();
        let done = sqlx::query(
            "INSERT INTO table_leases (table_id, node_id, expires_at) VALUES ($1, $2, $3) \
             ON CONFLICT (table_id) DO UPDATE SET node_id = excluded.node_id, expires_at = excluded.expires_at \
             WHERE table_leases.expires_at < $4 OR table_leases.node_id = excluded.node_id",
        )
        .bind(table_id)
        .bind(node)
        .bind(now + ttl_ms)
        .bind(now)
        .execute(self.writer())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Who holds the lease of `table_id` and until when (Unix ms), if anyone has one (expired or not).
    pub async fn lease_owner(&self, table_id: &str) -> Result<Option<(String, i64)>> {
        let row = sqlx::query("SELECT node_id, expires_at FROM table_leases WHERE table_id = $1")
            .bind(table_id)
            .fetch_optional(self.pool())
            .await?;
        Ok(match row {
            Some(r) => Some((r.try_get("node_id")?, r.try_get("expires_at")?)),
            None => None,
        })
    }

    /// The heartbeat: extend every lease `node` holds to `ttl_ms` from now; returns the tables
    /// it still holds (a table missing from the answer was taken by another node).
    pub async fn renew_leases(&self, node: &str, ttl_ms: i64) -> Result<Vec<String>> {
        sqlx::query("UPDATE table_leases SET expires_at = $1 WHERE node_id = $2")
            .bind(now_ms() + ttl_ms)
            .bind(node)
            .execute(self.writer())
            .await?;
        let rows = sqlx::query("SELECT table_id FROM table_leases WHERE node_id = $1")
            .bind(node)
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(|r| Ok(r.try_get("table_id")?)).collect()
    }

    /// Give up the lease of `table_id` if `node` holds it.
    pub async fn release_lease(&self, table_id: &str, node: &str) -> Result<()> {
        sqlx::query("DELETE FROM table_leases WHERE table_id = $1 AND node_id = $2")
            .bind(table_id)
            .bind(node)
            .execute(self.writer())
            .await?;
        Ok(())
    }

    /// Unfinished tables (lobby or playing) that no node holds a live lease on: the tables of a
    /// node that died, waiting for another node to take them over.
    pub async fn orphan_tables(&self, limit: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(
            "SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id \
             WHERE t.status IN ('lobby', 'playing') AND (l.table_id IS NULL OR l.expires_at < $1) \
             ORDER BY t.created_at, t.id LIMIT $2",
        )
        .bind(now_ms())
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }
}

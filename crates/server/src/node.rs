//! Server nodes (docs/deploy.md "Several server nodes"): several `cardtable serve` processes
//! share one PostgreSQL database (the truth: every action is stored before it is announced) and
//! one NATS server (the wires between the nodes).
//!
//! Each live table is owned by one node at a time: a lease in the database
//! ([`store::Store::acquire_lease`]) that the owner renews on every heartbeat (a third of the
//! lease time). The owner alone holds the table in memory, runs its bots and clocks and
//! applies its actions; any other node passes a request for the table to the owner over NATS
//! ([`crate::relay`]). A node that finds a table without a live lease (its owner died or lost
//! its lease) takes it over: it rebuilds the table from the action log and starts its bots and
//! clocks again. A node that finds one of its leases taken by another node drops the table
//! and closes its sockets with close code 4002 (the clients reconnect).
//!
//! NATS subjects, for a cluster named `C` (`--cluster`, default `cardtable`):
//! - `C.node.N.http`: requests about tables owned by node `N`, forwarded by other nodes;
//! - `C.node.N.ws`: other nodes opening a table socket on node `N` for one of their clients;
//! - `C.table.T.conn.K.in` / `.out`: the frames of relayed socket `K` of table `T`, from the
//!   client's node to the owner and back.

use crate::app::{App, LoadError};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracing::{info, warn};

/// The cluster name when none is given: the prefix of every NATS subject of the nodes.
pub const DEFAULT_CLUSTER: &str = "cardtable";
/// How long a lease lasts unless renewed; a dead owner's tables move after about this long.
pub const DEFAULT_LEASE_MS: u64 = 5000;
/// Orphan tables one heartbeat takes over at most (the rest wait for the next heartbeat).
const ORPHANS_PER_BEAT: i64 = 200;

/// How this process joins a cluster of nodes (`cardtable serve --nats URL`).
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// `nats://host:4222` (several servers: comma-separated).
    pub nats_url: String,
    /// This node's name: unique in the cluster; letters, digits, `-` and `_`.
    pub node_id: String,
    /// The cluster's name: nodes with the same name on the same NATS serve the same site.
    pub cluster: String,
    /// Lease time in milliseconds (at least 300).
    pub lease_ms: u64,
}

impl NodeConfig {
    pub fn new(nats_url: &str) -> NodeConfig {
        NodeConfig {
            nats_url: nats_url.to_string(),
            node_id: random_node_id(),
            cluster: DEFAULT_CLUSTER.to_string(),
            lease_ms: DEFAULT_LEASE_MS,
        }
    }
}

/// A node id for a node started without `--node-id`: `node-` and 8 random hex digits.
pub fn random_node_id() -> String {
    format!("node-{}", &store::new_id()[..8])
}

/// Node ids and cluster names go into NATS subjects: 1 to 64 letters, digits, `-` or `_`.
pub fn check_name(what: &str, name: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 64 || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!("{what} '{name}': use 1 to 64 letters, digits, '-' or '_'"));
    }
    Ok(())
}

/// This process as a node of a cluster.
pub struct Node {
    pub id: String,
    pub cluster: String,
    pub nats: async_nats::Client,
    pub lease_ms: i64,
}

impl Node {
    pub async fn connect(config: &NodeConfig) -> anyhow::Result<Node> {
        check_name("node id", &config.node_id).map_err(anyhow::Error::msg)?;
        check_name("cluster name", &config.cluster).map_err(anyhow::Error::msg)?;
        if config.lease_ms < 300 {
            anyhow::bail!("the lease time must be at least 300 ms (it is {} ms)", config.lease_ms);
        }
        let nats = async_nats::ConnectOptions::new()
            .connection_timeout(Duration::from_secs(5))
            .name(format!("cardtable node {}", config.node_id))
            .connect(config.nats_url.as_str())
            .await
            .map_err(|e| anyhow::anyhow!("cannot reach NATS at {}: {e}", config.nats_url))?;
        Ok(Node { id: config.node_id.clone(), cluster: config.cluster.clone(), nats, lease_ms: config.lease_ms as i64 })
    }

    pub fn lease(&self) -> Duration {
        Duration::from_millis(self.lease_ms as u64)
    }

    /// `C.node.N.WHAT`: what node `node` listens on.
    pub fn node_subject(&self, node: &str, what: &str) -> String {
        format!("{}.node.{node}.{what}", self.cluster)
    }

    /// `C.table.T.conn.K.DIR`: one direction of a relayed socket.
    pub fn conn_subject(&self, table: &str, conn: &str, dir: &str) -> String {
        format!("{}.table.{table}.conn.{conn}.{dir}", self.cluster)
    }
}

/// The heartbeat, every third of the lease time for as long as the app lives: renew this
/// node's leases, let go of the tables another node took, and take over orphan tables.
pub fn spawn_heartbeat(app: &Arc<App>) {
    let Some(node) = app.node.clone() else { return };
    let weak = Arc::downgrade(app);
    let every = Duration::from_millis((node.lease_ms / 3).max(100) as u64);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_ok = Instant::now();
        loop {
            tick.tick().await;
            let Some(app) = weak.upgrade() else { break };
            // Only tables loaded before the renewal can be judged by its answer.
            let before = app.live_ids();
            match app.store.renew_leases(&node.id, node.lease_ms).await {
                Ok(held) => {
                    last_ok = Instant::now();
                    let held: HashSet<String> = held.into_iter().collect();
                    for id in before.iter().filter(|id| !held.contains(*id)) {
                        warn!(node = %node.id, table = %id, "another node took this table's lease: letting the table go");
                        app.evict(id).await;
                    }
                }
                Err(e) => {
                    warn!(node = %node.id, error = %e, "cannot renew the leases");
                    if last_ok.elapsed() > node.lease() {
                        // Other nodes may have taken them by now: stop acting as their owner.
                        for id in &before {
                            app.evict(id).await;
                        }
                    }
                    continue;
                }
            }
            take_orphans(&app, &node).await;
        }
    });
}

/// Take over the unfinished tables no node holds a live lease on: rebuilt from the action log,
/// bots and clocks started ([`App::table`]).
async fn take_orphans(app: &Arc<App>, node: &Node) {
    let ids = match app.store.orphan_tables(ORPHANS_PER_BEAT).await {
        Ok(ids) => ids,
        Err(e) => {
            warn!(node = %node.id, error = %e, "cannot look for orphan tables");
            return;
        }
    };
    for id in ids {
        match app.table(&id).await {
            Ok(Some(_)) => info!(node = %node.id, table = %id, "took over the table"),
            Ok(None) | Err(LoadError::Elsewhere { .. }) => {}
            Err(e) => warn!(node = %node.id, table = %id, error = %e, "cannot take over the table"),
        }
    }
}

//! The server's shared state: the store, the games on offer, the bot host and the live tables.

use crate::bots::BotHost;
use crate::limits::{IpCounter, Limits};
use crate::table::{Table, TableState};
use engine::Registry;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use store::Store;

pub struct App {
    pub store: Store,
    pub registry: Registry,
    pub bots: Arc<dyn BotHost>,
    pub limits: Limits,
    pub session_ttl_ms: i64,
    pub ips: Arc<IpCounter>,
    /// Cookies always `Secure` (`cardtable serve --secure-cookies`).
    pub secure_cookies: bool,
    /// Tables may use setup fields that fix hidden order (`cardtable serve --dev-settings`).
    pub dev_settings: bool,
    pub logins: crate::accounts::LoginThrottle,
    /// This process as one node of several (`cardtable serve --nats`): tables are leased,
    /// requests for another node's tables are passed on ([`crate::node`], [`crate::relay`]).
    pub node: Option<Arc<crate::node::Node>>,
    pub metrics: crate::metrics::Metrics,
    /// The app itself, for tables loaded on demand (their bots and clocks start at once).
    pub me: OnceLock<Weak<App>>,
    tables: Mutex<HashMap<String, Arc<Table>>>,
    next_id: AtomicU64,
}

impl App {
    pub fn new(store: Store, registry: Registry, bots: Arc<dyn BotHost>, limits: Limits, session_ttl_ms: i64) -> App {
        App {
            store,
            registry,
            bots,
            limits,
            session_ttl_ms,
            ips: Arc::new(IpCounter::default()),
            secure_cookies: false,
            dev_settings: false,
            logins: Default::default(),
            node: None,
            metrics: crate::metrics::Metrics::new(None),
            me: OnceLock::new(),
            tables: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
        }
    }

    pub fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    pub fn insert(&self, table: Arc<Table>) -> Arc<Table> {
        let mut map = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(table.id.clone()).or_insert(table).clone()
    }

    fn cached(&self, id: &str) -> Option<Arc<Table>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).get(id).cloned()
    }

    /// Forget finished tables nobody watches (they are reloaded from the store on demand); a
    /// node gives up their leases.
    pub fn sweep(&self) -> usize {
        let mut map = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        let mut gone = Vec::new();
        map.retain(|id, t| match t.state.try_lock() {
            Ok(st) if st.record.status == store::TableStatus::Finished && st.subs.is_empty() => {
                gone.push(id.clone());
                false
            }
            _ => true,
        });
        if let Some(node) = self.node.clone() {
            let (store, ids) = (self.store.clone(), gone.clone());
            tokio::spawn(async move {
                for id in ids {
                    if let Err(e) = store.release_lease(&id, &node.id).await {
                        tracing::warn!(node = %node.id, table = %id, error = %e, "cannot release the lease");
                    }
                }
            });
        }
        gone.len()
    }

    /// The ids of the tables held in memory.
    pub fn live_ids(&self) -> Vec<String> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).keys().cloned().collect()
    }

    /// Drop a table this node no longer owns: its pending bot moves and clocks go stale and its
    /// sockets are closed with [`crate::table::CLOSE_MOVED`] (the clients reconnect).
    pub async fn evict(&self, id: &str) {
        let table = self.tables.lock().unwrap_or_else(|e| e.into_inner()).remove(id);
        if let Some(table) = table {
            let mut st = table.state.lock().await;
            st.version += 1;
            st.deadline = None;
            for sub in st.subs.drain(..) {
                sub.close.send_replace(Some(crate::table::CLOSE_MOVED));
            }
        }
    }

    /// Every live table (for the reaper and the lobby cap).
    pub fn live_tables(&self) -> Vec<Arc<Table>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).values().cloned().collect()
    }

    pub fn live_count(&self) -> usize {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// The live table with this id, loading (and rebuilding) it from the store if needed. A
    /// table whose record no longer rebuilds its game is marked broken in the store and
    /// answered as [`LoadError::Broken`] from then on.
    pub async fn table(&self, id: &str) -> Result<Option<Arc<Table>>, LoadError> {
        if let Some(t) = self.cached(id) {
            return Ok(Some(t));
        }
        if let Some(node) = &self.node {
            if let Some(owner) = self.store.acquire_lease(id, &node.id, node.lease_ms).await? {
                return Err(LoadError::Elsewhere { id: id.to_string(), owner });
            }
        }
        let Some(record) = self.store.table(id).await? else {
            if let Some(node) = &self.node {
                self.store.release_lease(id, &node.id).await?;
            }
            return Ok(None);
        };
        if record.status == store::TableStatus::Broken {
            let reason = record.result.as_ref().and_then(|r| r["broken"].as_str()).unwrap_or("unknown").to_string();
            return Err(LoadError::Broken { id: id.to_string(), reason });
        }
        let actions = self.store.actions(id).await?;
        let entry =
            self.registry.get(&record.game).map_err(|e| LoadError::Unavailable { id: id.to_string(), reason: e })?;
        match TableState::build(entry, record, &actions) {
            Ok(state) => {
                let built = Arc::new(Table::new(state));
                let table = self.insert(built.clone());
                if Arc::ptr_eq(&table, &built) {
                    // Loaded here first (a node taking a table over, or a finished table):
                    // whoever is to move starts (a bot moves, a clock runs).
                    if let Some(app) = self.me.get().and_then(Weak::upgrade) {
                        let mut st = table.state.lock().await;
                        let change = crate::table::Change { kind: "state", log_from: 0 };
                        crate::table::announce(&app, &table, &mut st, Some(change));
                    }
                }
                Ok(Some(table))
            }
            Err(reason) => Err(self.broken(id, reason).await),
        }
    }

    /// Mark a table broken for `reason` (logged; a store failure here is logged too).
    pub async fn broken(&self, id: &str, reason: String) -> LoadError {
        tracing::error!(table = %id, %reason, "the table is broken");
        if let Err(e) = self.store.mark_broken(id, &reason).await {
            tracing::error!(table = %id, error = %e, "cannot mark the table broken");
        }
        LoadError::Broken { id: id.to_string(), reason }
    }
}

/// Why a stored table cannot be served.
#[derive(Debug)]
pub enum LoadError {
    /// Its options or actions no longer rebuild the game; marked `broken` in the store.
    Broken {
        id: String,
        reason: String,
    },
    /// This server does not host its game.
    Unavailable {
        id: String,
        reason: String,
    },
    Store(store::StoreError),
    /// Another node holds the table's lease: ask it (`owner` is its node id).
    Elsewhere {
        id: String,
        owner: String,
    },
}

impl From<store::StoreError> for LoadError {
    fn from(e: store::StoreError) -> Self {
        LoadError::Store(e)
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Broken { id, reason } => {
                write!(f, "table {id} is broken: its stored game no longer rebuilds ({reason})")
            }
            LoadError::Unavailable { id, reason } => write!(f, "table {id} cannot be served here: {reason}"),
            LoadError::Store(e) => write!(f, "storage: {e}"),
            LoadError::Elsewhere { id, owner } => {
                write!(f, "table {id} is served by node {owner} and could not be reached through it: try again")
            }
        }
    }
}

impl From<LoadError> for crate::api_error::ApiError {
    fn from(e: LoadError) -> Self {
        use axum::http::StatusCode;
        let status = match &e {
            LoadError::Broken { .. } => StatusCode::CONFLICT,
            LoadError::Unavailable { .. } | LoadError::Elsewhere { .. } => StatusCode::SERVICE_UNAVAILABLE,
            LoadError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        crate::api_error::ApiError(status, e.to_string())
    }
}

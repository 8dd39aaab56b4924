//! The server's shared state: the store, the games on offer, the bot host and the live tables.

use crate::bots::BotHost;
use crate::limits::{IpCounter, Limits};
use crate::table::{Table, TableState};
use engine::Registry;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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

    /// Forget finished tables nobody watches (they are reloaded from the store on demand).
    pub fn sweep(&self) -> usize {
        let mut map = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        let before = map.len();
        map.retain(|_, t| match t.state.try_lock() {
            Ok(st) => !(st.record.status == store::TableStatus::Finished && st.subs.is_empty()),
            Err(_) => true,
        });
        before - map.len()
    }

    /// Every table held in memory now.
    pub fn live_tables(&self) -> Vec<Arc<Table>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).values().cloned().collect()
    }

    pub fn live_count(&self) -> usize {
        self.tables.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// The live table with this id, loading (and rebuilding) it from the store if needed.
    pub async fn table(&self, id: &str) -> Result<Option<Arc<Table>>, String> {
        if let Some(t) = self.cached(id) {
            return Ok(Some(t));
        }
        let Some(record) = self.store.table(id).await.map_err(|e| e.to_string())? else { return Ok(None) };
        let actions = self.store.actions(id).await.map_err(|e| e.to_string())?;
        let entry = self.registry.get(&record.game)?;
        let state = TableState::build(entry, record, &actions)?;
        Ok(Some(self.insert(Arc::new(Table::new(state)))))
    }
}

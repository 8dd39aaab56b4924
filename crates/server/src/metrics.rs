//! Prometheus metrics at `GET /metrics` (docs/deploy.md "Metrics"): live tables, open table
//! sockets, actions stored (a counter: its rate is actions per second) and how long storing an
//! action takes. A node labels every series with its node id (`node="…"`).

use crate::app::App;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use prometheus::{Histogram, HistogramOpts, IntCounter, IntGauge, Opts, Registry, TextEncoder};
use std::collections::HashMap;
use std::sync::Arc;

pub struct Metrics {
    registry: Registry,
    /// Tables held in memory by this process (set when scraped).
    pub tables: IntGauge,
    /// Table sockets of clients connected to this process (relayed ones included).
    pub sockets: IntGauge,
    /// Actions stored by this process.
    pub actions: IntCounter,
    /// Seconds from handing an action to the store to its commit.
    pub store_seconds: Histogram,
}

/// Store latency buckets, in seconds: 0.5 ms to 10 s.
const STORE_BUCKETS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

impl Metrics {
    /// The metrics of a process; a node's carry `node="ID"` on every series.
    pub fn new(node: Option<&str>) -> Metrics {
        let labels: Option<HashMap<String, String>> =
            node.map(|n| HashMap::from([("node".to_string(), n.to_string())]));
        let opts = |name: &str, help: &str| {
            let o = Opts::new(name, help).namespace("cardtable");
            match &labels {
                Some(l) => o.const_labels(l.clone()),
                None => o,
            }
        };
        // The names and buckets are constants of this file, valid by construction.
        let tables = IntGauge::with_opts(opts("tables", "Tables held in memory by this server")).expect("metric");
        let sockets =
            IntGauge::with_opts(opts("sockets", "Open table sockets of clients on this server")).expect("metric");
        let actions = IntCounter::with_opts(opts("actions_total", "Actions stored by this server")).expect("metric");
        let store_opts = opts("store_seconds", "Time to store one action (commit included)");
        let store_seconds =
            Histogram::with_opts(HistogramOpts::from(store_opts).buckets(STORE_BUCKETS.to_vec())).expect("metric");
        let registry = Registry::new();
        for c in [
            Box::new(tables.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(sockets.clone()),
            Box::new(actions.clone()),
            Box::new(store_seconds.clone()),
        ] {
            registry.register(c).expect("metric names are distinct");
        }
        Metrics { registry, tables, sockets, actions, store_seconds }
    }

    /// The Prometheus text exposition of every metric.
    pub fn render(&self) -> Result<String, String> {
        TextEncoder::new().encode_to_string(&self.registry.gather()).map_err(|e| e.to_string())
    }

    /// Counts one open socket until dropped.
    pub fn socket(&self) -> SocketCount {
        self.sockets.inc();
        SocketCount(self.sockets.clone())
    }
}

/// One open socket in [`Metrics::sockets`].
pub struct SocketCount(IntGauge);

impl Drop for SocketCount {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// `GET /metrics`.
pub async fn metrics(State(app): State<Arc<App>>) -> Response {
    app.metrics.tables.set(app.live_count() as i64);
    match app.metrics.render() {
        Ok(text) => ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
    }
}

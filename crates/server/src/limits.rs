//! Limits that keep one client from hurting others: message size, connections per IP, a token
//! bucket of frames per second per connection, the send queue of a connection, timeouts, bot
//! budgets and how many tables one user may hold open.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Limits {
    /// Larger text messages get an error reply (the connection goes on).
    pub max_message_bytes: usize,
    /// Frames above this close the connection (protects memory); keep it above the soft limit.
    pub max_frame_bytes: usize,
    pub max_connections_per_ip: usize,
    /// Sustained messages per second per connection, and the burst allowed above it.
    pub messages_per_second: f64,
    pub burst: f64,
    pub max_chat_chars: usize,
    pub max_name_chars: usize,
    /// Messages waiting for one connection; a client that falls this far behind is disconnected
    /// (close code 4000) and reconnects for a full state.
    pub send_queue: usize,
    /// A table socket that sends no frame for this long is closed (close code 4001). Clients
    /// send `{"type":"ping"}` (or a WebSocket ping) more often than this; the web client does
    /// every 25 s.
    pub ws_idle: Duration,
    /// HTTP: the whole request head must arrive within this (hyper's `header_read_timeout`; it
    /// also closes keep-alive and raw TCP connections that sit idle waiting for a request).
    pub header_read_timeout: Duration,
    /// HTTP: a request must be answered within this (tower-http's timeout: 408).
    pub request_timeout: Duration,
    /// The most time a bot may think per move (server-wide cap on bot specs).
    pub max_bot_ms_per_move: u64,
    /// The most search iterations a bot may run per move (all its threads together).
    pub max_bot_iterations_per_move: u64,
    /// Lobby tables (not started) one user may have created and not yet finished.
    pub max_lobby_tables_per_user: usize,
    /// A game in progress none of whose human seats is connected for this long is ended as
    /// abandoned; a lobby table nobody has watched for this long is closed too.
    pub abandon_after: Duration,
    /// How often tables are checked for abandonment.
    pub reap_every: Duration,
    /// The largest card set a table may be created with (its text, or its JSON document in
    /// `options.cards`); larger gets 413 (`cardtable serve --max-card-set-bytes`).
    pub max_card_set_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 16 * 1024,
            max_frame_bytes: 1024 * 1024,
            max_connections_per_ip: 64,
            messages_per_second: 20.0,
            burst: 40.0,
            max_chat_chars: 500,
            max_name_chars: 32,
            send_queue: 512,
            ws_idle: Duration::from_secs(120),
            header_read_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            max_bot_ms_per_move: 10_000,
            max_bot_iterations_per_move: 200_000,
            max_lobby_tables_per_user: 10,
            abandon_after: Duration::from_secs(30 * 60),
            reap_every: Duration::from_secs(30),
            max_card_set_bytes: 256 * 1024,
        }
    }
}

/// Counts open connections per address.
#[derive(Default)]
pub struct IpCounter {
    counts: Mutex<HashMap<IpAddr, usize>>,
}

/// Held while a connection is open; gives its slot back when dropped.
pub struct IpSlot {
    counter: Arc<IpCounter>,
    ip: IpAddr,
}

impl IpCounter {
    pub fn acquire(self: &Arc<Self>, ip: IpAddr, max: usize) -> Result<IpSlot, String> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(ip).or_insert(0);
        if *n >= max {
            return Err(format!("too many connections from {ip} (at most {max})"));
        }
        *n += 1;
        Ok(IpSlot { counter: self.clone(), ip })
    }
}

impl Drop for IpSlot {
    fn drop(&mut self) {
        let mut counts = self.counter.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// A token bucket.
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimiter {
    pub fn new(rate: f64, burst: f64) -> Self {
        RateLimiter { rate, burst, tokens: burst, last: Instant::now() }
    }
    /// Take one token if there is one.
    pub fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

//! Limits that keep one client from hurting others: message size, connections per IP, and a
//! token bucket of messages per second per connection.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

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

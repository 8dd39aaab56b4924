//! What the tests that need a NATS server share: where it is, whether it answers, and names of
//! their own for queues and clusters.

use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

pub fn nats_url() -> String {
    std::env::var("CT_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

/// The NATS URL, or None (after a loud message naming `what` did not run) when it is
/// unreachable and not required; with `CT_REQUIRE_NATS=1` an unreachable server fails the test.
pub fn nats(what: &str) -> Option<String> {
    let url = nats_url();
    let hostport = url.trim_start_matches("nats://").to_string();
    let reachable = hostport
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .is_some_and(|a| TcpStream::connect_timeout(&a, Duration::from_secs(2)).is_ok());
    if reachable {
        return Some(url);
    }
    if std::env::var("CT_REQUIRE_NATS").is_ok_and(|v| v == "1") {
        panic!("CT_REQUIRE_NATS=1 but no NATS server answers at {url}");
    }
    eprintln!(
        "\n*** SKIPPED: no NATS server at {url}; {what} did not run (set CT_REQUIRE_NATS=1 to fail instead) ***\n"
    );
    None
}

/// A name of its own (`prefix-test-pid-nanos`), so parallel tests on one NATS server do not meet.
pub fn unique_name(prefix: &str, test: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("{prefix}-{test}-{}-{nanos}", std::process::id())
}

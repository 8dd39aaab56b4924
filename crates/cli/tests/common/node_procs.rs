//! Real `cardtable serve --nats` processes, guest clients and table sockets for the tests of
//! server nodes (tests/nodes.rs) and of the deploy/ topology behind Caddy (tests/deploy.rs).
// Each test crate that includes `common` uses only some of these.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_cardtable");
/// Short leases so that a takeover is quick in the tests.
pub const LEASE_MS: &str = "3000";

/// One `cardtable serve --nats` process; SIGKILLed when dropped.
pub struct NodeProc {
    pub child: Child,
    pub addr: SocketAddr,
}

impl NodeProc {
    pub fn start(db: &str, nats: &str, cluster: &str, id: &str) -> NodeProc {
        NodeProc::start_with(db, nats, cluster, id, &[])
    }

    /// As [`NodeProc::start`], with more `serve` flags.
    pub fn start_with(db: &str, nats: &str, cluster: &str, id: &str, more: &[&str]) -> NodeProc {
        let mut child = Command::new(BIN)
            .env("CARDTABLE_TEST_GAME", "1")
            .args(["serve", "--addr", "127.0.0.1:0", "--database", db, "--nats", nats, "--node-id", id])
            .args(["--cluster", cluster, "--lease-ms", LEASE_MS])
            .args(more)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cardtable serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("cardtable listening on http://")
            .unwrap_or_else(|| panic!("node {id}: unexpected first line '{line}'"))
            .parse()
            .unwrap();
        NodeProc { child, addr }
    }

    /// SIGKILL: no goodbye, no lease released.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for NodeProc {
    fn drop(&mut self) {
        self.kill();
    }
}

#[path = "../../../server/tests/common/client.rs"]
mod client;
pub use client::{Client, Sock};

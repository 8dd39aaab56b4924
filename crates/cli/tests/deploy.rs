//! The deploy/ topology run as plain processes (docs/deploy.md "Running it: `deploy/`"): three
//! `cardtable serve --nats` nodes on one fresh PostgreSQL database and the NATS server on
//! 127.0.0.1:4222, and Caddy in front of them with the real `deploy/Caddyfile` (its addresses
//! given through the environment variables the file reads). Everything below goes through
//! Caddy: health and readiness, the web client's page, a game played over WebSockets, the
//! owning node killed with SIGKILL mid-game, and the players reconnecting to the same URL (as
//! the web client does) and going on at the last acknowledged action.
//!
//! Needs `caddy` (Debian's package; `CT_CADDY` names another binary). Without it, or without a
//! reachable NATS, the test says so loudly and passes, unless CT_REQUIRE_CADDY=1 /
//! CT_REQUIRE_NATS=1 (scripts/test.sh sets both), which make it fail. deploy/smoke.sh runs it.

use serde_json::{json, Value};
use server::http::request;
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use store::testdb::TestDb;

mod common;
use common::{nats, unique_name};
#[path = "common/node_procs.rs"]
mod node_procs;
use node_procs::{Client, NodeProc, Sock};

fn caddyfile() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../deploy/Caddyfile")
}

/// The caddy binary, or None (after a loud message) when it is missing and not required.
fn caddy_bin() -> Option<String> {
    let bin = std::env::var("CT_CADDY").unwrap_or_else(|_| "caddy".into());
    if Command::new(&bin).arg("version").output().is_ok_and(|o| o.status.success()) {
        return Some(bin);
    }
    if std::env::var("CT_REQUIRE_CADDY").is_ok_and(|v| v == "1") {
        panic!("CT_REQUIRE_CADDY=1 but '{bin} version' does not run (apt-get install caddy)");
    }
    eprintln!("\n*** SKIPPED: no caddy ('{bin}'); the deploy/ topology test did not run (set CT_REQUIRE_CADDY=1 to fail instead) ***\n");
    None
}

/// Caddy running deploy/Caddyfile; SIGKILLed when dropped (its log file is kept for a failure).
struct CaddyProc {
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl CaddyProc {
    fn start(bin: &str, nodes: &[&NodeProc], dir: &std::path::Path) -> CaddyProc {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let log = dir.join("caddy.log");
        let mut cmd = Command::new(bin);
        cmd.args(["run", "--adapter", "caddyfile", "--config"]).arg(caddyfile());
        cmd.env("CARDTABLE_PORT", port.to_string()).env("CADDY_ADMIN", "off");
        for (i, n) in nodes.iter().enumerate() {
            cmd.env(format!("CARDTABLE_NODE{}", i + 1), n.addr.to_string());
        }
        // Caddy keeps its data and autosaved config under these: the test's own folder.
        cmd.env("HOME", dir).env("XDG_DATA_HOME", dir).env("XDG_CONFIG_HOME", dir);
        let child =
            cmd.stdout(Stdio::null()).stderr(std::fs::File::create(&log).unwrap()).spawn().expect("caddy starts");
        CaddyProc { child, addr: SocketAddr::from(([127, 0, 0, 1], port)), log }
    }

    /// Wait until Caddy passes `/healthz` to a node.
    async fn wait_ready(&self) {
        let started = Instant::now();
        loop {
            if let Ok(r) = request(self.addr, "GET", "/healthz", None, None).await {
                if r.status == 200 {
                    return;
                }
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "caddy did not pass /healthz on within 20 s; its log: {}",
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for CaddyProc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One node's value of a gauge or counter from its `/metrics`.
async fn metric(node: &NodeProc, name: &str, id: &str) -> f64 {
    let m = request(node.addr, "GET", "/metrics", None, None).await.unwrap();
    let key = format!("{name}{{node=\"{id}\"}} ");
    let line = m.body.lines().find(|l| l.starts_with(&key)).unwrap_or_else(|| panic!("no {key} in {}", m.body));
    line[key.len()..].trim().parse().unwrap()
}

/// Reconnect to the same URL until a `state` comes, backing off as the web client does
/// (web/table.js: 600 ms, 1.2 s, … 19.2 s); fails after 40 s.
async fn reconnect(addr: SocketAddr, id: &str, token: &str) -> Sock {
    let started = Instant::now();
    let mut retry = 0u32;
    loop {
        match Sock::try_connect(addr, id, Some(token)).await {
            Ok(s) => return s,
            Err(e) => {
                assert!(started.elapsed() < Duration::from_secs(40), "no reconnect within 40 s: {e}");
                retry = (retry + 1).min(6);
                tokio::time::sleep(Duration::from_millis(300 * 2u64.pow(retry))).await;
            }
        }
    }
}

#[test]
fn the_shipped_caddyfile_validates() {
    let Some(bin) = caddy_bin() else { return };
    let dir = std::env::temp_dir().join(unique_name("ct-caddy", "validate"));
    std::fs::create_dir_all(&dir).unwrap();
    // As compose runs it (every address at its default) …
    let out = Command::new(&bin)
        .args(["validate", "--adapter", "caddyfile", "--config"])
        .arg(caddyfile())
        .env("HOME", &dir)
        .env("XDG_DATA_HOME", &dir)
        .env("XDG_CONFIG_HOME", &dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "caddy validate deploy/Caddyfile: {}", String::from_utf8_lossy(&out.stderr));
    // … and its JSON has the three compose nodes, the health check and the retries.
    let out =
        Command::new(&bin).args(["adapt", "--adapter", "caddyfile", "--config"]).arg(caddyfile()).output().unwrap();
    assert!(out.status.success(), "caddy adapt: {}", String::from_utf8_lossy(&out.stderr));
    let config: Value = serde_json::from_slice(&out.stdout).unwrap();
    let server = &config["apps"]["http"]["servers"]["srv0"];
    assert_eq!(server["listen"], json!([":8080"]));
    let proxy = &server["routes"][0]["handle"][0];
    assert_eq!(proxy["handler"], "reverse_proxy");
    assert_eq!(proxy["upstreams"], json!([{"dial": "node1:8080"}, {"dial": "node2:8080"}, {"dial": "node3:8080"}]));
    assert_eq!(proxy["health_checks"]["active"]["uri"], "/readyz");
    assert_eq!(proxy["load_balancing"]["try_duration"], 5_000_000_000u64);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_behind_caddy_survive_a_killed_owner() {
    let Some(bin) = caddy_bin() else { return };
    let Some(nats) = nats("the deploy/ topology test") else { return };
    let Some(db) = TestDb::postgres().await else { return };
    let cluster = unique_name("t", "caddy");
    let dir = std::env::temp_dir().join(&cluster);
    std::fs::create_dir_all(&dir).unwrap();
    // As deploy/compose.yaml starts them: every client arrives from Caddy's one address.
    let cap = ["--max-connections-per-ip", "100000"];
    let mut nodes: Vec<(String, NodeProc)> = ["node1", "node2", "node3"]
        .iter()
        .map(|id| (id.to_string(), NodeProc::start_with(&db.url, &nats, &cluster, id, &cap)))
        .collect();
    let caddy = CaddyProc::start(&bin, &nodes.iter().map(|(_, n)| n).collect::<Vec<_>>(), &dir);
    caddy.wait_ready().await;
    let lb = caddy.addr;

    // Health, readiness and the web client, through the balancer.
    let r = request(lb, "GET", "/healthz", None, None).await.unwrap();
    assert_eq!((r.status, r.json()), (200, json!({"status": "alive"})));
    let r = request(lb, "GET", "/readyz", None, None).await.unwrap();
    assert_eq!((r.status, r.json()), (200, json!({"status": "ready"})));
    let page = request(lb, "GET", "/", None, None).await.unwrap();
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<html"), "the web client's page through caddy: {}", page.body);

    // A game over WebSockets through Caddy: every request may reach any node.
    let ann = Client::guest(lb, "Ann").await;
    let bob = Client::guest(lb, "Bob").await;
    // With a turn clock: it must run on the new owner after the failover.
    let id = ann.create(json!({"game": "pebbles", "options": {"pile": 40}, "clock_secs": 120})).await;
    let t0 = ann.join(&id, 0).await;
    let t1 = bob.join(&id, 1).await;
    bob.start(&id).await;
    let mut ann_ws = Sock::connect(lb, &id, Some(&t0)).await;
    let mut bob_ws = Sock::connect(lb, &id, Some(&t1)).await;
    for (n, action) in ["take1", "take2", "take3", "bonus"].iter().enumerate() {
        let (mover, other) = if n % 2 == 0 { (&mut ann_ws, &mut bob_ws) } else { (&mut bob_ws, &mut ann_ws) };
        let seq = mover.act(action, &format!("h{n}")).await;
        assert_eq!(seq, n as u64 + 1);
        other.at_seq(seq).await;
    }
    let mut sockets = 0.0;
    for (nid, n) in &nodes {
        sockets += metric(n, "cardtable_sockets", nid).await;
    }
    assert_eq!(sockets, 2.0, "the two sockets are open on the nodes behind caddy");

    // Kill -9 the owner.
    let store = store::Store::open(&db.url).await.unwrap();
    let owner = store.lease_owner(&id).await.unwrap().expect("a live lease").0;
    let before: Vec<(Value, Vec<Value>)> =
        [&ann_ws, &bob_ws].iter().map(|s| (s.last_state().clone(), s.log())).collect();
    let at = nodes.iter().position(|(nid, _)| *nid == owner).unwrap_or_else(|| panic!("owner {owner} is a node"));
    let (_, mut dead) = nodes.remove(at);
    dead.kill();
    let killed_at = Instant::now();

    // Both sockets close (the owner's at once, a relayed one with 4002 once the lease is gone)
    // and both players reconnect to the same URL: Caddy's, which must skip the dead node.
    for s in [&mut ann_ws, &mut bob_ws] {
        s.until(|m| m["type"] == "closed").await;
    }
    let mut socks = [reconnect(lb, &id, &t0).await, reconnect(lb, &id, &t1).await];
    let took = killed_at.elapsed();
    assert!(took < Duration::from_secs(20), "the game is back within seconds of the kill: {took:?}");
    for (i, s) in socks.iter().enumerate() {
        let now = s.last_state();
        let (last, log) = &before[i];
        assert_eq!(now["you"], json!({"seat": i}), "the token still holds seat {i}");
        assert_eq!(now["seq"], 4, "seat {i}: at the last acknowledged action");
        assert_eq!(now["view"], last["view"], "seat {i}: the same view");
        assert_eq!(now["legal"], last["legal"], "seat {i}: the same legal actions");
        assert_eq!(&s.log(), log, "seat {i}: the same log");
        assert_eq!(now["clock"]["seat"], 0, "seat {i}: the clock of the seat to move runs on the new owner: {now}");
    }
    // Bob's last action resent (its ack lost, say): answered by the new owner, not replayed.
    socks[1].send(json!({"type": "act", "action": "bonus", "id": "h3"})).await;
    let again = socks[1].until(|m| m["id"] == "h3").await;
    assert_eq!(again, json!({"type": "ack", "id": "h3", "seq": 4}));
    let seq = socks[0].act("take1", "h4").await;
    assert_eq!(seq, 5, "the resent action was not applied twice");
    socks[1].at_seq(5).await;
    let seq = socks[1].act("take2", "h5").await;
    socks[0].at_seq(seq).await;

    // The table now lives on a surviving node, and Caddy sends no request to the dead one.
    let new_owner = store.lease_owner(&id).await.unwrap().expect("a live lease").0;
    assert!(new_owner != owner && nodes.iter().any(|(nid, _)| *nid == new_owner), "{owner} -> {new_owner}");
    for _ in 0..12 {
        let r = request(lb, "GET", "/readyz", None, None).await.unwrap();
        assert_eq!(r.status, 200, "readiness through caddy after {owner} died: {}", r.body);
    }
    let ids: Vec<Option<String>> = store.actions(&id).await.unwrap().into_iter().map(|a| a.client_id).collect();
    assert_eq!(ids, (0..6).map(|n| Some(format!("h{n}"))).collect::<Vec<_>>(), "every acknowledged action stored once");

    drop(caddy);
    drop(nodes);
    db.cleanup().await;
    let _ = std::fs::remove_dir_all(&dir);
}

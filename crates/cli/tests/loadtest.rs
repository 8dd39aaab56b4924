//! `cardtable loadtest` runs as shipped: against a server with the default per-address cap
//! (64 sockets) it spreads its tables over loopback source addresses, so more tables than the
//! cap allows from one address succeed; without spreading the same server refuses them (429).

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_cardtable");

#[test]
fn loadtest_spreads_over_source_addresses_past_the_per_ip_cap() {
    // 100 tables = 200 sockets against a started server with the shipped cap of 64 per address.
    let out = Command::new(BIN)
        .args(["loadtest", "--tables", "100", "--duration", "4", "--think-ms", "50", "--game", "fate", "--json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "loadtest failed: {stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["tables"], 100, "{report}");
    assert_eq!(report["connections"], 200, "{report}");
    assert_eq!(report["errors"], 0, "{report}");
    assert_eq!(report["sources"], 7, "100 tables at 16 per source: {report}");
    assert!(report["actions"].as_u64().unwrap() > 0, "{report}");
}

#[test]
fn without_spreading_the_cap_refuses_the_same_load() {
    // 40 tables = 80 sockets from one address: past the cap of 64.
    let out = Command::new(BIN)
        .args(["loadtest", "--tables", "40", "--duration", "1", "--tables-per-source", "0", "--game", "fate"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The refusal comes at the WebSocket handshake (the per-address socket cap), not at table creation.
    assert!(stderr.contains("HTTP error: 429"), "the server's per-address cap refused: {stderr}");
}

#[test]
fn loadtest_rejects_cap_for_a_server_it_did_not_start() {
    let out = Command::new(BIN)
        .args(["loadtest", "--addr", "127.0.0.1:9", "--server-max-connections-per-ip", "10"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("leave out --addr"), "{out:?}");
}

#[test]
fn a_bot_in_the_second_seat_needs_one_socket_per_table() {
    // `--bot-seat random`: the player of seat 1 is a server bot, so 40 tables are 40 sockets,
    // and the server stores the bots' moves as well as the players' (its /metrics).
    let out = Command::new(BIN)
        .args(["loadtest", "--tables", "40", "--duration", "3", "--think-ms", "50", "--game", "fate"])
        .args(["--bot-seat", "random", "--json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "loadtest failed: {stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["connections"], 40, "{report}");
    assert_eq!(report["bot_seat"], "random", "{report}");
    assert_eq!(report["errors"], 0, "{report}");
    let players = report["actions_per_sec"].as_f64().unwrap();
    let stored = report["server_actions_per_sec"].as_f64().expect("the server's figure");
    assert!(players > 0.0, "{report}");
    assert!(stored > players * 1.5, "the bots moved too: {report}");
}

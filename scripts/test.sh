#!/usr/bin/env bash
# The whole test suite: formatting, lints, every test of every crate (conformance runs included),
# then the browser end-to-end tests when the web client is present. README.md names this script.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo deny (supply chain: licences, duplicate versions, sources; advisories when possible)"
if ! command -v cargo-deny >/dev/null 2>&1; then
  # A fresh machine has no cargo-deny: build it from crates.io, once per machine. Measured on
  # this project's machine: 6.5 min of CPU (46 min of wall time with two cores shared by seven
  # busy agents; expect about 4 min on an idle two-core machine).
  echo "cargo-deny is not installed: cargo install --locked cargo-deny"
  deny_started=$(date +%s)
  cargo install --locked cargo-deny
  echo "cargo-deny installed in $(( $(date +%s) - deny_started )) s"
fi
cargo deny --version
cargo deny --locked check bans licenses sources
# The RustSec advisory database is a git repository on GitHub, which this project's machines and
# CI cannot reach, and no registry ships a copy: check advisories only against a local copy
# (cargo-deny's own place for it, $CARGO_HOME/advisory-dbs), never fetching.
advisory_db="${CARGO_HOME:-$HOME/.cargo}/advisory-dbs"
if compgen -G "$advisory_db/*/crates" >/dev/null; then
  echo "== cargo deny check advisories (local database in $advisory_db, not fetched)"
  cargo deny --offline check advisories
else
  echo "!!"
  echo "!! SKIPPED: cargo deny check advisories — no local RustSec advisory database at"
  echo "!!   $advisory_db"
  echo "!! The database is fetched from GitHub, which this machine and CI cannot reach, and"
  echo "!! neither crates.io nor the other registries offer a packaged copy. Known advisories"
  echo "!! are NOT checked in this run. To check them, put a clone of the RustSec advisory-db"
  echo "!! there (cargo deny fetch, on a machine that can reach GitHub)."
  echo "!!"
fi

# PostgreSQL for the store's and server's tests: the machine usually runs it; start it if not.
if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "== starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi

# NATS with JetStream for the work-queue tests (crates/cli/tests/cluster.rs): start Debian's
# nats-server if nothing answers on 127.0.0.1:4222 (installing the package if it is missing),
# then require it, so those tests fail rather than skip.
nats_up() { (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; }
if ! nats_up; then
  echo "== starting nats-server"
  if ! command -v nats-server >/dev/null 2>&1; then
    apt-get install -y nats-server >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y nats-server >/dev/null; }
  fi
  mkdir -p /tmp/cardtable-nats
  nats-server -a 127.0.0.1 -p 4222 -js -sd /tmp/cardtable-nats >/tmp/cardtable-nats.log 2>&1 &
  for _ in $(seq 1 50); do nats_up && break; sleep 0.2; done
fi
if nats_up; then
  export CT_REQUIRE_NATS=1
else
  echo "nats-server did not start on 127.0.0.1:4222 (see /tmp/cardtable-nats.log)" >&2
  exit 1
fi

# Caddy for the deploy/ topology test (crates/cli/tests/deploy.rs: three nodes behind Caddy
# with deploy/Caddyfile, one killed): Debian's package, installed when missing, then required.
if ! command -v caddy >/dev/null 2>&1; then
  echo "== installing caddy"
  apt-get install -y caddy >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y caddy >/dev/null; }
fi
command -v caddy >/dev/null 2>&1 || { echo "caddy could not be installed (apt-get install caddy)" >&2; exit 1; }
export CT_REQUIRE_CADDY=1

echo "== cargo test"
cargo test --workspace --locked

if [ -f tests/e2e/run.sh ]; then
  echo "== browser end-to-end tests"
  # Reuse the binary `cargo test` just built (rules, bots and hashing are optimised even in
  # dev builds) rather than compile everything again in release.
  bin="${CARGO_TARGET_DIR:-target}/debug/cardtable"
  if [ -z "${CARDTABLE_BIN:-}" ] && [ -x "$bin" ]; then
    export CARDTABLE_BIN="$PWD/${bin#./}"
    case "$bin" in /*) export CARDTABLE_BIN="$bin" ;; esac
  fi
  bash tests/e2e/run.sh
fi

#!/usr/bin/env bash
# The whole test suite: formatting, lints, every test of every crate (conformance runs included),
# then the browser end-to-end tests when the web client is present. README.md names this script.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

# PostgreSQL for the store's and server's tests: the machine usually runs it; start it if not.
if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "== starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi

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

#!/usr/bin/env bash
# End-to-end tests of the web client: builds the release binary, starts `cardtable serve` on a
# free port with a fresh SQLite database, runs the Playwright tests (node --test) against it in
# Debian's Chromium, and always stops the server. Installs what it needs on a fresh machine.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  echo "e2e: installing chromium" >&2
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update && $SUDO apt-get install -y chromium
fi

cd "$HERE"
if [ ! -d node_modules/playwright-core ]; then
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
fi

# CARDTABLE_BIN=path uses an existing binary instead of building one (it embeds web/ as it was
# when it was built).
if [ -n "${CARDTABLE_BIN:-}" ]; then
  BIN="$CARDTABLE_BIN"
else
  TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
  (cd "$ROOT" && cargo build --release -p cli)
  BIN="$TARGET/release/cardtable"
fi

TMP="$(mktemp -d)"
PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
"$BIN" serve --addr "127.0.0.1:$PORT" --database "sqlite://$TMP/e2e.sqlite?mode=rwc" >"$TMP/server.log" 2>&1 &
SERVER=$!
cleanup() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$PORT/api/games" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then echo "e2e: the server died:" >&2; cat "$TMP/server.log" >&2; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$PORT/api/games" >/dev/null || { echo "e2e: the server did not start" >&2; cat "$TMP/server.log" >&2; exit 1; }

mkdir -p "$HERE/screenshots"
status=0
E2E_BASE="http://127.0.0.1:$PORT" node --test --test-concurrency=1 --test-timeout=600000 "$HERE"/*.test.mjs || status=$?
if [ $status -ne 0 ]; then echo "--- server log ---" >&2; tail -50 "$TMP/server.log" >&2; fi
exit $status

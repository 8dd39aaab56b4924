#!/usr/bin/env bash
# Checks deploy/ without a Docker engine (docs/deploy.md "Checking deploy/ without Docker"):
#  1. compose.yaml against the Compose file schema (`docker compose config` when the compose
#     plugin and an engine-less parse are available, else Debian's docker-compose 1.29);
#  2. `caddy validate` of the Caddyfile;
#  3. the compose topology as plain processes: three `cardtable serve --nats` nodes on a fresh
#     PostgreSQL database and the local NATS, Caddy in front with deploy/Caddyfile (addresses
#     through its environment variables); through Caddy: health, readiness, the web page, a
#     game over WebSockets, the owning node killed with SIGKILL, the players reconnecting to
#     the same URL and the game going on (crates/cli/tests/deploy.rs).
# Needs: caddy (apt-get install caddy), PostgreSQL on 127.0.0.1:5432, NATS with JetStream on
# 127.0.0.1:4222 (scripts/test.sh starts both when missing); for step 1 one of
# `docker compose` or docker-compose (apt-get install --no-install-recommends docker-compose).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== compose.yaml"
if docker compose version >/dev/null 2>&1; then
  docker compose -f deploy/compose.yaml config --quiet
  echo "docker compose config: valid"
elif command -v docker-compose >/dev/null 2>&1; then
  docker-compose -f deploy/compose.yaml config --quiet
  echo "docker-compose $(docker-compose version --short) config: valid"
else
  echo "!! SKIPPED: neither 'docker compose' nor docker-compose is installed" \
    "(apt-get install --no-install-recommends docker-compose)" >&2
  [ "${CT_REQUIRE_COMPOSE:-0}" = 1 ] && exit 1
fi

echo "== Caddyfile"
command -v caddy >/dev/null 2>&1 || { echo "caddy is not installed (apt-get install caddy)" >&2; exit 1; }
caddy_home=$(mktemp -d)
trap 'rm -rf "$caddy_home"' EXIT
HOME=$caddy_home XDG_DATA_HOME=$caddy_home XDG_CONFIG_HOME=$caddy_home \
  caddy validate --adapter caddyfile --config deploy/Caddyfile 2>&1 | tail -n 1

echo "== three nodes behind Caddy, one killed"
CT_REQUIRE_CADDY=1 CT_REQUIRE_NATS=1 cargo test -p cli --locked --test deploy -- --nocapture

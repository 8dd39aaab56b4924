#!/usr/bin/env bash
# The load test over N server nodes on this machine (docs/deploy.md "Load test over several
# nodes"): N `cardtable serve --nats` processes on loopback, on a fresh PostgreSQL database
# (127.0.0.1:5432, user postgres, trust auth as on this project's machines) and the NATS server
# on 127.0.0.1:4222, then `cardtable loadtest --addr …` over all of them (one report per node,
# JSON on standard output). The database and the nodes are removed at the end.
#
#   deploy/load.sh NODES TABLES SECONDS [loadtest flags…]
#   CARDTABLE=target/release/cardtable deploy/load.sh 2 1000 20 --game fate
set -euo pipefail
nodes=${1:?nodes}; tables=${2:?tables}; secs=${3:?seconds}; shift 3
bin=${CARDTABLE:-target/release/cardtable}
nats=${CT_NATS_URL:-nats://127.0.0.1:4222}
db="ct_load_$$"
cluster="load$$"
createdb -h 127.0.0.1 -U postgres "$db"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  dropdb -h 127.0.0.1 -U postgres --if-exists "$db" || true
}
trap cleanup EXIT
addrs=()
for i in $(seq 1 "$nodes"); do
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  # Generous per-address cap and lease: the load generator is on the same machine, and a
  # saturated machine delays lease renewals (docs/deploy.md).
  "$bin" serve --addr "127.0.0.1:$port" --database "postgres://postgres@127.0.0.1:5432/$db" \
    --nats "$nats" --node-id "n$i" --cluster "$cluster" --max-connections-per-ip 100000 \
    >/dev/null 2>"/tmp/ct-load-node$i.log" &
  pids+=($!)
  addrs+=("127.0.0.1:$port")
done
for a in "${addrs[@]}"; do
  for _ in $(seq 1 300); do curl -fsS "http://$a/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$bin" loadtest --tables "$tables" --duration "$secs" --addr "$(IFS=,; echo "${addrs[*]}")" --json "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

#!/usr/bin/env bash
# Load on the game server: GAMES games at once on loopback (default 1000), each played by its
# own client to the end or MOVES moves (default 50), each followed by WATCHERS live sockets
# (default 1). Starts `tabla serve` on a fresh SQLite file in a temporary folder, runs
# crates/tabla-server/examples/load.rs against it, prints errors, lost moves and the move
# latency (request to acknowledgement, fsync included) at the median and the 99th percentile.
#
#   bench/load-server.sh [GAMES] [MOVES] [WATCHERS] [THINK_MS]
#
# THINK_MS (default 0): each client's pause between its moves; 0 sends the next move as soon
# as the last is acknowledged, which saturates the server (latency is then mostly queueing).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-1000}
MOVES=${2:-50}
WATCHERS=${3:-1}
THINK_MS=${4:-0}
# Each game holds a live socket and an HTTP connection on both sides.
ulimit -n "$(( GAMES * 4 + 1024 ))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
cargo build --release -q -p tabla
cargo build --release -q -p tabla-server --example load
work=$(mktemp -d)
RUST_LOG=warn target/release/tabla serve --addr 127.0.0.1:0 --db "$work/load.sqlite3" \
    > "$work/out" 2> "$work/log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
    grep -q http:// "$work/out" 2>/dev/null && break
    sleep 0.1
done
addr=$(grep -o 'http://[^/]*' "$work/out" | head -1 | sed 's|http://||')
echo "server: $addr, database $work/load.sqlite3 (WAL, synchronous=FULL)"
status=0
target/release/examples/load --addr "$addr" --games "$GAMES" --moves "$MOVES" \
    --watchers "$WATCHERS" --think-ms "$THINK_MS" || status=$?
if [ -s "$work/log" ]; then
    echo "server log (warnings and errors):"
    head -20 "$work/log"
fi
echo "database: $(du -h "$work/load.sqlite3" | cut -f1), $(du -h "$work/load.sqlite3-wal" 2>/dev/null | cut -f1) WAL"
exit $status

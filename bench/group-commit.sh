#!/usr/bin/env bash
# Group commit on SQLite, before and after, side by side in one run: the same load
# (crates/tabla-server/examples/load.rs) against `tabla serve` on a fresh SQLite file, once
# with every write committed alone (TABLA_COMMIT_BATCH=1: one fsync per move, the server
# before group commit) and once with group commit (the default), ROUNDS times in turn so that
# a noisy neighbour hits both modes alike. Prints one markdown row per run.
#
#   bench/group-commit.sh [GAMES] [MOVES] [CLIENTS] [ROUNDS]
#
# Defaults: 1000 games, 30 moves each at most, 48 moves in flight at once (48 clients taking
# turns), 1 round. PROFILE=test uses the optimised build of `cargo test --workspace` instead
# of a release build (no second compilation of the workspace).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-1000}
MOVES=${2:-30}
CLIENTS=${3:-48}
ROUNDS=${4:-1}
PROFILE=${PROFILE:-release}
ulimit -n "$(( GAMES * 4 + 1024 ))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
if [ "$PROFILE" = test ]; then
    # `cargo test`'s own build (binary and examples): `-p` would unify features anew.
    cargo test --workspace --no-run -q 2>/dev/null
else
    cargo build --profile "$PROFILE" -q -p tabla
    cargo build --profile "$PROFILE" -q -p tabla-server --example load
fi
dir=$([ "$PROFILE" = release ] && echo release || echo debug)
target=${CARGO_TARGET_DIR:-target}
bin="$target/$dir/tabla"
load="$target/$dir/examples/load"
work=$(mktemp -d)
server=
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# One run: $1 = the batch limit (1 or the default 512); prints a table row.
run() {
    local batch=$1 db="$work/gc-$1-$RANDOM.sqlite3"
    TABLA_COMMIT_BATCH=$batch RUST_LOG=warn "$bin" serve --addr 127.0.0.1:0 --db "$db" \
        > "$work/out" 2> "$work/log" &
    server=$!
    for _ in $(seq 100); do
        grep -q http:// "$work/out" 2>/dev/null && break
        sleep 0.1
    done
    local addr
    addr=$(grep -o 'http://[^/]*' "$work/out" | head -1 | sed 's|http://||')
    "$load" --addr "$addr" --games "$GAMES" --moves "$MOVES" --clients "$CLIENTS" \
        > "$work/load" 2>&1 || { cat "$work/load"; exit 1; }
    kill "$server"; wait "$server" 2>/dev/null || true
    server=
    local slow
    slow=$(grep -c "slow commit" "$work/log" || true)
    local moves lat thr
    moves=$(grep -o 'moves acknowledged: [0-9]*' "$work/load" | grep -o '[0-9]*$')
    lat=$(grep 'move latency' "$work/load" | sed 's/.*median \([0-9.]*\) ms, p90 \([0-9.]*\) ms, p99 \([0-9.]*\) ms.*/\1 ms | \3 ms/')
    thr=$(grep -o 'throughput: [0-9]* moves/s' "$work/load" | grep -o '[0-9]*')
    local mode="group commit (≤ $batch writes per fsync)"
    [ "$batch" = 1 ] && mode="one fsync per move (TABLA_COMMIT_BATCH=1)"
    printf '| %s | %s | %s | %s | %s |\n' "$mode" "$moves" "$thr" "$lat" "$slow"
    rm -f "$db" "$db-wal" "$db-shm"
}

echo "games $GAMES, moves $MOVES at most, $CLIENTS moves in flight, profile $PROFILE, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| mode | moves | moves/s | median | p99 | slow commits (> 100 ms) |"
echo "| --- | --- | --- | --- | --- | --- |"
for _ in $(seq "$ROUNDS"); do
    run 1
    run 512
done

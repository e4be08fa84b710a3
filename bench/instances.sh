#!/usr/bin/env bash
# Several `tabla serve` instances on one PostgreSQL: the same load (examples/load.rs) against
# one instance and against two (games spread over both, each game watched through the other
# instance, so every frame crosses instances), then the time a standby takes to lead after
# the leader is killed with SIGKILL (TRIALS times). Starts its own throwaway PostgreSQL
# cluster (fsync on: a 200 means the move is on disk, as with SQLite), on loopback.
#
#   bench/instances.sh [GAMES] [MOVES] [CLIENTS] [TRIALS]
#
# Defaults: 1000 games, 30 moves, 48 moves in flight, 3 failover trials. PROFILE=test uses
# the optimised test build. PG_BIN: PostgreSQL's programs (default: the newest installed).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-1000}
MOVES=${2:-30}
CLIENTS=${3:-48}
TRIALS=${4:-3}
PROFILE=${PROFILE:-release}
ulimit -n "$(( GAMES * 6 + 1024 ))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
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
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)}
work=$(mktemp -d /tmp/tabla-instances.XXXXXX)
if [ "$(id -u)" = 0 ]; then
    chown nobody "$work"
    as_pg() { (cd "$work" && runuser -u nobody -- "$@"); }
else
    as_pg() { "$@"; }
fi
servers=()
cleanup() {
    for s in "${servers[@]}"; do kill -9 "$s" 2>/dev/null || true; done
    as_pg "$PG_BIN/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
port=
for p in $(seq 54430 54530); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then port=$p; break; fi
done
as_pg "$PG_BIN/initdb" -D "$work/data" -A trust -U postgres > "$work/initdb.log"
as_pg "$PG_BIN/pg_ctl" -D "$work/data" -l "$work/pg.log" -w start \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c max_connections=200" > /dev/null
n=0
# A new empty database; sets $db.
fresh_db() {
    n=$((n + 1))
    as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres "bench$n"
    db="postgres://postgres@127.0.0.1:$port/bench$n"
}

# Starts an instance on $1 with log file $2; sets $addr and $pid.
start() {
    local out="$2.out"
    RUST_LOG=warn,tabla_server::hub=info "$bin" serve --addr 127.0.0.1:0 --db "$1" \
        > "$out" 2> "$2" &
    pid=$!
    servers+=("$pid")
    for _ in $(seq 200); do
        grep -q http:// "$out" 2>/dev/null && break
        sleep 0.05
    done
    addr=$(grep -o 'http://[^/]*' "$out" | head -1 | sed 's|http://||')
}

stop_all() {
    for s in "${servers[@]}"; do kill "$s" 2>/dev/null || true; wait "$s" 2>/dev/null || true; done
    servers=()
}

# $1 = number of instances; prints a table row.
run() {
    local addrs=() i
    fresh_db
    for i in $(seq "$1"); do
        start "$db" "$work/run$1-$i.log"
        addrs+=("$addr")
    done
    local list
    list=$(IFS=,; echo "${addrs[*]}")
    "$load" --addr "$list" --games "$GAMES" --moves "$MOVES" --clients "$CLIENTS" \
        > "$work/load" 2>&1 || { cat "$work/load"; exit 1; }
    stop_all
    local moves lat thr errs
    moves=$(grep -o 'moves acknowledged: [0-9]*' "$work/load" | grep -o '[0-9]*$')
    lat=$(grep 'move latency' "$work/load" | sed 's/.*median \([0-9.]*\) ms, p90 \([0-9.]*\) ms, p99 \([0-9.]*\) ms.*/\1 ms | \3 ms/')
    thr=$(grep -o 'throughput: [0-9]* moves/s' "$work/load" | grep -o '[0-9]*')
    errs=$(grep -o 'errors: [0-9]*, lost moves: [0-9]*, watchers that missed a change: [0-9]*' "$work/load")
    printf '| PostgreSQL, %s instance(s) | %s | %s | %s | %s |\n' "$1" "$moves" "$thr" "$lat" "$errs"
}

echo "games $GAMES, moves $MOVES at most, $CLIENTS moves in flight, profile $PROFILE, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| setup | moves | moves/s | median | p99 | errors, lost, missed |"
echo "| --- | --- | --- | --- | --- | --- |"
run 1
run 2

echo
echo "| trial | SIGKILL to the standby leading |"
echo "| --- | --- |"
ms() { date +%s%3N; }
for t in $(seq "$TRIALS"); do
    fresh_db
    start "$db" "$work/lead-$t-a.log"; a=$pid
    for _ in $(seq 200); do grep -q "this instance leads" "$work/lead-$t-a.log" && break; sleep 0.05; done
    start "$db" "$work/lead-$t-b.log"
    sleep 1
    killed=$(ms)
    { kill -9 "$a"; wait "$a"; } 2>/dev/null || true
    for _ in $(seq 2000); do grep -q "this instance leads" "$work/lead-$t-b.log" && break; sleep 0.005; done
    led=$(ms)
    grep -q "this instance leads" "$work/lead-$t-b.log" || { echo "| $t | never |"; stop_all; continue; }
    echo "| $t | $((led - killed)) ms |"
    stop_all
done

#!/usr/bin/env bash
# The figures issue 12 sets, each measured ROUNDS times (minimum and median printed), one
# program at a time, single-threaded unless said: Seega 5x5 and Bulgarian Ur random moves per
# second, GIPF perft(4) of the tournament start and its random playouts, and the speed-up of
# 2 threads over 1 for playouts and for the search. Wall-time rates and processor-time rates
# are both given: on a machine shared with other work the second is the fairer one.
# Amazons against OpenSpiel is compare-openspiel.sh.
#
# Usage: bench/figures.sh [SECONDS] [ROUNDS]     (defaults 5 and 3)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
rounds=${2:-3}
cargo build --release -q
tabla=target/release/tabla
field() { awk -v k="$1" '$1 == k":" {print $2}'; }
stats() { # name, values...: min and median
    python3 - "$@" <<'PY'
import statistics, sys
name, vals = sys.argv[1], [float(v) for v in sys.argv[2:]]
print(f"{name}: min {min(vals):,.3f} median {statistics.median(vals):,.3f} max {max(vals):,.3f}")
PY
}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A v
add() { v[$1]="${v[$1]:-} $2"; }
for r in $(seq "$rounds"); do
    for g in seega bulgarian-ur gipf; do
        out=$("$tabla" bench playouts "$g" --seconds "$secs")
        add "$g moves/s" "$(field moves <<<"$(sed 's/^moves played\/s:/moves:/' <<<"$out")")"
        add "$g moves/cpu-s" "$(field moves/cpu-s <<<"$out")"
        add "$g playouts/s" "$(field playouts/s <<<"$out")"
    done
    p=$("$tabla" perft gipf -o variant=tournament --depth 4 2>&1 >/dev/null)
    add "gipf perft(4) wall s" "$(awk '{print $3}' <<<"$p")"
    add "gipf perft(4) cpu s" "$(tr -d '(' <<<"$p" | awk '{print $5}')"
    t=$("$tabla" bench playouts amazons -o size=10 --sampler stepwise --seconds "$secs" --threads 2)
    add "amazons playouts speed-up 2t/1t" "$(awk '$1 == "speed-up:" {sub("x", "", $2); print $2}' <<<"$t")"
    add "amazons playouts per-core scaling" "$(awk '$1 == "per-core" {print $3}' <<<"$t")"
    add "amazons playouts cores had 2t" "$(awk '$1 == "cores" {print $7}' <<<"$t")"
    for g in gipf amazons; do
        o=(); [ "$g" = amazons ] && o=(-o size=10)
        s=$("$tabla" bench scaling "$g" "${o[@]}" --seconds "$secs" --threads 2)
        add "$g search speed-up 2t/1t" "$(awk '$1 == "speed-up:" {sub("x", "", $2); print $2}' <<<"$s")"
        add "$g search per-core scaling" "$(awk '$1 == "per-core" {print $3}' <<<"$s")"
    done
    echo "round $r done (load $(cut -d' ' -f1 /proc/loadavg))"
done
for k in "seega moves/s" "seega moves/cpu-s" "bulgarian-ur moves/s" "bulgarian-ur moves/cpu-s" \
    "gipf perft(4) wall s" "gipf perft(4) cpu s" "gipf playouts/s" "seega playouts/s" \
    "bulgarian-ur playouts/s" "amazons playouts speed-up 2t/1t" "amazons playouts per-core scaling" \
    "amazons playouts cores had 2t" "gipf search speed-up 2t/1t" "gipf search per-core scaling" \
    "amazons search speed-up 2t/1t" "amazons search per-core scaling"; do
    # shellcheck disable=SC2086
    stats "$k" ${v[$k]}
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

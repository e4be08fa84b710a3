#!/usr/bin/env bash
# Depth reached per second of thinking, per game: level 7 on one thread, 1 s a move, on the
# same sample positions (`tabla bench search`), for each binary given, side by side so that
# both run on the same machine at the same time. Amazons 10×10's level 7 searches by MCTS,
# which has no depth: its row gives playouts per second, and a second row its alpha-beta
# (`wide=0`) for the depth.
#
#   bench/depth.sh [--time-ms 1000] [--positions 8] BIN…
#
# Prints a markdown table: game, then per binary the mean and least depth and nodes per second.
set -euo pipefail
time_ms=1000 positions=8
while [[ $# -gt 0 ]]; do
    case "$1" in
        --time-ms) time_ms="$2"; shift 2 ;;
        --positions) positions="$2"; shift 2 ;;
        *) break ;;
    esac
done
[[ $# -gt 0 ]] || { echo "usage: bench/depth.sh [--time-ms N] [--positions K] BIN…" >&2; exit 2; }
rows=(
    "GIPF|gipf|level:7,threads=1"
    "Amazons 6×6|amazons|level:7,threads=1"
    "Amazons 10×10 (MCTS)|amazons -o size=10|level:7,threads=1"
    "Amazons 10×10 (alpha-beta)|amazons -o size=10|level:7,threads=1,wide=0"
    "Seega|seega|level:7,threads=1"
    "Bulgarian Ur|bulgarian-ur|level:7,threads=1"
)
printf '| game |'; for b in "$@"; do printf ' %s: depth (least) | nodes/s |' "$(basename "$b")"; done; echo
printf '| --- |'; for _ in "$@"; do printf ' ---: | ---: |'; done; echo
for row in "${rows[@]}"; do
    IFS='|' read -r name game bot <<< "$row"
    printf '| %s |' "$name"
    for b in "$@"; do
        # shellcheck disable=SC2086
        line=$("$b" bench search $game --bot "$bot" --time-ms "$time_ms" --positions "$positions" 2>/dev/null | tail -1 || true)
        python3 -c '
import json, sys
try:
    d = json.loads(sys.argv[1])
    print(" %.1f (%d) | %d |" % (d["depth_mean"], d["depth_min"], d["nodes_per_s"]), end="")
except ValueError:
    print(" – | – |", end="")  # this binary refused the bot (a tweak it does not know)
' "$line"
    done
    echo
done

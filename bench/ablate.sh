#!/usr/bin/env bash
# What each evaluation term is worth: the engine with one term's weight set to 0 against the
# full evaluation, at a fixed search depth (so that the machine's load does not change the
# result), many games with varied openings. A score below 0.5 means the term helps.
#
#   bench/ablate.sh GAME DEPTH GAMES TERM... [-- OPTIONS...]
#   e.g. bench/ablate.sh gipf 3 200 reserve low_reserve board gipf last_gipf centre threat tempo cluster
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1 depth=$2 games=$3
shift 3
terms=()
while [[ $# -gt 0 && "$1" != -- ]]; do terms+=("$1"); shift; done
[[ "${1:-}" == -- ]] && shift
cargo build --release -q -p tabla
echo "| $game term set to 0 | games | score without it | 95% interval |"
echo "| --- | --- | --- | --- |"
for t in "${terms[@]}"; do
    r=$(target/release/tabla match "$game" "$@" --a "level:7,depth=$depth,threads=1,$t=0" \
        --b "level:7,depth=$depth,threads=1" --games "$games" --time-ms 60000 \
        --opening-plies 4 --jobs 2 --seed 77 2>/dev/null | tail -n 1)
    python3 -c '
import json, sys
r = json.loads(sys.argv[2])
n, s, (lo, hi) = r["games"], r["score"], r["score_ci95"]
print(f"| {sys.argv[1]} | {n} | {s:.3f} | [{lo:.3f}, {hi:.3f}] |")
' "$t" "$r"
done

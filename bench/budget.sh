#!/usr/bin/env bash
# Time budget and depth: the strongest level (`level:7` with the budget given) on sample
# positions of each game's main boards and of the other variants, via `tabla bench search`:
# the depth each search completed, nodes per second, the longest search and the largest
# overshoot of the budget in percent (the issue allows 10%).
#
#   bench/budget.sh [--quick] [BUDGETS_MS...]      (default budgets: 50 200 1000 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
positions=6
if [[ "${1:-}" == --quick ]]; then positions=2; shift; fi
budgets=("$@")
[[ ${#budgets[@]} -gt 0 ]] || budgets=(50 200 1000 2000)
cargo build --release -q -p tabla
# game and options | random plies to the sample positions (middlegame)
configs=(
    "amazons|10"
    "amazons -o size=10|16"
    "amazons -o players=4 -o size=10 -o teams=on|12"
    "amazons -o board=hex -o players=3|9"
    "gipf|20"
    "gipf -o variant=standard|16"
    "seega|14"
    "seega -o size=7|30"
    "bulgarian-ur|40"
    "bulgarian-ur -o centre=opposite|40"
)
echo "| game | budget ms | positions | depth mean (min) | nodes/s | longest ms | max over % |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for ms in "${budgets[@]}"; do
    for c in "${configs[@]}"; do
        game=${c%%|*}
        plies=${c#*|}
        # shellcheck disable=SC2086 # the game's options are words
        target/release/tabla bench search $game --time-ms "$ms" --positions "$positions" \
            --plies "$plies" --seed 5 | tail -n 1 | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
game, ms = sys.argv[1], sys.argv[2]
n, d, dmin, nps = r["positions"], r["depth_mean"], r["depth_min"], r["nodes_per_s"]
longest, over = r["ms_max"], r["over_max_pct"]
print(f"| {game} | {ms} | {n} | {d:.1f} ({dmin}) | {nps:.0f} | {longest:.0f} | {over:.1f} |")
' "$game" "$ms"
    done
done

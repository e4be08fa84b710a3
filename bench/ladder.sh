#!/usr/bin/env bash
# The measured ladder of issue 11: the strongest level against the plain-UCT baseline at
# equal time per move (200 ms on every board, 1 s on each game's main board), and each level
# against the level below at their own budgets (level_time in crates/tabla-ai/src/lib.rs).
# Every row is one `tabla match`; its last line (the result) and its game records are kept
# under the output directory, so an interrupted run goes on where it stopped and the table
# can be printed again at any time.
#
#   bench/ladder.sh [--quick] [--jobs J] [--out DIR] [--only PATTERN] [--table] [--force]
#
#   --quick       few games per row (a smoke test of the whole ladder; minutes, not hours)
#   --jobs J      games played at once (default 2)
#   --out DIR     where results go (default bench/ladder-results, or …-quick)
#   --only PAT    only rows whose id matches the grep pattern PAT (e.g. 'gipf', 'uct-1000')
#   --table       print the table of the results so far and stop
#   --force       play rows again even when a result exists
#   --seed S      seed of the rows that name none (default 2024; the third round, 2026)
#
# Round three of the ladder (issue 28), then the ratings table:
#   bench/ladder.sh --out bench/ladder-r3 --only '-L[0-9]-L' --seed 2026
#   bench/ratings.py --write
#
# The table is markdown: row, game, bots, time per move, games, A's score, its 95% interval
# (Wilson), Elo difference, and the wall time the row took.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0 jobs=2 out="" only="" table_only=0 force=0 seed_default=2024
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) quick=1 ;;
        --jobs) jobs="$2"; shift ;;
        --out) out="$2"; shift ;;
        --only) only="$2"; shift ;;
        --table) table_only=1 ;;
        --force) force=1 ;;
        --seed) seed_default="$2"; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
if [[ -z "$out" ]]; then
    out=bench/ladder-results
    if [[ $quick == 1 ]]; then out=bench/ladder-results-quick; fi
fi
mkdir -p "$out"

# TABLA_BIN: a fixed copy of the binary, so that edits during a long run change nothing.
tabla=${TABLA_BIN:-target/release/tabla}
[[ $table_only == 1 || -n "${TABLA_BIN:-}" ]] || cargo build --release -q -p tabla

# id | game and options | bot A | bot B | ms per move (- = each level's own) | games | quick games
# [| seed, default 2024: a row with another seed adds games with other openings and dice]
rows() {
    cat <<'EOF'
amazons6-uct-200|amazons|level:7|uct|200|40|4
amazons10-uct-200|amazons -o size=10|level:7|uct|200|24|2
gipf-uct-200|gipf|level:7|uct|200|30|2
seega-uct-200|seega|level:7|uct|200|30|2
ur-uct-200|bulgarian-ur|level:7|uct|200|60|4
amazons10-uct-1000|amazons -o size=10|level:7|uct|1000|20|2
gipf-uct-1000|gipf|level:7|uct|1000|20|2
seega-uct-1000|seega|level:7|uct|1000|20|2
ur-uct-1000|bulgarian-ur|level:7|uct|1000|24|2
ur-uct-1000-more|bulgarian-ur|level:7|uct|1000|16|2|2025
ur-L7-L6-more|bulgarian-ur|level:7|level:6|-|20|2|2025
seega-uct-1000-more|seega|level:7|uct|1000|20|2|2025
seega-L7-L6-more|seega|level:7|level:6|-|10|2|2025
amazons10-L7-L6-more|amazons -o size=10|level:7|level:6|-|10|2|2025
amazons10-L7-L6-third|amazons -o size=10|level:7|level:6|-|10|2|2026
amazons10-L7-L6-fourth|amazons -o size=10|level:7|level:6|-|10|2|2027
amazons10-L7-L6-fifth|amazons -o size=10|level:7|level:6|-|10|2|2028
seega-uct-1000-third|seega|level:7|uct|1000|40|2|2026
ur-L6-L5-more|bulgarian-ur|level:6|level:5|-|200|4|2027
amazons6-L6-L5-more|amazons|level:6|level:5|-|20|2|2027
amazons6-L7-L6-more|amazons|level:7|level:6|-|20|2|2027
amazons6-L7-L6-third|amazons|level:7|level:6|-|20|2|2028
EOF
    local g id
    for g in "amazons6|amazons" "amazons10|amazons -o size=10" "gipf|gipf" "seega|seega" "ur|bulgarian-ur"; do
        id=${g%%|*}
        for l in 2 3 4 5 6 7; do
            local games=20
            if [[ $l -ge 7 ]]; then games=10; fi
            # Dice make Ur's games noisy, and its lower levels reach their depth at once:
            # 200 games cost seconds there.
            if [[ $id == ur && $l -lt 6 ]]; then games=200; fi
            # Ur and Seega's levels 6 and 7 differ by a small scatter only (SATURATED_LEVELS):
            # more games to tell them apart.
            if [[ $id == ur && $l -ge 6 ]]; then games=60; fi
            if [[ $id == seega && $l -ge 6 ]]; then games=40; fi
            echo "$id-L$l-L$((l - 1))|${g#*|}|level:$l|level:$((l - 1))|-|$games|2"
        done
    done
}

play_row() {
    local id="$1" game="$2" a="$3" b="$4" ms="$5" games="$6" seed="${7:-$seed_default}"
    local result="$out/$id.json"
    if [[ -s "$result" && $force == 0 ]]; then
        return
    fi
    local time_args=()
    [[ "$ms" == - ]] || time_args=(--time-ms "$ms")
    echo "== $id: $game, $a against $b, ${ms} ms, $games games" >&2
    local t0=$SECONDS
    # shellcheck disable=SC2086 # the game's options are words
    "$tabla" match $game --a "$a" --b "$b" --games "$games" "${time_args[@]}" \
        --seed "$seed" --jobs "$jobs" --records "$out/$id.records.jsonl" | tail -n 1 > "$result.tmp"
    mv "$result.tmp" "$result"
    echo "$((SECONDS - t0))" > "$out/$id.seconds"
}

if [[ $table_only == 0 ]]; then
    while IFS='|' read -r id game a b ms games qgames seed; do
        [[ -z "$only" ]] || grep -q -- "$only" <<<"$id" || continue
        if [[ $quick == 1 ]]; then games=$qgames; fi
        play_row "$id" "$game" "$a" "$b" "$ms" "$games" "$seed"
    done < <(rows)
fi

echo "| row | game | A | B | ms/move | games | A's score | 95% interval | Elo (95%) | wall s |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
while IFS='|' read -r id game a b ms _ _; do
    [[ -z "$only" ]] || grep -q -- "$only" <<<"$id" || continue
    f="$out/$id.json"
    [[ -s "$f" ]] || continue
    python3 - "$f" "$id" "$game" "$a" "$b" "$ms" "$(cat "$out/$id.seconds" 2>/dev/null || echo ?)" <<'PY'
import json, sys
f, id, game, a, b, ms, secs = sys.argv[1:]
r = json.load(open(f))
ms = "own" if ms == "-" else ms
print(f"| {id} | {game} | {a} | {b} | {ms} | {r['games']} (+{r['a']} ={r['draws']} -{r['b']}) | "
      f"{r['score']:.3f} | [{r['score_ci95'][0]:.3f}, {r['score_ci95'][1]:.3f}] | "
      f"{r['elo']} [{r['elo_ci95'][0]}, {r['elo_ci95'][1]}] | {secs} |")
PY
done < <(rows)

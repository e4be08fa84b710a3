#!/usr/bin/env bash
# The Amazons solver's speed, two builds against each other: the same open position searched
# for the same time by each build in turn, ROUNDS times, and the positions each searched. A
# search visits the same positions in the same order in both builds as long as neither
# changes the search, so the count reached in a fixed time is its speed; taking turns evens
# out what else the machine is doing.
#
#   bench/solve-speed.sh BASE NEW [ROUNDS] [SECONDS] [TABLE_MB] [LAYOUT] [MOVES]
#   e.g. git worktree add /tmp/base f393798 && (cd /tmp/base && cargo build --release)
#        bench/solve-speed.sh /tmp/base/target/release/tabla target/release/tabla 2 60 8192
#
# Defaults: 2 rounds of 60 s, an 8 GiB table (as the long proofs use), and 5×6 after
# `b1-b4/d4 d6-e6/d6` (a reply open after 25 minutes: no round ends it).
set -euo pipefail
base=$1 new=$2 rounds=${3:-2} secs=${4:-60} table=${5:-8192}
layout=${6:-'.2.2./2...2/...../...../1...1/.1.1.'} moves=${7:-'b1-b4/d4 d6-e6/d6'}
echo "| round | build | positions in ${secs} s |"
echo "| --- | --- | ---: |"
declare -A sum=([base]=0 [new]=0)
for r in $(seq "$rounds"); do
    for which in base new; do
        bin=$base; [[ $which == new ]] && bin=$new
        n=$("$bin" solve amazons -o "layout=$layout" --moves "$moves" --time-ms $((secs * 1000)) \
            --table-mb "$table" 2>/dev/null | tail -n 1 |
            python3 -c 'import json, sys; print(json.load(sys.stdin)["nodes"])')
        sum[$which]=$((sum[$which] + n))
        printf '| %s | %s | %s |\n' "$r" "$which" "$n"
    done
done
python3 -c 'import sys; b, n = map(int, sys.argv[1:]); print(f"\nnew / base: {n / b:.2f}x the positions a second")' \
    "${sum[base]}" "${sum[new]}"

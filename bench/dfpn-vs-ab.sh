#!/usr/bin/env bash
# The Amazons solver's two searches on the same positions: alpha-beta (the default) and
# proof numbers (`tabla solve --dfpn`), one after the other with the same time and table.
# Each position is 5×6 after `b1-b4/d4`, one of Black's replies and the answer of White that
# refuted it (bench/results/solve-5x6.tsv): Black to move, proven lost, so both searches must
# say "loss" and the time to that proof is what is compared.
#
#   bench/dfpn-vs-ab.sh [SECONDS] [POSITIONS_FILE]   (TABLA_BIN: the build, default
#                                                    target/release/tabla)
#
# Defaults: 300 s a search, 2 GiB table, the eight positions below (replies whose proofs
# took 1–6 minutes with alpha-beta, hints included).
set -euo pipefail
secs=${1:-300}
bin=${TABLA_BIN:-target/release/tabla}
layout='.2.2./2...2/...../...../1...1/.1.1.'
positions=$(cat "${2:-/dev/stdin}" 2>/dev/null <<'EOF' || true
d6-c6/e4 e2-b5/c5
d6-c5/c4 a2-a4/c6
a5-b5/c4 e2-e4/d5
e5-c5/c3 d1-a4/b5
e5-e6/e5 e2-c4/b5
b6-c5/c4 e2-e4/c6
a5-d5/c5 d1-d3/c4
e5-e6/d5 a2-a4/b5
EOF
)
one() { # MOVES [--dfpn] -> "value seconds"
    "$bin" solve amazons -o "layout=$layout" --moves "b1-b4/d4 $1" --time-ms $((secs * 1000)) \
        --table-mb 2048 ${2:-} 2>/dev/null | tail -n 1 |
        python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["value"], r["ms"] / 1000)'
}
echo "| position (reply, answer) | alpha-beta | df-pn | ratio |"
echo "| --- | ---: | ---: | ---: |"
tab=0 tdf=0
while read -r p; do
    [[ -z $p ]] && continue
    read -r vab sab < <(one "$p")
    read -r vdf sdf < <(one "$p" --dfpn)
    ratio=$(python3 -c "print(f'{$sab / $sdf:.1f}x')")
    printf '| `%s` | %s %.1f s | %s %.1f s | %s |\n' "$p" "$vab" "$sab" "$vdf" "$sdf" "$ratio"
    tab=$(python3 -c "print($tab + $sab)") tdf=$(python3 -c "print($tdf + $sdf)")
done <<< "$positions"
python3 -c "print(f'\ntotal: alpha-beta {$tab:.0f} s, df-pn {$tdf:.0f} s, {$tab / $tdf:.1f}x')"

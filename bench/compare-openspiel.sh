#!/usr/bin/env bash
# Amazons 10x10 random playouts: Tabla (both samplers) against OpenSpiel (Python package open_spiel,
# pinned in requirements.txt, game loop in C++), one program after the other, single-threaded,
# ROUNDS rounds; prints each round's ratios and their minimum and median. Ratios are given for
# wall time and for processor time (the fairer one on a machine shared with other work).
#
# Usage: bench/compare-openspiel.sh [SECONDS] [ROUNDS]     (defaults 5 and 3)
# The virtual environment is made in $VENV (default bench/.venv) on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-5}
rounds=${2:-3}
venv=${VENV:-bench/.venv}
if ! "$venv/bin/python" -c "import pyspiel" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q -r bench/requirements.txt
fi
cargo build --release -q
tabla=target/release/tabla
field() { awk -v k="$1" '$1 == k":" {print $2}'; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "openspiel: $("$venv/bin/pip" show open_spiel 2>/dev/null | awk '/^Version/ {print $2}')"
ratios=()
for r in $(seq "$rounds"); do
    step=$("$tabla" bench playouts amazons -o size=10 --sampler stepwise --seconds "$secs")
    unif=$("$tabla" bench playouts amazons -o size=10 --sampler uniform --seconds "$secs")
    os=$("$venv/bin/python" bench/openspiel_amazons.py "$secs")
    sw=$(field playouts/s <<<"$step"); sc=$(field playouts/cpu-s <<<"$step")
    uw=$(field playouts/s <<<"$unif"); uc=$(field playouts/cpu-s <<<"$unif")
    ow=$(awk '{for (i = 1; i < NF; i++) if ($i == "playouts/s") print $(i + 1)}' <<<"$os")
    oc=$(awk '{for (i = 1; i < NF; i++) if ($i == "playouts/cpu-s") print $(i + 1)}' <<<"$os")
    line=$(python3 -c "print(f'round $r: stepwise {float($sw):.0f}/s ({float($sc):.0f}/cpu-s), uniform {float($uw):.0f}/s ({float($uc):.0f}/cpu-s), openspiel {float($ow):.0f}/s ({float($oc):.0f}/cpu-s); stepwise/openspiel {float($sw)/float($ow):.1f}x wall {float($sc)/float($oc):.1f}x cpu; uniform/openspiel {float($uw)/float($ow):.1f}x wall {float($uc)/float($oc):.1f}x cpu')")
    echo "$line"
    ratios+=("$(python3 -c "print($sw/$ow, $sc/$oc, $uw/$ow, $uc/$oc)")")
done
python3 - "${ratios[@]}" <<'PY'
import statistics, sys
rows = [list(map(float, a.split())) for a in sys.argv[1:]]
names = ["stepwise/openspiel wall", "stepwise/openspiel cpu", "uniform/openspiel wall", "uniform/openspiel cpu"]
for i, n in enumerate(names):
    col = [r[i] for r in rows]
    print(f"{n}: min {min(col):.1f}x median {statistics.median(col):.1f}x")
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

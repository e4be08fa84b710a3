#!/usr/bin/env bash
# Amazons 10x10 random playouts: Tabla against OpenSpiel, measured one after the other in the
# same run on the same machine. Needs PyPI's open_spiel (installed into a venv here).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
venv=${VENV:-/tmp/openspiel-venv}
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q open_spiel; }
cargo build --release -q
tabla=$(target/release/tabla bench playouts amazons -o size=10 --seconds "$secs" | awk '/^playouts\/s/ {print $2}')
os=$("$venv/bin/python" bench/openspiel_amazons.py "$secs" | awk '{print $(NF-1)}')
echo "tabla:     $tabla playouts/s"
echo "openspiel: $os playouts/s"
python3 -c "print(f'ratio:     {float($tabla)/float($os):.1f}x')"

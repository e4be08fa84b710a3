#!/usr/bin/env bash
# The lab's committed results (web/lab/): every experiment at the size its findings were made
# with. Resumable: run it again after a stop and finished games are kept; a larger --games
# plays only the new ones. Took about 50 minutes on two busy cores (see docs/lab.md).
# Usage: bench/lab.sh [OUT] (default web/lab)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-web/lab}"
TABLA="${TABLA:-target/release/tabla}"
[ -x "$TABLA" ] || cargo build --release -p tabla
run() { /usr/bin/time -f "%e s wall, %M KiB max" "$TABLA" lab run "$@" --out "$OUT" --jobs "${JOBS:-2}"; }
run gipf-positions
run ur-action --games 120 --time-ms 20
run ur-red --games 120 --time-ms 20
run seega-placing --games 20 --time-ms 50
run seega-balance --games 20 --time-ms 50
run amazons-time --games 20 --time-ms 50
run amazons-variants --games 20 --time-ms 50
run gipf-variants --games 40 --time-ms 50
run gipf-pieces --games 8 --time-ms 50

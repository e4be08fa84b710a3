#!/usr/bin/env bash
# The lab's committed results: every experiment at the size its findings in web/lab/ were
# made with. Resumable: run it again after a stop and finished games are kept.
# Usage: bench/lab.sh [OUT] (default web/lab) — about an hour on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-web/lab}"
TABLA="${TABLA:-target/release/tabla}"
[ -x "$TABLA" ] || cargo build --release -p tabla
run() { /usr/bin/time -f "%e s wall, %M KiB max" "$TABLA" lab run "$@" --out "$OUT" --jobs "${JOBS:-2}"; }
run gipf-positions
run ur-action --games 60 --time-ms 20
run ur-red --games 60 --time-ms 20
run seega-placing --games 10 --time-ms 50
run seega-balance --games 10 --time-ms 50
run amazons-time --games 10 --time-ms 50
run amazons-variants --games 10 --time-ms 50
run gipf-variants --games 20 --time-ms 50
run gipf-pieces --games 4 --time-ms 50

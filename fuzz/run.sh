#!/usr/bin/env bash
# Runs every fuzz target for a while. Needs the nightly toolchain and cargo-fuzz
# (`cargo install cargo-fuzz --locked`).
#
#   fuzz/run.sh [SECONDS_EACH]      explore: SECONDS_EACH (default 60) per target, growing
#                                   the corpus under fuzz/corpus/TARGET/
#   FUZZ_RUNS=N fuzz/run.sh         reproduce: N inputs per target from a fixed seed and an
#                                   empty corpus, so that every machine tries the same inputs
#                                   (what CI runs: a red CI means a real, replayable crash)
#
# Crashes are kept under fuzz/artifacts/TARGET/; `cargo +nightly fuzz run TARGET FILE` replays
# one. Add a test of the input beside the fix (as tests/amazons.rs does for layouts).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
runs=${FUZZ_RUNS:-}
for t in notation position options; do
  if [[ -n "$runs" ]]; then
    echo "== fuzz $t: $runs inputs from seed 1"
    empty=$(mktemp -d)
    cargo +nightly fuzz run "$t" "$empty" -- -seed=1 -runs="$runs" -rss_limit_mb=4096 2>&1 | tail -n 3
    rm -rf "$empty"
  else
    echo "== fuzz $t for ${seconds}s"
    cargo +nightly fuzz run "$t" -- -max_total_time="$seconds" -rss_limit_mb=4096 2>&1 | tail -n 3
  fi
done

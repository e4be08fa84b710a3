#!/usr/bin/env bash
# Runs every fuzz target for a while: `fuzz/run.sh [SECONDS_EACH]` (default 60).
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Crashes are kept under fuzz/artifacts/TARGET/; `cargo +nightly fuzz run TARGET FILE` replays one.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
for t in notation position options; do
  echo "== fuzz $t for ${seconds}s"
  cargo +nightly fuzz run "$t" -- -max_total_time="$seconds" -rss_limit_mb=4096 2>&1 | tail -n 3
done

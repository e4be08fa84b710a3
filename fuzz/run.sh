#!/usr/bin/env bash
# Runs every fuzz target (libFuzzer) for a while. Needs the nightly toolchain; not cargo-fuzz:
# the targets are built here with the flags cargo-fuzz passes (sanitizer coverage, address
# sanitizer, debug assertions), which spares CI compiling cargo-fuzz itself.
#
#   fuzz/run.sh [SECONDS_EACH]      explore: SECONDS_EACH (default 60) per target, growing
#                                   the corpus under fuzz/corpus/TARGET/
#   FUZZ_RUNS=N fuzz/run.sh         reproduce: N inputs per target from a fixed seed and an
#                                   empty corpus, so that every machine tries the same inputs
#                                   (what CI runs, N=50000: a red CI means a real, replayable
#                                   crash; the long version is FUZZ_RUNS=1000000)
#
# Crashes are kept under fuzz/artifacts/TARGET/; `fuzz/target/x86_64-unknown-linux-gnu/release/
# TARGET FILE` replays one (so does `cargo +nightly fuzz run TARGET FILE`, where cargo-fuzz is
# installed). Add a test of the input beside the fix (as tests/amazons.rs does for layouts).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
runs=${FUZZ_RUNS:-}
targets=(notation position options)
triple=x86_64-unknown-linux-gnu

# The flags of `cargo fuzz build` (coverage level 4, address sanitizer, debug assertions).
# `--target` keeps them off build scripts and proc macros.
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cllvm-args=-sanitizer-coverage-stack-depth \
--cfg fuzzing -Zsanitizer=address -Cdebug-assertions -Ctarget-cpu=x86-64-v2"
export RUSTDOCFLAGS="$RUSTFLAGS"
echo "== build the fuzz targets (nightly, address sanitizer)"
cargo +nightly build --quiet --release --target "$triple" --bins
bin=target/$triple/release

for t in "${targets[@]}"; do
  mkdir -p "artifacts/$t"
  if [[ -n "$runs" ]]; then
    echo "== fuzz $t: $runs inputs from seed 1"
    empty=$(mktemp -d)
    set +e
    "$bin/$t" "$empty" -seed=1 -runs="$runs" -rss_limit_mb=4096 \
      -artifact_prefix="artifacts/$t/" 2>&1 | tail -n 3
    status=${PIPESTATUS[0]}
    set -e
    rm -rf "$empty"
  else
    echo "== fuzz $t for ${seconds}s"
    mkdir -p "corpus/$t"
    set +e
    "$bin/$t" "corpus/$t" -max_total_time="$seconds" -rss_limit_mb=4096 \
      -artifact_prefix="artifacts/$t/" 2>&1 | tail -n 3
    status=${PIPESTATUS[0]}
    set -e
  fi
  if [[ $status -ne 0 ]]; then
    echo "fuzz $t failed (exit $status); the input is under fuzz/artifacts/$t/" >&2
    exit "$status"
  fi
done

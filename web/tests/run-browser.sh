#!/usr/bin/env bash
# Browser tests of the page: real headless Chromium (Debian's /usr/bin/chromium, never a
# browser download) driven by playwright-core (pinned in package.json; `npm ci` here first).
#
#   web/tests/run-browser.sh [path/to/tabla]      (default: target/release/tabla)
#
# Builds nothing: it starts `tabla serve --seed` on a free port with a fresh database, runs
# every test in browser/ (node's test runner, one file at a time), saves screenshots under
# web/tests/artifacts/, and stops the server. Extra arguments after the binary are passed to
# node --test (e.g. --test-name-pattern=seega).
#
# The seed (TABLA_SEED, default 1) fixes every game's dice and the computer's choices at
# levels 1 and 2: the games played against the computer are the same every run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=${1:-$repo/target/release/tabla}
shift || true
case "$bin" in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "run-browser.sh: no tabla binary at $bin (cargo build --release first)" >&2; exit 2; }
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || { echo "run-browser.sh: no Chromium at $CHROMIUM (apt-get install -y chromium)" >&2; exit 2; }
[ -d "$here/node_modules/playwright-core" ] || { echo "run-browser.sh: playwright-core missing (cd web/tests && npm ci)" >&2; exit 2; }

tmp=$(mktemp -d)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export TABLA_BIN=$bin
export TABLA_ADDR=127.0.0.1:$port
export TABLA_DB=$tmp/tabla.sqlite3
export TABLA_PIDFILE=$tmp/server.pid
export TABLA_LOG=$tmp/server.log
export TABLA_SEED=${TABLA_SEED:-1}
export TABLA_ARTIFACTS=$here/artifacts
rm -rf "$TABLA_ARTIFACTS"
mkdir -p "$TABLA_ARTIFACTS"

stop() {
  if [ -f "$TABLA_PIDFILE" ]; then
    pid=$(cat "$TABLA_PIDFILE")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  [ -f "$tmp/proxy.pid" ] && kill "$(cat "$tmp/proxy.pid")" 2>/dev/null || true
  cp "$TABLA_LOG" "$TABLA_ARTIFACTS/server.log" 2>/dev/null || true
  rm -rf "$tmp"
}
trap stop EXIT

"$bin" serve --addr "$TABLA_ADDR" --db "$TABLA_DB" --seed "$TABLA_SEED" >>"$TABLA_LOG" 2>&1 &
echo $! >"$TABLA_PIDFILE"
for _ in $(seq 200); do
  if node -e 'fetch(`http://${process.env.TABLA_ADDR}/api/meta`).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))'; then break; fi
  sleep 0.1
done

# Working on the page: TABLA_PAGE_FROM_DISK=1 opens pages through a proxy that serves web/
# from disk (no rebuild of the binary after an edit) and passes /api/ to the server.
if [ "${TABLA_PAGE_FROM_DISK:-}" = 1 ]; then
  pport=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  node "$here/dev/proxy.mjs" "$pport" "$TABLA_ADDR" >"$tmp/proxy.log" 2>&1 &
  echo $! >"$tmp/proxy.pid"
  export TABLA_PAGE=http://127.0.0.1:$pport
  sleep 0.5
fi

cd "$here"
started=$(date +%s)
status=0
node --test --test-concurrency=1 --test-timeout=600000 "$@" browser/*.spec.mjs || status=$?
echo "browser tests: $(( $(date +%s) - started ))s; screenshots in $TABLA_ARTIFACTS"
exit $status

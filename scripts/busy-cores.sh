#!/usr/bin/env bash
# Loads every core with a busy process, to run the test suite on a busy machine:
#   scripts/busy-cores.sh start   # one busy loop per core (idempotent), PIDs in $TMPDIR/photorama-busy-cores.pids
#   scripts/busy-cores.sh stop    # stops them
#   scripts/busy-cores.sh run N   # runs `swift test` N times in a row with the cores loaded, stops on the first failure
set -euo pipefail
pids="${TMPDIR:-/tmp}/photorama-busy-cores.pids"

start() {
  if [ -s "$pids" ] && kill -0 $(cat "$pids") 2>/dev/null; then
    echo "already running: $(tr '\n' ' ' < "$pids")"
    return
  fi
  : > "$pids"
  for _ in $(seq "$(nproc)"); do
    ( while :; do :; done ) &
    echo $! >> "$pids"
  done
  echo "busy: $(tr '\n' ' ' < "$pids")"
}

stop() {
  [ -s "$pids" ] || return 0
  kill $(cat "$pids") 2>/dev/null || true
  rm -f "$pids"
  echo "stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  run)
    count="${2:-5}"
    start
    trap stop EXIT
    for run in $(seq "$count"); do
      started=$(date +%s)
      if swift test > "${TMPDIR:-/tmp}/photorama-loaded-run-$run.log" 2>&1; then
        echo "run $run: passed in $(( $(date +%s) - started )) s ($(grep -E '^✔ Test run with' "${TMPDIR:-/tmp}/photorama-loaded-run-$run.log" | tail -1))"
      else
        echo "run $run: FAILED in $(( $(date +%s) - started )) s; log: ${TMPDIR:-/tmp}/photorama-loaded-run-$run.log"
        exit 1
      fi
    done
    ;;
  *) echo "usage: $0 start|stop|run [N]" >&2; exit 2 ;;
esac

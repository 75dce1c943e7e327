#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and then AddressSanitizer (LeakSanitizer included),
# each in a build folder of its own so the normal build is untouched:
#   scripts/sanitizers.sh            both
#   scripts/sanitizers.sh thread     one of them (thread or address)
# A race, a memory error or a leak fails the run. The only suppressions are scripts/lsan-suppressions.txt:
# leaks inside a dependency that offers no way to free what it allocates (each explained there).
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("${@:-thread address}")
[ $# -eq 0 ] && kinds=(thread address)
failed=0
for kind in "${kinds[@]}"; do
  echo "== swift test --sanitize=$kind"
  # Reports go to files, one per process: the programs the end-to-end tests run inherit these options, and
  # a report on their stderr is lost (a browser in tmux writes it to the pane the test closes) or breaks
  # tests that check stderr exactly.
  reports="$PWD/.build/sanitize-$kind/reports"
  rm -rf "$reports" && mkdir -p "$reports"
  case "$kind" in
    thread) export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$reports/report" ;;
    address)
      export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$reports/report"
      export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" ;;
    *) echo "unknown sanitizer $kind (thread or address)" >&2; exit 2 ;;
  esac
  status=0
  # A sanitizer slows every process 2-15 times; with all tests at once on 2 cores the end-to-end tests'
  # deadlines (set for the real program) would measure the queue, not the program. So at most
  # PHOTORAMA_SANITIZER_WIDTH tests run at a time (default 2); the deadlines themselves stay as they are.
  SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${PHOTORAMA_SANITIZER_WIDTH:-2}" \
    swift test --sanitize="$kind" --build-path ".build/sanitize-$kind" || status=$?
  if grep -qs -e "ERROR: " -e "SUMMARY: " -e "WARNING: ThreadSanitizer" "$reports"/*; then
    echo "$kind sanitizer reports from $(grep -ls -e "ERROR: " -e "SUMMARY: " -e "WARNING: ThreadSanitizer" "$reports"/* | wc -l) process(es):" >&2
    cat "$reports"/* >&2
    failed=1
  fi
  [ "$status" -eq 0 ] || failed=1
done
exit "$failed"

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
for kind in "${kinds[@]}"; do
  echo "== swift test --sanitize=$kind"
  case "$kind" in
    thread) export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" ;;
    address)
      # Reports go to files, one per process: the programs the end-to-end tests run inherit these options,
      # and a report (or the list of suppressions used) on their stderr broke tests that check it exactly.
      reports="$PWD/.build/sanitize-address/reports"
      rm -rf "$reports" && mkdir -p "$reports"
      export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$reports/report"
      export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" ;;
    *) echo "unknown sanitizer $kind (thread or address)" >&2; exit 2 ;;
  esac
  swift test --sanitize="$kind" --build-path ".build/sanitize-$kind"
  if [ "$kind" = address ] && grep -qs -e "ERROR: " -e "SUMMARY: " "$reports"/*; then
    echo "AddressSanitizer reports from $(grep -ls -e "ERROR: " -e "SUMMARY: " "$reports"/* | wc -l) process(es):" >&2
    cat "$reports"/* >&2
    exit 1
  fi
done

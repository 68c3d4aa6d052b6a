#!/usr/bin/env bash
# make sanitize: the display-free suites under AddressSanitizer and ThreadSanitizer, and the X suites
# under AddressSanitizer. Each sanitizer builds into its own scratch directory, so the normal debug
# build is untouched. `scripts/sanitize.sh address` or `thread` runs one of them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
which=${1:-all}

# Leaks are checked in the apps the tests launch (xkit-demo, xkit-clip), whose exit is a real app's
# exit, with LeakSanitizer's false positives listed, with why, in the suppressions file. The test
# runner itself is not leak-checked: it keeps every in-process test's Application and X connection on
# purpose, and tests build closures that capture their own views. Children get XKIT_CHILD_ASAN_OPTIONS
# as their ASAN_OPTIONS, and the other variables as they are (ChildEnvironment).
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1"
export XKIT_CHILD_ASAN_OPTIONS="detect_leaks=1:halt_on_error=1"
# Tests skip their time and memory budgets under a sanitizer (XKitTesting's Sanitizer.isActive).
export LSAN_OPTIONS="suppressions=$root/scripts/sanitize-suppressions/lsan.txt:print_suppressions=0"
export TSAN_OPTIONS="suppressions=$root/scripts/sanitize-suppressions/tsan.txt:halt_on_error=1"

run() {
  local name=$1 sanitizer=$2 filter=$3
  local scratch=".build/$name"
  export XKIT_SANITIZER=$sanitizer
  echo "== $name: building with -sanitize=$sanitizer into $scratch"
  local start=$SECONDS
  swift build --build-tests --scratch-path "$scratch" -Xswiftc -sanitize="$sanitizer"
  echo "== $name: built in $((SECONDS - start)) s; testing $filter"
  start=$SECONDS
  XKIT_BIN_DIR="$root/$scratch/debug" swift test --skip-build --no-parallel --scratch-path "$scratch" --filter "$filter"
  echo "== $name: tests passed in $((SECONDS - start)) s"
}

case $which in
  address|all) run asan address 'XKitCoreTests|XKitTests' ;;
esac
case $which in
  thread|all) run tsan thread 'XKitCoreTests' ;;
esac

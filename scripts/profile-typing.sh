#!/usr/bin/env bash
# Records which functions a key runs: starts BINARY under callgrind on the current DISPLAY with the
# demo arguments given, clicks its text field at X,Y, types a few keys to warm it up, then records
# 40 more ('a' and BackSpace in turn, as keylat types) into OUT.
# Usage: scripts/profile-typing.sh OUT BINARY WINDOW_NAME X Y DEMO_ARGS...   (run by scripts/link-order.sh)
set -euo pipefail
out=$1 binary=$2 name=$3 x=$4 y=$5; shift 5
XKIT_CARET_BLINK=0 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$out.all" "$binary" "$@" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
window=
for _ in $(seq 1 120); do
  window=$(xdotool search --name "^$name\$" 2>/dev/null | head -1 || true)
  [[ -n "$window" ]] && break
  sleep 0.5
done
[[ -n "$window" ]] || { echo "xkit: no window named $name" >&2; exit 1; }
sleep 1
xdotool mousemove --window "$window" "$x" "$y" click 1
sleep 1
for _ in 1 2 3 4 5; do xdotool key a; sleep 0.2; xdotool key BackSpace; sleep 0.2; done
callgrind_control --zero "$pid" >/dev/null
for _ in $(seq 1 20); do xdotool key a; sleep 0.1; xdotool key BackSpace; sleep 0.1; done
callgrind_control --dump "$pid" >/dev/null
# callgrind writes the dump as OUT.all.1 (the part number) once it has answered.
for _ in $(seq 1 40); do [[ -s "$out.all.1" ]] && break; sleep 0.25; done
mv "$out.all.1" "$out"

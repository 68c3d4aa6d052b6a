#!/usr/bin/env bash
# Drives xkit-demo's gallery with random clicks, drags, long presses, right-clicks and keys from
# xdotool on a private Xvfb for a while, then checks that Copy still reaches another client.
# Prints the action count, whether the app survived, and its resident memory over time.
# Usage: scripts/input-storm.sh [SECONDS] [BINARY]   (defaults: 600 s, .build/release/xkit-demo)
set -uo pipefail
seconds=${1:-600}
binary=${2:-.build/release/xkit-demo}
display=:$((70 + RANDOM % 20))
Xvfb "$display" -screen 0 1280x1024x24 -noreset >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null' EXIT
sleep 1
export DISPLAY=$display
trace=$(mktemp)
XKIT_TRACE="$trace" XKIT_CARET_BLINK=0 "$binary" --scene gallery 2>/dev/null &
app=$!
sleep 2
rss() { awk '/VmRSS/ {print $2}' "/proc/$app/status" 2>/dev/null; }
keys=(Tab shift+Tab Escape Return space BackSpace Delete Left Right Up Down Home End Menu shift+F10
      ctrl+a ctrl+c ctrl+v ctrl+x ctrl+z a b z 1 comma Page_Down Page_Up)
start=$(date +%s); actions=0; first_rss=$(rss); echo "start: RSS $first_rss KiB"
next_sample=$((start + 60))
while (( $(date +%s) - start < seconds )); do
  kill -0 $app 2>/dev/null || { echo "CRASH after $actions actions"; exit 1; }
  x=$((RANDOM % 1240)); y=$((RANDOM % 800))
  case $((RANDOM % 7)) in
    0|1) xdotool mousemove $x $y click 1 ;;
    2) xdotool mousemove $x $y click 3 ;;
    3) xdotool mousemove $x $y mousedown 1 sleep 0.6 mouseup 1 ;;
    4) xdotool mousemove $x $y mousedown 1 mousemove $(( (x + RANDOM % 200) % 1240 )) $(( (y + RANDOM % 100) % 800 )) mouseup 1 ;;
    5) xdotool key --clearmodifiers "${keys[RANDOM % ${#keys[@]}]}" ;;
    6) xdotool mousemove $x $y click 4 click 5 ;;
  esac
  actions=$((actions + 1))
  if (( $(date +%s) >= next_sample )); then echo "$(( $(date +%s) - start )) s: $actions actions, RSS $(rss) KiB"; next_sample=$((next_sample + 60)); fi
done
kill -0 $app 2>/dev/null || { echo "CRASH at the end"; exit 1; }
echo "end: $actions actions, RSS $first_rss -> $(rss) KiB, no crash"
# Copy still works: right-click the top copyable label and choose Copy with the keyboard.
xdotool key Escape; sleep 0.3
frame=$(grep -o '"id":"copyable.top"[^}]*"frame":\[[0-9,]*\]' "$trace" | tail -1 | grep -o '\[[0-9,]*\]' | tr -d '[]')
IFS=, read -r fx fy fw fh <<<"$frame"
xdotool mousemove $((fx + 20)) $((fy + fh / 2)) mousedown 1 sleep 0.7 mouseup 1; sleep 0.5
xdotool key Return; sleep 0.5
echo "clipboard after Copy: $(xclip -o -selection clipboard 2>/dev/null | head -c 80)"

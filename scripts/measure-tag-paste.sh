#!/usr/bin/env bash
# Pastes N distinct 80-character lines (default 161,840, about 13 MB) into the empty tags scene of
# xkit-demo on a private Xvfb, then types two keys, printing the app's RSS and peak RSS after each step.
# usage: scripts/measure-tag-paste.sh [BIN_DIR (.build/release)] [N]
# Needs xclip and xdotool. Idle means the app used no CPU for a whole second.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/.build/release}; n=${2:-161840}
if [ -z "${MEASURE_INNER:-}" ]; then MEASURE_INNER=1 exec "$here/scripts/with-xvfb.sh" "$0" "$bin" "$n"; fi
paste=$(mktemp); trap 'rm -f "$paste"' EXIT
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) { s = sprintf("%08d", i); while (length(s) < 80) s = s "abcdefghij"; print substr(s, 1, 80) } }' > "$paste"
"$bin/xkit-demo" --scene tags --tags 0 &
app=$!
owner=
trap 'kill $app $owner 2>/dev/null; wait 2>/dev/null; rm -f "$paste"' EXIT
xdotool search --sync --name "XKit Tags" > /dev/null
sleep 0.5
rss() { awk '/VmRSS|VmHWM/ { printf "%s %s kB  ", $1, $2 } END { print "" }' "/proc/$app/status"; }
idle() { local prev=x cur; while cur=$(awk '{ print $14 + $15 }' "/proc/$app/stat"); [ "$cur" != "$prev" ]; do prev=$cur; sleep 1; done; }
echo "started:        $(rss)"
xdotool mousemove 300 20 click 1; sleep 0.3
# -quiet keeps xclip in the foreground, so it can be stopped before the server.
xclip -quiet -selection clipboard -i < "$paste" > /dev/null 2>&1 &
owner=$!
sleep 1
xdotool key ctrl+v; sleep 1; idle
echo "after the paste: $(rss)"
xdotool key a; sleep 0.5; idle
echo "after one key:   $(rss)"
xdotool key b; sleep 0.5; idle
echo "after two keys:  $(rss)"

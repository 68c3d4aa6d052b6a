#!/usr/bin/env bash
# Runs a command on a private Xvfb with the pinned fonts, then stops the server.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fifo=$(mktemp -u); mkfifo "$fifo"
Xvfb -displayfd 5 -noreset -nolisten tcp -screen 0 1280x1024x24 5>"$fifo" 2>/dev/null &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -f "$fifo"' EXIT
read -r num < "$fifo"
export DISPLAY=":$num" FONTCONFIG_FILE="$here/assets/fonts.conf"
"$@"

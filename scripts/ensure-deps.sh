#!/usr/bin/env bash
# Makes sure the Debian packages XKit needs are installed.
# As root it installs what is missing; otherwise it prints the exact apt-get line and fails.
# Usage: scripts/ensure-deps.sh [run|test|bench]
set -euo pipefail
purpose=${1:-run}

# libicu-dev: Unicode word, line and grapheme boundaries; libharfbuzz-dev: shaping of multi-scalar
# and Arabic clusters; libfribidi-dev: UAX #9 bidi (all three opened with dlopen on first use); fonts-noto-*: Arabic, Hebrew, Devanagari, Thai, colour emoji.
packages=(libx11-dev libxext-dev libxft-dev libxrender-dev libfontconfig-dev zlib1g-dev pkg-config
          libicu-dev libharfbuzz-dev libfribidi-dev fonts-dejavu-core fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji)
case "$purpose" in
  run) packages+=(xvfb) ;;
  test) packages+=(libxtst-dev xvfb xclip xsel xdotool x11-utils fontconfig unicode-data libharfbuzz-bin) ;;
  bench) packages+=(libxtst-dev xvfb xclip xsel xdotool x11-utils libgtk-3-dev libpango1.0-dev tk python3 gcc time) ;;
  *) echo "usage: $0 [run|test|bench]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "xkit: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "xkit: missing packages; install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "xkit: the Swift 6 toolchain is not on PATH (swift.org toolchains install under /opt/swift or /usr/share/swift)" >&2
  exit 1
fi

#!/usr/bin/env bash
# Makes sure the Debian packages XKit needs are installed.
# As root it installs what is missing; otherwise it prints the exact apt-get line and fails.
# Usage: scripts/ensure-deps.sh [run|test|bench]
set -euo pipefail
purpose=${1:-run}

# libicu-dev: Unicode word, line and grapheme boundaries; libharfbuzz-dev: shaping of words in
# complex scripts and multi-scalar clusters; libfribidi-dev: UAX #9 bidi (all three opened with dlopen on first use);
# libthai-dev: Thai word and line breaks, as Pango takes them (its headers to build; libthai0 and its
# dictionary in libthai-data, which it depends on, are opened with dlopen on the first run of Thai text);
# fonts-noto-*: Arabic, Hebrew, Devanagari, Thai, colour emoji. libxcursor-dev: cursor themes
# (its header to build; libXcursor itself is opened with dlopen when the pointer first needs a cursor).
packages=(libx11-dev libxext-dev libxft-dev libxrender-dev libfontconfig-dev libdbus-1-dev zlib1g-dev pkg-config
          libpng-dev libturbojpeg0-dev libicu-dev libharfbuzz-dev libfribidi-dev libthai-dev libxcursor-dev
          fonts-dejavu-core fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji)
case "$purpose" in
  run) packages+=(xvfb) ;;
  # fonts-urw-base35: a Type 1 Latin-only font, for the missing-glyph box test.
  # xdg-desktop-portal(-gtk), gsettings-desktop-schemas: the live dark-mode test against the real portal
  # (GNOME's color-scheme key); python3-dbus, python3-gi: the fake portal for contrast and a hung portal.
  # libjpeg62-turbo-dev: jpeglib.h, for the test that writes a 704-scan progressive JPEG (cjpeg's -scans stops at 100).
  # libgtk-4-dev, python3-pyqt5: a GTK 4 entry and a Qt 5 line edit at the other end of a drag.
  # libxfixes-dev: the harness reads the server's cursor (XFixesGetCursorImage); dmz-cursor-theme: a
  # real theme whose files the cursor tests compare with what the server shows.
  test) packages+=(libxtst-dev libxfixes-dev dmz-cursor-theme xvfb xclip xsel xdotool x11-utils x11-xkb-utils fontconfig openbox
                  dbus at-spi2-core python3-pyatspi python3-dogtail
                  locales uim-xim uim-byeoru uim-anthy ibus ibus-hangul xsettingsd
                  unicode-data libharfbuzz-bin gcc libgtk-3-dev libgtk-4-dev python3-pyqt5 libjpeg62-turbo-dev fonts-urw-base35
                  xdg-desktop-portal xdg-desktop-portal-gtk gsettings-desktop-schemas python3-dbus python3-gi) ;;
  bench) packages+=(libxtst-dev libxdamage-dev libxfixes-dev xvfb xclip xsel xdotool x11-utils libgtk-3-dev libgtk-4-dev libpango1.0-dev tk python3 gcc time) ;;
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

# The input-method tests run uim-xim in Korean and Japanese locales; an XIM server only serves
# clients whose locale exists, and a fresh machine has only C.utf8.
if [[ "$purpose" == test ]]; then
  for loc in ko_KR ja_JP; do
    if ! locale -a 2>/dev/null | grep -qx "$loc.utf8"; then
      if [[ $(id -u) -eq 0 ]]; then
        localedef -i "$loc" -f UTF-8 "$loc.UTF-8"
      else
        echo "xkit: locale $loc.UTF-8 is missing; generate it with: sudo localedef -i $loc -f UTF-8 $loc.UTF-8" >&2
      fi
    fi
  done
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "xkit: the Swift 6 toolchain is not on PATH (swift.org toolchains install under /opt/swift or /usr/share/swift)" >&2
  exit 1
fi

#!/usr/bin/env bash
# Points the release link's -lstdc++ at gcc's static archive, when there is one.
#
# The Swift driver links the static runtime with -lstdc++ itself, so no flag can ask for the archive;
# a linker script named libstdc++.so, in .build/link (which Package.swift searches first for release
# executables), can. The shared libstdc++ cost a launch about 0.9 MB of resident pages, most of it
# relocated data; the archive brings in only what the runtime uses. Without this script the link
# takes the shared library, as before.
set -euo pipefail
cd "$(dirname "$0")/.."
archive=$(gcc -print-file-name=libstdc++.a 2>/dev/null || true)
mkdir -p .build/link
if [[ "$archive" == /* && -f "$archive" ]]; then
  echo "INPUT($archive)" > .build/link/libstdc++.so
else
  rm -f .build/link/libstdc++.so
fi

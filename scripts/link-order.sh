#!/usr/bin/env bash
# Regenerates assets/link-order.txt, the order in which the release link lays out functions.
#
# A launch touches a few hundred KB of code spread over the whole executable, and the kernel maps
# the file 64 KB around each page fault: the hello scene had 5.4 MB of its text resident. Listing
# the functions launches run, first, packs them together (gold's --section-ordering-file; the
# Makefile compiles release builds with -function-sections so each function is a section of its
# own). Functions not listed, and names that no longer exist, are simply laid out as before, so a
# stale list costs only memory: run this again after large changes.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "xkit: link-order needs valgrind: sudo apt-get install -y valgrind" >&2; exit 1; }
command -v xdotool >/dev/null || { echo "xkit: link-order needs xdotool: sudo apt-get install -y xdotool" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
make release
# valgrind cannot read this toolchain's DWARF 5; the symbol table is all it needs.
strip -g .build/release/xkit-demo -o "$scratch/xkit-demo"
head -c 10000 assets/texts.txt > "$scratch/note.txt"
export XKIT_ASSETS="$PWD/assets" NO_AT_BRIDGE=1
profile() {
  local name=$1; shift
  scripts/with-xvfb.sh valgrind --tool=callgrind --demangle=no --callgrind-out-file="$scratch/$name.out" \
    "$scratch/xkit-demo" "$@" --exit-after-first-frame >/dev/null 2>&1
}
profile hello --scene hello
profile document --scene document --file "$scratch/note.txt"
profile tags --scene tags --tags 1000
profile gallery
# The code a key runs is packed too, beside the hello launch's (see link-order.py for the order):
# after the pause between two keys it is cold, and code spread over the executable cost a key more
# TLB and cache misses (page walks are dear in a VM).
scripts/with-xvfb.sh scripts/profile-typing.sh "$scratch/typing-tags.out" "$scratch/xkit-demo" "XKit Tags" 3 3 --scene tags --tags 10
scripts/with-xvfb.sh scripts/profile-typing.sh "$scratch/typing-document.out" "$scratch/xkit-demo" "TextView XKit" 300 350 \
  --scene document --file "$scratch/note.txt"
scripts/link-order.py "$scratch/xkit-demo" "$scratch"/{hello,document,tags,gallery}.out \
  --typing "$scratch"/typing-{tags,document}.out > assets/link-order.txt
echo "xkit: $(wc -l < assets/link-order.txt) functions in assets/link-order.txt"

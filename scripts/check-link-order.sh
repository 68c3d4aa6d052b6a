#!/usr/bin/env bash
# Checks that a release executable was linked in assets/link-order.txt's order: the functions the
# list names and the binary defines must sit together, not spread over its text.
# Usage: scripts/check-link-order.sh [BINARY]   (default .build/release/xkit-demo)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/xkit-demo}
python3 - "$binary" assets/link-order.txt <<'PY'
import subprocess, sys
binary, order = sys.argv[1], sys.argv[2]
where = {}
for line in subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    p = line.split()
    if len(p) == 4 and p[2] in "tTWw":
        where[p[3]] = (int(p[0], 16), int(p[1], 16))
listed = [l.strip()[len(".text."):] for l in open(order) if l.startswith(".text.")]
placed = [where[n] for n in listed if n in where]
if len(placed) < len(listed) // 2:
    sys.exit(f"xkit: only {len(placed)} of the {len(listed)} listed functions are in {binary}: run scripts/link-order.sh")
# Functions of objects built without -function-sections (the static runtime's Swift.o) cannot
# move; the rest must fill one run of the text, as listed.
size = sum(s for _, s in placed)
pages = {a // 65536 for a, s in placed}
addresses = sorted(a for a, _ in placed)
# The densest window as wide as the listed code (with alignment) must hold most of it.
width = 2 * size + 65536
best, j = 0, 0
for i, a in enumerate(addresses):
    while addresses[j] < a - width: j += 1
    best = max(best, i - j + 1)
share = best / len(placed)
print(f"xkit: {len(placed)} listed functions, {size // 1024} KB, in {len(pages)} 64 KB pages; {share:.0%} of them in one run")
if share < 0.8:
    sys.exit(f"xkit: {binary} was not linked in assets/link-order.txt's order (build it with make release)")
PY

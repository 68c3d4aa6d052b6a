#!/usr/bin/env python3
"""Writes a gold section-ordering file: the functions callgrind saw run, in the order of the runs given.

Usage: link-order.py BINARY CALLGRIND_OUT... > assets/link-order.txt

Only functions the binary defines are listed, each as `.text.<mangled name>` (the section that
`-function-sections` gives it), once, where it is first seen. gold reads no comments in the file,
so it holds section names only.
"""
import re
import subprocess
import sys

binary, runs = sys.argv[1], sys.argv[2:]
defined = set()
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTWw":
        defined.add(parts[2])
seen = set()
for run in runs:
    with open(run, errors="replace") as f:
        for line in f:
            # callgrind names a function in full the first time it appears: "fn=(id) name" (or cfn= for a callee).
            m = re.match(r"^c?fn=\(\d+\) (\S+)$", line.rstrip("\n"))
            if m and m.group(1) in defined and m.group(1) not in seen:
                seen.add(m.group(1))
                print(".text." + m.group(1))

#!/usr/bin/env python3
"""Writes a gold section-ordering file from callgrind runs of launches and of typing.

Usage: link-order.py BINARY LAUNCH_OUT... --typing TYPING_OUT... > assets/link-order.txt

Functions are listed so that the first launch's code (the hello scene's: the launch benchmark's)
and a key's code each fill one run: what that launch runs and typing does not, then what both run,
then what only typing runs, then what the other launches run (each in the order its runs first
show it). The launch maps the first two parts, a key the middle two; neither pages in much of the
other's.

Only functions the binary defines are listed, each as `.text.<mangled name>` (the section that
`-function-sections` gives it), once. gold reads no comments in the file, so it holds section
names only.
"""
import re
import subprocess
import sys

binary, rest = sys.argv[1], sys.argv[2:]
if "--typing" not in rest:
    sys.exit("usage: link-order.py BINARY LAUNCH_OUT... --typing TYPING_OUT...")
split = rest.index("--typing")
launch_runs, typing_runs = rest[:split], rest[split + 1:]

defined = set()
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTWw":
        defined.add(parts[2])


def functions(runs):
    """The binary's functions the callgrind files name, in the order they first appear."""
    seen = {}
    for run in runs:
        with open(run, errors="replace") as f:
            for line in f:
                # callgrind names a function in full the first time it appears: "fn=(id) name" (or cfn= for a callee).
                m = re.match(r"^c?fn=\(\d+\) (\S+)$", line.rstrip("\n"))
                if m and m.group(1) in defined:
                    seen.setdefault(m.group(1), len(seen))
    return list(seen)


first, launch, typing = functions(launch_runs[:1]), functions(launch_runs), functions(typing_runs)
typed, firsts = set(typing), set(first)
order = ([f for f in first if f not in typed] + [f for f in typing if f in firsts]
         + [f for f in typing if f not in firsts])
listed = set(order)
order += [f for f in launch if f not in listed]
for name in order:
    print(".text." + name)

#!/usr/bin/env python3
"""Draws avatar1.png (64×64) and avatar1@2x.png (128×128): a person's silhouette on a teal disc-friendly
square, anti-aliased by 4×4 supersampling. Only the standard library (zlib) is used."""
import struct, zlib, sys, os

TEAL, SKIN, SHIRT = (42, 157, 143), (244, 225, 193), (231, 111, 81)

def colour_at(u, v):
    """u, v in 0..1 across the image."""
    # head
    if (u - 0.5) ** 2 + (v - 0.40) ** 2 < 0.18 ** 2:
        return SKIN
    # shoulders: the top half of an ellipse below the head
    if v > 0.62 and ((u - 0.5) / 0.36) ** 2 + ((v - 1.0) / 0.38) ** 2 < 1:
        return SHIRT
    return TEAL

def render(size, samples=4):
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            acc = [0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = colour_at((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size)
                    for i in range(3):
                        acc[i] += c[i]
            row += bytes(round(a / samples ** 2) for a in acc)
        rows.append(bytes(row))
    return b"".join(rows)

def png(size):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(render(size), 9))
            + chunk(b"IEND", b""))

here = os.path.dirname(os.path.abspath(sys.argv[0]))
for name, size in [("avatar1.png", 64), ("avatar1@2x.png", 128)]:
    with open(os.path.join(here, name), "wb") as f:
        f.write(png(size))

#!/usr/bin/env python3
"""Writes a managed Firestore export's records as the fuzz target's Firestore input
(Sources/SitegenFuzz/FuzzTarget.swift): the byte 0x01, then each record as a varint
length and its bytes, read from the export's output-N files (LevelDB log framing).

    scripts/firestore-fuzz-seed.py FIRESTORE_EXPORT_FOLDER OUT
"""
import glob
import os
import sys

BLOCK = 32 * 1024


def records(path):
    data = open(path, "rb").read()
    at, pieces = 0, b""
    while at + 7 <= len(data):
        left = BLOCK - at % BLOCK
        if left < 7:
            at += left
            continue
        length = data[at + 4] | data[at + 5] << 8
        kind = data[at + 6]
        if length == 0 and kind == 0:
            break
        fragment = data[at + 7:at + 7 + length]
        at += 7 + length
        if kind == 1:
            yield fragment
        elif kind == 2:
            pieces = fragment
        elif kind == 3:
            pieces += fragment
        elif kind == 4:
            yield pieces + fragment


def varint(n):
    out = b""
    while n >= 0x80:
        out += bytes([n & 0x7F | 0x80])
        n >>= 7
    return out + bytes([n])


def main(folder, out):
    seed = b"\x01"
    for path in sorted(glob.glob(os.path.join(folder, "**", "output-*"), recursive=True)):
        for record in records(path):
            seed += varint(len(record)) + record
    with open(out, "wb") as f:
        f.write(seed)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])

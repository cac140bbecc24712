#!/usr/bin/env python3
"""Checks that a built site publishes no photo metadata and no original photo.

    photo-privacy.py SITE [--originals FILE...] [--camera WORD...]

Every image file under SITE (JPEG, WebP, PNG, AVIF, GIF) is read as bytes and must hold
no metadata block: JPEG APP1 (EXIF, XMP), APP13 (Photoshop IPTC), COM; WebP EXIF and XMP
chunks; PNG eXIf, tEXt, zTXt, iTXt; and none of the bytes of GPS or camera tags that a
block would carry ('Exif\\0\\0', the XMP namespace, '8BIM', each --camera word). No
published file may be byte-identical to one of --originals (the photos were re-encoded,
not copied). Prints one line per problem and `photo-privacy: N images, M problems`;
exit 1 on any problem or when the site has no image at all.
"""
import argparse
import hashlib
import os
import struct
import sys

IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".webp", ".png", ".avif", ".gif")
MARKERS = [b"Exif\x00\x00", b"http://ns.adobe.com/xap/1.0/", b"Photoshop 3.0", b"8BIM", b"GPSInfo"]


def jpeg_segments(data):
    """(marker, payload) of each segment before the image data."""
    if not data.startswith(b"\xff\xd8"):
        return
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        if marker in (0xD9, 0xDA):  # end of image, start of scan
            return
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        yield marker, data[i + 4:i + 2 + length]
        i += 2 + length


def webp_chunks(data):
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        return
    i = 12
    while i + 8 <= len(data):
        tag, size = data[i:i + 4], struct.unpack("<I", data[i + 4:i + 8])[0]
        yield tag
        i += 8 + size + (size & 1)


def png_chunks(data):
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return
    i = 8
    while i + 8 <= len(data):
        size, tag = struct.unpack(">I", data[i:i + 4])[0], data[i + 4:i + 8]
        yield tag
        i += 12 + size


def problems_of(path, data, cameras):
    found = []
    for marker, payload in jpeg_segments(data):
        if marker == 0xE1:
            found.append("JPEG APP1 (%s)" % ("EXIF" if payload.startswith(b"Exif") else "XMP or other"))
        elif marker == 0xED:
            found.append("JPEG APP13 (IPTC)")
        elif marker == 0xFE:
            found.append("JPEG comment")
    for tag in webp_chunks(data):
        if tag in (b"EXIF", b"XMP "):
            found.append("WebP %s chunk" % tag.decode().strip())
    for tag in png_chunks(data):
        if tag in (b"eXIf", b"tEXt", b"zTXt", b"iTXt"):
            found.append("PNG %s chunk" % tag.decode())
    for marker in MARKERS + [c.encode() for c in cameras]:
        if marker in data:
            found.append("bytes %r" % marker)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("site")
    ap.add_argument("--originals", nargs="*", default=[])
    ap.add_argument("--camera", nargs="*", default=[])
    args = ap.parse_args()
    originals = {}
    for path in args.originals:
        with open(path, "rb") as f:
            originals[hashlib.sha256(f.read()).hexdigest()] = path
    images = problems = 0
    for folder, _, files in os.walk(args.site):
        for name in files:
            if not name.lower().endswith(IMAGE_EXTENSIONS):
                continue
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                data = f.read()
            images += 1
            found = problems_of(path, data, args.camera)
            digest = hashlib.sha256(data).hexdigest()
            if digest in originals:
                found.append("a copy of the original %s" % originals[digest])
            for what in found:
                problems += 1
                print("photo-privacy: %s: %s" % (os.path.relpath(path, args.site), what))
    print("photo-privacy: %d images, %d problems" % (images, problems))
    return 1 if problems or images == 0 else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes a small makestagram export whose photos are in a local copy of the Storage
bucket, for the browser's photo checks: one user, `lena`, with a post per photo given
(cycled to at least 9 posts, three rows of the grid), each `image_url` naming the object
`images/posts/<post key>.jpg` and that object copied to <dir>/storage/.

    photo-export.py DIR PHOTO...   → DIR/export.json, DIR/storage/images/posts/*.jpg
"""
import json
import os
import shutil
import sys

PUSH_CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


def push_id(ms, n):
    """A Firebase push id for the time `ms`, its random part made from `n`."""
    head = ""
    for _ in range(8):
        head = PUSH_CHARS[ms % 64] + head
        ms //= 64
    tail = ""
    for _ in range(12):
        tail = PUSH_CHARS[n % 64] + tail
        n //= 64
    return head + tail


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out, photos = sys.argv[1], sys.argv[2:]
    bucket = "https://firebasestorage.googleapis.com/v0/b/photos-e2e.appspot.com/o/"
    lena, tom = "LenaUid0000000000000000000a", "TomUid00000000000000000000b"
    posts = {}
    count = max(9, len(photos))
    for i in range(count):
        seconds = 1_600_000_000 + i * 86_400
        key = push_id(seconds * 1000, i + 1)
        source = photos[i % len(photos)]
        target = os.path.join(out, "storage", "images", "posts", key + ".jpg")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(source, target)
        posts[key] = {
            "caption": "Photo %d: %s" % (i + 1, os.path.basename(source)),
            "created_at": float(seconds),
            "image_height": 375.0,
            "image_url": bucket + "images%2Fposts%2F" + key + ".jpg?alt=media&token=e2e",
            "like_count": 0,
            "poster": {"uid": lena, "username": "lena"},
        }
    export = {
        "users": {
            lena: {"username": "lena", "name": "Lena", "bio": "Photos, *right-sized*.",
                   "post_count": count, "follower_count": 1, "following_count": 0},
            tom: {"username": "tom", "name": "Tom", "bio": "",
                  "post_count": 0, "follower_count": 0, "following_count": 1},
        },
        "posts": {lena: posts},
        "followers": {lena: {tom: True}},
        "following": {tom: {lena: True}},
    }
    with open(os.path.join(out, "export.json"), "w", encoding="utf-8") as f:
        json.dump(export, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes a hostile variant of the checkout's sample export (content/export.json) for the
screenshots and the visitor checks: markup and scripts in names, captions and bios, a
username of 120 letters without a space, an Arabic name and bio in a left-to-right site,
a caption of 3,000 characters, a javascript: website, a photo whose URL is gone, and a
user with no posts and no followers.

    hostile-export.py OUT.json [SAMPLE.json]
"""
import json
import sys

out = sys.argv[1]
sample = sys.argv[2] if len(sys.argv) > 2 else "content/export.json"
d = json.load(open(sample, encoding="utf-8"))
# The users with most posts first: the screenshots show the first.
uids = sorted(d["users"], key=lambda u: (-len(d["posts"].get(u, {})), u))
script = "<script>alert(1)</script>"
long_caption = ("A very long caption about a day at the sea, " * 60 + "#sea").strip()
changes = {
    0: {"name": "ليلى حداد", "bio": "مصورة من بيروت. **أحب** البحر والضوء. " + script},
    1: {"name": "<b>Bold</b> \"quoted\" & name", "bio": "[click](javascript:alert(1)) <img src=x onerror=alert(1)>", "url": "javascript:alert(1)"},
    2: {"username": "a" * 120, "name": "W" * 80},
}
for i, fields in changes.items():
    d["users"][uids[i]].update(fields)
# The first posts of the first user: a huge caption, markup, a gone photo.
posts = d["posts"][uids[0]]
keys = sorted(posts, key=lambda k: -posts[k].get("created_at", 0))
posts[keys[0]]["caption"] = long_caption
if len(keys) > 1:
    posts[keys[1]]["caption"] = script + " <b onmouseover=alert(1)>HTML</b> #xss"
if len(keys) > 2:
    posts[keys[2]]["image_url"] = "https://firebasestorage.googleapis.com/v0/b/gone.appspot.com/o/images%2Fposts%2Fgone.jpg?alt=media"
# A user with nothing: no posts, no followers, no following.
d["users"]["zzzzEmptyUser000000000000000"] = {"username": "empty.user", "name": "", "bio": "", "post_count": 0,
                                              "follower_count": 0, "following_count": 0}
json.dump(d, open(out, "w", encoding="utf-8"), ensure_ascii=False)

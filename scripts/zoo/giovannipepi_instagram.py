"""giovanniPepi/instagram: React (create-react-app), Firestore, Google sign-in. NO users
collection: one collection `postDB/<autoId>` {id (a uuid the app queries by, not the
document id), userName (the Google display name, with its spaces: "Ana A."), userImg, img,
description, timestamp, like: [maps {authorUserName, userImg}], comment: [maps
{commentText, userName, userImg, timestamp}]}. Posts written by the app's first version
(postToFirestore before the uuid) hold `like: 0` (a number, never liked since: arrayUnion
would have made it an array), a `title`, and a `uniqid()` id.

AuthContext sets userImg to `!photoURL` (false) once the photo is known, and Post.js
refuses to like without a truthy userImg: the likes and comments that get written carry the
bundled placeholder's path (/static/media/blank.<hash>.png), whose hash changes with a
deploy.

Covers: posts with no users collection, owners named by a display name holding spaces and a
dot; likes and comments as arrays of maps naming the user by name; a like field that is a
number on old posts and an array on new ones; a post id field that is not the document id.

Drift, as this app suffers it:
- Post.js shows "liked" from `like.findIndex(authorUserName)`; two tabs open across a
  deploy each add {authorUserName, userImg} with a different placeholder hash, and
  arrayUnion keeps both: the same person likes the post twice: like_duplicate at the
  second one (index order).
"""
import random
import uuid

from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "giovannipepi_instagram",
    "repo": "giovanniPepi/instagram",
    "files": ["src/functions/postToFirestore.js (postToFirestore, and its first version)",
              "src/components/Post.js (subscribeLike, unsubscribeLike)",
              "src/functions/postCommentToFirestore.js", "src/context/AuthContext.js", "src/components/UploadPage.js"],
    "database": "firestore",
    "layout": "no users: postDB {userName, userImg, img, like: [{authorUserName}] or 0, comment: [{userName}]}",
}

GRAPH = Graph(seed=41, users=8, posts=20)
BLANK = "/static/media/blank.3c7a1b2e.png"
BLANK_NEW = "/static/media/blank.9d04f5aa.png"


def twice():
    """The post liked twice by the same person, and that person."""
    p = next(p for p in GRAPH.posts if p.likes)
    return p, sorted(p.likes)[0]


def documents():
    g = GRAPH
    rng = random.Random(4101)
    docs = {}
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        old = i < 4 and not p.likes
        doc = {
            "id": ("%x" % (0x16a0000000 + i)) if old else str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "userName": owner.name, "userImg": owner.avatar, "img": p.image, "description": p.caption,
            "like": 0 if old else [{"authorUserName": g.user(u).name, "userImg": BLANK} for u in sorted(p.likes)],
            "comment": [{"commentText": c.text, "userName": g.user(c.author).name, "userImg": BLANK,
                         "timestamp": Timestamp(iso(c.time))} for c in p.comments],
            "timestamp": Timestamp(iso(p.time)),
        }
        if old:
            doc["title"] = ""
        docs["postDB/" + p.key] = doc
    p, u = twice()
    docs["postDB/" + p.key]["like"].append({"authorUserName": g.user(u).name, "userImg": BLANK_NEW})
    return docs


def truth():
    g = GRAPH
    p, _ = twice()
    return g.truth([{"code": "like_duplicate", "path": "postDB/%s/like/%d" % (p.key, len(p.likes))}],
                   follows=False, posters_only=True, profile_key=lambda u: u.name)

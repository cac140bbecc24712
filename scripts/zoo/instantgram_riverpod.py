"""vandadnp/youtube-riverpodcourse-public: "Instant-gram", the Flutter + Riverpod course app
(Firestore, Google sign-in), copied in some 67 public repositories. Users are documents
of AUTO IDS holding the sign-in uid: `users/<autoId>` {uid, display_name, email}
(saveUserInfo queries by `uid`, updates or adds); there are no usernames, only Google's
display names, which need not be unique. Flat posts `posts/<autoId>` {uid, message,
created_at (timestamp), thumbnail_url, file_url, file_type ("image" or "video"),
file_name, aspect_ratio (a double), thumbnail_storage_id, original_file_storage_id,
post_settings: {allow_likes, allow_comments}}: a video's file_url is the mp4, its
thumbnail a jpeg. Likes flat, one document each: `likes/<autoId>` {post_id, uid, date}
where `date` is DateTime.now().toIso8601String() (local time, no zone: "2021-03-01T
11:00:00.000"). Comments flat: `comments/<autoId>` {uid, post_id, comment, created_at}.
No follows.

Covers: users keyed by an auto id with the id the data uses in a field (`uid`); two users
with the same display name; no follows (no counts shown); likes and comments as root
documents naming their post and their author; videos with thumbnails; a like's time as
ISO text without a zone; a double (aspect_ratio); a settings map in each post; emails
(hidden).

Drift, as the app suffers it:
- likeDislikePost queries for the user's like, then adds one: not a transaction, so two
  taps that both find none add two (like_duplicate at the later document).
- deletePost deletes the post's comments and likes (each found by a query outside its
  transaction), then the post: a like added meanwhile stays, naming no post
  (like_dangling at that like)."""
import datetime
import random

from _graph import Graph, iso, push_id
from firestore_emulator import Double, Timestamp

APP = {
    "name": "instantgram_riverpod",
    "repo": "vandadnp/youtube-riverpodcourse-public",
    "files": ["lib/state/constants/firebase_collection_name.dart", "lib/state/constants/firebase_field_name.dart",
              "lib/state/user_info/backend/user_info_storage.dart (saveUserInfo)",
              "lib/state/user_info/models/user_info_payload.dart",
              "lib/state/auth/notifiers/auth_state_notifier.dart (saveUserInfo)",
              "lib/state/image_upload/notifiers/image_upload_notifier.dart (upload)",
              "lib/state/posts/models/post_payload.dart", "lib/state/posts/models/post_key.dart",
              "lib/state/posts/models/post.dart",
              "lib/state/likes/providers/like_dislike_post_provider.dart (likeDislikePost)",
              "lib/state/likes/models/like.dart",
              "lib/state/comments/notifiers/send_comment_notifier.dart (sendComment)",
              "lib/state/comments/models/comment_payload.dart",
              "lib/state/posts/notifiers/delete_post_state_notifier.dart (deletePost, _deleteAllDocuments)"],
    "database": "firestore",
    "layout": "users/<autoId> {uid, display_name}; flat posts {uid, message, file_url, file_type image|video, thumbnail_url}; root likes {post_id, uid, date ISO text}; root comments; no follows",
}

GRAPH = Graph(seed=65, users=11, posts=26)
_rng = random.Random(6500)
# Google display names: the sixth user shares the second one's.
for _i, _u in enumerate(GRAPH.users):
    _u.name = "%s %s" % (_u.username.capitalize(), ["Okafor", "Lindqvist", "Moreau", "Tanaka"][_i % 4])
GRAPH.users[5].name = GRAPH.users[1].name


def _auto():
    return push_id(_rng)


USER_DOCS = {u.uid: _auto() for u in GRAPH.users}
for _p in GRAPH.posts:
    _p.key = _auto()
    for _c in _p.comments:
        _c.key = _auto()
LIKE_KEYS = {(p.key, u): _auto() for p in GRAPH.posts for u in sorted(p.likes)}
DELETED = _auto()
DANGLING_LIKE = _auto()
DUPLICATE_LIKE = _auto()


def local_iso(t):
    """DateTime.now().toIso8601String() on a device whose zone is UTC (a local DateTime: no Z)."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (t.microsecond // 1000)


def duplicated():
    p = next(p for p in GRAPH.posts[3:] if p.likes)
    return p, sorted(p.likes)[-1]


def documents():
    g = GRAPH
    docs = {}
    for u in g.users:
        docs["users/" + USER_DOCS[u.uid]] = {"uid": u.uid, "display_name": u.name, "email": u.email}
    for i, p in enumerate(g.posts):
        video = i % 6 == 4
        base = p.image.rsplit(".", 1)[0]
        file_name = "%08x-%04x-4%03x-a%03x-%012x" % (_rng.getrandbits(32), _rng.getrandbits(16), _rng.getrandbits(12),
                                                       _rng.getrandbits(12), _rng.getrandbits(48))
        docs["posts/" + p.key] = {
            "uid": p.owner, "message": p.caption, "created_at": Timestamp(iso(p.time)),
            "thumbnail_url": base + "-thumb.jpg", "file_url": base + (".mp4" if video else ".jpg"),
            "file_type": "video" if video else "image", "file_name": file_name,
            "aspect_ratio": Double(0.5625 if video else 1.0), "thumbnail_storage_id": file_name,
            "original_file_storage_id": file_name,
            "post_settings": {"allow_likes": True, "allow_comments": i % 9 != 7},
        }
        for k, u in enumerate(sorted(p.likes)):
            docs["likes/" + LIKE_KEYS[(p.key, u)]] = {
                "post_id": p.key, "uid": u, "date": local_iso(p.time + datetime.timedelta(hours=1, minutes=k))}
        for c in p.comments:
            docs["comments/" + c.key] = {"uid": c.author, "post_id": p.key, "comment": c.text,
                                         "created_at": Timestamp(iso(c.time))}
    # drift 1: a second like by the same user, added by a second tap before the first landed.
    p, u = duplicated()
    first = docs["likes/" + LIKE_KEYS[(p.key, u)]]
    docs["likes/" + DUPLICATE_LIKE] = {"post_id": p.key, "uid": u,
                                       "date": first["date"][:-3] + "%03d" % (int(first["date"][-3:]) + 412)}
    # drift 2: a like added while its post was being deleted.
    docs["likes/" + DANGLING_LIKE] = {"post_id": DELETED, "uid": g.users[4].uid, "date": "2021-02-20T10:00:00.000"}
    return docs


def truth():
    g = GRAPH
    p, u = duplicated()
    # like_duplicate goes to the later of the two by key order (docs/audit-rules.md).
    later = max(LIKE_KEYS[(p.key, u)], DUPLICATE_LIKE)
    findings = [
        {"code": "like_duplicate", "path": "likes/" + later},
        {"code": "like_dangling", "path": "likes/" + DANGLING_LIKE},
    ]
    return g.truth(findings, follows=False, hidden=[u.email for u in g.users])

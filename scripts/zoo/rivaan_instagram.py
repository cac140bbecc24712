"""RivaanRanawat/instagram-flutter-clone: Flutter, Cloud Firestore, the app of Rivaan
Ranawat's YouTube course, the Flutter Instagram clone most copied on GitHub (well over a
thousand repositories hold its lib/resources/firestore_methods.dart, some commented in
Arabic, Chinese or Hindi). `users/<uid>` {username, uid, email, photoUrl, bio,
followers: [uids], following: [uids]} (followUser: two updates, arrayUnion on the
followed user's `followers`, then on one's own `following`); flat `posts/<UUID v1>`
{description, uid, likes: [uids] (arrayUnion/arrayRemove), username, postId,
datePublished (a timestamp), postUrl, profImage}; comments in a subcollection
`posts/<postId>/comments/<UUID v1>` {profilePic, name (the commenter's username), uid,
text, commentId, datePublished}.

Covers: the most-forked Flutter clone; follows and likes as arrays of ids in the
documents; post and comment ids as time-based UUIDs; comments as a subcollection;
emails in the users.

Drift, as the app suffers it: deletePost deletes the post document only, so its
`comments` subcollection stays behind; followUser's second update (`following`) failed
after the first (`followers`) landed.
"""
import uuid

from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "rivaan_instagram",
    "repo": "RivaanRanawat/instagram-flutter-clone",
    "files": ["lib/resources/auth_methods.dart (signUpUser)",
              "lib/resources/firestore_methods.dart (uploadPost, likePost, postComment, deletePost, followUser)",
              "lib/models/user.dart (toJson)", "lib/models/post.dart (toJson)"],
    "database": "firestore",
    "layout": "users with followers[]/following[] arrays; flat posts/<UUID v1> {uid, likes[], datePublished}; posts/*/comments; no counters",
}

GRAPH = Graph(seed=109, users=11, posts=26)


def uuid1(rng, time):
    ticks = int((time.timestamp() + 12219292800) * 10**7)
    return str(uuid.UUID(fields=(ticks & 0xffffffff, (ticks >> 32) & 0xffff, ((ticks >> 48) & 0x0fff) | 0x1000,
                                 0x80 | rng.randrange(64), rng.randrange(256), rng.getrandbits(48))))


for _p in GRAPH.posts:
    _p.key = uuid1(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = uuid1(GRAPH.rng, _c.time)

GHOST = uuid1(GRAPH.rng, GRAPH.posts[15].time.replace(hour=20))


def documents():
    g = GRAPH
    rng = g.rng
    docs = {}
    for u in g.users:
        docs["users/" + u.uid] = {"username": u.username, "uid": u.uid, "email": u.email, "photoUrl": u.avatar,
                                  "bio": u.bio, "followers": g.followers(u.uid), "following": g.following(u.uid)}
    for p in g.posts:
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {"description": p.caption, "uid": p.owner, "likes": sorted(p.likes),
                                  "username": owner.username, "postId": p.key,
                                  "datePublished": Timestamp(iso(p.time)), "postUrl": p.image,
                                  "profImage": owner.avatar}
        for c in p.comments:
            author = g.user(c.author)
            docs["posts/%s/comments/%s" % (p.key, c.key)] = {
                "profilePic": author.avatar, "name": author.username, "uid": c.author, "text": c.text,
                "commentId": c.key, "datePublished": Timestamp(iso(c.time))}
    # drift: a deleted post's comments
    for n, u in enumerate(g.users[2:4]):
        key = uuid1(rng, g.posts[15].time.replace(hour=21 + n))
        docs["posts/%s/comments/%s" % (GHOST, key)] = {
            "profilePic": u.avatar, "name": u.username, "uid": u.uid, "text": "window bread", "commentId": key,
            "datePublished": Timestamp(iso(g.posts[15].time.replace(hour=21 + n)))}
    # drift: a follow whose following half never landed
    a, b = sorted(g.follows)[8]
    docs["users/" + a]["following"].remove(b)
    return docs


def truth():
    g = GRAPH
    a, b = sorted(g.follows)[8]
    findings = [
        {"code": "comment_dangling", "path": "posts/%s/comments" % GHOST},
        {"code": "follow_mirror_missing", "path": "users/%s/following/%s" % (a, b)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])

"""zivz/InstagramFirestore: UIKit, Firestore (the programmatic UIKit course). Users keyed by
auth uid; flat posts with an int counter `likes`, the owner's username and avatar copied
in; likes on both sides as subcollections of empty documents (posts/<id>/post-likes/<uid>,
users/<uid>/user-likes/<postId>); follows as followers/<u>/user-followers/<f> and
following/<u>/user-following/<v>; comments in posts/<id>/comments; a feed of ids
users/<u>/user-feed/<postId> (empty documents) holding the reader's own posts and those
of everyone they follow; notifications/<u>/user-notifications (never published).

Covers: a timeline of ids (empty documents) with the reader's own posts; counters as
ints; likes and follows as subcollections of empty documents; notifications; times as
timestamps.

Drift, as the app suffers it: likePost writes `likes: post.likes + 1` from the client's
stale copy (a counter off by one); the user-likes half of a like never written (the
second write of a chain); updateUserFeedAfterPost's loop missing one follower's feed;
an unfollow whose user-feed deletes did not all run (a stale entry)."""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "instagram_firestore_uikit",
    "repo": "zivz/InstagramFirestore",
    "files": ["InstagramFireStore/Utils/Constants.swift", "InstagramFireStore/API/AuthService.swift (registerUser)",
              "InstagramFireStore/API/PostService.swift (uploadPost, likePost, updateUserFeedAfterFollowing, "
              "updateUserFeedAfterPost)",
              "InstagramFireStore/API/UserService.swift (follow, unfollow)",
              "InstagramFireStore/API/CommentService.swift (uploadComment)",
              "InstagramFireStore/API/NotificationService.swift (uploadNotification)"],
    "database": "firestore",
    "layout": "flat posts with int likes; post-likes/user-likes, user-followers/user-following of empty docs; users/*/user-feed ids",
}

GRAPH = Graph(seed=37, users=12, posts=30)


def drift(g):
    by_key = {p.key: p for p in g.posts}
    liked = [p for p in g.posts if p.likes]
    counter_post = liked[0]
    mirror_post = liked[1]
    mirror_user = sorted(mirror_post.likes)[0]
    # a follower of a post's owner whose feed lacks that post
    missing = sorted((a, p.key) for p in g.posts for a, b in g.follows if b == p.owner)[0]
    # a user u who does not follow v (and is not v) while v has posts: the stale entry of an unfollow
    stale = next((u.uid, p.key) for u in g.users for p in g.posts
                 if p.owner != u.uid and (u.uid, p.owner) not in g.follows)
    return by_key, counter_post, mirror_post, mirror_user, missing, stale


def documents():
    g = GRAPH
    _, counter_post, mirror_post, mirror_user, missing, stale = drift(g)
    docs = {}
    for u in g.users:
        docs["users/" + u.uid] = {"email": u.email, "fullname": u.name, "uid": u.uid, "username": u.username,
                                  "profileImageUrl": u.avatar}
    for a, b in sorted(g.follows):
        docs["following/%s/user-following/%s" % (a, b)] = {}
        docs["followers/%s/user-followers/%s" % (b, a)] = {}
        note = push_id(g.rng)
        docs["notifications/%s/user-notifications/%s" % (b, note)] = {
            "timestamp": Timestamp(iso(g.posts[0].time)), "uid": a, "type": 1, "id": note,
            "userProfileImageUrl": g.user(a).avatar, "username": g.user(a).username}
    for p in g.posts:
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {"caption": p.caption, "timestamp": Timestamp(iso(p.time)), "likes": len(p.likes),
                                  "imageUrl": p.image, "ownerUid": p.owner, "ownerImageUrl": owner.avatar,
                                  "ownerUsername": owner.username}
        for u in sorted(p.likes):
            docs["posts/%s/post-likes/%s" % (p.key, u)] = {}
            docs["users/%s/user-likes/%s" % (u, p.key)] = {}
            if u != p.owner:
                note = push_id(g.rng)
                docs["notifications/%s/user-notifications/%s" % (p.owner, note)] = {
                    "timestamp": Timestamp(iso(p.time)), "uid": u, "type": 0, "id": note,
                    "userProfileImageUrl": g.user(u).avatar, "username": g.user(u).username,
                    "postId": p.key, "postImageUrl": p.image}
        for c in p.comments:
            author = g.user(c.author)
            docs["posts/%s/comments/%s" % (p.key, c.key)] = {
                "uid": c.author, "comment": c.text, "timestamp": Timestamp(iso(c.time)),
                "username": author.username, "profileImageUrl": author.avatar}
        docs["users/%s/user-feed/%s" % (p.owner, p.key)] = {}
        for reader in g.followers(p.owner):
            docs["users/%s/user-feed/%s" % (reader, p.key)] = {}
    # drift 1: likes counter written from a stale client copy.
    docs["posts/" + counter_post.key]["likes"] = len(counter_post.likes) + 1
    # drift 2: the user-likes half of a like never written.
    del docs["users/%s/user-likes/%s" % (mirror_user, mirror_post.key)]
    # drift 3: a follower's feed missed a new post.
    del docs["users/%s/user-feed/%s" % missing]
    # drift 4: an unfollow that left one entry behind.
    docs["users/%s/user-feed/%s" % stale] = {}
    return docs


def truth():
    g = GRAPH
    _, counter_post, mirror_post, mirror_user, missing, stale = drift(g)
    findings = [
        {"code": "like_count_mismatch", "path": "posts/%s/likes" % counter_post.key},
        {"code": "like_mirror_missing", "path": "users/%s/user-likes/%s" % (mirror_user, mirror_post.key)},
        {"code": "timeline_missing", "path": "users/%s/user-feed/%s" % missing},
        {"code": "timeline_stale", "path": "users/%s/user-feed/%s" % stale},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])

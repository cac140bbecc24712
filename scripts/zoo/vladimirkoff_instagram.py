"""vladimirkoff/InstagramClone: UIKit (Swift), Firestore. Users keyed by auth uid {email,
fullName, profileImageUrl, uid, username}. Each post written twice by uploadPost: flat
`posts/<UUID>` {caption, timestamp, likes (an int), imageUrl, ownerUid, postId, username,
profileImage} and the same map as `users/<owner>/user-posts/<UUID>` (a copy the profile
grid reads). likePost reads the post, writes `likes + 1` to the post and to the owner's
copy, writes posts/<id>/post-likes/<uid> {userId} and, as the liker's mirror, a FULL COPY
of the post (its likes already counted) at users/<uid>/user-likes/<postId>; saved posts
are full copies too (users/<uid>/user-saved/<postId>). Comments are written twice:
posts/<id>/post-comments/<UUID> and users/<owner>/user-posts/<id>/post-comments/<UUID>.
Follows are empty documents: following/<a>/user-following/<b>, followers/<b>/user-followers/<a>.
Notifications in notifications/<uid>/notifications-followed, -postLiked, -commented.

Covers: flat posts beside a per-user subcollection of copies of them (`user-posts`, the
same keys), likes mirrored as copies of the post rather than flags, saved posts as copies,
comments kept under the post and again under its copy; counters as ints; follows as
subcollections of empty documents; notifications split by kind; UUIDs in capitals; times
as timestamps.

Drift, as the app suffers it:
- likePost is a read-then-write, not a transaction: two likes at once, one increment lost
  (like_count_mismatch at the post's `likes`).
- the three writes of a like are not batched: one liker's user-likes copy never written
  (like_mirror_missing).
- unlikePost decrements the post's `likes` and never the owner's copy: the copy in
  user-posts stays one too high (no finding: copies are not the posts; the page shows the
  post's own count).
- deletePost deletes the post and its copy but no subcollection: the post's post-likes
  stay (like_dangling), and so does the liker's user-likes copy of it (like_dangling).
- follow writes user-following, then user-followers in its completion: the second lost
  (follow_mirror_missing).
- updateUserInPosts renames the poster in the flat posts only: the copies in user-posts
  and the comments keep the old username (no finding: the posts themselves are right)."""
import datetime
import random
import uuid

from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "vladimirkoff_instagram",
    "repo": "vladimirkoff/InstagramClone",
    "files": ["InstagramClone/Utilities/Constants.swift", "InstagramClone/API/AuthService.swift (registerUser)",
              "InstagramClone/API/PostService.swift (uploadPost, addToSaved, likePost, updateSavedPost, unlikePost, "
              "uploadComment, deletePost)",
              "InstagramClone/API/UserService.swift (follow, unfollow, updateUser, updateUserInPosts)",
              "InstagramClone/API/NotificationService.swift (userFollowed, postLiked, commentedPost)",
              "InstagramClone/Model/Post.swift", "InstagramClone/Model/User.swift"],
    "database": "firestore",
    "layout": "flat posts with int likes + users/*/user-posts copies; post-likes + user-likes post copies; user-saved copies; comments under post and copy; user-following/user-followers",
}

GRAPH = Graph(seed=62, users=12, posts=30)
_rng = random.Random(6200)


def _uuid():
    return str(uuid.UUID(int=_rng.getrandbits(128), version=4)).upper()


for _p in GRAPH.posts:
    _p.key = _uuid()
    for _c in _p.comments:
        _c.key = _uuid()
DELETED = _uuid()
RENAMED = GRAPH.users[3]
OLD_NAME = "old_" + RENAMED.username


def post_data(g, p, likes, username=None):
    owner = g.user(p.owner)
    return {"caption": p.caption, "timestamp": Timestamp(iso(p.time)), "likes": likes, "imageUrl": p.image,
            "ownerUid": p.owner, "postId": p.key, "username": username or owner.username,
            "profileImage": owner.avatar}


def drift():
    g = GRAPH
    liked = [p for p in g.posts if len(p.likes) >= 2]
    lost = liked[0]                                    # one increment lost
    mirror = liked[1]
    mirror_user = sorted(mirror.likes)[1]
    unliked = next(p for p in g.posts if p.owner != RENAMED.uid and p not in (lost, mirror))
    follower, followed = sorted(g.follows)[5]
    deleted_owner, deleted_liker = g.users[1].uid, g.users[6].uid
    return lost, mirror, mirror_user, unliked, follower, followed, deleted_owner, deleted_liker


def documents():
    g = GRAPH
    lost, mirror, mirror_user, unliked, follower, followed, deleted_owner, deleted_liker = drift()
    docs = {}
    for u in g.users:
        docs["users/" + u.uid] = {"email": u.email, "fullName": u.name, "profileImageUrl": u.avatar, "uid": u.uid,
                                  "username": u.username}
    for a, b in sorted(g.follows):
        docs["following/%s/user-following/%s" % (a, b)] = {}
        docs["followers/%s/user-followers/%s" % (b, a)] = {}
        docs["notifications/%s/notifications-followed/%s" % (b, _uuid()[:20])] = {
            "username": g.user(a).username, "profileUrl": g.user(a).avatar,
            "timestamp": Timestamp(iso(g.posts[0].time)), "uid": a}
    for n, p in enumerate(g.posts):
        count = len(p.likes)
        old = OLD_NAME if p.owner == RENAMED.uid else None
        docs["posts/" + p.key] = post_data(g, p, count)
        # the owner's copy: written at upload, its likes raised by every like since
        copy = len(p.likes) + (1 if p is unliked else 0)
        docs["users/%s/user-posts/%s" % (p.owner, p.key)] = post_data(g, p, copy, old)
        for k, u in enumerate(sorted(p.likes)):
            docs["posts/%s/post-likes/%s" % (p.key, u)] = {"userId": u}
            # the liker's mirror: the post as it was, its likes counting this one
            docs["users/%s/user-likes/%s" % (u, p.key)] = post_data(g, p, k + 1, old)
            if u != p.owner:
                docs["notifications/%s/notifications-postLiked/%s" % (p.owner, _uuid()[:20])] = {
                    "username": g.user(u).username, "postId": p.key, "profileUrl": g.user(u).avatar,
                    "postImage": p.image, "timestamp": Timestamp(iso(p.time + datetime.timedelta(hours=2))),
                    "uid": u}
        for c in p.comments:
            a = g.user(c.author)
            data = {"text": c.text, "uid": c.author,
                    "username": OLD_NAME if c.author == RENAMED.uid else a.username, "profileUrl": a.avatar,
                    "timestamp": Timestamp(iso(c.time))}
            docs["posts/%s/post-comments/%s" % (p.key, c.key)] = data
            docs["users/%s/user-posts/%s/post-comments/%s" % (p.owner, p.key, c.key)] = dict(data)
            if c.author != p.owner:
                docs["notifications/%s/notifications-commented/%s" % (p.owner, _uuid()[:20])] = {
                    "username": a.username, "postId": p.key, "profileUrl": a.avatar, "commentText": c.text,
                    "postImageUrl": p.image, "timestamp": Timestamp(iso(c.time)), "uid": c.author}
    # saved posts: a copy of someone else's post for each of the first four users
    for i, u in enumerate(g.users[:4]):
        p = next(p for p in g.posts[i * 3:] if p.owner != u.uid)
        docs["users/%s/user-saved/%s" % (u.uid, p.key)] = post_data(g, p, len(p.likes))
    # drift 1: one of two simultaneous likes' increments lost.
    docs["posts/" + lost.key]["likes"] -= 1
    # drift 2: a liker's user-likes copy never written.
    del docs["users/%s/user-likes/%s" % (mirror_user, mirror.key)]
    # drift 3 (no finding): an unlike left the owner's copy one too high (above).
    # drift 4: a deleted post's post-likes and its liker's user-likes copy stayed.
    gone = {"caption": "The old pier", "timestamp": Timestamp("2021-02-20T09:00:00Z"), "likes": 1,
            "imageUrl": "https://example.com/photos/gone.jpg", "ownerUid": deleted_owner, "postId": DELETED,
            "username": g.user(deleted_owner).username, "profileImage": g.user(deleted_owner).avatar}
    docs["posts/%s/post-likes/%s" % (DELETED, deleted_liker)] = {"userId": deleted_liker}
    docs["users/%s/user-likes/%s" % (deleted_liker, DELETED)] = gone
    # drift 5: a follow whose user-followers half was lost.
    del docs["followers/%s/user-followers/%s" % (followed, follower)]
    # drift 6 (no finding): RENAMED's copies and comments keep OLD_NAME (above).
    return docs


def truth():
    g = GRAPH
    lost, mirror, mirror_user, unliked, follower, followed, deleted_owner, deleted_liker = drift()
    findings = [
        {"code": "like_count_mismatch", "path": "posts/%s/likes" % lost.key},
        {"code": "like_mirror_missing", "path": "users/%s/user-likes/%s" % (mirror_user, mirror.key)},
        {"code": "like_dangling", "path": "posts/%s/post-likes" % DELETED},
        {"code": "like_dangling", "path": "users/%s/user-likes/%s" % (deleted_liker, DELETED)},
        {"code": "follow_mirror_missing", "path": "followers/%s/user-followers/%s" % (followed, follower)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])

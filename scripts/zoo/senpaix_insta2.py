"""Senpaix69/Insta-2.0: Next.js, Firestore, NextAuth. Profiles keyed by USERNAME
(`profile/<username>` {username, uid, image, email, timeStamp, fullname, bio}); follows as
subcollections of documents keyed by username holding {username, timeStamp}:
`profile/<a>/followers/<b>` (b follows a) and `profile/<b>/followings/<a>`; stories in
`profile/<u>/stories/<autoId>` {username, caption, timeStamp, image}. Posts
`posts/<autoId>` {username, caption, timeStamp, image|video, views}; likes
`posts/<id>/likes/<uid>` {username, timeStamp} keyed by the AUTH UID (the profile's `uid`
field), not by the username the profiles are keyed by; comments
`posts/<id>/comments/<autoId>` {comment, username, userImg (from Post.js only),
timeStamp, subcomments: [{username, timeStamp, comment}]}. Chats `chats/<autoId>`
{users: [{username}], timeStamp} with `chats/<id>/messages/<autoId>` {text, username,
timeStamp}.

Covers: users keyed by username; follows as subcollections of documents holding an id
(two trees, mirrored); likes keyed by another id than the users' keys (the `uid` field);
stories and chats beside the graph (their texts and the emails never published); replies
embedded in comments.

Drift, as this app suffers it:
- unFollowUser() deletes `profile/<them>/followers/<me>` and then
  `profile/<me>/followings/<them>`; the second delete lost: a following with no follower
  mirror: follow_mirror_missing at the absent follower document.
- Posts.js deletes a post with deleteDoc(posts/<id>), which leaves its likes and comments
  subcollections: like_dangling and comment_dangling there.
"""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "senpaix_insta2",
    "repo": "Senpaix69/Insta-2.0",
    "files": ["pages/index.js (Home: setDoc profile)", "components/ProfileSec.js (followUser, unFollowUser, saveEditing)",
              "components/Model.js (posts and stories addDoc)", "components/Post.js (likePost, postComment)",
              "components/Comments.js (postComment, addSubComment)", "components/Posts.js (deleteDoc)",
              "pages/chats.js, pages/chat/[id].js (chats and messages)"],
    "database": "firestore",
    "layout": "profile/<username> with followers/followings subcollections; posts {username}; likes/<uid>; stories; chats",
}

GRAPH = Graph(seed=38, users=10, posts=24)
DELETED = "zZdeletedPost000000X"


def documents():
    g = GRAPH
    name = lambda uid: g.user(uid).username
    docs = {}
    for i, u in enumerate(g.users):
        docs["profile/" + u.username] = {
            "username": u.username, "uid": u.uid, "image": u.avatar, "email": u.email,
            "timeStamp": Timestamp("2021-02-%02dT08:00:00Z" % (i + 1)),
            "fullname": u.name, "bio": u.bio,
        }
    for a, b in sorted(g.follows):  # a follows b
        t = Timestamp("2021-02-20T12:00:00Z")
        docs["profile/%s/followers/%s" % (name(b), name(a))] = {"username": name(a), "timeStamp": t}
        docs["profile/%s/followings/%s" % (name(a), name(b))] = {"username": name(b), "timeStamp": t}
    for i, u in enumerate(g.users[:3]):
        docs["profile/%s/stories/%s" % (u.username, push_id(g.rng))] = {
            "username": u.username, "caption": "story of %s" % u.username, "timeStamp": Timestamp("2021-04-01T09:00:00Z"),
            "image": "https://example.com/stories/%d.jpg" % i,
        }
    for i, p in enumerate(g.posts):
        docs["posts/" + p.key] = {"username": name(p.owner), "caption": p.caption, "timeStamp": Timestamp(iso(p.time)),
                                  "image": p.image}
        if i % 5 == 0:
            docs["posts/" + p.key]["views"] = i + 3
        for u in sorted(p.likes):
            docs["posts/%s/likes/%s" % (p.key, u)] = {"username": name(u), "timeStamp": Timestamp(iso(p.time))}
        for j, c in enumerate(p.comments):
            author = g.user(c.author)
            comment = {"comment": c.text, "username": author.username, "timeStamp": Timestamp(iso(c.time)),
                       "subcomments": []}
            if j % 2 == 0:
                comment["userImg"] = author.avatar
            if j == 1:
                comment["subcomments"] = [{"username": name(p.owner), "timeStamp": Timestamp(iso(c.time)),
                                           "comment": "@%s thanks" % author.username}]
            docs["posts/%s/comments/%s" % (p.key, c.key)] = comment
    chat = push_id(g.rng)
    a, b = g.users[0].username, g.users[1].username
    docs["chats/" + chat] = {"users": [{"username": b}, {"username": a}], "timeStamp": Timestamp("2021-04-02T10:00:00Z")}
    docs["chats/%s/messages/%s" % (chat, push_id(g.rng))] = {"text": "private hello", "username": a,
                                                             "timeStamp": Timestamp("2021-04-02T10:00:00Z")}
    # drift 1: an unfollow whose second delete was lost.
    follower, followed = lost_unfollow()
    docs["profile/%s/followings/%s" % (name(follower), name(followed))] = {
        "username": name(followed), "timeStamp": Timestamp("2021-03-01T12:00:00Z")}
    # drift 2: a deleted post's subcollections.
    docs["posts/%s/likes/%s" % (DELETED, g.users[4].uid)] = {"username": g.users[4].username,
                                                             "timeStamp": Timestamp("2021-03-02T12:00:00Z")}
    docs["posts/%s/comments/%s" % (DELETED, push_id(g.rng))] = {
        "comment": "gone", "username": g.users[5].username, "timeStamp": Timestamp("2021-03-02T12:00:00Z"),
        "subcomments": []}
    return docs


def lost_unfollow():
    ids = [u.uid for u in GRAPH.users]
    return next((a, b) for a in ids for b in ids if a != b and (a, b) not in GRAPH.follows)


def truth():
    g = GRAPH
    name = lambda uid: g.user(uid).username
    follower, followed = lost_unfollow()
    t = g.truth([
        {"code": "follow_mirror_missing", "path": "profile/%s/followers/%s" % (name(followed), name(follower))},
        {"code": "like_dangling", "path": "posts/%s/likes" % DELETED},
        {"code": "comment_dangling", "path": "posts/%s/comments" % DELETED},
    ], profile_key=lambda u: u.username, hidden=[u.email for u in g.users] + ["private hello", "story of ana"])
    # The half-done unfollow stays a follow (the repair adds its mirror): count it.
    t["profiles"][name(follower)]["following"] += 1
    t["profiles"][name(followed)]["followers"] += 1
    return t

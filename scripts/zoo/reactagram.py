"""zainthedev/reactagram: React (TypeScript), Firestore through reactfire. Users keyed by
USERNAME (`users/<name>`, the name also in `name`), holding everything as arrays:
`followers` and `following` (usernames), `posts` (the user's post ids: an index),
`likes` (the ids of the posts the user liked), `taggedPosts`, and `notifications` (maps
{notificationID, postID, from, to, type, seen}). Posts `posts/<uniqid>` hold `poster`
(a username), `image`, `caption`, `location`, `tags`, `date` (a timestamp), `likers`
(usernames) and `comments` embedded as maps {commentID, poster, comment} (no time).
Every new account follows the author (`following: ['zainthedev']`, addUser).

Covers: users keyed by username; follows, likes (both sides) and a post index as arrays of
ids in the documents; comments embedded as an array of maps; notifications beside the
graph (never published).

Drift, as this app suffers it:
- removePost() deletes the post and removes it from its poster's `posts`, but not from the
  `likes` of the users who liked it: like_dangling at that entry of their `likes`.
- handleFollow() writes the target's `followers` and then the follower's `following` in two
  writes (set with merge, from arrays read earlier); the second one lost: the follow is
  on the target's side only: follow_mirror_missing at the follower's `following`.
"""
import random

from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "reactagram",
    "repo": "zainthedev/reactagram",
    "files": ["src/helper-functions/addUser.ts (addUser)", "src/helper-functions/addPost.ts (addPost)",
              "src/helper-functions/handleLike.ts (handleLike)", "src/helper-functions/handleFollow.ts (handleFollow)",
              "src/helper-functions/addComment.ts (addComment)", "src/helper-functions/addNotification.ts",
              "src/helper-functions/removePost.ts (removePost)"],
    "database": "firestore",
    "layout": "users/<username> with arrays followers, following, posts, likes, notifications; posts {poster, likers, comments[]}",
}


def uniqid(rng):
    return "k" + "".join(rng.choice("0123456789abcdefghijklmnopqrstuvwxyz") for _ in range(9))


def make_graph():
    g = Graph(seed=37, users=11, posts=26)
    g.users[0].username = "zainthedev"
    rng = random.Random(3701)
    for p in g.posts:
        p.key = uniqid(rng)
    for u in g.users[1:]:
        g.follows.add((u.uid, g.users[0].uid))  # addUser: following: ['zainthedev']
    return g


GRAPH = make_graph()
DELETED = "kzz0deleted"


def name(uid):
    return GRAPH.user(uid).username


def documents():
    g = GRAPH
    docs = {}
    for u in g.users:
        docs["users/" + u.username] = {
            "name": u.username, "displayPicture": u.avatar,
            "posts": [p.key for p in g.posts if p.owner == u.uid], "taggedPosts": [],
            "followers": [name(f) for f in g.followers(u.uid)], "following": [name(f) for f in g.following(u.uid)],
            "likes": [p.key for p in g.posts if u.uid in p.likes], "notifications": [],
        }
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {
            "postID": p.key, "poster": owner.username, "caption": p.caption, "image": p.image,
            "location": "", "tags": [], "date": Timestamp(iso(p.time)),
            "comments": [{"commentID": "c%s%d" % (p.key[1:], j), "poster": name(c.author), "comment": c.text}
                         for j, c in enumerate(p.comments)],
            "likers": [name(u) for u in sorted(p.likes)],
        }
        for u in sorted(p.likes):
            if u != p.owner:
                docs["users/" + owner.username]["notifications"].append(
                    {"notificationID": "n%s%s" % (p.key[1:5], name(u)), "postID": p.key, "from": name(u),
                     "to": owner.username, "type": "like", "seen": False})
        for c in p.comments:
            if c.author != p.owner:
                docs["users/" + owner.username]["notifications"].append(
                    {"notificationID": "n%s" % c.key[:9].lower(), "postID": p.key, "from": name(c.author),
                     "to": owner.username, "type": "comment", "seen": i % 2 == 0})
    # drift 1: a deleted post is still in the likes of one who liked it.
    docs["users/" + g.users[3].username]["likes"].append(DELETED)
    # drift 2: the follower's `following` write was lost.
    follower, followed = follow_lost()
    docs["users/" + name(follower)]["following"].remove(name(followed))
    return docs


def follow_lost():
    return sorted((a, b) for a, b in GRAPH.follows if b != GRAPH.users[0].uid)[0]


def truth():
    g = GRAPH
    follower, followed = follow_lost()
    return g.truth([
        {"code": "like_dangling", "path": "users/%s/likes/%s" % (g.users[3].username, DELETED)},
        {"code": "follow_mirror_missing", "path": "users/%s/following/%s" % (name(follower), name(followed))},
    ], profile_key=lambda u: u.username)

"""pupimarti/pupigram: React (create-react-app), Firestore (firebase v7 namespaced API).
Users keyed by USERNAME (`users/<user>` {name, email, verify, web, desc, posts: [post ids],
followers: [usernames], follows: [usernames]}; the login finds a user by `email`).
Notifications apart, one document per user: `notif/<user>` {notifs: [{user_send, type,
time, post, comment}], visualized}. Posts `posts/<autoId>` {user, desc, verify, likes:
[usernames], time (timestamp), comments: [{user, comment, time}]}: NO image field: the
photos (one or more: an album) are Storage objects `posts/<id>/<i>` that the client
fetches by path.

Covers: users keyed by username; follows (spelled `follows`) and likes as arrays of ids; a
post index as an array in the user; notifications beside the graph (their comment copies
are published anyway as the comments, the emails never); albums whose images no document
names (the truth cannot say more than that every post still has its page).

Drift, as this app suffers it:
- deletePost() deletes the post and then removes its id from the user's `posts`; the second
  write lost: user_post_stale at that entry.
- addFollow() updates the follower's `follows` and then the target's `followers`; the
  second lost: follow_mirror_missing at the target's `followers`.
"""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "pupigram",
    "repo": "pupimarti/pupigram",
    "files": ["src/components/services/newUser.js (createProfileUser, createNotifsUser)",
              "src/components/services/newPost.js", "src/components/services/likePost.js",
              "src/components/services/commentPost.js", "src/components/services/addFollow.js",
              "src/components/services/unfollow.js", "src/components/services/addNotif.js",
              "src/components/services/deletePost.js", "src/components/services/editProfile.js"],
    "database": "firestore",
    "layout": "users/<username> {posts[], followers[], follows[]}; posts {user, likes[], comments[]} with no image; notif/<user>",
    "notes": "posts hold no image: their photos are Storage objects posts/<id>/<i> (albums)",
}

GRAPH = Graph(seed=40, users=10, posts=24)
DELETED = push_id(__import__("random").Random(4001))


def documents():
    g = GRAPH
    name = lambda uid: g.user(uid).username
    docs = {}
    for u in g.users:
        docs["users/" + u.username] = {
            "name": u.name, "email": u.email, "verify": u.username == "ana", "web": "", "desc": u.bio,
            "posts": [p.key for p in g.posts if p.owner == u.uid],
            "followers": [name(f) for f in g.followers(u.uid)], "follows": [name(f) for f in g.following(u.uid)],
        }
        docs["notif/" + u.username] = {"notifs": [], "visualized": True}
    for p in g.posts:
        owner = name(p.owner)
        docs["posts/" + p.key] = {
            "user": owner, "desc": p.caption, "verify": owner == "ana", "likes": [name(u) for u in sorted(p.likes)],
            "time": Timestamp(iso(p.time)),
            "comments": [{"user": name(c.author), "comment": c.text, "time": Timestamp(iso(c.time))} for c in p.comments],
        }
        for u in sorted(p.likes):
            if u != p.owner:
                docs["notif/" + owner]["notifs"].append({"user_send": name(u), "type": "like",
                                                         "time": Timestamp(iso(p.time)), "post": p.key})
                docs["notif/" + owner]["visualized"] = False
        for c in p.comments:
            if c.author != p.owner:
                docs["notif/" + owner]["notifs"].append({"user_send": name(c.author), "type": "comment",
                                                         "time": Timestamp(iso(c.time)), "post": p.key,
                                                         "comment": c.text})
    # drift 1: the post was deleted, its id is still in the poster's posts.
    docs["users/" + g.users[2].username]["posts"].append(DELETED)
    # drift 2: the target's followers update was lost.
    follower, followed = lost()
    docs["users/" + name(followed)]["followers"].remove(name(follower))
    return docs


def lost():
    return sorted(GRAPH.follows)[1]


def truth():
    g = GRAPH
    name = lambda uid: g.user(uid).username
    follower, followed = lost()
    return g.truth([
        {"code": "user_post_stale", "path": "users/%s/posts/%s" % (g.users[2].username, DELETED)},
        {"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (name(followed), name(follower))},
    ], profile_key=lambda u: u.username, hidden=[u.email for u in g.users])

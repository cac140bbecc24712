"""xxrrx/Instagram-clone: Expo (React Native, Firebase v10 modular API), Firestore, commented
in Vietnamese; a fork of SimCoder's React Native Instagram clone with its Cloud Functions
rewritten. Users keyed by auth uid {name, email, username, image ('default' until a photo
is chosen), followingCount, followersCount, description}; posts under
posts/<uid>/userPosts/<autoId> {downloadURL, caption, likesCount, commentsCount, type
(1 a photo, 0 a video with downloadURLStill its still), creation}; likes as empty
documents posts/<uid>/userPosts/<id>/likes/<uid>; comments posts/<uid>/userPosts/<id>/
comments/<autoId> {creator, text, creation}; the client writes following/<a>/userFollowing/
<b> (empty) and a function (addFollower) writes followers/<b>/userFollowers/<a> {timestamp}
and then both users' counters; likesCount and commentsCount kept by functions (addLike,
removeLike, addComment: no decrement, the app deletes no comment); chats/<autoId> {users
[a, b], lastMessage, <uid>: true} with chats/*/messages (never published).

Covers: posts kept per user in a subcollection; counters as ints kept by Cloud Functions
on posts and users; follows as a client side of empty documents and a function side of
{timestamp}; videos with a still; chats; emails hidden.

Drift, as the app suffers it: addFollower did not run for one follow (no followers side,
neither counter raised); addLike ran twice for one like (functions are delivered at least
once: likesCount one too many)."""
from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "xxrrx_instagram_expo",
    "repo": "xxrrx/Instagram-clone",
    "files": ["backend/functions/index.js (addLike, removeLike, addFollower, removeFollower, addComment)",
              "frontend/components/auth/Register.js (onRegister)",
              "frontend/components/main/add/Save.js (savePostData)",
              "frontend/components/main/add/Camera.js (type: 0 a video, 1 a photo)",
              "frontend/components/main/post/Post.js (onLikePress, onDislikePress)",
              "frontend/components/main/post/Comment.js (onCommentSend)",
              "frontend/components/main/profile/Profile.js (onFollow, onUnfollow)",
              "frontend/components/main/profile/Edit.js (onSave, saveData)",
              "frontend/components/main/chat/Chat.js (createChat, onSend)"],
    "database": "firestore",
    "layout": "users with followersCount/followingCount; posts/<uid>/userPosts {downloadURL, likesCount, commentsCount, "
              "type 0 video}; likes/comments subcollections; following/*/userFollowing + followers/*/userFollowers "
              "by a function; chats",
}

GRAPH = Graph(seed=83, users=12, posts=28)


def drift(g):
    follow = sorted(g.follows)[5]
    twice = next(p for p in g.posts if p.likes)
    return follow, twice


def documents():
    g = GRAPH
    follow, twice = drift(g)
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {
            "name": u.name, "email": u.email, "username": u.username,
            "image": u.avatar if i % 4 else "default",
            "followersCount": len(g.followers(u.uid)), "followingCount": len(g.following(u.uid))}
        if i % 4:
            docs["users/" + u.uid]["description"] = u.bio
    for a, b in sorted(g.follows):
        docs["following/%s/userFollowing/%s" % (a, b)] = {}
        docs["followers/%s/userFollowers/%s" % (b, a)] = {"timestamp": Timestamp(iso(g.posts[0].time))}
    for i, p in enumerate(g.posts):
        path = "posts/%s/userPosts/%s" % (p.owner, p.key)
        post = {"downloadURL": p.image, "caption": p.caption, "likesCount": len(p.likes),
                "commentsCount": len(p.comments), "type": 1, "creation": Timestamp(iso(p.time))}
        if i % 7 == 3:  # a video: its still beside it
            post.update({"type": 0, "downloadURL": p.image.replace(".jpg", ".mp4"), "downloadURLStill": p.image})
        docs[path] = post
        for u in sorted(p.likes):
            docs["%s/likes/%s" % (path, u)] = {}
        for c in p.comments:
            docs["%s/comments/%s" % (path, c.key)] = {"creator": c.author, "text": c.text,
                                                      "creation": Timestamp(iso(c.time))}
    a, b = g.users[0].uid, g.users[1].uid
    docs["chats/" + g.posts[0].key[::-1]] = {"users": [a, b], "lastMessage": "see you at the harbour",
                                             "lastMessageTimestamp": Timestamp(iso(g.posts[3].time)), a: True}
    docs["chats/%s/messages/%s" % (g.posts[0].key[::-1], g.posts[1].key[::-1])] = {
        "creator": a, "text": "see you at the harbour", "creation": Timestamp(iso(g.posts[3].time))}
    # drift: addFollower did not run for one follow; addLike ran twice for one like
    del docs["followers/%s/userFollowers/%s" % (follow[1], follow[0])]
    docs["users/" + follow[1]]["followersCount"] -= 1
    docs["users/" + follow[0]]["followingCount"] -= 1
    docs["posts/%s/userPosts/%s" % (twice.owner, twice.key)]["likesCount"] += 1
    return docs


def truth():
    g = GRAPH
    follow, twice = drift(g)
    a, b = follow
    return g.truth([{"code": "follow_mirror_missing", "path": "followers/%s/userFollowers/%s" % (b, a)},
                    {"code": "follower_count_mismatch", "path": "users/%s/followersCount" % b},
                    {"code": "following_count_mismatch", "path": "users/%s/followingCount" % a},
                    {"code": "like_count_mismatch", "path": "posts/%s/userPosts/%s/likesCount" % (twice.owner, twice.key)}],
                   hidden=[u.email for u in g.users] + ["see you at the harbour"])

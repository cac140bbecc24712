"""glasspinnA/ReactNative-Instagram (React Native, Expo, the firebase JS SDK):
Realtime Database. `users/<uid>` {uid, email, imageUrl, username, userInfo (the bio,
set later by updateUserInfo)}; flat `posts/<pushId>` {timestamp (Date.getTime(), ms),
imageUrl, postText, postId, uid, username, userProfileUrl} carrying copies of the
owner's name and avatar; beside each post a second push under `user-posts/<uid>/
<another pushId>` {timestamp, imageUrl}: a per-user list of copies keyed by their own
push ids, not by the post's, so it is neither an index of post keys nor the posts;
comments `post-comments-by-user/<postId>/<pushId>` {timestamp, comment,
commentUsername, commentUserProfile, commentUserId}. No follows and no likes
(LikeScreen is a stub): profiles show no follower counts and posts no like count.

Covers: a React Native app; an app that keeps no follows and no likes; times in
milliseconds; a per-user list of partial copies under other keys; copies of the
author's name and avatar in posts and comments; emails (hidden).

Drift: a post removed in the console leaves its `post-comments-by-user/<postId>`
(`comment_dangling`); a user removed in the console leaves a post (`post_orphan`) and
its `user-posts` list (kept: no finding, it is not an index of keys).
"""
import datetime

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "rn_glasspinna",
    "repo": "glasspinnA/ReactNative-Instagram",
    "files": ["src/fire.js (uploadUserToDB, updateUserInfo, uploadImageToDB, postComment, fetchFromDB, fetchComments)",
              "screens/FeedScreens/LikeScreen.js (a stub)", "screens/AuthStack/RegisterScreen.js"],
    "database": "rtdb",
    "layout": "users; flat posts {uid, username, userProfileUrl, timestamp ms}; user-posts/<uid>/<other pushId> copies; post-comments-by-user; no follows, no likes",
}


GRAPH = Graph(seed=71, users=9, posts=22)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    _p.likes = set()
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

T_DELETED = datetime.datetime(2021, 3, 24, 15, 0, tzinfo=datetime.timezone.utc)
DELETED_POST = push_id(GRAPH.rng, T_DELETED)
T_ORPHAN = datetime.datetime(2021, 3, 12, 11, 0, tzinfo=datetime.timezone.utc)
ORPHAN_POST = push_id(GRAPH.rng, T_ORPHAN)
GONE_USER = "Gq1oNeUs3rRem0vedInC0ns0le9"


def documents():
    g = GRAPH
    rng = g.rng
    tree = {"users": {}, "posts": {}, "user-posts": {}, "post-comments-by-user": {}}
    for i, u in enumerate(g.users):
        tree["users"][u.uid] = {"uid": u.uid, "email": u.email, "imageUrl": u.avatar, "username": u.username,
                                "userInfo": u.bio if i % 3 else ""}
    for p in g.posts:
        owner = g.user(p.owner)
        tree["posts"][p.key] = {"timestamp": millis(p.time), "imageUrl": p.image, "postText": p.caption,
                                "postId": p.key, "uid": p.owner, "username": owner.username,
                                "userProfileUrl": owner.avatar}
        tree["user-posts"].setdefault(p.owner, {})[push_id(rng, p.time)] = {"timestamp": millis(p.time),
                                                                            "imageUrl": p.image}
        for c in p.comments:
            author = g.user(c.author)
            tree["post-comments-by-user"].setdefault(p.key, {})[c.key] = {
                "timestamp": millis(c.time), "comment": c.text, "commentUsername": author.username,
                "commentUserProfile": author.avatar, "commentUserId": c.author}
    # drift: a post removed in the console; its comments stay.
    a = g.users[2]
    tree["post-comments-by-user"][DELETED_POST] = {push_id(rng, T_DELETED + datetime.timedelta(hours=1)): {
        "timestamp": millis(T_DELETED + datetime.timedelta(hours=1)), "comment": "bridge rain",
        "commentUsername": a.username, "commentUserProfile": a.avatar, "commentUserId": a.uid}}
    # drift: a user removed in the console; their post and user-posts list stay.
    image = "https://example.com/photos/gone.jpg"
    tree["posts"][ORPHAN_POST] = {"timestamp": millis(T_ORPHAN), "imageUrl": image, "postText": "The roof and the tide",
                                  "postId": ORPHAN_POST, "uid": GONE_USER, "username": "xavier",
                                  "userProfileUrl": "https://example.com/avatars/xavier.jpg"}
    tree["user-posts"][GONE_USER] = {push_id(rng, T_ORPHAN): {"timestamp": millis(T_ORPHAN), "imageUrl": image}}
    return tree


def truth():
    g = GRAPH
    findings = [{"code": "comment_dangling", "path": "post-comments-by-user/" + DELETED_POST},
                {"code": "post_orphan", "path": "posts/" + ORPHAN_POST}]
    out = g.truth(findings, follows=False, hidden=[u.email for u in g.users])
    for post in out["posts"].values():
        del post["likes"]   # the app keeps no likes: no count on its pages
    return out

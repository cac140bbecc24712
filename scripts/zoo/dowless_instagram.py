"""spsinghofficial/instagram: an iOS (Swift, UIKit) app built along Stephan Dowless's
"Instagram Firebase" video course, Realtime Database, as far as this repository took it
(no likes or comments written yet). `users/<uid>` {name, username, profileImageUrl};
flat `posts/<pushId>` {caption, creationDate (whole seconds since 1970), likes: 0 (a
counter), imageUrl, ownerUid}; an index `user-posts/<uid>/<postId>: 1`; follows
`user-following/<a>/<b>: 1` and `user-followers/<b>/<a>: 1` (two writes); a feed of ids
`user-feed/<u>/<postId>: 1` holding u's own posts and those of everyone u follows
(UploadPostVC.updateUserFeeds, User.follow); `notifications/<uid>/<pushId>` {checked,
creationDate, uid, type} beside the graph.

Covers: a video course's app; edges, index and feed entries valued 1; a timeline of ids
with the reader's own posts; a like counter named `likes` (0: the app has no likes yet,
so no like is counted and the posts show 0 likes); times as whole seconds; a
notifications root.

Drift, as the app suffers it: follow() writes `user-following` then `user-followers`
as two writes: one follow without its `user-following` half; updateUserFeeds adds a new
post to each follower's feed from a `.childAdded` observer: one follower's entry
missing; a post whose `user-posts` entry was never written (the completion of the post's
write did not run).
"""
import datetime

from _graph import Graph, millis, seconds, timed_push_id as push_id

APP = {
    "name": "dowless_instagram",
    "repo": "spsinghofficial/instagram",
    "files": ["instagram/instagram/Utils/Constants.swift (the root references)",
              "instagram/instagram/controller/Login/SignupVC.swift (handleSignUp)",
              "instagram/instagram/controller/UploadPost/UploadPostVC.swift (handleUploadPost, updateUserFeeds)",
              "instagram/instagram/model/User.swift (follow, unfollow, uploadFollowNotificationToServer)",
              "instagram/instagram/model/Post.swift"],
    "database": "rtdb",
    "layout": "users; flat posts with ownerUid, likes: 0; user-posts, user-following, user-followers, user-feed valued 1; notifications",
}


GRAPH = Graph(seed=61, users=11, posts=27)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    _p.likes = set()      # this state of the app writes no likes and no comments
    _p.comments = []


def drift():
    g = GRAPH
    follow = sorted(g.follows)[4]
    post = next(p for p in g.posts[12:] if g.followers(p.owner))
    reader = g.followers(post.owner)[-1]
    unindexed = g.posts[20]
    return follow, post, reader, unindexed


def documents():
    g = GRAPH
    rng = g.rng
    tree = {"users": {}, "posts": {}, "user-posts": {}, "user-following": {}, "user-followers": {},
            "user-feed": {}, "notifications": {}}
    for u in g.users:
        tree["users"][u.uid] = {"name": u.name, "username": u.username, "profileImageUrl": u.avatar}
    for a, b in sorted(g.follows):
        tree["user-following"].setdefault(a, {})[b] = 1
        tree["user-followers"].setdefault(b, {})[a] = 1
        tree["notifications"].setdefault(b, {})[push_id(rng, datetime.datetime(2021, 2, 20, tzinfo=datetime.timezone.utc))] = {
            "checked": 0, "creationDate": seconds(datetime.datetime(2021, 2, 20, tzinfo=datetime.timezone.utc)),
            "uid": a, "type": 2}
    for p in g.posts:
        tree["posts"][p.key] = {"caption": p.caption, "creationDate": seconds(p.time), "likes": 0,
                                "imageUrl": p.image, "ownerUid": p.owner}
        tree["user-posts"].setdefault(p.owner, {})[p.key] = 1
        for reader in [p.owner] + g.followers(p.owner):
            tree["user-feed"].setdefault(reader, {})[p.key] = 1
    (a, b), post, reader, unindexed = drift()
    del tree["user-following"][a][b]
    if not tree["user-following"][a]:
        del tree["user-following"][a]
    del tree["user-feed"][reader][post.key]
    del tree["user-posts"][unindexed.owner][unindexed.key]
    return tree


def truth():
    g = GRAPH
    (a, b), post, reader, unindexed = drift()
    findings = [
        {"code": "follow_mirror_missing", "path": "user-following/%s/%s" % (a, b)},
        {"code": "timeline_missing", "path": "user-feed/%s/%s" % (reader, post.key)},
        {"code": "user_post_missing", "path": "user-posts/%s/%s" % (unindexed.owner, unindexed.key)},
    ]
    out = g.truth(findings)
    for post in out["posts"].values():
        del post["comments"]   # the app keeps no comments: no count on its pages
    return out

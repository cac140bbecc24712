"""alecsmirnov/InstagramClone (iOS, Swift, VIPER): Realtime Database, written through
Codable structs (snake_case keys). `users/<uid>` {full_name, username,
profile_image_url, bio, website} and `users_private_info/<uid>` {email, gender, phone};
posts by owner `posts/<uid>/<pushId>` {image_url, image_aspect_ratio (a double),
caption, timestamp (seconds since 1970, a double with a fraction)}; likes keyed by
owner then post `posts_likes/<owner>/<postId>/<uid>: 0`; comments the same way
`posts_comments/<owner>/<postId>/<pushId>` {sender_identifier, caption, timestamp};
follows `following/<a>/<b>: 0` and `followers/<b>/<a>: 0` (the value 0 is an edge);
a feed of ids `users_feed/<u>/<postId>` {user_identifier, timestamp} holding u's own
posts and those of everyone u follows; `posts_bookmarks/<uid>/<postId>` {user_identifier,
timestamp} (saved posts) beside the graph.

Covers: edges and likes whose value is 0; a node keyed by two levels (owner, then post)
for likes and comments; a timeline of `{poster}` maps (`user_identifier`) with the
reader's own posts; times as seconds with a fraction; a photo's aspect ratio; emails and
phones in a private root (hidden); saved posts.

Drift, as the app suffers it: followUser sets `following` then, in its completion,
`followers`: one follow without its `followers` half; createPostFeedRecord fans a new
post out to each follower in its own write: one follower's feed entry missing; a like by
a user deleted since (the app never removes a user's likes).
"""
import datetime

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "alecsmirnov_instagram",
    "repo": "alecsmirnov/InstagramClone",
    "files": ["Instagram/Services/FirebaseServices/FirebaseDatabaseService.swift (createUserRecord, followUser, copyUserFeed, createPostFeedRecord, createUserFeedRecord, createLikeRecord, createBookmarkRecord, sendComment)",
              "Instagram/Model/Post.swift", "Instagram/Model/User.swift", "Instagram/Model/UserPrivateInfo.swift",
              "Instagram/Model/Comment.swift", "Instagram/Model/FeedPost.swift"],
    "database": "rtdb",
    "layout": "users + users_private_info; posts/<uid>/<id>; posts_likes/<owner>/<post>/<uid>: 0; posts_comments/<owner>/<post>; following/followers: 0; users_feed {user_identifier}",
}


GRAPH = Graph(seed=41, users=12, posts=32)
for _p in GRAPH.posts:
    _p.time += datetime.timedelta(microseconds=GRAPH.rng.randrange(10**6))
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

GHOST = "Zq3VbX9kLmN2pR7sT1uW4yA6cE8g"  # a user deleted since, who liked a post
GENDERS = ["female", "male", None]


def stamp(time):
    return time.timestamp()


def drift():
    g = GRAPH
    follow = sorted(g.follows)[3]
    # a post whose owner has followers: one follower's feed entry missing
    post = next(p for p in g.posts[10:] if g.followers(p.owner))
    reader = g.followers(post.owner)[0]
    liked = g.posts[5]
    return follow, post, reader, liked


def documents():
    g = GRAPH
    rng = g.rng
    tree = {"users": {}, "users_private_info": {}, "posts": {}, "posts_likes": {}, "posts_comments": {},
            "following": {}, "followers": {}, "users_feed": {}, "posts_bookmarks": {}}
    for i, u in enumerate(g.users):
        tree["users"][u.uid] = {"full_name": u.name, "username": u.username, "profile_image_url": u.avatar,
                                "bio": u.bio, "website": "https://%s.example.org" % u.username}
        private = {"email": u.email}
        if GENDERS[i % 3]:
            private["gender"] = GENDERS[i % 3]
        if i % 4 == 0:
            private["phone"] = "+1 555 01%02d" % i
        tree["users_private_info"][u.uid] = private
    for a, b in sorted(g.follows):
        tree["following"].setdefault(a, {})[b] = 0
        tree["followers"].setdefault(b, {})[a] = 0
    for p in g.posts:
        tree["posts"].setdefault(p.owner, {})[p.key] = {
            "image_url": p.image, "image_aspect_ratio": [1.0, 0.8, 1.3333333333333333][g.posts.index(p) % 3],
            "caption": p.caption, "timestamp": stamp(p.time)}
        if p.likes:
            tree["posts_likes"].setdefault(p.owner, {})[p.key] = {u: 0 for u in sorted(p.likes)}
        for c in p.comments:
            tree["posts_comments"].setdefault(p.owner, {}).setdefault(p.key, {})[c.key] = {
                "sender_identifier": c.author, "caption": c.text, "timestamp": stamp(c.time)}
        for reader in [p.owner] + g.followers(p.owner):
            tree["users_feed"].setdefault(reader, {})[p.key] = {"user_identifier": p.owner, "timestamp": stamp(p.time)}
    for i, u in enumerate(g.users[:5]):
        for p in [p for p in g.posts if p.owner != u.uid][i::6][:2]:
            tree["posts_bookmarks"].setdefault(u.uid, {})[p.key] = {"user_identifier": p.owner, "timestamp": stamp(p.time)}
    (a, b), post, reader, liked = drift()
    del tree["followers"][b][a]
    if not tree["followers"][b]:
        del tree["followers"][b]
    del tree["users_feed"][reader][post.key]
    tree["posts_likes"].setdefault(liked.owner, {}).setdefault(liked.key, {})[GHOST] = 0
    return tree


def truth():
    g = GRAPH
    (a, b), post, reader, liked = drift()
    findings = [
        {"code": "follow_mirror_missing", "path": "followers/%s/%s" % (b, a)},
        {"code": "timeline_missing", "path": "users_feed/%s/%s" % (reader, post.key)},
        {"code": "like_dangling", "path": "posts_likes/%s/%s/%s" % (liked.owner, liked.key, GHOST)},
    ]
    hidden = [u.email for u in g.users] + ["+1 555 01%02d" % i for i in range(0, len(g.users), 4)]
    return g.truth(findings, hidden=hidden)

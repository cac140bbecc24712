"""son/Instagram: an iOS (Swift, UIKit) app built along Zero2Launch's "Instagram clone
with Firebase" course (the `Api.Post`, `Api.MyPosts`, `Api.Feed` layout copied by many
repositories; this one is commented in Japanese), Realtime Database.
`users/<uid>` {username, username_lowercase, email, profileImageUrl}; flat
`posts/<pushId>` {uid, photoUrl, caption, likeCount, ratio (a double), timestamp (whole
seconds), videoUrl (a video post: photoUrl is then its thumbnail), likes {uid: true}}
(likes and likeCount in the post, changed together in one transaction: incrementLikes);
comments kept flat and keyed by their own push id, `comments/<pushId>` {uid,
commentText} (no post named, no time), tied to their post only by the index
`post-comments/<postId>/<commentId>: true`; an index `myPosts/<uid>/<postId>:
{timestamp}`; follows `followers/<b>/<a>: true` and `following/<a>/<b>: true` (two
writes, unfollow sets both to null); a feed of `{timestamp}` entries `feed/<u>/<postId>`
holding u's own posts and those of everyone u follows (sendDataToDatabase fans a new post
out to the poster's followers; followAction copies the followed user's myPosts,
unFollowAction removes them); `notification/<uid>/<pushId>` {from, type: "feed",
objectId, timestamp} for each follower of a new post, beside the graph. `hashTag` is
declared and never written.

Covers: a video course's app written by a Japanese-speaking author; comments kept flat
and joined to posts by an index of `true`; index and feed entries that are
`{timestamp}` maps; a timeline with the reader's own posts; a like counter `likeCount`
beside a likes map in the post; times as whole seconds; videos (a `videoUrl` beside the
thumbnail in `photoUrl`: the truth cannot express videos yet, the data has them); a
notification root; emails in the users.

Drift, as the app suffers it: followAction writes `followers` then `following` as two
writes: one follow without its `following` half; followAction's copy of the followed
user's posts into the feed runs in a later callback, one entry never landed;
unFollowAction removes the feed entries in a callback too, one stayed after an unfollow
(an entry for a post of someone the reader no longer follows).
"""
import datetime

from _graph import Graph, seconds, timed_push_id as push_id

APP = {
    "name": "son_instagram",
    "repo": "son/Instagram",
    "files": ["InstagramClone/Service/AuthService.swift (setUserInfomation, updateDatabase)",
              "InstagramClone/Service/HelperService.swift (sendDataToDatabase)",
              "InstagramClone/API/PostAPI.swift (incrementLikes)",
              "InstagramClone/API/FollowAPI.swift (followAction, unFollowAction)",
              "InstagramClone/ViewController/CommentViewController.swift (sendButton: comments, post-comments)",
              "InstagramClone/API/CommentAPI.swift", "InstagramClone/API/Post_CommentAPI.swift",
              "InstagramClone/API/MyPostsAPI.swift", "InstagramClone/API/FeedAPI.swift",
              "InstagramClone/API/NotificationAPI.swift", "InstagramClone/API/HashTagAPI.swift"],
    "database": "rtdb",
    "layout": "users; flat posts {uid, likeCount, likes {uid: true}, timestamp s, videoUrl}; flat comments joined by post-comments/<post>/<id>: true; myPosts and feed of {timestamp}; followers/following: true; notification",
}

GRAPH = Graph(seed=71, users=11, posts=26)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

VIDEOS = {3, 11, 19}    # posts made from a video: photoUrl holds the thumbnail


def drift():
    g = GRAPH
    follows = sorted(g.follows)
    half = follows[3]                                     # following/<a>/<b> never written
    a, b = follows[7]                                     # a follows b: one of b's posts not copied
    copied = next(p for p in g.posts if p.owner == b)
    # an unfollow whose feed removal did not land: a pair that is not a follow
    reader, poster = next((x.uid, y.uid) for x in g.users for y in g.users
                          if x.uid != y.uid and (x.uid, y.uid) not in g.follows
                          and any(p.owner == y.uid for p in g.posts))
    stale = next(p for p in g.posts if p.owner == poster)
    return half, (a, copied), (reader, stale)


def documents():
    g = GRAPH
    rng = g.rng
    tree = {"users": {}, "posts": {}, "comments": {}, "post-comments": {}, "myPosts": {}, "followers": {},
            "following": {}, "feed": {}, "notification": {}}
    for u in g.users:
        tree["users"][u.uid] = {"username": u.username, "username_lowercase": u.username.lower(), "email": u.email,
                                "profileImageUrl": u.avatar}
    for a, b in sorted(g.follows):
        tree["followers"].setdefault(b, {})[a] = True
        tree["following"].setdefault(a, {})[b] = True
    for i, p in enumerate(g.posts):
        post = {"uid": p.owner, "photoUrl": p.image, "caption": p.caption, "likeCount": len(p.likes),
                "ratio": 1.3333333333333333 if i % 3 else 0.75, "timestamp": seconds(p.time)}
        if i in VIDEOS:
            post["photoUrl"] = p.image.replace(".jpg", "-thumb.jpg")
            post["videoUrl"] = p.image.replace(".jpg", ".mov")
        if p.likes:
            post["likes"] = {u: True for u in sorted(p.likes)}
        tree["posts"][p.key] = post
        tree["myPosts"].setdefault(p.owner, {})[p.key] = {"timestamp": seconds(p.time)}
        for reader in [p.owner] + g.followers(p.owner):
            tree["feed"].setdefault(reader, {})[p.key] = {"timestamp": seconds(p.time)}
        for follower in g.followers(p.owner):
            tree["notification"].setdefault(follower, {})[push_id(rng, p.time)] = {
                "from": p.owner, "type": "feed", "objectId": p.key, "timestamp": seconds(p.time)}
        for c in p.comments:
            tree["comments"][c.key] = {"uid": c.author, "commentText": c.text}
            tree["post-comments"].setdefault(p.key, {})[c.key] = True
    (a, b), (reader, copied), (unfollower, stale) = drift()
    del tree["following"][a][b]
    if not tree["following"][a]:
        del tree["following"][a]
    del tree["feed"][reader][copied.key]
    tree["feed"].setdefault(unfollower, {})[stale.key] = {"timestamp": seconds(stale.time)}
    return tree


def truth():
    g = GRAPH
    (a, b), (reader, copied), (unfollower, stale) = drift()
    findings = [
        {"code": "follow_mirror_missing", "path": "following/%s/%s" % (a, b)},
        {"code": "timeline_missing", "path": "feed/%s/%s" % (reader, copied.key)},
        {"code": "timeline_stale", "path": "feed/%s/%s" % (unfollower, stale.key)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])

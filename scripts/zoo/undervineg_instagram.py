"""undervineg/InstagramClientApp: UIKit (Swift), Realtime Database, commented in Korean,
with Cloud Functions (FirebaseFunctions/functions/index.js). Users `users/<uid>` {email,
username, profileImageUrl, fcmToken} (RegisterUserService.saveUser). Posts kept under
their owner, `posts/<uid>/<autoId>` {caption, imageUrl, imageWidth, imageHeight,
creationDate} (ShareService.share), the time `Date().timeIntervalSince1970`: seconds with
a fraction. Follows are one root named for the other direction, `following/<followed>/
<follower>: 1` (UserProfileService.followUser writes `[followerUid: 1]` under
`following/<followingUid>`; fetchFollowingList reads whom a user follows by scanning every
key's children): one-sided. Likes `likes/<owner>/<post>/<liker>: 1` (PostService.
changeLikes; an owner cannot like their own post). Comments `comments/<post>/<autoId>`
{userId, text, creationDate} (CommentsService.saveComment). The counters are a root of
their own written by functions, `counts/<uid>` {post, follower, following,
unreadNotification} (observePostsCreatedCount, observeFollowCount: `snapshot.val() + 1`,
so a counter exists only once its first event happened); notifications
`notifications/<uid>/<pushId>` {type, title, body (a Korean sentence naming the user),
creationDate, emphasizeIndices, profileImageUrl, profileLink (a uid), detailImageUrls,
detailLinks (post ids), detailButtonType} written by the functions for a follow and for a
like (to the owner, and to each of the owner's followers).

Covers: a UIKit app on the Realtime Database; counters in a root of their own keyed by
uid, in singular names (`post`, `follower`); follows as `1` under a root named for the
other direction; likes keyed by owner then post; times as seconds with a fraction;
notifications beside the graph holding uids, post ids and image URLs (their texts, the
emails and the FCM tokens hidden).

Drift, as the app suffers it: a post deleted by hand in the console (the app has no
delete; observePostsDeletedCount expects it) leaves its likes and its comments behind
(like_dangling, comment_dangling); two follows of one user at once made the
non-transactional `follower + 1` of observeFollowCount count one of them twice
(follower_count_mismatch); a user who never followed anyone has no `following`, and one
who never posted no `post` (counter_missing: the app reads `count ?? 0`).
"""
import random

from _graph import Graph, timed_push_id as push_id

APP = {
    "name": "undervineg_instagram",
    "repo": "undervineg/InstagramClientApp",
    "files": ["App/InstagramClientApp/Utils/Keys.swift (Keys.Database)",
              "App/InstagramClientApp/Services/RegisterUserService.swift (saveUser)",
              "App/InstagramClientApp/Services/ShareService.swift (share)",
              "App/InstagramClientApp/Services/PostService.swift (changeLikes, fetchPostsCount)",
              "App/InstagramClientApp/Services/UserProfileService.swift (followUser, unfollowUser, fetchFollowingList, fetchFollowingCount)",
              "App/InstagramClientApp/Services/CommentsService.swift (saveComment)",
              "App/InstagramClientApp/Services/NotificationService.swift",
              "App/InstagramClientApp/Scenes/Share Photo Scene/SharePhotoViewController.swift (uploadDate)",
              "FirebaseFunctions/functions/index.js (observePostsCreatedCount, observePostsDeletedCount, observeFollowCount, observeUnfollowCount, observeUnfollow, observeLikeNotificationForPostedUser, observeLikeNotification, observeFollowNotification)"],
    "database": "rtdb",
    "layout": "users {email, username, profileImageUrl, fcmToken}; posts/<uid>/<id> {creationDate s.fraction}; following/<followed>/<follower>: 1 one-sided; likes/<owner>/<post>/<uid>: 1; comments/<post>/<id>; counts/<uid> {post, follower, following} by functions; notifications",
}

GRAPH = Graph(seed=181, users=10, posts=24)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    _p.likes.discard(_p.owner)  # changeLikes returns when the liker is the owner
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)
DELETED = GRAPH.posts[9]          # deleted by hand in the console
GRAPH.posts.remove(DELETED)


def seconds(time, frac):
    return round(time.timestamp() + frac, 6)


def twice_counted():
    """The user whose follower counter counted one follow twice."""
    return next(u for u in GRAPH.users if len(GRAPH.followers(u.uid)) >= 2)


def documents():
    g = GRAPH
    rng = random.Random(1810)
    tree = {"users": {}, "posts": {}, "following": {}, "likes": {}, "comments": {}, "counts": {},
            "notifications": {}}
    for u in g.users:
        tree["users"][u.uid] = {"email": u.email, "username": u.username, "profileImageUrl": u.avatar,
                                "fcmToken": "fcm-%s:APA91b%s" % (u.username, push_id(rng, g.posts[0].time))}
    counts = tree["counts"]
    notes = tree["notifications"]

    def notify(uid, time, **fields):
        fields["creationDate"] = seconds(time, rng.random())
        notes.setdefault(uid, {})[push_id(rng, time)] = fields
        if fields["type"] == 0:
            counts.setdefault(uid, {})
            counts[uid]["unreadNotification"] = counts[uid].get("unreadNotification", 0) + 1

    for a, b in sorted(g.follows):
        tree["following"].setdefault(b, {})[a] = 1
        counts.setdefault(b, {})["follower"] = counts.get(b, {}).get("follower", 0) + 1
        counts.setdefault(a, {})["following"] = counts.get(a, {}).get("following", 0) + 1
        t = g.posts[0].time.replace(day=1 + rng.randrange(27))
        fa = g.user(a)
        notify(b, t, type=0, title="새 팔로워가 있습니다!", body=fa.username + "님이 회원님을 팔로우하기 시작했습니다.",
               emphasizeIndices=[0, len(fa.username)], profileImageUrl=fa.avatar, profileLink=a, detailButtonType=0)
    for p in g.posts + [DELETED]:
        tree["posts"].setdefault(p.owner, {})[p.key] = {
            "caption": p.caption, "imageUrl": p.image, "imageWidth": 1080.0, "imageHeight": 1350.0,
            "creationDate": seconds(p.time, rng.random())}
        counts.setdefault(p.owner, {})["post"] = counts.get(p.owner, {}).get("post", 0) + 1
        owner = g.user(p.owner)
        for x in sorted(p.likes):
            tree["likes"].setdefault(p.owner, {}).setdefault(p.key, {})[x] = 1
            liker = g.user(x)
            t = p.time.replace(hour=12)
            notify(p.owner, t, type=0, body=liker.username + "님이 회원님의 게시물을 좋아합니다.",
                   emphasizeIndices=[0, len(liker.username)], profileImageUrl=liker.avatar, profileLink=x,
                   detailImageUrls=[p.image], detailLinks=[p.key])
            for f in g.followers(p.owner):
                if f != x:
                    notify(f, t, type=1, body="%s님이 %s님의 게시물을 좋아합니다." % (liker.username, owner.username),
                           emphasizeIndices=[0, len(liker.username), len(liker.username) + 3, len(owner.username)],
                           profileImageUrl=liker.avatar, profileLink=x, detailImageUrls=[p.image],
                           detailLinks=[p.key])
        for c in p.comments:
            tree["comments"].setdefault(p.key, {})[c.key] = {"userId": c.author, "text": c.text,
                                                              "creationDate": seconds(c.time, rng.random())}
    # drift: the post deleted in the console; its likes and comments stay, its counter went down
    del tree["posts"][DELETED.owner][DELETED.key]
    counts[DELETED.owner]["post"] -= 1
    # drift: observeFollowCount's read-then-write counted one of two simultaneous follows twice
    counts[twice_counted().uid]["follower"] += 1
    return tree


def truth():
    g = GRAPH
    findings = [{"code": "like_dangling", "path": "likes/%s/%s" % (DELETED.owner, DELETED.key)},
                {"code": "comment_dangling", "path": "comments/%s" % DELETED.key},
                {"code": "follower_count_mismatch", "path": "counts/%s/follower" % twice_counted().uid}]
    for u in g.users:
        if not any(p.owner == u.uid for p in g.posts + [DELETED]):
            findings.append({"code": "counter_missing", "path": "counts/%s/post" % u.uid})
        if not g.following(u.uid):
            findings.append({"code": "counter_missing", "path": "counts/%s/following" % u.uid})
        if not g.followers(u.uid):
            findings.append({"code": "counter_missing", "path": "counts/%s/follower" % u.uid})
    docs = documents()
    hidden = [u.email for u in g.users] + [v["fcmToken"] for v in docs["users"].values()]
    hidden += sorted({n["body"] for box in docs["notifications"].values() for n in box.values()})[:6]
    return g.truth(findings, hidden=hidden)

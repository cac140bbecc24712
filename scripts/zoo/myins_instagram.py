"""SuperWomanRachel/mobileInstagramProject ("MyIns"): a UIKit (Swift, storyboards) course
project of four students (University of Melbourne, mobile computing, October 2018),
Realtime Database, grown from Zero2Launch's layout. Users `users/<uid>` {username,
username_lower, email, profileImageUrl} (AuthService.setUserInformation). Flat posts
`posts/<pushId>` {uid, photoURL, caption, timestamp (whole seconds), longitude, latitude
(doubles rounded to one decimal)} (AddPhotoViewController.sendDataToDB); only in that
write's completion the index `myPosts/<uid>/<post>: true` and the feed `feeds/<uid>/<post>:
true`, fanned out to the poster's followers (sendToFeedsDB); followAction copies the
followed user's myPosts into one's feed, unfollowAction removes them. A like
(HomeTableViewCell.incrementLikes) is a transaction on the whole post that changes
`likeCount` (absent until the first like) and, from inside its block,
NotificationService.uploadActivity: a notification `notifications/<pushId>` {from, type:
"like", objectId: the post, timestamp}, `activityFeeds/<each follower of the liker>/
<noteId>: true`, `youActivityFeeds/<post owner>/<noteId>: true`, and the like itself as
`posts/<post>/likes/<uid>: "<noteId>"` (a separate setValue; the value is the
notification's id, read back to delete it on unlike). A follow (FollowHelper.followAction)
writes `following/<a>/<b>: true` and, through uploadFollowActivity, `followers/<b>/<a>:
"<noteId>"` with its notification (type "follow", objectId: b) and activity entries.
Comments are flat, `comments/<pushId>` {uid, commentText, timestamp}, joined to their post
only by `postComments/<post>/<comment>: true`, written in the comment's completion
(PostCommentsAPI.postNewComment).

Covers: edge and like values that are other records' push ids (the notification behind
each follow and like), not flags; two more roots of `true` keyed by users
(`activityFeeds`, `youActivityFeeds`) whose entries are notifications, not posts, beside
the real feed (`feeds`, holding one's own posts too); flat comments joined by an index;
a like counter absent from never-liked posts; coordinates in posts; emails in users.

Drift, as the app suffers it: the index, feed and comment-index writes wait for the first
write's completion, so an app closed offline before it kept a post without its myPosts and
feed entries (user_post_missing, timeline_missing for the owner and each follower) and a
comment no index names (comment_orphan: kept, not published); the like's count and the like
itself are two writes that nothing keeps together (the transaction sets the whole post as
its block read it, while uploadActivity, called from inside that block, sets
`likes/<uid>` beneath it): one post's likeCount is one above its likes, the like lost, its
notification left (like_count_mismatch); never-liked posts lack likeCount, which only the
like transaction writes (counter_missing).
"""
import datetime
import random

from _graph import Graph, seconds, timed_push_id as push_id

APP = {
    "name": "myins_instagram",
    "repo": "SuperWomanRachel/mobileInstagramProject",
    "files": ["MyIns/Configuration.swift (Config: the roots, getCurrentTimeStamp)",
              "MyIns/AuthService.swift (signUp, setUserInformation)",
              "MyIns/AddPhotoViewController.swift (sharePostBtnClicked, sendDataToDB, sendToMyPostsDB, sendToFeedsDB)",
              "MyIns/HomeTableViewCell.swift (incrementLikes, LikeImageViewClicked, loadLikes)",
              "MyIns/HomeTableViewCellHelper.swift (incrementLikes, an older copy)",
              "MyIns/NotificationService.swift (uploadActivity, sendActivityToFeedsDB, sendYouActivityToFeedsDB, uploadFollowActivity, sendFollowActivityToFeedsDB, removeActivity, removeFollowActivity)",
              "MyIns/FollowHelper.swift (followAction, unfollowAction, ifFollowing, countFollowers, countFollowing)",
              "MyIns/PostCommentsAPI.swift (postNewComment)", "MyIns/PostHelper.swift (loadPosts, countPosts)",
              "MyIns/HomeTableViewController.swift (the feed)", "MyIns/Post.swift", "MyIns/User.swift",
              "MyIns/Notification.swift"],
    "database": "rtdb",
    "layout": "users; flat posts {uid, photoURL, timestamp s, latitude, longitude, likeCount, likes {uid: noteId}}; myPosts, feeds: true; following: true, followers/<b>/<a>: noteId; flat comments joined by postComments; notifications + activityFeeds/youActivityFeeds",
}

GRAPH = Graph(seed=2018, users=10, posts=24)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)
ORPHAN_TEXT = "who took this one, the light is unreal"


def drift():
    g = GRAPH
    unindexed = next(p for p in g.posts[4:] if p.likes and 1 <= len(g.followers(p.owner)) <= 3)
    erased = next(p for p in g.posts[8:] if len(p.likes) >= 2 and p is not unindexed)
    liker = next(u.uid for u in g.users if u.uid not in erased.likes)       # whose like was written over
    onto = next(p for p in g.posts[12:] if p.comments)                     # the post the orphan was about
    return unindexed, erased, liker, onto


def documents():
    g = GRAPH
    rng = random.Random(20181)
    unindexed, erased, liker, onto = drift()
    tree = {k: {} for k in ("users", "posts", "myPosts", "feeds", "following", "followers", "notifications",
                            "activityFeeds", "youActivityFeeds", "comments", "postComments")}
    for u in g.users:
        tree["users"][u.uid] = {"username": u.username, "username_lower": u.username.lower(), "email": u.email,
                                "profileImageUrl": u.avatar}

    def activity(actor, receiver, kind, obj, time):
        note = push_id(rng, time)
        tree["notifications"][note] = {"from": actor, "type": kind, "objectId": obj, "timestamp": seconds(time)}
        for f in g.followers(actor):
            tree["activityFeeds"].setdefault(f, {})[note] = True
        tree["youActivityFeeds"].setdefault(receiver, {})[note] = True
        return note

    start = g.posts[0].time - datetime.timedelta(days=3)
    for n, (a, b) in enumerate(sorted(g.follows)):
        tree["following"].setdefault(a, {})[b] = True
        tree["followers"].setdefault(b, {})[a] = activity(a, b, "follow", b, start + datetime.timedelta(minutes=7 * n))
    for i, p in enumerate(g.posts):
        post = {"uid": p.owner, "photoURL": p.image, "caption": p.caption, "timestamp": seconds(p.time),
                "longitude": [144.9, 145.0, 144.96][i % 3], "latitude": [-37.8, -37.9][i % 2]}
        if p.likes:
            post["likeCount"] = len(p.likes)
            post["likes"] = {u: activity(u, p.owner, "like", p.key, p.time + datetime.timedelta(hours=1, minutes=j))
                             for j, u in enumerate(sorted(p.likes))}
        tree["posts"][p.key] = post
        if p is not unindexed:
            tree["myPosts"].setdefault(p.owner, {})[p.key] = True
            for reader in [p.owner] + g.followers(p.owner):
                tree["feeds"].setdefault(reader, {})[p.key] = True
        for c in p.comments:
            tree["comments"][c.key] = {"uid": c.author, "commentText": c.text, "timestamp": seconds(c.time)}
            tree["postComments"].setdefault(p.key, {})[c.key] = True
    # drift: the like written over by the transaction's whole-post write; its notification stays
    tree["posts"][erased.key]["likeCount"] += 1
    activity(liker, erased.owner, "like", erased.key, erased.time + datetime.timedelta(hours=5))
    # drift: a comment whose postComments entry never landed
    when = onto.time + datetime.timedelta(hours=9)
    tree["comments"][push_id(rng, when)] = {"uid": g.users[1].uid, "commentText": ORPHAN_TEXT,
                                            "timestamp": seconds(when)}
    return tree


def truth():
    g = GRAPH
    unindexed, erased, liker, onto = drift()
    tree = documents()
    orphan = next(k for k, c in tree["comments"].items() if c["commentText"] == ORPHAN_TEXT)
    findings = [{"code": "user_post_missing", "path": "myPosts/%s/%s" % (unindexed.owner, unindexed.key)},
                {"code": "like_count_mismatch", "path": "posts/%s/likeCount" % erased.key},
                {"code": "comment_orphan", "path": "comments/%s" % orphan}]
    findings += [{"code": "timeline_missing", "path": "feeds/%s/%s" % (r, unindexed.key)}
                 for r in [unindexed.owner] + g.followers(unindexed.owner)]
    findings += [{"code": "counter_missing", "path": "posts/%s/likeCount" % p.key} for p in g.posts if not p.likes]
    return g.truth(findings, hidden=[u.email for u in g.users] + [ORPHAN_TEXT])

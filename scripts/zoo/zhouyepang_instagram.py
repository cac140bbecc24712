"""zhouyepang/InstagramApp: a university team's Android app (Java, 2018), Realtime Database,
FirebaseUI sign-in. Each sign-in rewrites `users/<uid>` whole (MainActivity, MainPage:
`setValue(new User(uid, displayName, token))`: {uid, displayName, token}, the FCM token);
the account setup screen writes `usersProfile/<uid>` {displayName, username, country} one
child at a time, then uploads an avatar: `images/avatars/<pushId>` {key, userId,
downloadUrl, imageType: "avatars", timeStamp} and `usersProfile/<uid>/avaURL`.

A photo is written twice (SendData.postToDB), two setValue calls under two push ids:
`images/postImages/<imageKey>` {key, userId, downloadUrl, imageType: "postImages",
timeStamp} and `posts/<postKey>` {key, userId, imageId: <imageKey>, downloadUrl,
description, timeStamp}; timeStamp is `System.currentTimeMillis()` as text. The app reads
only the first: the feed (MainPage), the profile's post count (Profile: the children of
`images/postImages` whose userId is the reader's) and the likes and comments, which name
the image key in `imageId`. So the app's post is `images/postImages/<imageKey>` and its
page is that key; `posts/<postKey>` is the post's second record (its caption), never read.
An avatar under `images/avatars` is no post.

Likes are flat push-id records `likes/<pushId>` {imageId, userId} (MainPage.setLiked;
unlike removes the one the reader's listener saw); comments flat `comments/<pushId>`
{imageId, userId, content}, no time. A follow is two writes (SuggestUserDisplay.followAuser):
`following/<me>/followTo/<them>: "<them>"` and `follower/<them>/whoFollowsMe/<me>: "<me>"`
(valued by the id as text); the profile counts each side's children. No unfollow, no
delete of posts, likes held nowhere else.

Covers: a post kept twice in two roots under two keys (the one read, without caption,
inside a root of image records that also holds avatars; the other naming it by
`imageId`); likes and comments kept flat, naming the post by a field; follows one level
down in each user's node (`following/*/followTo`, `follower/*/whoFollowsMe`) valued by ids;
times as millisecond text; a second root of users (usersProfile) for some users only;
FCM tokens (hidden).

Drift, as the app suffers it: a follow whose second write (`whoFollowsMe`) never landed
(follow_mirror_missing); a heart tapped before the likes listener had answered, so
`hasLiked` was still false and a second like record was pushed (like_duplicate, the later
push id). Two users signed in and never opened the setup screen: no usersProfile, so no
username (username_missing, as for any user without one where the app keeps usernames).
"""
import datetime
import random

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "zhouyepang_instagram",
    "repo": "zhouyepang/InstagramApp",
    "files": ["app/src/main/java/com/example/zhouyepang/instagramapp/MainActivity.java (onCreate, onActivityResult: users/<uid>)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/MainPage.java (onActivityResult, the feed listeners, setLiked)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/SendData.java (uploadImage, postToDB, avatarToDB, getTimeStamp)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/UploadOptions.java (the description)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/SetupActivity.java (updateInfo, uploadAva)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/SuggestUserDisplay.java (followAuser)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/DisplayPostDetail.java (setComment, displayUserLiked)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/Profile.java (the post, following and follower counts)",
              "app/src/main/java/com/example/zhouyepang/instagramapp/Discover.java",
              "app/src/main/java/com/example/zhouyepang/instagramapp/User.java",
              "app/src/main/java/com/example/zhouyepang/instagramapp/Image.java",
              "app/src/main/java/com/example/zhouyepang/instagramapp/Post.java",
              "app/src/main/java/com/example/zhouyepang/instagramapp/Like.java",
              "app/src/main/java/com/example/zhouyepang/instagramapp/Comment.java"],
    "database": "rtdb",
    "layout": "users {uid, displayName, token} + usersProfile; each photo twice: images/postImages/<key> (read, no caption; avatars beside it in images/avatars) and posts/<key> {imageId, description}; flat likes and comments naming imageId; following/*/followTo and follower/*/whoFollowsMe valued by ids; times as ms text",
}

GRAPH = Graph(seed=418, users=11, posts=27)
_rng = random.Random(41800)
BUCKET = "https://firebasestorage.googleapis.com/v0/b/instagramapp-7c1d2.appspot.com/o/images%2F"
COUNTRIES = ["Australia", "China", "India", "Malaysia", "Vietnam"]
POST_KEYS = {}
for _p in GRAPH.posts:
    _p.key = push_id(_rng, _p.time)                      # images/postImages/<imageKey>
    POST_KEYS[_p.key] = push_id(_rng, _p.time)           # posts/<postKey>, pushed right after
TOKENS = {u.uid: "".join(_rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
                         for _ in range(11)) + ":APA91b" +
          "".join(_rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
                  for _ in range(134)) for u in GRAPH.users}
NO_SETUP = {GRAPH.users[4].uid, GRAPH.users[9].uid}    # signed in, never opened the setup screen


def url(category, uid, time):
    name = "%s_%s" % (uid, time.strftime("%Y%m%d_%H%M%S"))
    token = "%08x-%04x-4%03x-a%03x-%012x" % tuple(_url_rng.getrandbits(b) for b in (32, 16, 12, 12, 48))
    return BUCKET + "%s%%2F%s%%2F%s?alt=media&token=%s" % (category, uid, name, token)


_url_rng = random.Random(4181)


def lost_mirror():
    """(follower, followed): the follow whose whoFollowsMe write never landed."""
    return sorted(GRAPH.follows)[5]


def double_like():
    """The post and the liker whose second tap pushed a second like, and that like's key."""
    p = next(p for p in GRAPH.posts[6:] if len(p.likes) >= 2)
    return p, sorted(p.likes)[1]


LIKE_KEYS = {}
COMMENT_KEYS = {}
for _p in GRAPH.posts:
    for _u in sorted(_p.likes):
        LIKE_KEYS[(_p.key, _u)] = push_id(_rng, _p.time + datetime.timedelta(hours=1))
    for _c in _p.comments:
        _c.key = push_id(_rng, _c.time)
_dp, _du = double_like()
SECOND_LIKE = push_id(_rng, _dp.time + datetime.timedelta(hours=3))


def documents():
    g = GRAPH
    tree = {"users": {}, "usersProfile": {}, "images": {"postImages": {}, "avatars": {}}, "posts": {},
            "likes": {}, "comments": {}, "following": {}, "follower": {}}
    setup = datetime.datetime(2021, 2, 20, 10, 0, tzinfo=datetime.timezone.utc)
    for i, u in enumerate(g.users):
        tree["users"][u.uid] = {"uid": u.uid, "displayName": u.name, "token": TOKENS[u.uid]}
        if u.uid in NO_SETUP:
            continue
        when = setup + datetime.timedelta(hours=i)
        profile = {"displayName": u.name, "username": u.username, "country": COUNTRIES[i % len(COUNTRIES)]}
        if i % 4 != 3:  # the avatar upload: an image record and the profile's avaURL
            key = push_id(_rng, when)
            link = url("avatars", u.uid, when)
            tree["images"]["avatars"][key] = {"key": key, "userId": u.uid, "downloadUrl": link,
                                              "imageType": "avatars", "timeStamp": str(millis(when))}
            profile["avaURL"] = link
        tree["usersProfile"][u.uid] = profile
    for p in g.posts:
        link = url("postImages", p.owner, p.time)
        stamp = str(millis(p.time))
        tree["images"]["postImages"][p.key] = {"key": p.key, "userId": p.owner, "downloadUrl": link,
                                               "imageType": "postImages", "timeStamp": stamp}
        tree["posts"][POST_KEYS[p.key]] = {"key": POST_KEYS[p.key], "userId": p.owner, "imageId": p.key,
                                           "downloadUrl": link, "description": p.caption, "timeStamp": stamp}
        for u in sorted(p.likes):
            tree["likes"][LIKE_KEYS[(p.key, u)]] = {"imageId": p.key, "userId": u}
        for c in p.comments:
            tree["comments"][c.key] = {"imageId": p.key, "userId": c.author, "content": c.text}
    for a, b in sorted(g.follows):
        tree["following"].setdefault(a, {}).setdefault("followTo", {})[b] = b
        tree["follower"].setdefault(b, {}).setdefault("whoFollowsMe", {})[a] = a
    # drift 1: the second half of a follow never landed
    a, b = lost_mirror()
    del tree["follower"][b]["whoFollowsMe"][a]
    if not tree["follower"][b]["whoFollowsMe"]:
        del tree["follower"][b]
    # drift 2: a heart tapped twice before the likes listener answered
    p, u = double_like()
    tree["likes"][SECOND_LIKE] = {"imageId": p.key, "userId": u}
    return tree


def truth():
    g = GRAPH
    a, b = lost_mirror()
    findings = [
        {"code": "follow_mirror_missing", "path": "follower/%s/whoFollowsMe/%s" % (b, a)},
        {"code": "like_duplicate", "path": "likes/" + SECOND_LIKE},
    ]
    # The app keeps usernames (usersProfile/<uid>/username, from the setup screen); the two
    # users who never opened it have none (docs/audit-rules.md: username_missing).
    findings += [{"code": "username_missing", "path": "users/%s/username" % uid} for uid in sorted(NO_SETUP)]
    return g.truth(findings, hidden=list(TOKENS.values()))

"""Abdujabbor17/flutter_instagram_clone: Flutter, Cloud Firestore, the Instagram clone of
an Uzbek Flutter course (PDP) copied by many repositories (`DataService`/`DBService` with
`folder_users`, `folder_posts`, `folder_feeds`, `folder_following`, `folder_followers`).
Everything is kept in the user's document: `users/<uid>` {uid, fullName, email,
password (in clear), imgUrl, deviceId, deviceType, deviceToken} (no username);
posts as a subcollection `users/<uid>/posts/<autoId>` {uid, fullName, imgUser, id,
imgPosts: [image URLs] (albums), caption, date: "yyyy-MM-dd HH:mm" (local time, text),
liked}; a feed of whole copies `users/<uid>/feeds/<postId>` (the reader's own posts,
written on upload, and those of the people the reader follows, copied when the follow is
made: a post made later is never fanned out); follows as copies of the other user's
whole document (password included) `users/<a>/following/<b>` and
`users/<b>/followers/<a>`. A like is no liker list: the reader's own copy gets
`liked: true` (likePost; on the owner's post too when the reader is its owner), so a
post's likes are the copies of it that say `liked: true`. No comments.

Covers: posts as subcollections of users; albums (imgPosts); times as text without a
zone; a timeline of copies with the reader's own posts; follows as subcollections of
documents holding a copy of the user; likes as a per-reader flag on the reader's copy;
passwords, emails and device tokens in user documents and in every follow copy (hidden).

Drift, as the app suffers it: a post made after a follow is never copied into the
follower's feed (the app copies posts only when the follow is made); followUser writes
`following` then `followers`, the second never landed once; removePost deletes the post
and the owner's own feed copy and leaves every follower's copy.
"""
import datetime

from _graph import Graph, push_id

APP = {
    "name": "pdp_flutter_instagram",
    "repo": "Abdujabbor17/flutter_instagram_clone",
    "files": ["lib/service/db_service.dart (saveUser, updateUser, saveMyPost, saveFeed, likePost, followUser, "
              "unfollowUser, storePostsToMyFeed, removePostsFromMyFeed, removeFeed, removePost)",
              "lib/model/post_model.dart", "lib/model/user_model.dart", "lib/utils/get_current_date.dart (currentDate)",
              "lib/bloc/upload/upload_cubit.dart (saveMyPost then saveFeed)",
              "lib/bloc/search/search_cubit.dart (followUser then storePostsToMyFeed)",
              "lib/bloc/home/home_cubit.dart (likePost, removePost)"],
    "database": "firestore",
    "layout": "users/<uid> with posts, feeds (copies with a per-reader liked flag), following/followers (user copies) subcollections; imgPosts albums; date as text",
}

GRAPH = Graph(seed=83, users=10, posts=24)
for _p in GRAPH.posts:
    _p.comments = []
    # only the owner and the owner's followers hold a copy to like
    _p.likes = {u for u in _p.likes if u == _p.owner or u in GRAPH.followers(_p.owner)}

DELETED = push_id(GRAPH.rng)


def date(time):
    return time.strftime("%Y-%m-%d %H:%M")


def drift():
    g = GRAPH
    late = next(p for p in g.posts[14:] if g.followers(p.owner))     # made after one follow
    reader = g.followers(late.owner)[0]
    late.likes.discard(reader)
    half = sorted(g.follows)[5]                                      # followers half missing
    gone_owner = g.posts[6].owner                                     # a deleted post of this user
    return late, reader, half, gone_owner


LATE, READER, HALF, GONE_OWNER = drift()


def user_doc(u, i):
    return {"uid": u.uid, "fullName": u.name, "email": u.email, "password": "pass%04d" % (1000 + i * 37),
            "imgUrl": u.avatar, "deviceId": "device-%02d" % i, "deviceType": "A" if i % 2 else "I",
            "deviceToken": "fcm-token-%s" % u.username}


def documents():
    g = GRAPH
    docs = {}
    users = {u.uid: user_doc(u, i) for i, u in enumerate(g.users)}
    for uid, doc in users.items():
        docs["users/" + uid] = doc
    for a, b in sorted(g.follows):
        docs["users/%s/following/%s" % (a, b)] = dict(users[b])
        docs["users/%s/followers/%s" % (b, a)] = dict(users[a])
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        images = [p.image] + [p.image.replace(".jpg", "-%d.jpg" % n) for n in range(2, 2 + i % 3)]
        post = {"uid": p.owner, "fullName": owner.name, "imgUser": owner.avatar, "id": p.key, "imgPosts": images,
                "caption": p.caption, "date": date(p.time), "liked": p.owner in p.likes}
        docs["users/%s/posts/%s" % (p.owner, p.key)] = post
        for reader in [p.owner] + g.followers(p.owner):
            if p is LATE and reader == READER:
                continue
            docs["users/%s/feeds/%s" % (reader, p.key)] = dict(post, liked=reader in p.likes)
    a, b = HALF
    del docs["users/%s/followers/%s" % (b, a)]
    # a deleted post: its owner's post and own copy are gone, the followers' copies stay
    owner = g.user(GONE_OWNER)
    gone = {"uid": owner.uid, "fullName": owner.name, "imgUser": owner.avatar, "id": DELETED,
            "imgPosts": ["https://example.com/photos/deleted.jpg"], "caption": "The tide and the roof",
            "date": "2021-03-12 18:40", "liked": False}
    for reader in g.followers(GONE_OWNER):
        docs["users/%s/feeds/%s" % (reader, DELETED)] = dict(gone)
    return docs


def truth():
    g = GRAPH
    a, b = HALF
    findings = [
        {"code": "timeline_missing", "path": "users/%s/feeds/%s" % (READER, LATE.key)},
        {"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (b, a)},
    ] + [{"code": "timeline_stale", "path": "users/%s/feeds/%s" % (r, DELETED)} for r in g.followers(GONE_OWNER)]
    hidden = [u.email for u in g.users] + ["pass%04d" % (1000 + i * 37) for i in range(len(g.users))] + \
             ["fcm-token-%s" % u.username for u in g.users]
    out = g.truth(findings, hidden=hidden)
    for post in out["posts"].values():
        del post["comments"]      # the app keeps no comments
    return out

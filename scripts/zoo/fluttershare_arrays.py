"""ryanomor/fluttershare: a FlutterShare variant (Flutter, Firestore, Cloud Functions) that
keeps follows as arrays of ids in the user (`followers`, `following`) instead of
subcollections. Users keyed by Google sign-in id; posts grouped by owner in
posts/<owner>/usersPosts/<id> with a likes map {uid: true} (an unlike deletes the key);
comments/<postId>/comments; an activity feed feed/<u>/feedItems (never published); and a
timeline of full copies timeline/<u>/timelinePosts/<id> written only by Cloud Functions
(onUserUpdate copies the followed user's posts when `followers` grows; onCreatePost,
onUpdatePost, onDeletePost fan out to the owner's `followers`), never the reader's own.

Covers: a timeline of full copies made from follow arrays, without the reader's own
posts; follows as arrays; likes as maps; times as timestamps; an activity feed.

Drift, as the app suffers it: handleFollow writes the follower's whole `following` list
from its cached copy, so a second device's follow was overwritten (the follow stands in
the followed user's `followers`: by the union rule its `following` side is missing);
onUpdatePost's update of one follower's copy failed after a like (an outdated copy);
onDeletePost did not reach one follower (a copy of a deleted post)."""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "fluttershare_arrays",
    "repo": "ryanomor/fluttershare",
    "files": ["lib/pages/home.dart (createUserInFirestore)", "lib/pages/upload.dart (createPostInFirestore)",
              "lib/widgets/post_state.dart (handleLikePost, addLikeToActivityFeed, deletePost)",
              "lib/pages/comments.dart (addComment)", "lib/pages/profile.dart (handleFollow, handleUnfollow)",
              "functions/index.js (onUserUpdate, handleFollowerUpdate, onCreatePost, onUpdatePost, onDeletePost)"],
    "database": "firestore",
    "layout": "users with follow arrays; posts/*/usersPosts likes maps; timeline/*/timelinePosts copies by functions; feed",
}

GRAPH = Graph(seed=40, users=11, posts=28, uid=lambda rng, i, name: str(100000000000000000000 + rng.randrange(10**20)))


def post_fields(g, p):
    return {"postId": p.key, "ownerId": p.owner, "username": g.user(p.owner).username, "mediaUrl": p.image,
            "description": p.caption, "location": "Lisbon", "timestamp": Timestamp(iso(p.time)),
            "likes": {u: True for u in sorted(p.likes)}}


def drift(g):
    follows = sorted(g.follows)
    lost = follows[4]  # (follower, followed)
    copies = sorted((a, p.key) for p in g.posts for a, b in g.follows if b == p.owner and p.likes)
    reader, key = copies[len(copies) // 2]
    liker = sorted(next(p for p in g.posts if p.key == key).likes)[-1]
    gone_reader = follows[9][0]
    return lost, (reader, key, liker), gone_reader


DELETED = push_id(__import__("random").Random(400))


def documents():
    g = GRAPH
    (follower, followed), (reader, key, liker), gone_reader = drift(g)
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {"id": u.uid, "email": u.email, "username": u.username, "photoUrl": u.avatar,
                                  "displayName": u.name, "bio": u.bio, "followers": g.followers(u.uid),
                                  "following": g.following(u.uid),
                                  "timestamp": Timestamp(iso(g.posts[0].time.replace(hour=6, minute=i)))}
    for a, b in sorted(g.follows):
        docs["feed/%s/feedItems/%s" % (b, a)] = {"type": "follow", "ownerId": b, "userId": a,
                                                 "username": g.user(a).username, "avatarUrl": g.user(a).avatar,
                                                 "timestamp": Timestamp(iso(g.posts[0].time))}
    for p in g.posts:
        docs["posts/%s/usersPosts/%s" % (p.owner, p.key)] = post_fields(g, p)
        for r in g.followers(p.owner):
            docs["timeline/%s/timelinePosts/%s" % (r, p.key)] = post_fields(g, p)
        for u in sorted(p.likes):
            if u != p.owner:
                docs["feed/%s/feedItems/%s" % (p.owner, p.key)] = {
                    "type": "like", "userId": u, "username": g.user(u).username, "avatarUrl": g.user(u).avatar,
                    "postId": p.key, "mediaUrl": p.image, "timestamp": Timestamp(iso(p.time))}
        for c in p.comments:
            author = g.user(c.author)
            docs["comments/%s/comments/%s" % (p.key, c.key)] = {
                "userId": c.author, "username": author.username, "avatarUrl": author.avatar, "comment": c.text,
                "timestamp": Timestamp(iso(c.time))}
    # drift 1: a follow overwritten in the follower's cached `following` list.
    docs["users/" + follower]["following"].remove(followed)
    # drift 2: onUpdatePost never reached one copy after a like.
    del docs["timeline/%s/timelinePosts/%s" % (reader, key)]["likes"][liker]
    # drift 3: onDeletePost missed one follower: a copy of a deleted post.
    owner = g.following(gone_reader)[0]
    docs["timeline/%s/timelinePosts/%s" % (gone_reader, DELETED)] = {
        "postId": DELETED, "ownerId": owner, "username": g.user(owner).username,
        "mediaUrl": "https://example.com/photos/deleted.jpg", "description": "The lantern at dusk",
        "location": "", "timestamp": Timestamp("2021-02-25T18:00:00Z"), "likes": {}}
    return docs


def truth():
    g = GRAPH
    (follower, followed), (reader, key, liker), gone_reader = drift(g)
    findings = [
        {"code": "follow_mirror_missing", "path": "users/%s/following/%s" % (follower, followed)},
        {"code": "timeline_copy_mismatch", "path": "timeline/%s/timelinePosts/%s" % (reader, key)},
        {"code": "timeline_stale", "path": "timeline/%s/timelinePosts/%s" % (gone_reader, DELETED)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])

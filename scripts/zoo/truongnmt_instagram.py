"""truongnmt/Instagram-clone-kotlin: a Kotlin Android app (a Vietnamese student's
take on a Kotlin Instagram course), Realtime Database. There is no posts root: a post
lives only in the feeds. ShareActivity.share pushes the photo's URL to
`images/<uid>/<pushId>: "<url>"` (the profile's grid, ProfileActivity), then pushes the
post to the poster's own feed, `feed-posts/<uid>/<pushId>` {uid, username, image,
caption, timestamp (ServerValue.TIMESTAMP, ms), photo (the poster's avatar, absent when
none), id: ""} (FeedPost's `@Exclude val id` is a Kotlin constructor property: the
annotation lands on the private field, the getter is still serialized, so `id: ""` is
written; the same for User's `uid: ""`); nothing fans the new post out. Following
(AddFriendsActivity.setFollow) writes three things in Tasks.whenAll, none atomic:
`users/<me>/follows/<them>: true`, `users/<them>/followers/<me>: true`, and copies
every entry of `feed-posts/<them>` (their own posts AND the copies their feed holds of
others' posts) into `feed-posts/<me>` with the same keys; unfollowing removes those
keys again. Likes `likes/<postId>/<uid>: true` (HomeActivity.toggleLike: an owner may
like their own post). Users `users/<uid>` {name, username (fullName lower-cased, spaces
as dots: RegisterActivity.mkUsername), email, uid: "", follows, followers, photo, bio,
website, phone (a Long)} (RegisterActivity.createUser, EditProfileActivity.updateUser,
FirebaseHelper.updateUserPhoto). FeedPost has `comments: List<Comment>`, always empty:
the app writes no comments.

Covers: posts kept only in per-reader feeds (the entry under its owner's own key is the
post, the others copies with the same key); a second per-user list of the photos'
URLs under other push ids (`images`); follows as maps of `true` inside the user record;
ids written as empty strings.

Drift, as the app suffers it: a post is never copied into the feed of someone who
followed its owner before it was posted (timeline_missing); following someone copies
the posts of the people THEY follow too, into the feed of one who does not follow
those (timeline_stale); one follow whose `followers` half failed in whenAll
(follow_mirror_missing).
"""
import datetime
import random

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "truongnmt_instagram",
    "repo": "truongnmt/Instagram-clone-kotlin",
    "files": ["app/src/main/java/com/example/nguyenmanhtruong/instagram/activities/ShareActivity.kt (share, mkFeedPost)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/activities/AddFriendsActivity.kt (follow, unfollow, setFollow)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/activities/HomeActivity.kt (toggleLike, loadLikes, the feed)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/activities/RegisterActivity.kt (onRegister, mkUsername, createUser)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/activities/EditProfileActivity.kt (updateUser)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/activities/ProfileActivity.kt (the images grid)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/utils/FirebaseHelper.kt (updateUserPhoto, updateUser)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/activities/utils.kt (setValueTrueOrRemove)",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/models/FeedPost.kt",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/models/User.kt",
              "app/src/main/java/com/example/nguyenmanhtruong/instagram/models/Comment.kt"],
    "database": "rtdb",
    "layout": "no posts root: feed-posts/<reader>/<id> {uid, username, image, caption, timestamp ms, photo}, the owner's own entry the post, copies copied on follow only; images/<uid>/<other id>: url; users {follows, followers: {uid: true}, uid: \"\"}; likes/<post>/<uid>: true; no comments",
}

GRAPH = Graph(seed=207, users=8, posts=18)
_rng = random.Random(2070)
for _u in GRAPH.users:
    _u.username = _u.name.lower().replace(" ", ".")          # mkUsername("Ana A.") = "ana.a."
for _p in GRAPH.posts:
    _p.time += datetime.timedelta(milliseconds=_rng.randrange(86400000 // 2))
    _p.key = push_id(GRAPH.rng, _p.time)
    _p.comments = []                                          # the app writes no comments
    _p.image = "https://firebasestorage.googleapis.com/v0/b/instagram-4b1f2.appspot.com/o/users%%2F%s%%2Fimages%%2Fimage%d.jpg?alt=media" % (_p.owner, millis(_p.time))
# when each follow happened: most after the first weeks of posting, some before
START = GRAPH.posts[0].time
FOLLOW_TIME = {e: START + datetime.timedelta(days=_rng.choice([2, 5, 9, 13, 17, 17, 17, 17]), hours=_rng.randrange(24))
               for e in sorted(GRAPH.follows)}
LOST_MIRROR = sorted(GRAPH.follows)[3]            # its users/<them>/followers/<me> write failed


def feeds():
    """feed-posts as the app leaves it: events in time order, share and setFollow."""
    g = GRAPH
    events = [(p.time, 0, p) for p in g.posts] + [(t, 1, e) for e, t in FOLLOW_TIME.items()]
    feed = {u.uid: {} for u in g.users}
    for _, kind, what in sorted(events, key=lambda x: (x[0], x[1])):
        if kind == 0:
            feed[what.owner][what.key] = what
        else:
            a, b = what
            feed[a].update(feed[b])
    return feed


def record(p):
    u = GRAPH.user(p.owner)
    rec = {"uid": p.owner, "username": u.username, "image": p.image, "caption": p.caption,
           "timestamp": millis(p.time), "id": ""}
    if photo(u):
        rec["photo"] = photo(u)
    return rec


def photo(u):
    i = GRAPH.users.index(u)
    return None if i % 3 == 2 else u.avatar


def documents():
    g = GRAPH
    rng = random.Random(2071)
    tree = {"users": {}, "feed-posts": {}, "images": {}, "likes": {}}
    for i, u in enumerate(g.users):
        rec = {"name": u.name, "username": u.username, "email": u.email, "uid": ""}
        if photo(u):
            rec["photo"] = photo(u)
        if i % 2 == 0:
            rec["bio"] = u.bio
        if i % 4 == 1:
            rec["phone"] = 84900000000 + 1111 * i
            rec["website"] = "https://%s.example.com" % u.username.strip(".").replace(".", "-")
        follows = {b: True for b in g.following(u.uid)}
        followers = {a: True for a in g.followers(u.uid)}
        if follows:
            rec["follows"] = follows
        if followers:
            rec["followers"] = followers
        tree["users"][u.uid] = rec
    for p in g.posts:
        tree["images"].setdefault(p.owner, {})[push_id(rng, p.time)] = p.image
        for x in sorted(p.likes):
            tree["likes"].setdefault(p.key, {})[x] = True
    for reader, entries in feeds().items():
        if entries:
            tree["feed-posts"][reader] = {k: record(p) for k, p in entries.items()}
    # drift: the followers half of one follow failed
    a, b = LOST_MIRROR
    del tree["users"][b]["followers"][a]
    if not tree["users"][b]["followers"]:
        del tree["users"][b]["followers"]
    return tree


def feed_findings():
    g = GRAPH
    out = []
    for reader, entries in feeds().items():
        want = {p.key for p in g.posts if p.owner == reader or (reader, p.owner) in g.follows}
        for key in sorted(set(entries) - want):
            out.append({"code": "timeline_stale", "path": "feed-posts/%s/%s" % (reader, key)})
        for key in sorted(want - set(entries)):
            out.append({"code": "timeline_missing", "path": "feed-posts/%s/%s" % (reader, key)})
    return out


def truth():
    g = GRAPH
    a, b = LOST_MIRROR
    findings = [{"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (b, a)}] + feed_findings()
    hidden = [u.email for u in g.users] + [str(84900000000 + 1111 * i) for i in range(len(g.users)) if i % 4 == 1]
    return g.truth(findings, hidden=hidden)


if __name__ == "__main__":
    import collections
    print(collections.Counter(f["code"] for f in truth()["findings"]))

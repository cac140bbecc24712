"""mitchtabian/Android-Instagram-Clone (CodingWithMitch's video course, Android Java):
Realtime Database. `users/<uid>` {user_id, email, username, phone_number} and
`user_account_settings/<uid>` {display_name, username, description, website,
profile_photo, user_id, posts, followers, following}: the three counters are written 0
at sign-up (addNewUser) and never updated (the profile counts children instead);
flat `photos/<pushId>` {caption, date_created, image_path, photo_id, user_id, tags}
with likes as push-id records holding an id (`likes/<pushId>: {user_id}`) and comments
inside the photo (`comments/<pushId>: {comment, user_id, date_created}`), every write
made twice: once in `photos`, once in the copy `user_photos/<uid>/<photoId>`; follows
as records holding ids (`following/<a>/<b>: {user_id: b}`, `followers/<b>/<a>:
{user_id: a}`); `stories/<uid>/<pushId>` {image_url or video_url, timestamp, views and
duration as strings} beside the graph, never published.

Covers: users split over two roots (`users` holding the email and phone,
`user_account_settings` the profile); times as ISO strings (written with
`SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss'Z'")` in Canada/Pacific, so the "Z" is
wrong by 7-8 hours: written here as the app writes it); likes and follows as
documents holding ids; counters in a second user root under the names `posts`,
`followers`, `following` (beside follow lists of the same names at the root); a
per-user copy of every post (`user_photos`) that is not a second post; video stories;
a phone number kept in `user_account_settings` by the edit-profile screen
(updateUserAccountSettings writes `phone_number` there).

Drift, as the app suffers it: the counters stay 0 (every user whose true count is not 0
gets a `*_count_mismatch` at `user_account_settings/<uid>/<counter>`); a follow whose
`followers` half was never written. Not expressible in the truth yet: ViewPostFragment's
unlike removes the like from `user_photos/<current user>/…` instead of the owner's, so
one like is gone from `photos` and left in the owner's `user_photos` copy (a copy that
differs from its post: issue 36's copy finding, no code for it yet).
"""
import datetime

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "mitch_instagram",
    "repo": "mitchtabian/Android-Instagram-Clone",
    "files": ["app/src/main/java/tabian/com/instagramclone2/Utils/FirebaseMethods.java (addNewUser, addPhotoToDatabase, getTimestamp, updateUserAccountSettings, addNewStory)",
              "app/src/main/java/tabian/com/instagramclone2/Utils/ViewPostFragment.java (addNewLike, unlike)",
              "app/src/main/java/tabian/com/instagramclone2/Utils/MainFeedListAdapter.java (addNewLike)",
              "app/src/main/java/tabian/com/instagramclone2/Utils/ViewCommentsFragment.java (addNewComment)",
              "app/src/main/java/tabian/com/instagramclone2/Utils/ViewProfileFragment.java (follow, unfollow)",
              "app/src/main/java/tabian/com/instagramclone2/Profile/ProfileFragment.java (getFollowersCount, getPostsCount)",
              "app/src/main/java/tabian/com/instagramclone2/models/*.java", "app/src/main/res/values/strings.xml (dbname_*, field_*)"],
    "database": "rtdb",
    "layout": "users + user_account_settings (counters stuck at 0); flat photos with likes {user_id} and comments inside, copied to user_photos; following/followers {user_id}; stories",
}


def app_time(time):
    """getTimestamp(): Canada/Pacific wall time (UTC-8 in winter, -7 from mid-March) with a literal Z."""
    dst = datetime.datetime(time.year, 3, 14, 10, tzinfo=datetime.timezone.utc) <= time < \
        datetime.datetime(time.year, 11, 7, 9, tzinfo=datetime.timezone.utc)
    return (time - datetime.timedelta(hours=7 if dst else 8)).strftime("%Y-%m-%dT%H:%M:%SZ")


GRAPH = Graph(seed=31, users=11, posts=28)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

PHONE = 5551234567
STORAGE = "https://firebasestorage.googleapis.com/v0/b/instagramclone2-1f4d2.appspot.com/o/"


def photo(g, p, like_keys):
    return {
        "caption": p.caption, "date_created": app_time(p.time),
        "image_path": STORAGE + "photos%%2Fusers%%2F%s%%2Fphoto%d?alt=media" % (p.owner, g.posts.index(p) + 1),
        "photo_id": p.key, "user_id": p.owner, "tags": "",
        **({"likes": {like_keys[(p.key, u)]: {"user_id": u} for u in sorted(p.likes)}} if p.likes else {}),
        **({"comments": {c.key: {"comment": c.text, "user_id": c.author, "date_created": app_time(c.time)}
                         for c in p.comments}} if p.comments else {}),
    }


def unliked():
    """The like ViewPostFragment's unlike removed from photos but left in user_photos."""
    g = GRAPH
    p = next(p for p in g.posts if not p.likes and len([q for q in g.posts if q.owner == p.owner]) > 1)
    return p, next(u.uid for u in g.users if u.uid != p.owner)


def documents():
    g = GRAPH
    rng = g.rng
    like_keys = {(p.key, u): push_id(rng, p.time + datetime.timedelta(hours=3)) for p in g.posts for u in sorted(p.likes)}
    tree = {"users": {}, "user_account_settings": {}, "photos": {}, "user_photos": {}, "following": {},
            "followers": {}, "stories": {}}
    for u in g.users:
        tree["users"][u.uid] = {"user_id": u.uid, "phone_number": 1, "email": u.email, "username": u.username}
        tree["user_account_settings"][u.uid] = {
            "description": u.bio, "display_name": u.name, "followers": 0, "following": 0, "posts": 0,
            "profile_photo": u.avatar, "username": u.username, "website": "https://%s.example.com" % u.username,
            "user_id": u.uid}
    tree["user_account_settings"][g.users[2].uid]["phone_number"] = PHONE
    for p in g.posts:
        tree["photos"][p.key] = photo(g, p, like_keys)
        tree["user_photos"].setdefault(p.owner, {})[p.key] = photo(g, p, like_keys)
    for a, b in sorted(g.follows):
        tree["following"].setdefault(a, {})[b] = {"user_id": b}
        tree["followers"].setdefault(b, {})[a] = {"user_id": a}
    for i, u in enumerate(g.users[:4]):
        t = datetime.datetime(2021, 4, 3 + i, 20, 0, tzinfo=datetime.timezone.utc)
        key = push_id(rng, t)
        story = {"story_id": key, "timestamp": app_time(t), "user_id": u.uid, "views": "0"}
        if i % 2:
            story.update({"video_url": STORAGE + "Stories%%2F%s%%2Fvideo%d.mp4?alt=media" % (u.uid, i), "duration": "9000"})
        else:
            story["image_url"] = STORAGE + "Stories%%2F%s%%2Fimage%d.jpg?alt=media" % (u.uid, i)
        tree["stories"][u.uid] = {key: story}
    # not in the truth yet: a like unliked from photos, left in the owner's user_photos copy.
    p, liker = unliked()
    tree["user_photos"][p.owner][p.key]["likes"] = {push_id(rng, p.time + datetime.timedelta(hours=5)): {"user_id": liker}}
    # drift: a follow whose followers half was never written.
    a, b = sorted(g.follows)[1]
    del tree["followers"][b][a]
    if not tree["followers"][b]:
        del tree["followers"][b]
    return tree


def truth():
    g = GRAPH
    a, b = sorted(g.follows)[1]
    findings = [{"code": "follow_mirror_missing", "path": "followers/%s/%s" % (b, a)}]
    for u in g.users:
        for code, field, count in (("post_count_mismatch", "posts", sum(1 for p in g.posts if p.owner == u.uid)),
                                   ("follower_count_mismatch", "followers", len(g.followers(u.uid))),
                                   ("following_count_mismatch", "following", len(g.following(u.uid)))):
            if count:
                findings.append({"code": code, "path": "user_account_settings/%s/%s" % (u.uid, field)})
    hidden = [u.email for u in g.users] + [str(PHONE)]
    hidden += [s for s in (json_values(documents()["stories"])) if s.startswith("https://")]
    return g.truth(findings, hidden=hidden)


def json_values(node):
    if isinstance(node, dict):
        for v in node.values():
            yield from json_values(v)
    elif isinstance(node, str):
        yield node

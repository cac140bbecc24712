"""majlindavdylaj/InstagramApp (KODDev's YouTube course, the Android Java clone most
copied on GitHub): Realtime Database. `Users/<uid>` {id, username, fullname, imageurl,
bio}; flat `Posts/<pushId>` {postid, postimage, description, publisher} with no time at
all (a post is dated by its push id); follows kept in each user's node
`Follow/<uid>/following/<uid>: true` and `Follow/<uid>/followers/<uid>: true` (two
writes); `Likes/<postId>/<uid>: true`; `Comments/<postId>/<pushId>` {comment,
publisher, commentid} with no time; `Saves/<uid>/<postId>: true` (saved posts),
`Notifications/<uid>/<pushId>` {userid, text, postid, ispost} (an activity feed) and
`Story/<uid>/<storyId>` {imageurl, timestart: ServerValue.TIMESTAMP (ms), timeend (ms),
storyid, userid} beside the graph, never published.

Covers: flat posts owned by a `publisher` field; follows as lists in a per-user node of
another root (`Follow/*/following`); likes as a map; times absent (push ids) and, in
stories, ServerValue.TIMESTAMP milliseconds; notifications, stories and saved posts.

Drift, as the app suffers it: the post menu's delete removes only `Posts/<id>`
(PostAdapter), leaving that post's `Likes/<id>` and `Comments/<id>` (and its Saves
and Notifications); a follow whose second write (`followers`) never landed.
"""
import datetime

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "koddev_instagram",
    "repo": "majlindavdylaj/InstagramApp",
    "files": ["app/src/main/java/com/koddev/instagramtest/RegisterActivity.java (register)",
              "app/src/main/java/com/koddev/instagramtest/PostActivity.java (uploadImage_10)",
              "app/src/main/java/com/koddev/instagramtest/Adapter/PostAdapter.java (like, save, delete, addNotification)",
              "app/src/main/java/com/koddev/instagramtest/Adapter/UserAdapter.java (follow button)",
              "app/src/main/java/com/koddev/instagramtest/Fragments/ProfileFragment.java (follow button)",
              "app/src/main/java/com/koddev/instagramtest/CommentsActivity.java (addComment, addNotification)",
              "app/src/main/java/com/koddev/instagramtest/AddStoryActivity.java (upload story)"],
    "database": "rtdb",
    "layout": "Users; flat Posts with publisher, no time; Follow/*/following|followers; Likes; Comments; Saves, Notifications, Story",
}


GRAPH = Graph(seed=21, users=12, posts=30)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

DELETED_POST = push_id(GRAPH.rng, datetime.datetime(2021, 3, 20, 8, 0, tzinfo=datetime.timezone.utc))
STORY_HOST = "https://firebasestorage.googleapis.com/v0/b/instagramtest-fcbef.appspot.com/o/story%2F"


def documents():
    g = GRAPH
    rng = g.rng
    tree = {"Users": {}, "Posts": {}, "Follow": {}, "Likes": {}, "Comments": {}, "Saves": {},
            "Notifications": {}, "Story": {}}
    for u in g.users:
        tree["Users"][u.uid] = {"id": u.uid, "username": u.username, "fullname": u.name, "imageurl": u.avatar,
                                "bio": u.bio}
    for a, b in sorted(g.follows):
        tree["Follow"].setdefault(a, {}).setdefault("following", {})[b] = True
        tree["Follow"].setdefault(b, {}).setdefault("followers", {})[a] = True
        tree["Notifications"].setdefault(b, {})[push_id(rng, datetime.datetime(2021, 2, 1, tzinfo=datetime.timezone.utc))] = {
            "userid": a, "text": "started following you", "postid": "", "ispost": False}
    for p in g.posts:
        tree["Posts"][p.key] = {"postid": p.key, "postimage": p.image, "description": p.caption, "publisher": p.owner}
        if p.likes:
            tree["Likes"][p.key] = {u: True for u in sorted(p.likes)}
        for u in sorted(p.likes):
            tree["Notifications"].setdefault(p.owner, {})[push_id(rng, p.time + datetime.timedelta(hours=1))] = {
                "userid": u, "text": "liked your post", "postid": p.key, "ispost": True}
        for c in p.comments:
            tree["Comments"].setdefault(p.key, {})[c.key] = {"comment": c.text, "publisher": c.author, "commentid": c.key}
    for i, u in enumerate(g.users[:6]):
        saved = [p.key for p in g.posts if p.owner != u.uid][i::5][:3]
        tree["Saves"][u.uid] = {key: True for key in saved}
    for i, u in enumerate(g.users[:3]):
        start = datetime.datetime(2021, 4, 2 + i, 18, 30, tzinfo=datetime.timezone.utc)
        story = push_id(rng, start)
        tree["Story"][u.uid] = {story: {"imageurl": STORY_HOST + "story-%s.jpg?alt=media" % u.username,
                                        "timestart": millis(start), "timeend": millis(start) + 86400000,
                                        "storyid": story, "userid": u.uid}}
    # drift: a post deleted from its menu; its likes, comments, a save and a notification stay.
    liker, commenter, owner = g.users[3].uid, g.users[4].uid, g.users[1].uid
    tree["Likes"][DELETED_POST] = {liker: True, g.users[5].uid: True}
    tree["Comments"][DELETED_POST] = {push_id(rng, datetime.datetime(2021, 3, 20, 9, 0, tzinfo=datetime.timezone.utc)): {
        "comment": "harbour lantern", "publisher": commenter, "commentid": "c"}}
    tree["Saves"].setdefault(liker, {})[DELETED_POST] = True
    tree["Notifications"].setdefault(owner, {})[push_id(rng, datetime.datetime(2021, 3, 20, 9, 5, tzinfo=datetime.timezone.utc))] = {
        "userid": liker, "text": "liked your post", "postid": DELETED_POST, "ispost": True}
    # drift: a follow whose followers half was never written.
    a, b = sorted(g.follows)[2]
    del tree["Follow"][b]["followers"][a]
    if not tree["Follow"][b]["followers"]:
        del tree["Follow"][b]["followers"]
    return tree


def truth():
    g = GRAPH
    a, b = sorted(g.follows)[2]
    findings = [
        {"code": "like_dangling", "path": "Likes/" + DELETED_POST},
        {"code": "comment_dangling", "path": "Comments/" + DELETED_POST},
        {"code": "follow_mirror_missing", "path": "Follow/%s/followers/%s" % (b, a)},
    ]
    hidden = ["started following you", "liked your post"] + [
        STORY_HOST + "story-%s.jpg?alt=media" % u.username for u in g.users[:3]]
    return g.truth(findings, hidden=hidden)

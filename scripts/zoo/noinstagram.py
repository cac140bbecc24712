"""PythSomeone/noinstagram: Kotlin, Jetpack Compose, Realtime Database (a student team's
app). Users `Users/<uid>` as UserModel is written whole by setValue (RegisterViewModel,
the Google button, ProfileViewModel.changeData, UsersRepository.toggleFollow): {id, email,
displayName, description, image, postLikes, following, followers}, the lists Kotlin
MutableLists (JSON arrays of uids; an empty one is not stored). A post `Posts/<pushId>`
(PostHandler.createNewPost) is written whole too: {id, image, description, user (a copy
of the poster's whole UserModel as the phone held it: email, displayName, following and
followers as they were then), comments (an array of {id: its index as text, text, user:
a copy of the author's whole UserModel, timeStamp}), userLikes (an array of uids),
timeStamp (milliseconds)}; a like or a comment rewrites the whole post
(PostsRepository.updateLike, PostHandler.updatePost). A follow rewrites both users'
records from the phone's cache: the follower's `following` plus the followed id, the
followed user's `followers` plus the follower id.

Covers: a Kotlin (Compose) app on the Realtime Database; the poster named only inside a
map in the post (`user/id`), and each comment's author likewise (`comments/<i>/user/id`);
whole user records copied into posts and comments, stale follow lists and emails
included (never read as follows; the emails hidden); follows as arrays on both sides;
likes as an array of uids; comments as an array; times in milliseconds; no counters.

Drift, as the app suffers it: two users followed one user at once, each phone rewrote
the followed user's record from its cache, so one follower is missing from `followers`
(follow_mirror_missing); a user renamed themself (changeData) after posting: the copies
in their older posts keep the old displayName (poster_mismatch at the copy).
"""
import random

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "noinstagram",
    "repo": "PythSomeone/noinstagram",
    "files": ["app/src/main/java/com/example/noinstagram/model/UserModel.kt",
              "app/src/main/java/com/example/noinstagram/model/PostModel.kt",
              "app/src/main/java/com/example/noinstagram/model/CommentModel.kt",
              "app/src/main/java/com/example/noinstagram/utils/database/UserHandler.kt (setUser, deleteUser)",
              "app/src/main/java/com/example/noinstagram/utils/database/PostHandler.kt (createNewPost, updatePost, deletePost)",
              "app/src/main/java/com/example/noinstagram/data/UsersRepository.kt (toggleFollow)",
              "app/src/main/java/com/example/noinstagram/data/PostsRepository.kt (toggleLike, updateLike)",
              "app/src/main/java/com/example/noinstagram/viewmodel/RegisterViewModel.kt (createUserWithEmailAndPassword)",
              "app/src/main/java/com/example/noinstagram/viewmodel/ProfileViewModel.kt (changeData)",
              "app/src/main/java/com/example/noinstagram/ui/buttons/GoogleButton.kt (setUser)",
              "app/src/main/java/com/example/noinstagram/ui/components/HomeScreenCard.kt (the comment dialog)"],
    "database": "rtdb",
    "layout": "Users {displayName, following[], followers[]}; flat Posts {user: a whole copy of the poster's record, userLikes[], comments[{text, user: a copy, timeStamp}], timeStamp ms}",
}

GRAPH = Graph(seed=197, users=10, posts=24)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)


def lost_follower():
    """(follower, followed): the follow whose `followers` half another phone overwrote."""
    g = GRAPH
    followed = next(u for u in g.users if len(g.followers(u.uid)) >= 2)
    return g.followers(followed.uid)[0], followed.uid


def renamed():
    """The user who renamed themself, their old name, and their posts made before."""
    g = GRAPH
    u = next(u for u in g.users if sum(1 for p in g.posts if p.owner == u.uid) >= 3)
    mine = [p for p in g.posts if p.owner == u.uid]
    return u, u.username + "_old", mine[:2]


def record(u, name=None, half=False):
    following, followers = GRAPH.following(u.uid), GRAPH.followers(u.uid)
    if half:  # as the phone held it when the copy was made: fewer follows than today
        following, followers = following[: len(following) // 2], followers[: len(followers) // 2]
    r = {"id": u.uid, "email": u.email, "displayName": name or u.username, "description": u.bio,
         "image": u.avatar}
    if following:
        r["following"] = following
    if followers:
        r["followers"] = followers
    return r


def documents():
    g = GRAPH
    tree = {"Users": {}, "Posts": {}}
    for u in g.users:
        tree["Users"][u.uid] = record(u)
    who, old, before = renamed()
    for p in g.posts:
        owner = g.user(p.owner)
        post = {"id": p.key, "image": p.image, "description": p.caption,
                "user": record(owner, old if p in before else None, half=True), "timeStamp": millis(p.time)}
        if p.comments:
            post["comments"] = [{"id": str(i), "text": c.text, "user": record(g.user(c.author), half=True),
                                 "timeStamp": millis(c.time)} for i, c in enumerate(p.comments)]
        if p.likes:
            post["userLikes"] = sorted(p.likes)
        tree["Posts"][p.key] = post
    a, b = lost_follower()
    tree["Users"][b]["followers"].remove(a)
    return tree


def truth():
    g = GRAPH
    a, b = lost_follower()
    who, old, before = renamed()
    findings = [{"code": "follow_mirror_missing", "path": "Users/%s/followers/%s" % (b, a)}]
    findings += [{"code": "poster_mismatch", "path": "Posts/%s/user/displayName" % p.key} for p in before]
    return g.truth(findings, hidden=[u.email for u in g.users])

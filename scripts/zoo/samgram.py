"""developersamuelakram/InstagramClone ("Samgram"): Android, Kotlin, Cloud Firestore, the
app of a YouTube tutorial series. `Users/<uid>` {userid, image, username, email,
followers, following} where `followers` and `following` are counters (ints, changed by
FieldValue.increment on follow and by a transaction on unfollow), not lists; follows kept
on the follower's side only, as an array in a collection of their own,
`Follow/<follower uid>` {following_id: [followed uids]} (read, appended to and written
back; the document deleted when its list empties); flat `Posts/<UUID>` {image, postid,
userid, likers: [uids], time (whole seconds), caption, likes (a counter), username,
imageposter} (copies of the poster's username and photo, rewritten by a query over the
poster's posts when they change); no comments.

Covers: follows as an array of ids in a separate one-sided collection; user counters
named `followers` and `following` (the names other apps give their lists) and no post
counter; likes as an array beside a like counter `likes`; posts keyed by UUID; times as
whole seconds; the poster's username copied into each post; emails in the users.

Drift, as the app suffers it: followUser neither checks nor guards the list: a second tap
before the button changed appended the same id again and incremented both counters
again (the follow is one edge; `followers` and `following` are one too many); onDoubleTap
reads `likes` then writes likes + 1 with arrayUnion: two likers at once left the counter
one behind; a rename rewrote the poster's posts one by one and one update never landed
(the old username stayed in that post).
"""
import uuid

from _graph import Graph, seconds

APP = {
    "name": "samgram",
    "repo": "developersamuelakram/InstagramClone",
    "files": ["app/src/main/java/com/example/samgram/SignUpActivity.kt (the Users document)",
              "app/src/main/java/com/example/samgram/adapters/UsersAdapter.kt (followUser, unfollowUser)",
              "app/src/main/java/com/example/samgram/fragments/CreatePostFrag.kt (postImage, the caption update)",
              "app/src/main/java/com/example/samgram/fragments/HomeFragment.kt (onDoubleTap: the like)",
              "app/src/main/java/com/example/samgram/fragments/ProfileFragment.kt (username and image rewritten in Posts)",
              "app/src/main/java/com/example/samgram/mvvm/ViewModel.kt (getThePeopleIFollow, the feed query)",
              "app/src/main/java/com/example/samgram/Utils.kt (getTime)"],
    "database": "firestore",
    "layout": "Users with followers/following counters; Follow/<uid> {following_id: [ids]} one-sided; flat Posts/<UUID> {userid, likers[], likes, username copy, time s}; no comments",
}

GRAPH = Graph(seed=97, users=10, posts=24, uid=None)
for _p in GRAPH.posts:
    _p.key = str(uuid.UUID(int=GRAPH.rng.getrandbits(128), version=4))
    _p.comments = []


def drift():
    g = GRAPH
    twice = sorted(g.follows)[6]
    behind = next(p for p in g.posts if len(p.likes) >= 2)
    renamed = g.posts[9]
    return twice, behind, renamed


def documents():
    g = GRAPH
    (a, b), behind, renamed = drift()
    docs = {}
    for u in g.users:
        followers, following = len(g.followers(u.uid)), len(g.following(u.uid))
        docs["Users/" + u.uid] = {"userid": u.uid, "image": u.avatar, "username": u.username, "email": u.email,
                                  "followers": followers + (u.uid == b), "following": following + (u.uid == a)}
        ids = g.following(u.uid)
        if u.uid == a:
            ids = ids + [b]
        if ids:
            docs["Follow/" + u.uid] = {"following_id": ids}
    for p in g.posts:
        owner = g.user(p.owner)
        likers = sorted(p.likes)
        docs["Posts/" + p.key] = {"image": p.image, "postid": p.key, "userid": p.owner, "likers": likers,
                                  "time": seconds(p.time), "caption": p.caption,
                                  "likes": len(likers) - (p is behind),
                                  "username": owner.username if p is not renamed else owner.username + "_old",
                                  "imageposter": owner.avatar}
    return docs


def truth():
    g = GRAPH
    (a, b), behind, renamed = drift()
    findings = [
        {"code": "following_count_mismatch", "path": "Users/%s/following" % a},
        {"code": "follower_count_mismatch", "path": "Users/%s/followers" % b},
        {"code": "like_count_mismatch", "path": "Posts/%s/likes" % behind.key},
        {"code": "poster_mismatch", "path": "Posts/%s/username" % renamed.key},
    ]
    out = g.truth(findings, hidden=[u.email for u in g.users])
    for post in out["posts"].values():
        del post["comments"]      # the app keeps no comments
    return out

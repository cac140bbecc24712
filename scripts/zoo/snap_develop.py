"""Sarada1101/SNap-develop: Java Android (MVVM), Firestore, commented in Japanese; a photo
SNS on a map. Users keyed by auth uid {uid, name (the uid until edited), message, icon (a
file name in Storage), following_count, follower_count, follow_notice, good_notice,
comment_notice, publication_area "public" | "followPublic" (followers only: a private
account) | "anonymous"}; posts flat, posts/<autoId> {message, picture (a file name:
Storage's postPhoto/<id>/<name>), good_count, geopoint, datetime, anonymous, danger, uid,
type "post"}; a comment is a document of the same collection, {message, datetime,
anonymous, uid, type "comment", parent_post (a reference to its post)}, listed in
posts/<id>/comments/<autoId> {path: reference}; each user's posts and comments listed in
users/<uid>/posts/<autoId> {path: reference}; a like ("good") is only the counter
good_count, read then written, with no record of who liked. Every follow goes through a
request: users/<me>/approval_pending_follows/<them> and users/<them>/applicated_follows/
<me> {path: reference}; approving writes users/<them>/follower/<me> and users/<me>/
following/<them> {path: reference}, each raising its counter by reading and writing it,
and deletes the two requests.

Covers: follows as subcollections of documents holding a reference; follow requests
(pending, not follows); a private account (followPublic: its posts get no page); comments
kept in the posts' own collection with a type and a reference to their post; per-user
index of references; likes as a bare counter; times as timestamps; a geopoint.

Drift, as the app suffers it: approve() runs insertFollower, deleteApplicatedFollow,
insertFollowing and deleteApprovalPendingFollow unchained: one insertFollowing failed (no
following side, following_count not raised); two approvals at once raced on one user's
follower_count (read, +1, write: one short)."""
from _graph import Graph, iso, push_id
from firestore_emulator import GeoPoint, Ref, Timestamp

APP = {
    "name": "snap_develop",
    "repo": "Sarada1101/SNap-develop",
    "files": ["app/src/main/java/com/example/snap_develop/model/UserModel.java (createAccount, insertUser, "
              "updateSetting)",
              "app/src/main/java/com/example/snap_develop/model/PostModel.java (insertPost, insertComment, "
              "deletePost, updateGoodCount)",
              "app/src/main/java/com/example/snap_develop/model/FollowModel.java (insertFollowing, insertFollower, "
              "insertApprovalPendingFollow, insertApplicatedFollow, delete*, updateFollowCount)",
              "app/src/main/java/com/example/snap_develop/view/ui/UserActivity.java (the follow request)",
              "app/src/main/java/com/example/snap_develop/view/ui/ApplicatedFollowListActivity.java (approve, deny)",
              "app/src/main/java/com/example/snap_develop/view/ui/SettingActivity.java (publication_area)",
              "app/src/main/java/com/example/snap_develop/view/ui/PostActivity.java",
              "app/src/main/java/com/example/snap_develop/view/ui/CommentActivity.java"],
    "database": "firestore",
    "layout": "users with follower_count/following_count, publication_area; flat posts {picture file, good_count, "
              "type post|comment, parent_post ref}; users/*/following|follower {path: ref}; follow requests; "
              "users/*/posts refs",
}

GRAPH = Graph(seed=97, users=11, posts=24)
PRIVATE = GRAPH.users[2]


def drift(g):
    missing = next((a, b) for a, b in sorted(g.follows) if a != PRIVATE.uid and b != PRIVATE.uid)
    raced = next(u.uid for u in g.users if u.uid not in missing and len(g.followers(u.uid)) >= 2)
    pending = next((a, b) for a in (u.uid for u in g.users) for b in (u.uid for u in g.users)
                   if a != b and (a, b) not in g.follows)
    return missing, raced, pending


def documents():
    g = GRAPH
    missing, raced, pending = drift(g)
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {
            "uid": u.uid, "name": u.username, "message": u.bio, "icon": "%s.jpg" % u.username,
            "following_count": len(g.following(u.uid)), "follower_count": len(g.followers(u.uid)),
            "follow_notice": True, "good_notice": i % 2 == 0, "comment_notice": True,
            "publication_area": "followPublic" if u.uid == PRIVATE.uid else "public"}
    for a, b in sorted(g.follows):
        docs["users/%s/following/%s" % (a, b)] = {"path": Ref("users/" + b)}
        docs["users/%s/follower/%s" % (b, a)] = {"path": Ref("users/" + a)}
    a, b = pending  # a request not yet approved: no follow
    docs["users/%s/approval_pending_follows/%s" % (a, b)] = {"path": Ref("users/" + b)}
    docs["users/%s/applicated_follows/%s" % (b, a)] = {"path": Ref("users/" + a)}
    for i, p in enumerate(g.posts):
        docs["posts/" + p.key] = {
            "message": p.caption, "picture": "IMG_%04d.jpg" % i, "good_count": len(p.likes),
            "geopoint": GeoPoint(35.68 + i / 100.0, 139.76 - i / 100.0), "datetime": Timestamp(iso(p.time)),
            "anonymous": False, "danger": i % 9 == 4, "uid": p.owner, "type": "post"}
        docs["users/%s/posts/%s" % (p.owner, push_id(g.rng))] = {"path": Ref("posts/" + p.key)}
        for c in p.comments:
            docs["posts/" + c.key] = {"message": c.text, "datetime": Timestamp(iso(c.time)), "anonymous": False,
                                      "uid": c.author, "type": "comment", "parent_post": Ref("posts/" + p.key)}
            docs["users/%s/posts/%s" % (c.author, push_id(g.rng))] = {"path": Ref("posts/" + c.key)}
            docs["posts/%s/comments/%s" % (p.key, push_id(g.rng))] = {"path": Ref("posts/" + c.key)}
    # drift: one approval's insertFollowing failed; a race on one follower_count
    a, b = missing
    del docs["users/%s/following/%s" % (a, b)]
    docs["users/" + a]["following_count"] -= 1
    docs["users/" + raced]["follower_count"] -= 1
    return docs


def truth():
    g = GRAPH
    missing, raced, _ = drift(g)
    a, b = missing
    t = g.truth([{"code": "follow_mirror_missing", "path": "users/%s/following/%s" % (a, b)},
                 {"code": "following_count_mismatch", "path": "users/%s/following_count" % a},
                 {"code": "follower_count_mismatch", "path": "users/%s/follower_count" % raced}],
                private=[PRIVATE.uid])
    public = {p.caption for p in g.posts if p.owner != PRIVATE.uid}
    for p in g.posts:
        if p.owner == PRIVATE.uid:
            del t["posts"][p.key]
            if p.caption not in public:
                t["hidden"].append(p.caption)
    return t

"""OnePiece49/IOS (Project/Instagram): UIKit, Firestore, commented in Vietnamese. A post is
a "status": status/<UUID> {profileImage (the photo's URL, named as the users' avatar),
caption, uid, aspectRatio (a double), timestamp (int seconds)}; each user's posts indexed
in users-status/<uid> {statusId: "1"}; follows as two roots of one document per user
holding a map of ids valued "1": follow-users/<u> {follower: "1"} (who follows u) and
following-users/<u> {followed: "1"}; likes likewise on both sides, user-likeStatuses/<u>
{statusId: "1"} and tus-usersLiked/<statusId> {uid: "1"} (the count shown is the size of
the latter); comments flat, comments/<UUID> {uid, comment, timestamp (double seconds),
statusId}, indexed in tus-usersCommented/<statusId> {commentId: "1"}. No counter is stored
(numberComments is read, never written). An unfollow deletes the key and leaves the
document, possibly empty.

Covers: root names unlike any tutorial's (status, follow-users, tus-usersLiked); follows
and likes as maps of the string "1" in one document per user or post; a post index per
user; comments kept flat naming their post and indexed per post; times as int and double
seconds; a post image field named profileImage; emails hidden.

Drift, as the app suffers it: followUser writes follow-users, then following-users in its
callback (a failed second write leaves the follow with no following side); likeStatus
writes user-likeStatuses, then tus-usersLiked (a failed second write: a like the post's
count does not show)."""
import uuid

from _graph import Graph, seconds

APP = {
    "name": "onepiece_instagram",
    "repo": "OnePiece49/IOS",
    "files": ["Project/Instagram/Instagram/Constants/InstagramConstant.swift (FirebaseRef, UsersConstant)",
              "Project/Instagram/Instagram/API Services/AuthService.swift (registerUser)",
              "Project/Instagram/Instagram/API Services/StatusService.swift (uploadStatus, likeStatus, unlikeStatus)",
              "Project/Instagram/Instagram/API Services/UserService.swift (followUser, unfollowUser, "
              "removeFollower, updateUser, fetchUserRelationStats)",
              "Project/Instagram/Instagram/API Services/CommentStatusService.swift (uploadCommentStatus)",
              "Project/Instagram/Instagram/API Services/UserModel.swift",
              "Project/Instagram/Instagram/Models/StatusModel.swift",
              "Project/Instagram/Instagram/Models/CommentModel.swift"],
    "database": "firestore",
    "layout": "status/<UUID> {profileImage, uid, timestamp s}; users-status index; follow-users/following-users "
              "and user-likeStatuses/tus-usersLiked maps of \"1\"; flat comments + tus-usersCommented",
}

GRAPH = Graph(seed=71, users=11, posts=26)
for _p in GRAPH.posts:
    _p.key = str(uuid.UUID(int=GRAPH.rng.getrandbits(128), version=4)).upper()
    for _c in _p.comments:
        _c.key = str(uuid.UUID(int=GRAPH.rng.getrandbits(128), version=4)).upper()


def drift(g):
    follow = sorted(g.follows)[3]
    liked = next(p for p in g.posts if len(p.likes) >= 2)
    return follow, liked, sorted(liked.likes)[1]


def documents():
    g = GRAPH
    follow, liked, liker = drift(g)
    docs = {}
    for i, u in enumerate(g.users):
        doc = {"email": u.email, "fullname": u.name, "username": u.username, "uid": u.uid}
        if i % 3:  # updateUser: only those who edited their profile have a photo, a bio, a link
            doc.update({"profileImage": u.avatar, "bio": u.bio, "link": ""})
        docs["users/" + u.uid] = doc
    for a, b in sorted(g.follows):
        docs.setdefault("follow-users/" + b, {})[a] = "1"
        docs.setdefault("following-users/" + a, {})[b] = "1"
    # an unfollow deletes the key: the documents of one who unfollowed their only follow stay, empty
    lonely = next(u.uid for u in g.users if not g.following(u.uid) and u.uid != g.users[0].uid)
    docs["following-users/" + lonely] = {}
    docs.setdefault("follow-users/" + g.users[0].uid, {})
    for p in g.posts:
        docs["status/" + p.key] = {"profileImage": p.image, "timestamp": seconds(p.time), "uid": p.owner,
                                   "aspectRatio": 0.75 + (len(p.caption) % 5) / 4, "caption": p.caption}
        docs.setdefault("users-status/" + p.owner, {})[p.key] = "1"
        for u in sorted(p.likes):
            docs.setdefault("user-likeStatuses/" + u, {})[p.key] = "1"
            docs.setdefault("tus-usersLiked/" + p.key, {})[u] = "1"
        for c in p.comments:
            docs["comments/" + c.key] = {"uid": c.author, "comment": c.text,
                                         "timestamp": float(seconds(c.time)) + 0.25, "statusId": p.key}
            docs.setdefault("tus-usersCommented/" + p.key, {})[c.key] = "1"
    # drift: the second write of followUser and of likeStatus failed
    del docs["following-users/" + follow[0]][follow[1]]
    del docs["tus-usersLiked/" + liked.key][liker]
    return docs


def truth():
    g = GRAPH
    follow, liked, liker = drift(g)
    return g.truth([{"code": "follow_mirror_missing", "path": "following-users/%s/%s" % follow},
                    {"code": "like_mirror_missing", "path": "tus-usersLiked/%s/%s" % (liked.key, liker)}],
                   hidden=[u.email for u in g.users])

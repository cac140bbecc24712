"""saswat10/Instagram-Clone: Android (Kotlin, Jetpack Compose), Firestore. Users keyed by
auth uid {username, email, name, bio, friends, posts, profilePic, createdAt} (UserDto,
written whole by UserService.createNewUser); flat posts at posts/<autoId> {username,
userId, profilePic, caption, media: [{id, url, type}], likesCount, commentsCount,
createdAt} where `media` is an album of photos or videos uploaded to Cloudinary (one
item per file; CreatePostViewModel passes the first item's type for every item, so a
post is all "image" or all "video"); likes as documents posts/<id>/likes/<uid> {userId,
username, profilePic} with likesCount kept in the same transaction; comments at
posts/<id>/comments/<autoId> {userId, username, profilePic, content, createdAt}.
No follows: friendships, accepted from requests/<autoId> {fromUid, toUid, status,
fromUser, toUser, createdAt}, are friends/<autoId> {userIds: [a, b], user1, user2,
createdAt} with a `friends` counter on both users.

Covers: albums and videos (`media[]` of {id, url, type}); counters as ints (posts,
friends, likesCount, commentsCount); likes as subcollections of documents holding ids;
comments as subcollections; follow/friend requests beside the graph (never published);
times as timestamps; emails in the user record (hidden). The app keeps no follows: the
pages show no follower or following counts (friends are mutual, not follows; a right page
could say "N friends", which the truth cannot express yet).

Albums and videos: the truth lists each such post as one post with its likes and comments.
A right post page shows every item of `media` in order (an album as a row of photos,
each `type: "video"` item as a <video> with its URL), and the grid tile marks an album
or a video; the checker does not check items yet (issue 38).

Drift, as the app suffers it: PostService.deletePost deletes the post document only: its
likes and comments subcollections stay behind (like_dangling, comment_dangling at the
subcollections) and its owner's `posts` counter is never decremented
(post_count_mismatch); deleteComment deletes the comment without decrementing
commentsCount (comment_count_mismatch)."""
import random

from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "saswat10_instagram",
    "repo": "saswat10/Instagram-Clone",
    "files": ["app/src/main/java/com/saswat10/instagramclone/data/remote/firebase/PostService.kt (createPost, deletePost, toggleLike, createComment, deleteComment)",
              "data/remote/firebase/UserService.kt (createNewUser)",
              "data/remote/firebase/FriendRequestService.kt (sendRequest, acceptRequest, rejectRequest, deleteFriend)",
              "data/repository/UserRepository.kt (createPost, toPostMediaDto)", "data/model/PostDto.kt",
              "data/model/UserDto.kt", "data/model/FriendsDto.kt", "data/model/RequestDto.kt",
              "data/model/LikesDto.kt", "data/model/CommentDto.kt", "utils/FirebaseConstantsV2.kt",
              "domain/use_cases/CreatePostUseCase.kt (getResourceType)", "viewmodels/CreatePostViewModel.kt (createPost)"],
    "database": "firestore",
    "layout": "users with posts/friends counters; flat posts with media[] {id,url,type} albums/videos; likes/comments subcollections; friends + requests",
}

GRAPH = Graph(seed=51, users=12, posts=30)
_rng = random.Random(5100)


def _auto():
    return push_id(_rng)


DELETED = _auto()          # a post deleted since: its likes and comments stayed behind
DELETED_COMMENTS = [_auto(), _auto()]
FRIENDS = sorted({tuple(sorted(e)) for e in GRAPH.follows if (e[1], e[0]) in GRAPH.follows})


def media(i, p):
    """The post's media as toPostMediaDto writes it: an album every third post, a video
    every fifth (every item then "video": the first item's type is used for all)."""
    count = 3 if i % 3 == 0 else 1
    kind = "video" if i % 5 == 4 else "image"
    ext = "mp4" if kind == "video" else "jpg"
    base = p.image.rsplit(".", 1)[0]
    urls = [p.image if kind == "image" and k == 0 else "%s-%d.%s" % (base, k, ext) for k in range(count)]
    return [{"id": str(k), "url": u, "type": kind} for k, u in enumerate(urls)]


def owner_of_deleted():
    return GRAPH.users[2]


def uncounted():
    """The post whose comment was deleted without a decrement."""
    return next(p for p in GRAPH.posts[6:] if p.comments)


def ref(u):
    return {"uid": u.uid, "username": u.username, "name": u.name, "profilePic": u.avatar}


def documents():
    g = GRAPH
    docs = {}
    friends = {u.uid: 0 for u in g.users}
    for a, b in FRIENDS:
        friends[a] += 1
        friends[b] += 1
    for u in g.users:
        docs["users/" + u.uid] = {
            "username": u.username, "email": u.email, "name": u.name, "bio": u.bio,
            "friends": friends[u.uid], "posts": sum(1 for p in g.posts if p.owner == u.uid),
            "profilePic": u.avatar, "createdAt": Timestamp("2021-02-2%dT08:00:00Z" % (1 + g.users.index(u) % 8)),
        }
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {
            "username": owner.username, "userId": p.owner, "profilePic": owner.avatar, "caption": p.caption,
            "media": media(i, p), "likesCount": len(p.likes), "commentsCount": len(p.comments),
            "createdAt": Timestamp(iso(p.time)),
        }
        for uid in sorted(p.likes):
            u = g.user(uid)
            docs["posts/%s/likes/%s" % (p.key, uid)] = {"userId": uid, "username": u.username, "profilePic": u.avatar}
        for c in p.comments:
            a = g.user(c.author)
            docs["posts/%s/comments/%s" % (p.key, c.key)] = {
                "userId": c.author, "username": a.username, "profilePic": a.avatar, "content": c.text,
                "createdAt": Timestamp(iso(c.time))}
    for n, (a, b) in enumerate(FRIENDS):
        ua, ub = g.user(a), g.user(b)
        docs["friends/" + _auto()] = {"userIds": [a, b], "user1": ref(ua), "user2": ref(ub),
                                      "createdAt": Timestamp("2021-02-%02dT10:00:00Z" % (1 + n % 27))}
        docs["requests/" + _auto()] = {"fromUid": a, "toUid": b, "status": "accepted", "fromUser": ref(ua),
                                       "toUser": ref(ub), "createdAt": Timestamp("2021-02-%02dT09:00:00Z" % (1 + n % 27))}
    # pending and rejected requests: never edges
    for n, (a, b, status) in enumerate([(g.users[10], g.users[0], "pending"), (g.users[11], g.users[1], "rejected")]):
        docs["requests/" + _auto()] = {"fromUid": a.uid, "toUid": b.uid, "status": status, "fromUser": ref(a),
                                       "toUser": ref(b), "createdAt": Timestamp("2021-04-0%dT09:00:00Z" % (1 + n))}
    # drift 1: a deleted post: its likes and comments stayed, its owner's counter did not move.
    gone = owner_of_deleted()
    docs["users/" + gone.uid]["posts"] += 1
    for liker in (g.users[4], g.users[7]):
        docs["posts/%s/likes/%s" % (DELETED, liker.uid)] = {"userId": liker.uid, "username": liker.username,
                                                          "profilePic": liker.avatar}
    for k, key in enumerate(DELETED_COMMENTS):
        a = g.users[5 + k]
        docs["posts/%s/comments/%s" % (DELETED, key)] = {
            "userId": a.uid, "username": a.username, "profilePic": a.avatar, "content": "lovely colours",
            "createdAt": Timestamp("2021-02-27T1%d:00:00Z" % k)}
    # drift 2: a comment deleted without a decrement.
    docs["posts/" + uncounted().key]["commentsCount"] += 1
    return docs


def truth():
    g = GRAPH
    findings = [
        {"code": "post_count_mismatch", "path": "users/%s/posts" % owner_of_deleted().uid},
        {"code": "like_dangling", "path": "posts/%s/likes" % DELETED},
        {"code": "comment_dangling", "path": "posts/%s/comments" % DELETED},
        {"code": "comment_count_mismatch", "path": "posts/%s/commentsCount" % uncounted().key},
    ]
    return g.truth(findings, follows=False, hidden=[u.email for u in g.users])

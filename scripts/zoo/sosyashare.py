"""AbdulkadirAkansu/SosyaShare: Android (Kotlin, Jetpack Compose), Firestore. Users keyed by
auth uid holding follows as arrays of ids (`following`, `followers`, both written in one
transaction); privacy kept apart in user_privacy/<uid> {userId, isPrivate,
allowedFollowers}; flat posts keyed by UUID {id, userId, content, imageUrl, likeCount,
likedBy: [uid], createdAt, commentCount} with each like also a document holding the id
(posts/<id>/likes/<uid>: {userId}); comments flat in comments/<uuid> {postId, userId, ...};
chats/<a-b> {lastMessage, participants} with chats/<a-b>/messages; saved posts in
users/<uid>/saved_posts/<postId> (time in milliseconds); notifications and blocked_users
at the root. None of chats, messages, saved posts, notifications, blocks or privacy
settings is ever published.

Covers: a private account (its posts get no page); chats and messages; saved posts;
notifications; likes as arrays and as documents holding ids; follows as arrays; counters
as ints; comments as root documents naming their post; UUID ids; times as timestamps and
milliseconds.

Drift, as the app suffers it: deleteComment removes the comment and never recounts
(commentCount one too high); deletePost deletes the post document only, so its likes
subcollection and its comments stay behind."""
import random
import uuid

from _graph import Graph, iso, millis
from firestore_emulator import Timestamp

APP = {
    "name": "sosyashare",
    "repo": "AbdulkadirAkansu/SosyaShare",
    "files": ["app/src/main/java/com/akansu/sosyashare/data/remote/FirebaseAuthService.kt (registerUser)",
              "data/remote/FirebaseUserService.kt (followUser, unfollowUser)",
              "data/remote/FirebasePostService.kt (createPost, likePost, unlikePost, updatePost, deletePost)",
              "data/remote/FirebaseCommentService.kt (addComment, deleteComment)",
              "data/remote/FirebaseUserPrivacyService.kt (updateUserPrivacySetting, updateAllowedFollowers)",
              "data/remote/FirebaseMessageService.kt (sendMessage, getChatId)",
              "data/remote/FirebaseSaveService.kt (savePost)", "data/remote/FirebaseNotificationService.kt",
              "data/remote/FirebaseBlockedService.kt", "presentation/share/viewmodel/ShareViewModel.kt",
              "presentation/comment/viewmodel/CommentViewModel.kt (addComment)"],
    "database": "firestore",
    "layout": "users with follow arrays; user_privacy; flat UUID posts, likedBy + likes/{userId}; root comments; chats/*/messages",
}

GRAPH = Graph(seed=38, users=12, posts=30)
_rng = random.Random(3800)
for _p in GRAPH.posts:
    _p.key = str(uuid.UUID(int=_rng.getrandbits(128), version=4))
    for _c in _p.comments:
        _c.key = str(uuid.UUID(int=_rng.getrandbits(128), version=4))
PRIVATE = GRAPH.users[3]  # a private account with posts
DELETED = str(uuid.UUID(int=_rng.getrandbits(128), version=4))
DELETED_COMMENT = str(uuid.UUID(int=_rng.getrandbits(128), version=4))
DELETED_LIKER = GRAPH.users[6].uid
CHAT_TEXTS = ["meet at the harbour at six?", "bring the blue umbrella", "the bakery opens at 7:15"]


def uncounted():
    """The post whose comment was deleted without a recount."""
    return next(p for p in GRAPH.posts if p.comments and p.owner != PRIVATE.uid)


def documents():
    g = GRAPH
    docs = {}
    for u in g.users:
        docs["users/" + u.uid] = {
            "username": u.username, "email": u.email, "isEmailVerified": True, "bio": u.bio,
            "profilePictureUrl": u.avatar, "following": g.following(u.uid), "followers": g.followers(u.uid),
            "fcmToken": "fcm-" + u.uid[:12],
        }
        docs["user_privacy/" + u.uid] = {
            "userId": u.uid, "isPrivate": u is PRIVATE,
            "allowedFollowers": g.followers(u.uid) if u is PRIVATE else [],
        }
    for p in g.posts:
        docs["posts/" + p.key] = {
            "id": p.key, "userId": p.owner, "content": p.caption, "imageUrl": p.image, "likeCount": len(p.likes),
            "likedBy": sorted(p.likes), "createdAt": Timestamp(iso(p.time)), "commentCount": len(p.comments),
        }
        for u in sorted(p.likes):
            docs["posts/%s/likes/%s" % (p.key, u)] = {"userId": u}
        for c in p.comments:
            author = g.user(c.author)
            docs["comments/" + c.key] = {
                "id": c.key, "postId": p.key, "userId": c.author, "username": author.username,
                "userProfileUrl": author.avatar, "content": c.text, "timestamp": Timestamp(iso(c.time)), "likes": [],
            }
            if c.author != p.owner:
                docs["notifications/" + c.key[:20].replace("-", "")] = {
                    "userId": p.owner, "senderId": c.author, "senderUsername": author.username,
                    "senderProfileUrl": author.avatar, "type": "comment", "postId": p.key,
                    "content": "%s commented on your post" % author.username, "isRead": False,
                    "timestamp": Timestamp(iso(c.time))}
    # saved posts (a post of someone else, saved by each of the first users)
    for i, u in enumerate(g.users[:5]):
        p = next(p for p in g.posts[i:] if p.owner != u.uid and p.owner != PRIVATE.uid)
        docs["users/%s/saved_posts/%s" % (u.uid, p.key)] = {"postId": p.key, "userId": u.uid,
                                                           "timestamp": millis(p.time) + 3600000}
    # chats between two pairs of users, id "<smaller>-<larger>"
    for n, (a, b) in enumerate([(g.users[0], g.users[1]), (g.users[2], g.users[4])]):
        chat = "-".join(sorted([a.uid, b.uid]))
        for k, text in enumerate(CHAT_TEXTS[n:n + 2]):
            mid = "m%d%dX7%s" % (n, k, chat[:10])
            docs["chats/%s/messages/%s" % (chat, mid)] = {
                "id": mid, "senderId": a.uid if k == 0 else b.uid, "receiverId": b.uid if k == 0 else a.uid,
                "content": text, "timestamp": Timestamp(iso(g.posts[5 + k].time)), "isRead": k == 0,
                "replyToMessageId": None, "chatId": chat}
        docs["chats/" + chat] = {"lastMessage": CHAT_TEXTS[n + 1], "updatedAt": Timestamp(iso(g.posts[6].time)),
                                 "participants": [a.uid, b.uid]}
    docs["blocked_users/3f1c0d9e2a7b4c58a9e1"] = {"id": "3f1c0d9e2a7b4c58a9e1", "blockerUserId": g.users[7].uid,
                                                  "blockedUserId": g.users[8].uid}
    # drift 1: a comment deleted without a recount.
    docs["posts/" + uncounted().key]["commentCount"] += 1
    # drift 2: a deleted post: its likes subcollection and one comment stayed behind.
    docs["posts/%s/likes/%s" % (DELETED, DELETED_LIKER)] = {"userId": DELETED_LIKER}
    docs["comments/" + DELETED_COMMENT] = {
        "id": DELETED_COMMENT, "postId": DELETED, "userId": g.users[2].uid, "username": g.users[2].username,
        "userProfileUrl": g.users[2].avatar, "content": "so good", "timestamp": Timestamp("2021-02-27T12:00:00Z"),
        "likes": []}
    return docs


def truth():
    g = GRAPH
    findings = [
        {"code": "comment_count_mismatch", "path": "posts/%s/commentCount" % uncounted().key},
        {"code": "like_dangling", "path": "posts/%s/likes" % DELETED},
        {"code": "comment_dangling", "path": "comments/%s" % DELETED_COMMENT},
    ]
    t = g.truth(findings, hidden=[u.email for u in g.users] + CHAT_TEXTS + ["fcm-" + u.uid[:12] for u in g.users],
                private=[PRIVATE.uid])
    # A private account: its header only, no post page, its posts' photos nowhere on the site.
    for p in g.posts:
        if p.owner == PRIVATE.uid:
            del t["posts"][p.key]
            t["hidden"].append(p.image)
    return t

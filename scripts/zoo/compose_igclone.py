"""Parimal-b/InstagramCloneApp: the Jetpack Compose "Instagram clone" of a Udemy course
(Kotlin, Hilt, one IgViewModel holding every Firestore write; copied in many public
repositories as app/src/main/java/com/example/instagramclone/IgViewModel.kt), this copy
grown with chats and statuses. Cloud Firestore, every document written with `set` of a
Kotlin data class, so every property is stored, nulls included.

Users `users/<uid>` as UserData: {userId, name, userName, imageUrl, bio, following,
chatId}; sign-up (onSignUp, then createOrUpdateProfile) checks that no user holds the
userName and sets {userId, userName} with every other property null (`following: null`,
`chatId: null`). A follow (onFollowClick) rewrites one's own `following` whole, the
local copy plus or minus the id: follows are kept on the follower's side only, the
followers count is a query (whereArrayContains "following"). updateProfileData updates
{userId, name, userName, imageUrl, bio, following} (toMap) and checks nothing;
uploadProfileImage also batch-updates `userImage` in one's posts, but nothing carries a
new userName anywhere. Posts `posts/<UUID>` as PostData: {postId, userId, userName,
userImage, postImage, postDescription, time (ms), likes: [] (onLikePost rewrites it
whole from the post as shown), searchTerms (the caption's words and the username),
commentData: null}. Comments flat `comments/<UUID>` as CommentData: {commentId, postId,
userName, text, timeStamp (ms)}: the author named by userName only. Chats
`chat/<autoId>` {chatId, user1: {userId, userName, imageUrl}, user2} with
`chat/<id>/messages/<autoId>` {sentBy, message, timestamp: java.util.Date's toString()};
statuses (24-hour stories) `status/<autoId>` {user: {userId, userName, imageUrl},
imageUrl, timestamp (ms)}.

Covers: a Jetpack Compose course's layout; properties stored as null; follows one-sided
as an array of ids, `null` before the first follow; likes an array of ids; flat comments
naming their author by username where users are keyed by uid; a copy of the username
and photo in each post; chats of two user maps with messages beside the graph (their
texts hidden); stories.

Drift, as the app's code writes it:
- a user renamed themselves in updateProfileData: their posts keep the old userName
  (poster_mismatch at each post's `userName`; their comments keep it too, no finding);
- another renamed themselves to a name already taken, which updateProfileData never
  checks (username_duplicate at the later uid's `userName`).
"""
import datetime
import random

from _graph import Graph, millis, push_id, uuid4, uuid_keys

APP = {
    "name": "compose_igclone",
    "repo": "Parimal-b/InstagramCloneApp",
    "files": ["app/src/main/java/com/example/instagramclone/IgViewModel.kt (onSignUp, createOrUpdateProfile, updateProfileData, uploadProfileImage, updatePostUserImageData, onNewPost, onCreatePost, onFollowClick, onLikePost, createComment, getFollowers, onAddChat, onSendReply, createStatus)",
              "app/src/main/java/com/example/instagramclone/data/UserData.kt (UserData.toMap, ChatData, ChatUser, Message, Status)",
              "app/src/main/java/com/example/instagramclone/data/PostData.kt",
              "app/src/main/java/com/example/instagramclone/data/CommentData.kt",
              "app/src/main/java/com/example/instagramclone/main/NewPostScreen.kt (onNewPost)",
              "app/src/main/java/com/example/instagramclone/main/SinglePostScreen.kt (the follow button)",
              "app/src/main/java/com/example/instagramclone/main/UserPostsScreen.kt (the follow button)",
              "app/src/main/java/com/example/instagramclone/auth/ProfileScreen.kt (onSave)"],
    "database": "firestore",
    "layout": "users/<uid> {userId, userName, following: [ids] one-sided or null, nulls kept}; flat posts/<UUID> {userId, userName copy, likes[], searchTerms[], time ms, commentData: null}; root comments {postId, userName only}; chat {user1, user2}/messages; status",
}

GRAPH = Graph(seed=4242, users=10, posts=24)
_rng = random.Random(42420)


def _uuid():
    return uuid4(_rng)


uuid_keys(GRAPH, _rng)

# Drift 1: a user with posts renamed; the posts (and comments) keep the old name.
RENAMED = next(u for u in GRAPH.users if sum(p.owner == u.uid for p in GRAPH.posts) == 2)
OLD_NAME = RENAMED.username + ".shots"
# Drift 2: a user with no posts renamed to a name another holds.
COPIER, COPIED = GRAPH.users[9], GRAPH.users[5]
COPIER_OLD = COPIER.username
COPIER.username = COPIED.username
AVATARS = {u.uid for i, u in enumerate(GRAPH.users) if i % 3 != 2}       # uploaded a profile photo
EDITED = {u.uid for i, u in enumerate(GRAPH.users) if i % 4 != 3} | {RENAMED.uid, COPIER.uid}
MESSAGES = ["are you going to the market on saturday?", "yes, around ten, want to come along?",
            "send me the photo from the bridge please"]


def date_text(t):
    """java.util.Date.toString() on a device in UTC."""
    return t.strftime("%a %b %d %H:%M:%S GMT %Y")


def name_at_post(uid):
    u = GRAPH.user(uid)
    return OLD_NAME if u is RENAMED else COPIER_OLD if u is COPIER else u.username


def documents():
    g = GRAPH
    docs = {}
    for i, u in enumerate(g.users):
        following = g.following(u.uid)
        doc = {"userId": u.uid, "name": None, "userName": u.username, "imageUrl": None, "bio": None,
               "following": following or (None if i % 2 else []), "chatId": None}
        if u.uid in AVATARS:
            doc["imageUrl"] = "https://firebasestorage.googleapis.com/v0/b/igclone.appspot.com/o/images%%2F%s?alt=media" % _uuid()
        if u.uid in EDITED:
            doc["name"], doc["bio"] = u.name, u.bio
        docs["users/" + u.uid] = doc
    for p in g.posts:
        owner = docs["users/" + p.owner]
        name = name_at_post(p.owner)
        words = [w.lower() for w in p.caption.split(" ") if w.lower() not in ("the", "and", "a")]
        docs["posts/" + p.key] = {
            "postId": p.key, "userId": p.owner, "userName": name, "userImage": owner["imageUrl"],
            "postImage": "https://firebasestorage.googleapis.com/v0/b/igclone.appspot.com/o/images%%2F%s?alt=media" % _uuid(),
            "postDescription": p.caption, "time": millis(p.time), "likes": sorted(p.likes),
            "searchTerms": words + [name.lower()], "commentData": None}
        for c in p.comments:
            docs["comments/" + c.key] = {"commentId": c.key, "postId": p.key, "userName": name_at_post(c.author),
                                         "text": c.text, "timeStamp": millis(c.time)}
    # chats and their messages
    for n, (a, b) in enumerate([(g.users[0], g.users[1]), (g.users[2], g.users[4])]):
        chat = push_id(_rng)
        ua, ub = docs["users/" + a.uid], docs["users/" + b.uid]
        docs["chat/" + chat] = {"chatId": chat,
                                "user1": {"userId": a.uid, "userName": a.username, "imageUrl": ua["imageUrl"]},
                                "user2": {"userId": b.uid, "userName": b.username, "imageUrl": ub["imageUrl"]}}
        t = g.posts[4 + n].time + datetime.timedelta(hours=5)
        for k, text in enumerate(MESSAGES[n * 2: n * 2 + 2]):
            docs["chat/%s/messages/%s" % (chat, push_id(_rng))] = {
                "sentBy": (a if k % 2 == 0 else b).uid, "message": text,
                "timestamp": date_text(t + datetime.timedelta(minutes=3 * k))}
    # statuses
    for u in g.users[:3]:
        docs["status/" + push_id(_rng)] = {
            "user": {"userId": u.uid, "userName": u.username, "imageUrl": docs["users/" + u.uid]["imageUrl"]},
            "imageUrl": "https://firebasestorage.googleapis.com/v0/b/igclone.appspot.com/o/images%%2F%s?alt=media" % _uuid(),
            "timestamp": millis(g.posts[-1].time) + 3600000}
    return docs


def truth():
    g = GRAPH
    findings = [{"code": "poster_mismatch", "path": "posts/%s/userName" % p.key}
                for p in g.posts if p.owner == RENAMED.uid]
    findings.append({"code": "username_duplicate", "path": "users/%s/userName" % max(COPIER.uid, COPIED.uid)})
    return g.truth(findings, hidden=MESSAGES)

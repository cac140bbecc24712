"""Humble-Coders/Kissangram: a Kotlin Multiplatform (Compose Android + SwiftUI iOS) social
app for Indian farmers ("Kissan"), on a NAMED Cloud Firestore database ("kissangram"), with
Cloud Functions (2nd gen) keeping the counters and fanning every post out.

Users: `users/<uid>` {id, phoneNumber (phone sign-in), name, username (generateUsername:
the name lowercased, every other character "_", cut to 20, then "_" and the uid's last
six), role "farmer" | "expert" | ..., verificationStatus, expertise [crops], language
("hi", "pa", "en"), location {state, district, village, country "India"}, bio,
profileImageUrl, searchKeywords, isActive, followersCount, followingCount, postsCount,
createdAt / updatedAt / lastActiveAt: epoch milliseconds}. Follows: one batch writes
`users/<me>/following/<them>` and `users/<them>/followers/<me>` (each a copy of the other
user: {id, name, username, profileImageUrl, role, verificationStatus, followedAt}) and
increments both counters. Posts: flat `posts/<autoId>` {id, authorId, authorName,
authorUsername, authorProfileImageUrl, authorRole, authorVerificationStatus, type
"normal" | "question", text, media [{url, type "image" | "video", thumbnailUrl}], crops,
hashtags, visibility "public", likesCount, commentsCount, savesCount, isActive,
location {name, geoPoint}, createdAt, updatedAt (timestamps)}. Likes:
`posts/<id>/likes/<uid>` (a copy of the liker); comments: `posts/<id>/comments/<autoId>`
{id, postId, authorId, authorName, authorUsername, text, parentCommentId (null, or the
comment a reply answers), repliesCount, likesCount, isActive, createdAt, ...}: replies
live in the same subcollection. Cloud Functions (functions/index.js): onPostCreate
increments postsCount and copies the post (with its id) into `users/<u>/feed/<postId>`
for the author and every follower of the moment; onLike / onUnlike increment or
decrement likesCount; onComment increments the post's commentsCount for a top-level
comment and the parent's repliesCount for a reply (so commentsCount counts top-level
comments only), and writes `users/<author>/notifications/<autoId>`; onCommentUpdate
decrements them when a comment is soft-deleted. Deleting a post or a comment is a soft
delete: `isActive: false` (every query filters `isActive == true`); nothing decrements
postsCount, nothing touches the feed copies. Stories: root `stories/<autoId>` {authorId,
..., media {url, type, thumbnailUrl} (one map), visibility, viewsCount, likesCount,
isActive, createdAt, expiresAt} with `stories/<id>/views/<uid>`.

Covers: follows kept twice as user copies in subcollections of users, with counters
incremented in the same batch; a per-reader feed of full copies made by a Cloud Function
(one's own posts included) whose counters are never refreshed; a comment counter that
counts top-level comments only, replies in the same subcollection; soft deletes
(isActive false) of a post and of a comment; stories beside the posts; notifications
under the users; phone numbers in the user documents; epoch-millisecond user times beside
timestamp post times.

Drift, as the app suffers it:
- the feed copies are written once, at creation: every copy of a post liked or commented
  since keeps likesCount 0 / commentsCount 0 (timeline_copy_mismatch; the app's own
  FirestoreFeedRepository says "Feed documents have stale likesCount" and re-reads it);
- one post was deleted (isActive false): postsCount is never decremented
  (post_count_mismatch) and its copies stay in the feeds (timeline_stale);
- Cloud Functions deliver at least once: onLike ran twice for one like (likesCount one
  over: like_count_mismatch).
"""
import datetime
import random

from _graph import Graph, push_id
from firestore_emulator import GeoPoint, Timestamp

APP = {
    "name": "kissangram",
    "repo": "Humble-Coders/Kissangram",
    "files": ["functions/index.js (onPostCreate, onLike, onUnlike, onComment, onCommentDelete, onCommentUpdate)",
              "composeApp/src/androidMain/kotlin/com/kissangram/repository/FirestoreUserRepository.kt "
              "(createUserProfile, updateProfile, updateFullProfile, generateUsername, buildSearchKeywords)",
              "composeApp/src/androidMain/kotlin/com/kissangram/repository/AndroidFollowRepository.kt "
              "(followUser, unfollowUser)",
              "composeApp/src/androidMain/kotlin/com/kissangram/repository/FirestorePostRepository.kt "
              "(createPost, likePost, unlikePost, addComment, deleteComment, deletePost, getPostsByUser)",
              "composeApp/src/androidMain/kotlin/com/kissangram/repository/FirestoreFeedRepository.kt (the feed, "
              "batchFetchLikesCount)",
              "composeApp/src/androidMain/kotlin/com/kissangram/repository/FirestoreStoryRepository.kt "
              "(createStory, markStoryAsViewed)",
              "shared/src/commonMain/kotlin/com/kissangram/usecase/CreatePostUseCase.kt",
              "shared/src/commonMain/kotlin/com/kissangram/usecase/CreateStoryUseCase.kt"],
    "database": "firestore",
    "layout": "users {followersCount, followingCount, postsCount, phoneNumber, ms times}; users/*/following|followers "
              "user copies; flat posts {authorId, media[{url,type}], likesCount, commentsCount, isActive}; likes and "
              "comments (replies with parentCommentId) subcollections; users/*/feed full copies by a Cloud Function; "
              "soft deletes; stories; users/*/notifications",
}

GRAPH = Graph(seed=4242, users=9, posts=16)
NAMES = ["Ramesh Kumar", "Gurpreet Singh", "Sunita Devi", "Harpreet Kaur", "Mahesh Patil", "Anita Yadav",
         "Baldev Sandhu", "Kavita Sharma", "Suresh Reddy"]
ROLES = ["farmer", "expert", "farmer", "agripreneur", "farmer", "input_seller", "farmer", "agri_lover", "farmer"]
STATES = [("Punjab", "Ludhiana", "Raikot"), ("Punjab", "Moga", "Dharamkot"), ("Bihar", "Patna", "Danapur"),
          ("Punjab", "Sangrur", "Sunam"), ("Maharashtra", "Nashik", "Niphad"), ("Uttar Pradesh", "Meerut", "Sardhana"),
          ("Punjab", "Bathinda", "Rampura"), ("Rajasthan", "Jaipur", "Chomu"), ("Telangana", "Warangal", "Hanamkonda")]
CROPS = ["wheat", "paddy", "cotton", "sugarcane", "mustard", "maize", "onion", "tomato"]
DELETED_CAPTION = "Selling my old tractor, call me (post taken down)"
DELETED_COMMENT = "Wrong number given above, ignore it (comment removed)"


def username(name, uid):
    base = "".join(c if c.isascii() and c.isalnum() else "_" for c in name.strip().lower())[:20]
    return "%s_%s" % (base, uid[-6:])


def people():
    g = GRAPH
    return {u.uid: {"name": NAMES[i], "username": username(NAMES[i], u.uid), "role": ROLES[i],
                    "phone": "+9198%08d" % (13579 * (i + 3)), "i": i} for i, u in enumerate(g.users)}


def replies():
    """The second comment of a post with two or more answers its first: {comment key: parent key}."""
    return {p.comments[1].key: p.comments[0].key for p in GRAPH.posts if len(p.comments) >= 2}


def drift():
    g = GRAPH
    doubled = next(p for p in g.posts[3:] if p.likes)
    deleter = next(u.uid for u in g.users[1:] if g.followers(u.uid))
    commented = next(p for p in g.posts[5:] if p.comments)
    deleted = push_id(random.Random(77))  # fixed: g.rng moves as documents() runs
    return doubled, deleter, commented, deleted


def recipients(owner):
    return sorted(set(GRAPH.followers(owner)) | {owner})


def post_fields(p, key, owner, text, time, likes, comments, active=True):
    who = people()[owner]
    i = GRAPH.posts.index(p) if p is not None else 40
    fields = {
        "id": key, "authorId": owner, "authorName": who["name"], "authorUsername": who["username"],
        "authorProfileImageUrl": GRAPH.user(owner).avatar, "authorRole": who["role"],
        "authorVerificationStatus": "verified" if who["role"] == "expert" else "unverified",
        "type": "question" if i % 5 == 3 else "normal", "text": text,
        "media": [{"url": p.image if p is not None else "https://example.com/photos/tractor.jpg",
                   "type": "image", "thumbnailUrl": ""}],
        "crops": [CROPS[i % len(CROPS)]], "hashtags": ["#" + CROPS[i % len(CROPS)]], "visibility": "public",
        "likesCount": likes, "commentsCount": comments, "savesCount": 0, "isActive": active,
        "createdAt": Timestamp(time.strftime("%Y-%m-%dT%H:%M:%SZ")),
        "updatedAt": Timestamp(time.strftime("%Y-%m-%dT%H:%M:%SZ"))}
    if i % 3 == 0:
        fields["location"] = {"name": STATES[who["i"]][1] + ", " + STATES[who["i"]][0],
                              "geoPoint": GeoPoint(30.9 - who["i"] / 10.0, 75.8 + who["i"] / 10.0)}
    if fields["type"] == "question":
        fields["question"] = {"targetExpertise": fields["crops"], "targetExpertIds": [], "targetExperts": [],
                              "isAnswered": False, "bestAnswerCommentId": None}
    return fields


def user_copy(uid, when):
    who = people()[uid]
    return {"id": uid, "name": who["name"], "username": who["username"], "profileImageUrl": GRAPH.user(uid).avatar,
            "role": who["role"], "verificationStatus": "verified" if who["role"] == "expert" else "unverified",
            "followedAt": Timestamp(when.strftime("%Y-%m-%dT%H:%M:%SZ"))}


def documents():
    g = GRAPH
    ppl = people()
    doubled, deleter, commented, deleted = drift()
    parent = replies()
    start = g.posts[0].time - datetime.timedelta(days=20)
    docs = {}
    for i, u in enumerate(g.users):
        who = ppl[u.uid]
        ms = int((start + datetime.timedelta(hours=i)).timestamp() * 1000)
        state, district, village = STATES[i]
        docs["users/" + u.uid] = {
            "id": u.uid, "phoneNumber": who["phone"], "name": who["name"], "username": who["username"],
            "role": who["role"], "verificationStatus": "verified" if who["role"] == "expert" else "unverified",
            "expertise": [CROPS[i % len(CROPS)], CROPS[(i + 3) % len(CROPS)]], "language": ["hi", "pa", "en"][i % 3],
            "updatedAt": ms + 60000, "lastActiveAt": ms + 86400000, "createdAt": ms,
            "searchKeywords": who["name"].lower().split() + [who["username"]], "isActive": True,
            "bio": u.bio, "profileImageUrl": u.avatar,
            "location": {"state": state, "district": district, "village": village, "country": "India"},
            "followersCount": len(g.followers(u.uid)), "followingCount": len(g.following(u.uid)),
            "postsCount": sum(1 for p in g.posts if p.owner == u.uid) + (u.uid == deleter)}
    for n, (a, b) in enumerate(sorted(g.follows)):  # every follow predates the first post
        when = start + datetime.timedelta(days=1, minutes=n)
        docs["users/%s/following/%s" % (a, b)] = user_copy(b, when)
        docs["users/%s/followers/%s" % (b, a)] = user_copy(a, when)
    for p in g.posts:
        top = sum(1 for c in p.comments if c.key not in parent)
        fields = post_fields(p, p.key, p.owner, p.caption, p.time, len(p.likes) + (p is doubled), top)
        docs["posts/" + p.key] = fields
        copy = dict(fields, likesCount=0, commentsCount=0)  # onPostCreate: the post as it was created
        for r in recipients(p.owner):
            docs["users/%s/feed/%s" % (r, p.key)] = copy
        for j, uid in enumerate(sorted(p.likes)):
            docs["posts/%s/likes/%s" % (p.key, uid)] = {
                k: v for k, v in user_copy(uid, p.time + datetime.timedelta(minutes=20 + j)).items()
                if k != "followedAt"}
            docs["posts/%s/likes/%s" % (p.key, uid)]["likedAt"] = Timestamp(
                (p.time + datetime.timedelta(minutes=20 + j)).strftime("%Y-%m-%dT%H:%M:%SZ"))
            if uid != p.owner:
                docs["users/%s/notifications/%s" % (p.owner, push_id(g.rng))] = {
                    "type": "like", "actorId": uid, "actorName": ppl[uid]["name"],
                    "actorUsername": ppl[uid]["username"], "actorProfileImageUrl": g.user(uid).avatar,
                    "actorRole": ppl[uid]["role"], "actorVerificationStatus": "unverified", "postId": p.key,
                    "commentId": None, "postImageUrl": p.image, "isRead": j % 2 == 0,
                    "createdAt": Timestamp((p.time + datetime.timedelta(minutes=20 + j)).strftime("%Y-%m-%dT%H:%M:%SZ"))}
        comments = [(c, parent.get(c.key), True) for c in p.comments]
        if p is commented:
            gone = type(p.comments[0])(push_id(g.rng), p.owner, DELETED_COMMENT, p.time + datetime.timedelta(hours=1))
            comments.append((gone, None, False))
        for c, up, active in comments:
            who = ppl[c.author]
            docs["posts/%s/comments/%s" % (p.key, c.key)] = {
                "id": c.key, "postId": p.key, "authorId": c.author, "authorName": who["name"],
                "authorUsername": who["username"], "authorProfileImageUrl": g.user(c.author).avatar,
                "authorRole": who["role"], "authorVerificationStatus": "unverified", "text": c.text,
                "parentCommentId": up, "repliesCount": sum(1 for k, v in parent.items() if v == c.key),
                "likesCount": 0, "isExpertAnswer": who["role"] == "expert", "isBestAnswer": False,
                "isActive": active, "createdAt": Timestamp(c.time.strftime("%Y-%m-%dT%H:%M:%SZ")),
                "voiceComment": None}
            if not active:
                docs["posts/%s/comments/%s" % (p.key, c.key)]["deletionReason"] = "posted by mistake"
            if c.author != p.owner:
                docs["users/%s/notifications/%s" % (p.owner, push_id(g.rng))] = {
                    "type": "comment", "actorId": c.author, "actorName": who["name"],
                    "actorUsername": who["username"], "actorProfileImageUrl": g.user(c.author).avatar,
                    "actorRole": who["role"], "actorVerificationStatus": "unverified", "postId": p.key,
                    "commentId": c.key, "postImageUrl": p.image, "isRead": False,
                    "createdAt": Timestamp(c.time.strftime("%Y-%m-%dT%H:%M:%SZ"))}
    # the post its author deleted: isActive false, still counted, still in every feed it reached
    when = g.posts[-1].time + datetime.timedelta(hours=5)
    fields = post_fields(None, deleted, deleter, DELETED_CAPTION, when, 0, 0, active=True)
    docs["posts/" + deleted] = dict(fields, isActive=False)
    for r in recipients(deleter):
        docs["users/%s/feed/%s" % (r, deleted)] = fields
    # stories beside the posts: one map of media, views by user
    for i, u in enumerate(g.users[:4]):
        key = push_id(g.rng)
        made = g.posts[-1].time + datetime.timedelta(hours=i)
        viewers = [v for v in g.followers(u.uid)][:2]
        docs["stories/" + key] = {
            "id": key, "authorId": u.uid, "authorName": ppl[u.uid]["name"], "authorUsername": ppl[u.uid]["username"],
            "authorProfileImageUrl": u.avatar, "authorRole": ppl[u.uid]["role"],
            "authorVerificationStatus": "unverified",
            "media": {"url": "https://example.com/stories/%d.jpg" % i, "type": "image", "thumbnailUrl": ""},
            "visibility": "public", "viewsCount": len(viewers), "likesCount": 0, "isActive": True,
            "textOverlay": {"text": "Mandi rates today", "position": {"x": 0.5, "y": 0.3}},
            "createdAt": Timestamp(made.strftime("%Y-%m-%dT%H:%M:%SZ")),
            "expiresAt": Timestamp((made + datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ"))}
        for v in viewers:
            docs["stories/%s/views/%s" % (key, v)] = {
                "id": v, "viewedAt": Timestamp((made + datetime.timedelta(minutes=5)).strftime("%Y-%m-%dT%H:%M:%SZ"))}
    return docs


def truth():
    g = GRAPH
    doubled, deleter, commented, deleted = drift()
    findings = [{"code": "like_count_mismatch", "path": "posts/%s/likesCount" % doubled.key},
                {"code": "post_count_mismatch", "path": "users/%s/postsCount" % deleter}]
    findings += [{"code": "timeline_stale", "path": "users/%s/feed/%s" % (r, deleted)} for r in recipients(deleter)]
    for p in g.posts:
        if p.likes or p.comments:
            findings += [{"code": "timeline_copy_mismatch", "path": "users/%s/feed/%s" % (r, p.key)}
                         for r in recipients(p.owner)]
    t = g.truth(findings, hidden=[people()[u.uid]["phone"] for u in g.users] + [DELETED_CAPTION, DELETED_COMMENT])
    return t

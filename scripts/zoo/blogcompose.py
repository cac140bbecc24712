"""Hcnc100/BlogCompose: a Kotlin (Jetpack Compose) photo blog, Cloud Firestore, commented in
Spanish. Users `users/<uid>` as AuthDataSourceImpl.createNewUser sets an AuthUser (its `id`
and `token` are @get:Exclude): {name, urlImg, timeCreate, timeUpdate} (server
timestamps); updateDataUser later updates `name`, `urlImg` and `timeUpdate` there and
nowhere else. The FCM tokens are a root of their own, `tokens/<uid>` {tokens: {<token>:
{timeCreate}}}: each token is a map key.

A post (UploadDataServices.createNewPost, PostRemoteDataSourceImpl.addNewPost) is
`posts/<UUID>` set from the Post class: {description, urlImage, numberComments,
numberLikes, userPoster: {idUser, name, urlImg} (the poster as the phone held them),
timestamp (@ServerTimestamp)}; `id` and `ownerLike` are excluded. Every query of a user's
posts is `whereEqualTo("userPoster.idUser", …)`: the owner is only that id in the map.
Likes are one document per post in a root of their own, `likePost/<postId>` {likes:
[uids]}, written with the counter in one transaction (updateLikes: arrayUnion or
arrayRemove of the liker, `numberLikes` incremented or decremented); an unlike leaves
`{likes: []}`. Comments are `comments/<postId>/listComments/<UUID>` {userComment: {idUser,
name, urlImg}, comment, timestamp}, `numberComments` incremented in the same transaction
(addNewComment). Each like or comment by another user adds `notifications/<owner>/
listNotify/<UUID>` {userInNotify: {idUser, name, urlImg}, idPost, urlImgPost, timestamp,
isOpen, type: "LIKE" | "COMMENT"}. No follows; deleterPost is never called (its one
caller is commented out).

Covers: the owner named only by `idUser` inside a map in the post (a name that is
neither `id` nor `uid`), the comment's author likewise; likes as an array in a document
per post of another root; comments in a subcollection of a root keyed by post; counters
kept in transactions; FCM tokens as map keys (hidden); notifications beside the graph.

Drift, as the app suffers it: updateLikes is sent `isLiked = !post.ownerLike` from the
phone's Room cache; a post the user had already liked on another phone showed as not
liked, so the second like's arrayUnion changed nothing while `numberLikes` still went up
(like_count_mismatch); a user renamed themself (updateDataUser) after posting: the
`userPoster.name` of their older posts keeps the old name (poster_mismatch at the copy;
their older comments' and notifications' copies keep it too, which no rule checks).
"""
import datetime
import random
import uuid

from _graph import Graph, iso, uuid4, uuid_keys
from firestore_emulator import Timestamp

APP = {
    "name": "blogcompose",
    "repo": "Hcnc100/BlogCompose",
    "files": ["app/src/main/java/com/nullpointer/blogcompose/data/remote/FirebaseConstants.kt",
              "app/src/main/java/com/nullpointer/blogcompose/data/remote/auth/AuthDataSourceImpl.kt (createNewUser, addingTokenUser, updateDataUser, deleteTokenAuth)",
              "app/src/main/java/com/nullpointer/blogcompose/data/remote/post/PostRemoteDataSourceImpl.kt (addNewPost, deleterPost, updateLikes, isPostLiked)",
              "app/src/main/java/com/nullpointer/blogcompose/data/remote/comment/CommentsDataSourceImpl.kt (addNewComment)",
              "app/src/main/java/com/nullpointer/blogcompose/data/remote/notify/NotifyRemoteDataSourceImpl.kt (updateOpenNotify)",
              "app/src/main/java/com/nullpointer/blogcompose/domain/post/PostRepoImpl.kt (updateLikePost, createLikeNotify, addNewPost)",
              "app/src/main/java/com/nullpointer/blogcompose/domain/comment/CommentsRepoImpl.kt (addNewComment, createNewComment, createCommentNotify)",
              "app/src/main/java/com/nullpointer/blogcompose/services/uploadImg/UploadDataServices.kt (createNewPost, uploadImageProfile)",
              "app/src/main/java/com/nullpointer/blogcompose/presentation/PostViewModel.kt (deleterPostInvalid)",
              "app/src/main/java/com/nullpointer/blogcompose/models/posts/Post.kt",
              "app/src/main/java/com/nullpointer/blogcompose/models/users/SimpleUser.kt",
              "app/src/main/java/com/nullpointer/blogcompose/models/users/AuthUser.kt",
              "app/src/main/java/com/nullpointer/blogcompose/models/Comment.kt",
              "app/src/main/java/com/nullpointer/blogcompose/models/notify/Notify.kt"],
    "database": "firestore",
    "layout": "users {name, urlImg}; flat posts/<UUID> {description, urlImage, numberLikes, numberComments, userPoster: {idUser, name, urlImg}}; likePost/<post> {likes: [uids]}; comments/*/listComments {userComment: {idUser, …}, comment}; tokens as map keys; notifications/*/listNotify; no follows",
}

GRAPH = Graph(seed=612, users=10, posts=24)
_rng = random.Random(61200)


def _uuid():
    return uuid4(_rng)


uuid_keys(GRAPH, _rng)
BUCKET = "https://firebasestorage.googleapis.com/v0/b/blogcompose-4e2a1.appspot.com/o/"
TOKENS = {u.uid: ["".join(_rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
                          for _ in range(11)) + ":APA91b" +
                  "".join(_rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
                          for _ in range(134)) for _ in range(1 + i % 2)] for i, u in enumerate(GRAPH.users)}


def avatar(u):
    return BUCKET + "imgUsers%%2F%s?alt=media&token=%s" % (u.uid, uuid.UUID(int=int.from_bytes(u.uid.encode()[:16], "big"), version=4))


def photo(p):
    return BUCKET + "imgPost%%2F%s%%2F%s?alt=media" % (p.owner, p.key)


def renamed():
    """The user who renamed themself, the old name, and their posts written before."""
    g = GRAPH
    u = next(u for u in g.users if sum(1 for p in g.posts if p.owner == u.uid) >= 3)
    mine = [p for p in g.posts if p.owner == u.uid]
    return u, u.name.split()[0] + " (old)", mine[:2]


def stale_like():
    """The post whose numberLikes went up on a like the array already held."""
    return next(p for p in GRAPH.posts[3:] if p.likes)


def unliked():
    """A post liked once then unliked: its likePost document holds an empty array."""
    return next(p for p in GRAPH.posts if not p.likes)


def simple(u, name=None):
    return {"idUser": u.uid, "name": name or u.name, "urlImg": avatar(u)}


def documents():
    g = GRAPH
    docs = {}
    who, old, before = renamed()
    start = g.posts[0].time - datetime.timedelta(days=3)
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {"name": u.name, "urlImg": avatar(u) if i % 4 != 3 else "",
                                  "timeCreate": Timestamp(iso(start + datetime.timedelta(hours=i))),
                                  "timeUpdate": Timestamp(iso(start + datetime.timedelta(hours=i)))}
        docs["tokens/" + u.uid] = {"tokens": {t: {"timeCreate": Timestamp(iso(start + datetime.timedelta(hours=i, minutes=k)))}
                                              for k, t in enumerate(TOKENS[u.uid])}}
    docs["users/" + who.uid]["timeUpdate"] = Timestamp(iso(before[-1].time + datetime.timedelta(days=1)))
    for p in g.posts:
        owner = g.user(p.owner)
        stale = p in before
        docs["posts/" + p.key] = {"description": p.caption, "urlImage": photo(p), "numberComments": len(p.comments),
                                  "numberLikes": len(p.likes), "userPoster": simple(owner, old if stale else None),
                                  "timestamp": Timestamp(iso(p.time))}
        if p.likes:
            docs["likePost/" + p.key] = {"likes": sorted(p.likes)}
        for u in sorted(p.likes):
            if u != p.owner:
                docs["notifications/%s/listNotify/%s" % (p.owner, _uuid())] = {
                    "userInNotify": simple(g.user(u), old if u == who.uid and stale else None), "idPost": p.key,
                    "urlImgPost": photo(p), "timestamp": Timestamp(iso(p.time + datetime.timedelta(hours=1))),
                    "isOpen": p.time.day % 2 == 0, "type": "LIKE"}
        for c in p.comments:
            early = c.author == who.uid and c.time < before[-1].time + datetime.timedelta(days=1)
            author = g.user(c.author)
            docs["comments/%s/listComments/%s" % (p.key, c.key)] = {
                "userComment": simple(author, old if early else None), "comment": c.text,
                "timestamp": Timestamp(iso(c.time))}
            if c.author != p.owner:
                docs["notifications/%s/listNotify/%s" % (p.owner, _uuid())] = {
                    "userInNotify": simple(author, old if early else None), "idPost": p.key, "urlImgPost": photo(p),
                    "timestamp": Timestamp(iso(c.time)), "isOpen": False, "type": "COMMENT"}
    docs["likePost/" + unliked().key] = {"likes": []}
    # drift: a like sent from a stale cache: the array unchanged, the counter one higher
    docs["posts/" + stale_like().key]["numberLikes"] += 1
    return docs


def truth():
    g = GRAPH
    who, old, before = renamed()
    findings = [{"code": "like_count_mismatch", "path": "posts/%s/numberLikes" % stale_like().key}]
    findings += [{"code": "poster_mismatch", "path": "posts/%s/userPoster/name" % p.key} for p in before]
    return g.truth(findings, follows=False, hidden=[t for ts in TOKENS.values() for t in ts])

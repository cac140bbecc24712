"""ges259/InstagramMVVM: UIKit (Swift, MVVM), Realtime Database, commented in Korean.
Every role is one level down under a root named for its kind (Utils/DBString.swift):
users `users/user-info/<uid>` {uid, email, fullName, userName, profileImgUrl}
(AuthService.register); the liked posts `users/user-like-posts/<uid>/<postId>: 1`;
posts flat `posts/post-feed/<autoId>` {caption, timeStamp (Int seconds), likes (a
counter), postImageUrl, postOwnerUid, ownerImageURL, ownerUserName} with the likers
inside, `post-like-users/<uid>: 1`, and the comments inside, `comment/<autoId>`
{comment, uid, timeStamp, userName, profileImgUrl} (CommentService.uploadComment); the
user's post index `posts/post-userName/<uid>/<postId>: 1`, written BEFORE the post
(PostService.uploadPost writes the post in the index write's completion). Follows are
two roots whose names are swapped in the constants: `FOLLOWING_REF =
child("followers")`, `FOLLOWERS_REF = child("following")`, so UserService.follow writes
`followers/<me>/<them>: 1` (whom I follow) then `following/<them>/<me>: 1` (my
followers), and fetchUserStats counts them so. Likes (PostService.likePost) write
`likes: post.likes + 1` from the post as the feed loaded it, then `post-like-users/<uid>:
1`, then in its completion `users/user-like-posts/<uid>/<postId>: 1` (an owner may like
their own post). Notifications `notifications/<toUid>/user-notifications/<autoId>`
{timeStamp, type (0 like, 1 follow, 2 comment), notificationId, uid, profileImgUrl,
userName, postId, postImageUrl} for likes, comments and follows from a profile, never
to oneself (NotificationService.uploadNotification).

Covers: roles kept one level under a root named for their kind (`users/user-info`,
`posts/post-feed`); follow roots named for the other direction, both sides written (no
counter to tell); a like counter beside the likers in the post and a per-user mirror of
likes; comments inside the post with the text under `comment`; a post index written
before the post; notifications beside the graph.

Drift, as the app suffers it: two users liked one post from feeds loaded before either
like, both writing `likes: n + 1` (like_count_mismatch); a like whose
`user-like-posts` write failed after its `post-like-users` write (like_mirror_missing);
an upload whose post write never landed after its index write (user_post_stale).
"""
import random

from _graph import Graph, seconds, timed_push_id as push_id

APP = {
    "name": "ges259_instagram",
    "repo": "ges259/InstagramMVVM",
    "files": ["InstagramMVVM/Utils/DBString.swift (the root references and keys)",
              "InstagramMVVM/API/AuthService.swift (register)",
              "InstagramMVVM/API/PostService.swift (uploadPost, fetchFeedPost, fetchPostsWithUid, checkPostsLiked, likePost, unLikePost)",
              "InstagramMVVM/API/UserService.swift (follow, unFollow, checkIfUserIsFollowed, fetchUserStats)",
              "InstagramMVVM/API/CommentService.swift (uploadComment)",
              "InstagramMVVM/API/NotificationService.swift (uploadNotification, fetchNotifications)",
              "InstagramMVVM/Utils/Enum.swift (NotificationEnum)",
              "InstagramMVVM/Model/Post.swift", "InstagramMVVM/Model/User.swift", "InstagramMVVM/Model/Comment.swift",
              "InstagramMVVM/Model/Notification.swift",
              "InstagramMVVM/Controller/TabBar/FeedController.swift (the like button)",
              "InstagramMVVM/Controller/TabBar/ProfileController.swift (the follow button)",
              "InstagramMVVM/Controller/ConmmentController.swift (the comment)"],
    "database": "rtdb",
    "layout": "users/user-info/<uid> {userName, fullName}; users/user-like-posts/<uid>/<post>: 1; flat posts/post-feed/<id> {postOwnerUid, timeStamp s, likes counter, post-like-users {uid: 1}, comment/<id> {comment, uid}}; posts/post-userName/<uid>/<post>: 1 written first; followers/<a>/<b> and following/<b>/<a>: 1 named the other way; notifications/<uid>/user-notifications",
}

GRAPH = Graph(seed=259, users=10, posts=24)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)
GHOST = push_id(random.Random(2591), GRAPH.posts[-1].time.replace(hour=20))   # indexed, never written


def drift():
    g = GRAPH
    raced = next(p for p in g.posts[2:] if len(p.likes) >= 3)          # likes counter one short
    mirror_post = next(p for p in g.posts[7:] if p.likes and p is not raced)
    mirror_user = sorted(mirror_post.likes)[0]                       # its user-like-posts lost
    ghost_owner = g.posts[5].owner
    return raced, mirror_post, mirror_user, ghost_owner


def storage(kind, n):
    return "https://firebasestorage.googleapis.com/v0/b/instagrammvvm-8c2d1.appspot.com/o/%s%%2F%s?alt=media" % (kind, n)


def documents():
    g = GRAPH
    rng = random.Random(2590)
    raced, mirror_post, mirror_user, ghost_owner = drift()
    info, liked, feed, index, notes = {}, {}, {}, {}, {}
    photo = {u.uid: storage("profile_image", "%08X-%04X" % (rng.getrandbits(32), i)) for i, u in enumerate(g.users)}

    def notify(to, who, kind, time, post=None):
        if to == who:
            return
        key = push_id(rng, time)
        n = {"timeStamp": seconds(time), "type": kind, "notificationId": key, "uid": who,
             "profileImgUrl": photo[who], "userName": g.user(who).username}
        if post is not None:
            n["postId"], n["postImageUrl"] = post.key, post.image
        notes.setdefault(to, {"user-notifications": {}})["user-notifications"][key] = n

    for u in g.users:
        info[u.uid] = {"uid": u.uid, "email": u.email, "fullName": u.name, "userName": u.username,
                       "profileImgUrl": photo[u.uid]}
    followers, following = {}, {}
    for n, (a, b) in enumerate(sorted(g.follows)):
        followers.setdefault(a, {})[b] = 1          # FOLLOWING_REF = child("followers")
        following.setdefault(b, {})[a] = 1          # FOLLOWERS_REF = child("following")
        if n % 3 != 2:                              # from the profile screen (the notifications screen's follow-back sends none)
            notify(b, a, 1, g.posts[0].time.replace(day=1 + n % 27, hour=18))
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        p.image = storage("post_image", "%08X-%04X" % (rng.getrandbits(32), i))
        rec = {"caption": p.caption, "timeStamp": seconds(p.time), "likes": len(p.likes),
               "postImageUrl": p.image, "postOwnerUid": p.owner, "ownerImageURL": photo[p.owner],
               "ownerUserName": owner.username}
        if p.likes:
            rec["post-like-users"] = {x: 1 for x in sorted(p.likes)}
        for x in sorted(p.likes):
            liked.setdefault(x, {})[p.key] = 1
            notify(p.owner, x, 0, p.time.replace(hour=21), p)
        if p.comments:
            rec["comment"] = {}
        for c in p.comments:
            a = g.user(c.author)
            rec["comment"][c.key] = {"comment": c.text, "uid": c.author, "timeStamp": seconds(c.time),
                                     "userName": a.username, "profileImgUrl": photo[c.author]}
            notify(p.owner, c.author, 2, c.time, p)
        feed[p.key] = rec
        index.setdefault(p.owner, {})[p.key] = 1
    # drift: two likes from feeds loaded before either, both wrote likes: n + 1
    feed[raced.key]["likes"] -= 1
    # drift: the user-like-posts write of one like failed
    del liked[mirror_user][mirror_post.key]
    if not liked[mirror_user]:
        del liked[mirror_user]
    # drift: the index entry was written, the post never
    index[ghost_owner][GHOST] = 1
    return {"users": {"user-info": info, "user-like-posts": liked},
            "posts": {"post-feed": feed, "post-userName": index},
            "followers": followers, "following": following, "notifications": notes}


def truth():
    g = GRAPH
    raced, mirror_post, mirror_user, ghost_owner = drift()
    findings = [
        {"code": "like_count_mismatch", "path": "posts/post-feed/%s/likes" % raced.key},
        {"code": "like_mirror_missing", "path": "users/user-like-posts/%s/%s" % (mirror_user, mirror_post.key)},
        {"code": "user_post_stale", "path": "posts/post-userName/%s/%s" % (ghost_owner, GHOST)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])

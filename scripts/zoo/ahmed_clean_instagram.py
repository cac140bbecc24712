"""AhmedAbdoElhawary/flutter-clean-architecture-instagram: Flutter (bloc, clean architecture),
Firestore. Users keyed by auth uid {uid, userName, name, email, bio, profileImageUrl,
following: [uids], followers: [uids], posts: [post ids] (the index the profile reads),
stories: [story ids], chatsOfGroups, charactersOfName (every prefix of the name, for
search), numberOfNewNotifications, numberOfNewMessages, deviceToken, channelId,
lastThreePostUrls}. Flat posts `posts/<autoId>` {postUid (set by a second write),
publisherId, caption, datePublished (Dart's DateTime.now().toString(): "2021-03-01
09:00:00.000", local time, no zone), likes: [uids], comments: [comment ids], imagesUrls:
[every file], postUrl (the first), coverOfVideoUrl, isThatImage, isThatMix, aspectRatio (a
double), blurHash}: an album is several `imagesUrls`, a video post has `isThatImage: false`,
its mp4 in `postUrl` and a cover image. Comments flat in `comments/<autoId>` {commentUid,
postId, whoCommentId, theComment, datePublished, likes: [], replies: [reply ids]}, the
post's `comments` holding their ids; replies in `replies/<autoId>` {replyUid, postId,
parentCommentId, whoReplyId, theReply, datePublished, likes}. Stories `stories/<autoId>`
{storyUid, publisherId, storyUrl, caption, datePublished, likes, comments, isThatImage}.
Notifications in users/<uid>/notifications/<autoId>; chats in users/<uid>/chats/<other>
(the last message) with users/<uid>/chats/<other>/messages/<id>, one copy per side.

Covers: follows and likes as arrays of ids; a post index as an array in the user; comments
as root documents naming their post, with the post holding their ids; replies to comments
in a root of their own (not comments of the post: the app counts `comments` only); albums
and videos (imagesUrls, isThatImage: false with a cover); stories; notifications and chats
below the users (never published); times as Dart's DateTime.toString() text; a double
field (aspectRatio); emails and device tokens (hidden).

Drift, as the app suffers it:
- deletePost deletes the post document, then removes its id from every user's `posts`
  (removeUserPost): the second write lost, the id stays in the owner's index
  (user_post_stale; the app itself drops such ids when it meets them, getPostsInfo). The
  deleted post's comments, root documents naming it, stay (comment_dangling).
- the create page writes the post, then appends its id to the user's `posts`
  (updateUserPostsInfo) in a second call: lost for one post (user_post_missing).
- followThisUser updates the target's `followers`, then the follower's `following`: the
  second lost (follow_mirror_missing at the follower's `following`)."""
import datetime
import random

from _graph import Graph, push_id
from firestore_emulator import Double

APP = {
    "name": "ahmed_clean_instagram",
    "repo": "AhmedAbdoElhawary/flutter-clean-architecture-instagram",
    "files": ["lib/data/data_sources/remote/user/firestore_user_info.dart (createUser, updateUserPosts, "
              "removeUserPost, updateUserStories, followThisUser, unFollowThisUser)",
              "lib/data/data_sources/remote/post/firestore_post.dart (createPost, deletePost, getPostsInfo, "
              "putLikeOnThisPost, putCommentOnThisPost)",
              "lib/data/repositories_impl/post/firestore_post_repo_impl.dart (createPost: imagesUrls, "
              "coverOfVideoUrl, isThatMix)",
              "lib/data/data_sources/remote/post/comment/firestore_comment.dart (addComment, putReplyOnThisComment)",
              "lib/data/data_sources/remote/post/comment/firestore_reply.dart (replyOnThisComment)",
              "lib/data/data_sources/remote/story/firestore_story.dart (createStory)",
              "lib/data/data_sources/remote/notification/firebase_notification.dart (createNotification)",
              "lib/data/data_sources/remote/chat/single_chat.dart (sendMessage)",
              "lib/data/repositories_impl/firestore_user_repo_impl.dart (sendMessage)",
              "lib/data/models/child_classes/post/post.dart", "lib/data/models/child_classes/post/story.dart",
              "lib/data/models/parent_classes/without_sub_classes/user_personal_info.dart",
              "lib/data/models/parent_classes/without_sub_classes/comment.dart",
              "lib/data/models/parent_classes/without_sub_classes/message.dart",
              "lib/data/models/child_classes/notification.dart",
              "lib/core/functions/date_of_now.dart (dateOfNow)",
              "lib/presentation/pages/profile/create_post_page.dart (addPostInfo, updateUserPostsInfo)",
              "lib/presentation/pages/register/sign_up_page.dart (addNewUser)"],
    "database": "firestore",
    "layout": "users with follow arrays and posts[] index; flat posts likes[]/comments[] ids, imagesUrls albums, videos; root comments + replies; stories; users/*/notifications, users/*/chats/*/messages",
}

GRAPH = Graph(seed=61, users=12, posts=30)
_rng = random.Random(6100)


def _auto():
    return push_id(_rng)


for _p in GRAPH.posts:
    _p.key = _auto()
    for _c in _p.comments:
        _c.key = _auto()
DELETED = _auto()                       # deleted since: its comments and its index entry stayed
DELETED_COMMENTS = [_auto(), _auto()]
CHAT_TEXTS = ["are you at the market on saturday?", "yes, by the bread stall at ten"]


def dart_time(t):
    """DateTime.now().toString() on a device whose zone is UTC."""
    return t.strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % (t.microsecond // 1000)


def kind(i):
    """Every fifth post a video, every fourth an album of photos, the others one photo."""
    return "video" if i % 5 == 3 else ("album" if i % 4 == 1 else "photo")


def media(i, p):
    base = p.image.rsplit(".", 1)[0]
    if kind(i) == "video":
        return {"imagesUrls": [base + ".mp4"], "postUrl": base + ".mp4", "coverOfVideoUrl": base + "-cover.png",
                "isThatImage": False, "isThatMix": False}
    urls = [p.image] + (["%s-%d.jpg" % (base, k) for k in (1, 2)] if kind(i) == "album" else [])
    return {"imagesUrls": urls, "postUrl": urls[0], "coverOfVideoUrl": "", "isThatImage": True, "isThatMix": False}


def drift():
    g = GRAPH
    unindexed = next(p for p in g.posts[6:] if p.owner != g.users[0].uid)
    follower, followed = sorted(g.follows)[2]
    return unindexed, follower, followed


def documents():
    g = GRAPH
    unindexed, follower, followed = drift()
    docs = {}
    story_ids = {}
    for i, u in enumerate(g.users[:4]):
        sid = _auto()
        story_ids[u.uid] = [sid]
        docs["stories/" + sid] = {
            "caption": "", "datePublished": dart_time(g.posts[-1].time + datetime.timedelta(hours=i)),
            "publisherId": u.uid, "comments": [], "likes": [], "storyUid": sid,
            "storyUrl": "https://example.com/stories/%s.jpg" % u.username, "isThatImage": True, "blurHash": "LEHV6nWB2yk8"}
    for u in g.users:
        own = [p for p in g.posts if p.owner == u.uid]
        name = u.name.lower()
        docs["users/" + u.uid] = {
            "following": g.following(u.uid), "followers": g.followers(u.uid),
            "posts": [p.key for p in own if p is not unindexed], "chatsOfGroups": [],
            "stories": story_ids.get(u.uid, []), "name": u.name, "userName": u.username, "bio": u.bio,
            "email": u.email, "profileImageUrl": u.avatar,
            "charactersOfName": [name[:k + 1] for k in range(len(name))], "uid": u.uid,
            "numberOfNewNotifications": 0, "numberOfNewMessages": 0, "deviceToken": "fcm-" + u.uid[:12],
            "channelId": "", "lastThreePostUrls": [p.image for p in own[-3:]],
        }
    for i, p in enumerate(g.posts):
        docs["posts/" + p.key] = dict(media(i, p), **{
            "caption": p.caption, "datePublished": dart_time(p.time), "publisherId": p.owner,
            "comments": [c.key for c in p.comments], "aspectRatio": Double(1.0 if i % 2 else 0.8),
            "blurHash": "LKO2?U%2Tw=w", "likes": sorted(p.likes), "postUid": p.key})
        for c in p.comments:
            docs["comments/" + c.key] = {
                "datePublished": dart_time(c.time), "theComment": c.text, "commentUid": c.key, "postId": p.key,
                "whoCommentId": c.author, "likes": [], "replies": []}
        for u in sorted(p.likes):
            if u != p.owner:
                n = _auto()
                docs["users/%s/notifications/%s" % (p.owner, n)] = {
                    "text": "liked your post.", "time": dart_time(p.time + datetime.timedelta(hours=3)),
                    "receiverId": p.owner, "personalUserName": g.user(u).username, "postImageUrl": p.image,
                    "isThatPost": True, "personalProfileImageUrl": g.user(u).avatar, "postId": p.key,
                    "senderId": u, "isThatLike": True, "senderName": g.user(u).name, "notificationUid": n}
    # a reply to the first comment of two posts: kept in `replies`, named in the comment's `replies`
    for p in [p for p in g.posts if p.comments][:2]:
        c = p.comments[0]
        rid = _auto()
        author = g.users[(g.users.index(g.user(c.author)) + 1) % len(g.users)].uid
        docs["replies/" + rid] = {"whoReplyId": author, "datePublished": dart_time(c.time + datetime.timedelta(minutes=20)),
                                  "theReply": "agreed, %s" % c.text, "parentCommentId": c.key, "postId": p.key,
                                  "replyUid": rid, "likes": []}
        docs["comments/" + c.key]["replies"] = [rid]
    # a chat between the first two users, one copy on each side
    a, b = g.users[0], g.users[1]
    for k, text in enumerate(CHAT_TEXTS):
        sender, receiver = (a, b) if k == 0 else (b, a)
        mid = _auto()
        message = {"datePublished": dart_time(g.posts[8].time + datetime.timedelta(minutes=k)), "message": text,
                   "receiversIds": [receiver.uid], "senderId": sender.uid, "blurHash": "", "imageUrl": "",
                   "recordedUrl": "", "isThatImage": False, "isThatPost": False, "postId": "",
                   "ownerOfSharedPostId": "", "multiImages": False, "isThatVideo": False, "chatOfGroupId": "",
                   "isThatGroup": False, "isThatRecord": False, "lengthOfRecord": 0}
        for owner, other in ((sender, receiver), (receiver, sender)):
            docs["users/%s/chats/%s" % (owner.uid, other.uid)] = dict(message)
            docs["users/%s/chats/%s/messages/%s" % (owner.uid, other.uid, mid)] = dict(message, messageUid=mid)
    # drift 1: a deleted post: its id left in the owner's index, its comments left in the root.
    owner = g.users[2]
    docs["users/" + owner.uid]["posts"].append(DELETED)
    for key, author in zip(DELETED_COMMENTS, (g.users[4].uid, g.users[5].uid)):
        docs["comments/" + key] = {"datePublished": "2021-02-20 10:00:00.000", "theComment": "what a view",
                                   "commentUid": key, "postId": DELETED, "whoCommentId": author, "likes": [],
                                   "replies": []}
    # drift 2: unindexed (left out of the owner's `posts` above).
    # drift 3: the follower's `following` lost the followed user.
    docs["users/" + follower]["following"].remove(followed)
    return docs


def truth():
    g = GRAPH
    unindexed, follower, followed = drift()
    findings = [
        {"code": "user_post_stale", "path": "users/%s/posts/%s" % (g.users[2].uid, DELETED)},
        {"code": "comment_dangling", "path": "comments/" + DELETED_COMMENTS[0]},
        {"code": "comment_dangling", "path": "comments/" + DELETED_COMMENTS[1]},
        {"code": "user_post_missing", "path": "users/%s/posts/%s" % (unindexed.owner, unindexed.key)},
        {"code": "follow_mirror_missing", "path": "users/%s/following/%s" % (follower, followed)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users] + CHAT_TEXTS + ["fcm-" + u.uid[:12] for u in g.users])

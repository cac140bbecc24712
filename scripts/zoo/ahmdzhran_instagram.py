"""ahmdZhran/instagram_clone: a Flutter app (clean architecture, cubits) on Cloud
Firestore, read on its newest branch (fetch_reels, July 2025). `users/<uid>` {uid, email,
name, password (in clear), user_name, bio, profile_image, following: [uids], followers:
[uids]}; flat `posts/<id>` where the id is `DateTime.now().millisecondsSinceEpoch` as
text, {id, userId, user_name, user_profile_image (copies), description, imageUrl, likes:
[uids], device_token (the poster's FCM token), timestamp}; comments in
`posts/<id>/comments/<id>` {commentId, profilePic, username, commentText, dateOfComment
(Dart's `DateTime.now().toIso8601String()`: local time, no zone), uid}; reels apart in
`Reels/<id>` with the posts' very shape and a `videoUrl`; stories in `stories/<autoId>`
{imageUrl, userId, timestamp}. The profile's grid is `posts` where userId (the reels have
their own tab).

Covers: reels (videos) in a collection of their own shaped like the posts; stories
beside the graph; follows as arrays of ids in the users; likes as arrays of ids in the
posts; comments in a subcollection with times as ISO text without a zone; ids made of
milliseconds; passwords, emails and device tokens in the documents (hidden).

Drift, as the app suffers it:
- PostRepositoryImpl.deletePost deletes the post document alone: its comments
  subcollection stays (comment_dangling at posts/<id>/comments);
- followUser updates the follower's `following`, then the target's `followers`; the
  second write lost: follow_mirror_missing at the target's `followers`.

The reels are written as the app writes them and are not in the truth's posts (the
profile's grid is the posts; whether a site shows reels is issue 38's videos).
"""
import datetime

from _graph import Graph, iso, millis, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "ahmdzhran_instagram",
    "repo": "ahmdZhran/instagram_clone",
    "files": ["lib/features/auth/data/repositories/auth_repository.dart (createUserWithEmailAndPassword)",
              "lib/features/auth/data/models/user_data_model.dart (toJson)",
              "lib/features/posts/data/models/post_model.dart, lib/features/reels/data/models/reel_model.dart (toJson)",
              "lib/features/posts/data/repositories/post_repository_impl.dart (createPost, deletePost, createReel)",
              "lib/features/posts/presentation/screens/add_description_and_upload_post_screen.dart (the post id)",
              "lib/features/home/data/repositories/home_repository_impl.dart (toggleLikedPost, addComment, deleteComment)",
              "lib/features/home/data/models/comment_model.dart (toJson)",
              "lib/features/home/data/repositories/story_services.dart (uploadStory)",
              "lib/features/profile/data/data_source/remote/user_remote_data_source.dart (getUserPosts, followUser, unFollowUser)"],
    "database": "firestore",
    "layout": "users {user_name, following[], followers[], password}; flat posts/<ms> {userId, likes[], device_token}; posts/*/comments {uid, dateOfComment ISO text}; Reels/<ms> shaped as posts with videoUrl; stories",
    "notes": "reels (videos) in Reels/ are not in the truth's posts: the profile's grid is the posts",
}

GRAPH = Graph(seed=812, users=10, posts=24)
GONE_POST = "1617000000000"
EET = datetime.timezone(datetime.timedelta(hours=3))


def dart_iso(time):
    """DateTime.now().toIso8601String(): the phone's local time (UTC+3), no zone."""
    return time.astimezone(EET).strftime("%Y-%m-%dT%H:%M:%S.%f")


def lost():
    return sorted(GRAPH.follows)[4]


def documents():
    g = GRAPH
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {"uid": u.uid, "email": u.email, "name": u.name, "password": "secret-%s" % u.username,
                                  "user_name": u.username, "bio": u.bio, "profile_image": u.avatar,
                                  "following": g.following(u.uid), "followers": g.followers(u.uid)}
    for p in g.posts:
        owner = g.user(p.owner)
        key = str(millis(p.time))
        docs["posts/" + key] = {"user_name": owner.username, "id": key, "userId": p.owner, "likes": sorted(p.likes),
                                "device_token": "fcm-%s" % owner.username, "description": p.caption,
                                "imageUrl": p.image, "timestamp": Timestamp(iso(p.time)),
                                "user_profile_image": owner.avatar}
        for c in p.comments:
            author = g.user(c.author)
            cid = str(millis(c.time))
            docs["posts/%s/comments/%s" % (key, cid)] = {
                "commentId": cid, "profilePic": author.avatar, "username": author.username,
                "commentText": c.text, "dateOfComment": dart_iso(c.time), "uid": c.author}
    for i, u in enumerate(g.users[:5]):
        when = g.posts[3 * i].time + datetime.timedelta(hours=7)
        key = str(millis(when))
        docs["Reels/" + key] = {"user_name": u.username, "id": key, "userId": u.uid,
                                "likes": [v.uid for v in g.users[i + 1:i + 3]], "device_token": "fcm-%s" % u.username,
                                "description": "reel %d" % i, "videoUrl": "https://example.com/reels/%d.mp4" % i,
                                "timestamp": Timestamp(iso(when)), "user_profile_image": u.avatar}
        docs["stories/" + push_id(g.rng)] = {"imageUrl": "https://example.com/stories/%s.jpg" % u.username,
                                             "userId": u.uid, "timestamp": Timestamp(iso(when))}
    # drift 1: the post deleted alone; its comments stay.
    for j, author in enumerate(g.users[:2]):
        cid = str(int(GONE_POST) + 60000 * (j + 1))
        docs["posts/%s/comments/%s" % (GONE_POST, cid)] = {
            "commentId": cid, "profilePic": author.avatar, "username": author.username, "commentText": "nice %d" % j,
            "dateOfComment": "2021-03-29T10:0%d:00.000" % j, "uid": author.uid}
    # drift 2: the target's followers update lost.
    follower, followed = lost()
    docs["users/" + followed]["followers"].remove(follower)
    return docs


def post_key(p):
    return str(millis(p.time))


def truth():
    g = GRAPH
    follower, followed = lost()
    t = g.truth([
        {"code": "comment_dangling", "path": "posts/%s/comments" % GONE_POST},
        {"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (followed, follower)},
    ], hidden=[u.email for u in g.users] + ["secret-" + u.username for u in g.users]
       + ["fcm-" + u.username for u in g.users])
    t["posts"] = {post_key(p): t["posts"][p.key] for p in g.posts}
    return t

"""anwachuku15/social: a React web app whose data is written by an Express API in Cloud
Functions (functions/handlers/*.js, Classsed's "socialape" course grown with follows),
Cloud Firestore. Users keyed by HANDLE: `users/<handle>` {handle, email, userId,
createdAt, imageUrl, bio, website, location, following, followers (counters, read,
incremented and written back by the API)}; flat `posts/<autoId>` {body, userHandle,
userImage (a copy), createdAt, likeCount, commentCount}: posts of text; root
`comments/<autoId>` {body, createdAt, postId, userHandle, userImage}; root
`likes/<autoId>` {postId, userHandle, createdAt, userImage}; root `follows/<autoId>`
{followed, follower (handles), followerImage, dateFollowed}; `notifications/<like or
comment id>` {recipient, sender, type, read, postId, createdAt} by triggers. Every time
is `new Date().toISOString()` text.

Covers: users keyed by username; follows as root documents holding the two handles;
likes as root documents holding a post id and a handle; comments as a root collection;
counters as ints in the users (followers, following) and in the posts (likeCount,
commentCount); times as ISO text; notifications beside the graph; posts of text.

Drift, as the app suffers it:
- likePost reads the post, adds the like document, then writes likeCount + 1 from what
  it read: two likes at once left likeCount one behind (like_count_mismatch);
- followUser adds the follow, then increments the counters in promises it does not wait
  for: one follower count lost (follower_count_mismatch).
"""
import datetime

from _graph import Graph, push_id

APP = {
    "name": "anwachuku_social",
    "repo": "anwachuku15/social",
    "files": ["functions/handlers/users.js (signup, addUserDetails, followUser, unfollowUser, uploadImage)",
              "functions/handlers/posts.js (createPost, commentOnPost, likePost, unlikePost, deletePost)",
              "functions/index.js (createNotificationOnLike, createNotificationOnComment, onUserImageChange, onPostDelete)",
              "functions/dbschema.js"],
    "database": "firestore",
    "layout": "users/<handle> {followers, following counters}; flat posts of text {userHandle, likeCount, commentCount}; root comments, likes {postId, userHandle}; follows {follower, followed}; notifications; ISO text times",
}

GRAPH = Graph(seed=813, users=11, posts=26)


def ts(time):
    return time.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (time.microsecond // 1000)


def drift():
    g = GRAPH
    raced = next(p for p in g.posts[6:] if len(p.likes) >= 2)
    uncounted = next(u for u in g.users[3:] if g.followers(u.uid))
    return raced, uncounted


def documents():
    g = GRAPH
    h = lambda uid: g.user(uid).username
    raced, uncounted = drift()
    rng = g.rng
    start = g.posts[0].time - datetime.timedelta(days=30)
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.username] = {
            "handle": u.username, "email": u.email, "userId": u.uid, "createdAt": ts(start + datetime.timedelta(hours=i)),
            "imageUrl": u.avatar, "bio": u.bio, "website": "https://%s.example.com" % u.username, "location": "Maryland, US",
            "following": len(g.following(u.uid)), "followers": len(g.followers(u.uid)) - (u is uncounted)}
    for n, (a, b) in enumerate(sorted(g.follows)):
        docs["follows/" + push_id(rng)] = {"followed": h(b), "follower": h(a), "followerImage": g.user(a).avatar,
                                           "dateFollowed": ts(start + datetime.timedelta(days=1, minutes=n))}
    for p in g.posts:
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {"body": p.caption, "userHandle": owner.username, "userImage": owner.avatar,
                                  "createdAt": ts(p.time), "likeCount": len(p.likes) - (p is raced),
                                  "commentCount": len(p.comments)}
        for c in p.comments:
            docs["comments/" + c.key] = {"body": c.text, "createdAt": ts(c.time), "postId": p.key,
                                         "userHandle": h(c.author), "userImage": g.user(c.author).avatar}
            if c.author != p.owner:
                docs["notifications/" + c.key] = {"createdAt": ts(c.time), "recipient": owner.username,
                                                  "sender": h(c.author), "type": "comment", "read": False,
                                                  "postId": p.key}
        for j, u in enumerate(sorted(p.likes)):
            key = push_id(rng)
            when = ts(p.time + datetime.timedelta(minutes=30 + j))
            docs["likes/" + key] = {"postId": p.key, "userHandle": h(u), "createdAt": when,
                                    "userImage": g.user(u).avatar}
            if u != p.owner:
                docs["notifications/" + key] = {"createdAt": when, "recipient": owner.username, "sender": h(u),
                                                "type": "like", "read": True, "postId": p.key}
    return docs


def truth():
    g = GRAPH
    raced, uncounted = drift()
    return g.truth([
        {"code": "like_count_mismatch", "path": "posts/%s/likeCount" % raced.key},
        {"code": "follower_count_mismatch", "path": "users/%s/followers" % uncounted.username},
    ], profile_key=lambda u: u.username, hidden=[u.email for u in g.users])

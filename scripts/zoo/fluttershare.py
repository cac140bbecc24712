"""arslankaleem7229/flutterShare: the FlutterShare course app (Flutter, Firestore, Cloud
Functions). Users keyed by Google sign-in id; posts grouped by owner in
posts/<owner>/userPosts/<id> with a likes map {uid: true|false} (false: an unlike);
follows as subcollections of empty documents (followers/<u>/userFollowers/<f>,
following/<u>/userFollowing/<v>); a timeline of full copies of the posts of everyone the
reader follows, never the reader's own (timeline/<u>/timelinePosts/<id>, written by
upload.dart, profile.dart and the functions); comments keyed by post
(comments/<postId>/comments/<id>); an activity feed feed/<u>/feedItems (never published).

Covers: a timeline of full copies without the reader's own posts; likes as maps with
false; follows as subcollections of empty documents; times as timestamps; an activity feed.

Drift, as the app suffers it: a post whose follower loop failed for one follower (a
missing copy); a like the loop in handleLikePost never wrote into one copy (an outdated
copy); a post whose delete (Post.deletePost) removed the post but not one follower's
copy nor its comments."""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "fluttershare",
    "repo": "arslankaleem7229/flutterShare",
    "files": ["lib/pages/home.dart (createUserInFirestore)", "lib/pages/upload.dart (createPostInFirestore)",
              "lib/widgets/post.dart (handleLikePost, addLikeToActivityFeed, deletePost)",
              "lib/pages/comments.dart (addComment, addCommentsinActivityFeed)",
              "lib/pages/profile.dart (handleFollowUser, handleUnfollowUser)",
              "functions/index.js (onCreateFollower, onDeleteFollower, onCreatePost, onUpdatePost, onDeletePost)"],
    "database": "firestore",
    "layout": "posts/*/userPosts with likes maps; followers/*/userFollowers; timeline/*/timelinePosts copies; feed/*/feedItems",
}

GRAPH = Graph(seed=36, users=12, posts=30, uid=lambda rng, i, name: str(100000000000000000000 + rng.randrange(10**20)))


def post_fields(g, p, likes=None):
    owner = g.user(p.owner)
    return {
        "postId": p.key, "ownerId": p.owner, "username": owner.username, "mediaURL": p.image,
        "description": p.caption, "location": "", "timestamp": Timestamp(iso(p.time)),
        "likes": dict(likes if likes is not None else {u: True for u in sorted(p.likes)}),
    }


def drift(g):
    """(reader missing a copy, its post), (reader with an outdated copy, post, liker), the deleted post's key
    and its owner's follower whose copy was left behind."""
    pairs = sorted((a, p.key) for p in g.posts for a, b in g.follows if b == p.owner)
    missing = pairs[0]
    outdated = next((r, k) for r, k in pairs[1:] if k != missing[1] and g.posts_by_key[k].likes)
    liker = sorted(g.posts_by_key[outdated[1]].likes)[0]
    return missing, outdated + (liker,)


def documents():
    g = GRAPH
    g.posts_by_key = {p.key: p for p in g.posts}
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {
            "id": u.uid, "email": u.email, "photoURL": u.avatar, "displayname": u.name, "username": u.username,
            "bio": u.bio, "timestamp": Timestamp(iso(g.posts[0].time.replace(hour=8, minute=i))),
        }
    for a, b in sorted(g.follows):
        docs["followers/%s/userFollowers/%s" % (b, a)] = {}
        docs["following/%s/userFollowing/%s" % (a, b)] = {}
        docs["feed/%s/feedItems/%s" % (b, a)] = {
            "postId": None, "userProfileImg": g.user(a).avatar, "ownerId": b, "type": "follow",
            "timeStamp": Timestamp(iso(g.posts[0].time)), "userId": a, "username": g.user(a).username,
            "mediaUrl": None, "commentData": None,
        }
    rng = g.rng
    for p in g.posts:
        likes = {u: True for u in sorted(p.likes)}
        # an unlike leaves false behind (handleLikePost): not a like.
        others = [u.uid for u in g.users if u.uid not in p.likes]
        if others and rng.random() < 0.3:
            likes[rng.choice(others)] = False
        fields = post_fields(g, p, likes)
        docs["posts/%s/userPosts/%s" % (p.owner, p.key)] = fields
        for reader in g.followers(p.owner):
            docs["timeline/%s/timelinePosts/%s" % (reader, p.key)] = post_fields(g, p, likes)
        for u in sorted(p.likes):
            if u != p.owner:
                docs["feed/%s/feedItems/%s" % (p.owner, p.key + "-" + u[-4:])] = {
                    "commentData": None, "type": "like", "username": g.user(u).username, "userId": u,
                    "userProfileImg": g.user(u).avatar, "postId": p.key, "mediaUrl": p.image,
                    "timeStamp": Timestamp(iso(p.time)),
                }
        for c in p.comments:
            author = g.user(c.author)
            docs["comments/%s/comments/%s" % (p.key, c.key)] = {
                "username": author.username, "comment": c.text, "timestamp": Timestamp(iso(c.time)),
                "avatarUrl": author.avatar, "userId": c.author,
            }
            if c.author != p.owner:
                docs["feed/%s/feedItems/%s" % (p.owner, c.key)] = {
                    "type": "comment", "commentData": c.text, "username": author.username, "userId": c.author,
                    "userProfileImg": author.avatar, "postId": p.key, "mediaUrl": p.image,
                    "timeStamp": Timestamp(iso(c.time)),
                }
    (reader, key), (reader2, key2, liker) = drift(g)
    # drift 1: onCreatePost's loop never reached one follower.
    del docs["timeline/%s/timelinePosts/%s" % (reader, key)]
    # drift 2: a like written to the post and not into one follower's copy.
    del docs["timeline/%s/timelinePosts/%s" % (reader2, key2)]["likes"][liker]
    # drift 3: a deleted post (deletePost) whose comments and one follower's copy stayed.
    deleted, owner, follower, comments = deleted_post(g)
    docs["timeline/%s/timelinePosts/%s" % (follower, deleted)] = {
        "postId": deleted, "ownerId": owner, "username": g.user(owner).username,
        "mediaURL": "https://example.com/photos/deleted.jpg", "description": "The old harbour",
        "location": "", "timestamp": Timestamp("2021-02-20T09:00:00Z"), "likes": {},
    }
    for key3, author in comments:
        docs["comments/%s/comments/%s" % (deleted, key3)] = {
            "username": g.user(author).username, "comment": "lovely light", "timestamp": Timestamp("2021-02-20T10:00:00Z"),
            "avatarUrl": g.user(author).avatar, "userId": author,
        }
    return docs


def deleted_post(g):
    rng = __import__("random").Random(360)
    owner, follower = sorted(g.follows)[3][1], sorted(g.follows)[3][0]
    return push_id(rng), owner, follower, [(push_id(rng), g.users[2].uid), (push_id(rng), g.users[5].uid)]


def truth():
    g = GRAPH
    g.posts_by_key = {p.key: p for p in g.posts}
    (reader, key), (reader2, key2, liker) = drift(g)
    deleted, owner, follower, _ = deleted_post(g)
    findings = [
        {"code": "timeline_missing", "path": "timeline/%s/timelinePosts/%s" % (reader, key)},
        {"code": "timeline_copy_mismatch", "path": "timeline/%s/timelinePosts/%s" % (reader2, key2)},
        {"code": "timeline_stale", "path": "timeline/%s/timelinePosts/%s" % (follower, deleted)},
        {"code": "comment_dangling", "path": "comments/%s/comments" % deleted},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])

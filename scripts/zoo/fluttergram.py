"""mdanics/fluttergram: Flutter, Firestore. Users keyed by Google sign-in id holding
follows as maps {uid: true|false} (false: an unfollow); flat posts with a likes map;
comments under insta_comments/<postId>/comments; an activity feed that is never published."""
from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "fluttergram",
    "repo": "mdanics/fluttergram",
    "files": ["lib/main.dart (tryCreateUserRecord)", "lib/upload_page.dart (postToFireStore)",
              "lib/profile_page.dart (followUser, unfollowUser)", "lib/image_post.dart (_likePost)",
              "lib/comment_screen.dart (addComment)", "lib/activity_feed.dart"],
    "database": "firestore",
    "layout": "insta_users maps of follows; flat insta_posts, likes map; insta_comments/*/comments; insta_a_feed",
}

GRAPH = Graph(seed=11, users=10, posts=24, uid=lambda rng, i, name: str(100000000000000000000 + rng.randrange(10**20)))


def documents():
    g = GRAPH
    docs = {}
    for u in g.users:
        docs["insta_users/" + u.uid] = {
            "id": u.uid, "username": u.username, "photoUrl": u.avatar, "email": u.email, "displayName": u.name,
            "bio": u.bio,
            "followers": {f: True for f in g.followers(u.uid)},
            "following": {f: True for f in g.following(u.uid)},
        }
    for p in g.posts:
        owner = g.user(p.owner)
        docs["insta_posts/" + p.key] = {
            "username": owner.username, "location": "", "likes": {u: True for u in sorted(p.likes)},
            "mediaUrl": p.image, "description": p.caption, "ownerId": p.owner, "timestamp": Timestamp(iso(p.time)),
            "postId": p.key,
        }
        for c in p.comments:
            author = g.user(c.author)
            docs["insta_comments/%s/comments/%s" % (p.key, c.key)] = {
                "username": author.username, "comment": c.text, "timestamp": Timestamp(iso(c.time)),
                "avatarUrl": author.avatar, "userId": c.author,
            }
            docs["insta_a_feed/%s/items/%s" % (p.owner, c.key)] = {
                "username": author.username, "userId": c.author, "type": "comment", "userProfileImg": author.avatar,
                "commentData": c.text, "timestamp": Timestamp(iso(c.time)), "postId": p.key, "mediaUrl": p.image,
            }
    # An unfollow leaves false behind on both sides: not a follow.
    a, b = g.users[0].uid, g.users[9].uid
    if (a, b) not in g.follows:
        docs["insta_users/" + a]["following"][b] = False
        docs["insta_users/" + b]["followers"][a] = False
    # drift: one follow whose mirror the app failed to write.
    follower, followed = sorted(g.follows)[0]
    del docs["insta_users/" + followed]["followers"][follower]
    return docs


def truth():
    g = GRAPH
    follower, followed = sorted(g.follows)[0]
    return g.truth([{"code": "follow_mirror_missing", "path": "insta_users/%s/followers/%s" % (followed, follower)}],
                   hidden=[u.email for u in g.users])

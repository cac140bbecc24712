"""wirayuda299/Instafam: Next.js (TypeScript), Firestore, NextAuth (Google). Users
`users/<google sub>` {name, email, image, uid, username ('@' + the email's local part),
createdAt (milliseconds), savedPosts: [], followers, following}: follows are ARRAYS OF MAPS,
`followers: [{followedBy: uid, followedByName, followedImage}]` and `following: [{userId}]`.
Posts `posts/post-<uuid>` {postId: uuid, postedById, author ('@name'), postedByPhotoUrl,
image, captions (an ARRAY: the result of String.match), hashtags, tags, storageRef,
blurDataUrl, createdAt (milliseconds), likedBy: [uids], savedBy: [uids], comments: [maps
{commentByUid, comment, commentByName, commentByPhoto, createdAt}]}. Chats
`messages/<autoId>` {room: {id: [uids], sender, receiver, chats: [{message, createdAt,
sender}]}}.

Covers: follows as arrays of maps naming the user in a field (`followedBy`, `userId`);
likes and saves as arrays of ids in the post; saved posts beside the graph (never
published); comments embedded; times in milliseconds; a caption held in an array; a
post's key that is not its `postId` (`post-` + postId); chats beside the graph.

Drift, as this app suffers it:
- handleFollow() updates the target's `followers` and the follower's `following` in two
  updateDoc calls (Promise.all); the target's one failed: the follow is on the follower's
  side only: follow_mirror_missing at the target's `followers`, named by the follower's id.
"""
import uuid
import random

from _graph import Graph, millis

APP = {
    "name": "instafam",
    "repo": "wirayuda299/Instafam",
    "files": ["src/pages/api/auth/[...nextauth].ts (signIn)", "src/helper/makePost.ts (makePost)",
              "src/helper/follow.ts (handleFollow)", "src/helper/like.ts", "src/helper/savePost.ts",
              "src/helper/comments.ts (postComments)", "src/helper/startNewMessage.ts",
              "src/components/Messages/Form/ChatForm.tsx (sendMessage)"],
    "database": "firestore",
    "layout": "users {followers: [{followedBy}], following: [{userId}]}; posts/post-<uuid> {postedById, likedBy[], savedBy[], comments[]}",
}


def make_graph():
    g = Graph(seed=39, users=10, posts=24, uid=lambda rng, i, name: str(100000000000000000000 + rng.randrange(10**20)))
    rng = random.Random(3901)
    for p in g.posts:
        p.uuid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        p.key = "post-" + p.uuid
    return g


GRAPH = make_graph()


def documents():
    g = GRAPH
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {
            "name": u.name, "email": u.email, "image": u.avatar, "uid": u.uid, "savedPosts": [],
            "followers": [{"followedBy": f, "followedByName": "@" + g.user(f).username,
                           "followedImage": g.user(f).avatar} for f in g.followers(u.uid)],
            "following": [{"userId": f} for f in g.following(u.uid)],
            "createdAt": 1614589200000 + i * 86400000, "username": "@" + u.username,
        }
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {
            "captions": [p.caption], "postedById": p.owner, "author": "@" + owner.username,
            "comments": [{"commentByUid": c.author, "comment": c.text, "commentByName": "@" + g.user(c.author).username,
                          "commentByPhoto": g.user(c.author).avatar, "createdAt": millis(c.time)} for c in p.comments],
            "image": p.image, "postedByPhotoUrl": owner.avatar, "likedBy": sorted(p.likes),
            "storageRef": "post/%s/image" % p.uuid, "createdAt": millis(p.time), "hashtags": [], "tags": [],
            "postId": p.uuid, "blurDataUrl": "data:image/png;base64,iVBORw0KGgo=",
            "savedBy": [u.uid for u in g.users[(i % 3):(i % 3) + 2]],
        }
    a, b = g.users[0], g.users[1]
    docs["messages/" + "".join(random.Random(3902).choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(20))] = {
        "room": {"id": [a.uid, b.uid],
                 "receiver": {"id": b.uid, "image": b.avatar, "name": "@" + b.username},
                 "sender": {"id": a.uid, "image": a.avatar, "name": "@" + a.username},
                 "chats": [{"message": "secret plans", "createdAt": 1617267600000,
                            "sender": {"id": a.uid, "image": a.avatar, "name": a.name}}]}}
    # drift: the target's followers update failed.
    follower, followed = lost()
    docs["users/" + followed]["followers"] = [f for f in docs["users/" + followed]["followers"]
                                              if f["followedBy"] != follower]
    return docs


def lost():
    return sorted(GRAPH.follows)[0]


def truth():
    g = GRAPH
    follower, followed = lost()
    return g.truth([{"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (followed, follower)}],
                   hidden=[u.email for u in g.users] + ["secret plans"])

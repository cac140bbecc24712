"""zoharkiks/instagram-2.0: Next.js, Firestore, NextAuth (Google). The most copied web
tutorial's layout (Sonny Sangha's "Instagram 2.0"): NO users collection. A person exists as
the `username` and `profileImg` on their posts; likes are `posts/<id>/likes/<uid>` holding
{username, userImage} (keyed by the Google account id, which no other document holds);
comments are `posts/<id>/comments/<autoId>` {comment, username, userImage, timestamp}.
No follows. Times are server timestamps.

Covers: posts with no users collection (owner = username), likes as a subcollection of
documents holding a username, comments in a subcollection.

Drift, as this app suffers it:
- uploadPost() is two writes: addDoc({username, caption, profileImg, timestamp}) then,
  after the Storage upload, updateDoc({image}). A failed upload leaves a post with no
  `image`: post_invalid at its image field (the page is still published, with the
  placeholder).
- The app has no delete: a post removed in the console leaves its `likes` and `comments`
  subcollections behind (Firestore never deletes subcollections): like_dangling and
  comment_dangling at the orphaned subcollections.
"""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "zoharkiks_instagram2",
    "repo": "zoharkiks/instagram-2.0",
    "files": ["components/Modal.tsx (uploadPost)", "components/Posts/Post.tsx (likePost, sendComment)"],
    "database": "firestore",
    "layout": "no users: posts {username, profileImg, image}; posts/*/likes/<uid> {username}; posts/*/comments",
    "notes": "username is session.user.name without spaces, lower-cased (next-auth callback); the graph's usernames stand for it",
}

GRAPH = Graph(seed=36, users=9, posts=22, uid=lambda rng, i, name: str(100000000000000000000 + rng.randrange(10**20)))


def broken_post():
    return GRAPH.posts[5]


def ghost_key():
    import random
    return push_id(random.Random(3601))


def documents():
    g = GRAPH
    docs = {}
    for p in g.posts:
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {
            "username": owner.username, "caption": p.caption, "profileImg": owner.avatar,
            "timestamp": Timestamp(iso(p.time)), "image": p.image,
        }
        for u in sorted(p.likes):
            liker = g.user(u)
            docs["posts/%s/likes/%s" % (p.key, u)] = {"username": liker.username, "userImage": liker.avatar}
        for c in p.comments:
            author = g.user(c.author)
            docs["posts/%s/comments/%s" % (p.key, c.key)] = {
                "comment": c.text, "username": author.username, "userImage": author.avatar,
                "timestamp": Timestamp(iso(c.time)),
            }
    # drift 1: the Storage upload failed after addDoc: no image field.
    del docs["posts/" + broken_post().key]["image"]
    # drift 2: a post deleted in the console; its likes and comments stay.
    ghost = ghost_key()
    a, b = g.users[1], g.users[2]
    docs["posts/%s/likes/%s" % (ghost, a.uid)] = {"username": a.username, "userImage": a.avatar}
    docs["posts/%s/comments/%s" % (ghost, push_id(g.rng))] = {
        "comment": "lost words", "username": b.username, "userImage": b.avatar,
        "timestamp": Timestamp("2021-02-01T10:00:00Z"),
    }
    return docs


def truth():
    g = GRAPH
    ghost = ghost_key()
    return g.truth([
        {"code": "post_invalid", "path": "posts/%s/image" % broken_post().key},
        {"code": "like_dangling", "path": "posts/%s/likes" % ghost},
        {"code": "comment_dangling", "path": "posts/%s/comments" % ghost},
    ], follows=False, posters_only=True, profile_key=lambda u: u.username)

"""jwkuchta/Vuegram: a Vue 2 web app (Vuex, Firebase 7) built along Savvy Apps' "Vuegram"
tutorial (the `usersCollection`, `postsCollection`, `commentsCollection`,
`likesCollection` of src/firebase.js, copied by many repositories), Cloud Firestore.
`users/<uid>` {name, title} (no username, no photo, no email); flat `posts/<autoId>`
{createdOn (a timestamp), content (text: the posts have no image), userId, userName (a
copy of the poster's name), comments, likes} where `comments` and `likes` are counters
written from the client's copy of the post (comments: parseInt(post.comments) + 1;
likes: likesCount + 1); root `comments/<autoId>` {createdOn, content, postId, userId,
userName}; root `likes/<uid>_<postId>` {postId, userId} (no unlike); no follows.

Covers: a Vue web app; posts of text with no image; counters in posts named as the
root collections of comments and likes; likes as root documents keyed
`<uid>_<postId>`; comments as a root collection naming their post; no follows (no
counts on the profiles); users with a name and a title and no username.

Drift, as the app suffers it: two readers commented on one post from pages loaded
before either comment, so both wrote the same `comments` (one behind); likePost adds
one to the count the page showed, so a like made on a stale page left `likes` one
behind.
"""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "vuegram",
    "repo": "jwkuchta/Vuegram",
    "files": ["src/firebase.js (the collections)", "src/store/index.js (signup, createPost, likePost, updateProfile)",
              "src/components/CommentModal.vue (addComment)", "src/views/Dashboard.vue (likePost, viewPost)"],
    "database": "firestore",
    "layout": "users {name, title}; flat posts of text {userId, userName, comments, likes counters}; root comments {postId}; likes/<uid>_<postId>; no follows",
}

GRAPH = Graph(seed=103, users=9, posts=22)
TITLES = ["Designer", "Student", "Baker", "Engineer", "Nurse", "Teacher", "Writer", "Cyclist", "Painter"]


def drift():
    g = GRAPH
    commented = next(p for p in g.posts if len(p.comments) >= 2)
    liked = next(p for p in g.posts[8:] if len(p.likes) >= 2)
    return commented, liked


def documents():
    g = GRAPH
    commented, liked = drift()
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {"name": u.name, "title": TITLES[i % len(TITLES)]}
    for p in g.posts:
        owner = g.user(p.owner)
        docs["posts/" + p.key] = {"createdOn": Timestamp(iso(p.time)), "content": p.caption, "userId": p.owner,
                                  "userName": owner.name, "comments": len(p.comments) - (p is commented),
                                  "likes": len(p.likes) - (p is liked)}
        for c in p.comments:
            docs["comments/" + c.key] = {"createdOn": Timestamp(iso(c.time)), "content": c.text, "postId": p.key,
                                         "userId": c.author, "userName": g.user(c.author).name}
        for u in sorted(p.likes):
            docs["likes/%s_%s" % (u, p.key)] = {"postId": p.key, "userId": u}
    return docs


def truth():
    g = GRAPH
    commented, liked = drift()
    findings = [
        {"code": "comment_count_mismatch", "path": "posts/%s/comments" % commented.key},
        {"code": "like_count_mismatch", "path": "posts/%s/likes" % liked.key},
    ]
    return g.truth(findings, follows=False)

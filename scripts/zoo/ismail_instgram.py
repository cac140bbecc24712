"""ismailfatihbirak/InstgramClone: Android (Kotlin, Jetpack Compose, Hilt), Firestore. One
collection, `Users/<authId>`, holding everything as the SDK's bean mapper writes the
User data class: {authId, profilePhoto, userName, name, bio, posts, reels, story,
follower, following, comment}. saveProfileInformation writes posts, reels, story,
follower and following as null; addPost then does arrayUnion on `posts`, so the POSTS
ARE AN ARRAY OF MAPS IN THE USER'S DOCUMENT, with no id and no time: {photo, like,
comment, photoDescription}. A like (postAddLike) appends to the post's `like` the liker
as a whole User map {authId, profilePhoto, userName, name, bio: null, posts: [], reels: [],
story: null, follower: null, following: null, comment: null} and writes the owner's whole
`posts` array back; a comment (postAddComment) appends the same kind of User map with
the text in its `comment` field (name null), `comment` being null until the first one.
Reels (videos) are a second array `reels` [{video, like, comment, videoDescription}];
a story is one URL in `story`. Messages are flat: messages/<autoId> {senderId,
receiverId, messageText, timestamp}. There are no follows: `follower` and `following`
stay null and the profile shows made-up numbers.

Covers: posts as an array of maps inside each user's document (no post id, no time: a
post is its owner and its index); likes and comments as lists of maps, each a copy of
the user naming them by `authId`; a users collection spelled `Users`; null fields; no
follows; chats beside the graph (hidden). Reels and the story are kept beside the posts
and, like the other apps' stories, not published (the truth lists the posts of `posts`).

Post pages: the posts' keys are their indexes, repeated under every owner, so each page
is named from its path, `<authId>-<index>` (docs/apps.md, "Posts whose keys repeat").

Drift, as the app suffers it: postAddLike checks nothing, so a second tap on the heart
appends the same liker again (like_duplicate at the second item)."""
import datetime

from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "ismail_instgram",
    "repo": "ismailfatihbirak/InstgramClone",
    "files": ["app/src/main/java/com/example/instgramclone/datasource/InstgramCloneDataSource.kt "
              "(saveProfileInformation, addPost, addStory, addReels, postAddLike, postAddComment, sendMessage)",
              "app/src/main/java/com/example/instgramclone/model/User.kt (User, Post, Reel, Message)",
              "app/src/main/java/com/example/instgramclone/di/AppModule.kt (the Users collection)",
              "app/src/main/java/com/example/instgramclone/view/PostPage.kt (newPost, newStory, newReels)",
              "app/src/main/java/com/example/instgramclone/view/HomePage.kt (addLike, addComment)",
              "app/src/main/java/com/example/instgramclone/view/MyProfilePage.kt (counts)"],
    "database": "firestore",
    "layout": "Users/<uid> {posts: [{photo, like: [User maps], comment: [User maps], photoDescription}], reels: [videos], story}: posts with no id or time; messages; no follows",
}

GRAPH = Graph(seed=63, users=10, posts=24)
CHAT_TEXTS = ["did you get the tickets?", "two of them, row f"]


def person(g, uid, comment=None, with_name=True):
    """A User as the like and comment buttons build it: User(authId, profilePhoto, userName, name)."""
    u = g.user(uid)
    return {"authId": uid, "profilePhoto": u.avatar, "userName": u.username, "name": u.name if with_name else None,
            "bio": None, "posts": [], "reels": [], "story": None, "follower": None, "following": None,
            "comment": comment}


def own_posts(g, uid):
    return [p for p in g.posts if p.owner == uid]


def duplicate():
    """The post (and its liker) whose like was appended twice."""
    g = GRAPH
    p = next(p for p in g.posts if len(p.likes) >= 2)
    return p, sorted(p.likes)[0]


def post_map(g, p, dup):
    likers = sorted(p.likes)
    like = [person(g, u) for u in likers]
    if p is dup[0]:
        like.append(person(g, dup[1]))  # the second tap
    comments = [person(g, c.author, comment=c.text, with_name=False) for c in p.comments] or None
    return {"photo": p.image, "like": like, "comment": comments, "photoDescription": p.caption}


def documents():
    g = GRAPH
    dup = duplicate()
    docs = {}
    for i, u in enumerate(g.users):
        posts = [post_map(g, p, dup) for p in own_posts(g, u.uid)]
        reels = None
        if i in (1, 4):
            reels = [{"video": "https://example.com/reels/%s.mp4" % u.username, "like": [], "comment": None,
                      "videoDescription": "A minute of %s" % u.bio.split()[-1]}]
        docs["Users/" + u.uid] = {
            "authId": u.uid, "profilePhoto": u.avatar, "userName": u.username, "name": u.name, "bio": u.bio,
            "posts": posts or None, "reels": reels,
            "story": "https://example.com/stories/%s.jpg" % u.username if i < 3 else None,
            "follower": None, "following": None, "comment": None,
        }
    a, b = g.users[0], g.users[2]
    for k, text in enumerate(CHAT_TEXTS):
        sender, receiver = (a, b) if k == 0 else (b, a)
        docs["messages/m%02dX%s" % (k, a.uid[:16])] = {
            "senderId": sender.uid, "receiverId": receiver.uid, "messageText": text,
            "timestamp": Timestamp(iso(g.posts[3].time + datetime.timedelta(minutes=k)))}
    return docs


def page(g, p):
    """A post's page name: its index under its owner, named from its path where that index repeats."""
    index = own_posts(g, p.owner).index(p)
    repeated = sum(1 for u in g.users if len(own_posts(g, u.uid)) > index) > 1
    return "%s-%d" % (p.owner, index) if repeated else str(index)


def truth():
    g = GRAPH
    dup = duplicate()
    index = own_posts(g, dup[0].owner).index(dup[0])
    findings = [{"code": "like_duplicate",
                 "path": "Users/%s/posts/%d/like/%d" % (dup[0].owner, index, len(dup[0].likes))}]
    t = g.truth(findings, follows=False, hidden=CHAT_TEXTS)
    t["posts"] = {page(g, p): v for p, v in zip(g.posts, t["posts"].values())}
    return t

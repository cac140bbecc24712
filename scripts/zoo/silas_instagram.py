"""silasferreiracarneiro/ProjetosAndroid, Instagram/ (Kotlin, MVP, a rewrite of the
Jamilton Damasceno course app): Realtime Database, every user keyed by the Base64 of
their email (`Base64Utils.encode`: android.util.Base64 DEFAULT, line breaks removed, `=`
padding kept). `users/<b64(email)>` is the whole User class as setValue writes it:
{name (upper-cased), email, password (in clear), nameUser (the handle as typed), photo
("" until one is chosen), qtFollower, qtFollowing, qtPosting}; posts by owner
`postings/<b64(email)>/<UUID>` {id, idUser, description, pathPhoto} with no time and
UUID keys (no push-id time either); follows written on the followed side only,
`seguidores/<followed>/<follower>: {user: <the follower's whole User record, password
included>}` (savedFolloweres, the `seguindo` half, is commented out); a feed of copies
fanned out by the client to the poster's followers, `feed/<follower>/<postId>`
{pathPhotoPosting, description, id, nameUser, pathPhotoUser, likes}; likes kept only in
the reader's own feed copy as a list of maps `likes: [{userId, photoUser}]` (FeedAdapter
writes the post's id as `userId`); comments `comment/<postId>/<pushId>` {idPosting,
text, idUser, nameUser, pathPhotoUser, idComment}.

Covers: users keyed by an email-derived key (the key decodes to the email: hidden like
the email itself); a password in the user record and in every copy of it (hidden);
counters named `qt…`; follows on one side only, each edge a record holding a copy of the
follower; posts with neither a time nor a push id; a feed of copies without the poster's
id; likes as a list of maps inside a reader's feed copy (a reader's own state, not the
post's likes: the post pages show none); a comment saved twice.

Drift, as the app suffers it: FriendProfilePresenter.savedFollower writes
`userLog.qtFollower = userLog.qtFollowing + 1` and `user.qtFollowing = user.qtFollower +
1` (each counter set from the other), so the follow counters are wrong wherever the two
differ (simulated here follow by follow, then the posts' `qtPosting + 1`); CommentPresenter
saves the comment from an addValueEventListener on the user record, so the user's next
change (a follow, a post) saves it again under a new key (shown twice by the app: no
finding, both counted).
"""
import base64

from _graph import Comment, Graph, push_id as random_id, timed_push_id as push_id


def b64(text):
    return base64.b64encode(text.encode()).decode()


GRAPH = Graph(seed=101, users=10, posts=24, uid=lambda rng, i, username: b64(username + "@example.com"))
for _p in GRAPH.posts:
    r = GRAPH.rng
    _p.key = "%08x-%04x-4%03x-%04x-%012x" % (r.getrandbits(32), r.getrandbits(16), r.getrandbits(12),
                                              0x8000 | r.getrandbits(14), r.getrandbits(48))
    # only a follower of the owner sees the post in their feed, where the like button is
    _p.likes = {u for u in _p.likes if u in GRAPH.followers(_p.owner)}
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)
# a comment saved twice (the listener fired again when its author's record changed)
TWICE = next(p for p in GRAPH.posts if p.comments)
TWICE.comments.append(Comment(push_id(GRAPH.rng, TWICE.comments[0].time), TWICE.comments[0].author,
                              TWICE.comments[0].text, TWICE.comments[0].time))

APP = {
    "name": "silas_instagram",
    "repo": "silasferreiracarneiro/ProjetosAndroid",
    "files": ["Instagram/app/src/main/java/com/example/instagram/utils/Base64Utils.java (encode)",
              "Instagram/app/src/main/java/com/example/instagram/utils/AppConstants.kt (the root names)",
              "Instagram/app/src/main/java/com/example/instagram/data/network/model/UserRequest.kt (createUser, getUser, searchUser)",
              "Instagram/app/src/main/java/com/example/instagram/data/network/model/PostingRequest.kt (publishPhoto)",
              "Instagram/app/src/main/java/com/example/instagram/data/network/model/FollowerRequest.kt (savedFollower, savedFolloweres)",
              "Instagram/app/src/main/java/com/example/instagram/data/network/model/FeedRequest.kt (savedFeed, updateFeed, savedComment)",
              "Instagram/app/src/main/java/com/example/instagram/ui/filterphoto/FilterPhotoPresenter.kt (publishPhoto, sendFeedAllFriends)",
              "Instagram/app/src/main/java/com/example/instagram/ui/filterphoto/FilterPhotoActivity.kt (identify: a UUID)",
              "Instagram/app/src/main/java/com/example/instagram/ui/friendprofile/FriendProfilePresenter.kt (savedFollower)",
              "Instagram/app/src/main/java/com/example/instagram/ui/friendprofile/FriendProfileActivity.kt (follow button)",
              "Instagram/app/src/main/java/com/example/instagram/ui/home/feed/FeedAdapter.kt (like, unlike)",
              "Instagram/app/src/main/java/com/example/instagram/ui/comment/CommentPresenter.kt (savedComment)",
              "Instagram/app/src/main/java/com/example/instagram/ui/register/RegisterActivity.kt (User)",
              "Instagram/app/src/main/java/com/example/instagram/model/*.kt"],
    "database": "rtdb",
    "layout": "users/<Base64(email)> with password and qtFollower/qtFollowing/qtPosting; postings/<key>/<UUID> without time; seguidores/<followed>/<follower> {user: copy} only; feed copies with likes [{userId, photoUser}]; comment",
}

STORAGE = "https://firebasestorage.googleapis.com/v0/b/instagram-silas.appspot.com/o/images%2F"


def password(u):
    return "%s#%d%s" % (u.username.capitalize(), len(u.username) * 7, u.username[::-1])


def record(u, i, counters):
    return {"name": u.name.upper(), "email": u.email, "password": password(u), "nameUser": u.username,
            "photo": "" if i % 3 == 2 else STORAGE + "profile%%2Fuser%%2F%s.jpg?alt=media" % u.uid,
            "qtFollower": counters[u.uid][0], "qtFollowing": counters[u.uid][1], "qtPosting": counters[u.uid][2]}


def stored_counters():
    """The counters as the app leaves them: each follow sets the follower's qtFollower from
    their qtFollowing and the followed's qtFollowing from their qtFollower; each post adds one."""
    g = GRAPH
    c = {u.uid: [0, 0, 0] for u in g.users}
    for a, b in sorted(g.follows, key=lambda e: (e[1], e[0])):
        c[a][0] = c[a][1] + 1
        c[b][1] = c[b][0] + 1
    for p in g.posts:
        c[p.owner][2] += 1
    return c


def documents():
    g = GRAPH
    counters = stored_counters()
    index = {u.uid: i for i, u in enumerate(g.users)}
    users = {u.uid: record(u, i, counters) for i, u in enumerate(g.users)}
    tree = {"users": users, "postings": {}, "seguidores": {}, "feed": {}, "comment": {}}
    for a, b in sorted(g.follows):
        tree["seguidores"].setdefault(b, {})[a] = {"user": dict(users[a])}
    for n, p in enumerate(g.posts):
        owner = users[p.owner]
        image = STORAGE + "posting%%2Fuser%%2F%s.jpg?alt=media&token=%s" % (p.key, random_id(g.rng, 12))
        tree["postings"].setdefault(p.owner, {})[p.key] = {
            "id": p.key, "idUser": p.owner, "description": p.caption, "pathPhoto": image}
        for f in g.followers(p.owner):
            entry = {"pathPhotoPosting": image, "description": p.caption, "id": p.key,
                     "nameUser": owner["nameUser"], "pathPhotoUser": owner["photo"]}
            if f in p.likes:
                entry["likes"] = [{"userId": p.key, "photoUser": owner["photo"]}]
            tree["feed"].setdefault(f, {})[p.key] = entry
        for c in p.comments:
            author = users[c.author]
            tree["comment"].setdefault(p.key, {})[c.key] = {
                "idPosting": p.key, "text": c.text, "idUser": c.author, "nameUser": author["nameUser"],
                "pathPhotoUser": author["photo"], "idComment": c.key}
    return tree


def truth():
    g = GRAPH
    counters = stored_counters()
    findings = []
    for u in g.users:
        true = [len(g.followers(u.uid)), len(g.following(u.uid)), sum(1 for p in g.posts if p.owner == u.uid)]
        for k, (code, field) in enumerate((("follower_count_mismatch", "qtFollower"),
                                           ("following_count_mismatch", "qtFollowing"),
                                           ("post_count_mismatch", "qtPosting"))):
            if counters[u.uid][k] != true[k]:
                findings.append({"code": code, "path": "users/%s/%s" % (u.uid, field)})
    hidden = [u.email for u in g.users] + [password(u) for u in g.users] + [u.uid for u in g.users]
    out = g.truth(findings, hidden=hidden, profile_key=lambda u: u.username)
    for post in out["posts"].values():
        del post["likes"]   # likes live in the readers' feed copies only: the pages show none
    return out

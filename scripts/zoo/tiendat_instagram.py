"""tiendat0811/Instagram-Clone: Flutter, Realtime Database, by a Vietnamese team
(Pham Tien Dat and others; Facebook and Google sign-in). Everything about a user is in
their record: `users/<uid>` {username, photoUrl, email, fullname, bio (auth_methods
signUpUser), followers: {<uid>: {follow: true}}, followings: {<uid>: {follow: true}}
(the follow button: two updates, the followed user's `followers` then one's own
`followings`, not awaited), notifications: {<pushId>: {uid, text, datePublished}},
unseenNotificationCount, chats: {<other uid>: {lastTime, <msgId>: {text, sender,
receiver, datePublished}}} (a follow also sends a first message, "Hello i'm <username>",
into both users' chats), unseenMessageCount}. Flat `posts/<pushId>` {description,
postImage, uid, datePublished (milliseconds)} with the likes inside, `likes: {<uid>:
true}` (an unlike writes null), and the comments inside, `comments: {<pushId>: {text,
datePublished, uid}}`; deletePost removes `posts/<id>`.

Covers: a Flutter app on the Realtime Database; follows as maps `{follow: true}` kept in
the users' records, under `followings` (the plural); chats and notifications inside the
users' records (their texts hidden: never published); likes and comments inside the
post; times as milliseconds; emails in the users.

Drift, as the app suffers it: the follow button's second update (`followings`) was lost
after the first landed; a user liked and commented on a post its owner had just deleted
from another phone: `update` and `push` under `posts/<id>` made the post again, holding
nothing but `likes` and `comments` (a deleted post's lists: like_dangling and
comment_dangling, removed whole).
"""
from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "tiendat_instagram",
    "repo": "tiendat0811/Instagram-Clone",
    "files": ["lib/resources/auth_methods.dart (signUpUser)", "lib/screens/add_post_screen.dart (postImage)",
              "lib/screens/detail_post_screen.dart (deletePost, postComment, the like button)",
              "lib/screens/comment_screen.dart (postComment)", "lib/widgets/post_card.dart (the like button)",
              "lib/screens/profile_screen.dart (getData, the follow and unfollow buttons, the first message)",
              "lib/screens/follows_screen.dart (follow, unfollow)", "lib/screens/inbox_screen.dart (sending a message)",
              "lib/screens/chats_screen.dart"],
    "database": "rtdb",
    "layout": "users with followers/followings {uid: {follow: true}}, notifications and chats inside; flat posts {uid, postImage, description, datePublished ms} with likes {uid: true} and comments inside",
}

GRAPH = Graph(seed=163, users=11, posts=25)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)
DELETED = push_id(GRAPH.rng, GRAPH.posts[17].time.replace(hour=18))


def lost_half():
    return sorted(GRAPH.follows)[5]


def hello(u):
    return "Hello i'm %s" % u.username


def documents():
    g = GRAPH
    rng = g.rng
    tree = {"users": {}, "posts": {}}
    for i, u in enumerate(g.users):
        tree["users"][u.uid] = {"username": u.username, "photoUrl": u.avatar, "email": u.email, "fullname": u.name,
                                "bio": u.bio}
    users = tree["users"]
    for a, b in sorted(g.follows):
        users[b].setdefault("followers", {})[a] = {"follow": True}
        users[a].setdefault("followings", {})[b] = {"follow": True}
        # the follow button's first message, in both users' chats
        t = g.posts[0].time.replace(day=1 + rng.randrange(27))
        msg = push_id(rng, t)
        chat = {"text": hello(g.user(a)), "sender": a, "receiver": b, "datePublished": millis(t)}
        for x, y in ((a, b), (b, a)):
            box = users[x].setdefault("chats", {}).setdefault(y, {})
            box["lastTime"] = max(box.get("lastTime", 0), millis(t))
            box[msg] = dict(chat)
        users[b].setdefault("notifications", {})[push_id(rng, t)] = {
            "uid": a, "text": "started following you", "datePublished": millis(t)}
    for u in g.users:
        users[u.uid]["unseenNotificationCount"] = len(users[u.uid].get("notifications", {}))
        users[u.uid]["unseenMessageCount"] = 0
    for p in g.posts:
        post = {"description": p.caption, "postImage": p.image, "uid": p.owner, "datePublished": millis(p.time)}
        if p.likes:
            post["likes"] = {x: True for x in sorted(p.likes)}
        if p.comments:
            post["comments"] = {c.key: {"text": c.text, "datePublished": millis(c.time), "uid": c.author}
                                for c in p.comments}
        tree["posts"][p.key] = post
    # drift: the follow whose `followings` half never landed
    a, b = lost_half()
    del users[a]["followings"][b]
    # drift: a like and a comment written under a post deleted a moment before
    liker = g.users[6]
    t = g.posts[17].time.replace(hour=19)
    tree["posts"][DELETED] = {"likes": {liker.uid: True},
                              "comments": {push_id(rng, t): {"text": "harbour light", "datePublished": millis(t),
                                                             "uid": liker.uid}}}
    return tree


def truth():
    g = GRAPH
    a, b = lost_half()
    findings = [{"code": "follow_mirror_missing", "path": "users/%s/followings/%s" % (a, b)},
                {"code": "like_dangling", "path": "posts/%s/likes" % DELETED},
                {"code": "comment_dangling", "path": "posts/%s/comments" % DELETED}]
    hidden = [u.email for u in g.users] + [hello(u) for u in g.users if g.following(u.uid)]
    return g.truth(findings, hidden=hidden)

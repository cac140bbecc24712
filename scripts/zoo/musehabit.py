"""daleinen7/xxmusehabit ("Musehabit", Next.js web app, the modular firebase/database
SDK): a monthly art-sharing site on the Realtime Database. `users/<uid>` {username (the
Auth display name, spaces and capitals kept), url (its slug), bio, medium, photoURL
(absent when Auth has none), joined and latestPost (ServerValue.TIMESTAMP, ms; latestPost
`false` until the first post), location (`false` or text), settings {four notification
booleans}, posts: {<postKey>: true} (an index)}; flat `posts/<pushId>` {id, title,
description, image, poster, postedAt (ServerValue.TIMESTAMP), toolsUsed, tags (an
array), and for a file post draft and format, for a text post `post`}, written with the
index and latestPost in one update; follows on the follower's side only, under a root
named for the other direction: `followers/<follower>/<followed>: true` (FollowButton:
`followers/${user.uid}` updated with `{[artistUid]: true}`; the following page lists the
posts of `Object.keys(followers/<me>)`); comments `comments/<postId>/<pushId>` {text,
posterId} with no time. No likes. (SaveButton's `saved/<uid>` write throws on an
undefined `postUid` and never lands.) One post a month per user (canUserPost).

Covers: a web app on the modular SDK; ServerValue.TIMESTAMP milliseconds; `false` where
text or a time is expected; tags as an array; a posts index in each user; a follow root
whose name says the opposite of what it holds (its outer key is the follower, as the
code writes and reads it); an app with no likes (no like count on the pages); comments
without a time.

Drift, as the app suffers it: handleUnfollow updates `followers/<me>/<artist>` with
`{[artistUid]: false}`, turning the edge's `true` into the map `{<artist>: false}`; the
app still reads that as following (`snapshot.exists()`, `Object.keys`), and so does the
truth (the edge counts; no finding). A post deleted in the console leaves its comments
(`comment_dangling`) and its author's index entry (`user_post_stale`).
"""
import datetime

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "musehabit",
    "repo": "daleinen7/xxmusehabit",
    "files": ["app/context/AuthContext.js (signUp, updateUserProfile, onAuthStateChanged: the users record)",
              "app/share/page.jsx (the post, users/<uid>/posts, latestPost in one update)",
              "app/components/FollowButton.jsx (handleFollow, handleUnfollow)",
              "app/following/page.jsx (getPostsByFollowing: reads followers/<me>)",
              "app/components/CommentsSection.jsx (handleSubmit)",
              "app/components/SaveButton.jsx (handleSave: postUid undefined)",
              "lib/canUserPost.js", "lib/getUserPosts.js", "lib/slugify.js"],
    "database": "rtdb",
    "layout": "users with posts {key: true} index, latestPost false|ms; flat posts {poster, postedAt ms, tags[]}; followers/<follower>/<followed>: true (named the other way), unfollow leaves {uid: false}; comments {text, posterId}; no likes",
    # Nothing in the data tells which way a one-sided edge root points: its name says
    # followers, the code writes each follower's own list. The one line a user adds.
    "block_edit": {"section": "[schema.nodes]", "line": "following = \"followers\"",
                   "why": "followers/<follower>/<followed>: the root is named for the other direction, which no data can tell"},
}


GRAPH = Graph(seed=111, users=10, posts=20)
START = datetime.datetime(2023, 9, 4, 17, 0, tzinfo=datetime.timezone.utc)
_seen = {}
for _n, _p in enumerate(GRAPH.posts):
    # one post a month per artist
    k = _seen[_p.owner] = _seen.get(_p.owner, -1) + 1
    _p.time = START + datetime.timedelta(days=31 * k, hours=_n * 5 % 23, minutes=_n * 7)
    _p.key = push_id(GRAPH.rng, _p.time)
    _p.likes = set()
    for _j, _c in enumerate(_p.comments):
        _c.time = _p.time + datetime.timedelta(hours=3 + _j)
        _c.key = push_id(GRAPH.rng, _c.time)

TOOLS = ["Procreate, iPad", "gouache", "Blender", "charcoal, newsprint", "Ableton Live"]
T_GONE = START + datetime.timedelta(days=40, hours=2)
GONE_POST = push_id(GRAPH.rng, T_GONE)


def slug(name):
    return "-".join("".join(ch for ch in name.lower() if ch.isalnum() or ch == " ").split())


def drift():
    g = GRAPH
    unfollowed = sorted(g.follows)[4]                         # unfollowed: now {uid: false}
    gone_owner = g.users[2].uid
    commenter = g.users[5].uid
    return unfollowed, gone_owner, commenter


def documents():
    g = GRAPH
    (ua, ub), gone_owner, commenter = drift()
    tree = {"users": {}, "posts": {}, "followers": {}, "comments": {}}
    for i, u in enumerate(g.users):
        mine = sorted((p for p in g.posts if p.owner == u.uid), key=lambda p: p.time)
        rec = {"username": u.name, "url": slug(u.name), "bio": u.bio if i % 3 else "",
               "medium": ["painting", "illustration", "music", "3D", ""][i % 5],
               "joined": millis(START - datetime.timedelta(days=20 - i)),
               "settings": {"dayBeforeNotification": True, "weekBeforeNotification": True,
                            "tenDaysBeforeNotification": True, "accountabilityNotice": True},
               "location": ["Portland, OR", False, "Lisbon"][i % 3],
               "latestPost": millis(mine[-1].time) if mine else False}
        if i % 4 != 1:
            rec["photoURL"] = u.avatar
        if mine:
            rec["posts"] = {p.key: True for p in mine}
        tree["users"][u.uid] = rec
    for n, p in enumerate(g.posts):
        rec = {"id": p.key, "title": p.caption, "description": "Study %d: %s" % (n + 1, p.caption.lower()),
               "image": "https://firebasestorage.googleapis.com/v0/b/musehabit.appspot.com/o/%s%%2F%d%%2F%d%%2Fcover-image-%s.jpg?alt=media"
                        % (p.owner, p.time.year, p.time.month - 1, p.key),
               "poster": p.owner, "postedAt": millis(p.time), "toolsUsed": TOOLS[n % 5],
               "tags": [["sketch"], ["color", "daily"], ["wip"]][n % 3]}
        if n % 4 == 1:
            rec["draft"] = rec["image"].replace("cover-image-", "draft-").replace(".jpg", ".psd")
            rec["format"] = "psd"
        if n % 7 == 3:
            rec["post"] = "Notes on %s." % p.caption.lower()
        tree["posts"][p.key] = rec
        for c in p.comments:
            tree["comments"].setdefault(p.key, {})[c.key] = {"text": c.text, "posterId": c.author}
    for a, b in sorted(g.follows):
        tree["followers"].setdefault(a, {})[b] = True
    # drift: handleUnfollow writes {[artistUid]: false} under the edge itself
    tree["followers"][ua][ub] = {ub: False}
    # drift: a post deleted in the console; its comments and its index entry stay
    tree["users"][gone_owner].setdefault("posts", {})[GONE_POST] = True
    tree["comments"][GONE_POST] = {push_id(g.rng, T_GONE + datetime.timedelta(hours=1)): {
        "text": "love the palette", "posterId": commenter}}
    return tree


def truth():
    g = GRAPH
    (ua, ub), gone_owner, commenter = drift()
    findings = [
        {"code": "comment_dangling", "path": "comments/" + GONE_POST},
        {"code": "user_post_stale", "path": "users/%s/posts/%s" % (gone_owner, GONE_POST)},
    ]
    out = g.truth(findings)
    for post in out["posts"].values():
        del post["likes"]   # the app keeps no likes: no count on its pages
    return out

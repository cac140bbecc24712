"""apriliandi246/svelte-social-media: a Svelte (Sapper) web app on Cloud Firestore
(firebase v7 namespaced API, the `fire` global), with a hand-made sign-up and no
Firebase Auth. `users/<autoId>` {joined, username, password} (the password in clear);
flat `posts/<autoId>` {likes: [usernames], words, date, username, whenPosted}: posts of
text (no image), their poster and their likers named by USERNAME; flat
`comments/<autoId>` {likes: [user ids], post, words, date, username, whenCommented}.
Every time is text: `date`/`joined` are JavaScript's `${new Date()}` ("Mon Mar 01 2021
16:00:00 GMT+0700 (Western Indonesia Time)"), `whenPosted`/`whenCommented` are
`${Date.now()}`, milliseconds as a string. No follows.

Covers: a Svelte web app; users keyed by an auto id but named everywhere by username;
likes as arrays of usernames in the posts (and, on comments, arrays of user ids: the
likes of a comment, not of a post); times as Date.toString() text and as milliseconds in
strings; passwords kept in the users (hidden: never published); posts of text; no
follows (no counts on the profiles).

Drift, as the app suffers it (it has no delete: its owner deletes from the console):
- a post deleted in the console leaves its comments, which name it in `post`:
  comment_dangling at each comment;
- a user deleted in the console leaves their username in the likes of the posts they
  liked: like_dangling at posts/<id>/likes/<username>.
"""
import datetime

from _graph import Graph, millis, push_id

APP = {
    "name": "svelte_social",
    "repo": "apriliandi246/svelte-social-media",
    "files": ["src/routes/join/index.svelte (signUp)", "src/routes/login/index.svelte (login)",
              "src/routes/create/index.svelte (createPost)", "src/components/Post.svelte (likePost, showCommentsPost)",
              "src/components/CommentForm.svelte (submitComment)", "src/components/CommentPost.svelte (handleLike)",
              "src/routes/[username].svelte (the profile: posts where username)"],
    "database": "firestore",
    "layout": "users/<autoId> {username, password, joined}; flat posts of text {username, likes: [usernames], date as Date.toString(), whenPosted: ms as text}; root comments {post, username, likes: [ids]}; no follows",
}

GRAPH = Graph(seed=811, users=9, posts=22)
RNG = __import__("random").Random(8111)
GONE_POST = push_id(RNG)
GONE_COMMENTS = [push_id(RNG), push_id(RNG)]
GHOST = "rudi_w"  # a user deleted in the console
WIB = datetime.timezone(datetime.timedelta(hours=7))
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def js_date(time):
    """`${new Date()}` in the author's zone (UTC+7)."""
    t = time.astimezone(WIB)
    return "%s %s %02d %d %02d:%02d:%02d GMT+0700 (Western Indonesia Time)" % (
        DAYS[t.weekday()], MONTHS[t.month - 1], t.day, t.year, t.hour, t.minute, t.second)


def ghost_liked():
    return [p for p in GRAPH.posts if len(p.likes) >= 1][3:5]


def documents():
    g = GRAPH
    name = lambda uid: g.user(uid).username
    start = g.posts[0].time - datetime.timedelta(days=20)
    docs = {}
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {"joined": js_date(start + datetime.timedelta(hours=i)), "username": u.username,
                                  "password": "pw-%s-%d" % (u.username, 1000 + i)}
    ghosts = ghost_liked()
    for p in g.posts:
        likes = [name(u) for u in sorted(p.likes)]
        if p in ghosts:
            likes.insert(1, GHOST)
        docs["posts/" + p.key] = {"likes": likes, "words": p.caption, "date": js_date(p.time),
                                  "username": name(p.owner), "whenPosted": str(millis(p.time))}
        for c in p.comments:
            docs["comments/" + c.key] = {"likes": sorted(u for u in p.likes if u != c.author)[:1], "post": p.key,
                                         "words": c.text, "date": js_date(c.time), "username": name(c.author),
                                         "whenCommented": str(millis(c.time))}
    # The post deleted in the console: its two comments stay.
    when = g.posts[5].time + datetime.timedelta(hours=5)
    for i, key in enumerate(GONE_COMMENTS):
        docs["comments/" + key] = {"likes": [], "post": GONE_POST, "words": "so good %d" % i,
                                   "date": js_date(when), "username": g.users[i].username,
                                   "whenCommented": str(millis(when))}
    return docs


def truth():
    g = GRAPH
    findings = [{"code": "comment_dangling", "path": "comments/" + key} for key in GONE_COMMENTS]
    findings += [{"code": "like_dangling", "path": "posts/%s/likes/%s" % (p.key, GHOST)} for p in ghost_liked()]
    # Published under the username: the id every post, like and comment holds (the app's
    # own profile route is /<username>); the documents' auto ids are named by nothing.
    return g.truth(findings, follows=False, profile_key=lambda u: u.username,
                   hidden=["pw-%s-%d" % (u.username, 1000 + i) for i, u in enumerate(g.users)])

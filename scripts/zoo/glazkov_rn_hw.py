"""BogdanGlazkov/react-native-hw-06-redux-firebase: a GoIT course project (the "react-native
hw" photo-sharing app: posts with a place and comments), React Native (Expo, redux toolkit,
the firebase JS SDK v9 modular API), Cloud Firestore. Sign-up is Firebase Auth alone
(createUserWithEmailAndPassword, then updateProfile with displayName = the login and the
avatar's URL): no users collection. uploadPostToFirestore adds `posts/<autoId>` {photoUrl
(the Storage download URL), title, locationTitle, location (expo-location's whole
LocationObject: {coords: {accuracy, altitude, altitudeAccuracy, heading, latitude,
longitude, speed}, mocked, timestamp (ms)}, or the screen's defaultLocation, a fixed
Googleplex position stamped 1673563251459, when getCurrentPositionAsync failed), likes: 0
(never changed: the heart is local state, `isFavorite ? 1 : 0`), comments: 0, date
(Date.now(), ms), owner (the auth uid)}. uploadCommentToFirestore adds
`posts/<id>/comments/<autoId>` {comment, login (the commenter's displayName, not a uid),
date (ms)}, then reads the whole subcollection and sets the post's `comments` to its size
(setDoc with merge): the post's counter and its subcollection share the name `comments`.
Nothing is ever deleted by the app.

Covers: a course project; no users (people are their posts' `owner` uids, with no name
anywhere in the post); a post field and a subcollection of the same name (`comments`, a
number, beside `comments/<id>`); a likes counter with no likes; comments naming their
author by display name; a second time in the post (`location.timestamp`, the GPS fix's, or
the default's from January 2023) beside `date`; times as milliseconds.

Drift, as the app suffers it:
- the comment counter is a read then a write: two people commenting at once both count
  before the other's comment is there, and the post keeps one too few
  (comment_count_mismatch at the post's `comments` field, keyed `comments%` in sitegen's
  tree beside the subcollection `comments`);
- the app deletes nothing, so a post is deleted in the Firebase console, which leaves the
  subcollection: its comments stay (comment_dangling at `posts/<gone>/comments`).
"""
import datetime

from _graph import Graph, millis, push_id
from firestore_emulator import Double

APP = {
    "name": "glazkov_rn_hw",
    "repo": "BogdanGlazkov/react-native-hw-06-redux-firebase",
    "files": ["redux/posts/postsOperations.js (uploadPostToFirestore, uploadCommentToFirestore, "
              "getAllPostsFromFirestore, getUsersPostsFromFirestore, getCommentsFromFirestore)",
              "redux/auth/authOperations.js (authSignUp, authSetAvatar)",
              "screens/main/CreatePostsScreen.js (defaultLocation, takePhoto, pickPhoto, uploadPost)",
              "screens/main/CommentsScreen.js", "components/Post.js (likes: isFavorite ? 1 : 0)"],
    "database": "firestore",
    "layout": "no users: posts/<autoId> {photoUrl, title, locationTitle, location {coords, timestamp}, likes: 0, "
              "comments: a count beside the comments subcollection, date ms, owner uid}; "
              "posts/*/comments {comment, login (a display name), date}",
}

GRAPH = Graph(seed=233, users=9, posts=22)
for _p in GRAPH.posts:
    _p.likes = set()
DEFAULT_LOCATION = {
    "coords": {"accuracy": 600, "altitude": 0, "altitudeAccuracy": 0, "heading": 0,
               "latitude": Double(37.4220936), "longitude": Double(-122.083922), "speed": 0},
    "mocked": False, "timestamp": 1673563251459}
PLACES = ["Kyiv, Ukraine", "Lviv", "Odesa, the sea", "Dnipro"]
GONE_POST = "Xq3dELeTedInC0nsoLe7"


def race():
    """The post whose counter lost the race: one with two comments or more."""
    return next(p for p in GRAPH.posts if len(p.comments) >= 2)


def location(i, p):
    if i % 3 == 2:
        return DEFAULT_LOCATION
    return {"coords": {"accuracy": Double(12.5 + i), "altitude": Double(180.0 + i), "altitudeAccuracy": Double(3.5),
                       "heading": 0, "latitude": Double(50.45 + i / 100.0), "longitude": Double(30.52 + i / 100.0),
                       "speed": 0},
            "mocked": False, "timestamp": millis(p.time) - 4000}


def documents():
    g = GRAPH
    rng = g.rng
    lost = race()
    docs = {}
    for i, p in enumerate(g.posts):
        docs["posts/" + p.key] = {
            "photoUrl": p.image, "title": p.caption, "locationTitle": PLACES[i % len(PLACES)] if i % 5 else "",
            "location": location(i, p), "likes": 0, "comments": len(p.comments) - (1 if p is lost else 0),
            "date": millis(p.time), "owner": p.owner}
        for c in p.comments:
            docs["posts/%s/comments/%s" % (p.key, c.key)] = {
                "comment": c.text, "login": g.user(c.author).username, "date": millis(c.time)}
    # drift: a post deleted in the console; its comments subcollection stays
    t = datetime.datetime(2021, 3, 20, 18, 0, tzinfo=datetime.timezone.utc)
    for k, u in enumerate(g.users[:2]):
        docs["posts/%s/comments/%s" % (GONE_POST, push_id(rng))] = {
            "comment": "bridge rain", "login": u.username, "date": millis(t) + 60000 * k}
    return docs


def truth():
    g = GRAPH
    lost = race()
    # The counter shares its name with the subcollection: the tree keys it `comments%`
    # (docs/firestore.md, "One tree"), the subcollection keeps `comments`.
    findings = [{"code": "comment_count_mismatch", "path": "posts/%s/comments%%" % lost.key},
                {"code": "comment_dangling", "path": "posts/%s/comments" % GONE_POST}]
    out = g.truth(findings, follows=False, posters_only=True)
    for post in out["posts"].values():
        post["likes"] = 0   # the app's counter, never raised: its screen shows 0
    return out

"""EvanBacon/firebase-instagram: React Native (Expo), Cloud Firestore, Evan Bacon's
"Instagram clone using Firebase, React Native & Expo" (a Snack and an article, the
Expo Firestore example most forked). Sign-in is anonymous; there is no users
collection, no likes, no comments, no follows. Fire.post writes one document per photo
with `add()` into a collection named after the Snack, `snack-SJucFknGX/<autoId>`
{text, uid (the anonymous uid), timestamp (Date.now(): milliseconds), imageWidth,
imageHeight, image (the Storage download URL), user: getUserInfo() = {deviceId,
deviceName, platform}}; the feed shows `user.deviceName` as the poster's name.

Covers: posts with no users collection, in a collection whose name says nothing (a
Snack id); the poster's name in a map inside the post (`user.deviceName`, a device's
name with spaces: "Ana's iPhone"); times as milliseconds; a device identifier
(`user.deviceId`, hidden: never published).

Drift, as the app suffers it: the name is copied into each post when it is written, and
a phone renamed in its settings gives its new name to the new posts only: one user's
two older posts keep the old name (poster_mismatch at `user/deviceName`, set to the
newest post's, as docs/audit-rules.md's "Users implied by posts" says).
"""
import uuid

from _graph import Graph, millis, push_id

APP = {
    "name": "evanbacon_instagram",
    "repo": "EvanBacon/firebase-instagram",
    "files": ["Fire.js (post, uploadPhotoAsync, getPaged, uid, timestamp)", "utils/getUserInfo.js (getUserInfo)",
              "utils/uploadPhoto.js", "screens/NewPostScreen.js", "screens/FeedScreen.js", "components/Item.js"],
    "database": "firestore",
    "layout": "no users, no likes, no comments: snack-SJucFknGX/<autoId> {text, uid, timestamp ms, image, imageWidth, imageHeight, user {deviceId, deviceName, platform}}",
}

COLLECTION = "snack-SJucFknGX"
GRAPH = Graph(seed=149, users=10, posts=24)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng)
    _p.likes = set()
    _p.comments = []
DEVICE = {u.uid: str(uuid.UUID(int=GRAPH.rng.getrandbits(128))).upper() for u in GRAPH.users}
PHONES = ["iPhone", "iPhone", "Pixel 3", "Galaxy S9"]


def device_name(u, i):
    return "%s's %s" % (u.username.capitalize(), PHONES[i % len(PHONES)])


def platform(i):
    if PHONES[i % len(PHONES)] == "iPhone":
        return {"ios": {"model": "iPhone 8", "platform": "iPhone10,4", "userInterfaceIdiom": "handset",
                        "systemVersion": "12.1"}}
    return {"android": {"versionCode": 1}}


def renamed():
    """The user whose phone was renamed, and their posts written under the old name."""
    g = GRAPH
    u = g.users[1]
    mine = sorted((p for p in g.posts if p.owner == u.uid), key=lambda p: p.time)
    return u, mine[:2]


def documents():
    g = GRAPH
    u_renamed, old = renamed()
    docs = {}
    for p in g.posts:
        i = g.users.index(g.user(p.owner))
        u = g.users[i]
        name = device_name(u, i)
        if p in old:
            name = "iPhone de %s" % u.username.capitalize()
        docs["%s/%s" % (COLLECTION, p.key)] = {
            "text": p.caption, "uid": p.owner, "timestamp": millis(p.time), "imageWidth": 1080,
            "imageHeight": 1350 if i % 2 else 1080, "image": p.image,
            "user": {"deviceId": DEVICE[p.owner], "deviceName": name, "platform": platform(i)},
        }
    return docs


def truth():
    g = GRAPH
    _, old = renamed()
    findings = [{"code": "poster_mismatch", "path": "%s/%s/user/deviceName" % (COLLECTION, p.key)} for p in old]
    out = g.truth(findings, follows=False, posters_only=True, hidden=sorted(DEVICE.values()))
    for post in out["posts"].values():
        del post["likes"]      # the app keeps no likes
        del post["comments"]   # nor comments
    return out

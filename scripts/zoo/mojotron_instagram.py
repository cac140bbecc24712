"""mojotron/instagram-clone: React (web, firebase v9), Firestore. Users keyed by auth uid
{uid, userName, fullName, emailAddress, following: [uids], followers: [uids], posts: [post
ids, newest first] (the index the profile reads), savedPosts: [post ids], messages:
[{messageTo, messageDocId}], avatar: {url, fileName} (the photo in a map), bio, website,
online: {status, lastLoggedOut}, newNotification, createdAt}; every write of a list is the
whole list as the client last saw it. Beside them: public_usernames/<userName>
{userName} (to refuse a taken name), search_users/<first letter> {users: {<userName>:
<uid>}}, notifications/<uid> {notifications: [{createdAt, fromUserId, post, content,
payload}]} (one document per user, the last 19), and messages/<autoId> {users: [a, b],
messages: [{type, content, from, createdAt}]}. Flat posts `posts/<autoId>` {uid, creator,
images: [{url, fileName, alt, filter, layers}] (one to three: an album), dimensions: {...},
caption, location, disableLikes, disableComments, likes: [{uid, userName}], comments:
[{text, userID, replies: [{text, userID, createdAt}], createdAt}], createdAt, docId (set by
a third write)}.

Covers: likes as an array of maps naming the liker by `uid` (and a copy of their
userName); comments as an array of maps in the post, with replies nested in each comment
(not comments of the post: the app counts `comments`); albums as a list of image maps; a
post index and saved posts as arrays of ids in the user; the avatar in a map; a root keyed
by usernames (public_usernames) and one holding a map of usernames to ids (search_users)
beside the users; notifications as one document per user; chats (hidden); emails (hidden);
times as timestamps.

Drift, as the app suffers it:
- CreateNewPost writes the post, then the user's `posts` with its id prepended, then the
  post's docId: the second write lost ("Connection lost"): the post is in no index
  (user_post_missing), and has no docId (no finding: the key is the id).
- follow() writes the follower's `following`, then the target's `followers` (each the whole
  list): the second lost (follow_mirror_missing at the target's `followers`).
- deletePost removes the id from the owner's `posts`, deletes the post, then takes it out
  of everyone's `savedPosts` (_cleanDeletedPost): the last step lost, a reader's
  `savedPosts` still names the deleted post (no finding: saved posts are not published)."""
import datetime
import random

from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "mojotron_instagram",
    "repo": "mojotron/instagram-clone",
    "files": ["src/pages/Signup/Signup.js (userAccount)", "src/hooks/useSignup.js (signup)",
              "src/hooks/useFirestore.js (addDocument, updateDocument, createDocWithCustomID)",
              "src/pages/CreateNewPost/CreateNewPost.js (handleCreatePost)",
              "src/context/UserPostContext.js (postInfo, dimensions)", "src/hooks/useStorage.js (upload)",
              "src/hooks/usePost.js (deletePost, _cleanDeletedPost, toggleLike, toggleSavePost, addComment, "
              "addReplyToComment)",
              "src/hooks/useFollow.js (follow, unfollow, removeFollower)",
              "src/hooks/useNotifications.js (addNotification, mentionUserNotification)",
              "src/hooks/useMessages.js (_createMessageDoc, addMessage)", "src/hooks/useSearchUsers.js (addToBucket)",
              "src/constants/constants.js (limits)"],
    "database": "firestore",
    "layout": "users {following[], followers[], posts[], savedPosts[], avatar {url}}; flat posts images[{url}] albums, likes [{uid, userName}], comments [{text, userID, replies}]; notifications/<uid> one doc; messages; search_users",
}

GRAPH = Graph(seed=64, users=11, posts=26)
_rng = random.Random(6400)


def _auto():
    return push_id(_rng)


for _p in GRAPH.posts:
    _p.key = _auto()
DELETED = _auto()
CHAT_TEXTS = ["is the rooftop open tonight?", "until eleven, bring a jacket"]


def images(i, p):
    base = p.image.rsplit(".", 1)[0]
    urls = [p.image] + (["%s-%d.jpg" % (base, k) for k in (1, 2)] if i % 4 == 2 else [])
    return [{"url": u, "fileName": "postImages/%s-%d.jpg" % (p.key.lower(), n), "alt": "", "filter": "",
             "layers": []} for n, u in enumerate(urls)]


def drift():
    g = GRAPH
    unindexed = next(p for p in g.posts[5:] if p.owner != g.users[0].uid)
    follower, followed = sorted(g.follows)[4]
    saver = g.users[6]
    return unindexed, follower, followed, saver


def documents():
    g = GRAPH
    unindexed, follower, followed, saver = drift()
    docs = {}
    start = g.posts[0].time - datetime.timedelta(days=3)
    buckets = {}
    for i, u in enumerate(g.users):
        own = sorted((p for p in g.posts if p.owner == u.uid), key=lambda p: p.time, reverse=True)
        saved = [p.key for p in g.posts[i::7] if p.owner != u.uid][:2]
        docs["users/" + u.uid] = {
            "userName": u.username, "fullName": u.name, "emailAddress": u.email,
            "following": g.following(u.uid), "followers": g.followers(u.uid),
            "posts": [p.key for p in own if p is not unindexed], "savedPosts": saved, "messages": [],
            "avatar": {"url": u.avatar, "fileName": "avatars/%s.jpg" % u.username}, "bio": u.bio, "website": "",
            "online": {"status": i % 3 == 0, "lastLoggedOut": Timestamp(iso(g.posts[-1].time))},
            "newNotification": i % 2 == 0, "uid": u.uid,
            "createdAt": Timestamp(iso(start + datetime.timedelta(minutes=i))),
        }
        docs["public_usernames/" + u.username] = {"userName": u.username,
                                                  "createdAt": Timestamp(iso(start + datetime.timedelta(minutes=i)))}
        buckets.setdefault(u.username[0].upper(), {})[u.username] = u.uid
    for letter, users in buckets.items():
        docs["search_users/" + letter] = {"users": users, "createdAt": Timestamp(iso(start))}
    notes = {u.uid: [] for u in g.users}
    for i, p in enumerate(g.posts):
        comments = [{"text": c.text, "userID": c.author, "replies": [], "createdAt": Timestamp(iso(c.time))}
                    for c in p.comments]
        if comments and i % 5 == 0:
            replier = g.users[(i + 3) % len(g.users)].uid
            comments[0]["replies"].append({"text": "@%s so true" % g.user(p.comments[0].author).username,
                                           "userID": replier,
                                           "createdAt": Timestamp(iso(p.comments[0].time + datetime.timedelta(hours=1)))})
        docs["posts/" + p.key] = {
            "images": images(i, p),
            "dimensions": {"aspectRatio": {"width": "100%", "height": "100%"}, "zoomLevel": "1",
                           "position": {"x": 0, "y": 0}},
            "caption": p.caption, "location": "", "disableLikes": False, "disableComments": False,
            "comments": comments, "likes": [{"uid": u, "userName": g.user(u).username} for u in sorted(p.likes)],
            "uid": p.owner, "creator": p.owner, "createdAt": Timestamp(iso(p.time)), "docId": p.key,
        }
        for u in sorted(p.likes):
            if u != p.owner:
                notes[p.owner].insert(0, {"createdAt": Timestamp(iso(p.time + datetime.timedelta(hours=2))),
                                          "fromUserId": u, "post": p.key, "content": "liked your post.",
                                          "payload": ""})
    for uid, items in notes.items():
        docs["notifications/" + uid] = {"notifications": items[:19],
                                        "createdAt": Timestamp(iso(start))}
    a, b = g.users[0], g.users[3]
    chat = _auto()
    docs["messages/" + chat] = {"users": [a.uid, b.uid], "messages": [
        {"type": "text-message", "content": text, "from": (b if k else a).uid,
         "createdAt": Timestamp(iso(g.posts[9].time + datetime.timedelta(minutes=k)))}
        for k, text in reversed(list(enumerate(CHAT_TEXTS)))]}
    docs["users/" + a.uid]["messages"] = [{"messageTo": b.uid, "messageDocId": chat}]
    docs["users/" + b.uid]["messages"] = [{"messageTo": a.uid, "messageDocId": chat}]
    # drift 1: unindexed is in no `posts` (above) and has no docId.
    del docs["posts/" + unindexed.key]["docId"]
    # drift 2: the target's `followers` never got the follower.
    docs["users/" + followed]["followers"].remove(follower)
    # drift 3 (no finding): a deleted post still saved by one reader.
    docs["users/" + saver.uid]["savedPosts"].insert(0, DELETED)
    return docs


def truth():
    g = GRAPH
    unindexed, follower, followed, saver = drift()
    findings = [
        {"code": "user_post_missing", "path": "users/%s/posts/%s" % (unindexed.owner, unindexed.key)},
        {"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (followed, follower)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users] + CHAT_TEXTS)

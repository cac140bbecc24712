"""igips/instagram-clone: a React web app (Redux, HashRouter) on Cloud Firestore, everything
in ONE collection: `usernames/<autoId>` (addDoc at sign-up, SignUpModal.signUp) {uid (the
sign-in uid, read only to find one's own document), username, following: [usernames],
followers: [usernames], posts: [post maps], unReadNoti (a number), notifications: [{username,
content, postID?, date}], messages: [{conversation: [{date, username, text}], date,
username, username2}] (each conversation kept whole in both people's documents; every user
starts with the author's welcome from "igips"), unReadMessages: [usernames], avatar (only
once a photo is uploaded: ProfilePage)}. No email is stored. Every other user is found by
scanning the collection for a username (getDocId), so users are named by USERNAME
everywhere: in follows, likes, comments, tags, notifications and chats.

The POSTS ARE AN ARRAY OF MAPS IN THE OWNER'S DOCUMENT (AddPostModal.submitPost: arrayUnion)
{id: uniqid() (in a browser: the time in base 36, 8 characters), likes: {num, users:
[usernames]}, comments: [{username, comment, id, likes: {num, users}, date}], username (the
owner's, which getDocId uses to find the document), description, pic: {src (a Storage
URL), tags: [{username, locY, locX}]}, date (ms)}. A like, a comment or a like of a comment
(App.likePicture, addComment, likeComment) does `arrayRemove(post)` then `arrayUnion(newP)`:
the post moves to the END of the array, so a post's index changes with every like; the
app knows a post by its `id` (getPostDataFromPostsArray, notifications' postID).

Covers: users keyed by auto ids and named by username in every edge; follows as arrays of
usernames on both sides; posts as an array of maps with ids in the user's document, kept in
order of last change; likes as a map holding a counter and an array of usernames
(`likes: {num, users}`), the same shape again inside each comment (comment likes, not post
likes); photo tags naming users (`pic.tags`); the image URL inside a map (`pic.src`);
notifications, chats and an array of usernames that is no follow (`unReadMessages`) in the
user's document (the chat texts hidden).

Drift, as the app suffers it: follow() and unFollow() write one's own `following` at once
but the other user's `followers` only after getDocId has read the whole collection, with
no batch: a follow whose `followers` half never landed (the tab closed), and an unfollow
whose `followers` half never landed (the follower still listed: the repair, the union of
both sides, keeps the follow).
"""
import datetime
import random
import uuid

from _graph import Graph, millis, push_id

APP = {
    "name": "igips_instagram",
    "repo": "igips/instagram-clone",
    "files": ["src/components/Modals/SignUpModal.js (usernameAvailable, signUp)",
              "src/components/Modals/AddPostModal.js (submitPost, editPost, removeTag, the tag dropdown)",
              "src/components/App.js (removePost, removeComment, addComment, likeComment, likePicture, follow, unFollow, clearNotifications)",
              "src/components/PictureCard.js (AddCommentSection: the comment map)",
              "src/components/ProfilePage.js (the avatar upload, the counts)",
              "src/components/Inbox.js (sending and deleting messages)",
              "src/components/Modals/ShareModal.js (a post sent as a message)",
              "src/index.js (getUserData, getUsers, getDocId)"],
    "database": "firestore",
    "layout": "one collection usernames/<autoId> {username, following/followers: [usernames], posts: [{id, likes: {num, users: [usernames]}, comments: [{username, comment, likes}], pic: {src, tags}, date ms}], notifications, messages}",
}

GRAPH = Graph(seed=4242, users=10, posts=24)
GRAPH.users[0].username = "igips"          # the author's own account: every welcome message is from it
BUCKET = "https://firebasestorage.googleapis.com/v0/b/instagram-clone-33934.appspot.com/o/"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def uniqid(time):
    """uniqid() in a browser: the time in milliseconds in base 36."""
    ms, out = millis(time), ""
    while ms:
        out = B36[ms % 36] + out
        ms //= 36
    return out


for _p in GRAPH.posts:
    _p.key = uniqid(_p.time + datetime.timedelta(milliseconds=GRAPH.rng.randrange(60000)))
    for _c in _p.comments:
        _c.key = uniqid(_c.time + datetime.timedelta(milliseconds=GRAPH.rng.randrange(60000)))
DOC = {u.uid: push_id(random.Random(4243 + i)) for i, u in enumerate(GRAPH.users)}   # addDoc's auto ids
WELCOME = "Hi %s, Thanks for signing up and testing my project. Please look around and test all the features you can."
CHATS = ["are you going to the harbour market on saturday?", "yes, around ten, bring the good camera"]


def drift():
    """(a, b): a follows b, b's `followers` lacks a; (c, d): c unfollowed d, only c's side went."""
    follows = sorted(GRAPH.follows)
    return follows[2], follows[9]


def names(uids):
    return [GRAPH.user(u).username for u in uids]


def post_map(g, p):
    rng = random.Random(p.key)
    tags = []
    if rng.random() < 0.3:
        tagged = rng.choice([u.uid for u in g.users if u.uid != p.owner])
        tags = [{"username": g.user(tagged).username, "locY": rng.randrange(10, 90), "locX": rng.randrange(10, 90)}]
    comments = []
    for c in p.comments:
        likers = sorted(u.uid for u in g.users if rng.random() < 0.15)
        comments.append({"username": g.user(c.author).username, "comment": c.text, "id": c.key,
                         "likes": {"num": len(likers), "users": names(likers)}, "date": millis(c.time)})
    return {"id": p.key, "likes": {"num": len(p.likes), "users": names(sorted(p.likes))}, "comments": comments,
            "username": g.user(p.owner).username, "description": p.caption,
            "pic": {"src": BUCKET + "images%%2F%s?alt=media&token=%s" % (p.key, uuid.UUID(int=rng.getrandbits(128))),
                    "tags": tags},
            "date": millis(p.time)}


def documents():
    g = GRAPH
    (a, b), (c, d) = drift()
    docs = {}
    author = g.users[0].username
    for i, u in enumerate(g.users):
        own = [p for p in g.posts if p.owner == u.uid]
        # a like or a comment moves the post to the end of the array (arrayRemove, then arrayUnion)
        untouched = [p for p in own if not p.likes and not p.comments]
        touched = [p for p in own if p.likes or p.comments]
        notes = []
        for p in own:
            for x in sorted(p.likes):
                if x != u.uid:
                    notes.append({"username": g.user(x).username, "content": "liked your post.", "postID": p.key,
                                  "date": millis(p.time) + 3600000})
            for cm in p.comments:
                if cm.author != u.uid:
                    notes.append({"username": g.user(cm.author).username, "content": "commented your post.",
                                  "postID": p.key, "date": millis(cm.time)})
        for f in g.followers(u.uid):
            notes.append({"username": g.user(f).username, "content": "started following you.",
                          "date": millis(g.posts[0].time) - 86400000 + 60000 * len(notes)})
        joined = millis(g.posts[0].time) - 86400000 * (20 - i)
        messages = [{"conversation": [{"date": joined, "username": author, "text": WELCOME % u.username}],
                     "date": joined, "username": u.username, "username2": author}]
        doc = {"uid": u.uid, "username": u.username,
               "following": names(g.following(u.uid)), "followers": names(g.followers(u.uid)),
               "posts": [post_map(g, p) for p in untouched + touched], "unReadNoti": (i * 3) % 4,
               "notifications": notes, "messages": messages, "unReadMessages": [author] if i % 3 else []}
        if i % 4 != 3:
            doc["avatar"] = BUCKET + "avatars%%2F%s?alt=media&token=%s" % (
                u.username, uuid.UUID(int=random.Random(u.uid).getrandbits(128)))
        docs["usernames/" + DOC[u.uid]] = doc
    # a chat between two users, kept whole in both documents
    x, y = g.users[1], g.users[2]
    t0 = millis(g.posts[5].time)
    chat = {"conversation": [{"date": t0, "username": x.username, "text": CHATS[0]},
                             {"date": t0 + 90000, "username": y.username, "text": CHATS[1]}],
            "date": t0 + 90000, "username": x.username, "username2": y.username}
    docs["usernames/" + DOC[x.uid]]["messages"].append(chat)
    docs["usernames/" + DOC[y.uid]]["messages"].append(chat)
    docs["usernames/" + DOC[x.uid]]["unReadMessages"] = sorted(set(docs["usernames/" + DOC[x.uid]]["unReadMessages"]) | {y.username})
    # drift: follow() lost b's `followers` half; unFollow() lost d's `followers` half
    docs["usernames/" + DOC[b]]["followers"].remove(g.user(a).username)
    docs["usernames/" + DOC[c]]["following"].remove(g.user(d).username)
    return docs


def truth():
    g = GRAPH
    (a, b), (c, d) = drift()
    findings = [
        {"code": "follow_mirror_missing", "path": "usernames/%s/followers/%s" % (DOC[b], g.user(a).username)},
        {"code": "follow_mirror_missing", "path": "usernames/%s/following/%s" % (DOC[c], g.user(d).username)},
    ]
    return g.truth(findings, profile_key=lambda u: u.username, hidden=CHATS + [WELCOME % g.users[4].username])

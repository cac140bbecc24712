"""fuad-adetoro/Instagram-Clone2 (iOS, Swift, Firebase 4 SDK): Realtime Database.
`Users/<uid>` {userID, email and username both lowercased, fullName, photoURL, biograph,
website, gender, phoneNumber and phoneNumberEmail when signed up by phone} holding the
follows itself: `following: {<uid>: true}` and `followers: {<uid>: {userID, timestamp}}`
(the two halves spelled differently, written by two updateChildValues that do not wait
for each other), and the saved posts `savedPosts/<owner>/<postId>: {key, userID}`.
Posts by owner `Posts/<uid>/<pushId>` {caption (absent when empty or deleted),
imageURL, timestamp (seconds since 1970, a double), likes (a counter), userID, username
(a copy of the owner's), hashtags and mentions (space-separated text)} holding their
likes `likers/<uid>: {userID, timestamp}`, comments `comments/<pushId>: {timestamp,
userID, comment}`, saves `usersWhoSaved/<uid>: {userID}` and a report
`Reporters: {Reporter: <username>}`.

Covers: follows kept in the user record with a different value on each half (`true`
one way, a record holding the id the other); a like counter beside a map of like
records, both in the post; comments in the post; saved posts kept twice (in the post and
in the saver's record); times as seconds with a fraction; emails and phone numbers in
the user record (hidden).

Drift, as the app suffers it: incrementLikes reads the post, then writes `likes + 1`
(no transaction): two likes at once leave the counter one short; EditProfile writes the
new username to `Users/<uid>` only, so that user's posts keep the old one; followUser's
second write (`followers`) lost; likePost on a post deleted meanwhile writes
`Posts/<owner>/<key>/likers/<uid>` and then crashes reading the post, leaving a record
that holds only likes (the app's own fetchPosts skips records without `userID`).
"""
import datetime

from _graph import Graph, timed_push_id as push_id

APP = {
    "name": "fuad_instagram",
    "repo": "fuad-adetoro/Instagram-Clone2",
    "files": ["Instagram/PostService.swift (createPost, createPostInDatabase, likePost, incrementLikes, decrementLikes, dislikePost, postComment, deleteCaption, savePost, unSavePost, deletePost, reportPost, fetchPosts)",
              "Instagram/AccountService.swift (followUser, unFollowUser)",
              "Instagram/AuthService.swift (saveUserInfo, updateProfilePhoto, saveAdditionalUserInfo, updateEmail)",
              "Instagram/EditProfileViewController.swift (save: username, fullName, website, biograph, gender)",
              "Instagram/FourthSignUpViewController.swift (fullName)",
              "Instagram/Profile.swift", "Instagram/Post.swift", "Instagram/Comment.swift"],
    "database": "rtdb",
    "layout": "Users with following {uid: true} and followers {uid: {userID, timestamp}} inside, savedPosts; Posts/<uid>/<id> with likes counter, likers {uid: {userID, timestamp}}, comments, usersWhoSaved inside",
}


GRAPH = Graph(seed=81, users=11, posts=26)
for _p in GRAPH.posts:
    _p.time += datetime.timedelta(microseconds=GRAPH.rng.randrange(10**6))
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

STORAGE = "https://firebasestorage.googleapis.com/v0/b/instagram-clone-3a8f2.appspot.com/o/Posts%2F"
PHONES = {2: "+447700900123", 7: "+447700900456"}
TAGS = ["#sunset", "#citylife", "#nofilter"]
T_GONE = datetime.datetime(2021, 3, 18, 14, 30, tzinfo=datetime.timezone.utc)
GONE_POST = push_id(GRAPH.rng, T_GONE)


def stamp(time):
    return time.timestamp()


def drift():
    g = GRAPH
    counted = next(p for p in g.posts[4:] if len(p.likes) >= 2)        # the counter one short
    owners = [u for u in g.users if sum(1 for p in g.posts if p.owner == u.uid) >= 2]
    renamed = owners[1]                                               # renamed after posting
    follow = sorted(g.follows)[5]                                     # followers half lost
    gone_owner = g.users[3].uid
    gone_liker = next(u.uid for u in g.users if u.uid != gone_owner)
    return counted, renamed, follow, gone_owner, gone_liker


def documents():
    g = GRAPH
    rng = g.rng
    counted, renamed, (fa, fb), gone_owner, gone_liker = drift()
    tree = {"Users": {}, "Posts": {}}
    for i, u in enumerate(g.users):
        rec = {"userID": u.uid, "email": u.email, "username": u.username, "fullName": u.name}
        if i % 4 != 3:
            rec["photoURL"] = u.avatar
        if i % 3 == 0:
            rec["biograph"] = u.bio
        if i % 5 == 1:
            rec["website"] = "https://%s.example.net" % u.username
        if i % 2 == 0:
            rec["gender"] = ["Female", "Male", "Not Specified"][i % 3]
        if i in PHONES:
            rec["phoneNumber"], rec["phoneNumberEmail"] = PHONES[i], True
        tree["Users"][u.uid] = rec
    start = datetime.datetime(2021, 2, 20, 10, 0, tzinfo=datetime.timezone.utc)
    for n, (a, b) in enumerate(sorted(g.follows)):
        tree["Users"][a].setdefault("following", {})[b] = True
        tree["Users"][b].setdefault("followers", {})[a] = {
            "userID": a, "timestamp": stamp(start + datetime.timedelta(minutes=37 * n, microseconds=n * 1013))}
    for n, p in enumerate(g.posts):
        owner = g.user(p.owner)
        rec = {"imageURL": STORAGE + "%s%%2F%s?alt=media&token=%08x-5e1f-4c3a-9d2b-%012x" % (p.owner, p.key, n * 7919, n),
               "timestamp": stamp(p.time), "likes": len(p.likes), "userID": p.owner, "username": owner.username}
        if n % 5 != 2:   # no caption given (or deleted by deleteCaption)
            caption = p.caption
            if n % 4 == 1:
                caption += " " + TAGS[n % 3]
                rec["hashtags"] = TAGS[n % 3]
            if n % 6 == 3:
                mention = "@" + g.users[(n + 1) % len(g.users)].username
                caption += " with " + mention
                rec["mentions"] = mention
            rec["caption"] = caption
        if p.likes:
            rec["likers"] = {u: {"userID": u, "timestamp": stamp(p.time + datetime.timedelta(hours=1 + k))}
                             for k, u in enumerate(sorted(p.likes))}
        if p.comments:
            rec["comments"] = {c.key: {"timestamp": stamp(c.time), "userID": c.author, "comment": c.text}
                               for c in p.comments}
        tree["Posts"].setdefault(p.owner, {})[p.key] = rec
    # saved posts, kept in the post and in the saver's record
    for i, u in enumerate(g.users[:5]):
        for p in [p for p in g.posts if p.owner != u.uid][i::6][:2]:
            tree["Posts"][p.owner][p.key].setdefault("usersWhoSaved", {})[u.uid] = {"userID": u.uid}
            tree["Users"][u.uid].setdefault("savedPosts", {}).setdefault(p.owner, {})[p.key] = {"key": p.key, "userID": p.owner}
    reported = g.posts[9]
    tree["Posts"][reported.owner][reported.key]["Reporters"] = {"Reporter": g.users[6].username}
    # drift: the like counter one short (read, then write likes + 1, twice at once)
    tree["Posts"][counted.owner][counted.key]["likes"] = len(counted.likes) - 1
    # drift: a rename written to Users only; the posts keep the old username
    tree["Users"][renamed.uid]["username"] = renamed.username + ".photos"
    # drift: followUser's followers half lost
    del tree["Users"][fb]["followers"][fa]
    if not tree["Users"][fb]["followers"]:
        del tree["Users"][fb]["followers"]
    # drift: a like written to a post deleted meanwhile (the app then crashes reading it)
    tree["Posts"][gone_owner][GONE_POST] = {"likers": {gone_liker: {
        "userID": gone_liker, "timestamp": stamp(T_GONE + datetime.timedelta(minutes=3))}}}
    # the deleted post stays in a saver's savedPosts (beside the graph: no finding)
    tree["Users"][gone_liker].setdefault("savedPosts", {}).setdefault(gone_owner, {})[GONE_POST] = {
        "key": GONE_POST, "userID": gone_owner}
    return tree


def truth():
    g = GRAPH
    counted, renamed, (fa, fb), gone_owner, gone_liker = drift()
    findings = [
        {"code": "like_count_mismatch", "path": "Posts/%s/%s/likes" % (counted.owner, counted.key)},
        {"code": "follow_mirror_missing", "path": "Users/%s/followers/%s" % (fb, fa)},
        {"code": "like_dangling", "path": "Posts/%s/%s/likers" % (gone_owner, GONE_POST)},
    ]
    findings += [{"code": "poster_mismatch", "path": "Posts/%s/%s/username" % (p.owner, p.key)}
                 for p in g.posts if p.owner == renamed.uid]
    hidden = [u.email for u in g.users] + list(PHONES.values())
    return g.truth(findings, hidden=hidden)

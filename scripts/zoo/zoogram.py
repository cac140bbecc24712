"""KindofNihilist/Zoogram (iOS, Swift, async/await): Realtime Database, written through
Codable structs with Foundation's default JSONEncoder. `Users/<uid>` {userID, username,
name, bio, email, birthday, gender, profilePhotoURL, posts: 0 (never updated),
joinDate (seconds since 1970)}; `UsernamesForLookup/<uid>` {userID, username}; posts by
owner `Posts/<uid>/<pushId>` {userID, postID, photoURL, caption, postedDate}, fanned
out in one multi-path update to `Timelines/<u>/<postId>` (full copies, the owner's
own included) and `DiscoverPosts/<postId>`; `PostsLikes/<postId>/<uid>: {userID}`;
`PostComments/<postId>/<commentId>` {commentID, authorID, commentText, datePosted};
`Followers/<b>/<a>: {userID: a}`, `Following/<a>/<b>: {userID: b}`; `Bookmarks/<uid>/
<pushId>` {postID, postAuthorID} with `BookmarksReverseIndex/<postId>/<uid>`, and
`Activity/<uid>/<eventId>` {eventType, userID, postID, eventID, timestamp, text, seen}.

Covers: times as seconds since 2001-01-01 (`postedDate`, `datePosted`, `timestamp`:
Swift's `Date` encoded by JSONEncoder's default strategy, so a 1970-based reading is 31
years early; the truth cannot say dates yet); a timeline of full copies with the
reader's own posts, and a second root of copies (`DiscoverPosts`); likes and follows
as records holding the id; an activity feed, saved posts, emails and birthdays beside
the graph (hidden); a counter (`posts`) that the app writes once and never updates.

Drift, as the app suffers it: `posts` stays 0 (a `post_count_mismatch` for every user
who posted); unfollow (FollowSystemService) leaves the copies in the reader's timeline
and deletePost clears only the current followers' timelines, so a post deleted after
an unfollow stays in that reader's `Timelines` (`timeline_stale`); a like by a user
deleted since.
"""
import datetime

from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "zoogram",
    "repo": "KindofNihilist/Zoogram",
    "files": ["Zoogram/FirebaseServices/UserPostsService.swift (insertNewPost, deletePost, createDeletePostFromFollowersTimelineActions)",
              "Zoogram/FirebaseServices/FollowSystemService.swift (followUser, unfollowUser, insertFollower)",
              "Zoogram/FirebaseServices/LikeSystemService.swift (likePost)",
              "Zoogram/FirebaseServices/CommentSystemService.swift (postComment)",
              "Zoogram/FirebaseServices/BookmarksService.swift (bookmarkPost)",
              "Zoogram/FirebaseServices/ActivitySystemService.swift (addEventToUserActivity)",
              "Zoogram/FirebaseServices/UserDataService.swift (insertNewUser, insertLowercasedUsername)",
              "Zoogram/Models/UserPost.swift", "Zoogram/Models/ZoogramUser.swift", "Zoogram/Models/PostComment.swift",
              "Zoogram/Extensions/Extensions.swift (dictionary: JSONEncoder())"],
    "database": "rtdb",
    "layout": "Users (posts counter stuck at 0); Posts/<uid>/<id> copied to Timelines/<u> and DiscoverPosts; PostsLikes/PostComments by post; Followers/Following {userID}; times since 2001",
}

REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


def swift_date(time):
    """Foundation's JSONEncoder default: seconds since 2001-01-01 as a double."""
    return (time - REFERENCE).total_seconds() + 0.25


GRAPH = Graph(seed=51, users=10, posts=26)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

GHOST = "dEl3t3dUs3rXXq0pLm8NbVc2xZa1"
DELETED = push_id(GRAPH.rng, datetime.datetime(2021, 3, 29, 12, 0, tzinfo=datetime.timezone.utc))
BIRTHDAYS = ["%d %s %d" % (3 + i, m, 1988 + i) for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November"])]


def unfollowed():
    """A reader who once followed an owner (not in the graph now) and kept their copies."""
    g = GRAPH
    for p in g.posts:
        for u in g.users:
            if u.uid != p.owner and (u.uid, p.owner) not in g.follows:
                return u.uid, p.owner
    raise AssertionError


def post_record(p):
    return {"userID": p.owner, "postID": p.key, "photoURL": p.image, "caption": p.caption,
            "postedDate": swift_date(p.time)}


def documents():
    g = GRAPH
    rng = g.rng
    tree = {"Users": {}, "UsernamesForLookup": {}, "Posts": {}, "Timelines": {}, "DiscoverPosts": {},
            "PostsLikes": {}, "PostComments": {}, "Followers": {}, "Following": {}, "Bookmarks": {},
            "BookmarksReverseIndex": {}, "Activity": {}}
    for i, u in enumerate(g.users):
        tree["Users"][u.uid] = {
            "userID": u.uid, "username": u.username, "name": u.name, "bio": u.bio, "email": u.email,
            "birthday": BIRTHDAYS[i], "gender": ["Female", "Male", "Other"][i % 3], "posts": 0,
            "profilePhotoURL": u.avatar,
            "joinDate": datetime.datetime(2021, 2, 1 + i, tzinfo=datetime.timezone.utc).timestamp() + 0.5}
        tree["UsernamesForLookup"][u.uid] = {"userID": u.uid, "username": u.username}
    for a, b in sorted(g.follows):
        tree["Following"].setdefault(a, {})[b] = {"userID": b}
        tree["Followers"].setdefault(b, {})[a] = {"userID": a}
    for p in g.posts:
        tree["Posts"].setdefault(p.owner, {})[p.key] = post_record(p)
        tree["DiscoverPosts"][p.key] = post_record(p)
        for reader in [p.owner] + g.followers(p.owner):
            tree["Timelines"].setdefault(reader, {})[p.key] = post_record(p)
        if p.likes:
            tree["PostsLikes"][p.key] = {u: {"userID": u} for u in sorted(p.likes)}
        for u in sorted(p.likes):
            if u != p.owner:
                event = push_id(rng, p.time + datetime.timedelta(hours=1))
                tree["Activity"].setdefault(p.owner, {})[event] = {
                    "eventType": "postLiked", "userID": u, "postID": p.key, "eventID": event,
                    "timestamp": swift_date(p.time + datetime.timedelta(hours=1)), "seen": False}
        for c in p.comments:
            tree["PostComments"].setdefault(p.key, {})[c.key] = {
                "commentID": c.key, "authorID": c.author, "commentText": c.text, "datePosted": swift_date(c.time)}
    for i, u in enumerate(g.users[:4]):
        for p in [p for p in g.posts if p.owner != u.uid][i::7][:2]:
            mark = push_id(rng, p.time + datetime.timedelta(days=1))
            tree["Bookmarks"].setdefault(u.uid, {})[mark] = {"postID": p.key, "postAuthorID": p.owner}
            tree["BookmarksReverseIndex"].setdefault(p.key, {})[u.uid] = {"userID": u.uid, "bookmarkID": mark}
    # drift: a post deleted after `reader` unfollowed its owner stays in reader's timeline.
    reader, owner = unfollowed()
    gone = next(p for p in g.posts if p.owner == owner)
    copy = dict(post_record(gone), postID=DELETED, photoURL=gone.image.replace(".jpg", "-deleted.jpg"))
    tree["Timelines"][reader][DELETED] = copy
    # drift: a like by a user deleted since.
    tree["PostsLikes"].setdefault(g.posts[7].key, {})[GHOST] = {"userID": GHOST}
    return tree


def truth():
    g = GRAPH
    reader, _ = unfollowed()
    findings = [{"code": "timeline_stale", "path": "Timelines/%s/%s" % (reader, DELETED)},
                {"code": "like_dangling", "path": "PostsLikes/%s/%s" % (g.posts[7].key, GHOST)}]
    for u in g.users:
        if any(p.owner == u.uid for p in g.posts):
            findings.append({"code": "post_count_mismatch", "path": "Users/%s/posts" % u.uid})
    hidden = [u.email for u in g.users] + BIRTHDAYS[:len(g.users)]
    return g.truth(findings, hidden=hidden)

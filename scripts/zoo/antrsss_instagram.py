"""Antrsss/instagram-app: Android (Kotlin, Jetpack Compose, Hilt), Firestore, photos on
Cloudinary. Users are `profiles/<uid>` {userUid, username, name, followersCount,
followingCount, photoUrl, bio, website, isPrivate} (ProfileRepository.createProfile
writes the Profile object; editProfile updates isPrivate); posts at `posts/<UUID>`
{authorUid, creationTime, description, imageUrls: [...], likes, postUuid} written from the
Post data class, whose `postUuid: java.util.UUID` the SDK's bean mapper stores as a map
{leastSignificantBits, mostSignificantBits}; likes as root documents
`likes/<postUuid>_<uid>` {postUuid (text), userId, timestamp} with the post's `likes`
counter set in the same transaction; comments as root documents `comments/<autoId>`
{authorUid, authorUsername, postUuid (again a UUID map), text, creationTime, likes: [uid],
id}; bookmarks `bookmarks/<postUuid>_<uid>` {postUuid, userId, timestamp}; stories
`stories/<UUID>` {authorUid, creationTime, expirationTime, isVisible, photoUrl, likes,
storyUuid}.

Covers: private accounts (`isPrivate`); albums (`imageUrls[]`); likes as root documents
holding ids (the key joins post and user); counters as ints; follower/following counters
the app never changes with no follows stored (followersCount/followingCount stay 0);
saved posts (bookmarks) and stories beside the graph;
times as timestamps; a users collection not named users (`profiles`).

Follows: the profile keeps follower and following counters and the screen has a Follow
button, so the app has follows, none of them written yet: every profile shows 0
followers and 0 following (an app with no follows at all shows no counts; this one shows
its zeros). Not expressible in the truth yet: follow requests. The profile screen shows "Request"
on a private account but writes nothing; there are no follow edges at all.

Private account: the truth keeps the profile with its counts, marked `private` (its page
is the header and "This account is private" alone), lists none of its posts (no post page,
no grid) and puts their captions and photo URLs in `hidden`.

Albums: every third post holds three `imageUrls`; the truth lists it as one post. A right
page shows every URL of `imageUrls` in order (and the tile marks it an album); the
checker does not check items yet (issue 38).

Comments: CommentRepository.getPostComments queries `postUuid == "<uuid text>"`, but the
Comment data class stores postUuid as a UUID map, so the app itself shows no comment on
any post; a right reading links none either (the truth counts 0 comments per post) and
reports none (the map is no post id).

Drift, as the app suffers it: ProfileRepository.deleteProfile deletes the profile document
only: its posts stay (post_orphan, kept and not published) and its likes stay
(like_dangling at the like document) and are still counted in the liked post's `likes`
(like_count_mismatch)."""
import datetime
import random
import uuid

from _graph import Graph, iso
from firestore_emulator import Timestamp

APP = {
    "name": "antrsss_instagram",
    "repo": "Antrsss/instagram-app",
    "files": ["app/src/main/java/com/example/instagramapp/repos/ProfileRepository.kt (createProfile, editProfile, deleteProfile)",
              "repos/PostRepository.kt (createPost, deletePost, deletePostRelatedData, likePost, saveToBookmarks)",
              "repos/CommentRepository.kt (createComment, getPostComments, likeComment)",
              "repos/StoryRepository.kt", "models/Profile.kt", "models/Post.kt", "models/Comment.kt",
              "models/Story.kt", "screens/ProfileScreen.kt"],
    "database": "firestore",
    "layout": "profiles with isPrivate; posts/<UUID> imageUrls[] albums, postUuid as a UUID map; root likes <post>_<uid>; root comments; bookmarks; stories",
}

GRAPH = Graph(seed=52, users=11, posts=28)
_rng = random.Random(5200)
for _p in GRAPH.posts:
    _p.key = str(uuid.UUID(int=_rng.getrandbits(128), version=4))
PRIVATE = GRAPH.users[1]
for _n, _p in enumerate(p for p in GRAPH.posts if p.owner == PRIVATE.uid):
    _p.caption = "Only for friends: %s, day %d" % (_p.caption.lower(), _n + 1)  # unique, hidden
GHOST = "Hq7TmW2xYc9LpR4sV8nB3kD6fJ1z"  # a deleted profile
GHOST_POST = str(uuid.UUID(int=_rng.getrandbits(128), version=4))


def signed(n):
    return n - (1 << 64) if n >= 1 << 63 else n


def uuid_map(text):
    """A java.util.UUID as the Firestore Android SDK's bean mapper writes it."""
    u = uuid.UUID(text)
    return {"leastSignificantBits": signed(u.int & ((1 << 64) - 1)), "mostSignificantBits": signed(u.int >> 64)}


def images(i, p):
    if i % 3 == 0:
        base = p.image.rsplit(".", 1)[0]
        return [p.image] + ["%s-%d.jpg" % (base, k) for k in (1, 2)]
    return [p.image]


def ghost_liked():
    return next(p for p in GRAPH.posts[4:] if p.owner != PRIVATE.uid)


def documents():
    g = GRAPH
    docs = {}
    for u in g.users:
        docs["profiles/" + u.uid] = {
            "userUid": u.uid, "username": u.username, "name": u.name, "followersCount": 0, "followingCount": 0,
            "photoUrl": u.avatar, "bio": u.bio, "website": None if g.users.index(u) % 2 else "https://%s.example.org" % u.username,
            "isPrivate": u is PRIVATE,
        }
    for i, p in enumerate(g.posts):
        docs["posts/" + p.key] = {
            "authorUid": p.owner, "creationTime": Timestamp(iso(p.time)), "description": p.caption,
            "imageUrls": images(i, p), "likes": len(p.likes), "postUuid": uuid_map(p.key),
        }
        for u in sorted(p.likes):
            docs["likes/%s_%s" % (p.key, u)] = {"postUuid": p.key, "userId": u,
                                                "timestamp": Timestamp(iso(p.time + datetime.timedelta(hours=5)))}
        for c in p.comments:
            a = g.user(c.author)
            docs["comments/" + c.key] = {
                "authorUid": c.author, "authorUsername": a.username, "postUuid": uuid_map(p.key), "text": c.text,
                "creationTime": Timestamp(iso(c.time)), "likes": [], "id": ""}
    for i, u in enumerate(g.users[:4]):
        p = next(p for p in g.posts[i * 2:] if p.owner != u.uid and p.owner != PRIVATE.uid)
        docs["bookmarks/%s_%s" % (p.key, u.uid)] = {"postUuid": p.key, "userId": u.uid,
                                                    "timestamp": Timestamp(iso(p.time + datetime.timedelta(days=1)))}
    for i, u in enumerate(g.users[:3]):
        s = str(uuid.UUID(int=_rng.getrandbits(128), version=4))
        t = g.posts[-1].time + datetime.timedelta(hours=i)
        docs["stories/" + s] = {"authorUid": u.uid, "creationTime": Timestamp(iso(t)),
                                "expirationTime": Timestamp(iso(t + datetime.timedelta(days=1))), "isVisible": True,
                                "photoUrl": "https://example.com/stories/%s.jpg" % u.username, "likes": 0,
                                "storyUuid": uuid_map(s)}
    # drift: a deleted profile; its post and its like stayed (the like still counted).
    docs["posts/" + GHOST_POST] = {
        "authorUid": GHOST, "creationTime": Timestamp("2021-02-20T10:00:00Z"), "description": "Old harbour",
        "imageUrls": ["https://example.com/photos/gone.jpg"], "likes": 0, "postUuid": uuid_map(GHOST_POST)}
    liked = ghost_liked()
    docs["likes/%s_%s" % (liked.key, GHOST)] = {"postUuid": liked.key, "userId": GHOST,
                                               "timestamp": Timestamp(iso(liked.time + datetime.timedelta(hours=1)))}
    docs["posts/" + liked.key]["likes"] += 1
    return docs


def truth():
    g = GRAPH
    liked = ghost_liked()
    findings = [
        {"code": "post_orphan", "path": "posts/" + GHOST_POST},
        {"code": "like_dangling", "path": "likes/%s_%s" % (liked.key, GHOST)},
        {"code": "like_count_mismatch", "path": "posts/%s/likes" % liked.key},
    ]
    t = g.truth(findings, follows=False, private=[PRIVATE.uid])
    for profile in t["profiles"].values():
        profile["followers"] = profile["following"] = 0  # the counters, and no follow written
    for p in g.posts:
        t["posts"][p.key]["comments"] = 0  # linked by a UUID map the app itself never matches
        if p.owner == PRIVATE.uid:
            del t["posts"][p.key]
            t["hidden"] += [p.caption] + images(g.posts.index(p), p)
    t["hidden"].append("https://example.com/photos/gone.jpg")
    return t

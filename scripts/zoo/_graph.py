"""A small social graph every zoo app writes in its own shape (scripts/make-zoo-fixtures).

    g = Graph(seed=1, users=12, posts=30)
    g.users      [User(uid, username, name, email, avatar, bio)]
    g.follows    {(follower uid, followed uid)}   no self-follow
    g.posts      [Post(key, owner uid, caption, image, time (aware datetime), likes {uid}, comments [Comment])]
    g.truth(findings, follows=True)   truth.json's profiles and posts of this graph (as it
                                      is before the drift: the drift is what the audit finds)

Deterministic for a seed; names, captions and times are plain and readable.
"""
import datetime
import random
import uuid

FIRST = ["ana", "ben", "chloe", "dev", "emma", "femi", "gus", "hana", "ivan", "jo", "kai", "lena", "milo",
         "nora", "omar", "pia", "quinn", "rosa", "sam", "tara", "uli", "vera", "wes", "yuki", "zoe"]
WORDS = ["morning", "light", "harbour", "coffee", "market", "rain", "bridge", "garden", "train", "sunset",
         "street", "bread", "river", "snow", "window", "bicycle", "lantern", "tide", "orchard", "roof"]


class User:
    def __init__(self, uid, username, name, email, avatar, bio):
        self.uid, self.username, self.name, self.email, self.avatar, self.bio = uid, username, name, email, avatar, bio


class Comment:
    def __init__(self, key, author, text, time):
        self.key, self.author, self.text, self.time = key, author, text, time


class Post:
    def __init__(self, key, owner, caption, image, time, likes, comments):
        self.key, self.owner, self.caption, self.image, self.time = key, owner, caption, image, time
        self.likes, self.comments = likes, comments


def push_id(rng, length=20):
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    return "".join(rng.choice(alphabet) for _ in range(length))


class Graph:
    def __init__(self, seed=1, users=12, posts=30, uid=None):
        """uid(rng, i, username) makes a user's id (default: a 28-character auth uid)."""
        rng = random.Random(seed)
        self.rng = rng
        start = datetime.datetime(2021, 3, 1, 9, 0, tzinfo=datetime.timezone.utc)
        self.users = []
        for i in range(users):
            username = FIRST[i % len(FIRST)] + ("" if i < len(FIRST) else str(i))
            key = uid(rng, i, username) if uid else push_id(rng, 28)
            self.users.append(User(key, username, username.capitalize() + " " + chr(65 + i % 26) + ".",
                                   username + "@example.com", "https://example.com/avatars/%s.jpg" % username,
                                   "Photos of %s" % rng.choice(WORDS)))
        ids = [u.uid for u in self.users]
        self.follows = {(a, b) for a in ids for b in ids if a != b and rng.random() < 0.3}
        self.posts = []
        for i in range(posts):
            owner = rng.choice(ids[: max(1, len(ids) - 2)])  # the last two users post nothing
            likes = {u for u in ids if rng.random() < 0.25}
            comments = [Comment(push_id(rng), rng.choice(ids), "%s %s" % (rng.choice(WORDS), rng.choice(WORDS)),
                                start + datetime.timedelta(days=i, hours=2 + j))
                        for j in range(rng.choice([0, 0, 1, 2, 3]))]
            self.posts.append(Post(push_id(rng), owner, "The %s and the %s" % (rng.choice(WORDS), rng.choice(WORDS)),
                                   "https://example.com/photos/%d.jpg" % i, start + datetime.timedelta(days=i),
                                   likes, comments))

    def user(self, uid):
        return next(u for u in self.users if u.uid == uid)

    def followers(self, uid):
        return sorted(a for a, b in self.follows if b == uid)

    def following(self, uid):
        return sorted(b for a, b in self.follows if a == uid)

    def truth(self, findings, follows=True, profile_key=None, hidden=(), posters_only=False, private=()):
        """truth.json: each profile's counts and each post's owner, likes and comments.
        follows=False: the app keeps no follows (the counts must be absent from the pages).
        profile_key(user) is the id a profile is published under (default: the uid).
        posters_only: a person exists only through their posts (the app keeps no users).
        private: the uids of private accounts, whose profile is the header alone ("private":
        true; the caller takes their posts out of "posts" and puts what they hold in "hidden")."""
        key = profile_key or (lambda u: u.uid)
        profiles = {}
        for u in self.users:
            if posters_only and not any(p.owner == u.uid for p in self.posts):
                continue
            entry = {"posts": sum(1 for p in self.posts if p.owner == u.uid)}
            if follows:
                entry["followers"] = len(self.followers(u.uid))
                entry["following"] = len(self.following(u.uid))
            else:
                entry["followers"] = None
                entry["following"] = None
            if u.uid in private:
                entry["private"] = True
            profiles[key(u)] = entry
        posts = {p.key: {"owner": key(self.user(p.owner)), "likes": len(p.likes), "comments": len(p.comments)}
                 for p in self.posts}
        return {"findings": sorted(findings, key=lambda f: (f["code"], f["path"])), "profiles": profiles,
                "posts": posts, "hidden": list(hidden)}


def iso(time):
    """A time as Firestore's REST API and the emulator's Timestamp take it."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ")


def millis(time):
    return int(time.timestamp() * 1000)


def seconds(time):
    return int(time.timestamp())


PUSH_CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


def timed_push_id(rng, time):
    """A Firebase push id: the creation time in milliseconds, then 12 random characters."""
    ms, head = millis(time), ""
    for _ in range(8):
        head = PUSH_CHARS[ms % 64] + head
        ms //= 64
    return head + "".join(rng.choice(PUSH_CHARS) for _ in range(12))


def uuid4(rng):
    """A random UUID (version 4) as text, drawn from rng: the ids of apps that key by UUID."""
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def uuid_keys(graph, rng):
    """Keys every post and comment of graph by a UUID drawn from rng, in graph order."""
    for post in graph.posts:
        post.key = uuid4(rng)
        for comment in post.comments:
            comment.key = uuid4(rng)

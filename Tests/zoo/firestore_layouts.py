"""Random Instagram-like Cloud Firestore layouts, for the property test (Tests/zoo/properties.py
--firestore N). The same as Tests/zoo/layouts.py for the Realtime Database, with the
shapes the zoo's Firestore apps write (scripts/zoo/*.py) and docs/firestore.md reads:

    spec = draw(random.Random(seed), seed)   {"database": "firestore", "seed", "users", "posts", "layout", "drifts"}
    case = build(spec)                       case.documents ({document path: fields}, typed with
                                             scripts/firestore_emulator.py's Timestamp), case.findings
                                             (tree paths, docs/firestore.md "One tree"), case.truth,
                                             case.roles, case.fields
"""
import copy
import datetime
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "scripts"))
sys.path.insert(0, HERE)
import layouts  # noqa: E402
from _graph import Graph, iso, millis, push_id  # noqa: E402
from firestore_emulator import Timestamp  # noqa: E402

UTC = datetime.timezone.utc

# The first option of each is the Flutter clone's of docs/firestore.md (its fixture
# Tests/SitegenTestSupport/Fixtures/firestore/flutter/), the shrinker's plain value.
CHOICES = {
    # users: most apps; fluttergram's insta_users.
    "users": ["users", "insta_users"],
    # a user's document id: the sign-in uid (most apps); the email address
    # (hernanhawryluk's instagram-clone-app users/{email}, every id then holding a dot).
    "user_key": ["uid", "email"],
    # a display name: fluttergram displayName; fluttershare displayname; zivz fullname.
    "name": ["displayName", "displayname", "fullname", None],
    # an avatar: fluttergram photoUrl; fluttershare photoURL; zivz profileImageUrl.
    "avatar": ["photoUrl", "photoURL", "profileImageUrl", None],
    "email": [True, False],
    # posts: flat (the Flutter clone, zivz, sosyashare, zoharkiks); fluttergram's
    # insta_posts; by owner (fluttershare userPosts, ryanomor usersPosts).
    "posts": ["posts", "insta_posts", "posts/*/userPosts", "posts/*/usersPosts"],
    # the owner of a flat post: the Flutter clone uid; fluttergram ownerId; zivz ownerUid.
    "owner": ["uid", "ownerId", "ownerUid"],
    # the photo: the Flutter clone postUrl; fluttergram mediaUrl; fluttershare mediaURL; zivz imageUrl.
    "image": ["postUrl", "mediaUrl", "mediaURL", "imageUrl"],
    "caption": ["description", "caption"],
    # the time: the Flutter clone datePublished; most apps timestamp; createdAt; all
    # Firestore timestamps.
    "time": ["datePublished", "timestamp", "createdAt"],
    # likes: an array of ids (the Flutter clone, ryanomor); a map {uid: true}
    # (fluttergram, fluttershare); a subcollection of empty documents with a counter
    # (zivz post-likes, `likes: n`); documents {username} (zoharkiks likes/<uid>); none.
    "likes": ["array", "map", "post-likes", "likes_docs", None],
    # comments: under each flat post (the Flutter clone, zivz, zoharkiks); keyed by post
    # in a root (fluttershare comments/<post>/comments); fluttergram's insta_comments.
    "comments": ["sub", "comments", "insta_comments", None],
    # follows: arrays in the user (the Flutter clone, ryanomor); maps {uid: true}
    # (fluttergram); subcollections of empty documents (fluttershare
    # followers/*/userFollowers; zivz followers/*/user-followers); none.
    "follows": ["arrays", "maps", "userFollowers", "user-followers", None],
    # a timeline of full copies, never the reader's own (fluttershare, ryanomor).
    "timeline": [None, "copies"],
}

DRIFTS = ["mirror_missing", "follow_dangling", "like_ghost", "comment_deleted_post", "counter_off",
          "timeline_missing", "timeline_stale", "copy_outdated"]


def normalize(layout):
    lay = {name: copy.deepcopy(options[0]) for name, options in CHOICES.items()}
    lay.update(layout)
    by_owner = "/" in lay["posts"]
    if by_owner:
        if lay["comments"] == "sub":
            lay["comments"] = "comments"   # fluttershare keeps them keyed by post
        if lay["likes"] in ("post-likes", "likes_docs"):
            lay["likes"] = "map"
    else:
        lay["timeline"] = None             # the copies are fluttershare's, whose posts are by owner
    if lay["posts"] == "insta_posts" and lay["comments"] == "comments":
        lay["comments"] = "insta_comments"
    if lay["follows"] is None:
        lay["timeline"] = None
    if lay["timeline"] and lay["likes"] not in ("map", "array"):
        lay["likes"] = "map"
    return lay


def draw(rng, seed):
    layout = normalize({name: copy.deepcopy(rng.choice(options)) for name, options in CHOICES.items()})
    spec = {"database": "firestore", "seed": seed, "users": rng.randint(layouts.MIN_USERS, 10),
            "posts": rng.randint(layouts.MIN_POSTS, 18), "layout": layout}
    possible = [d for d in DRIFTS if applicable(d, layout)]
    spec["drifts"] = sorted(rng.sample(possible, min(len(possible), rng.randint(1, 3))), key=DRIFTS.index)
    return spec


def applicable(drift, lay):
    return {
        "mirror_missing": lay["follows"] is not None,
        "follow_dangling": lay["follows"] is not None,
        "like_ghost": lay["likes"] is not None,
        "comment_deleted_post": lay["comments"] is not None,
        "counter_off": lay["likes"] == "post-likes",
        "timeline_missing": lay["timeline"] is not None,
        "timeline_stale": lay["timeline"] is not None,
        "copy_outdated": lay["timeline"] is not None,
    }[drift]


def plain_layout():
    return {name: options[0] for name, options in CHOICES.items()}


class Case(layouts.Case):
    pass


def build(spec):
    lay = normalize(spec["layout"])
    by_email = lay.get("user_key") == "email"
    g = Graph(seed=spec["seed"], users=spec["users"], posts=spec["posts"],
              uid=(lambda rng, i, name: name + "@example.com") if by_email else None)
    rng = random.Random("drift-fs-%d" % spec["seed"])
    layouts.drop_absent(g, lay)
    U, P = lay["users"], lay["posts"]
    by_owner = "/" in P
    docs, hidden = {}, []

    def post_doc(p):
        return ("%s/%s/%s/%s" % (P.split("/")[0], p.owner, P.split("/")[2], p.key)) if by_owner else "%s/%s" % (P, p.key)

    for u in g.users:
        rec = {"username": u.username, "bio": u.bio}
        if lay["name"]:
            rec[lay["name"]] = u.name
        if lay["avatar"]:
            rec[lay["avatar"]] = u.avatar
        if lay["email"]:
            rec["email"] = u.email
            hidden.append(u.email)
        if lay["follows"] == "arrays":
            rec["followers"], rec["following"] = g.followers(u.uid), g.following(u.uid)
        elif lay["follows"] == "maps":
            rec["followers"] = {a: True for a in g.followers(u.uid)}
            rec["following"] = {b: True for b in g.following(u.uid)}
        docs["%s/%s" % (U, u.uid)] = rec
    if lay["follows"] in ("userFollowers", "user-followers"):
        sub = {"userFollowers": ("userFollowers", "userFollowing"), "user-followers": ("user-followers", "user-following")}[lay["follows"]]
        for a, b in sorted(g.follows):
            docs["followers/%s/%s/%s" % (b, sub[0], a)] = {}
            docs["following/%s/%s/%s" % (a, sub[1], b)] = {}

    def post_fields(p, likes=None):
        likes = sorted(p.likes) if likes is None else likes
        rec = {lay["image"]: p.image, lay["caption"]: p.caption, lay["time"]: Timestamp(iso(p.time)),
               "username": g.user(p.owner).username, "postId": p.key}
        rec["ownerId" if by_owner else lay["owner"]] = p.owner
        if lay["likes"] == "array":
            rec["likes"] = list(likes)
        elif lay["likes"] == "map":
            rec["likes"] = {u: True for u in likes}
        elif lay["likes"] == "post-likes":
            rec["likes"] = len(likes)
        return rec

    for p in g.posts:
        docs[post_doc(p)] = post_fields(p)
        if lay["likes"] == "post-likes":
            for u in sorted(p.likes):
                docs["%s/post-likes/%s" % (post_doc(p), u)] = {}
        elif lay["likes"] == "likes_docs":
            for u in sorted(p.likes):
                docs["%s/likes/%s" % (post_doc(p), u)] = {"username": g.user(u).username}
        for c in p.comments:
            author = g.user(c.author)
            rec = {"comment": c.text, "userId": c.author, "username": author.username,
                   "timestamp": Timestamp(iso(c.time))}
            if lay["comments"] == "sub":
                docs["%s/comments/%s" % (post_doc(p), c.key)] = rec
            else:
                docs["%s/%s/comments/%s" % (lay["comments"], p.key, c.key)] = rec
        if lay["timeline"]:
            for reader in g.followers(p.owner):
                docs["timeline/%s/timelinePosts/%s" % (reader, p.key)] = post_fields(p)

    context = {"g": g, "lay": lay, "docs": docs, "rng": rng, "post_doc": post_doc, "post_fields": post_fields,
               "used": set()}
    findings = []
    for drift in spec["drifts"]:
        if applicable(drift, lay):
            findings += globals()["drift_" + drift](context) or []
    # A finding's path is the tree's (docs/firestore.md, "Ids and names"): an id's `.` is `%2E`.
    findings = [dict(x, path="/".join(s.replace("%", "%25").replace(".", "%2E") for s in x["path"].split("/")))
                for x in findings]
    truth = g.truth(findings, follows=lay["follows"] is not None, hidden=sorted(set(hidden)),
                    profile_key=(lambda u: u.username) if by_email else None)
    for post in truth["posts"].values():
        if lay["likes"] is None:
            del post["likes"]
        if lay["comments"] is None:
            del post["comments"]
    case = Case(spec, None, truth["findings"], truth, roles(lay, docs), fields(lay, docs))
    case.documents = docs
    return case


def f(code, path):
    return {"code": code, "path": path}


def follow_places(lay):
    """(followers place, following place) as tree paths with {a} {b} to fill."""
    F, U = lay["follows"], lay["users"]
    if F in ("arrays", "maps"):
        return U + "/{b}/followers/{a}", U + "/{a}/following/{b}"
    sub = {"userFollowers": ("userFollowers", "userFollowing"), "user-followers": ("user-followers", "user-following")}[F]
    return "followers/{b}/%s/{a}" % sub[0], "following/{a}/%s/{b}" % sub[1]


def drop_edge(c, side, a, b):
    """Removes one half of a follows b as the app would have failed to write it."""
    lay, docs, U = c["lay"], c["docs"], c["lay"]["users"]
    F = lay["follows"]
    if F == "arrays":
        user, other = (b, a) if side == "followers" else (a, b)
        docs["%s/%s" % (U, user)][side].remove(other)
    elif F == "maps":
        user, other = (b, a) if side == "followers" else (a, b)
        del docs["%s/%s" % (U, user)][side][other]
    else:
        followers, following = follow_places(lay)
        path = (followers if side == "followers" else following).format(a=a, b=b)
        del docs[path]


def drift_mirror_missing(c):
    g, rng = c["g"], c["rng"]
    edges = sorted(g.follows)
    if len(edges) < 2:
        return []
    a, b = rng.choice(edges)
    side = rng.choice(["followers", "following"])
    drop_edge(c, side, a, b)
    followers, following = follow_places(c["lay"])
    return [f("follow_mirror_missing", (followers if side == "followers" else following).format(a=a, b=b))]


def ghost_user(c):
    """A user deleted since, with an id like the others'."""
    uid = layouts.ghost_uid(c["rng"])
    return "gone" + uid[:4].lower() + "@example.com" if c["lay"].get("user_key") == "email" else uid


def drift_follow_dangling(c):
    g, lay, rng, docs, U = c["g"], c["lay"], c["rng"], c["docs"], c["lay"]["users"]
    a, ghost = rng.choice(g.users).uid, ghost_user(c)
    followers, following = follow_places(lay)
    if lay["follows"] == "arrays":
        docs["%s/%s" % (U, a)]["following"].append(ghost)
        return [f("follow_dangling", following.format(a=a, b=ghost))]
    if lay["follows"] == "maps":
        docs["%s/%s" % (U, a)]["following"][ghost] = True
        return [f("follow_dangling", following.format(a=a, b=ghost))]
    docs[following.format(a=a, b=ghost)] = {}
    docs[followers.format(a=a, b=ghost)] = {}
    return [f("follow_dangling", following.format(a=a, b=ghost)), f("follow_dangling", followers.format(a=a, b=ghost))]


def drift_like_ghost(c):
    g, lay, rng, docs = c["g"], c["lay"], c["rng"], c["docs"]
    p, ghost = rng.choice(g.posts), ghost_user(c)
    doc = c["post_doc"](p)
    if lay["likes"] == "array":
        docs[doc]["likes"].append(ghost)
        return [f("like_dangling", "%s/likes/%s" % (doc, ghost))]
    if lay["likes"] == "map":
        docs[doc]["likes"][ghost] = True
        return [f("like_dangling", "%s/likes/%s" % (doc, ghost))]
    sub = "post-likes" if lay["likes"] == "post-likes" else "likes"
    docs["%s/%s/%s" % (doc, sub, ghost)] = {} if sub == "post-likes" else {"username": "gone"}
    return [f("like_dangling", "%s/%s/%s" % (doc, sub, ghost))]


def drift_comment_deleted_post(c):
    g, lay, rng, docs = c["g"], c["lay"], c["rng"], c["docs"]
    key, author = push_id(rng), rng.choice(g.users)
    rec = {"comment": "bridge rain", "userId": author.uid, "username": author.username,
           "timestamp": Timestamp("2021-03-21T09:00:00Z")}
    if lay["comments"] == "sub":
        docs["%s/%s/comments/%s" % (lay["posts"], key, push_id(rng))] = rec
        return [f("comment_dangling", "%s/%s/comments" % (lay["posts"], key))]
    docs["%s/%s/comments/%s" % (lay["comments"], key, push_id(rng))] = rec
    return [f("comment_dangling", "%s/%s/comments" % (lay["comments"], key))]


def drift_counter_off(c):
    g, rng, docs = c["g"], c["rng"], c["docs"]
    p = rng.choice(g.posts)
    docs[c["post_doc"](p)]["likes"] += 1
    return [f("like_count_mismatch", c["post_doc"](p) + "/likes")]


def timeline_pairs(g):
    return sorted((r, p.key) for p in g.posts for r in g.followers(p.owner))


def drift_timeline_missing(c):
    pairs = [x for x in timeline_pairs(c["g"]) if x not in c["used"]]
    if len(pairs) < 2:
        return []
    reader, key = c["rng"].choice(pairs)
    c["used"].add((reader, key))
    del c["docs"]["timeline/%s/timelinePosts/%s" % (reader, key)]
    return [f("timeline_missing", "timeline/%s/timelinePosts/%s" % (reader, key))]


def drift_timeline_stale(c):
    g, rng, docs = c["g"], c["rng"], c["docs"]
    reader, key = rng.choice(g.users).uid, push_id(rng)
    p = rng.choice(g.posts)
    copy_ = c["post_fields"](p)
    copy_.update(postId=key, **{c["lay"]["image"]: "https://example.com/photos/deleted.jpg"})
    docs["timeline/%s/timelinePosts/%s" % (reader, key)] = copy_
    return [f("timeline_stale", "timeline/%s/timelinePosts/%s" % (reader, key))]


def drift_copy_outdated(c):
    """A like the loop never copied into one follower's copy (fluttershare's handleLikePost)."""
    g = c["g"]
    pairs = [(r, p) for p in g.posts if p.likes for r in g.followers(p.owner) if (r, p.key) not in c["used"]]
    if not pairs:
        return []
    reader, p = c["rng"].choice(pairs)
    c["used"].add((reader, p.key))
    path = "timeline/%s/timelinePosts/%s" % (reader, p.key)
    c["docs"][path] = c["post_fields"](p, likes=sorted(p.likes)[1:])
    return [f("timeline_copy_mismatch", path)]


def roles(lay, docs):
    out = {"users": lay["users"], "posts": lay["posts"]}
    doc = lay["posts"] + "/*"
    if lay["likes"] in ("array", "map"):
        out["postLikes"] = doc + "/likes"
    elif lay["likes"] == "post-likes":
        out["postLikes"] = doc + "/post-likes"
    elif lay["likes"] == "likes_docs":
        out["postLikes"] = doc + "/likes"
    if lay["comments"] == "sub":
        out["comments"] = doc + "/comments"
    elif lay["comments"]:
        out["comments"] = lay["comments"] + "/*/comments"
    if lay["follows"] in ("arrays", "maps"):
        out["followers"], out["following"] = lay["users"] + "/*/followers", lay["users"] + "/*/following"
    elif lay["follows"]:
        followers, following = follow_places(lay)
        out["followers"] = followers.replace("{b}", "*").rsplit("/", 1)[0]
        out["following"] = following.replace("{a}", "*").rsplit("/", 1)[0]
    if lay["timeline"]:
        out["timeline"] = "timeline/*/timelinePosts"
    # only what the documents hold: a likes role with no like at all is not there
    if "postLikes" in out and not any(p.endswith("likes") or "/likes/" in p or "/post-likes/" in p or
                                      (isinstance(v, dict) and v.get("likes")) for p, v in docs.items()):
        del out["postLikes"]
    return out


def fields(lay, docs):
    out = {"image_url": lay["image"], "caption": lay["caption"], "created_at": lay["time"]}
    if "/" not in lay["posts"]:
        out["post_owner"] = lay["owner"]
    return out


def plain(fields):
    """A document's fields as plain JSON (a timestamp as its ISO text), for replay files."""
    out = {}
    for k, v in fields.items():
        if isinstance(v, Timestamp):
            out[k] = {"$timestamp": v.text}
        elif isinstance(v, dict):
            out[k] = plain(v)
        else:
            out[k] = v
    return out


def typed(fields):
    """plain()'s inverse: a replay file's document fields as the emulator takes them."""
    out = {}
    for k, v in fields.items():
        if isinstance(v, dict) and list(v) == ["$timestamp"]:
            out[k] = Timestamp(v["$timestamp"])
        elif isinstance(v, dict):
            out[k] = typed(v)
        else:
            out[k] = v
    return out


def tree_documents(case):
    """documents.json: the REST fields of each document, as the round trip loads them."""
    import firestore_emulator as fe
    return {path: fe.fields(data) for path, data in case.documents.items()}

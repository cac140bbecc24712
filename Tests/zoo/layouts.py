"""Random Instagram-like Realtime Database layouts, for the property test (Tests/zoo/properties.py).

    spec = draw(random.Random(seed), seed)   a case: {"seed", "users", "posts", "layout", "drifts"}
    case = build(spec)                       case.tree (the export), case.findings (the exact
                                             findings the injected drifts must give: code and
                                             path), case.truth (as the zoo's truth.json),
                                             case.roles (what inspect's block must name)

Every choice is drawn from what a real app writes (the zoo's apps, scripts/zoo/*.py, and
the spellings docs/export-format.md documents); the first option of each choice is the
makestagram tutorial's (the "plain" value the shrinker goes back to). The data is the
shared graph of scripts/zoo/_graph.py, so it is consistent before the drifts; each drift
is one a real app suffers, and its findings are the ones docs/audit-rules.md names.
A spec is plain JSON: a replay file holds it, and build() makes the same case again.
"""
import copy
import datetime
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "scripts", "zoo"))
from _graph import Graph, iso, millis, seconds, timed_push_id  # noqa: E402

UTC = datetime.timezone.utc

# Each choice: its options, the first the tutorial's (makestagram) and the shrinker's plain
# value; beside each, the app that writes it (scripts/zoo/<app>.py, or the docs).
CHOICES = {
    # users' root: the tutorial's; KODDev's and Zoogram's capitalised; none at all (the
    # React clones' posts-only shape, docs/export-format.md "Users implied by posts").
    "users": ["users", "Users", None],
    # a display name: the tutorial's `name`; koddev `fullname`; alecsmirnov `full_name`;
    # FriendlyPix `displayName`; none.
    "name": ["name", "fullname", "full_name", "displayName", None],
    # an avatar: dowless `profileImageUrl`; koddev `imageurl`; alecsmirnov
    # `profile_image_url`; zoogram `profilePhotoURL`; glasspinnA `imageUrl`; none.
    "avatar": [None, "profileImageUrl", "imageurl", "profile_image_url", "profilePhotoURL", "imageUrl"],
    # the user's key copied into the record: koddev `id`, zoogram `userID`, glasspinnA
    # `uid`, mitch `user_id`.
    "user_id_copy": [None, "id", "userID", "uid", "user_id"],
    # the email in the user record (glasspinnA, zoogram, mitch): never published.
    "email": [False, True],
    # user counters: the tutorial's; its variants; the Firestore clones' camelCase.
    "user_counters": [None, ["post_count", "follower_count", "following_count"],
                      ["posts_count", "followers_count", "following_count"],
                      ["postsCount", "followersCount", "followingCount"],
                      # in a map of the record (docs/audit-rules.md, "Counters at a field path")
                      ["stats/posts", "stats/followers", "stats/following"]],
    # a second root of each user's profile: mitch's user_account_settings {display_name,
    # username, description, profile_photo, user_id, posts, followers, following}, its three
    # counters written 0 at sign-up (here: kept right, the drifts make them wrong).
    "details": [None, "user_account_settings"],
    # counters' JSON type: ints; doubles (a Swift app's Double); strings (the Objective-C
    # port of export-format.md, "What real apps write": every one is counter_invalid).
    "counter_type": ["int", "double", "string"],
    # posts by owner (the tutorial, alecsmirnov, zoogram) or flat with an owner field.
    "posts_place": ["by_owner", "flat"],
    # posts' root: the tutorial's; KODDev's and Zoogram's `Posts`; mitch's `photos` (flat).
    "posts_root": ["posts", "Posts", "photos"],
    # the owner field of flat posts: dowless `ownerUid`, koddev `publisher`, mitch
    # `user_id`, glasspinnA `uid`, and the documented `userId`, `ownerId`, `authorId`.
    "owner": ["uid", "ownerUid", "publisher", "user_id", "userId", "ownerId", "authorId"],
    # by owner: the owner's id copied into each post (zoogram `userID`).
    "owner_copy": [None, "userID"],
    # the photo: the tutorial's `image_url`; dowless/glasspinnA `imageUrl`; koddev
    # `postimage`; mitch `image_path`; zoogram `photoURL`; `imageURL`.
    "image": ["image_url", "imageUrl", "postimage", "image_path", "photoURL", "imageURL"],
    # the caption: the tutorial's; koddev `description`; glasspinnA `postText`; none.
    "caption": ["caption", "description", "postText", None],
    # the time: the tutorial's seconds as a double; dowless whole seconds; glasspinnA
    # milliseconds; alecsmirnov seconds with a fraction under `timestamp`; mitch's ISO
    # text; `createdAt` in milliseconds; none (koddev: dated by the push id).
    "time": [["created_at", "seconds_double"], ["creationDate", "seconds"], ["timestamp", "millis"],
             ["timestamp", "seconds_double"], ["date_created", "iso"], ["createdAt", "millis"], None],
    # the post's key copied into it: koddev `postid`, zoogram `postID`, glasspinnA `postId`,
    # mitch `photo_id`.
    "post_id_copy": [None, "postid", "postID", "postId", "photo_id"],
    # a copy of the owner in each post: the tutorial's `poster` {uid, username} (posts by
    # owner).
    "poster": [None, "poster"],
    # like counter on posts: the tutorial's; its variants; dowless's `likes: 0` (an app
    # that counts likes it never stores).
    "like_counter": [None, "like_count", "likes_count", "likesCount", "likes"],
    "comment_counter": [None, "comment_count", "comments_count", "commentsCount"],
    # likes: a root by post (the tutorial's postLikes; koddev Likes; zoogram PostsLikes;
    # the documented post-likes); by owner then post (alecsmirnov posts_likes); in each flat
    # post (mitch, FriendlyPix); none (dowless, glasspinnA).
    "likes": ["postLikes", "Likes", "PostsLikes", "post-likes", "posts_likes", "in_post", None],
    # a like's value: true; alecsmirnov's 0; 1; zoogram {userID}; mitch's push id holding
    # {user_id} (in each post); GameToday's push id holding the id itself (in each post).
    "like_value": ["true", "zero", "one", "userID", "pushid_user_id", "pushid_value"],
    # comments: a root by post (the tutorial's comments; koddev Comments; zoogram
    # PostComments; glasspinnA post-comments-by-user; postComments); by owner then post
    # (alecsmirnov posts_comments); in each flat post (mitch); none.
    "comments": ["comments", "Comments", "PostComments", "post-comments-by-user", "postComments",
                 "posts_comments", "in_post", None],
    # a comment: {text, author} as the apps spell them: koddev {comment, publisher};
    # zoogram {commentText, authorID}; alecsmirnov {caption, sender_identifier}; mitch
    # {comment, user_id}; glasspinnA {comment, commentUserId}; the documented {text, uid}.
    "comment_fields": [["text", "uid"], ["comment", "publisher"], ["commentText", "authorID"],
                       ["caption", "sender_identifier"], ["comment", "user_id"], ["comment", "commentUserId"]],
    # a comment's time: none (koddev), milliseconds (glasspinnA), seconds (alecsmirnov).
    "comment_time": [None, ["timestamp", "millis"], ["timestamp", "seconds_double"]],
    # follows: the tutorial's followers/following roots; dowless user-followers/
    # user-following; zoogram Followers/Following; koddev Follow/<uid>/followers|following;
    # FriendlyPix lists in each user record; none (glasspinnA).
    "follows": ["followers", "user-followers", "Followers", "Follow", "in_users", None],
    # both halves (every app above), or `following` only (the video course's app).
    "follow_sides": ["both", "following_only"],
    # an edge's value: true; dowless 1; alecsmirnov 0; zoogram {userID}; mitch {user_id}.
    "follow_value": ["true", "one", "zero", "userID", "user_id"],
    # a timeline: the tutorial's timeline {poster_uid}; dowless user-feed 1; FriendlyPix
    # feed true; zoogram Timelines of full copies; alecsmirnov users_feed {user_identifier,
    # timestamp}; none.
    "timeline": [None, "timeline", "user-feed", "feed", "Timelines", "users_feed"],
    # whether a reader's own posts are in their timeline (the tutorial, dowless, zoogram,
    # alecsmirnov: yes; FlutterShare's functions: no).
    "timeline_own": [True, False],
    # an index of each user's posts: dowless user-posts 1; the tutorial's user_posts true.
    "user_posts": [None, "user-posts", "user_posts"],
    # roots beside the graph (a subset of EXTRAS, drawn apart): never published.
    "extras": [[]],
}

# Roots real apps keep beside the graph: koddev's Notifications (texts), Saves and Story
# (stories with an image and a user's id, like posts); alecsmirnov's users_private_info
# (emails, phones); zoogram's UsernamesForLookup, Bookmarks, Activity and DiscoverPosts (a
# flat copy of every post); mitch's user_photos (a copy of each post under its owner);
# glasspinnA's user-posts (copies keyed by push ids of their own, neither the posts nor
# an index of them).
EXTRAS = ["Notifications", "Saves", "Story", "users_private_info", "UsernamesForLookup", "Bookmarks", "Activity",
          "DiscoverPosts", "user_photos", "user-posts-copies"]

# Drifts, as real apps suffer them (each a finding of docs/audit-rules.md):
#   mirror_missing     a follow whose second write never landed: follow_mirror_missing
#   follow_dangling    a follow of a user deleted since: follow_dangling (each half kept)
#   like_ghost         a like by a user deleted since: like_dangling at the like
#   like_deleted_post  the likes of a post deleted without them: like_dangling at the list
#   comment_deleted_post  the comments of a deleted post: comment_dangling at the list
#   counter_off        a counter one off (a transaction that never ran): *_count_mismatch
#   counter_missing    a record older than the counter: counter_missing
#   stale_username     a post's copy of its owner's username before a rename: poster_mismatch
#   timeline_missing   a fan-out that missed a follower: timeline_missing
#   timeline_stale     an entry of a post deleted since: timeline_stale
#   user_post_missing  a post the index never got: user_post_missing
#   user_post_stale    an index entry of a post deleted since: user_post_stale
#   self_follow        a follow button that let a user follow themselves: self_follow (each half)
#   post_orphan        a user deleted in the console, their post kept (glasspinnA): post_orphan
#   username_duplicate a sign-up that checked no name: username_duplicate at the later user
#   unfollow_false     an unfollow written as false on both halves (fluttergram): no edge, no finding
#   unlike_false       an unlike written as false: no like, no finding
DRIFTS = ["mirror_missing", "follow_dangling", "like_ghost", "like_deleted_post", "comment_deleted_post",
          "counter_off", "counter_missing", "stale_username", "timeline_missing", "timeline_stale",
          "user_post_missing", "user_post_stale", "self_follow", "post_orphan", "username_duplicate",
          "unfollow_false", "unlike_false"]


MIN_USERS, MIN_POSTS = 6, 8


def normalize(layout):
    """The layout made one a real app writes: choices that go together (a copy of posts
    only of posts by owner, a like list in each post only of flat posts, ...). A choice the
    layout lacks (a replay file older than it) is the plain one."""
    lay = {name: copy.deepcopy(options[0]) for name, options in CHOICES.items()}
    lay.update(layout)
    if lay["users"] is None:
        # The posts-only shape (docs/export-format.md, "Users implied by posts"): flat posts
        # owned by an id, with the owner's username and avatar copied into each; no follows,
        # no user counters, no index, no timeline; likes and comments in each post.
        lay.update(posts_place="flat", follows=None, user_counters=None, user_posts=None, timeline=None,
                   poster=None, user_id_copy=None, email=False, name=None, details=None)
        # Spelled as the React clones and docs/export-format.md's posts-only fixture spell
        # them (an image under a name no tutorial knows, and no caption, reads as the
        # timeline tutorial's posts owned by username: no app writes that).
        lay.update(posts_root="posts", image="imageUrl", caption="caption", like_counter=None, comment_counter=None)
        if lay["owner"] not in ("uid", "userId"):
            lay["owner"] = "uid"
        if lay["likes"] is not None:
            lay["likes"] = "in_post"
        if lay["comments"] is not None:
            lay["comments"] = "in_post"
        lay["time"] = ["timestamp", "millis"]  # the newest post is the user's record
        # no user-keyed roots, and no second copy of the posts (the apps that keep one,
        # zoogram, mitch, glasspinnA, keep users)
        lay["extras"] = [e for e in lay["extras"] if e not in ("users_private_info", "Saves", "UsernamesForLookup",
                                                               "Bookmarks", "Activity", "DiscoverPosts", "user_photos",
                                                               "user-posts-copies")]
        if lay["like_value"] not in ("true",):
            lay["like_value"] = "true"
        # comments as the posts-only fixture writes them: {uid, username, text, timestamp}
        # (Sonny Sangha's clone: {comment, username, userImage, timestamp})
        if lay["comment_fields"][1] != "uid":
            lay["comment_fields"] = [lay["comment_fields"][0] if lay["comment_fields"][0] in ("text", "comment") else "text", "uid"]
        lay["comment_time"] = ["timestamp", "millis"]
    if lay["details"]:
        # mitch's second root keeps the profile and the three counters (posts, followers,
        # following); its users keep only the username
        lay.update(user_counters=["posts", "followers", "following"], name=None, avatar=None)
        if lay["follows"] is None:
            lay["details"] = None
            lay["user_counters"] = None
    if lay["posts_root"] == "photos":
        lay["posts_place"] = "flat"   # mitch's photos are flat
    if lay["posts_place"] == "by_owner":
        if lay["likes"] == "in_post":
            lay["likes"] = "postLikes"
        if lay["comments"] == "in_post":
            lay["comments"] = "comments"
    else:
        lay["poster"] = None
        lay["owner_copy"] = None
        if lay["likes"] == "posts_likes":
            lay["likes"] = "postLikes"
        if lay["comments"] == "posts_comments":
            lay["comments"] = "comments"
        if lay["timeline"] == "Timelines":
            lay["timeline"] = "timeline"   # zoogram copies its posts by owner
    if lay["like_value"] in PUSHED_LIKES and lay["likes"] != "in_post":
        lay["like_value"] = "userID"
    if lay["like_counter"] == "likes" and lay["likes"] is not None:
        lay["like_counter"] = "like_count"   # dowless counts likes it never stores
    if lay["counter_type"] == "string" and (lay["like_counter"] == "likes" or lay["details"] or
                                            (lay["user_counters"] or [""])[0].startswith("stats/")):
        # A counter under a name no default spells (dowless's `likes`, mitch's `posts`,
        # `stats/posts`) is one by its type: the apps that write them write numbers.
        lay["counter_type"] = "int"
    if lay["comments"] is None:
        lay["comment_counter"] = None        # a comment counter is checked against the comments
    if lay["follows"] is None:
        lay["timeline"] = None
        lay["follow_sides"] = "both"
        if lay["user_counters"]:
            lay["user_counters"] = lay["user_counters"][:1]   # no follows, no follow counters (saswat10)
    if lay["follows"] in ("Follow", "in_users"):
        lay["follow_sides"] = "both"
    if lay["timeline"] == "Timelines":
        # zoogram's copies carry no counter (a copy of a counter the repair sets would
        # differ from its post: a timeline_copy_mismatch per copy)
        lay["like_counter"] = lay["comment_counter"] = None
    if lay["user_counters"] is None and lay["like_counter"] is None and lay["comment_counter"] is None:
        lay["counter_type"] = "int"
    extras = set(lay["extras"])
    if lay["posts_place"] != "flat":
        extras -= {"user_photos", "user-posts-copies"}   # mitch's and glasspinnA's posts are flat
    if lay["user_posts"] is not None:
        extras.discard("user-posts-copies")               # one root of that name
    lay["extras"] = sorted(extras, key=EXTRAS.index)
    return lay


def draw(rng, seed):
    """A random case: a layout, a graph's size, 1-4 drifts that the layout can suffer."""
    layout = {name: copy.deepcopy(rng.choice(options)) for name, options in CHOICES.items()}
    layout["extras"] = rng.sample(EXTRAS, rng.choice([0, 1, 1, 2, 3]))
    layout = normalize(layout)
    # At least 6 users (the graph's last two post nothing) and 8 posts: fewer leave the
    # detectors nothing to tell a feed from an index or a bookmarks list by (one liked
    # post beside a deleted one's likes is no "most").
    users = rng.randint(MIN_USERS, 12)
    posts = rng.randint(MIN_POSTS, 24)
    spec = {"seed": seed, "users": users, "posts": posts, "layout": layout, "drifts": []}
    possible = [d for d in DRIFTS if applicable(d, layout)]
    spec["drifts"] = sorted(rng.sample(possible, min(len(possible), rng.randint(1, 4))), key=DRIFTS.index)
    return spec


def applicable(drift, lay):
    both = lay["follows"] is not None and lay["follow_sides"] == "both"
    counters = bool(lay["user_counters"] or lay["like_counter"] or lay["comment_counter"])
    return {
        "mirror_missing": both,
        "follow_dangling": lay["follows"] is not None,
        "like_ghost": lay["likes"] is not None and lay["users"] is not None,
        "like_deleted_post": lay["likes"] is not None,
        "comment_deleted_post": lay["comments"] is not None,
        "counter_off": counters and lay["counter_type"] != "string",
        "counter_missing": counters,
        "stale_username": lay["poster"] is not None or lay["users"] is None,
        "timeline_missing": lay["timeline"] is not None,
        "timeline_stale": lay["timeline"] is not None,
        "user_post_missing": lay["user_posts"] is not None,
        "user_post_stale": lay["user_posts"] is not None,
        "self_follow": lay["follows"] is not None,
        "post_orphan": lay["users"] is not None,
        "username_duplicate": lay["users"] is not None,
        "unfollow_false": lay["follows"] is not None and lay["follow_value"] == "true",
        "unlike_false": lay["likes"] is not None and lay["like_value"] == "true",
    }[drift]


class Case:
    """A built case: the export, the findings the drifts give, the truth, the roles."""

    def __init__(self, spec, tree, findings, truth, roles, fields):
        self.spec, self.tree, self.findings, self.truth = spec, tree, findings, truth
        self.roles, self.fields = roles, fields


def value_of(kind, uid=None):
    return {"true": True, "one": 1, "zero": 0, "userID": {"userID": uid}, "user_id": {"user_id": uid}}[kind]


def time_value(kind, time):
    return {"seconds_double": time.timestamp() + 0.25, "seconds": seconds(time), "millis": millis(time),
            "iso": iso(time)}[kind]


def counter_value(kind, n):
    return {"int": n, "double": float(n), "string": str(n)}[kind]



def drop_absent(g, lay):
    """Empties what the layout keeps none of: likes, comments, follows."""
    if lay["likes"] is None:
        for p in g.posts:
            p.likes = set()
    if lay["comments"] is None:
        for p in g.posts:
            p.comments = []
    if lay["follows"] is None:
        g.follows = set()

def build(spec):
    lay = normalize(spec["layout"])
    g = Graph(seed=spec["seed"], users=spec["users"], posts=spec["posts"])
    rng = random.Random("drift-%d" % spec["seed"])
    for p in g.posts:
        p.key = timed_push_id(g.rng, p.time)
        for c in p.comments:
            c.key = timed_push_id(g.rng, c.time)
    posts_only = lay["users"] is None
    drop_absent(g, lay)
    U, P = lay["users"], lay["posts_root"]
    flat = lay["posts_place"] == "flat"
    renamed = None
    if "username_duplicate" in spec["drifts"] and applicable("username_duplicate", lay):
        # Two users of one name after case folding: the later in Firebase key order (the
        # uids' bytes) is reported (docs/audit-rules.md, "Users").
        first, later = sorted(rng.sample(sorted(u.uid for u in g.users), 2))
        g.user(later).username = g.user(first).username.capitalize()
        renamed = later
    ctype = lay["counter_type"]
    tree = {}
    hidden = []
    # Where each thing is, as paths from the root: the findings' paths are made from these.
    post_path = {p.key: ("%s/%s" % (P, p.key) if flat else "%s/%s/%s" % (P, p.owner, p.key)) for p in g.posts}
    counters = []   # (path, code of its mismatch, true count)

    # Users.
    if not posts_only:
        tree[U] = {}
        for u in g.users:
            rec = {"username": u.username}
            if lay["name"]:
                rec[lay["name"]] = u.name
            if lay["avatar"]:
                rec[lay["avatar"]] = u.avatar
            if lay["user_id_copy"]:
                rec[lay["user_id_copy"]] = u.uid
            if lay["email"]:
                rec["email"] = u.email
                hidden.append(u.email)
            rec["bio"] = u.bio
            holder, root = rec, U
            if lay["details"]:
                holder, root = {"display_name": u.name, "username": u.username, "description": u.bio,
                                "profile_photo": u.avatar, "user_id": u.uid}, lay["details"]
                tree.setdefault(root, {})[u.uid] = holder
            if lay["user_counters"]:
                counts = [sum(1 for p in g.posts if p.owner == u.uid), len(g.followers(u.uid)), len(g.following(u.uid))]
                for name, code, n in zip(lay["user_counters"], ["post_count_mismatch", "follower_count_mismatch",
                                                                "following_count_mismatch"], counts):
                    put(holder, tuple(name.split("/")), counter_value(ctype, n))
                    counters.append(("%s/%s/%s" % (root, u.uid, name), code, n))
            tree[U][u.uid] = rec

    # Posts.
    tree[P] = {}
    like_keys = {}
    for p in g.posts:
        owner = g.user(p.owner)
        rec = {}
        if flat:
            rec[lay["owner"]] = p.owner
        elif lay["owner_copy"]:
            rec[lay["owner_copy"]] = p.owner
        if posts_only:
            rec["username"] = owner.username
            rec["userPhoto"] = owner.avatar
        rec[lay["image"]] = p.image
        if lay["caption"]:
            rec[lay["caption"]] = p.caption
        if lay["time"]:
            rec[lay["time"][0]] = time_value(lay["time"][1], p.time)
        if lay["post_id_copy"]:
            rec[lay["post_id_copy"]] = p.key
        if lay["poster"]:
            rec["poster"] = {"uid": p.owner, "username": owner.username}
        if lay["like_counter"]:
            rec[lay["like_counter"]] = counter_value(ctype, len(p.likes))
            counters.append((post_path[p.key] + "/" + lay["like_counter"], "like_count_mismatch", len(p.likes)))
        if lay["comment_counter"]:
            rec[lay["comment_counter"]] = counter_value(ctype, len(p.comments))
            counters.append((post_path[p.key] + "/" + lay["comment_counter"], "comment_count_mismatch", len(p.comments)))
        if lay["likes"] == "in_post" and p.likes:
            rec["likes"] = likes_list(lay, p, g.rng, like_keys)
        if lay["comments"] == "in_post" and p.comments:
            rec["comments"] = {c.key: comment_record(lay, c, g.user(c.author).username) for c in p.comments}
        if flat:
            tree[P][p.key] = rec
        else:
            tree[P].setdefault(p.owner, {})[p.key] = rec

    # Likes and comments in roots of their own.
    likes_root = lay["likes"] not in (None, "in_post")
    if likes_root:
        L = lay["likes"]
        tree[L] = {}
        for p in g.posts:
            if p.likes:
                entry = likes_list(lay, p, g.rng, like_keys)
                if L == "posts_likes":
                    tree[L].setdefault(p.owner, {})[p.key] = entry
                else:
                    tree[L][p.key] = entry
    if lay["comments"] not in (None, "in_post"):
        C = lay["comments"]
        tree[C] = {}
        for p in g.posts:
            if p.comments:
                entry = {c.key: comment_record(lay, c) for c in p.comments}
                if C == "posts_comments":
                    tree[C].setdefault(p.owner, {})[p.key] = entry
                else:
                    tree[C][p.key] = entry

    # Follows.
    F = lay["follows"]
    follow_path = {}   # (a, b) a follows b -> {"following": path, "followers": path}
    if F is not None:
        for a, b in sorted(g.follows):
            paths = {}
            if F == "Follow":
                paths["following"] = ("Follow", a, "following", b)
                paths["followers"] = ("Follow", b, "followers", a)
            elif F == "in_users":
                paths["following"] = (U, a, "following", b)
                paths["followers"] = (U, b, "followers", a)
            else:
                names = {"followers": ("followers", "following"), "user-followers": ("user-followers", "user-following"),
                         "Followers": ("Followers", "Following")}[F]
                paths["following"] = (names[1], a, b)
                if lay["follow_sides"] == "both":
                    paths["followers"] = (names[0], b, a)
            for side, path in paths.items():
                put(tree, path, value_of(lay["follow_value"], b if side == "following" else a))
            follow_path[(a, b)] = paths

    # The timeline.
    T = lay["timeline"]
    if T is not None:
        tree[T] = {}
        for p in g.posts:
            readers = ([p.owner] if lay["timeline_own"] else []) + g.followers(p.owner)
            for reader in readers:
                tree[T].setdefault(reader, {})[p.key] = timeline_entry(lay, tree, post_path, p)

    # The index of each user's posts.
    if lay["user_posts"]:
        I = lay["user_posts"]
        tree[I] = {}
        for p in g.posts:
            tree[I].setdefault(p.owner, {})[p.key] = 1 if I == "user-posts" else True

    # Roots beside the graph.
    for extra in lay["extras"]:
        if extra == "Notifications":
            tree["Notifications"] = {}
            for a, b in sorted(g.follows):
                key = timed_push_id(g.rng, datetime.datetime(2021, 2, 1, tzinfo=UTC))
                tree["Notifications"].setdefault(b, {})[key] = {"userid": a, "text": "started following you",
                                                                "postid": "", "ispost": False}
            for p in g.posts:
                for u in sorted(p.likes):
                    key = timed_push_id(g.rng, p.time + datetime.timedelta(hours=1))
                    tree["Notifications"].setdefault(p.owner, {})[key] = {"userid": u, "text": "liked your post",
                                                                          "postid": p.key, "ispost": True}
            if not tree["Notifications"]:
                del tree["Notifications"]
            else:
                hidden += ["started following you"] if g.follows else []
                hidden += ["liked your post"] if any(p.likes for p in g.posts) else []
        elif extra == "Saves" and not posts_only:
            tree["Saves"] = {}
            for i, u in enumerate(g.users[:4]):
                saved = [p.key for p in g.posts if p.owner != u.uid][i::3][:2]
                if saved:
                    tree["Saves"][u.uid] = {key: True for key in saved}
            if not tree["Saves"]:
                del tree["Saves"]
        elif extra == "users_private_info" and not posts_only:
            tree["users_private_info"] = {u.uid: {"email": u.email, "phone": "+1 555 01%02d" % i}
                                          for i, u in enumerate(g.users)}
            hidden += [u.email for u in g.users] + ["+1 555 01%02d" % i for i in range(len(g.users))]
        elif extra == "Story":
            tree["Story"] = {}
            for i, u in enumerate(g.users[:3]):
                start = datetime.datetime(2021, 4, 2 + i, 18, 30, tzinfo=UTC)
                story = timed_push_id(g.rng, start)
                url = STORY_HOST + "story-%s.jpg?alt=media" % u.username
                tree["Story"][u.uid] = {story: {"imageurl": url, "timestart": millis(start),
                                                "timeend": millis(start) + 86400000, "storyid": story, "userid": u.uid}}
                hidden.append(url)
        elif extra == "UsernamesForLookup":
            tree["UsernamesForLookup"] = {u.uid: {"userID": u.uid, "username": u.username} for u in g.users}
        elif extra == "Bookmarks":
            tree["Bookmarks"] = {}
            for i, u in enumerate(g.users[:4]):
                for p in [p for p in g.posts if p.owner != u.uid][i::5][:2]:
                    mark = timed_push_id(g.rng, p.time + datetime.timedelta(days=1))
                    tree["Bookmarks"].setdefault(u.uid, {})[mark] = {"postID": p.key, "postAuthorID": p.owner}
            if not tree["Bookmarks"]:
                del tree["Bookmarks"]
        elif extra == "Activity":
            tree["Activity"] = {}
            for p in g.posts:
                for u in sorted(p.likes - {p.owner}):
                    event = timed_push_id(g.rng, p.time + datetime.timedelta(hours=1))
                    tree["Activity"].setdefault(p.owner, {})[event] = {
                        "eventType": "postLiked", "userID": u, "postID": p.key, "eventID": event,
                        "timestamp": (p.time + datetime.timedelta(hours=1)).timestamp(), "seen": False}
            if not tree["Activity"]:
                del tree["Activity"]
        elif extra == "DiscoverPosts":
            tree["DiscoverPosts"] = {p.key: copy.deepcopy(post_record(tree, post_path, p.key)) for p in g.posts}
        elif extra == "user_photos":
            tree["user_photos"] = {}
            for p in g.posts:
                tree["user_photos"].setdefault(p.owner, {})[p.key] = copy.deepcopy(post_record(tree, post_path, p.key))
        elif extra == "user-posts-copies":
            tree["user-posts"] = {}
            for p in g.posts:
                tree["user-posts"].setdefault(p.owner, {})[timed_push_id(g.rng, p.time)] = {
                    "timestamp": millis(p.time), "imageUrl": p.image}

    # Drifts.
    findings = []
    used = set()
    context = {"g": g, "lay": lay, "tree": tree, "rng": rng, "post_path": post_path, "counters": counters,
               "follow_path": follow_path, "used": used, "like_keys": like_keys}
    for drift in spec["drifts"]:
        if drift == "username_duplicate":
            if renamed:
                findings.append(f("username_duplicate", "%s/%s/username" % (U, renamed)))
        elif applicable(drift, lay):
            findings += DRIFT_FUNCTIONS[drift](context) or []
    for path, code, n in counters:
        # Strings are no counters: every one is counter_invalid (once per counter: missing,
        # else invalid, else mismatched).
        if ctype == "string" and path not in used:
            findings.append({"code": "counter_invalid", "path": path})

    for name in [n for n, v in tree.items() if v == {}]:
        del tree[name]   # Firebase keeps no empty node

    truth = g.truth(findings, follows=F is not None, posters_only=posts_only, hidden=sorted(set(hidden)))
    for post in truth["posts"].values():
        if lay["likes"] is None:
            del post["likes"]
        if lay["comments"] is None:
            del post["comments"]
    return Case(spec, tree, truth["findings"], truth, present(roles(lay), tree), fields(lay, tree))


STORY_HOST = "https://firebasestorage.googleapis.com/v0/b/instagramtest-fcbef.appspot.com/o/story%2F"


def put(tree, path, value):
    node = tree
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value


def remove(tree, path):
    """Removes the member at path, and each container it leaves empty (Firebase keeps no
    empty objects), up to the root node's children."""
    nodes = [tree]
    for key in path[:-1]:
        nodes.append(nodes[-1][key])
    del nodes[-1][path[-1]]
    for depth in range(len(path) - 1, 0, -1):
        if not nodes[depth]:
            del nodes[depth - 1][path[depth - 1]]


# Likes keyed by a push id, each holding its liker: in a map (mitch) or as the value (GameToday).
PUSHED_LIKES = ("pushid_user_id", "pushid_value")


def pushed_like(kind, uid):
    return {"user_id": uid} if kind == "pushid_user_id" else uid


def likes_list(lay, p, rng, like_keys):
    kind = lay["like_value"]
    if kind in PUSHED_LIKES:
        out = {}
        for u in sorted(p.likes):
            key = like_keys.setdefault((p.key, u), timed_push_id(rng, p.time + datetime.timedelta(hours=3)))
            out[key] = pushed_like(kind, u)
        return out
    return {u: value_of(kind, u) for u in sorted(p.likes)}


def comment_record(lay, c, username=None):
    text, author = lay["comment_fields"]
    rec = {text: c.text, author: c.author}
    if lay["users"] is None and username:
        rec["username"] = username   # posts-only: the author's name copied, as into posts
    if lay["comment_time"]:
        rec[lay["comment_time"][0]] = time_value(lay["comment_time"][1], c.time)
    return rec


def post_record(tree, post_path, key):
    node = tree
    for part in post_path[key].split("/"):
        node = node[part]
    return node


def timeline_entry(lay, tree, post_path, p):
    T = lay["timeline"]
    if T == "timeline":
        return {"poster_uid": p.owner}
    if T == "user-feed":
        return 1
    if T == "feed":
        return True
    if T == "Timelines":
        return copy.deepcopy(post_record(tree, post_path, p.key))
    return {"user_identifier": p.owner, "timestamp": p.time.timestamp() + 0.25}


def ghost_uid(rng):
    return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789") for _ in range(28))


def ghost_post(rng):
    return timed_push_id(rng, datetime.datetime(2021, 3, 20, 8, rng.randrange(60), tzinfo=UTC))


def f(code, path):
    return {"code": code, "path": path}


def drift_mirror_missing(c):
    rng = c["rng"]
    side = rng.choice(["followers", "following"])
    # Not the last edge of its side: with none left, the app keeps one side only and no
    # mirror is checked (docs/audit-rules.md, "Follow graph").
    edges = [e for e in sorted(c["follow_path"]) if ("edge",) + e not in c["used"]]
    if len(edges) < 2:
        return []
    a, b = rng.choice(edges)
    c["used"].add(("edge", a, b))
    path = c["follow_path"][(a, b)][side]
    remove(c["tree"], path)
    return [f("follow_mirror_missing", "/".join(path))]


def drift_follow_dangling(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    a = rng.choice(g.users).uid
    ghost = ghost_uid(rng)
    F = lay["follows"]
    out = []
    if F == "Follow":
        halves = [("Follow", a, "following", ghost), ("Follow", ghost, "followers", a)]
    elif F == "in_users":
        halves = [(lay["users"], a, "following", ghost)]   # the ghost has no record to hold the other
    else:
        names = {"followers": ("followers", "following"), "user-followers": ("user-followers", "user-following"),
                 "Followers": ("Followers", "Following")}[F]
        halves = [(names[1], a, ghost)] + ([(names[0], ghost, a)] if lay["follow_sides"] == "both" else [])
    for path in halves:
        put(c["tree"], path, value_of(lay["follow_value"], path[-1]))   # a value names the edge's far end
        out.append(f("follow_dangling", "/".join(path)))
    return out


def likes_place(lay, p, post_path):
    """The path of a post's likes list."""
    L = lay["likes"]
    if L == "in_post":
        return post_path[p.key] + "/likes"
    if L == "posts_likes":
        return "posts_likes/%s/%s" % (p.owner, p.key)
    return "%s/%s" % (L, p.key)


def drift_like_ghost(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    p = rng.choice(g.posts)
    ghost = ghost_uid(rng)
    base = likes_place(lay, p, c["post_path"])
    if lay["like_value"] in PUSHED_LIKES:
        key = timed_push_id(rng, p.time + datetime.timedelta(hours=4))
        value = pushed_like(lay["like_value"], ghost)
    else:
        key, value = ghost, value_of(lay["like_value"], ghost)
    put(c["tree"], tuple(base.split("/")) + (key,), value)
    return [f("like_dangling", base + "/" + key)]


def drift_like_deleted_post(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    key = ghost_post(rng)
    likers = rng.sample([u.uid for u in g.users], min(2, len(g.users)))
    if lay["like_value"] in PUSHED_LIKES:
        entry = {timed_push_id(rng, datetime.datetime(2021, 3, 21, tzinfo=UTC)): pushed_like(lay["like_value"], u) for u in likers}
    else:
        entry = {u: value_of(lay["like_value"], u) for u in likers}
    L, P = lay["likes"], lay["posts_root"]
    if L == "in_post":
        path = (P, key, "likes")
    elif L == "posts_likes":
        path = ("posts_likes", rng.choice(g.users).uid, key)
    else:
        path = (L, key)
    put(c["tree"], path, entry)
    return [f("like_dangling", "/".join(path))]


def drift_comment_deleted_post(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    key = ghost_post(rng)
    author = rng.choice(g.users)
    time = datetime.datetime(2021, 3, 21, 9, 0, tzinfo=UTC)
    comment = comment_record(lay, type("C", (), {"text": "bridge rain", "author": author.uid, "time": time})(),
                             author.username)
    entry = {timed_push_id(rng, time): comment}
    C, P = lay["comments"], lay["posts_root"]
    if C == "in_post":
        path = (P, key, "comments")
    elif C == "posts_comments":
        path = ("posts_comments", rng.choice(g.users).uid, key)
    else:
        path = (C, key)
    put(c["tree"], path, entry)
    return [f("comment_dangling", "/".join(path))]


def drift_counter_off(c):
    free = [x for x in c["counters"] if x[0] not in c["used"]]
    if not free:
        return []
    path, code, n = c["rng"].choice(free)
    c["used"].add(path)
    put(c["tree"], tuple(path.split("/")), counter_value(c["lay"]["counter_type"], n + 1))
    return [f(code, path)]


def drift_counter_missing(c):
    free = [x for x in c["counters"] if x[0] not in c["used"]]
    if not free:
        return []
    path, code, n = c["rng"].choice(free)
    if sum(1 for x in c["counters"] if x[0].rsplit("/", 1)[1] == path.rsplit("/", 1)[1]) < 2:
        return []   # the only record carrying it: with none, the app keeps no such counter
    c["used"].add(path)
    remove(c["tree"], tuple(path.split("/")))
    return [f("counter_missing", path)]


def drift_stale_username(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    if lay["users"] is None:
        # The owner's newest post is their record; an older post keeps the old name.
        owners = [u for u in g.users if sum(1 for p in g.posts if p.owner == u.uid) >= 2]
        if not owners:
            return []
        u = rng.choice(owners)
        older = sorted((p for p in g.posts if p.owner == u.uid), key=lambda p: p.time)[:-1]
        p = rng.choice(older)
        path = c["post_path"][p.key] + "/username"
    else:
        p = rng.choice(g.posts)
        path = c["post_path"][p.key] + "/poster"
        u = g.user(p.owner)
    put(c["tree"], tuple((c["post_path"][p.key] + "/" + ("username" if lay["users"] is None else "poster/username")).split("/")),
        u.username + "_old")
    return [f("poster_mismatch", path)]


def drift_timeline_missing(c):
    g, lay, rng, tree = c["g"], c["lay"], c["rng"], c["tree"]
    T = lay["timeline"]
    entries = [(reader, p.key) for p in g.posts for reader in g.followers(p.owner)
               if ("timeline", reader, p.key) not in c["used"]]
    if not entries:
        return []
    if sum(len(v) for v in tree[T].values()) < 2:
        return []   # the last entry: with none left the export has no timeline to check
    reader, key = rng.choice(entries)
    c["used"].add(("timeline", reader, key))
    remove(tree, (T, reader, key))
    return [f("timeline_missing", "%s/%s/%s" % (T, reader, key))]


def drift_timeline_stale(c):
    g, lay, rng, tree = c["g"], c["lay"], c["rng"], c["tree"]
    T = lay["timeline"]
    readers = sorted(tree.get(T, {})) or [g.users[0].uid]
    reader = rng.choice(readers)
    key = ghost_post(rng)
    p = rng.choice(g.posts)
    entry = timeline_entry(lay, tree, c["post_path"], p)
    if isinstance(entry, dict) and lay["timeline"] == "Timelines":
        entry = dict(entry, **{lay["image"]: p.image.replace(".jpg", "-deleted.jpg")})
        if lay["post_id_copy"]:
            entry[lay["post_id_copy"]] = key
    put(tree, (T, reader, key), entry)
    return [f("timeline_stale", "%s/%s/%s" % (T, reader, key))]


def drift_user_post_missing(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    p = rng.choice(g.posts)
    I = lay["user_posts"]
    if len(g.posts) < 2:
        return []   # the last entry: with none left the export has no index to check
    remove(c["tree"], (I, p.owner, p.key))
    return [f("user_post_missing", "%s/%s/%s" % (I, p.owner, p.key))]


def drift_user_post_stale(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    owner = rng.choice([p.owner for p in g.posts])
    key = ghost_post(rng)
    I = lay["user_posts"]
    put(c["tree"], (I, owner, key), 1 if I == "user-posts" else True)
    return [f("user_post_stale", "%s/%s/%s" % (I, owner, key))]


def follow_halves(lay, a, b):
    """The paths of a follows b: (following half, followers half or None)."""
    F, U = lay["follows"], lay["users"]
    if F == "Follow":
        return ("Follow", a, "following", b), ("Follow", b, "followers", a)
    if F == "in_users":
        return (U, a, "following", b), (U, b, "followers", a)
    names = {"followers": ("followers", "following"), "user-followers": ("user-followers", "user-following"),
             "Followers": ("Followers", "Following")}[F]
    return (names[1], a, b), ((names[0], b, a) if lay["follow_sides"] == "both" else None)


def drift_self_follow(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    a = rng.choice(g.users).uid
    out = []
    for path in follow_halves(lay, a, a):
        if path:
            put(c["tree"], path, value_of(lay["follow_value"], a))
            out.append(f("self_follow", "/".join(path)))
    return out


def drift_post_orphan(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    ghost, key = ghost_uid(rng), ghost_post(rng)
    time = datetime.datetime(2021, 3, 22, 10, 0, tzinfo=UTC)
    rec = {}
    if lay["posts_place"] == "flat":
        rec[lay["owner"]] = ghost
    rec[lay["image"]] = "https://example.com/photos/gone.jpg"
    if lay["caption"]:
        rec[lay["caption"]] = "The roof and the tide"
    if lay["time"]:
        rec[lay["time"][0]] = time_value(lay["time"][1], time)
    P = lay["posts_root"]
    if lay["posts_place"] == "flat":
        put(c["tree"], (P, key), rec)
        return [f("post_orphan", "%s/%s" % (P, key))]
    put(c["tree"], (P, ghost, key), rec)
    return [f("post_orphan", "%s/%s" % (P, ghost))]


def drift_unfollow_false(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    pairs = [(a.uid, b.uid) for a in g.users for b in g.users if a.uid != b.uid and (a.uid, b.uid) not in g.follows]
    if not pairs:
        return []
    a, b = rng.choice(pairs)
    for path in follow_halves(lay, a, b):
        if path:
            put(c["tree"], path, False)
    return []


def drift_unlike_false(c):
    g, lay, rng = c["g"], c["lay"], c["rng"]
    choices = [(p, u.uid) for p in g.posts for u in g.users if u.uid not in p.likes]
    if not choices:
        return []
    p, u = rng.choice(choices)
    put(c["tree"], tuple(likes_place(lay, p, c["post_path"]).split("/")) + (u,), False)
    return []


DRIFT_FUNCTIONS = {name: globals()["drift_" + name] for name in DRIFTS if name != "username_duplicate"}


def roles(lay):
    """Where each node is, as inspect's block must say it (a mapping, or a root the
    "root nodes" list gives the role)."""
    out = {"posts": lay["posts_root"]}
    if lay["users"]:
        out["users"] = lay["users"]
    L, C, F = lay["likes"], lay["comments"], lay["follows"]
    if L == "in_post":
        out["postLikes"] = lay["posts_root"] + "/*/likes"
    elif L == "posts_likes":
        out["postLikes"] = "posts_likes/*/*"
    elif L:
        out["postLikes"] = L
    if C == "in_post":
        out["comments"] = lay["posts_root"] + "/*/comments"
    elif C == "posts_comments":
        out["comments"] = "posts_comments/*/*"
    elif C:
        out["comments"] = C
    if F == "Follow":
        out["followers"], out["following"] = "Follow/*/followers", "Follow/*/following"
    elif F == "in_users":
        out["followers"], out["following"] = lay["users"] + "/*/followers", lay["users"] + "/*/following"
    elif F:
        names = {"followers": ("followers", "following"), "user-followers": ("user-followers", "user-following"),
                 "Followers": ("Followers", "Following")}[F]
        out["following"] = names[1]
        if lay["follow_sides"] == "both":
            out["followers"] = names[0]
    if lay["timeline"]:
        out["timeline"] = lay["timeline"]
    if lay["user_posts"]:
        out["user_posts"] = lay["user_posts"]
    return out


def present(places, tree):
    """The roles whose place the export holds: a root, or a list in some record."""
    out = {}
    for role, place in places.items():
        parts = place.split("/")
        node = tree.get(parts[0])
        if node is None:
            continue
        if len(parts) == 3 and parts[1] == "*" and parts[2] != "*":
            if not any(isinstance(r, dict) and parts[2] in r for r in node.values()):
                continue
        out[role] = place
    return out


def fields(lay, tree):
    """The field of each role, as inspect must read it."""
    out = {"image_url": lay["image"]}
    if lay["posts_place"] == "flat":
        out["post_owner"] = lay["owner"]
    if lay["caption"]:
        out["caption"] = lay["caption"]
    if lay["time"]:
        out["created_at"] = lay["time"][0]
    if lay["like_counter"]:
        out["like_count"] = lay["like_counter"]
    if lay["comment_counter"]:
        out["comment_count"] = lay["comment_counter"]
    if lay["user_counters"]:
        out.update(zip(["post_count", "follower_count", "following_count"], lay["user_counters"]))
    if lay["name"]:
        out["name"] = lay["name"]
    if lay["avatar"] and lay["users"]:
        out["avatar_url"] = lay["avatar"]
    if lay["comments"] and holds_comments(lay, tree):
        out["comment_text"], out["comment_author"] = lay["comment_fields"]
    return out


def holds_comments(lay, tree):
    """Whether the export holds a comment list: in some post, or a root of them."""
    if lay["comments"] == "in_post":
        return any(isinstance(r, dict) and r.get("comments") for r in tree.get(lay["posts_root"], {}).values())
    return bool(tree.get(lay["comments"]))

"""karlhadwen/instagram: Karl Hadwen's React + Firebase "Instagram clone" YouTube course
(React, Tailwind, Cloud Firestore), one of the most copied web clones on GitHub. Users are
documents of AUTO IDS (`.collection('users').add(...)`) holding the sign-in uid:
`users/<autoId>` {userId, username (lowercased), fullName, emailAddress, following: [ids],
followers: [ids], dateCreated (Date.now() ms)}. Sign-up (pages/sign-up.js handleSignUp)
writes `following: ['2']`, every new user following the seeded user '2', and writes
nothing in that user's `followers`. A follow (services/firebase.js toggleFollow, and
sidebar/suggested-profile.js handleFollowUser) is two awaited updates, arrayUnion of the
followed id into one's own `following`, then of one's own userId into the followed
user's `followers`; an unfollow the same with arrayRemove.

The app has no upload: every photo is written by seed.js (seedDatabase), which adds the
four seeded users (`userId` 'NvPY9M9MzFTARQ6M816YAzDJxZ72', replaced by the developer's
own auth uid, then '2', '3', '4') and `photos/<autoId>` {photoId (the loop's number,
1..5, so it repeats across owners), userId, imageSrc (a path under public/:
"/images/users/raphael/1.jpg"), caption, likes: [], comments: [{displayName, comment}],
userLatitude: '40.7128°', userLongitude: '74.0060°', dateCreated: Date.now()}; the
developer extended the loop to each seeded user (the avatars of all four are shipped).
A like is arrayUnion/arrayRemove of the liker's uid in `likes` (post/actions.js); a
comment arrayUnion of {displayName, comment} in `comments` (post/add-comment.js), with
displayName Firebase Auth's, the username as TYPED at sign-up (Firestore keeps it
lowercased): comments name their author by username, with no id and no time.

Covers: users keyed by an auto id with the id the data uses in `userId`; user ids that
are short numbers ('2', '3', '4': array elements that look like indexes); follows as two
arrays of ids; likes as an array of ids and comments as an array of maps inside the post;
a numeric `photoId` that is no key (it repeats); image paths relative to the site; all
seeded posts created within the same few milliseconds; emails (hidden).

Drift, as the app's code writes it:
- seed.js's users are not mirrored: karl's `followers` holds '2', '3', '4' whose
  `following` is empty, and dali's and orwell's `followers` hold karl, whose `following`
  holds '2' only (five follow_mirror_missing);
- handleSignUp's `following: ['2']` with no entry in '2''s `followers`, for every user
  who has not unfollowed '2' since (follow_mirror_missing at users/<doc of 2>/followers).
"""
import random

from _graph import Graph, push_id

APP = {
    "name": "hadwen_instagram",
    "repo": "karlhadwen/instagram",
    "files": ["src/seed.js (seedDatabase)", "src/pages/sign-up.js (handleSignUp)",
              "src/services/firebase.js (updateLoggedInUserFollowing, updateFollowedUserFollowers, toggleFollow, getPhotos, getUserPhotosByUserId, isUserFollowingProfile)",
              "src/components/post/actions.js (handleToggleLiked)",
              "src/components/post/add-comment.js (handleSubmitComment)",
              "src/components/post/comments.js", "src/components/sidebar/suggested-profile.js (handleFollowUser)",
              "src/components/profile/header.js (handleToggleFollow)", "src/components/profile/index.js",
              "src/hooks/use-photos.js"],
    "database": "firestore",
    "layout": "users/<autoId> {userId, following: [ids], followers: [ids]}, seeded ids '2' '3' '4', sign-up follows '2' one-sided; photos/<autoId> {photoId 1..5 repeating, userId, imageSrc a relative path, likes: [ids], comments: [{displayName, comment}]}",
}

KARL_UID = "NvPY9M9MzFTARQ6M816YAzDJxZ72"
SEEDED = {0: KARL_UID, 1: "2", 2: "3", 3: "4"}


def _uid(rng, i, username):
    return SEEDED.get(i) or push_id(rng, 28)


GRAPH = Graph(seed=2021, users=10, posts=20, uid=_uid)
_rng = random.Random(20210)
for _i, _name in enumerate(["karl", "raphael", "dali", "orwell"]):
    _u = GRAPH.users[_i]
    _u.username, _u.name = _name, ["Karl Hadwen", "Raffaello Sanzio da Urbino", "Salvador Dali", "George Orwell"][_i]
    _u.email = _name + "@example.com"
KARL, RAPHAEL, DALI, ORWELL = (GRAPH.users[i].uid for i in range(4))
SEEDED_IDS = {RAPHAEL, DALI, ORWELL}        # no auth account: they never like, follow or comment in the app
SIGNUPS = [u.uid for u in GRAPH.users[4:]]
UNFOLLOWED = SIGNUPS[2]                     # clicked Unfollow on raphael's profile since
TYPED = {SIGNUPS[3]: GRAPH.user(SIGNUPS[3]).username.capitalize()}   # signed up as "Hana": displayName keeps the case
DOC = {u.uid: push_id(_rng) for u in GRAPH.users}

# The photos are the seed's: owned by the four seeded users, photoId the loop's number.
PHOTO_ID = {}
for _n, _p in enumerate(GRAPH.posts):
    _p.owner = [KARL, RAPHAEL, DALI, ORWELL][_n % 4]
    _p.key = push_id(_rng)
    PHOTO_ID[_p.key] = sum(1 for q in GRAPH.posts[:_n] if q.owner == _p.owner) + 1
    _p.likes -= SEEDED_IDS
    _p.comments = [c for c in _p.comments if c.author != RAPHAEL]

# Follows: the seed's, the sign-ups' '2', and the app's (both sides) by those who can sign in.
SEED_BOTH = {(KARL, RAPHAEL)}
SEED_FOLLOWERS_ONLY = {(RAPHAEL, KARL), (DALI, KARL), (ORWELL, KARL), (KARL, DALI), (KARL, ORWELL)}
SIGNUP_FOLLOWING_ONLY = {(s, RAPHAEL) for s in SIGNUPS if s != UNFOLLOWED}
_app = {(a, b) for a, b in GRAPH.follows if a in SIGNUPS and b != RAPHAEL}
GRAPH.follows = SEED_BOTH | SEED_FOLLOWERS_ONLY | SIGNUP_FOLLOWING_ONLY | _app


def documents():
    g = GRAPH
    docs = {}
    base = 1614589200000  # seedDatabase ran once: every Date.now() within a few milliseconds
    for i, u in enumerate(g.users):
        following = [b for a, b in sorted(_app) if a == u.uid]
        followers = [a for a, b in sorted(_app) if b == u.uid]
        if u.uid in SIGNUPS:
            # handleSignUp: following ['2'] first, then the app's follows (arrayUnion appends)
            following = ([RAPHAEL] if u.uid != UNFOLLOWED else []) + following
            joined = base + 86400000 * (i + 1)
        else:
            # seedDatabase's arrays as written, then the app's follows
            following = {KARL: [RAPHAEL]}.get(u.uid, []) + following
            followers = {KARL: [RAPHAEL, DALI, ORWELL]}.get(u.uid, [KARL]) + followers
            joined = base + i
        docs["users/" + DOC[u.uid]] = {
            "userId": u.uid, "username": u.username, "fullName": u.name, "emailAddress": u.email,
            "following": following, "followers": followers, "dateCreated": joined}
    for n, p in enumerate(g.posts):
        owner = g.user(p.owner)
        docs["photos/" + p.key] = {
            "photoId": PHOTO_ID[p.key], "userId": p.owner,
            "imageSrc": "/images/users/%s/%d.jpg" % (owner.username, PHOTO_ID[p.key]),
            "caption": p.caption, "likes": sorted(p.likes),
            "comments": [{"displayName": TYPED.get(c.author, g.user(c.author).username), "comment": c.text}
                         for c in p.comments],
            "userLatitude": "40.7128°", "userLongitude": "74.0060°", "dateCreated": base + 10 + n}
    return docs


def truth():
    g = GRAPH
    findings = []
    for a, b in sorted(SEED_FOLLOWERS_ONLY):
        # in b's followers only: a's `following` lacks b
        findings.append({"code": "follow_mirror_missing", "path": "users/%s/following/%s" % (DOC[a], b)})
    for a, b in sorted(SIGNUP_FOLLOWING_ONLY):
        findings.append({"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (DOC[b], a)})
    return g.truth(findings, hidden=[u.email for u in g.users])

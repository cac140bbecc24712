"""hernanhawryluk/instagram-clone-app: React Native (Expo), Firestore. Users keyed by their
email address (users/<email>) holding follows as arrays of emails (`followers`,
`following`), pending follow requests (`followers_request`, `following_request`), saved
posts as an array of post ids and notification counters (`event_notification`,
`chat_notification`); posts grouped by owner in users/<email>/posts/<autoId> with likes
as an array of emails (`likes_by_users`) and comments embedded as an array of maps
{email, username, comment, createdAt}; stories beside them in users/<email>/stories (an
image, seen_by_users); chats in users/<email>/chat/<other email>/messages.

Covers: users keyed by email (published under their username, the email never shown);
follow requests; stories; chats; saved posts; likes and follows as arrays of ids that
hold `.` and `@`; comments embedded as maps; counters that are not graph counters;
times as timestamps.

Drift, as the app suffers it: useHandleRequests accepts a request with two separate
writes, and the accepter's (followers + request removal) failed once: a follow whose
followers side is missing, its request still pending; useHandleUnfollow removes the two
sides with two writes, and only the first (the follower's `following`) ran once: by
the union rule the follow stands, its `following` side missing. useDeletePost
deletes the post and leaves its id in a user's saved_posts (no finding: saved posts are
never published nor audited)."""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "instagram_clone_expo",
    "repo": "hernanhawryluk/instagram-clone-app",
    "files": ["src/components/signup/SignupForm.jsx (onSignup)", "src/hooks/useUploadPost.js (uploadPost)",
              "src/hooks/useHandleLike.js (handlePostLike)", "src/hooks/useUploadComment.js (uploadComment)",
              "src/hooks/useHandleFollow.js (handleFollow)", "src/hooks/useHandleRequests.js (handleRequests)",
              "src/hooks/useHandleUnfollow.js (handleUnfollow)", "src/hooks/useSavePost.js (savePost)",
              "src/hooks/useUploadStory.js (uploadStory)", "src/hooks/useChatSendMessage.js (chatSendMessage)",
              "src/hooks/useChatAddUser.js", "src/hooks/useDeletePost.js"],
    "database": "firestore",
    "layout": "users/{email} with follow and request arrays; users/*/posts likes_by_users, comments as maps; stories; chat",
}

GRAPH = Graph(seed=39, users=12, posts=30, uid=lambda rng, i, name: name + "@example.com")
CHAT = ["see you at the market at noon", "the photos from the bridge are great"]


def drift(g):
    follows = sorted(g.follows)
    accepted = follows[2]      # (requester, accepter): the accepter's followers lack the requester
    unfollowed = follows[7]    # (follower, followed): the follower's following lacks the followed
    return accepted, unfollowed


def documents():
    g = GRAPH
    accepted, unfollowed = drift(g)
    docs = {}
    pending = {(g.users[10].uid, g.users[1].uid)} - g.follows  # a request not yet answered
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {
            "owner_uid": push_id(g.rng, 28), "username": u.username, "email": u.uid,
            "profile_picture": u.avatar, "name": u.name, "bio": u.bio, "link": "",
            "gender": ["Prefer not to say", ""], "followers": g.followers(u.uid), "following": g.following(u.uid),
            "followers_request": sorted(a for a, b in pending if b == u.uid),
            "following_request": sorted(b for a, b in pending if a == u.uid),
            "event_notification": (i * 3) % 7, "chat_notification": 0, "saved_posts": [],
            "close_friends": [], "favorite_users": [], "muted_users": [],
            "createdAt": Timestamp(iso(g.posts[0].time.replace(hour=7))), "country": "AR",
        }
    for p in g.posts:
        owner = g.user(p.owner)
        docs["users/%s/posts/%s" % (p.owner, p.key)] = {
            "imageUrl": p.image, "username": owner.username, "profile_picture": owner.avatar,
            "owner_uid": docs["users/" + p.owner]["owner_uid"], "owner_email": p.owner, "caption": p.caption,
            "createdAt": Timestamp(iso(p.time)), "likes_by_users": sorted(p.likes),
            "new_likes": [g.user(sorted(p.likes)[-1]).username, g.user(sorted(p.likes)[-1]).avatar] if p.likes else [],
            "comments": [{"email": c.author, "profile_picture": g.user(c.author).avatar,
                          "username": g.user(c.author).username, "comment": c.text,
                          "createdAt": Timestamp(iso(c.time)), "likes_by_users": ""} for c in p.comments],
        }
    # stories (never published): an image each for three users
    for i, u in enumerate(g.users[:3]):
        docs["users/%s/stories/%s" % (u.uid, push_id(g.rng))] = {
            "imageUrl": "https://example.com/stories/%s.jpg" % u.username, "username": u.username, "name": u.name,
            "profile_picture": u.avatar, "owner_uid": docs["users/" + u.uid]["owner_uid"], "owner_email": u.uid,
            "createdAt": Timestamp(iso(g.posts[-1].time)), "likes_by_users": [], "new_likes": [],
            "seen_by_users": [g.users[5].uid]}
    # a chat between users 0 and 1, both sides as the app writes them
    a, b = g.users[0], g.users[1]
    for me, other in ((a, b), (b, a)):
        docs["users/%s/chat/%s" % (me.uid, other.uid)] = {
            "email": other.uid, "username": other.username, "name": other.name, "profile_picture": other.avatar,
            "status": "seen"}
        for k, text in enumerate(CHAT):
            docs["users/%s/chat/%s/messages/%s" % (me.uid, other.uid, push_id(g.rng))] = {
                "message": text, "timestamp": Timestamp(iso(g.posts[10 + k].time)),
                "who": "current" if (me is a) == (k == 0) else "user"}
    # saved posts, one of them deleted since (useDeletePost)
    docs["users/" + g.users[4].uid]["saved_posts"] = [g.posts[3].key, push_id(g.rng)]
    # drift 1: an accepted request whose second write failed.
    requester, accepter = accepted
    docs["users/" + accepter]["followers"].remove(requester)
    docs["users/" + accepter]["followers_request"].append(requester)
    # drift 2: an unfollow whose second write failed: the follow stands by the union rule.
    follower, followed = unfollowed
    docs["users/" + follower]["following"].remove(followed)
    return docs


def truth():
    g = GRAPH
    (requester, accepter), (follower, followed) = drift(g)
    # A finding's path is the tree's (docs/firestore.md, "Ids and names"): an id's `.` is `%2E`.
    key = lambda id: id.replace("%", "%25").replace(".", "%2E")
    findings = [
        {"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (key(accepter), key(requester))},
        {"code": "follow_mirror_missing", "path": "users/%s/following/%s" % (key(follower), key(followed))},
    ]
    hidden = [u.uid for u in g.users] + CHAT + ["https://example.com/stories/"]
    return g.truth(findings, profile_key=lambda u: u.username, hidden=hidden)

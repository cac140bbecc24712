"""rozdoum/social-app-android (Rozdoum's open-source "Social App", Android Java, v2 2018,
with Cloud Functions): a photo-sharing app on the Realtime Database. `profiles/<uid>` as
setValue writes the Profile class {id, username (the provider's display name), email,
photoUrl, likesCount (likes received by all the user's posts), itemType: "ITEM"} and
`notificationTokens/<token>: true`; flat `posts/<pushId>` {title, description,
createdDate (ms), imageTitle (the file's name in Cloud Storage: no URL is kept), authorId,
commentsCount, likesCount, watchersCount, hasComplain}; likes three levels deep,
`post-likes/<postId>/<uid>/<likeId>: {id, authorId, createdDate}`; comments
`post-comments/<postId>/<commentId>: {id, text, authorId, createdDate}`; follows in one
root with a node per user, `follow/<uid>/followings/<uid>: {profileId, createdDate}` and
`follow/<uid>/followers/<uid>: {profileId, createdDate}` (two chained writes); a feed
fanned out by the Cloud Function addNewPostToFollowers when a post is created,
`followingPostsIds/<follower>/<postId>: {postId}` (the poster's followers at that time,
not the poster), cleaned by removePostFromFollowingList for the followers the poster has
when the post is deleted; nothing is added or removed there on follow or unfollow.

Covers: a node of users under another name (`profiles`); posts whose photo is only in
Cloud Storage (no URL: the pages show the placeholder, no finding); likes keyed by post,
then liker, then a push id; follows as `follow/<uid>/followers|followings`; a timeline of
`{postId}` maps fanned out by Cloud Functions without the poster's own posts; counters of
likes, comments and views in the post and of likes received in the profile; FCM tokens
and emails (hidden).

Drift, as the app suffers it: createComment increments `commentsCount` in a transaction
after the comment is written (the app killed in between: one short); removeLike's
decrement of `likesCount` lost (one over); followUser's second write (`followers`) lost;
a user who unfollowed keeps the entries of the posts fanned out to them while they
followed (timeline_stale: a post of someone they no longer follow); removePost deletes
the post, then its comments and its likes by separate calls, the likes' removal lost
(`like_dangling`), and the Cloud Function cleans the feeds of the current followers only
(the ex-follower's entry for the deleted post stays: timeline_stale).
"""
import datetime

from _graph import Graph, millis, push_id as random_id, timed_push_id as push_id

APP = {
    "name": "rozdoum_social",
    "repo": "rozdoum/social-app-android",
    "files": ["functions/index.js (addNewPostToFollowers, removePostFromFollowingList, pushNotificationLikes, pushNotificationComments)",
              "app/src/main/java/com/rozdoum/socialcomponents/managers/DatabaseHelper.java (the root names)",
              "app/src/main/java/com/rozdoum/socialcomponents/main/interactors/PostInteractor.java (createOrUpdatePost, createOrUpdatePostWithImage, removePost, removeObjectsRelatedToPost, createOrUpdateLike, removeLike, incrementWatchersCount, addComplainToPost)",
              "app/src/main/java/com/rozdoum/socialcomponents/main/interactors/CommentInteractor.java (createComment, removeComment, decrementCommentsCount)",
              "app/src/main/java/com/rozdoum/socialcomponents/main/interactors/FollowInteractor.java (followUser, unfollowUser, addFollowing, addFollower)",
              "app/src/main/java/com/rozdoum/socialcomponents/main/interactors/ProfileInteractor.java (createOrUpdateProfile, addRegistrationToken, updateProfileLikeCountAfterRemovingPost)",
              "app/src/main/java/com/rozdoum/socialcomponents/model/{Post,Profile,Like,Comment,Follower,Following,FollowingPost}.java",
              "app/src/main/java/com/rozdoum/socialcomponents/utils/ImageUtil.java (generatePostImageTitle)"],
    "database": "rtdb",
    "layout": "profiles; flat posts {authorId, createdDate, imageTitle (no URL), likesCount, commentsCount}; post-likes/<post>/<uid>/<likeId>; post-comments; follow/<uid>/followers|followings {profileId}; followingPostsIds/<u>/<post> {postId} by Cloud Functions",
}


GRAPH = Graph(seed=121, users=11, posts=26)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)
# a user who followed, got the posts fanned out to them, then unfollowed
_posters = [u.uid for u in GRAPH.users if sum(1 for p in GRAPH.posts if p.owner == u.uid) >= 2]
UNFOLLOWED = next((a, b) for a, b in sorted(GRAPH.follows) if b in _posters)
GRAPH.follows.discard(UNFOLLOWED)

FOLLOWED_AT = datetime.datetime(2021, 2, 10, 12, 0, tzinfo=datetime.timezone.utc)   # every follow before the posts
T_GONE = datetime.datetime(2021, 3, 9, 18, 0, tzinfo=datetime.timezone.utc)
GONE_POST = push_id(GRAPH.rng, T_GONE)


def likes_received(uid):
    return sum(len(p.likes) for p in GRAPH.posts if p.owner == uid)


def drift():
    g = GRAPH
    commented = next(p for p in g.posts[6:] if p.comments)          # commentsCount one short
    unliked = next(p for p in g.posts[10:] if p.likes)              # likesCount one over
    half = sorted(g.follows)[7]                                      # followers half lost
    ex, author = UNFOLLOWED
    return commented, unliked, half, ex, author


def documents():
    g = GRAPH
    rng = g.rng
    commented, unliked, (ha, hb), ex, author = drift()
    tree = {"profiles": {}, "posts": {}, "post-likes": {}, "post-comments": {}, "follow": {},
            "followingPostsIds": {}}
    for i, u in enumerate(g.users):
        rec = {"id": u.uid, "username": u.name, "email": u.email, "likesCount": likes_received(u.uid),
               "itemType": "ITEM"}
        if i % 5 != 4:
            rec["photoUrl"] = u.avatar
        if i % 3 != 1:
            rec["notificationTokens"] = {"f%s:APA91b%s" % (random_id(rng, 10), random_id(rng, 60)): True}
        tree["profiles"][u.uid] = rec
    # the follows as they stand: unfollowUser removed both halves of UNFOLLOWED
    for n, (a, b) in enumerate(sorted(g.follows)):
        at = millis(FOLLOWED_AT + datetime.timedelta(minutes=n * 13))
        tree["follow"].setdefault(a, {}).setdefault("followings", {})[b] = {"profileId": b, "createdDate": at}
        tree["follow"].setdefault(b, {}).setdefault("followers", {})[a] = {"profileId": a, "createdDate": at}
    for n, p in enumerate(g.posts):
        tree["posts"][p.key] = {
            "title": p.caption, "description": "Taken on day %d." % (n + 1), "createdDate": millis(p.time),
            "imageTitle": "post_%s_%d" % (p.key, millis(p.time) + 1234), "authorId": p.owner,
            "commentsCount": len(p.comments), "likesCount": len(p.likes), "watchersCount": 3 + n * 2 + len(p.likes),
            "hasComplain": n == 11}
        for k, u in enumerate(sorted(p.likes)):
            like = push_id(rng, p.time + datetime.timedelta(hours=1 + k))
            tree["post-likes"].setdefault(p.key, {})[u] = {like: {"id": like, "authorId": u,
                                                                  "createdDate": millis(p.time) + 3600000 * (1 + k)}}
        for c in p.comments:
            tree["post-comments"].setdefault(p.key, {})[c.key] = {"id": c.key, "text": c.text, "authorId": c.author,
                                                                 "createdDate": millis(c.time)}
        # addNewPostToFollowers: the followers the poster had then (the ex-follower still followed)
        readers = g.followers(p.owner) + ([ex] if p.owner == author else [])
        for f in readers:
            tree["followingPostsIds"].setdefault(f, {})[p.key] = {"postId": p.key}
    # drift: createComment's counter transaction never ran
    tree["posts"][commented.key]["commentsCount"] -= 1
    # drift: removeLike's decrement lost
    tree["posts"][unliked.key]["likesCount"] += 1
    # drift: followUser's followers half lost
    del tree["follow"][hb]["followers"][ha]
    # drift: a post of `author` removed: its likes stay; the Cloud Function cleaned the
    # current followers' feeds, not the ex-follower's
    liker = next(u.uid for u in g.users if u.uid not in (author,))
    like = push_id(rng, T_GONE + datetime.timedelta(minutes=20))
    tree["post-likes"][GONE_POST] = {liker: {like: {"id": like, "authorId": liker,
                                                    "createdDate": millis(T_GONE) + 1200000}}}
    tree["followingPostsIds"].setdefault(ex, {})[GONE_POST] = {"postId": GONE_POST}
    return tree


def truth():
    g = GRAPH
    commented, unliked, (ha, hb), ex, author = drift()
    findings = [
        {"code": "comment_count_mismatch", "path": "posts/%s/commentsCount" % commented.key},
        {"code": "like_count_mismatch", "path": "posts/%s/likesCount" % unliked.key},
        {"code": "follow_mirror_missing", "path": "follow/%s/followers/%s" % (hb, ha)},
        {"code": "like_dangling", "path": "post-likes/" + GONE_POST},
        {"code": "timeline_stale", "path": "followingPostsIds/%s/%s" % (ex, GONE_POST)},
    ]
    findings += [{"code": "timeline_stale", "path": "followingPostsIds/%s/%s" % (ex, p.key)}
                 for p in g.posts if p.owner == author]
    tokens = [t for rec in documents()["profiles"].values() for t in rec.get("notificationTokens", {})]
    return g.truth(findings, hidden=[u.email for u in g.users] + tokens)

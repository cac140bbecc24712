"""thecodingpapa/Flutter-instagram-clone-master-course: the Flutter course of "the coding
papa" (in Korean, forked by its students: cyb9701/flutter-practice, boglbbogl/
instagram_clone), Cloud Firestore. Users `Users/<uid>` as getMapForCreateUser writes them:
{profile_img: "", username (the email's local part), email, liked_posts: [] (never
written again), followers: 0 (a number), followings: [] (an array of ids), my_posts: []}.
A follow (followUser, in a transaction over snapshots read before it) adds the followed id
to one's own `followings` and sets the followed user's `followers` to the number read plus
one: follows are kept on the follower's side only, the other side is a counter. Posts
`Posts/<millis>_<uid>` (getNewPostKey) {user_key, username, post_img, num_of_likes (an
array of the likers' ids, toggled by arrayUnion/arrayRemove, despite its name), caption,
last_commentor, last_comment, last_comment_time, num_of_comments (a number), post_time}
with the key added to the owner's `my_posts` in the same transaction; comments
`Posts/<key>/Comments/<autoId>` {user_key, username, comment, commenttime}, with
num_of_comments and the last_* copies set from a snapshot read before the transaction.

Covers: a Flutter course's Firestore layout in capitalized collections; follows kept on
one side as an array of ids, the other side a counter; likes as an array named like a
counter (`num_of_likes`); an index of each user's posts (`my_posts`) and a dead mirror
(`liked_posts`, always empty); post keys made of the time and the uid; the last comment
copied into the post; timestamps; emails (hidden).

Drift, as the app suffers it: two users followed one user at once, both transactions
wrote the count read before them plus one (`followers` one too low:
follower_count_mismatch); two comments on one post at once, the same for
`num_of_comments` (comment_count_mismatch).
"""
import random

from _graph import Graph, iso, millis, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "codingpapa_instagram",
    "repo": "thecodingpapa/Flutter-instagram-clone-master-course",
    "files": ["lib/constants/firestore_keys.dart", "lib/models/firestore/user_model.dart (getMapForCreateUser)",
              "lib/models/firestore/post_model.dart (getMapForCreatePost)",
              "lib/models/firestore/comment_model.dart (getMapForNewComment)",
              "lib/repo/user_network_repository.dart (attemptCreateUser, followUser, unfollowUser)",
              "lib/repo/post_network_repository.dart (createNewPost, updatePostImageUrl, toggleLike)",
              "lib/repo/comment_network_repository.dart (createNewComment)",
              "lib/repo/helper/generate_post_key.dart (getNewPostKey)",
              "lib/screens/share_post_screen.dart (the post, then its image URL)"],
    "database": "firestore",
    "layout": "Users {followers: int, followings: [ids], my_posts: [keys], liked_posts: [] never written}; flat Posts/<millis>_<uid> {user_key, num_of_likes: [ids], num_of_comments, last_comment copies}; Posts/*/Comments",
}

GRAPH = Graph(seed=191, users=10, posts=24)
for _p in GRAPH.posts:
    _p.key = "%d_%s" % (millis(_p.time), _p.owner)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng)


def lost_follow():
    """The user whose `followers` counter lost one of two simultaneous follows."""
    return next(u for u in GRAPH.users if len(GRAPH.followers(u.uid)) >= 2)


def lost_comment():
    """The post whose `num_of_comments` lost one of two simultaneous comments."""
    return next(p for p in GRAPH.posts if len(p.comments) >= 2)


def documents():
    g = GRAPH
    docs = {}
    for u in g.users:
        docs["Users/" + u.uid] = {
            "profile_img": "", "username": u.username, "email": u.email, "liked_posts": [],
            "followers": len(g.followers(u.uid)), "followings": g.following(u.uid),
            "my_posts": [p.key for p in g.posts if p.owner == u.uid]}
    for p in g.posts:
        owner = g.user(p.owner)
        last = p.comments[-1] if p.comments else None
        docs["Posts/" + p.key] = {
            "user_key": p.owner, "username": owner.username, "post_img": p.image, "num_of_likes": sorted(p.likes),
            "caption": p.caption, "last_commentor": g.user(last.author).username if last else "",
            "last_comment": last.text if last else "",
            "last_comment_time": Timestamp(iso(last.time if last else p.time)),
            "num_of_comments": len(p.comments), "post_time": Timestamp(iso(p.time))}
        for c in p.comments:
            docs["Posts/%s/Comments/%s" % (p.key, c.key)] = {
                "user_key": c.author, "username": g.user(c.author).username, "comment": c.text,
                "commenttime": Timestamp(iso(c.time))}
    docs["Users/" + lost_follow().uid]["followers"] -= 1
    docs["Posts/" + lost_comment().key]["num_of_comments"] -= 1
    return docs


def truth():
    g = GRAPH
    findings = [{"code": "follower_count_mismatch", "path": "Users/%s/followers" % lost_follow().uid},
                {"code": "comment_count_mismatch", "path": "Posts/%s/num_of_comments" % lost_comment().key}]
    return g.truth(findings, hidden=[u.email for u in g.users])

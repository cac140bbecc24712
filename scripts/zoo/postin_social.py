"""Azkina1123/post-in: "Post-In", an Indonesian students' Flutter social app (Provider,
Cloud Firestore; every name in Indonesian). Users `users/<uid>` as UserData.add writes them
{id (the uid), tglDibuat, username, namaLengkap, email, gender, noTelp (a phone number),
foto, sampul (profile and cover photo URLs, or null), followings: [uids], totalFollowing}:
follows are kept on the follower's side only, an array toggled by toggleIkuti, which
writes the whole array and its length; followers are a query (`followings`
arrayContains), with no list and no counter. Posts `posts/<n>` keyed by a sequential number
as text (PostData.add: the newest post's `id` plus one) {id: "<n>", tglDibuat, konten (the
text), img (the photo's URL, or null: a post may be text alone, the composer requires only
the text), userId, likes: [uids], komentars: [comment ids], totalLike, totalKomentar}.
Comments flat `komentars/<m>`, numbered the same way {id, tglDibuat, konten, postId,
userId, likes: [uids] (likes of the comment), totalLike}; KomentarData.add writes the
comment, then reads the post and writes its `komentars` with the new id and
`totalKomentar` = its length.

Covers: sequential numeric ids shared by two collections (post "7" and comment "7"); posts
of text (img null) beside photo posts; follows as a one-sided array with a following
counter and no follower side at all; likes as arrays in the posts and in the comments
(the comments' are not the post's); comment ids indexed in the post beside the root
comments naming their post; timestamps; emails and phone numbers (hidden).

Drift, as the app suffers it:
- UserData.delete (the settings page's "delete account") deletes the user's comments, but
  cleans the `komentars` of only the posts the user also liked: a post the deleted user
  commented on without liking keeps the comment's id and a `totalKomentar` one too high
  (comment_count_mismatch). The user, their posts, likes and follows are gone.
- PostData.delete deletes the post, then queries its comments and deletes them one by one,
  none awaited: the app closed in between left a deleted post's two comments
  (comment_dangling at each). It was deleted after later posts were written, so no later
  post took its number (PostData.add numbers from the newest post); likewise the deleted
  account's comment id is a gap among the comments' numbers.
"""
import datetime

from _graph import Comment, Graph, Post, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "postin_social",
    "repo": "Azkina1123/post-in",
    "files": ["lib/providers/user_data.dart (add, toggleIkuti, delete, getFollowers, getFollowersCount)",
              "lib/providers/post_data.dart (add, lastId, delete, toggleLike)",
              "lib/providers/komentar_data.dart (add, lastId, delete, toggleLike)",
              "lib/providers/auth_data.dart (regis)", "lib/models/user.dart", "lib/models/post.dart",
              "lib/models/komentar.dart", "lib/ui/widgets/input_post.dart (the post: text required, photo optional)",
              "lib/ui/widgets/input_komentar.dart", "lib/ui/pages/pengaturan_page.dart (delete account)",
              "lib/ui/pages/profile_page.dart (the counts)"],
    "database": "firestore",
    "layout": "Indonesian names: users {followings: [uids], totalFollowing, noTelp}, no follower side; flat posts/<n> numbered {userId, konten, img or null (posts of text), likes[], komentars: [ids], totalLike, totalKomentar}; root komentars/<n> {postId, userId, likes[]}",
}

GRAPH = Graph(seed=1123, users=11, posts=26)
TEXT_ONLY = {3, 8, 12, 17, 22}  # posts of text: img null
GHOST = push_id(__import__("random").Random(11230), 28)  # the deleted account


def stamp(time):
    return Timestamp(iso(time))


def build():
    """Numbers the posts and comments as PostData.add and KomentarData.add do (by time),
    with the deleted post and the deleted account's comment among them."""
    g = GRAPH
    rng = __import__("random").Random(11231)
    posts = list(g.posts)
    gone = Post("", g.users[3].uid, "Hari ini hujan lagi", "https://example.com/photos/gone.jpg",
                g.posts[9].time + datetime.timedelta(hours=5), set(),
                [Comment("", g.users[0].uid, "semangat", g.posts[9].time + datetime.timedelta(hours=6)),
                 Comment("", g.users[6].uid, "mantap", g.posts[9].time + datetime.timedelta(hours=7))])
    posts.append(gone)
    posts.sort(key=lambda p: p.time)
    for n, p in enumerate(posts, 1):
        p.key = str(n)
    # the post the deleted account commented on (without liking it): one with comments
    target = next(p for p in g.posts[12:] if p.comments)
    ghost = Comment("", GHOST, "keren banget", target.time + datetime.timedelta(hours=1))
    events = sorted([(c.time, p, c) for p in posts for c in p.comments] + [(ghost.time, target, ghost)],
                    key=lambda e: e[0])
    for n, (_, _, c) in enumerate(events, 1):
        c.key = str(n)
    return posts, gone, target, ghost, rng


POSTS, GONE, TARGET, GHOST_COMMENT, _ = build()


def documents():
    g = GRAPH
    docs = {}
    start = g.posts[0].time - datetime.timedelta(days=14)
    for i, u in enumerate(g.users):
        docs["users/" + u.uid] = {
            "id": u.uid, "tglDibuat": stamp(start + datetime.timedelta(hours=3 * i)), "username": u.username,
            "namaLengkap": u.name, "email": u.email, "gender": "Female" if i % 2 else "Male",
            "noTelp": "0812%08d" % (31415926 + 7919 * i), "foto": u.avatar if i % 4 != 1 else None,
            "sampul": "https://example.com/covers/%s.jpg" % u.username if i % 3 == 0 else None,
            "followings": g.following(u.uid), "totalFollowing": len(g.following(u.uid))}
    for i, p in enumerate(POSTS):
        komentars = [c.key for c in p.comments]
        if p is TARGET:
            komentars = sorted(komentars + [GHOST_COMMENT.key], key=int)  # its id left behind
        doc = {"id": p.key, "tglDibuat": stamp(p.time), "konten": p.caption,
               "img": None if g.posts.index(p) in TEXT_ONLY else p.image, "userId": p.owner,
               "likes": sorted(p.likes), "komentars": komentars,
               "totalLike": len(p.likes), "totalKomentar": len(komentars)} if p is not GONE else None
        if doc:
            docs["posts/" + p.key] = doc
        for c in p.comments:
            likers = sorted(u.uid for u in g.users if (int(c.key) * 7 + g.users.index(u)) % 9 == 0)
            docs["komentars/" + c.key] = {"id": c.key, "tglDibuat": stamp(c.time), "konten": c.text, "postId": p.key,
                                          "userId": c.author, "likes": likers, "totalLike": len(likers)}
    return docs


def truth():
    g = GRAPH
    findings = [{"code": "comment_count_mismatch", "path": "posts/%s/totalKomentar" % TARGET.key}]
    findings += [{"code": "comment_dangling", "path": "komentars/" + c.key} for c in GONE.comments]
    users = documents()
    hidden = [u.email for u in g.users] + [users["users/" + u.uid]["noTelp"] for u in g.users]
    return g.truth(findings, hidden=hidden)

"""Elvan1210/Mobile-Programming-Untarest ("UNTAREST"): a Flutter app of a mobile-programming
class at Universitas Tarumanagara (Jakarta), commented in Indonesian: a campus news reader
with a photo feed of the students' own posts, Cloud Firestore, images on Cloudinary.

Users: `users/<uid>` {uid, username (lowercased, unique by query), email, namaLengkap
(full name), nim (student number), faculty, profileImageUrl (null until set), createdAt,
updatedAt}; the profile screen may change the username (updateProfileAndSync). Follows:
followUser awaits `users/<me>/following/<them>` then `users/<them>/followers/<me>`, both
empty documents; the counts are the subcollections' sizes (no counter). The students'
posts: `user_posts/<autoId>` {userId, username (a copy taken at upload), imageUrl (a
Cloudinary URL), description, descriptionLowercase, hashtags [#tags], timestamp, likes
[uids] (arrayUnion / arrayRemove), commentCount}; their comments
`user_posts/<id>/comments/<autoId>` {userId, username, text, timestamp}, then
commentCount incremented by an update that is not awaited; `hashtag_counts/<#tag>`
{count, lastUsed}. The news articles (from a news API) are written in a collection named
`posts`: `posts/<abs(articleUrl.hashCode)>` {postId, articleUrl, imageUrl, content, title,
likes (an int), saves, commentCount, createdAt}, created by the first like, save or
comment, with `posts/<id>/comments/<autoId>` {userId, username, text, timestamp} (in a
transaction); each reader's likes and saves of articles are `users/<uid>/likedPosts/<id>`
and `users/<uid>/savedPosts/<id>` {postId, articleUrl, imageUrl, content, title,
timestamp}. Chat: `chatRooms/<uidA>_<uidB>` (sorted) {participants, participantUsernames,
lastMessage, lastMessageTime, lastMessageSenderId, unreadCount}, `chatRooms/<id>/messages`
{senderId, senderUsername, receiverId, message, timestamp, isRead, imageUrl}.

Covers: a root collection named `posts` that holds no user's posts (news articles keyed
by a hash of their URL, with likes as an int and comments by users) beside the real posts
in `user_posts`; likes of the articles kept by user (`likedPosts`), keyed by article ids;
follows as empty documents with no counter; likes as arrays of uids; a username copy in
each post; chats; student numbers and emails in the user documents.

Drift, as the app suffers it:
- followUser's second write failed (the app was closed): a following without its follower
  (follow_mirror_missing);
- addUserPostComment's commentCount increment is not awaited: one was lost
  (comment_count_mismatch);
- a student changed their username after posting: the older post keeps the old one
  (poster_mismatch).
"""
import datetime

from _graph import Graph, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "untarest",
    "repo": "Elvan1210/Mobile-Programming-Untarest",
    "files": ["lib/services/firestore_service.dart (createUserDocument, updateProfileAndSync, updateUserData, "
              "uploadPost, _updateHashtagCounts, toggleUserPostLike, addUserPostComment, followUser, unfollowUser, "
              "addComment, toggleLike, toggleSave, _getPostId)",
              "lib/services/chat_service.dart (getOrCreateChatRoom, sendMessage, markMessagesAsRead, deleteChatRoom)",
              "lib/models/chat_room_model.dart (getChatRoomId)",
              "lib/screens/auth/faculty_selection_page.dart (the faculty and NIM)",
              "lib/screens/profile/edit_profile.dart", "lib/widgets/news_feed_grid.dart",
              "lib/widgets/user_posts_grid.dart"],
    "database": "firestore",
    "layout": "users {username, email, nim}; users/*/following|followers empty docs, no counters; user_posts "
              "{userId, username copy, imageUrl, description, likes [uids], commentCount}; user_posts/*/comments; "
              "a `posts` root of news articles (likes an int) with comments; users/*/likedPosts|savedPosts of "
              "articles; chatRooms/*/messages",
}

GRAPH = Graph(seed=2025, users=10, posts=22)
FACULTIES = ["FTI", "FEB", "FH", "FK", "FSRD", "FPsi", "FT", "FIKOM"]
TOPICS = ["kampus", "untar", "jakarta", "kopi", "senja", "kuliah", "hujan", "pagi"]
ARTICLES = [("https://news.example.id/teknologi/ai-kampus-2024", "AI masuk kampus", "Universitas mulai memakai AI."),
            ("https://news.example.id/ekonomi/rupiah-menguat", "Rupiah menguat", "Rupiah menguat terhadap dolar."),
            ("https://news.example.id/olahraga/timnas-menang", "Timnas menang", "Timnas menang 2-0 semalam."),
            ("https://news.example.id/cuaca/jakarta-hujan", "Jakarta hujan deras", "Hujan deras sejak sore.")]


def ts(time):
    return Timestamp(time.strftime("%Y-%m-%dT%H:%M:%SZ"))


def nim(i):
    return "5352200%02d" % (i * 7 + 3)


def description(p, i):
    return "%s #%s #%s" % (p.caption, TOPICS[i % len(TOPICS)], TOPICS[(i + 3) % len(TOPICS)])


def drift():
    g = GRAPH
    missing = sorted(g.follows)[3]
    counted = next(p for p in g.posts[4:] if p.comments)
    renamed = next(u.uid for u in g.users if sum(1 for p in g.posts if p.owner == u.uid) >= 2)
    first = next(p for p in g.posts if p.owner == renamed)
    return missing, counted, renamed, first


def article_id(url):
    h = 0
    for c in url:  # a stand-in for Dart's String.hashCode: a positive decimal text
        h = (h * 31 + ord(c)) & 0x3FFFFFFF
    return str(h)


def documents():
    g = GRAPH
    missing, counted, renamed, first = drift()
    start = g.posts[0].time - datetime.timedelta(days=10)
    docs = {}
    for i, u in enumerate(g.users):
        doc = {"uid": u.uid, "username": u.username, "email": u.email, "namaLengkap": u.name, "nim": nim(i),
               "faculty": FACULTIES[i % len(FACULTIES)],
               "profileImageUrl": None if i % 4 == 3 else "https://res.cloudinary.com/da2cimmel/image/upload/v1/%s.jpg" % u.username,
               "createdAt": ts(start + datetime.timedelta(hours=i))}
        if u.uid == renamed:
            doc["updatedAt"] = ts(first.time + datetime.timedelta(hours=3))
        docs["users/" + u.uid] = doc
    for a, b in sorted(g.follows):
        docs["users/%s/following/%s" % (a, b)] = {}
        if (a, b) != missing:
            docs["users/%s/followers/%s" % (b, a)] = {}
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        name = owner.username
        if p is first:
            name = owner.username.replace(owner.username, owner.username + "_untar")  # the name before the change
        text = description(p, i)
        docs["user_posts/" + p.key] = {
            "userId": p.owner, "username": name,
            "imageUrl": "https://res.cloudinary.com/da2cimmel/image/upload/v1/post_%d.jpg" % i,
            "description": text, "descriptionLowercase": text.lower(),
            "hashtags": ["#" + TOPICS[i % len(TOPICS)], "#" + TOPICS[(i + 3) % len(TOPICS)]],
            "timestamp": ts(p.time), "likes": sorted(p.likes), "commentCount": len(p.comments) - (p is counted)}
        for c in p.comments:
            docs["user_posts/%s/comments/%s" % (p.key, c.key)] = {
                "userId": c.author, "username": g.user(c.author).username, "text": c.text, "timestamp": ts(c.time)}
    for t in TOPICS:
        n = sum(1 for i in range(len(g.posts)) if t in (TOPICS[i % len(TOPICS)], TOPICS[(i + 3) % len(TOPICS)]))
        if n:
            docs["hashtag_counts/#" + t] = {"count": n, "lastUsed": ts(g.posts[-1].time)}
    # the news articles, in `posts`, made by the first like, save or comment
    for j, (url, title, content) in enumerate(ARTICLES):
        key = article_id(url)
        likers = [u.uid for k, u in enumerate(g.users) if (k + j) % 3 == 0]
        savers = [u.uid for k, u in enumerate(g.users) if (k + j) % 4 == 1]
        commenters = [u.uid for k, u in enumerate(g.users) if (k * 2 + j) % 5 == 0]
        when = g.posts[0].time + datetime.timedelta(days=j * 3, hours=5)
        docs["posts/" + key] = {"postId": key, "articleUrl": url, "imageUrl": "https://news.example.id/img/%d.jpg" % j,
                                "content": content, "title": title, "likes": len(likers), "saves": len(savers),
                                "commentCount": len(commenters), "createdAt": ts(when)}
        for uid in likers:
            docs["users/%s/likedPosts/%s" % (uid, key)] = {
                "postId": key, "articleUrl": url, "imageUrl": "https://news.example.id/img/%d.jpg" % j,
                "content": content, "title": title, "timestamp": ts(when + datetime.timedelta(minutes=9))}
        for uid in savers:
            docs["users/%s/savedPosts/%s" % (uid, key)] = {
                "postId": key, "articleUrl": url, "imageUrl": "https://news.example.id/img/%d.jpg" % j,
                "content": content, "timestamp": ts(when + datetime.timedelta(minutes=11))}
        for k, uid in enumerate(commenters):
            docs["posts/%s/comments/%s" % (key, push_id(g.rng))] = {
                "userId": uid, "username": g.user(uid).username, "text": "Setuju, %s" % title.lower(),
                "timestamp": ts(when + datetime.timedelta(minutes=15 + k))}
    # chats
    pairs = [(g.users[0].uid, g.users[1].uid), (g.users[2].uid, g.users[5].uid)]
    for n, (a, b) in enumerate(pairs):
        room = "_".join(sorted([a, b]))
        lines = ["Halo, besok kelas mobprog jam berapa? (%d)" % n, "Jam 8 pagi di gedung R (%d)" % n]
        when = g.posts[3].time + datetime.timedelta(hours=n)
        for k, text in enumerate(lines):
            sender, receiver = (a, b) if k == 0 else (b, a)
            docs["chatRooms/%s/messages/%s" % (room, push_id(g.rng))] = {
                "senderId": sender, "senderUsername": g.user(sender).username, "receiverId": receiver,
                "message": text, "timestamp": ts(when + datetime.timedelta(minutes=k)), "isRead": k == 0,
                "imageUrl": None}
        docs["chatRooms/" + room] = {"participants": [a, b],
                                     "participantUsernames": {a: g.user(a).username, b: g.user(b).username},
                                     "lastMessage": lines[-1], "lastMessageTime": ts(when + datetime.timedelta(minutes=1)),
                                     "lastMessageSenderId": b, "unreadCount": {a: 1, b: 0}}
    return docs


def truth():
    g = GRAPH
    missing, counted, renamed, first = drift()
    a, b = missing
    hidden = [u.email for u in g.users] + [nim(i) for i in range(len(g.users))]
    hidden += ["Halo, besok kelas mobprog jam berapa? (%d)" % n for n in range(2)]
    hidden += ["Jam 8 pagi di gedung R (%d)" % n for n in range(2)]
    return g.truth([{"code": "follow_mirror_missing", "path": "users/%s/followers/%s" % (b, a)},
                    {"code": "comment_count_mismatch", "path": "user_posts/%s/commentCount" % counted.key},
                    {"code": "poster_mismatch", "path": "user_posts/%s/username" % first.key}],
                   hidden=hidden)

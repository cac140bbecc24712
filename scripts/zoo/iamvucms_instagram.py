"""iamvucms/react-native-instagram-clone: React Native (TypeScript, redux-thunk, the firebase
JS SDK v7 namespaced API), Cloud Firestore (chats and "new notification" flags live in the
Realtime Database and are not in this export). Everything is keyed by username: the sign-up
(RegisterRequest) writes `users/<username>` {email, fullname, keyword (every prefix of the
username, for search), phone, username, birthday {date, month, year}, bio, gender,
followings: [usernames] starting with the user's own (so the home feed, a query on
`userId in followings`, shows one's own posts), requestedList, searchRecent,
storyNotificationList, postNotificationList, website, avatarURL (a default picture's URL),
privacySetting (the whole settings tree: accountPrivacy.private, closeFriends.closeFriends,
blockedAccounts.blockedAccounts, ... lists of usernames), notificationSetting}. There is
no followers list: a profile's followers are a query, `followings array-contains`. A follow
(ToggleFollowUserRequest) rewrites the follower's whole `followings`; following a private
account (privacySetting.accountPrivacy.private) only adds the follower to the target's
`requestedList` (ToggleSendFollowRequest), and ConfirmFollowRequest then appends the
target to the requester's `followings`.

Posts `posts/<ms>` (the document id is `new Date().getTime()`, kept again as a number in
`uid`) {userId: the owner's username, content (the caption, #hashtags inside), create_at
(the app's Timestamp(): seconds, and the milliseconds put in the nanoseconds, which
Firestore's microseconds drop), isVideo,
permission, notificationUsers: [the owner], likes: [usernames] (ToggleLikePostRequest
rewrites the array), commentList: [usernames who commented], tagUsername, source: [{uri,
width, height, extension, fullSize, tags}] (an album is several), address (a Mapbox place
or {place_name: "", id: ""}), altText, labels (one class name per image), hashtags}. Comments `posts/<ms>/comments/<ms>` {uid, content,
likes, userId, create_at}; replies below them `.../comments/<ms>/replies/<ms>` (the app's
"View all N comments" counts the comments only). Beside the graph: `notifications/<ms>`
{uid, userId: [receivers], froms: [usernames], type, postId, commentId, replyId, seen,
create_at}; `hashtags/<#tag>` {name, followers: [usernames] (who follow the hashtag),
keyword, relatedTags, sources: [post uids], uid}; stories `stories/<ms>` {userId, source:
the id of a `superimages/<ms>` document, seenList, reactions, ...}; `superimages/<ms>`
{uri (a download URL), width, height, base64, ratio, translateX, translateY, rotateDeg,
texts, labels, uid, userId}: the stories' edited pictures, each with its owner, not posts.

Covers: users keyed by username, every edge, like and owner a username; a one-sided follow
array holding the user itself; follows of hashtags (`followers` arrays outside the users);
lists of usernames in posts that are not likes (commentList, notificationUsers); posts
whose photo is in an array of maps (`source[].uri`) beside a collection of pictures with a
flat `uri` and an owner (superimages); numeric document ids; replies below comments; a
private account nested three deep (privacySetting.accountPrivacy.private) with a pending
request; emails and phone numbers (hidden).

Drift, as the app suffers it:
- every user follows itself from sign-up on (`followings: [username]`): self_follow at
  each user, the app's own convention (as GameToday's);
- a rename (UpdateUserInfoRequest with a new username) writes the whole record to
  `users/<new>` and deletes `users/<old>`, and updates nothing else: the old name stays
  the owner of the user's posts (post_orphan), in the followings of the user's followers
  and in the user's own (follow_dangling) and in the likes it gave (like_dangling); its
  comments stay (a comment by no user is kept, no finding).
"""
import datetime

from _graph import Graph, iso, millis
from firestore_emulator import Double, Timestamp

APP = {
    "name": "iamvucms_instagram",
    "repo": "iamvucms/react-native-instagram-clone",
    "files": ["src/actions/userActions.ts (RegisterRequest, ToggleFollowUserRequest, ToggleSendFollowRequest, "
              "UnfollowRequest, ConfirmFollowRequest, UpdateUserInfoRequest, UpdatePrivacySettingsRequest, "
              "FetchExtraInfoRequest)",
              "src/actions/postActions.ts (CreatePostRequest, ToggleLikePostRequest, PostCommentRequest, "
              "UpdatePostRequest)",
              "src/actions/commentActions.ts (ToggleLikeCommentRequest, PostReplyRequest)",
              "src/actions/notificationActions.ts (CreateNotificationRequest)",
              "src/actions/storyActions.ts (PostStoryRequest)",
              "src/utils/index.ts (Timestamp, generateUsernameKeywords, uploadSuperImages)",
              "src/screens/Home/Account/GalleryChooser.tsx (the post written)",
              "src/screens/Home/Explore/Hashtag.tsx (_onToggleFollow)",
              "src/screens/Others/PreUploadSuperImage.tsx (_onShareToStory)",
              "src/reducers/userReducer.ts (UserInfo, defaultUserState)", "src/reducers/postReducer.ts (Post)",
              "src/reducers/commentReducer.ts", "src/reducers/notificationReducer.ts",
              "src/reducers/storyReducer.ts", "src/components/PostList/PostItem.tsx (View all N comments)"],
    "database": "firestore",
    "layout": "users/<username> {followings: [usernames] with self, privacySetting.accountPrivacy.private, requestedList}, "
              "no followers list; posts/<ms> {userId: username, likes: [usernames], commentList, source: [{uri}] albums}; "
              "comments/replies subcollections; notifications; hashtags {followers}; stories + superimages {uri, userId}",
}

GRAPH = Graph(seed=211, users=12, posts=28, uid=lambda rng, i, username: username)
RENAMED = "ana"
NEW_NAME = "ana.travels"
PRIVATE = "emma"
REQUESTER = "gus"   # asked to follow the private account; not confirmed
DEFAULT_PHOTO = "https://www.pavilionweb.com/wp-content/uploads/2017/03/man-300x300.png"
TAGS = ["#harbour", "#sunset", "#coffee"]

# ana gave likes to two posts only (fewer dangling likes after the rename)
_n = 0
for _p in GRAPH.posts:
    if RENAMED in _p.likes:
        if _p.owner == RENAMED or _n >= 2:
            _p.likes.discard(RENAMED)
        else:
            _n += 1
assert (REQUESTER, PRIVATE) not in GRAPH.follows
for _p in GRAPH.posts:
    if _p.owner == PRIVATE:
        _p.caption += ", for close friends"
    i = GRAPH.posts.index(_p)
    if i % 5 == 1:
        _p.caption += " " + TAGS[i % 3]


def post_ms(p):
    return millis(p.time) + 137 * (GRAPH.posts.index(p) + 1)


def app_timestamp(ms):
    """The app's Timestamp(): whole seconds, and the milliseconds put in the nanoseconds,
    which Firestore (microseconds) drops: whole seconds."""
    return Timestamp(iso(datetime.datetime.fromtimestamp(ms // 1000, datetime.timezone.utc)))


def date_timestamp(time):
    """new Date(): a Timestamp to the millisecond (as Firestore gives it back: no fraction when 0)."""
    ms = time.microsecond // 1000
    return Timestamp(iso(time) if ms == 0 else time.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % ms)


def prefixes(text):
    return [text[:i + 1] for i in range(len(text))]


def privacy(private, close_friends=(), blocked=()):
    return {
        "comments": {"blockUsers": [], "filterMostReported": False, "hideOffensive": True, "manualFilter": False,
                     "specificWord": ""},
        "tags": {"allowTagFrom": 0, "manualApproveTags": False, "pendingTags": []},
        "activityStatus": {"show": True},
        "accountPrivacy": {"private": private},
        "story": {"hideStoryFrom": [], "allowMessageReplies": 0, "saveToGallery": True, "saveToArchive": True,
                  "allowResharing": False, "allowSharing": True, "shareYourStoryToFacebook": False},
        "mutedMessages": {"mutedMessages": []},
        "mutedVideoCalls": {"mutedVideoCalls": []},
        "restrictedAccounts": {"restrictedAccounts": []},
        "blockedAccounts": {"blockedAccounts": list(blocked)},
        "mutedAccouts": {"posts": [], "story": []},
        "closeFriends": {"closeFriends": list(close_friends)},
    }


NOTIFICATION_SETTING = {
    "notificationAccounts": {"posts": [], "story": []},
    "pauseAll": {"active": False},
    "postStoryComment": {"likes": 2, "likesAndCommentOnPhotoOfYou": 2, "photosOfYou": 1, "comments": 2,
                         "commentsAndPins": 1, "firstPostsAndStories": 1},
    "followingFollowers": {"followerRequest": 1, "acceptedFollowRequest": 1, "friendsOnInstagram": 1,
                           "mentionsInBio": 1, "recommendationsForOthers": 1, "recommendationsFromOthers": 1},
    "emailAndSMSNotifications": {"feedbackEmails": True, "reminderEmails": True, "productEmail": True,
                                 "newsEmails": True, "textSMSMessages": True},
}


def phone(i):
    return "+84 90 555 %04d" % (1200 + i)


def documents():
    g = GRAPH
    docs = {}
    for i, u in enumerate(g.users):
        close = [v.username for v in g.users[i + 1:i + 3]] if i % 3 == 0 else []
        record = {
            "email": u.email, "fullname": u.name, "keyword": prefixes(u.username), "phone": phone(i),
            "username": u.username, "birthday": {"date": 1 + i, "month": 1 + i % 12, "year": 1990 + i},
            "bio": u.bio if i % 2 else "", "gender": i % 3,
            "followings": [u.username] + g.following(u.uid),
            "requestedList": [REQUESTER] if u.uid == PRIVATE else [],
            "searchRecent": [], "storyNotificationList": [], "postNotificationList": [],
            "website": "https://%s.example.org" % u.username if i % 4 == 1 else "",
            "avatarURL": u.avatar if i % 3 else DEFAULT_PHOTO,
            "privacySetting": privacy(u.uid == PRIVATE, close_friends=close),
            "notificationSetting": NOTIFICATION_SETTING,
        }
        docs["users/" + u.username] = record
    for i, p in enumerate(g.posts):
        ms = post_ms(p)
        images = [p.image] + (["https://example.com/photos/%d-b.jpg" % i] if i % 6 == 2 else [])
        source = [{"uri": uri, "width": 1080, "height": 1080 if k else 1350, "extension": "jpg",
                   "fullSize": k == 0 and i % 2 == 0, "tags": []} for k, uri in enumerate(images)]
        commenters = []
        for c in p.comments:   # PostCommentRequest's own test: one who commented again resets the list to [them]
            if commenters and c.author not in commenters:
                commenters.append(c.author)
            else:
                commenters = [c.author]
        post = {
            "altText": "", "content": p.caption, "create_at": app_timestamp(ms), "isVideo": False,
            "permission": 1, "notificationUsers": [p.owner], "likes": sorted(p.likes), "tagUsername": [],
            "source": source,
            "address": ({"id": "place.%d" % (7000 + i), "place_name": "Hanoi, Vietnam",
                         "center": [Double(105.85), Double(21.03)], "keyword": prefixes("Hanoi, Vietnam")}
                        if i % 4 == 0 else {"place_name": "", "id": "", "keyword": []}),
            "userId": p.owner, "uid": ms, "labels": ["seashore" if i % 2 else "street"] * len(images),
            "hashtags": [t for t in TAGS if t in p.caption],
        }
        if commenters:
            post["commentList"] = commenters
        docs["posts/%d" % ms] = post
        for j, c in enumerate(p.comments):
            cms = millis(c.time) + 61 * (j + 1)
            docs["posts/%d/comments/%d" % (ms, cms)] = {
                "uid": cms, "content": c.text, "likes": [], "userId": c.author,
                "create_at": date_timestamp(c.time + datetime.timedelta(milliseconds=61 * (j + 1)))}
            if j == 0 and i % 4 == 1:   # the owner answers the first comment
                rt = c.time + datetime.timedelta(minutes=30)
                docs["posts/%d/comments/%d/replies/%d" % (ms, cms, millis(rt))] = {
                    "content": "thank you!", "create_at": date_timestamp(rt), "likes": [], "uid": millis(rt),
                    "userId": p.owner}
        if p.likes - {p.owner}:
            nms = ms + 3600 * 1000
            docs["notifications/%d" % nms] = {
                "uid": nms, "postId": ms, "commentId": 0, "replyId": 0, "userId": [p.owner],
                "froms": sorted(p.likes - {p.owner}), "seen": 0, "type": 1, "create_at": date_timestamp(p.time)}
    for k, (a, b) in enumerate(sorted(g.follows)[:6]):
        nms = millis(g.posts[0].time) + 1000 * (k + 1)
        docs["notifications/%d" % nms] = {"uid": nms, "postId": 0, "commentId": 0, "replyId": 0, "userId": [b],
                                          "froms": [a], "seen": 1, "type": 6,
                                          "create_at": date_timestamp(g.posts[0].time)}
    for k, tag in enumerate(TAGS):
        sources = [docs_uid for docs_uid in (post_ms(p) for p in g.posts if tag in p.caption)]
        docs["hashtags/" + tag] = {"name": tag, "followers": [u.username for u in g.users[k:k + 4]],
                                   "keyword": prefixes(tag)[1:], "relatedTags": [], "sources": sources,
                                   "uid": millis(g.posts[0].time) + k}
    for k, u in enumerate(g.users[:5]):
        t = g.posts[-1].time + datetime.timedelta(hours=k)
        sid, story = millis(t), millis(t) + 40
        docs["superimages/%d" % sid] = {
            "uri": "https://example.com/stories/%s-%d.jpg" % (u.username, k), "extension": "jpg", "width": 1080,
            "height": 1920, "base64": "", "ratio": Double(0.5625), "translateX": 0, "translateY": 0, "rotateDeg": 0,
            "texts": [{"text": "good morning", "x": 40, "y": 300}], "labels": [], "uid": sid, "userId": u.username}
        docs["stories/%d" % story] = {
            "permission": 1, "create_at": app_timestamp(story), "seenList": [v.username for v in g.users[k + 1:k + 3]],
            "source": sid, "userId": u.username, "messagesList": [], "reactions": [], "hashtags": [],
            "address": [], "mention": [], "uid": story}
    # drift: ana renamed herself; only users/<username> moved
    old = docs.pop("users/" + RENAMED)
    old["username"] = NEW_NAME
    docs["users/" + NEW_NAME] = old
    return docs


def truth():
    g = GRAPH
    findings = []
    for u in g.users:
        if u.uid == RENAMED:
            # the tree keys "ana.travels" as ana%2Etravels (docs/firestore.md)
            findings.append({"code": "follow_dangling",
                             "path": "users/%s/followings/%s" % (NEW_NAME.replace(".", "%2E"), RENAMED)})
        else:
            findings.append({"code": "self_follow", "path": "users/%s/followings/%s" % (u.uid, u.uid)})
    for f in g.followers(RENAMED):
        findings.append({"code": "follow_dangling", "path": "users/%s/followings/%s" % (f, RENAMED)})
    for p in g.posts:
        if p.owner == RENAMED:
            findings.append({"code": "post_orphan", "path": "posts/%d" % post_ms(p)})
        elif RENAMED in p.likes:
            findings.append({"code": "like_dangling", "path": "posts/%d/likes/%s" % (post_ms(p), RENAMED)})
    t = g.truth(findings, private=[PRIVATE],
                hidden=[u.email for u in g.users] + [phone(i) for i in range(len(g.users))])
    # the profiles as the data now says: ana is ana.travels, with no post and no follower
    renamed = t["profiles"].pop(RENAMED)
    renamed.update({"posts": 0, "followers": 0})
    t["profiles"][NEW_NAME] = renamed
    for f in g.followers(RENAMED):
        t["profiles"][f]["following"] -= 1
    posts = {}
    for p in g.posts:
        if p.owner == RENAMED:
            continue
        if p.owner == PRIVATE:
            i = g.posts.index(p)
            t["hidden"] += [p.caption, p.image] + (["https://example.com/photos/%d-b.jpg" % i] if i % 6 == 2 else [])
            continue
        entry = t["posts"][p.key]
        entry["likes"] = len(p.likes - {RENAMED})
        posts["%d" % post_ms(p)] = entry
    t["posts"] = posts
    t["findings"] = sorted(findings, key=lambda f: (f["code"], f["path"]))
    return t

"""denizataes/SocialMediaSwiftUI: SwiftUI, Cloud Firestore, the app of Kavsoft's
"SwiftUI Social Media App" video series (the Codable `Post` with `likedIDs` and
`dislikedIDs` that many SwiftUI repositories copy). `Users/<uid>` {username, userBio,
userBioLink, userUID, userEmail, userProfileURL} (RegisterView.registerUser:
`setData(from: User)`); flat `Posts/<autoId>` {text, imageURL (absent on a post of text:
the Codable optional is left out), imageReferenceID ("<uid><Date()>", "" on a post of
text), publishedDate (a Date: a timestamp), likedIDs: [uids], dislikedIDs: [uids],
userName, userUID, userProfileURL} (CreateNewPost.createDocumentAtFirebase:
`setData(from: Post)`); likePost: one updateData, arrayUnion on likedIDs and
arrayRemove on dislikedIDs (dislikePost the other way round). No follows, no comments.

Covers: a SwiftUI app with Codable documents; likes as an array of ids in the post
beside an array of dislikes (a dislike is no like, and is never counted); posts of text
without a photo beside posts with one; users with no follows (no counts shown); emails in
the users.

Drift, as the app suffers it: ProfileView.deleteAccount deletes the user's photo, their
`Users` document and their auth account, and nothing else: their posts stay (orphans:
kept, not published) and their ids stay in other posts' `likedIDs` (dangling likes) and
`dislikedIDs` (no finding: no like).
"""
from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "kavsoft_socialmedia",
    "repo": "denizataes/SocialMediaSwiftUI",
    "files": ["SocialMediaApp/View/Login/RegisterView.swift (registerUser)",
              "SocialMediaApp/View/MainView/CreateNewPost.swift (createPost, createDocumentAtFirebase)",
              "SocialMediaApp/View/PostView/PostCardView.swift (likePost, dislikePost, deletePost)",
              "SocialMediaApp/View/ProfileView/ProfileView.swift (fetchUserData, deleteAccount)",
              "SocialMediaApp/Model/Post.swift", "SocialMediaApp/Model/User.swift",
              "SocialMediaApp/View/PostView/ReusablePostsView.swift (the queries)"],
    "database": "firestore",
    "layout": "Users {username, userEmail, userProfileURL}; flat Posts {text, imageURL?, publishedDate, likedIDs[], dislikedIDs[], userName, userUID}; no follows, no comments",
}

GRAPH = Graph(seed=131, users=11, posts=26)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng)
    _p.comments = []                  # the app keeps no comments
TEXT_ONLY = {4, 13, 21}               # posts of text: no imageURL
GONE = GRAPH.users[3].uid             # the account deleted (Users doc only)
DISLIKES = {p.key: {u.uid for u in GRAPH.users if GRAPH.rng.random() < 0.15} - p.likes for p in GRAPH.posts}
DISLIKES[GRAPH.posts[0].key].add(GONE)


def swift_date(time):
    return time.strftime("%Y-%m-%d %H:%M:%S +0000")


def documents():
    g = GRAPH
    docs = {}
    for u in g.users:
        if u.uid == GONE:
            continue
        docs["Users/" + u.uid] = {"username": u.username, "userBio": u.bio, "userBioLink": "",
                                  "userUID": u.uid, "userEmail": u.email, "userProfileURL": u.avatar}
    for i, p in enumerate(g.posts):
        owner = g.user(p.owner)
        doc = {"text": p.caption, "imageReferenceID": "", "publishedDate": Timestamp(iso(p.time)),
               "likedIDs": sorted(p.likes), "dislikedIDs": sorted(DISLIKES[p.key]),
               "userName": owner.username, "userUID": p.owner, "userProfileURL": owner.avatar}
        if i not in TEXT_ONLY:
            doc["imageURL"] = p.image
            doc["imageReferenceID"] = p.owner + swift_date(p.time)
        docs["Posts/" + p.key] = doc
    return docs


def truth():
    g = GRAPH
    findings = [{"code": "post_orphan", "path": "Posts/" + p.key} for p in g.posts if p.owner == GONE]
    findings += [{"code": "like_dangling", "path": "Posts/%s/likedIDs/%s" % (p.key, GONE)}
                 for p in g.posts if p.owner != GONE and GONE in p.likes]
    t = g.truth(findings, follows=False, hidden=[u.email for u in g.users])
    del t["profiles"][GONE]
    for p in g.posts:
        del t["posts"][p.key]["comments"]
        if p.owner == GONE:
            del t["posts"][p.key]
        elif GONE in p.likes:
            t["posts"][p.key]["likes"] -= 1
    return t

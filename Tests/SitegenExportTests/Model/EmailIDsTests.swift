import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Users keyed by their email address (`users/{email}`, instagram-clone-app and other
/// clones; docs/firestore.md, "Ids and names"): the tree keys such an id `ana@x%2Ecom`,
/// the app writes it `ana@x.com` in every field that names the user. `inspect` knows an id
/// by either spelling (a comment's `userId`, a copy's owner, a parent document), never
/// takes the `email` field for a second id of the users, and a repair writes a map's keys
/// as Firestore has them, not as the tree keys them.
@Suite struct EmailIDsTests {
    /// ben follows ana, cy follows ana and ben; fluttershare's layout: posts by owner,
    /// comments kept by post, a timeline of copies. ben's copy of pa1 lacks ben's own like.
    static let tree = #"""
        {"__collections__": {"users": {"ana@x.com": {"username": "ana", "email": "ana@x.com", "displayName": "Ana A.", "followers": ["ben@x.com", "cy@x.com"], "following": []}, "ben@x.com": {"username": "ben", "email": "ben@x.com", "displayName": "Ben B.", "followers": ["cy@x.com"], "following": ["ana@x.com"]}, "cy@x.com": {"username": "cy", "email": "cy@x.com", "displayName": "Cy C.", "followers": [], "following": ["ana@x.com", "ben@x.com"]}}, "posts": {"ana@x.com": {"__collections__": {"usersPosts": {"pa1": {"ownerId": "ana@x.com", "imageUrl": "https://example.com/pa1.jpg", "timestamp": 1700000000000, "likes": {"ben@x.com": true}}}}}, "ben@x.com": {"__collections__": {"usersPosts": {"pb1": {"ownerId": "ben@x.com", "imageUrl": "https://example.com/pb1.jpg", "timestamp": 1700000600000, "likes": {"ana@x.com": true, "cy@x.com": true}}}}}}, "comments": {"pa1": {"__collections__": {"comments": {"c1": {"comment": "Nice", "userId": "cy@x.com", "timestamp": 1700000100000}}}}, "pb1": {"__collections__": {"comments": {"c2": {"comment": "Wow", "userId": "ana@x.com", "timestamp": 1700000700000}, "c3": {"comment": "Yes", "userId": "cy@x.com", "timestamp": 1700000800000}}}}}, "timeline": {"ben@x.com": {"__collections__": {"timelinePosts": {"pa1": {"ownerId": "ana@x.com", "imageUrl": "https://example.com/pa1.jpg", "timestamp": 1700000000000, "likes": {}}}}}, "cy@x.com": {"__collections__": {"timelinePosts": {"pa1": {"ownerId": "ana@x.com", "imageUrl": "https://example.com/pa1.jpg", "timestamp": 1700000000000, "likes": {"ben@x.com": true}}, "pb1": {"ownerId": "ben@x.com", "imageUrl": "https://example.com/pb1.jpg", "timestamp": 1700000600000, "likes": {"ana@x.com": true, "cy@x.com": true}}}}}}}}
        """#

    /// The same with nothing but users, posts and comments: nothing else tells the posts
    /// from the comments (both hold a user's id, a time and a text).
    static let bare = #"""
        {"__collections__": {"users": {"ana@x.com": {"username": "ana", "email": "ana@x.com", "displayName": "Ana A."}, "ben@x.com": {"username": "ben", "email": "ben@x.com", "displayName": "Ben B."}, "cy@x.com": {"username": "cy", "email": "cy@x.com", "displayName": "Cy C."}}, "posts": {"ana@x.com": {"__collections__": {"usersPosts": {"pa1": {"ownerId": "ana@x.com", "imageUrl": "https://example.com/pa1.jpg", "timestamp": 1700000000000}}}}, "ben@x.com": {"__collections__": {"usersPosts": {"pb1": {"ownerId": "ben@x.com", "imageUrl": "https://example.com/pb1.jpg", "timestamp": 1700000600000}}}}}, "comments": {"pa1": {"__collections__": {"comments": {"c1": {"comment": "Nice", "userId": "cy@x.com", "timestamp": 1700000100000}}}}, "pb1": {"__collections__": {"comments": {"c2": {"comment": "Wow", "userId": "ana@x.com", "timestamp": 1700000700000}, "c3": {"comment": "Yes", "userId": "cy@x.com", "timestamp": 1700000800000}}}}}}}
        """#

    @Test func inspectReadsEveryRole() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            posts = "posts/*/usersPosts"  # guessed: 2 of its 2 documents hold an image's URL in "imageUrl"
            timeline = "timeline/*/timelinePosts"  # guessed: 3 entries in 2 users' lists are copies of posts \
            (their owner is not the list's reader); entries full copies of the posts; a reader's own posts are not in it \
            (0 of the 1 own posts of readers with a list are)
            comments = "comments/*/comments"  # guessed: 3 of its 3 documents hold text and a user's id, kept by post
            followers = "users/*/followers"  # guessed: 3 users hold a "followers" list
            following = "users/*/following"  # guessed: 3 users hold a "following" list
            postLikes = "posts/*/usersPosts/*/likes"  # guessed: 2 posts hold a "likes" list

            [schema.fields]
            name = "displayName"
            image_url = "imageUrl"
            created_at = "timestamp"
            comment_text = "comment"
            post_owner = "ownerId"
            comment_author = "userId"

            """)
    }

    @Test func theEmailIsNoSecondIDAndCommentsAreNoPosts() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.bare, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            posts = "posts/*/usersPosts"  # guessed: 2 of its 2 documents hold an image's URL in "imageUrl"
            comments = "comments/*/comments"  # guessed: 3 of its 3 documents hold text and a user's id, kept by post

            [schema.fields]
            name = "displayName"
            image_url = "imageUrl"
            created_at = "timestamp"
            comment_text = "comment"
            post_owner = "ownerId"
            comment_author = "userId"

            """)
    }

    @Test func aCopyIsWrittenWithTheIDsAsKeys() throws {
        let mapping = Schema.Mapping(
            dialect: .makestagram,
            nodes: [.posts: "posts/*/usersPosts", .timeline: "timeline/*/timelinePosts", .comments: "comments/*/comments",
                    .followers: "users/*/followers", .following: "users/*/following", .postLikes: "posts/*/usersPosts/*/likes"],
            fields: [.name: "displayName", .imageURL: "imageUrl", .createdAt: "timestamp", .commentText: "comment",
                     .postOwner: "ownerId", .commentAuthor: "userId"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.tree, name: "tree.json"), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["timeline_copy_mismatch timeline/ben@x%2Ecom/timelinePosts/pa1"])
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"update":{"name":"projects/p/databases/(default)/documents/timeline/ben@x.com/timelinePosts/pa1",\
            "fields":{"imageUrl":{"stringValue":"https://example.com/pa1.jpg"},"likes":{"mapValue":{"fields":{"ben@x.com":\
            {"booleanValue":true}}}},"ownerId":{"stringValue":"ana@x.com"},"timestamp":{"integerValue":"1700000000000"}}}}]}

            """)
    }
}

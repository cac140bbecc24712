import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Firestore posts kept as an array of maps in each user's document, with no collection of
/// their own (docs/firestore.md, "How `inspect` finds the roles of a Firestore export";
/// the zoo's ismail_instgram): `inspect` finds them there, never takes a chat for posts
/// (a record naming two users is a message), a user whose list is `null` has no posts,
/// and a like removed from a post's list is repaired by writing the user's whole `posts`.
@Suite struct PostsInUserDocumentsTests {
    /// As ismail's clone writes it (node-firestore-import-export): `posts` null until the
    /// first post, each like and comment a copy of the user. Drift: ben liked ana's first
    /// post twice (the second tap appended him again).
    static let tree = """
        {"__collections__": {
         "Users": {
          "ana": {"authId": "ana", "username": "ana", "profilePhoto": "https://example.com/a.jpg", "posts": [
            {"photo": "https://example.com/p0.jpg", "photoDescription": "The sea",
             "at": {"__datatype__": "timestamp", "value": {"_seconds": 1700000000, "_nanoseconds": 0}},
             "like": [{"authId": "ben", "profilePhoto": "https://example.com/b.jpg", "posts": []},
                      {"authId": "cy", "profilePhoto": "https://example.com/c.jpg", "posts": []},
                      {"authId": "ben", "profilePhoto": "https://example.com/b.jpg", "posts": []}],
             "comment": [{"authId": "cy", "comment": "Lovely", "name": null}]},
            {"photo": "https://example.com/p1.jpg", "photoDescription": "The hill", "like": [], "comment": null}],
           "__collections__": {}},
          "ben": {"authId": "ben", "username": "ben", "profilePhoto": "https://example.com/b.jpg", "posts": [
            {"photo": "https://example.com/p2.jpg", "photoDescription": "A cat", "like": [{"authId": "ana", "profilePhoto": "https://example.com/a.jpg", "posts": []}], "comment": null}],
           "__collections__": {}},
          "cy": {"authId": "cy", "username": "cy", "profilePhoto": "https://example.com/c.jpg", "posts": null, "__collections__": {}}
         },
         "messages": {
          "m1": {"senderId": "ana", "receiverId": "cy", "messageText": "see you at noon", "timestamp": 1700000100, "__collections__": {}},
          "m2": {"senderId": "cy", "receiverId": "ana", "messageText": "row f, seat two", "timestamp": 1700000200, "__collections__": {}}
         }
        }}
        """

    static func export() throws -> String { try TestSupport.temporaryFile(Self.tree, name: "tree.json") }

    @Test func inspectFindsThePostsInTheUsersDocumentsNotInTheChat() throws {
        let export = try ExportLoader.load(path: try Self.export())
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            users = "Users"  # guessed: the collection Users is named so
            posts = "Users/*/posts"  # guessed: 3 of the 3 maps in 2 users' "posts" lists hold an image's URL in "photo"
            postLikes = "Users/*/posts/*/like"  # guessed: 3 posts hold a "like" list
            comments = "Users/*/posts/*/comment"  # guessed: 1 posts hold a "comment" list

            [schema.fields]
            comment_author = "authId"  # guessed: 1 of 1 comments hold a user's uid there
            image_url = "photo"  # guessed: 3 of 3 posts hold an image's URL there
            caption = "photoDescription"  # guessed: 3 of 3 posts hold text there
            avatar_url = "profilePhoto"  # guessed: 3 of 3 users hold a photo's URL there
            liker_id = "authId"  # guessed: 4 of the 4 maps in the arrays at Users/*/posts/*/like hold a user's id there

            """)
    }

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.users: "Users", .posts: "Users/*/posts", .postLikes: "Users/*/posts/*/like", .comments: "Users/*/posts/*/comment"],
        fields: [.commentAuthor: "authId", .imageURL: "photo", .caption: "photoDescription", .avatarURL: "profilePhoto", .likerID: "authId"])

    /// The duplicate like alone: cy's `posts: null` is no posts, not `post_invalid`.
    @Test func auditFindsTheDuplicateLikeAndNothingOfANullList() throws {
        let report = try Audit.run(exportAt: try Self.export(), mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "like_duplicate Users/ana/posts/0/like/2",
        ])
        #expect(report.counts.posts == [2, 1, 0])
        #expect(report.counts.likes == [2, 0, 1])
    }

    /// No field path crosses an array: the like is removed by setting ana's whole `posts`
    /// through the mask, each value typed as stored (the timestamp as one, `[]` and `null`
    /// as they are).
    @Test func aLikeInAPostsListIsRemovedByWritingTheWholeList() throws {
        let report = try Audit.run(exportAt: try Self.export(), mapping: Self.mapping)
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"update":{"name":"projects/p/databases/(default)/documents/Users/ana","fields":{"posts":{"arrayValue":{"values":[\
            {"mapValue":{"fields":{"at":{"timestampValue":"2023-11-14T22:13:20Z"},\
            "comment":{"arrayValue":{"values":[{"mapValue":{"fields":{"authId":{"stringValue":"cy"},"comment":{"stringValue":"Lovely"},"name":{"nullValue":null}}}}]}},\
            "like":{"arrayValue":{"values":[\
            {"mapValue":{"fields":{"authId":{"stringValue":"ben"},"posts":{"arrayValue":{"values":[]}},"profilePhoto":{"stringValue":"https://example.com/b.jpg"}}}},\
            {"mapValue":{"fields":{"authId":{"stringValue":"cy"},"posts":{"arrayValue":{"values":[]}},"profilePhoto":{"stringValue":"https://example.com/c.jpg"}}}}]}},\
            "photo":{"stringValue":"https://example.com/p0.jpg"},"photoDescription":{"stringValue":"The sea"}}}},\
            {"mapValue":{"fields":{"comment":{"nullValue":null},"like":{"arrayValue":{"values":[]}},\
            "photo":{"stringValue":"https://example.com/p1.jpg"},"photoDescription":{"stringValue":"The hill"}}}}\
            ]}}}},"updateMask":{"fieldPaths":["posts"]}}]}

            """)
    }

    /// A chat whose messages hold a photo is no collection of posts either: each names two users.
    @Test func messagesWithPhotosAreNotPosts() throws {
        let tree = """
            {"__collections__": {
             "users": {"ana": {"username": "ana", "__collections__": {}}, "ben": {"username": "ben", "__collections__": {}}},
             "chats": {
              "c1": {"from": "ana", "to": "ben", "imageUrl": "https://example.com/m1.jpg", "sentAt": 1700000000, "__collections__": {}},
              "c2": {"from": "ben", "to": "ana", "imageUrl": "https://example.com/m2.jpg", "sentAt": 1700000060, "__collections__": {}}
             }
            }}
            """
        // (Before: `posts = "chats"`, `post_owner = "from"`.)
        #expect(ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(tree, name: "tree.json"))).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            """)
    }
}

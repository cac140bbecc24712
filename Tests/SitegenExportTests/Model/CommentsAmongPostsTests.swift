import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Three rules read from SNap (`Sarada1101/SNap-develop`, the zoo's `snap_develop`), each
/// tried under other names and in both databases: comments kept in the posts' own root,
/// each naming its post; a user's visibility kept as one of a few texts; likes kept only
/// as a counter named for a like synonym.
@Suite struct CommentsAmongPostsTests {
    static func block(_ text: String, name: String) throws -> String {
        ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(text, name: name))).schemaBlock()
    }

    static func audit(_ text: String, name: String) throws -> AuditReport {
        let path = try TestSupport.temporaryFile(text, name: name)
        let block = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        let mapping = InspectionDetectorTests.mapping(block)
        #expect(mapping.conflict() == nil)
        return try Audit.run(exportAt: path, mapping: mapping)
    }

    // MARK: Comments kept among the posts

    /// Firestore: `photos/<id>` holds posts and, with `replyTo` (a reference), comments; each
    /// post lists its comments in `photos/*/replies` `{ref: <reference>}` (an index, not
    /// comments of their own). c3 names a post that was deleted.
    static let firestore = """
        {"__collections__": {
         "users": {"ana": {"username": "ana", "__collections__": {}}, "ben": {"username": "ben", "__collections__": {}}},
         "photos": {
          "p1": {"uid": "ana", "photo": "https://example.com/1.jpg", "caption": "one", "createdAt": 1614589200, "kind": "post",
                 "__collections__": {"replies": {"r1": {"ref": {"__datatype__": "documentReference", "value": "photos/c1"}, "__collections__": {}},
                                                  "r2": {"ref": {"__datatype__": "documentReference", "value": "photos/c2"}, "__collections__": {}}}}},
          "p2": {"uid": "ben", "photo": "https://example.com/2.jpg", "caption": "two", "createdAt": 1614589300, "kind": "post", "__collections__": {}},
          "c1": {"uid": "ben", "text": "nice", "createdAt": 1614589400, "kind": "comment",
                 "replyTo": {"__datatype__": "documentReference", "value": "photos/p1"}, "__collections__": {}},
          "c2": {"uid": "ana", "text": "thanks", "createdAt": 1614589500, "kind": "comment",
                 "replyTo": {"__datatype__": "documentReference", "value": "photos/p1"}, "__collections__": {}},
          "c3": {"uid": "ana", "text": "gone", "createdAt": 1614589600, "kind": "comment",
                 "replyTo": {"__datatype__": "documentReference", "value": "photos/p9"}, "__collections__": {}}
         }
        }}
        """

    @Test func firestoreCommentsAmongThePosts() throws {
        let block = try Self.block(Self.firestore, name: "tree.json")
        #expect(block.contains(#"posts = "photos"  # guessed: 2 of its 3 documents hold an image's URL in "photo""#))
        #expect(block.contains(#"comments = "photos"  # guessed: 3 of the 5 records of photos hold "replyTo", naming another of its records (1 posts): that post's comments, not posts"#))
        #expect(block.contains(#"post = "replyTo"  # guessed: the comments among the posts name their post there"#))
        // The index of references is neither comments nor a doubt.
        #expect(!block.contains("replies"))
        let report = try Self.audit(Self.firestore, name: "tree.json")
        #expect(report.index.posts.map(\.key) == ["p1", "p2"])
        #expect(report.counts.comments == [2, 0])
        #expect(report.counts.posts == [1, 1])
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["comment_dangling photos/c3"])
    }

    /// The Realtime Database: `posts/<key>` holds posts and comments naming theirs in
    /// `parentId` (the key as text); a repost naming its original (`repostOf`) is a post.
    @Test func realtimeCommentsAmongThePosts() throws {
        let export = """
            {"users": {"u1": {"username": "ana"}, "u2": {"username": "ben"}},
             "posts": {
              "-Ka": {"owner": "u1", "image_url": "https://example.com/1.jpg", "created_at": 1614589200},
              "-Kb": {"owner": "u2", "image_url": "https://example.com/2.jpg", "created_at": 1614589300, "repostOf": "-Ka"},
              "-Kc": {"owner": "u2", "body": "nice", "created_at": 1614589400, "parentId": "-Ka"},
              "-Kd": {"owner": "u1", "body": "thanks", "created_at": 1614589500, "parentId": "-Ka"},
              "-Ke": {"owner": "u1", "body": "yes", "created_at": 1614589600, "parentId": "-Kb"}
             }}
            """
        let block = try Self.block(export, name: "export.json")
        #expect(block.contains(#"comments = "posts"  # guessed: 3 of the 5 records of posts hold "parentId", naming another of its records (2 posts): that post's comments, not posts"#))
        #expect(block.contains(#"post = "parentId""#))
        let report = try Self.audit(export, name: "export.json")
        #expect(report.index.posts.map(\.key) == ["-Ka", "-Kb"])
        #expect(report.counts.comments == [2, 1])
        #expect(report.findings.isEmpty)
    }

    /// Posts naming others only as copies (`sharedPost`, `originalPostId`) keep no comments.
    @Test func copiesAreNoComments() throws {
        let export = """
            {"users": {"u1": {"username": "ana"}},
             "posts": {
              "-Ka": {"owner": "u1", "image_url": "https://example.com/1.jpg", "created_at": 1614589200},
              "-Kb": {"owner": "u1", "image_url": "https://example.com/2.jpg", "created_at": 1614589300, "sharedPost": "-Ka"},
              "-Kc": {"owner": "u1", "image_url": "https://example.com/3.jpg", "created_at": 1614589400, "originalPostId": "-Ka"}
             }}
            """
        #expect(!(try Self.block(export, name: "export.json")).contains("comments ="))
    }

    /// Comments mapped to the posts' root share it only with the field that tells them
    /// apart: without it the comments take the name from the posts (as any mapped node
    /// does); with it the posts keep it, and naming both is no conflict.
    @Test func mappingNeedsThePostField() {
        var mapping = Schema.Mapping(dialect: .makestagram, nodes: [.comments: "posts"])
        #expect(mapping.candidates(.posts, .makestagram).first != "posts")
        mapping.fields[.post] = "parent_post"
        #expect(mapping.conflict() == nil)
        #expect(mapping.candidates(.posts, .makestagram).first == "posts")
        mapping.nodes[.posts] = "posts"
        #expect(mapping.conflict() == nil)
        mapping.fields[.post] = nil
        #expect(mapping.conflict() == #"schema.nodes would make posts and comments one node, "posts""#)
    }

    // MARK: A visibility of a few texts is the private flag

    @Test func followersOnlyTextsSayPrivate() {
        for text in ["followPublic", "followers", "followers_only", "only-followers", "Friends", "private", "Privado", "seguidores", "true"] {
            #expect(Schema.Field.isPrivateText(text), "\(text)")
        }
        for text in ["public", "anonymous", "everyone", "false", "following", "unfollowed", ""] {
            #expect(!Schema.Field.isPrivateText(text), "\(text)")
        }
    }

    /// Firestore: `visibility` `"everyone"` | `"friends"`; the Realtime Database: SNap's
    /// `publication_area` `"public"` | `"followPublic"` | `"anonymous"`. A field whose texts
    /// all say private (`audience: "followers"` on every user) is no choice: not the flag.
    @Test func visibilityTextIsThePrivateFlag() throws {
        let firestore = """
            {"__collections__": {
             "users": {"ana": {"username": "ana", "visibility": "everyone", "audience": "followers", "__collections__": {}},
                       "ben": {"username": "ben", "visibility": "friends", "audience": "followers", "__collections__": {}},
                       "cy": {"username": "cy", "visibility": "everyone", "audience": "followers", "__collections__": {}}},
             "posts": {"p1": {"uid": "ana", "imageUrl": "https://example.com/1.jpg", "__collections__": {}}}
            }}
            """
        #expect((try Self.block(firestore, name: "tree.json")).contains(
            #"private = "visibility"  # guessed: 3 of 3 users hold one of "everyone", "friends" there, 1 one for followers only: a private account"#))
        let realtime = """
            {"users": {"u1": {"username": "ana", "publication_area": "public", "notify": "true"},
                       "u2": {"username": "ben", "publication_area": "followPublic", "notify": "false"},
                       "u3": {"username": "cy", "publication_area": "anonymous", "notify": "true"}},
             "posts": {"u1": {"-Ka": {"image_url": "https://example.com/1.jpg", "created_at": 1614589200}}}}
            """
        let block = try Self.block(realtime, name: "export.json")
        #expect(block.contains(
            #"private = "publication_area"  # guessed: 3 of 3 users hold one of "anonymous", "followPublic", "public" there, 1 one for followers only: a private account"#))
        #expect(!block.contains("notify"))
    }

    // MARK: Likes kept only as a counter

    /// Firestore: `hearts_count` with no like recorded is the like counter, read as the
    /// post's likes and not checked; the Realtime Database: `kudos_count` likewise. Beside
    /// likes recorded, such a counter is not guessed (the likes are counted).
    @Test func likeSynonymCounterWhereNoLikeIsRecorded() throws {
        let firestore = """
            {"__collections__": {
             "users": {"ana": {"username": "ana", "__collections__": {}}},
             "posts": {"p1": {"uid": "ana", "imageUrl": "https://example.com/1.jpg", "hearts_count": 3, "__collections__": {}},
                       "p2": {"uid": "ana", "imageUrl": "https://example.com/2.jpg", "hearts_count": 0, "__collections__": {}}}
            }}
            """
        #expect((try Self.block(firestore, name: "tree.json")).contains(
            #"like_count = "hearts_count"  # guessed: 2 of 2 posts hold an integer named for a like, and no like is recorded there"#))
        let report = try Self.audit(firestore, name: "tree.json")
        #expect(report.counts.likes == [3, 0])
        #expect(report.findings.isEmpty)

        let realtime = """
            {"users": {"u1": {"username": "ana"}},
             "posts": {"u1": {"-Ka": {"image_url": "https://example.com/1.jpg", "created_at": 1614589200, "kudosCount": 4}}}}
            """
        #expect((try Self.block(realtime, name: "export.json")).contains(#"like_count = "kudosCount""#))
        #expect(try Self.audit(realtime, name: "export.json").counts.likes == [4])

        let recorded = """
            {"users": {"u1": {"username": "ana"}, "u2": {"username": "ben"}},
             "posts": {"u1": {"-Ka": {"image_url": "https://example.com/1.jpg", "created_at": 1614589200, "good_count": 4}}},
             "postLikes": {"-Ka": {"u2": true}}}
            """
        #expect(!(try Self.block(recorded, name: "export.json")).contains("like_count"))
        #expect(try Self.audit(recorded, name: "export.json").counts.likes == [1])
    }

    @Test func likeSynonymCounterNames() {
        for name in ["good_count", "goodCount", "hearts_count", "favorites_count", "kudos_count", "upvotesCount", "iine_count"] {
            #expect(RoleWords.isLikeSynonymCounter(name), "\(name)")
        }
        for name in ["goods", "count", "comment_count", "downvotes_count", "followers_count"] {
            #expect(!RoleWords.isLikeSynonymCounter(name), "\(name)")
        }
    }
}

import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Likes kept flat in a root, each a record naming its post and its liker (Antrsss's
/// `likes/<post>_<uid>: {postUuid, userId, timestamp}`; docs/audit-rules.md, "Likes"),
/// beside comments that name their post by a map (no post: left alone), posts whose
/// photos are a list of URLs (`imageUrls`) and profiles with a website (no post image).
@Suite struct FlatLikesTests {
    static let tree = """
        {"__collections__": {
         "profiles": {
          "u1": {"userUid": "u1", "username": "ana", "photoUrl": "https://example.com/ana.jpg", "website": "https://ana.example.org", "followersCount": 0},
          "u2": {"userUid": "u2", "username": "ben", "photoUrl": "https://example.com/ben.jpg", "website": "https://ben.example.org", "followersCount": 0}
         },
         "posts": {
          "p1": {"authorUid": "u1", "imageUrls": ["https://example.com/p1a.jpg", "https://example.com/p1b.jpg"], "creationTime": 1700000000000, "likes": 2},
          "p2": {"authorUid": "u2", "imageUrls": ["https://example.com/p2.jpg"], "creationTime": 1700000600000, "likes": 0}
         },
         "likes": {
          "p1_u2": {"postUuid": "p1", "userId": "u2", "timestamp": 1700000100000},
          "p1_gone": {"postUuid": "p1", "userId": "gone", "timestamp": 1700000200000}
         },
         "comments": {
          "c1": {"authorUid": "u2", "authorUsername": "ben", "text": "Both photos!", "creationTime": 1700000300000,
                 "postUuid": {"mostSignificantBits": 1, "leastSignificantBits": 2}}
         }
        }}
        """

    @Test func inspectFindsThePostFieldInTheLikes() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            users = "profiles"  # guessed: 2 of its 2 documents hold a user's name or photo
            postLikes = "likes"

            [schema.fields]
            follower_count = "followersCount"
            comment_text = "text"
            avatar_url = "photoUrl"
            media = "imageUrls"
            post = "postUuid"  # guessed: 2 of the 2 likes in likes hold a post's key there
            post_owner = "authorUid"  # guessed: 2 of 2 posts hold a user's uid there
            comment_author = "authorUid"  # guessed: 1 of 1 comments hold a user's uid there
            created_at = "creationTime"  # guessed: 2 of 2 posts hold a time there
            like_count = "likes"  # guessed: 2 of 2 posts hold a number there

            """)
    }

    @Test func eachLikeJoinsItsPostAndItsLiker() throws {
        let mapping = Schema.Mapping(
            dialect: .makestagram, nodes: [.users: "profiles"],
            fields: [.commentText: "text", .avatarURL: "photoUrl", .post: "postUuid", .postOwner: "authorUid", .commentAuthor: "authorUid",
                     .createdAt: "creationTime", .likeCount: "likes", .followerCount: "followersCount"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.tree, name: "tree.json"), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "like_dangling likes/p1_gone null",
            "like_count_mismatch posts/p1/likes 1",
        ])
        // The comment names its post by a map: no post, no comment counted, no finding.
        #expect(report.counts.likes == [1, 0] && report.counts.comments == [0, 0])
        #expect(report.export.schema.flatLikes && report.export.schema.flatComments)
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"delete":"projects/p/databases/(default)/documents/likes/p1_gone"},\
            {"update":{"name":"projects/p/databases/(default)/documents/posts/p1","fields":{"likes":{"integerValue":"1"}}},"updateMask":{"fieldPaths":["likes"]}}]}

            """)
    }
}

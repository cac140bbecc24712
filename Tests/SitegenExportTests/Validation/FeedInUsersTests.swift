import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A feed kept below each user's own document, as empty documents keyed by posts' ids
/// (the UIKit course's `users/<u>/user-feed/<postId>`; docs/export-format.md, "Timelines
/// and feeds"): `inspect` looks for a timeline among the users' subcollections too, and an
/// empty document is an entry as `true` is.
@Suite struct FeedInUsersTests {
    /// a follows b and c, b follows c; a reader's own posts are in the feed. a's lacks pc2;
    /// b's still holds pa1 (an unfollow whose deletes did not all run).
    static let tree = """
        {"__collections__": {
         "users": {
          "a": {"username": "ann", "__collections__": {"user-feed": {"pa1": {}, "pb1": {}, "pc1": {}}}},
          "b": {"username": "bo", "__collections__": {"user-feed": {"pa1": {}, "pb1": {}, "pc1": {}, "pc2": {}}}},
          "c": {"username": "cy", "__collections__": {"user-feed": {"pc1": {}, "pc2": {}}}}
         },
         "posts": {
          "pa1": {"ownerUid": "a", "imageUrl": "https://example.com/pa1.jpg", "timestamp": 1700000000000},
          "pb1": {"ownerUid": "b", "imageUrl": "https://example.com/pb1.jpg", "timestamp": 1700000600000},
          "pc1": {"ownerUid": "c", "imageUrl": "https://example.com/pc1.jpg", "timestamp": 1700001200000},
          "pc2": {"ownerUid": "c", "imageUrl": "https://example.com/pc2.jpg", "timestamp": 1700001800000}
         },
         "following": {"a": {"__collections__": {"user-following": {"b": {}, "c": {}}}}, "b": {"__collections__": {"user-following": {"c": {}}}}},
         "followers": {"b": {"__collections__": {"user-followers": {"a": {}}}}, "c": {"__collections__": {"user-followers": {"a": {}, "b": {}}}}}
        }}
        """

    @Test func inspectFindsTheFeedBelowTheUsers() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            followers = "followers/*/user-followers"  # guessed: 3 empty documents keyed by users' ids, kept by user
            following = "following/*/user-following"  # guessed: 3 empty documents keyed by users' ids, kept by user
            timeline = "users/*/user-feed"  # guessed: 9 entries in 3 users' lists are keyed by posts' ids; entries {}; \
            a reader's own posts are in it (4 of the 4 own posts of readers with a list are)

            [schema.fields]
            image_url = "imageUrl"
            created_at = "timestamp"
            post_owner = "ownerUid"

            """)
    }

    @Test func anEntryIsAnEmptyDocument() throws {
        let mapping = Schema.Mapping(
            dialect: .makestagram,
            nodes: [.followers: "followers/*/user-followers", .following: "following/*/user-following", .timeline: "users/*/user-feed"],
            fields: [.imageURL: "imageUrl", .createdAt: "timestamp", .postOwner: "ownerUid"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.tree, name: "tree.json"), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "timeline_missing users/a/user-feed/pc2 {}",
            "timeline_stale users/b/user-feed/pa1 null",
        ])
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"update":{"name":"projects/p/databases/(default)/documents/users/a/user-feed/pc2","fields":{}}},\
            {"delete":"projects/p/databases/(default)/documents/users/b/user-feed/pa1"}]}

            """)
    }
}

import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// What the counters an app keeps tell `inspect` (docs/export-format.md, "Roles beyond the
/// tutorials"): a root of counters alone, keyed by uid, is the users' second root; a
/// one-sided follow root is read the way the counters agree with, whatever its name; a
/// likes root read by its name is kept by owner, then by post, where its keys say so; a
/// time is never a counter, and a post's creation time is its earliest.
@Suite struct CountersReadTheDataTests {
    /// `followers/<follower>/<followed>`: named for the other direction (the counters say
    /// who follows whom); likes kept by owner, then by post, under the tutorial's root
    /// name; counters in `totals/<uid>`, `c`'s follower counter one too high.
    static let oneSided = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}, "c": {"username": "cy"}},
         "posts": {"a": {"-Ma1": {"image_url": "https://example.com/a1.jpg", "created_at": 1614589200}},
                   "b": {"-Mb1": {"image_url": "https://example.com/b1.jpg", "created_at": 1614675600}}},
         "followers": {"a": {"b": true, "c": true}, "b": {"c": true}},
         "postLikes": {"a": {"-Ma1": {"b": true, "c": true}}, "b": {"-Mb1": {"a": true}}},
         "totals": {"a": {"postsCount": 1, "followersCount": 0, "followingCount": 2},
                    "b": {"postsCount": 1, "followersCount": 1, "followingCount": 1},
                    "c": {"postsCount": 0, "followersCount": 3, "followingCount": 0}}}
        """

    @Test func theCountersTurnAOneSidedRoot() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.oneSided))
        let inspection = ExportInspection(export)
        #expect(inspection.text().contains(
            "kept one-sided (no followers): read by the users' counters, as following: followers/<a>/<b> means <a> follows <b>"))
        // 5 of the 6 counters of follows agree read so (c's follower count is one too high),
        // 2 read by the root's name.
        #expect(inspection.schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            postLikes = "postLikes/*/*"  # guessed: 3 of its 3 entries are users, kept by owner, then by post
            user_details = "totals"  # guessed: 3 of its 3 keys are users' uids
            following = "followers"  # guessed: the users' counters agree with 5 records read so (2 read by its name)

            [schema.fields]
            post_count = "postsCount"  # guessed: 3 of 3 records of totals hold a number there
            follower_count = "followersCount"  # guessed: 3 of 3 records of totals hold a number there
            following_count = "followingCount"  # guessed: 3 of 3 records of totals hold a number there

            """)
        let mapping = Schema.Mapping(
            dialect: .makestagram,
            nodes: [.postLikes: "postLikes/*/*", .userDetails: "totals", .following: "followers"],
            fields: [.postCount: "postsCount", .followerCount: "followersCount", .followingCount: "followingCount"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.oneSided), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["follower_count_mismatch totals/c/followersCount"])
    }

    /// Where the counters agree with the root's name, it is read by its name, as before.
    @Test func countersThatAgreeWithTheNameChangeNothing() throws {
        let agreeing = Self.oneSided
            .replacingOccurrences(of: #""followers": {"a": {"b": true, "c": true}, "b": {"c": true}}"#,
                                  with: #""followers": {"b": {"a": true}, "c": {"a": true, "b": true}}"#)
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(agreeing))
        let inspection = ExportInspection(export)
        #expect(inspection.text().contains("nothing in the data tells which way, so it is read by its name, as followers"))
        // No line maps it; the line that would read it the other way stays a comment.
        let block = inspection.schemaBlock()
        #expect(!block.contains("\nfollowing = "))
        #expect(block.contains(#"# following = "followers": if followers/<a>/<b> means <a> follows <b>"#))
    }

    /// Flat posts with their last comment's time beside their own and a comment counter:
    /// the time named for comments is neither the counter nor the creation time.
    static let lastComment = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}},
         "posts": {"-Ma1": {"author": "a", "image_url": "https://example.com/a1.jpg", "last_comment_time": 1614589200,
                            "published_time": 1614589200, "comment_num": 0},
                   "-Ma2": {"author": "a", "image_url": "https://example.com/a2.jpg", "last_comment_time": 1614700000,
                            "published_time": 1614675600, "comment_num": 3}},
         "comments": {"-Ma2": {"-Mc1": {"userId": "b", "text": "rain", "created_at": 1614690000},
                               "-Mc2": {"userId": "a", "text": "snow", "created_at": 1614700000}}}}
        """

    @Test func aTimeIsNoCounterAndTheEarliestIsTheCreation() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.lastComment))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.fields]
            comment_text = "text"
            comment_author = "userId"
            post_owner = "author"  # guessed: 2 of 2 posts hold a user's uid there
            created_at = "published_time"  # guessed: 2 of 2 posts hold a time there
            comment_count = "comment_num"  # guessed: 2 of 2 posts hold a number there

            """)
        let mapping = Schema.Mapping(
            dialect: .makestagram, nodes: [:],
            fields: [.commentText: "text", .commentAuthor: "userId", .postOwner: "author", .createdAt: "published_time",
                     .commentCount: "comment_num"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.lastComment), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["comment_count_mismatch posts/-Ma2/comment_num"])
    }
}

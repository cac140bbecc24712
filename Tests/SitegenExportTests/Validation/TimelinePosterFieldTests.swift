import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A timeline whose entries name their poster under a name no spelling has
/// (docs/audit-rules.md, "Timeline"): alecsmirnov's `users_feed/<u>/<post>:
/// {user_identifier, timestamp}`. The member that holds the entry's post's owner in most
/// entries is the poster field: read, checked and written under its own name.
@Suite struct TimelinePosterFieldTests {
    /// a follows b and c, b follows c; own posts are not in a feed. a's feed lacks pc2;
    /// b's entry for pc1 names a, not its owner c.
    static let export = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}, "c": {"username": "cy"}},
         "posts": {"a": {"pa1": {"image_url": "https://example.com/pa1.jpg", "created_at": 1700000000}},
                   "b": {"pb1": {"image_url": "https://example.com/pb1.jpg", "created_at": 1700000600}},
                   "c": {"pc1": {"image_url": "https://example.com/pc1.jpg", "created_at": 1700001200},
                         "pc2": {"image_url": "https://example.com/pc2.jpg", "created_at": 1700001800}}},
         "following": {"a": {"b": true, "c": true}, "b": {"c": true}},
         "followers": {"b": {"a": true}, "c": {"a": true, "b": true}},
         "users_feed": {"a": {"pb1": {"user_identifier": "b", "timestamp": 1700000600}, "pc1": {"user_identifier": "c", "timestamp": 1700001200}},
                        "b": {"pc1": {"user_identifier": "a", "timestamp": 1700001200}, "pc2": {"user_identifier": "c", "timestamp": 1700001800}}}}
        """

    @Test func inspectSaysThePosterField() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            timeline = "users_feed"  # guessed: 4 entries in 2 users' lists are keyed by posts' ids; entries {user_identifier}; \
            a reader's own posts are not in it (0 of the 2 own posts of readers with a list are)

            """)
    }

    @Test func thePosterFieldIsReadCheckedAndWrittenUnderItsName() throws {
        let path = try TestSupport.temporaryFile(Self.export)
        let mapping = Schema.Mapping(nodes: [.timeline: "users_feed"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            #"timeline_missing users_feed/a/pc2 {"user_identifier":"c"}"#,
            #"timeline_mismatch users_feed/b/pc1 {"user_identifier":"c","timestamp":1700001200}"#,
        ])
        #expect(report.edits.map(\.path).sorted() == ["users_feed/a/pc2", "users_feed/b/pc1/user_identifier"])
    }
}

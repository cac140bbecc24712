import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A feed that holds the reader's own posts (dowless' `user-feed`, the tutorial's fan-out
/// to the owner too) in an app where few follow holds more of the readers' own posts than
/// of others': `inspect` still takes it for the timeline where its name says a feed and
/// some entries are others' posts (docs/export-format.md, "Timelines and feeds"); an
/// activity feed about the reader's own posts holds no other's.
@Suite struct FeedMostlyOwnPostsTests {
    /// ann follows bo. bo's feed lacks his own -Mb2.
    static let export = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}, "c": {"username": "cy"}},
         "posts": {"a": {"-Ma1": {"image_url": "https://example.com/a1.jpg", "created_at": 1614589200000},
                         "-Ma2": {"image_url": "https://example.com/a2.jpg", "created_at": 1614589300000},
                         "-Ma3": {"image_url": "https://example.com/a3.jpg", "created_at": 1614589400000}},
                   "b": {"-Mb1": {"image_url": "https://example.com/b1.jpg", "created_at": 1614589500000},
                         "-Mb2": {"image_url": "https://example.com/b2.jpg", "created_at": 1614589600000}},
                   "c": {"-Mc1": {"image_url": "https://example.com/c1.jpg", "created_at": 1614589700000}}},
         "following": {"a": {"b": true}},
         "followers": {"b": {"a": true}},
         "user-feed": {"a": {"-Ma1": 1, "-Ma2": 1, "-Ma3": 1, "-Mb1": 1, "-Mb2": 1},
                       "b": {"-Mb1": 1},
                       "c": {"-Mc1": 1}}}
        """

    @Test func theFeedIsTheTimeline() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            timeline = "user-feed"  # guessed: 7 entries in 3 users' lists are keyed by posts' ids; entries 1; \
            a reader's own posts are in it (5 of the 6 own posts of readers with a list are)

            """)
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.export),
                                   mapping: Schema.Mapping(dialect: .makestagram, nodes: [.timeline: "user-feed"], fields: [:]))
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["timeline_missing user-feed/b/-Mb2"])
    }

    @Test func aFeedOfOnlyOwnPostsIsNoTimeline() throws {
        let own = Self.export.replacingOccurrences(of: #""-Ma3": 1, "-Mb1": 1, "-Mb2": 1}"#, with: #""-Ma3": 1}"#)
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(own))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            """)
    }
}

import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A timeline whose entries are records that name no user (rozdoum's Cloud Function writes
/// `followingPostsIds/<follower>/<postId>: {postId}`): an entry says "this post is in the
/// feed", as `true` does, and nothing else (docs/export-format.md, "Timelines and feeds").
/// It is a flag, not a `{poster}` entry with its poster missing; an entry the repair adds is
/// written as the app writes it, `{postId: <key>}`.
@Suite struct TimelineFlagRecordsTests {
    /// ann follows bo; her feed lacks bo's -Mb2 and still holds cy's -Mc1 (she never
    /// followed cy).
    static let export = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}, "c": {"username": "cy"}},
         "posts": {"b": {"-Mb1": {"image_url": "https://example.com/b1.jpg", "created_at": 1614589500000},
                         "-Mb2": {"image_url": "https://example.com/b2.jpg", "created_at": 1614589600000}},
                   "c": {"-Mc1": {"image_url": "https://example.com/c1.jpg", "created_at": 1614589700000}}},
         "following": {"a": {"b": true}},
         "followers": {"b": {"a": true}},
         "timeline": {"a": {"-Mb1": {"postId": "-Mb1"}, "-Mc1": {"postId": "-Mc1"}}}}
        """

    @Test func recordsNamingNoUserAreFlags() throws {
        let path = try TestSupport.temporaryFile(Self.export)
        let export = try ExportLoader.load(path: path)
        #expect(ExportInspection(export).text().contains("""

            timeline (timeline):
              entries {postId}; a reader's own posts are not in it (no user who posted has a list)

            """))
        let report = try Audit.run(exportAt: path, mapping: Schema.Mapping())
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "-")" } == [
            #"timeline_missing timeline/a/-Mb2 {"postId":"-Mb2"}"#,
            "timeline_stale timeline/a/-Mc1 -",
        ])
    }

    /// A record that holds a user's id under a name no spelling has is still a `{poster}`
    /// entry (alecsmirnov's `{user_identifier, timestamp}`): checked against the post's owner.
    @Test func aRecordHoldingAUserIsAPosterEntry() throws {
        let export = Self.export
            .replacingOccurrences(of: #"{"postId": "-Mb1"}"#, with: #"{"owner": "b"}"#)
            .replacingOccurrences(of: #"{"postId": "-Mc1"}"#, with: #"{"owner": "c"}"#)
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(export), mapping: Schema.Mapping())
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "-")" } == [
            #"timeline_missing timeline/a/-Mb2 {"owner":"b"}"#,
            "timeline_stale timeline/a/-Mc1 -",
        ])
    }
}

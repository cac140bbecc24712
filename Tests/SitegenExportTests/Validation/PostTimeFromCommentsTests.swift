import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A post's time is the app's only where its posts carry one (docs/export-format.md): an
/// app whose posts are dated by their push ids (KODDev) may still time its comments
/// (`timestamp`, a spelling of `created_at` too), which does not make a time part of its
/// posts. Where one post carries a time, a post without one is `post_invalid`.
@Suite struct PostTimeFromCommentsTests {
    static let export = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}},
         "posts": {"a": {"-MUh0-P-P80wOgug-d5b": {"image_url": "https://example.com/1.jpg"}},
                   "b": {"-MUm9a9-EDrB2fRihgV5": {"image_url": "https://example.com/2.jpg"}, "-MUrJAu-uF6gFF0Co5zX": {"caption": "no photo"}}},
         "comments": {"-MUh0-P-P80wOgug-d5b": {"-MUhRTD-1yUmwoIbeZzj": {"text": "nice", "uid": "b", "timestamp": 1614596400.25}}}}
        """

    static func findings(_ text: String) throws -> [String] {
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(text), mapping: Schema.Mapping())
        return report.findings.map { "\($0.code.rawValue) \($0.path)" }
    }

    @Test func commentsTimesAskNoTimeOfThePosts() throws {
        #expect(try Self.findings(Self.export) == ["post_invalid posts/b/-MUrJAu-uF6gFF0Co5zX/image_url"])
    }

    @Test func onePostsTimeAsksItOfEveryPost() throws {
        let timed = Self.export.replacingOccurrences(of: #"{"image_url": "https://example.com/1.jpg"}"#,
                                                     with: #"{"image_url": "https://example.com/1.jpg", "timestamp": 1614596000}"#)
        #expect(try Self.findings(timed) == [
            "post_invalid posts/b/-MUm9a9-EDrB2fRihgV5/timestamp",
            "post_invalid posts/b/-MUrJAu-uF6gFF0Co5zX/image_url",
            "post_invalid posts/b/-MUrJAu-uF6gFF0Co5zX/timestamp",
        ])
    }
}

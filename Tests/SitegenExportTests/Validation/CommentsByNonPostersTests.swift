import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Users implied by posts (docs/export-format.md): where no node holds users, a comment
/// names its person under a name sitegen reads as an author (`uid`, `username`) whether or
/// not that person ever posted; most commenters of a small app never do. `inspect` maps
/// the comments kept in each post, and a deleted post's leftover comments are
/// `comment_dangling`, not a post with no owner.
@Suite struct CommentsByNonPostersTests {
    static let export = """
        {"posts": {
          "-MUh0-P-P80wOgug-d5b": {"uid": "u1", "username": "ann", "imageUrl": "https://example.com/1.jpg", "timestamp": 1614589200000,
            "comments": {"-MUhRTD-1yUmwoIbeZzj": {"text": "nice", "uid": "u9", "username": "zed", "timestamp": 1614596400000}}},
          "-MUm9a9-EDrB2fRihgV5": {"uid": "u2", "username": "bo", "imageUrl": "https://example.com/2.jpg", "timestamp": 1614675600000,
            "comments": {"-MUma2y-Xgwgc0cEGXZn": {"text": "wow", "uid": "u8", "username": "yan", "timestamp": 1614682800000},
                         "-MUmnms-2W53zDo-67MS": {"text": "thanks", "uid": "u2", "username": "bo", "timestamp": 1614686400000}}},
          "-MUrJAu-uF6gFF0Co5zX": {"comments": {"-MUrZZZ-aaaaaaaaaaaa": {"text": "gone", "uid": "u9", "username": "zed", "timestamp": 1614770000000}}}
        }}
        """

    @Test func inspectMapsTheComments() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            comments = "posts/*/comments"  # guessed: 3 posts hold a "comments" list

            [schema.fields]
            image_url = "imageUrl"
            created_at = "timestamp"
            post_owner = "uid"

            """)
    }

    @Test func aDeletedPostsCommentsAreDangling() throws {
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.comments: "posts/*/comments"],
                                     fields: [.imageURL: "imageUrl", .createdAt: "timestamp", .postOwner: "uid"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.export), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["comment_dangling posts/-MUrJAu-uF6gFF0Co5zX/comments"])
    }
}

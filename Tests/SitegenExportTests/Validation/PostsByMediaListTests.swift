import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Posts whose photos are only in a media list (saswat10's `media: [{id, url, type}]`, no
/// image field): `inspect` takes the collection for the posts by the links its lists hold,
/// never the comments below them, which hold an owner, a time and a text too.
@Suite struct PostsByMediaListTests {
    static let tree = """
        {"__collections__": {
         "users": {"u1": {"username": "ana", "posts": 2}, "u2": {"username": "ben", "posts": 0}},
         "posts": {
          "p1": {"userId": "u1", "caption": "Two photos", "createdAt": 1700000000000,
                 "media": [{"id": "0", "url": "https://example.com/1.jpg", "type": "image"}, {"id": "1", "url": "https://example.com/2.jpg", "type": "image"}],
                 "__collections__": {"comments": {"c1": {"userId": "u2", "content": "So good", "createdAt": 1700000100000},
                                                  "c2": {"userId": "u2", "content": "Both of them", "createdAt": 1700000200000},
                                                  "c3": {"userId": "u1", "content": "Thank you", "createdAt": 1700000300000}}}},
          "p2": {"userId": "u1", "caption": "A clip", "createdAt": 1700000500000,
                 "media": [{"id": "0", "url": "https://example.com/3.mp4", "type": "video"}]}
         }
        }}
        """

    @Test func thePostsAreTheCollectionWhoseListsHoldLinks() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            comments = "posts/*/comments"  # guessed: 3 of its 3 documents hold text and a user's id

            [schema.fields]
            created_at = "createdAt"
            post_owner = "userId"
            comment_author = "userId"
            media_url = "url"
            media_type = "type"
            comment_text = "content"  # guessed: 3 of 3 comments hold text there
            post_count = "posts"  # guessed: 2 of 2 records of users hold a number there

            """)
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.comments: "posts/*/comments"],
                                     fields: [.commentText: "content", .postCount: "posts"])
        let report = Validator.audit(try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"), mapping: mapping))
        #expect(report.findings.isEmpty)
        #expect(report.index.posts.map(\.key) == ["p1", "p2"] && report.counts.comments == [3, 0])
    }
}

import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Flat posts under a root no spelling names (CodingWithMitch's `photos`) beside a
/// user-posts root of copies under keys of their own (glasspinnA's `user-posts`): the
/// reader takes such a root for the posts only where no other root holds them, so
/// `inspect` names the flat root and the copies stay data, read by no role
/// (docs/export-format.md, "Where the posts are").
@Suite struct UserPostsCopiesTests {
    static let export = """
        {"users": {"a": {"username": "ann"}, "b": {"username": "bo"}},
         "photos": {"-Ma1": {"uid": "a", "image_url": "https://example.com/a1.jpg", "caption": "one", "created_at": 1614589200.25},
                    "-Ma2": {"uid": "a", "image_url": "https://example.com/a2.jpg", "caption": "two", "created_at": 1614589300.25},
                    "-Mb1": {"uid": "b", "image_url": "https://example.com/b1.jpg", "caption": "three", "created_at": 1614589500.25}},
         "user-posts": {
           "a": {"-Mx1": {"imageUrl": "https://example.com/a1.jpg", "timestamp": 1614589200250},
                 "-Mx2": {"imageUrl": "https://example.com/a2.jpg", "timestamp": 1614589300250}},
           "b": {"-Mx3": {"imageUrl": "https://example.com/b1.jpg", "timestamp": 1614589500250}}},
         "postLikes": {"-Ma1": {"b": true}, "-Mgone": {"a": true}}}
        """

    @Test func inspectNamesTheFlatPosts() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            posts = "photos"  # guessed: 3 of its 3 records hold a user's id (uid) and an image's URL (image_url)

            [schema.fields]
            post_owner = "uid"

            """)
    }

    @Test func theBlockAuditsExactly() throws {
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.posts: "photos"], fields: [.postOwner: "uid"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.export), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["like_dangling postLikes/-Mgone"])
    }
}

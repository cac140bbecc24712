import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Comments kept flat in a root of their own, each naming its post in a field
/// (docs/export-format.md, "Roles beyond the tutorials"; SosyaShare's `comments/<uuid>:
/// {postId, userId, content}`): `inspect` finds the field by what it holds, the audit joins
/// each comment to its post, and a comment whose post was deleted is a finding at the
/// comment itself.
@Suite struct FlatCommentsTests {
    /// p1 has its two comments; p2's counter says 1 (a comment deleted without a recount);
    /// c3's post was deleted without it.
    static let tree = """
        {"__collections__": {
         "users": {"ana": {"username": "ana", "__collections__": {}}, "ben": {"username": "ben", "__collections__": {}}},
         "posts": {
          "p1": {"userId": "ana", "imageUrl": "https://example.com/p1.jpg", "createdAt": 1700000000000, "commentCount": 2, "__collections__": {}},
          "p2": {"userId": "ben", "imageUrl": "https://example.com/p2.jpg", "createdAt": 1700000600000, "commentCount": 1, "__collections__": {}}
         },
         "comments": {
          "c1": {"postId": "p1", "userId": "ben", "content": "Lovely", "__collections__": {}},
          "c2": {"postId": "p1", "userId": "ana", "content": "Thanks", "__collections__": {}},
          "c3": {"postId": "gone", "userId": "ben", "content": "Where did it go", "__collections__": {}}
         }
        }}
        """

    @Test func inspectNamesTheFieldThatHoldsThePostsKey() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.fields]
            image_url = "imageUrl"
            created_at = "createdAt"
            post_owner = "userId"
            comment_count = "commentCount"
            comment_author = "userId"
            post = "postId"  # guessed: 2 of the 3 comments in comments hold a post's key there
            comment_text = "content"  # guessed: 3 of 3 comments hold text there

            """)
    }

    @Test func eachCommentJoinsThePostItNames() throws {
        let path = try TestSupport.temporaryFile(Self.tree, name: "tree.json")
        let mapping = Schema.Mapping(dialect: .makestagram, fields: [.post: "postId", .commentText: "content"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "comment_dangling comments/c3 null",
            "comment_count_mismatch posts/p2/commentCount 0",
        ])
        #expect(report.counts.comments == [2, 0])
        #expect(report.index.comments(ofPost: 0, in: report.export.document).map(report.export.document.key) == ["c1", "c2"])
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"delete":"projects/p/databases/(default)/documents/comments/c3"},\
            {"update":{"name":"projects/p/databases/(default)/documents/posts/p2","fields":{"commentCount":{"integerValue":"0"}}},"updateMask":{"fieldPaths":["commentCount"]}}]}

            """)
        // Mapped, the field is no unused mapping.
        #expect(report.export.schema.unusedMappings(in: report.export.document).isEmpty)
    }

    /// The same in a Realtime Database export: the comment is removed from its root.
    @Test func realtimeDatabaseFlatComments() throws {
        let export = """
            {"users": {"ana": {"username": "ana"}},
             "posts": {"p1": {"uid": "ana", "image_url": "https://example.com/p1.jpg", "created_at": 1700000000, "comment_count": 1}},
             "comments": {"-Mc1": {"post": "p1", "uid": "ana", "text": "hi"}, "-Mc2": {"post": "p9", "uid": "ana", "text": "lost"}}}
            """
        let path = try TestSupport.temporaryFile(export)
        let report = try Audit.run(exportAt: path)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["comment_dangling comments/-Mc2"])
        #expect(report.counts.comments == [1])
        #expect(String(decoding: try Audit.repairedBytes(exportAt: path), as: UTF8.self) == """
            {"users": {"ana": {"username": "ana"}},
             "posts": {"p1": {"uid": "ana", "image_url": "https://example.com/p1.jpg", "created_at": 1700000000, "comment_count": 1}},
             "comments": {"-Mc1": {"post": "p1", "uid": "ana", "text": "hi"}}}
            """)
    }
}

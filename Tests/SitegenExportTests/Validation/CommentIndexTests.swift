import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Comments kept flat by their own key, naming no post, and tied to posts only by an index
/// root (docs/export-format.md, "Comments joined by an index"; son/Instagram's
/// `comments/<id>: {uid, commentText}` and `post-comments/<post>/<id>: true`): `inspect`
/// proposes the index as `post_comments`, the audit joins each comment to the post that
/// lists it and checks the index (docs/audit-rules.md, "Comments").
@Suite struct CommentIndexTests {
    /// p1 lists its two comments; p2 lists -Mc3 and a comment deleted without its entry
    /// (`-Mgone`), and its counter says 2; p9 was deleted with its list and its comment -Mc4
    /// left behind; -Mc5 was written and its entry never was.
    static let export = """
        {"users": {"ana": {"username": "ana"}, "ben": {"username": "ben"}},
         "posts": {"p1": {"uid": "ana", "image_url": "https://example.com/p1.jpg", "created_at": 1700000000, "comment_count": 2},
                   "p2": {"uid": "ben", "image_url": "https://example.com/p2.jpg", "created_at": 1700000600, "comment_count": 2}},
         "comments": {"-Mc1": {"uid": "ben", "commentText": "Lovely"}, "-Mc2": {"uid": "ana", "commentText": "Thanks"},
                      "-Mc3": {"uid": "ana", "commentText": "Rye?"}, "-Mc4": {"uid": "ben", "commentText": "Where did it go"},
                      "-Mc5": {"uid": "ben", "commentText": "Half written"}},
         "post-comments": {"p1": {"-Mc1": true, "-Mc2": true}, "p2": {"-Mc3": true, "-Mgone": true}, "p9": {"-Mc4": true}}}
        """

    static let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.postComments: "post-comments"],
                                        fields: [.postOwner: "uid", .commentAuthor: "uid", .commentText: "commentText"])

    @Test func inspectProposesTheIndex() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            post_comments = "post-comments"  # guessed: 2 lists keyed by posts' keys; 3 of their 4 entries are keys of comments, kept flat by their own key: each comment is the post's that lists it

            [schema.fields]
            post_owner = "uid"
            comment_author = "uid"
            comment_text = "commentText"  # guessed: 5 of 5 comments hold text there

            """)
    }

    @Test func eachCommentIsThePostsThatListsIt() throws {
        let path = try TestSupport.temporaryFile(Self.export)
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.repair.rawValue) \($0.expected ?? "null")" } == [
            "comment_dangling comments/-Mc4 remove null",
            "comment_orphan comments/-Mc5 none null",
            "comment_index_stale post-comments/p2/-Mgone remove null",
            "comment_dangling post-comments/p9 remove null",
            "comment_count_mismatch posts/p2/comment_count set 1",
        ])
        #expect(report.counts.comments == [2, 1])
        let doc = report.export.document
        #expect(report.index.comments(ofPost: 0, in: doc).map(doc.key) == ["-Mc1", "-Mc2"])
        #expect(report.index.comments(ofPost: 1, in: doc).map(doc.key) == ["-Mc3"])
        // The repair writes only what a finding names: the orphan is kept.
        #expect(String(decoding: try Audit.repairedBytes(exportAt: path, mapping: Self.mapping), as: UTF8.self) == """
            {"users": {"ana": {"username": "ana"}, "ben": {"username": "ben"}},
             "posts": {"p1": {"uid": "ana", "image_url": "https://example.com/p1.jpg", "created_at": 1700000000, "comment_count": 2},
                       "p2": {"uid": "ben", "image_url": "https://example.com/p2.jpg", "created_at": 1700000600, "comment_count": 1}},
             "comments": {"-Mc1": {"uid": "ben", "commentText": "Lovely"}, "-Mc2": {"uid": "ana", "commentText": "Thanks"},
                          "-Mc3": {"uid": "ana", "commentText": "Rye?"},
                          "-Mc5": {"uid": "ben", "commentText": "Half written"}},
             "post-comments": {"p1": {"-Mc1": true, "-Mc2": true}, "p2": {"-Mc3": true}}}
            """)
    }

    /// Without the index mapped, the comments name no post and are left alone (as before).
    @Test func unmappedTheCommentsAreLeftAlone() throws {
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.export),
                                   mapping: Schema.Mapping(dialect: .makestagram, fields: [.postOwner: "uid"]))
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "comment_count_mismatch posts/p1/comment_count",
            "comment_count_mismatch posts/p2/comment_count",
        ])
        #expect(report.counts.comments == [0, 0])
    }

    /// The rule is not the app's names: users in `profiles`, comments in `postComments` by
    /// `authorId` with a `body`, the index `threadIndex` whose entries are `1`.
    static let renamed = """
        {"profiles": {"u1": {"displayName": "Uma", "avatar": "https://example.com/u1.png"}, "u2": {"displayName": "Vic", "avatar": "https://example.com/u2.png"}},
         "posts": {"-Np1": {"authorId": "u1", "imageUrl": "https://example.com/a.jpg", "createdAt": 1700000000000},
                   "-Np2": {"authorId": "u2", "imageUrl": "https://example.com/b.jpg", "createdAt": 1700000600000}},
         "postComments": {"-Nr1": {"authorId": "u2", "body": "Nice light"}, "-Nr2": {"authorId": "u1", "body": "Merci"},
                          "-Nr3": {"authorId": "u1", "body": "Gone now"}},
         "threadIndex": {"-Np1": {"-Nr1": 1, "-Nr2": 1}, "-Np2": {"-Nr3": 1, "-Nr9": 1}}}
        """

    @Test func otherNames() throws {
        let path = try TestSupport.temporaryFile(Self.renamed)
        let inspection = ExportInspection(try ExportLoader.load(path: path))
        #expect(inspection.schemaBlock().contains("""
            post_comments = "threadIndex"  # guessed: 2 lists keyed by posts' keys; 3 of their 4 entries are keys of postComments, kept flat by their own key: each comment is the post's that lists it

            """))
        let report = try Audit.run(exportAt: path, mapping: inspection.schema.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.repair.rawValue)" } == [
            "comment_index_stale threadIndex/-Np2/-Nr9 remove",
        ])
        #expect(report.counts.comments == [2, 1])
        let doc = report.export.document
        #expect(report.index.comments(ofPost: 1, in: doc).map(doc.key) == ["-Nr3"])
    }

    /// The same in Cloud Firestore: `post-comments/<post>` documents whose fields are the
    /// comments' ids; the stale entry is deleted through the update mask.
    @Test func firestore() throws {
        let tree = """
            {"__collections__": {
             "users": {"ana": {"username": "ana", "__collections__": {}}, "ben": {"username": "ben", "__collections__": {}}},
             "posts": {"p1": {"ownerId": "ana", "imageUrl": "https://example.com/p1.jpg", "createdAt": 1700000000000, "__collections__": {}},
                       "p2": {"ownerId": "ben", "imageUrl": "https://example.com/p2.jpg", "createdAt": 1700000600000, "__collections__": {}}},
             "comments": {"c1": {"ownerId": "ben", "comment": "Lovely", "__collections__": {}},
                          "c2": {"ownerId": "ana", "comment": "Thanks", "__collections__": {}},
                          "c3": {"ownerId": "ana", "comment": "Rye?", "__collections__": {}}},
             "post-comments": {"p1": {"c1": true, "c2": true, "__collections__": {}}, "p2": {"c3": true, "c9": true, "__collections__": {}}}
            }}
            """
        let path = try TestSupport.temporaryFile(tree, name: "tree.json")
        let inspection = ExportInspection(try ExportLoader.load(path: path))
        #expect(inspection.schema.mapping.nodes[.postComments] == "post-comments")
        let report = try Audit.run(exportAt: path, mapping: inspection.schema.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["comment_index_stale post-comments/p2/c9"])
        #expect(report.counts.comments == [2, 1])
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"update":{"name":"projects/p/databases/(default)/documents/post-comments/p2","fields":{}},"updateMask":{"fieldPaths":["c9"]}}]}

            """)
    }

    /// A comments root kept by post (`comments/<postKey>/<id>`) has no index: a root of
    /// flags by post beside it is not proposed as one.
    @Test func commentsKeptByPostHaveNoIndex() throws {
        let export = """
            {"users": {"ana": {"username": "ana"}},
             "posts": {"p1": {"uid": "ana", "image_url": "https://example.com/p1.jpg", "created_at": 1700000000}},
             "comments": {"p1": {"-Mc1": {"uid": "ana", "text": "hi"}}},
             "seen": {"p1": {"-Mc1": true}}}
            """
        let inspection = ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(export)))
        #expect(!inspection.schemaBlock().contains("post_comments"))
    }
}

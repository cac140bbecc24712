import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A post's counter may share its name with a node kept elsewhere (docs/export-format.md,
/// `[schema]`): vuegram's posts count their comments in `comments` beside a root collection
/// `comments/<id>: {postId, …}`, as `like_count = "likes"` beside a root of likes. Only a
/// list kept in the post itself under that name clashes.
@Suite struct CounterNamedAsRootTests {
    @Test func theMappingAcceptsACounterNamedAsARoot() {
        #expect(Schema.Mapping(dialect: .makestagram, fields: [.commentCount: "comments"]).conflict() == nil)
        #expect(Schema.Mapping(dialect: .makestagram, fields: [.commentCount: "comments", .likeCount: "likes"]).conflict() == nil)
        // Unknown dialect: let through, and checked again in the dialect the loader detects.
        let undecided = Schema.Mapping(fields: [.commentCount: "comments"])
        #expect(undecided.conflict() == nil)
        #expect(undecided.conflict(in: .makestagram) == nil)
        #expect(undecided.conflict(in: .timeline) == "schema.fields would make comments and comment_count one field, \"comments\"")
    }

    @Test func aListKeptInThePostUnderThatNameClashes() {
        #expect(Schema.Mapping(dialect: .makestagram, nodes: [.comments: "posts/*/comments"], fields: [.commentCount: "comments"]).conflict()
            == "schema.fields.comment_count = \"comments\" is also schema.nodes.comments = \"posts/*/comments\", in the same records (a Firestore field beside a subcollection of its name is \"comments%\")")
        // The timeline dialect keeps each post's comments in the post under `comments`.
        #expect(Schema.Mapping(dialect: .timeline, fields: [.commentCount: "comments"]).conflict()
            == "schema.fields would make comments and comment_count one field, \"comments\"")
    }

    /// vuegram's layout: text posts counting comments and likes, root `comments` and `likes`.
    static let tree = """
        {"__collections__": {
         "users": {"ana": {"name": "Ana", "title": "cook", "__collections__": {}}, "ben": {"name": "Ben", "title": "baker", "__collections__": {}}},
         "posts": {
          "p1": {"userId": "ana", "userName": "Ana", "content": "Bread today", "createdOn": 1700000000000, "comments": 2, "likes": 0, "__collections__": {}},
          "p2": {"userId": "ben", "userName": "Ben", "content": "Rye", "createdOn": 1700000600000, "comments": 3, "likes": 0, "__collections__": {}}
         },
         "comments": {
          "c1": {"postId": "p1", "userId": "ben", "userName": "Ben", "content": "Lovely", "createdOn": 1700000100000, "__collections__": {}},
          "c2": {"postId": "p1", "userId": "ana", "userName": "Ana", "content": "Thanks", "createdOn": 1700000200000, "__collections__": {}},
          "c3": {"postId": "p2", "userId": "ana", "userName": "Ana", "content": "Yum", "createdOn": 1700000700000, "__collections__": {}}
         }
        }}
        """

    @Test func inspectsBlockLoadsAndTheCounterIsChecked() throws {
        let path = try TestSupport.temporaryFile(Self.tree, name: "tree.json")
        let inspection = ExportInspection(try ExportLoader.load(path: path))
        #expect(inspection.schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.fields]
            post_owner = "userId"
            comment_author = "userId"
            post = "postId"  # guessed: 3 of the 3 comments in comments hold a post's key there
            caption = "content"  # guessed: 2 of 2 posts hold text there
            created_at = "createdOn"  # guessed: 2 of 2 posts hold a time there
            like_count = "likes"  # guessed: 2 of 2 posts hold a number there
            comment_count = "comments"  # guessed: 2 of 2 posts hold a number there
            comment_text = "content"  # guessed: 3 of 3 comments hold text there

            # Not guessed (map them by hand if they are what the comment says):
            # username = "*": if the users' keys (ana, ben, …) are their usernames (no record holds one)

            """)
        // The block as pasted.
        let mapping = Schema.Mapping(dialect: .makestagram, fields: [
            .postOwner: "userId", .commentAuthor: "userId", .post: "postId", .caption: "content", .createdAt: "createdOn",
            .likeCount: "likes", .commentCount: "comments", .commentText: "content",
        ])
        #expect(mapping.conflict() == nil)
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "comment_count_mismatch posts/p2/comments 1",
        ])
        #expect(report.counts.comments == [2, 1])
    }

    /// Other names, another database: a Realtime Database export whose users are
    /// `members`, posts owned by `author`, comments naming their post in `postID`.
    @Test func otherNames() throws {
        let export = """
            {"members": {"m1": {"username": "mo"}, "m2": {"username": "ni"}},
             "posts": {"-Np1": {"author": "m1", "photoUrl": "https://example.com/a.jpg", "timestamp": 1700000000, "comments": 1},
                       "-Np2": {"author": "m2", "photoUrl": "https://example.com/b.jpg", "timestamp": 1700000600, "comments": 0}},
             "comments": {"-Nc1": {"postID": "-Np1", "author": "m2", "text": "ok"}, "-Nc2": {"postID": "-Np2", "author": "m1", "text": "yes"}}}
            """
        let path = try TestSupport.temporaryFile(export)
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.users: "members"],
                                     fields: [.postOwner: "author", .commentAuthor: "author", .imageURL: "photoUrl", .createdAt: "timestamp",
                                              .post: "postID", .commentCount: "comments"])
        #expect(mapping.conflict() == nil)
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "comment_count_mismatch posts/-Np2/comments 1",
        ])
    }

    /// A mapping that names no dialect, on an export the loader reads in the timeline
    /// dialect (whose posts keep their comments under `comments`), is refused there.
    @Test func theLoaderRefusesItInTheTimelineDialect() throws {
        let export = """
            {"users": {"ana": {"follows": {}}},
             "images": {},
             "posts": {"-Np1": {"user": "ana", "imageEndpoint": "i1", "comments": {"-Nc1": {"user": "ana", "text": "hi", "post": "-Np1"}}}}}
            """
        let path = try TestSupport.temporaryFile(export)
        let error = #expect(throws: SitegenError.self) {
            _ = try ExportLoader.load(path: path, mapping: Schema.Mapping(fields: [.commentCount: "comments"]))
        }
        #expect(error?.message == "[schema] in the timeline dialect: schema.fields would make comments and comment_count one field, \"comments\"")
        // Named makestagram, the same mapping is read.
        #expect(throws: Never.self) {
            _ = try ExportLoader.load(path: path, mapping: Schema.Mapping(dialect: .makestagram, fields: [.commentCount: "comments"]))
        }
    }
}

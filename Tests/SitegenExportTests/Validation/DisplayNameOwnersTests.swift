import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Users implied by posts whose owners are display names, with likes and comments as
/// arrays of maps (docs/export-format.md, "Users implied by posts" and "Lists of maps"):
/// giovanniPepi's `postDB/<id>: {userName, userImg, img, like: [{authorUserName}],
/// comment: [{commentText, userName}]}`, written small by hand.
@Suite struct DisplayNameOwnersTests {
    /// Ana posted twice (the older post's `like` a number, never liked), Ben once; Ben
    /// liked Ana's post twice across a deploy (the placeholder's hash differs), Cy, who
    /// never posted, once.
    static let tree = """
        {"__collections__": {"postDB": {
         "a1": {"userName": "Ana A.", "userImg": "https://example.com/ana.jpg", "img": "https://example.com/a1.jpg", "description": "First light",
                "timestamp": 1700000000000, "__collections__": {},
                "like": [{"authorUserName": "Ben B.", "userImg": "/static/media/blank.1.png"}, {"authorUserName": "Ben B.", "userImg": "/static/media/blank.2.png"},
                         {"authorUserName": "Cy C.", "userImg": "/static/media/blank.1.png"}],
                "comment": [{"commentText": "Lovely", "userName": "Ben B.", "userImg": "/static/media/blank.1.png"}]},
         "a2": {"userName": "Ana A.", "userImg": "https://example.com/ana2.jpg", "img": "https://example.com/a2.jpg", "description": "Old one",
                "timestamp": 1600000000000, "like": 0, "comment": [], "__collections__": {}},
         "b1": {"userName": "Ben B.", "userImg": "https://example.com/ben.jpg", "img": "https://example.com/b1.jpg", "description": "Harbour",
                "timestamp": 1700000500000, "like": [{"authorUserName": "Ana A.", "userImg": "/static/media/blank.1.png"}], "comment": [],
                "__collections__": {}}
        }}}
        """

    @Test func inspectFindsThePostsTheirOwnersAndTheirListsOfMaps() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            posts = "postDB"  # guessed: 3 of its 3 documents hold an image's URL in "img"
            postLikes = "postDB/*/like"  # guessed: 2 posts hold a "like" list
            comments = "postDB/*/comment"  # guessed: 3 posts hold a "comment" list

            [schema.fields]
            created_at = "timestamp"
            post_owner = "userName"  # guessed: 3 of 3 posts hold the username or id of a post's owner there
            image_url = "img"  # guessed: 3 of 3 posts hold an image's URL there
            caption = "description"  # guessed: 3 of 3 posts hold text there
            comment_text = "commentText"  # guessed: 1 of 1 comments hold text there
            liker_id = "authorUserName"  # guessed: 3 of the 4 maps in the arrays at postDB/*/like hold a user's id there

            """)
    }

    @Test func aPersonPerDisplayNameAndALikeDuplicateByIndex() throws {
        let path = try TestSupport.temporaryFile(Self.tree, name: "tree.json")
        let mapping = Schema.Mapping(
            dialect: .makestagram, nodes: [.posts: "postDB", .postLikes: "postDB/*/like", .comments: "postDB/*/comment"],
            fields: [.createdAt: "timestamp", .postOwner: "userName", .commentAuthor: "userName", .imageURL: "img", .caption: "description",
                     .commentText: "commentText", .likerID: "authorUserName"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["like_duplicate postDB/a1/like/1"])
        // The people are their display names as the app wrote them (a Firestore key would be `Ana A%2E`).
        #expect(report.index.users.map(\.uid) == ["Ana A.", "Ben B."])
        #expect(report.index.postsOf == [[0, 1], [2]])
        // a1: Ben once and Cy, who never posted; b1: Ana. One comment, on a1.
        #expect(report.counts.likes == [2, 0, 1] && report.counts.comments == [1, 0, 0])
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"transform":{"document":"projects/p/databases/(default)/documents/postDB/a1","fieldTransforms":[{"fieldPath":"like",\
            "removeAllFromArray":{"values":[{"mapValue":{"fields":{"authorUserName":{"stringValue":"Ben B."},"userImg":{"stringValue":"/static/media/blank.2.png"}}}}]}}]}}]}

            """)
    }

    /// Two equal items of one liker: `removeAllFromArray` takes both out, and the one kept
    /// is appended again in the same commit.
    @Test func anEqualItemKeptIsWrittenAgain() throws {
        let tree = """
            {"__collections__": {"postDB": {
             "a1": {"userName": "Ana", "img": "https://example.com/a1.jpg", "timestamp": 1700000000000, "__collections__": {},
                    "like": [{"authorUserName": "Ana"}, {"authorUserName": "Ana"}]}
            }}}
            """
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.posts: "postDB", .postLikes: "postDB/*/like"],
                                     fields: [.createdAt: "timestamp", .postOwner: "userName", .imageURL: "img", .likerID: "authorUserName"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(tree, name: "tree.json"), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["like_duplicate postDB/a1/like/1"])
        let item = #"{"mapValue":{"fields":{"authorUserName":{"stringValue":"Ana"}}}}"#
        let document = #""document":"projects/p/databases/(default)/documents/postDB/a1""#
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"transform":{\(document),"fieldTransforms":[{"fieldPath":"like","removeAllFromArray":{"values":[\(item)]}}]}},\
            {"transform":{\(document),"fieldTransforms":[{"fieldPath":"like","appendMissingElements":{"values":[\(item)]}}]}}]}

            """)
    }
}

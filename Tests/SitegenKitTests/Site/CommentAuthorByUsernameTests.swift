import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// The site links a comment whose author is named by username alone (the zoo's
/// hadwen_instagram: `comments: [{displayName, comment}]`, `displayName` the username as
/// typed at sign-up) to that user's profile, looked up case-folded: `Mia` is `mia`.
@Suite struct CommentAuthorByUsernameTests {
    @Test func aCommentByUsernameInAnotherCaseLinksItsUser() throws {
        let tree = """
            {"__collections__": {
             "usuarios": {"A1": {"memberId": "m1", "handle": "mia", "__collections__": {}},
                          "A2": {"memberId": "m2", "handle": "teo", "__collections__": {}}},
             "shots": {"s1": {"memberId": "m1", "picture": "https://example.com/1.jpg", "createdAt": 1614589200000,
                              "kommentare": [{"writer": "Teo", "inhalt": "lovely"}, {"writer": "MIA", "inhalt": "thanks"},
                                             {"writer": "Nobody", "inhalt": "who?"}], "__collections__": {}}}
            }}
            """
        let path = try TestSupport.temporaryFile(tree, name: "tree.json")
        let block = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        #expect(block.contains(#"comment_author = "writer""#))
        let mapping = try SiteConfig.parse(block, file: "sitegen.toml").schema
        let model = SiteModel.build(from: try Audit.run(exportAt: path, mapping: mapping))
        let post = try #require(model.posts.first)
        let authors = post.comments.map { comment in model.author(of: comment).map { model.users[$0].username } ?? "-" }
        #expect(authors == ["teo", "mia", "-"])
        #expect(post.comments.map(\.author) == post.comments.map { c in model.author(of: c).map(Int32.init) ?? -1 })
    }
}

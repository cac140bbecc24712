import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Roles of a Firestore export known by their values and shapes, whatever their names
/// (docs/firestore.md, "How `inspect` finds the roles of a Firestore export"): a user's id
/// in a map member of any name (BlogCompose's `userPoster/idUser`), likes as an array of
/// ids in a root of one document per post, likes as empty documents keyed by users under
/// posts' ids, a comment's text by its words, and, with no users, posts never taken for
/// them and comments read with no author (glazkov's React Native course app).
@Suite struct RolesByValueTests {
    static func block(_ tree: String) throws -> [String] {
        let path = try TestSupport.temporaryFile(tree, name: "tree.json")
        return ExportInspection(try ExportLoader.load(path: path)).schemaBlock().split(separator: "\n").map(String.init)
    }

    static func findings(_ tree: String, _ mapping: Schema.Mapping) throws -> [String] {
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(tree, name: "tree.json"), mapping: mapping)
        return report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "-")" }
    }

    /// The owner and the author in maps under names no spelling has (`createdBy: {ref}`,
    /// `who: {ref}`), likes as `reactions/<post>: {likedBy: [uid]}`, comments under a root
    /// that holds no document of its own (`threads/<post>/entries`), their text `remark`.
    static let inMaps = #"""
        {"__collections__": {"users": {"m1": {"name": "Ana", "photo": "https://example.com/a.jpg", "__collections__": {}}, "m2": {"name": "Ben", "photo": "https://example.com/b.jpg", "__collections__": {}}}, "posts": {"p1": {"picture": "https://example.com/1.jpg", "summary": "a day out", "totalLikes": 2, "createdBy": {"ref": "m1", "label": "Ana"}, "__collections__": {}}, "p2": {"picture": "https://example.com/2.jpg", "summary": "the harbour", "totalLikes": 1, "createdBy": {"ref": "m2", "label": "Ben"}, "__collections__": {}}}, "reactions": {"p1": {"likedBy": ["m2"], "__collections__": {}}, "p2": {"likedBy": ["m1"], "__collections__": {}}}, "threads": {"p1": {"__collections__": {"entries": {"c1": {"who": {"ref": "m2", "label": "Ben"}, "remark": "lovely light here", "__collections__": {}}, "c2": {"who": {"ref": "m1", "label": "Ana"}, "remark": "thank you both", "__collections__": {}}}}}}}}
        """#

    @Test func idsInMapsArrayLikesAndCommentsByPost() throws {
        let lines = try Self.block(Self.inMaps)
        #expect(lines.filter { $0.hasPrefix("postLikes") || $0.hasPrefix("comment") || $0.hasPrefix("post_owner") } == [
            #"postLikes = "reactions/*/likedBy"  # guessed: 2 of its 2 documents, keyed by posts' ids, hold users' ids in "likedBy""#,
            #"comments = "threads/*/entries"  # guessed: 2 of its 2 documents hold text and a user's id, kept by post"#,
            #"post_owner = "createdBy/ref"  # guessed: 2 of 2 posts hold a copy of a user's record holding their id there"#,
            #"comment_author = "who/ref"  # guessed: 2 of 2 comments hold a copy of a user's record holding their id there"#,
            #"comment_text = "remark"  # guessed: 2 of 2 comments hold words (no field's name says text) there"#,
        ])
        let mapping = Schema.Mapping(dialect: .makestagram,
                                     nodes: [.postLikes: "reactions/*/likedBy", .comments: "threads/*/entries"],
                                     fields: [.postOwner: "createdBy/ref", .commentAuthor: "who/ref", .imageURL: "picture",
                                              .likeCount: "totalLikes", .commentText: "remark"])
        #expect(try Self.findings(Self.inMaps, mapping) == [#"like_count_mismatch posts/p1/totalLikes 1"#])
    }

    /// Documents keyed by numbers a post's key may also be, naming a post and a user in
    /// fields of their own beside a `likes` array (a comment's `{postId, userId, likes}`),
    /// are about a post: no `postLikes`.
    @Test func documentsNamingAPostAreNoLikesArrays() throws {
        let lines = try Self.block(#"""
            {"__collections__": {
             "users": {"u1": {"name": "Ana", "__collections__": {}}, "u2": {"name": "Ben", "__collections__": {}}},
             "posts": {"1": {"img": "https://example.com/1.jpg", "userId": "u1", "__collections__": {}}, "2": {"img": "https://example.com/2.jpg", "userId": "u2", "__collections__": {}}},
             "notes": {"1": {"postId": "2", "userId": "u1", "likes": ["u2"], "__collections__": {}}, "2": {"postId": "1", "userId": "u2", "likes": ["u1"], "__collections__": {}}}
            }}
            """#)
        #expect(!lines.contains { $0.hasPrefix("postLikes") })
    }

    /// Portuguese names: likes as `reacoes/<post>/curtidas/<uid>` (empty documents; `q9`'s
    /// post is gone), comments' text `fala` known by its words.
    static let byPost = #"""
        {"__collections__": {"usuarios": {"u1": {"nome": "Ana", "foto": "https://example.com/a.jpg", "__collections__": {}}, "u2": {"nome": "Ben", "foto": "https://example.com/b.jpg", "__collections__": {}}, "u3": {"nome": "Cy", "__collections__": {}}}, "publicacoes": {"q1": {"imagem": "https://example.com/1.jpg", "dono": "u1", "curtidasTotal": 2, "__collections__": {}}, "q2": {"imagem": "https://example.com/2.jpg", "dono": "u2", "curtidasTotal": 1, "__collections__": {}}}, "reacoes": {"q1": {"__collections__": {"curtidas": {"u2": {"__collections__": {}}, "u3": {"__collections__": {}}}}}, "q2": {"__collections__": {"curtidas": {"u1": {"__collections__": {}}, "u3": {"__collections__": {}}}}}, "q9": {"__collections__": {"curtidas": {"u1": {"__collections__": {}}}}}}, "respostas": {"q1": {"__collections__": {"itens": {"r1": {"autor": "u2", "fala": "que lindo lugar", "__collections__": {}}, "r2": {"autor": "u3", "fala": "muito bom mesmo", "__collections__": {}}}}}}}}
        """#

    @Test func emptyDocumentsKeyedByUsersUnderPostsAreLikes() throws {
        let lines = try Self.block(Self.byPost)
        #expect(lines.filter { $0.hasPrefix("postLikes") || $0.hasPrefix("comment") } == [
            #"postLikes = "reacoes/*/curtidas"  # guessed: 5 empty documents keyed by users' ids, kept by post"#,
            #"comments = "respostas/*/itens"  # guessed: 2 of its 2 documents hold text and a user's id, kept by post"#,
            #"comment_author = "autor"  # guessed: 2 of 2 comments hold a user's uid there"#,
            #"comment_text = "fala"  # guessed: 2 of 2 comments hold words (no field's name says text) there"#,
        ])
        let mapping = Schema.Mapping(dialect: .makestagram,
                                     nodes: [.users: "usuarios", .posts: "publicacoes", .postLikes: "reacoes/*/curtidas", .comments: "respostas/*/itens"],
                                     fields: [.postOwner: "dono", .commentAuthor: "autor", .imageURL: "imagem",
                                              .likeCount: "curtidasTotal", .commentText: "fala"])
        #expect(try Self.findings(Self.byPost, mapping) == [
            #"like_count_mismatch publicacoes/q2/curtidasTotal 2"#,
            #"like_dangling reacoes/q9/curtidas -"#,
        ])
    }

    /// No users: `shots/<id>: {photoUrl, title, author}`, two shots per author; the photo
    /// under a profile photo's spelling, the author's id repeated: no users. Comments name
    /// their author by display name (`by`), their text `note` (words); `s9` is gone.
    static let noUsers = #"""
        {"__collections__": {"shots": {"s1": {"photoUrl": "https://example.com/1.jpg", "title": "dawn", "author": "Xk29fLq0aZ7bNc3dEe5f", "taken": 1614589200000, "__collections__": {"comentarios": {"n1": {"note": "what a view", "by": "Ana", "__collections__": {}}, "n2": {"note": "so calm there", "by": "Ben", "__collections__": {}}}}}, "s2": {"photoUrl": "https://example.com/2.jpg", "title": "dusk", "author": "Xk29fLq0aZ7bNc3dEe5f", "taken": 1614675600000, "__collections__": {}}, "s3": {"photoUrl": "https://example.com/3.jpg", "title": "noon", "author": "Pq81mWz4yR2tVb6nUu0h", "taken": 1614762000000, "__collections__": {}}, "s4": {"photoUrl": "https://example.com/4.jpg", "title": "night", "author": "Pq81mWz4yR2tVb6nUu0h", "taken": 1614848400000, "__collections__": {}}, "s9": {"__collections__": {"comentarios": {"n3": {"note": "still here now", "by": "Cy", "__collections__": {}}}}}}}}
        """#

    @Test func postsSharingAnOwnerAreNoUsersAndCommentsNeedNoAuthor() throws {
        let lines = try Self.block(Self.noUsers)
        #expect(!lines.contains { $0.hasPrefix("users =") })
        #expect(lines.filter { $0.hasPrefix("posts") || $0.hasPrefix("comment") || $0.hasPrefix("post_owner") } == [
            #"posts = "shots"  # guessed: 4 of its 5 documents hold an image's URL in "photoUrl""#,
            #"comments = "shots/*/comentarios"  # guessed: 2 posts hold a "comentarios" list, 3 of its 3 entries a comment's text, by no user's id (no users: read with no author)"#,
            #"post_owner = "author"  # guessed: 4 of 5 posts hold the username or id of a post's owner there"#,
            #"comment_text = "note"  # guessed: 3 of 3 comments hold words (no field's name says text) there"#,
        ])
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.posts: "shots", .comments: "shots/*/comentarios"],
                                     fields: [.postOwner: "author", .imageURL: "photoUrl", .commentText: "note"])
        #expect(try Self.findings(Self.noUsers, mapping) == [#"comment_dangling shots/s9/comentarios -"#])
    }

    /// A collection named for posts is never the users, whatever photo spelling it holds
    /// (each of its documents here by another owner: only its name tells).
    @Test func aCollectionNamedForPostsIsNoUsers() throws {
        let tree = #"""
            {"__collections__": {"userPosts": {
             "a1": {"photoUrl": "https://example.com/1.jpg", "title": "dawn", "author": "Xk29fLq0aZ7bNc3dEe5f", "__collections__": {}},
             "a2": {"photoUrl": "https://example.com/2.jpg", "title": "dusk", "author": "Pq81mWz4yR2tVb6nUu0h", "__collections__": {}}}}}
            """#
        let lines = try Self.block(tree)
        #expect(!lines.contains { $0.hasPrefix("users =") })
        #expect(lines.contains { $0.hasPrefix(#"posts = "userPosts""#) })
    }
}

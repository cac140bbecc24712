import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A post (and a comment) that names its owner only inside a copy of the owner's whole
/// record (docs/export-format.md, "Owners in copies of user records"): noinstagram's
/// `Posts/<id>/user: {id, displayName, email, following, followers}`; here a Portuguese
/// app's `postagens/<id>/autor` and `comentarios: [{texto, autor}]`, so that the rule is
/// read from the shape, not from a name. The owner is `autor/id`; the copy's name is the
/// poster's name as the post shows it (`poster_mismatch` where it is stale); the copy's
/// follow lists and email are never read.
@Suite struct OwnerRecordCopiesTests {
    /// Ana renamed herself after p1; p1's copy of her record still has her old name and
    /// the follows she had then.
    static let users = """
        "u1": {"id": "u1", "fullName": "Ana A.", "email": "ana@example.com", "seguidores": ["u2"], "seguindo": ["u2", "u3"]},
          "u2": {"id": "u2", "fullName": "Ben B.", "email": "ben@example.com", "seguidores": ["u1", "u3"], "seguindo": ["u1"]},
          "u3": {"id": "u3", "fullName": "Cy C.", "email": "cy@example.com", "seguidores": ["u1"], "seguindo": ["u2"]}
        """
    static let posts = """
        "p1": {"id": "p1", "foto": "https://example.com/1.jpg", "legenda": "one", "criadoEm": 1700000000000,
                 "autor": {"id": "u1", "fullName": "Ana", "email": "ana@example.com", "seguindo": ["u3"]},
                 "curtidas": ["u2", "u3"],
                 "comentarios": [{"id": "0", "texto": "nice", "autor": {"id": "u2", "fullName": "Ben B.", "email": "ben@example.com"}, "criadoEm": 1700000001000}]},
          "p2": {"id": "p2", "foto": "https://example.com/2.jpg", "legenda": "two", "criadoEm": 1700000100000,
                 "autor": {"id": "u1", "fullName": "Ana A.", "email": "ana@example.com", "seguindo": ["u2", "u3"]},
                 "curtidas": ["u3"]},
          "p3": {"id": "p3", "foto": "https://example.com/3.jpg", "legenda": "three", "criadoEm": 1700000200000,
                 "autor": {"id": "u2", "fullName": "Ben B.", "email": "ben@example.com", "seguidores": ["u1"]},
                 "comentarios": [{"id": "0", "texto": "wow", "autor": {"id": "u3", "fullName": "Cy C.", "email": "cy@example.com"}, "criadoEm": 1700000201000},
                                 {"id": "1", "texto": "yes", "autor": {"id": "u1", "fullName": "Ana A.", "email": "ana@example.com"}, "criadoEm": 1700000202000}]}
        """
    static let realtime = "{\"usuarios\": {\n\(users)\n},\n\"postagens\": {\n\(posts)\n}}"

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.users: "usuarios", .posts: "postagens", .followers: "usuarios/*/seguidores", .following: "usuarios/*/seguindo",
                .postLikes: "postagens/*/curtidas", .comments: "postagens/*/comentarios"],
        fields: [.name: "fullName", .postOwner: "autor/id", .commentAuthor: "autor/id", .imageURL: "foto", .commentText: "texto",
                 .createdAt: "criadoEm", .caption: "legenda"])

    static func ownerLines(_ export: Export) -> [String] {
        ExportInspection(export).schemaBlock().split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("post_owner") || $0.hasPrefix("comment_author") || $0.hasPrefix("postLikes") || $0.hasPrefix("comments") }
    }

    @Test func theCopyNamesItsOwnerAndItsNameIsThePosters() throws {
        let path = try TestSupport.temporaryFile(Self.realtime)
        #expect(Self.ownerLines(try ExportLoader.load(path: path)) == [
            #"postLikes = "postagens/*/curtidas"  # guessed: 2 posts hold a "curtidas" list"#,
            #"comments = "postagens/*/comentarios"  # guessed: 2 posts hold a "comentarios" list"#,
            #"post_owner = "autor/id"  # guessed: 3 of 3 posts hold a copy of a user's record holding their id there"#,
            #"comment_author = "autor/id"  # guessed: 3 of 3 comments hold a copy of a user's record holding their id there"#,
        ])
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            #"poster_mismatch postagens/p1/autor/fullName "Ana A.""#,
        ])
        // The follows are the users' records' (the copies' stale lists are not read).
        #expect(report.counts.followers == [1, 2, 1])
        #expect(report.counts.following == [2, 1, 1])
        #expect(report.counts.posts == [2, 1, 0])
        #expect(report.counts.likes == [2, 1, 0])
        #expect(report.counts.comments == [1, 0, 2])
        let repaired = String(decoding: try Audit.repairedBytes(exportAt: path, mapping: Self.mapping), as: UTF8.self)
        #expect(repaired == Self.realtime.replacingOccurrences(of: #""fullName": "Ana", "#, with: #""fullName": "Ana A.", "#))
    }

    /// The same posts in a Firestore JSON tree: the same owner, the same finding.
    @Test func firestoreCopiesNameTheirOwnerToo() throws {
        let tree = "{\"__collections__\": {\"usuarios\": {\n\(Self.users)\n},\n\"postagens\": {\n\(Self.posts)\n}}}"
        let path = try TestSupport.temporaryFile(tree, name: "tree.json")
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["poster_mismatch postagens/p1/autor/fullName"])
        #expect(report.counts.followers == [1, 2, 1])
        #expect(report.counts.likes == [2, 1, 0])
    }
}

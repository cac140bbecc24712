import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A rule read from the zoo's hadwen_instagram (karlhadwen/instagram), tried under other
/// names and in both databases: comments kept in each post that name their author by
/// username alone, typed in another case (`{displayName: "Hana", comment}` for the user
/// `hana`), are mapped with that field as their author; a display name that is a full
/// name names no user, and such a list stays unmapped.
@Suite struct CommentsByUsernameTests {
    static func block(_ text: String, name: String = "export.json") throws -> String {
        ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(text, name: name))).schemaBlock()
    }

    // MARK: Comments naming their author by username

    /// Firestore: `usuarios/<autoId>: {memberId, handle}`, `shots/<id>: {memberId, picture,
    /// kommentare: [{writer, inhalt}]}`, `writer` the handle as typed (`Mia` for `mia`).
    static let firestore = """
        {"__collections__": {
         "usuarios": {"A1": {"memberId": "m1", "handle": "mia", "__collections__": {}},
                     "A2": {"memberId": "m2", "handle": "teo", "__collections__": {}},
                     "A3": {"memberId": "m3", "handle": "zoe", "__collections__": {}}},
         "shots": {
          "s1": {"memberId": "m1", "picture": "https://example.com/1.jpg", "kommentare": [{"writer": "Teo", "inhalt": "lovely"}, {"writer": "zoe", "inhalt": "yes"}], "__collections__": {}},
          "s2": {"memberId": "m2", "picture": "https://example.com/2.jpg", "kommentare": [{"writer": "Mia", "inhalt": "wow"}], "__collections__": {}}
         }
        }}
        """

    @Test func firestoreCommentsNamedByUsername() throws {
        let block = try Self.block(Self.firestore, name: "tree.json")
        #expect(block.contains(#"comments = "shots/*/kommentare"  # guessed: 2 posts hold a "kommentare" list"#))
        #expect(block.contains(#"comment_author = "writer"  # guessed: 3 of 3 comments hold a user's username (case-folded) there"#))
        #expect(block.contains(#"comment_text = "inhalt"  # guessed: 3 of 3 comments hold text there"#))
        #expect(!block.contains("# Not guessed"))
    }

    /// The Realtime Database: `Usuarios/<uid>: {apodo}`, `posts/<key>: {by, src, comentarios:
    /// {<key>: {poster, texto}}}`, `poster` the nickname in another case.
    static let realtime = """
        {"Usuarios": {"u1": {"apodo": "lena"}, "u2": {"apodo": "omar"}},
         "posts": {"-Ka": {"by": "u1", "src": "https://example.com/a.jpg", "created_at": 1614589200,
                           "comentarios": {"-Kr1": {"poster": "OMAR", "texto": "great shot"}, "-Kr2": {"poster": "Lena", "texto": "thanks"}}},
                   "-Kb": {"by": "u2", "src": "https://example.com/b.jpg", "created_at": 1614589300,
                           "comentarios": {"-Kr3": {"poster": "lena", "texto": "nice"}}}}}
        """

    @Test func realtimeCommentsNamedByUsername() throws {
        let block = try Self.block(Self.realtime)
        #expect(block.contains(#"comment_author = "poster"  # guessed: 3 of 3 comments hold a user's username (case-folded) there"#))
        #expect(!block.contains("name no user"))
    }

    /// A display name that is a full name (`Mia Rossi`, not the handle `mia`) names no
    /// user: the list stays unmapped, said under "Not guessed".
    @Test func fullNamesStayUnmapped() throws {
        let named = Self.firestore
            .replacingOccurrences(of: #""writer": "Teo""#, with: #""writer": "Teo Berg""#)
            .replacingOccurrences(of: #""writer": "zoe""#, with: #""writer": "Zoe Li""#)
            .replacingOccurrences(of: #""writer": "Mia""#, with: #""writer": "Mia Rossi""#)
        let block = try Self.block(named, name: "tree.json")
        #expect(!block.contains("\ncomments = "))
        #expect(!block.contains("comment_author"))
        #expect(block.contains(#"# comments = "shots/*/kommentare": 2 posts hold a "kommentare" list, but 3 of its 3 entries name no user by id or username (inhalt, writer)"#))
    }

    /// A comment whose text happens to be a username ("mia") is not named by it: the text
    /// is no author (the other entries' writers are full names).
    @Test func aTextIsNoAuthor() throws {
        let texts = Self.firestore
            .replacingOccurrences(of: #""writer": "Teo", "inhalt": "lovely""#, with: #""writer": "Teo B", "inhalt": "mia""#)
            .replacingOccurrences(of: #""writer": "zoe", "inhalt": "yes""#, with: #""writer": "Zoe L", "inhalt": "yes""#)
            .replacingOccurrences(of: #""writer": "Mia", "inhalt": "wow""#, with: #""writer": "Mia R", "inhalt": "wow""#)
        let block = try Self.block(texts, name: "tree.json")
        #expect(!block.contains("\ncomments = "))
        #expect(block.contains(#"# comments = "shots/*/kommentare": 2 posts hold a "kommentare" list, but 3 of its 3 entries name no user by id or username (inhalt, writer)"#))
    }
}

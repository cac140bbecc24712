import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Posts kept as an array of maps in users' records keyed by auto ids, users named by a
/// name field everywhere (docs/firestore.md, "How `inspect` finds the roles of a Firestore
/// export"; the zoo's igips_instagram, here with Portuguese names): the posts belong to
/// the record that holds them whatever `user_id` reads; each is known by the id it holds,
/// not by its index (the app moves a post to the array's end on each like); the likes are
/// the list inside a map of it and its counter (`curtidas: {total, quem}`), the number the
/// counter; a list at any depth under a post is that post's alone; the image's URL may sit
/// in a map (`foto: {url, marcas}`). Drift: rita's second post is liked by ivo, no user,
/// and its counter says 3.
@Suite struct PostsKnownByTheirIDsTests {
    static let users = """
        "Qm3xA": {"userName": "rita", "followers": ["tom"], "following": ["tom", "zoe"], "posts": [
            {"postId": "lq1a", "legenda": "praia", "criadoEm": 1700000000000,
             "foto": {"url": "https://example.com/rita1.jpg", "marcas": [{"userName": "tom"}]},
             "curtidas": {"total": 1, "quem": ["zoe"]},
             "comentarios": [{"userName": "tom", "texto": "linda", "curtidas": {"total": 1, "quem": ["rita"]}}]},
            {"postId": "lq0b", "legenda": "serra", "criadoEm": 1699990000000,
             "foto": {"url": "https://example.com/rita0.jpg", "marcas": []},
             "curtidas": {"total": 3, "quem": ["tom", "zoe", "ivo"]},
             "comentarios": []}]ENDA},
          "Wk9pB": {"userName": "tom", "followers": ["rita"], "following": ["rita"], "posts": [
            {"postId": "lr2c", "legenda": "gato", "criadoEm": 1700100000000,
             "foto": {"url": "https://example.com/tom2.jpg", "marcas": []},
             "curtidas": {"total": 2, "quem": ["rita", "zoe"]},
             "comentarios": [{"userName": "zoe", "texto": "fofo", "curtidas": {"total": 0, "quem": []}}]}]ENDB},
          "Zp4qC": {"userName": "zoe", "followers": ["rita"], "following": [], "posts": []ENDC}
        """

    /// The Firestore JSON tree (node-firestore-import-export).
    static let tree = "{\"__collections__\": {\"perfis\": {\n"
        + users.replacingOccurrences(of: "ENDA", with: ", \"__collections__\": {}")
            .replacingOccurrences(of: "ENDB", with: ", \"__collections__\": {}")
            .replacingOccurrences(of: "ENDC", with: ", \"__collections__\": {}")
        + "\n}}}"

    /// The same records on the Realtime Database, keyed by push ids, with no post ids: each
    /// post is named by its index, and rita's and tom's first posts share the key `0`.
    static let realtime = "{\"perfis\": {\n"
        + users.replacingOccurrences(of: "ENDA", with: "").replacingOccurrences(of: "ENDB", with: "").replacingOccurrences(of: "ENDC", with: "")
            .replacingOccurrences(of: #"{"postId": "lq1a", "#, with: "{").replacingOccurrences(of: #"{"postId": "lq0b", "#, with: "{")
            .replacingOccurrences(of: #"{"postId": "lr2c", "#, with: "{")
            .replacingOccurrences(of: #""Qm3xA""#, with: #""-NqQm3xA""#).replacingOccurrences(of: #""Wk9pB""#, with: #""-NqWk9pB""#)
            .replacingOccurrences(of: #""Zp4qC""#, with: #""-NqZp4qC""#)
        + "\n}}"

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.users: "perfis", .posts: "perfis/*/posts", .followers: "perfis/*/followers", .following: "perfis/*/following",
                .postLikes: "perfis/*/posts/*/curtidas/quem", .comments: "perfis/*/posts/*/comentarios"],
        fields: [.userID: "userName", .commentAuthor: "userName", .imageURL: "foto/url", .likeCount: "curtidas/total",
                 .commentText: "texto"])

    @Test func inspectReadsTheLikesMapAndTheImageInAMap() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.tree, name: "tree.json"))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            users = "perfis"  # guessed: 3 of its 3 documents hold a user's name or photo
            posts = "perfis/*/posts"
            followers = "perfis/*/followers"  # guessed: 3 users hold a "followers" list
            following = "perfis/*/following"  # guessed: 3 users hold a "following" list
            postLikes = "perfis/*/posts/*/curtidas/quem"  # guessed: 3 posts hold a "curtidas" map of a "quem" list and a number
            comments = "perfis/*/posts/*/comentarios"  # guessed: 3 posts hold a "comentarios" list

            [schema.fields]
            user_id = "userName"  # guessed: its values, one per user, are what 15 edges, likes and owners elsewhere hold (the documents' own ids: 0)
            comment_author = "userName"  # guessed: 2 of 2 comments hold a user's uid there
            image_url = "foto/url"  # guessed: 3 of 3 posts hold an image's URL there
            caption = "legenda"  # guessed: 3 of 3 posts hold text there
            created_at = "criadoEm"  # guessed: 3 of 3 posts hold a time there
            like_count = "curtidas/total"  # guessed: 3 of 3 posts hold a number beside the likes' list there
            comment_text = "texto"  # guessed: 2 of 2 comments hold text there

            """)
    }

    /// Owned by the records that hold them, named by their ids on the site, found at their
    /// index; the counter repaired by writing rita's whole `posts`.
    @Test func postsBelongToTheirRecordAndAreNamedByTheirIDs() throws {
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.tree, name: "tree.json"), mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "like_dangling perfis/Qm3xA/posts/1/curtidas/quem/ivo null",
            "like_count_mismatch perfis/Qm3xA/posts/1/curtidas/total 2",
        ])
        #expect(report.counts.posts == [2, 1, 0])
        #expect(report.counts.likes == [1, 2, 2])
        #expect(report.counts.comments == [1, 0, 1])
        #expect(report.index.posts.indices.map { report.index.name(ofPost: $0) } == ["lq1a", "lq0b", "lr2c"])
        #expect(report.index.posts.indices.map { report.index.path(ofPost: $0) } == ["perfis/Qm3xA/posts/0", "perfis/Qm3xA/posts/1", "perfis/Wk9pB/posts/0"])
        let commit = try FirestoreCommitWriter(report: report, project: "p").text()
        #expect(commit.contains(#""name":"projects/p/databases/(default)/documents/perfis/Qm3xA""#))
        #expect(commit.contains(#""updateMask":{"fieldPaths":["posts"]}"#))
    }

    /// With no ids the index names a post; a list deep in a post is still that post's:
    /// rita's and tom's first posts (both `0`) keep their own likes.
    @Test func aListDeepInAPostIsThatPostsWhateverItsKey() throws {
        let path = try TestSupport.temporaryFile(Self.realtime)
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "like_dangling perfis/-NqQm3xA/posts/1/curtidas/quem/ivo",
            "like_count_mismatch perfis/-NqQm3xA/posts/1/curtidas/total",
        ])
        #expect(report.counts.posts == [2, 1, 0])
        #expect(report.counts.likes == [1, 2, 2])
        #expect(report.index.posts.indices.map { report.index.name(ofPost: $0) } == ["-NqQm3xA-0", "1", "-NqWk9pB-0"])
        // The image's URL in a map is guessed on the Realtime Database too. (Its `userName`
        // is read as the username there, no `user_id` guessed: the likers' usernames are
        // then no users' ids, and the likes are mapped by hand, as above.)
        let block = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        #expect(block.contains(#"image_url = "foto/url"  # guessed: 3 of 3 posts hold an http(s) URL there"#))
    }
}

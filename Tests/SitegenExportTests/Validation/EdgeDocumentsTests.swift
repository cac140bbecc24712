import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Follows kept as root documents that each name two users, comments kept flat in a root
/// under any name, and two candidate counters of one role (docs/export-format.md, "Follows
/// as documents"; docs/audit-rules.md, "Follow graph"): RedSocialFutbol's Spanish layout
/// (`seguimientos/<a>_<b>: {seguidor, seguido, fecha}`, `comentarios/<id>: {id_publicacion,
/// id_usuario, texto}`, a dead `siguiendo` beside the `seguidos` the app counts in), an
/// English one (`follows/<id>: {followerId, followingId}`, `remarks/<id>: {postId, userId,
/// body}`) and a Realtime Database one (`follows/<pushId>: {from, to}`), each beside roots of
/// the same two users that are no follows: messages (they hold text) and blocks (their
/// names say no follow).
@Suite struct EdgeDocumentsTests {
    static func time(_ seconds: Int) -> String {
        #"{"__datatype__": "timestamp", "value": {"_seconds": \#(seconds), "_nanoseconds": 0}}"#
    }

    /// Three users: a follows b and c, b follows a; c follows no one (no `seguidos`) and
    /// follows itself; b follows a deleted account; a comment on a deleted post.
    static let spanish = """
        {"__collections__": {
         "usuarios": {
          "a": {"username": "ana", "seguidores": 1, "siguiendo": 0, "seguidos": 2},
          "b": {"username": "bea", "seguidores": 1, "siguiendo": 0, "seguidos": 1},
          "c": {"username": "carlos", "seguidores": 1, "siguiendo": 0}
         },
         "publicaciones": {
          "p1": {"id_usuario": "a", "texto": "hola", "url_media": "https://example.com/p1.jpg"},
          "p2": {"id_usuario": "b", "texto": "que tal", "url_media": "https://example.com/p2.jpg"}
         },
         "seguimientos": {
          "a_b": {"seguidor": "a", "seguido": "b", "fecha": \(time(1_700_000_000))},
          "a_c": {"seguidor": "a", "seguido": "c", "fecha": \(time(1_700_000_100))},
          "b_a": {"seguidor": "b", "seguido": "a", "fecha": \(time(1_700_000_200))},
          "c_c": {"seguidor": "c", "seguido": "c", "fecha": \(time(1_700_000_300))},
          "b_ghost": {"seguidor": "b", "seguido": "ghost", "fecha": \(time(1_700_000_400))}
         },
         "comentarios": {
          "k1": {"id_publicacion": "p1", "id_usuario": "b", "texto": "genial"},
          "k2": {"id_publicacion": "p2", "id_usuario": "a", "texto": "bien"},
          "k3": {"id_publicacion": "gone", "id_usuario": "c", "texto": "golazo"}
         },
         "mensajes": {
          "m1": {"de": "a", "para": "b", "texto": "vamos al partido"},
          "m2": {"de": "b", "para": "a", "texto": "claro"}
         },
         "bloqueos": {"x1": {"bloqueador": "a", "bloqueado": "c"}}
        }}
        """

    static func block(_ text: String, name: String) throws -> String {
        ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(text, name: name))).schemaBlock()
    }

    static func audit(_ text: String, name: String, block: String) throws -> AuditReport {
        let mapping = InspectionDetectorTests.mapping(block)
        return Validator.audit(try ExportLoader.load(path: try TestSupport.temporaryFile(text, name: name), mapping: mapping))
    }

    /// The follows by the edge documents' shape and their fields' Spanish names, the
    /// comments by their shape, and `seguidos`, which agrees with the follows, over
    /// `siguiendo`, which more users hold (always 0); the messages and the blocks, each
    /// naming two users, are left alone.
    @Test func inspectReadsTheSpanishLayout() throws {
        #expect(try Self.block(Self.spanish, name: "tree.json") == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            users = "usuarios"  # guessed: the collection usuarios is named so
            posts = "publicaciones"  # guessed: 2 of its 2 documents hold an image's URL in "url_media"
            following = "seguimientos"  # guessed: 4 of its 5 documents each name two users, in "seguidor" and "seguido", and hold no text: one follow each
            comments = "comentarios"  # guessed: 2 of its 3 documents hold text, a user's id and a post's key: comments kept flat

            [schema.fields]
            follower_id = "seguidor"  # guessed: its name says the follower ("seguido" the one followed), a user's id in 4 documents of seguimientos
            followed_id = "seguido"  # guessed: its name says the one followed ("seguidor" the follower), a user's id in 4 documents of seguimientos
            post = "id_publicacion"  # guessed: 2 of the 3 comments in comentarios hold a post's key there
            post_owner = "id_usuario"  # guessed: 2 of 2 posts hold a user's uid there
            comment_author = "id_usuario"  # guessed: 3 of 3 comments hold a user's uid there
            image_url = "url_media"  # guessed: 2 of 2 posts hold an image's URL there
            caption = "texto"  # guessed: 2 of 2 posts hold text there
            comment_text = "texto"  # guessed: 3 of 3 comments hold text there
            follower_count = "seguidores"  # guessed: 3 of 3 records of usuarios hold a number there
            following_count = "seguidos"  # guessed: 2 of 3 records of usuarios hold a number there, 2 agree with the follows (siguiendo: 3 hold one, 1 agree)

            """)
    }

    /// The block as printed audits exactly the drift: a follow of a deleted account and a
    /// self-follow at their documents, deleted whole; the dangling comment; the user who
    /// never followed anyone lacks `seguidos`. Each document is one edge, so no mirror is
    /// missing, and the counts are the edges'.
    @Test func theBlockAuditsTheEdgeDocuments() throws {
        let block = try Self.block(Self.spanish, name: "tree.json")
        let report = try Self.audit(Self.spanish, name: "tree.json", block: block)
        #expect(report.export.schema.edgeDocuments == .following && report.export.schema.flatComments)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.repair.rawValue)" } == [
            "comment_dangling comentarios/k3 remove",
            "follow_dangling seguimientos/b_ghost remove",
            "self_follow seguimientos/c_c remove",
            "counter_missing usuarios/c/seguidos set",
        ])
        #expect(report.counts.followers == [1, 1, 1] && report.counts.following == [2, 1, 0])
        #expect(report.counts.comments == [1, 1])
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"delete":"projects/p/databases/(default)/documents/comentarios/k3"},\
            {"delete":"projects/p/databases/(default)/documents/seguimientos/b_ghost"},\
            {"delete":"projects/p/databases/(default)/documents/seguimientos/c_c"},\
            {"update":{"name":"projects/p/databases/(default)/documents/usuarios/c","fields":{"seguidos":{"integerValue":"0"}}},"updateMask":{"fieldPaths":["seguidos"]}}]}

            """)
    }

    static let english = """
        {"__collections__": {
         "users": {
          "u1": {"username": "ana", "followersCount": 1, "followingCount": 1},
          "u2": {"username": "ben", "followersCount": 1, "followingCount": 1},
          "u3": {"username": "cy", "followersCount": 0, "followingCount": 0}
         },
         "posts": {
          "p1": {"userId": "u1", "imageUrl": "https://example.com/p1.jpg", "caption": "Sun"},
          "p2": {"userId": "u2", "imageUrl": "https://example.com/p2.jpg", "caption": "Sea"}
         },
         "follows": {
          "f1": {"followerId": "u1", "followingId": "u2", "createdAt": 1700000000000},
          "f2": {"followerId": "u2", "followingId": "u1", "createdAt": 1700000100000},
          "f3": {"followerId": "u3", "followingId": "u1", "createdAt": 1700000200000}
         },
         "messages": {
          "m1": {"senderId": "u1", "receiverId": "u2", "text": "hi", "createdAt": 1700000300000},
          "m2": {"senderId": "u2", "receiverId": "u1", "text": "hello", "createdAt": 1700000400000},
          "m3": {"senderId": "u3", "receiverId": "u1", "text": "hey", "createdAt": 1700000500000}
         },
         "remarks": {
          "r1": {"postId": "p1", "userId": "u2", "body": "Nice"},
          "r2": {"postId": "p2", "userId": "u1", "body": "Cool"}
         }
        }}
        """

    /// The same rules on English names: `follows/<id>: {followerId, followingId}` (the
    /// messages, two users and a text each, are not follows) and comments in a root named
    /// `remarks`, found by what they hold.
    @Test func theRulesAreNotSpanishOnly() throws {
        let block = try Self.block(Self.english, name: "tree.json")
        #expect(block == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            following = "follows"  # guessed: 3 of its 3 documents each name two users, in "followerId" and "followingId", and hold no text: one follow each
            comments = "remarks"  # guessed: 2 of its 2 documents hold text, a user's id and a post's key: comments kept flat

            [schema.fields]
            follower_count = "followersCount"
            following_count = "followingCount"
            image_url = "imageUrl"
            comment_text = "body"
            post_owner = "userId"
            comment_author = "userId"
            follower_id = "followerId"  # guessed: its name says the follower ("followingId" the one followed), a user's id in 3 documents of follows
            followed_id = "followingId"  # guessed: its name says the one followed ("followerId" the follower), a user's id in 3 documents of follows
            post = "postId"  # guessed: 2 of the 2 comments in remarks hold a post's key there

            """)
        let report = try Self.audit(Self.english, name: "tree.json", block: block)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "follower_count_mismatch users/u1/followersCount 2",
            "following_count_mismatch users/u3/followingCount 1",
        ])
        #expect(report.counts.comments == [1, 1])
    }

    /// A Realtime Database root of edge records `{from, to}`: read as follows because the
    /// root's name says so; `blocks`, of the same shape, is not, nor are the chats (text).
    @Test func fromAndToInARootNamedForFollows() throws {
        let export = """
            {"users": {"u1": {"username": "ana"}, "u2": {"username": "ben"}, "u3": {"username": "cy"}},
             "posts": {"-P1": {"uid": "u1", "image_url": "https://example.com/p1.jpg", "caption": "Sun", "created_at": 1700000000},
                       "-P2": {"uid": "u2", "image_url": "https://example.com/p2.jpg", "caption": "Sea", "created_at": 1700000100}},
             "follows": {"-F1": {"from": "u1", "to": "u2", "timestamp": 1700000000000},
                         "-F2": {"from": "u2", "to": "u1", "timestamp": 1700000100000},
                         "-F3": {"from": "u3", "to": "u9", "timestamp": 1700000200000}},
             "blocks": {"-B1": {"from": "u1", "to": "u3"}, "-B2": {"from": "u2", "to": "u3"}, "-B3": {"from": "u3", "to": "u2"}},
             "chats": {"-C1": {"from": "u1", "to": "u2", "text": "hi"}}}
            """
        let block = try Self.block(export, name: "export.json")
        #expect(block == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            following = "follows"  # guessed: 2 of its 3 records each name two users, in "from" and "to", and hold no text: one follow each

            [schema.fields]
            post_owner = "uid"
            follower_id = "from"  # guessed: its name says the follower ("to" the one followed), a user's id in 2 records of follows
            followed_id = "to"  # guessed: its name says the one followed ("from" the follower), a user's id in 2 records of follows

            """)
        let report = try Self.audit(export, name: "export.json", block: block)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["follow_dangling follows/-F3"])
        #expect(report.counts.followers == [1, 1, 0] && report.counts.following == [1, 1, 0])
    }

    /// The zoo's RedSocialFutbol (`Fixtures/zoo/redsocialfutbol`, written as the app writes):
    /// the three rules' lines, exactly.
    @Test func onTheZoosRedSocialFutbol() throws {
        #expect(try InspectionDetectorTests.guessed("redsocialfutbol", ["following", "comments", "follower_id", "followed_id", "following_count"]) == [
            #"following = "seguimientos"  # guessed: 29 of its 29 documents each name two users, in "seguidor" and "seguido", and hold no text: one follow each"#,
            #"comments = "comentarios"  # guessed: 20 of its 21 documents hold text, a user's id and a post's key: comments kept flat"#,
            #"follower_id = "seguidor"  # guessed: its name says the follower ("seguido" the one followed), a user's id in 29 documents of seguimientos"#,
            #"followed_id = "seguido"  # guessed: its name says the one followed ("seguidor" the follower), a user's id in 29 documents of seguimientos"#,
            #"following_count = "seguidos"  # guessed: 10 of 11 records of usuarios hold a number there, 10 agree with the follows (siguiendo: 11 hold one, 1 agree)"#,
        ])
    }

    /// Edge records in a root named for follows whose fields' names do not say which is the
    /// follower: said as a doubt, nothing mapped (the counts cannot be guessed the wrong way).
    @Test func namesThatDoNotSayTheDirectionAreADoubt() throws {
        let export = """
            {"users": {"u1": {"username": "ana"}, "u2": {"username": "ben"}},
             "follows": {"-F1": {"user1": "u1", "user2": "u2"}, "-F2": {"user1": "u2", "user2": "u1"}}}
            """
        let block = try Self.block(export, name: "export.json")
        #expect(!block.contains("\nfollower_id") && !block.contains("[schema.nodes]"))
        #expect(block.hasSuffix("""
            # Not guessed (map them by hand if they are what the comment says):
            # following = "follows": 2 of its 2 records each name two users, in "user1" and "user2", and hold no text, but their names do not say which is the follower (map follower_id and followed_id too)

            """))
    }

    /// Which end of a follow a field names, read through `RoleWords` in every language it
    /// knows; `to` only as the whole name (an id's affix aside), never inside another word.
    @Test func edgeEndsByName() {
        let followers = ["seguidor", "followerId", "follower_uid", "from", "fromUserId", "source", "followedBy", "takipciId", "idSeguidor"]
        let following = ["seguido", "followingId", "followedId", "followeeId", "to", "toUid", "target", "targetUserId", "usuarioSeguido"]
        let neither = ["photo", "userId", "bloqueado", "blocker", "a", "tomorrow", "author"]
        #expect(followers.filter { RoleWords.edgeEnd($0) != .followers } == [])
        #expect(following.filter { RoleWords.edgeEnd($0) != .following } == [])
        #expect(neither.filter { RoleWords.edgeEnd($0) != nil } == [])
        // The longest follow word a name holds says its direction: `seguidores` holds `seguido`.
        #expect(RoleWords.direction("seguidores") == .followers && RoleWords.direction("seguidos") == .following)
        #expect(RoleWords.direction("abonnements") == .following && RoleWords.direction("abonnes") == .followers)
    }

    /// Two candidate counters of one role: the one that agrees with the follows wins, and
    /// on a tie the one more records hold (today's choice) stays, said plainly.
    @Test func twoCandidateCountersTieKeepsTheMostHeld() throws {
        // Each agrees with the follows in 1 record (a's `siguiendo`, b's `seguidos`):
        // `siguiendo`, held by all 3, stays.
        let tie = Self.spanish.replacingOccurrences(of: #""siguiendo": 0, "seguidos": 2"#, with: #""siguiendo": 2, "seguidos": 5"#)
            .replacingOccurrences(of: #""siguiendo": 0}"#, with: #""siguiendo": 5}"#)
        #expect(try Self.block(tie, name: "tree.json").split(separator: "\n").filter { $0.hasPrefix("following_count") } == [
            #"following_count = "siguiendo"  # guessed: 3 of 3 records of usuarios hold a number there, 1 agree with the follows (seguidos: 2 hold one, 1 agree)"#,
        ])
    }
}

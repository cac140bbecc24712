import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Realtime Database roles found by shape and by names in other languages
/// (docs/export-format.md, "Names in other languages"): posts kept by owner under any root
/// name, follows and likes named in Portuguese, counters with count-like affixes, and a like
/// counter kept among the likers. A hand-written export of the Brazilian course apps' shape.
@Suite struct RoleShapesTests {
    static let export = """
        {
         "users": {
          "u1": {"name": "Ana", "nameUser": "ana", "qtdSeguidores": 1, "qtdSeguindo": 0, "numPosts": 3, "lastPostAt": 1700000000000},
          "u2": {"name": "Ben", "nameUser": "ben", "qtdSeguidores": 0, "qtdSeguindo": 1, "numPosts": 1, "lastPostAt": 1700000300000}
         },
         "postagens": {
          "u1": {"-Na1": {"id": "-Na1", "idUsuario": "u1", "descricao": "Sol", "caminhoFoto": "https://example.com/1.jpg"},
                 "-Na2": {"id": "-Na2", "idUsuario": "u1", "descricao": "Mar", "caminhoFoto": "https://example.com/2.jpg"}},
          "u2": {"-Nb1": {"id": "-Nb1", "idUsuario": "u2", "descricao": "Rio", "caminhoFoto": "https://example.com/3.jpg"}}
         },
         "seguidores": {"u1": {"u2": {"nome": "Ben", "caminhoFoto": "https://example.com/ben.jpg"}}},
         "feed": {"u2": {"-Na1": {"id": "-Na1", "descricao": "Sol", "fotoPostagem": "https://example.com/1.jpg", "nomeUsuario": "Ana"},
                         "-Na2": {"id": "-Na2", "descricao": "Mar", "fotoPostagem": "https://example.com/2.jpg", "nomeUsuario": "Ana"}}},
         "postagens-curtidas": {
          "-Na1": {"u2": {"nome": "Ben"}, "qtdCurtidas": 2},
          "-Na2": {"u1": {"nome": "Ana"}, "u2": {"nome": "Ben"}, "qtdCurtidas": 2},
          "-Nb1": {"u1": {"nome": "Ana"}, "qtdCurtidas": 1}
         }
        }
        """

    @Test func rolesByShapeAndByPortugueseNames() throws {
        let block = ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export, name: "export.json"))).schemaBlock()
        #expect(block.split(separator: "\n").map(String.init) == [
            "[schema]",
            #"dialect = "makestagram""#,
            "[schema.nodes]",
            // Named posts in Portuguese; by its shape alone where the name says nothing
            // (silas_instagram's `postings` in the zoo).
            #"posts = "postagens"  # guessed: named posts in another language, 2 records"#,
            #"followers = "seguidores"  # guessed: 1 lists keyed by users' ids, 1 of their 1 entries users"#,
            #"postLikes = "postagens-curtidas"  # guessed: 4 of its 7 entries are users, kept by post"#,
            #"timeline = "feed"  # guessed: 2 entries in 1 users' lists are keyed by posts' ids; entries {id}; "#
                + "a reader's own posts are not in it (0 of the 1 own posts of readers with a list are)",
            "[schema.fields]",
            #"image_url = "caminhoFoto"  # guessed: 3 of 3 posts hold an http(s) URL there"#,
            #"caption = "descricao"  # guessed: 3 of 3 posts hold text there"#,
            #"username = "nameUser"  # guessed: 2 of 2 users hold a handle there, each their own"#,
            #"post_count = "numPosts"  # guessed: 2 of 2 records of users hold a number there"#,
            #"follower_count = "qtdSeguidores"  # guessed: 2 of 2 records of users hold a number there"#,
            #"following_count = "qtdSeguindo"  # guessed: 2 of 2 records of users hold a number there"#,
        ])
    }

    @Test func theLikeCounterAmongTheLikersIsChecked() throws {
        let mapping = Schema.Mapping(dialect: .makestagram,
                                     nodes: [.posts: "postagens", .followers: "seguidores", .postLikes: "postagens-curtidas"],
                                     fields: [.postCount: "numPosts", .followerCount: "qtdSeguidores", .followingCount: "qtdSeguindo"])
        let report = Validator.audit(try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export, name: "export.json"), mapping: mapping))
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "like_count_mismatch postagens-curtidas/-Na1/qtdCurtidas",
            "post_count_mismatch users/u1/numPosts",
        ])
        #expect(report.counts.likes == [1, 2, 1])
    }

    /// The users and the posts named in another language are taken by their names, in a
    /// Realtime Database export (`Usuarios`, `Publicaciones`) and a Firestore one
    /// (`usuarios`, whose profile photos do not make it the posts).
    @Test func usersAndPostsNamedInSpanish() throws {
        let rtdb = """
            {"Usuarios": {"a": {"username": "ana"}, "b": {"username": "bo"}},
             "Publicaciones": {"-Ma1": {"userId": "a", "texto": "hola", "createdAt": 1614589200000},
                               "-Mb1": {"userId": "b", "texto": "que tal", "createdAt": 1614589300000}}}
            """
        let block = ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(rtdb, name: "export.json"))).schemaBlock()
        #expect(block.contains(#"users = "Usuarios"  # guessed: named users in another language, 2 records"#))
        #expect(block.contains(#"posts = "Publicaciones"  # guessed: named posts in another language, 2 records"#))
        let tree = """
            {"__collections__": {
              "usuarios": {"a": {"username": "ana", "foto_url": "https://example.com/a.jpg", "__collections__": {}},
                           "b": {"username": "bo", "foto_url": "https://example.com/b.jpg", "__collections__": {}}},
              "publicaciones": {"p1": {"id_usuario": "a", "url_media": "https://example.com/p1.jpg", "__collections__": {}},
                                "p2": {"id_usuario": "b", "url_media": "https://example.com/p2.jpg", "__collections__": {}}}}}
            """
        let firestore = ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(tree, name: "tree.json"))).schemaBlock()
        #expect(firestore.contains(#"users = "usuarios"  # guessed: the collection usuarios is named so"#))
        #expect(firestore.contains(#"posts = "publicaciones"  # guessed: 2 of its 2 documents hold an image's URL in "url_media""#))
    }

    @Test func roleWordsInEightLanguages() {
        #expect(RoleWords.direction("seguidores") == .followers)
        #expect(RoleWords.direction("seguindo") == .following)
        #expect(RoleWords.direction("siguiendo") == .following)
        #expect(RoleWords.direction("Takipçiler") == .followers)
        #expect(RoleWords.direction("takip_edilenler") == .following)
        #expect(RoleWords.direction("pengikut") == .followers)
        #expect(RoleWords.direction("mengikuti") == .following)
        #expect(RoleWords.direction("abonnés") == .followers)
        #expect(RoleWords.direction("abonnements") == .following)
        #expect(RoleWords.direction("Abonnenten") == .followers)
        #expect(RoleWords.direction("abonniert") == .following)
        #expect(RoleWords.direction("seguidos") == .following)
        #expect(RoleWords.direction("userFollowers") == .followers)
        #expect(RoleWords.direction("user-following") == .following)
        #expect(RoleWords.direction("posts") == nil)
        #expect(RoleWords.says(.likes, "me_gusta") && RoleWords.says(.likes, "beğeniler") && RoleWords.says(.likes, "suka"))
        #expect(RoleWords.says(.comments, "yorumlar") && RoleWords.says(.comments, "komentar") && RoleWords.says(.comments, "comentários"))
        #expect(RoleWords.names(.posts, "publicaciones") && RoleWords.names(.posts, "gonderiler") && !RoleWords.names(.posts, "postagens-curtidas"))
        #expect(RoleWords.names(.users, "kullanıcılar") && RoleWords.names(.users, "pengguna") && !RoleWords.names(.users, "user_posts"))
        #expect(RoleWords.says(.feed, "beranda") && RoleWords.says(.feed, "Timelines"))
        // The opposite of a like is no like (Kavsoft's `dislikedIDs` beside `likedIDs`).
        #expect(!RoleWords.says(.likes, "dislikedIDs") && !RoleWords.says(.likes, "unlikes") && !RoleWords.says(.likes, "downvotes"))
        #expect(RoleWords.says(.likes, "likedIDs"))
    }

    /// Posts with likes and comments inside that name their owner by a user's key, not a
    /// username, are flat makestagram posts, not the timeline dialect's (tiendat's Flutter
    /// app: `posts/<key>: {uid, postImage, likes, comments}`).
    @Test func postsWithListsInsideButNoUsernameAreMakestagram() throws {
        let tree = """
            {"users": {"u1": {"username": "ana", "followers": {}, "followings": {"u2": {"follow": true}}}, "u2": {"username": "ben"}},
             "posts": {"p1": {"uid": "u1", "postImage": "photo-1", "likes": {"u2": true}, "comments": {"c1": {"uid": "u2", "text": "hi"}}},
                       "p2": {"uid": "u2", "postImage": "photo-2", "likes": {"u1": true}}}}
            """
        #expect(try ExportLoader.load(path: try TestSupport.temporaryFile(tree)).dialect == .makestagram)
        let timeline = tree.replacingOccurrences(of: #""uid": "u1""#, with: #""username": "ana""#)
            .replacingOccurrences(of: #""uid": "u2", "postImage""#, with: #""username": "ben", "postImage""#)
        #expect(try ExportLoader.load(path: try TestSupport.temporaryFile(timeline)).dialect == .timeline)
    }

    @Test func countersByPartialNames() {
        let names: [(String, Schema.Field?)] = [
            ("qtFollower", .followerCount), ("qtFollowing", .followingCount), ("qtPosting", .postCount),
            ("qtdSeguidores", .followerCount), ("followersCount", .followerCount), ("numPosts", .postCount),
            ("totalFollowing", .followingCount), ("seguidores", .followerCount), ("postagens", .postCount),
            ("takipciSayisi", .followerCount), ("jumlahPengikut", .followerCount),
            ("lastPostAt", nil), ("postedAt", nil), ("followedBy", nil), ("name", nil),
        ]
        for (name, field) in names { #expect(UserCountersDetector.counter(name) == field, "\(name)") }
    }
}

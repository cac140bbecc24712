import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Follows and likes kept as pushed lists, `push().setValue(id)` (docs/export-format.md,
/// "Pushed lists"): keys that are push ids naming nothing, each entry standing for the id
/// it holds as its value. Written as GameToday writes them: `Users/<a>/siguiendo/<pushId>:
/// "<b>"`, `seguidores` the mirror, `Users/<u>/likes/<pushId>: "<postKey>"` and
/// `Publicaciones/<p>/likes/<pushId>: "<uid>"`. Drift: ana follows herself, cy's followers
/// lack ben and hold a deleted account, ben's like was pushed twice and is missing from his
/// own likes.
@Suite struct PushedListsTests {
    static let export = """
        {"Users": {
          "ana": {"username": "ana", "siguiendo": {"-MUh0-P-aaaaaaaaaaaa": "ben", "-MUh0-P-bbbbbbbbbbbb": "ana"}, "seguidores": {"-MUh0-P-cccccccccccc": "ben"}, "likes": {"-MUh0-Q-aaaaaaaaaaaa": "p1"}},
          "ben": {"username": "ben", "siguiendo": {"-MUh0-P-dddddddddddd": "ana", "-MUh0-P-eeeeeeeeeeee": "cy"}, "seguidores": {"-MUh0-P-ffffffffffff": "ana"}},
          "cy": {"username": "cy", "seguidores": {"-MUh0-P-gggggggggggg": "ghost"}}
         },
         "Publicaciones": {"p1": {"userId": "ana", "texto": "hola", "imagen": "https://example.com/1.jpg", "fecha": 1614589200000,
           "likes": {"-MUh0-Q-bbbbbbbbbbbb": "ben", "-MUh0-Q-cccccccccccc": "ben", "-MUh0-Q-dddddddddddd": "ana"}}}
        }
        """

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.users: "Users", .posts: "Publicaciones", .followers: "Users/*/seguidores", .following: "Users/*/siguiendo",
                .userLikes: "Users/*/likes", .postLikes: "Publicaciones/*/likes"],
        fields: [.postOwner: "userId", .imageURL: "imagen", .caption: "texto"])

    /// The follow lists are named in Spanish and hold ids as values: found by their names'
    /// direction and by their entries, which are users.
    @Test func inspectFindsFollowListsByWhatTheyHold() throws {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(Self.export))
        #expect(ExportInspection(export).schemaBlock() == """
            [schema]
            dialect = "makestagram"

            [schema.nodes]
            users = "Users"  # guessed: named users in another case, 3 records
            posts = "Publicaciones"  # guessed: named posts in another language, 1 records
            followers = "Users/*/seguidores"  # guessed: 3 users hold a "seguidores" list
            following = "Users/*/siguiendo"  # guessed: 2 users hold a "siguiendo" list
            user_likes = "Users/*/likes"  # guessed: 1 users hold a "likes" list
            postLikes = "Publicaciones/*/likes"  # guessed: 1 posts hold a "likes" list

            [schema.fields]
            post_owner = "userId"
            image_url = "imagen"  # guessed: 1 of 1 posts hold an http(s) URL there
            caption = "texto"  # guessed: 1 of 1 posts hold text there
            created_at = "fecha"  # guessed: 1 of 1 posts hold a time there

            """)
    }

    /// Each entry is the id it holds; the entries a repair adds are new push ids one
    /// millisecond after their list's newest (or, for a list not there yet, after the
    /// newest of its kind), holding the id, as the app's `push()` writes them.
    @Test func auditReadsEachEntryByItsValueAndAddsPushedEntries() throws {
        let path = try TestSupport.temporaryFile(Self.export)
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == [
            "like_duplicate Publicaciones/p1/likes/-MUh0-Q-cccccccccccc null",
            "self_follow Users/ana/siguiendo/-MUh0-P-bbbbbbbbbbbb null",
            #"like_mirror_missing Users/ben/likes/-MUh0-Q00SeapjEC8eV3 "p1""#,
            "follow_dangling Users/cy/seguidores/-MUh0-P-gggggggggggg null",
            #"follow_mirror_missing Users/cy/seguidores/-MUh0-P0s_kdWkGWyhjm "ben""#,
        ])
        #expect(PushID.milliseconds("-MUh0-P0s_kdWkGWyhjm") == PushID.milliseconds("-MUh0-P-gggggggggggg")! + 1)
        #expect(PushID.milliseconds("-MUh0-Q00SeapjEC8eV3") == PushID.milliseconds("-MUh0-Q-aaaaaaaaaaaa")! + 1)
        // ana: followed by ben; ben: by ana; cy: by ben (the mirror's edge counts).
        #expect(report.counts.followers == [1, 1, 1])
        #expect(report.counts.following == [1, 2, 0])
        #expect(report.counts.likes == [2])
        let repaired = try Audit.repairedBytes(exportAt: path, mapping: Self.mapping)
        #expect(String(decoding: repaired, as: UTF8.self) == """
            {"Users": {
              "ana": {"username": "ana", "siguiendo": {"-MUh0-P-aaaaaaaaaaaa": "ben"}, "seguidores": {"-MUh0-P-cccccccccccc": "ben"}, "likes": {"-MUh0-Q-aaaaaaaaaaaa": "p1"}},
              "ben": {"username": "ben", "siguiendo": {"-MUh0-P-dddddddddddd": "ana", "-MUh0-P-eeeeeeeeeeee": "cy"}, "seguidores": {"-MUh0-P-ffffffffffff": "ana"}, "likes": {"-MUh0-Q00SeapjEC8eV3":"p1"}},
              "cy": {"username": "cy", "seguidores": {"-MUh0-P0s_kdWkGWyhjm":"ben"}}
             },
             "Publicaciones": {"p1": {"userId": "ana", "texto": "hola", "imagen": "https://example.com/1.jpg", "fecha": 1614589200000,
               "likes": {"-MUh0-Q-bbbbbbbbbbbb": "ben", "-MUh0-Q-dddddddddddd": "ana"}}}
            }
            """)
        let again = try Audit.run(exportAt: try TestSupport.temporaryFile(String(decoding: repaired, as: UTF8.self)), mapping: Self.mapping)
        #expect(again.findings.isEmpty)
    }

    /// A push id made for a repair: its time as asked, 20 characters of the push alphabet,
    /// the same for the same seed and another for another.
    @Test func madePushIDsCarryTheirTimeAndTheirSeed() {
        let a = PushID.make(milliseconds: 1_614_589_200_000, seed: "x/y")
        #expect(a.utf8.count == 20)
        #expect(PushID.milliseconds(a) == 1_614_589_200_000)
        #expect(a == PushID.make(milliseconds: 1_614_589_200_000, seed: "x/y"))
        #expect(a != PushID.make(milliseconds: 1_614_589_200_000, seed: "x/z"))
    }
}

import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// A Firestore field named as a subcollection of its document (glazkov_rn_hw's post
/// counter `comments` beside `posts/<id>/comments`, the zoo's row) is its document's
/// member `<name>%` in the tree (docs/firestore.md, "One tree"), in every document of
/// the collection: mapped, audited, reported and repaired under that one key, written
/// back as the field of its name. Tried here on other names: a like counter `likes`
/// beside `photos/*/likes`, a Spanish comment counter `comentarios` beside
/// `photos/*/comentarios`, a user's `followers` and `following` beside subcollections of
/// those names; and on fields that are no counters (an array of tags, a time), kept and
/// never written by a repair.
@Suite struct ShadowedFieldsTests {
    /// node-firestore-import-export's tree. ben's `followers` says 2 (ana alone follows
    /// him), p1's `likes` (a double) 1 of its 2 likes, p3's `comentarios` 0 of its 1.
    static let tree = """
        {"__collections__": {
         "accounts": {
          "ana": {"username": "ana", "photoURL": "https://example.com/a.jpg", "followers": 1, "following": 1, "__collections__": {
            "followers": {"ben": {"__collections__": {}}}, "following": {"ben": {"__collections__": {}}}}},
          "ben": {"username": "ben", "photoURL": "https://example.com/b.jpg", "followers": 2, "following": 1, "__collections__": {
            "followers": {"ana": {"__collections__": {}}}, "following": {"ana": {"__collections__": {}}}}},
          "cy": {"username": "cy", "photoURL": "https://example.com/c.jpg", "followers": 0, "following": 0, "__collections__": {}}
         },
         "photos": {
          "p1": {"uid": "ana", "image": "https://example.com/1.jpg", "caption": "one", "createdAt": 1614589200, "likes": 1.0, "comentarios": 2,
                 "tags": ["sun", "sea"], "edits": {"__datatype__": "timestamp", "value": {"_seconds": 1614675600, "_nanoseconds": 0}},
                 "__collections__": {
                  "likes": {"ben": {"__collections__": {}}, "cy": {"__collections__": {}}},
                  "comentarios": {"c1": {"uid": "ben", "texto": "muy bonito", "__collections__": {}},
                                  "c2": {"uid": "cy", "texto": "me gusta mucho", "__collections__": {}}},
                  "tags": {"t1": {"name": "sun", "by": "ana", "__collections__": {}}},
                  "edits": {"e1": {"caption": "uno", "__collections__": {}}}}},
          "p2": {"uid": "ben", "image": "https://example.com/2.jpg", "caption": "two", "createdAt": 1614589300, "likes": 0, "comentarios": 0,
                 "tags": ["rain"], "__collections__": {}},
          "p3": {"uid": "cy", "image": "https://example.com/3.jpg", "caption": "three", "createdAt": 1614589400, "likes": 1, "comentarios": 0,
                 "__collections__": {"likes": {"ana": {"__collections__": {}}},
                                     "comentarios": {"c3": {"uid": "ana", "texto": "que bien", "__collections__": {}}}}}
         }
        }}
        """

    static func audit() throws -> (block: String, report: AuditReport) {
        let path = try TestSupport.temporaryFile(Self.tree, name: "tree.json")
        let block = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        let mapping = InspectionDetectorTests.mapping(block)
        #expect(mapping.conflict() == nil)
        return (block, try Audit.run(exportAt: path, mapping: mapping))
    }

    static func node(_ d: JSONDocument, _ keys: [String]) -> Int32? {
        var n = d.root
        for k in keys {
            guard let m = d.member(n, Schema.Name(k)) else { return nil }
            n = d.value(m)
        }
        return n
    }

    @Test func countersBesideSubcollectionsOfTheirNames() throws {
        let (block, report) = try Self.audit()
        #expect(block.contains(#"like_count = "likes%"  # guessed: 3 of 3 posts hold a number there"#))
        #expect(block.contains(#"comment_count = "comentarios%"  # guessed: 3 of 3 posts hold a number there"#))
        #expect(block.contains(#"follower_count = "followers%"  # guessed: 3 of 3 records of accounts hold a number there"#))
        #expect(block.contains(#"following_count = "following%"  # guessed: 3 of 3 records of accounts hold a number there"#))
        #expect(block.contains(#"postLikes = "photos/*/likes""#))
        #expect(block.contains(#"comments = "photos/*/comentarios""#))
        #expect(block.contains(#"followers = "accounts/*/followers""#))
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "follower_count_mismatch accounts/ben/followers%",
            "like_count_mismatch photos/p1/likes%",
            "comment_count_mismatch photos/p3/comentarios%",
        ])
        // Each the document's field of its name, through the mask, typed as stored (p1's a double).
        #expect(try FirestoreCommitWriter(report: report, project: "p").text() == """
            {"writes":[{"update":{"name":"projects/p/databases/(default)/documents/accounts/ben","fields":{"followers":{"integerValue":"1"}}},"updateMask":{"fieldPaths":["followers"]}},\
            {"update":{"name":"projects/p/databases/(default)/documents/photos/p1","fields":{"likes":{"doubleValue":2.0}}},"updateMask":{"fieldPaths":["likes"]}},\
            {"update":{"name":"projects/p/databases/(default)/documents/photos/p3","fields":{"comentarios":{"integerValue":"1"}}},"updateMask":{"fieldPaths":["comentarios"]}}]}

            """)
        // One key in every document of the collection, whether it holds the subcollection or not.
        let d = report.export.document
        #expect(Self.node(d, ["photos", "p2", "likes%"]).map(d.rawText) == "0")
        #expect(Self.node(d, ["photos", "p2", "likes"]) == nil)
        #expect(Self.node(d, ["accounts", "cy", "followers%"]).map(d.rawText) == "0")
    }

    @Test func shadowedFieldsThatAreNoCountersAreKept() throws {
        let (block, report) = try Self.audit()
        let layout = try #require(report.export.firestore)
        #expect(layout.shadowedFields == ["accounts/*/followers%", "accounts/*/following%", "photos/*/comentarios%",
                                          "photos/*/edits%", "photos/*/likes%", "photos/*/tags%"])
        // In the tree beside the subcollections, read as no role.
        let d = report.export.document
        #expect(Self.node(d, ["photos", "p1", "tags%"]).map(d.rawText) == #"{"sun":true,"sea":true}"#)
        #expect(Self.node(d, ["photos", "p1", "edits%"]).map(d.rawText) == "1614675600")
        #expect(Self.node(d, ["photos", "p1", "tags", "t1", "name"]).map(d.rawText) == #""sun""#)
        #expect(!block.contains("tags") && !block.contains("edits"))
        // Their types moved with them: a document written whole writes them as the export has them.
        #expect(layout.idArrays["photos/*/tags%"] != nil && layout.idArrays["photos/*/tags"] == nil)
        #expect(layout.valueTypes["photos/*/edits%"] == .timestamp && layout.valueTypes["photos/*/edits"] == nil)
        let writer = try FirestoreCommitWriter(report: report, project: "p")
        #expect(writer.documentFields(#"{"caption":"one","edits%":1614675600,"tags%":{"sun":true,"sea":true},"likes%":1.0}"#, pattern: "photos/*")
            == #"{"caption":{"stringValue":"one"},"edits":{"timestampValue":"2021-03-02T09:00:00Z"},"#
            + #""tags":{"arrayValue":{"values":[{"stringValue":"sun"},{"stringValue":"sea"}]}},"likes":{"doubleValue":1.0}}"#)
        // No repair writes them.
        let bodies = try writer.text()
        #expect(!bodies.contains("tags") && !bodies.contains("edits"))
    }

    /// The key is what keeps a counter and its subcollection apart in a mapping; the same
    /// name for both is refused, in either database (the Realtime Database has one tree).
    @Test func theMappingNamesTheShadowedKey() {
        var mapping = Schema.Mapping(dialect: .makestagram, nodes: [.comments: "photos/*/comentarios", .posts: "photos"],
                                     fields: [.commentCount: "comentarios%"])
        #expect(mapping.conflict() == nil)
        mapping.fields[.commentCount] = "comentarios"
        #expect(mapping.conflict() == #"schema.fields.comment_count = "comentarios" is also schema.nodes.comments = "photos/*/comentarios", in the same records (a Firestore field beside a subcollection of its name is "comentarios%")"#)
        #expect(FirestoreNames.fieldName(key: "comentarios%") == "comentarios")
        #expect(FirestoreNames.fieldName(key: "a%2Eb%") == "a.b")
        #expect(FirestoreNames.fieldName(key: "%") == "")
        #expect(RoleWords.fold("followers%") == "followers")
    }
}

import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Follows and likes kept as arrays of ids (docs/export-format.md, "Arrays of ids"): on
/// the Realtime Database a JSON array of texts most of which are users' ids is a set of
/// ids, as the Firestore reader's arrays are, never read by index; the repair rewrites
/// the array whole, without holes, as the app's client writes it.
@Suite struct IDArraysTests {
    /// Realtime Database, a Kotlin app writing `MutableList<String>`s: `members/<id>/
    /// fans` and `idols` (follows named otherwise), `photos/<key>/likedBy`. Drift: ana
    /// follows a deleted account, ben's follow of cy never reached cy's `fans`, ana's
    /// follow of dee never reached dee (who has no list yet), cy liked p1 twice, a deleted
    /// account liked it once.
    static let members = """
          "ana": {"nick": "ana", "fans": ["ben"], "idols": ["ben", "ghost", "cy", "dee"]},
          "ben": {"nick": "ben", "fans": ["ana", "cy"], "idols": ["ana", "cy"]},
          "cy": {"nick": "cy", "fans": ["ana"], "idols": ["ben"]},
          "dee": {"nick": "dee"}
        """
    static let photo = """
        "p1": {"author": "ana", "url": "https://example.com/1.jpg", "at": 1700000000000, "likedBy": ["cy", "ghost", "cy", "ben"]}
        """
    static let realtime = "{\"members\": {\n\(members)\n},\n\"photos\": {\(photo)}}"

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.users: "members", .posts: "photos", .followers: "members/*/fans", .following: "members/*/idols", .postLikes: "photos/*/likedBy"],
        fields: [.username: "nick", .postOwner: "author", .imageURL: "url", .createdAt: "at"])

    /// The same findings in either database: each element named by the id it holds.
    static let findings = [
        "follow_dangling members/ana/idols/ghost null",
        #"follow_mirror_missing members/cy/fans/ben "ben""#,
        #"follow_mirror_missing members/dee/fans/ana "ana""#,
        "like_duplicate photos/p1/likedBy/cy null",
        "like_dangling photos/p1/likedBy/ghost null",
    ]

    @Test func realtimeArraysOfIDsAreSetsOfIDs() throws {
        let path = try TestSupport.temporaryFile(Self.realtime)
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == Self.findings)
        // ana follows ben, cy, dee; ben follows ana, cy; cy follows ben.
        #expect(report.counts.followers == [1, 2, 2, 1])
        #expect(report.counts.following == [3, 2, 1, 0])
        #expect(report.counts.likes == [2])
        // Each array rewritten whole, without holes: the dangling and duplicate elements
        // left out, the missing mirror appended, a missing list made with it.
        let repaired = String(decoding: try Audit.repairedBytes(exportAt: path, mapping: Self.mapping), as: UTF8.self)
        #expect(repaired == """
            {"members": {
              "ana": {"nick": "ana", "fans": ["ben"], "idols": ["ben","cy","dee"]},
              "ben": {"nick": "ben", "fans": ["ana", "cy"], "idols": ["ana", "cy"]},
              "cy": {"nick": "cy", "fans": ["ana","ben"], "idols": ["ben"]},
              "dee": {"nick": "dee","fans": ["ana"]}
            },
            "photos": {"p1": {"author": "ana", "url": "https://example.com/1.jpg", "at": 1700000000000, "likedBy": ["cy","ben"]}}}
            """)
        let again = try Audit.run(exportAt: try TestSupport.temporaryFile(repaired), mapping: Self.mapping)
        #expect(again.findings.isEmpty)
    }

    /// An array of texts most of which are no user's id is no array of ids: read by index,
    /// as before (users keyed `0`, `1`: Firebase's array of records).
    @Test func arraysOfOtherTextsAreReadByIndex() throws {
        let export = """
            {"users": [{"username": "a", "following": ["yes", "yes"]}, {"username": "b", "followers": ["yes"]}]}
            """
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.followers: "users/*/followers", .following: "users/*/following"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(export), mapping: mapping)
        // a's first element is a (itself), the second b; b's only follower is a.
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["self_follow users/0/following/0"])
        #expect(report.counts.following == [1, 0])
        #expect(report.counts.followers == [0, 1])
    }

    /// The same layout in a Firestore JSON tree: the reader's arrays of ids are sets, and
    /// the findings are at the Realtime Database's paths (a Firestore set's duplicate is
    /// no element: none; an id the repair adds is written by `appendMissingElements`).
    @Test func firestoreArraysOfIDsGiveTheSameFindings() throws {
        let tree = "{\"__collections__\": {\"members\": {\n\(Self.members)\n}, \"photos\": {\(Self.photo)}}}"
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(tree, name: "tree.json"), mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" }
                == Self.findings.filter { !$0.hasPrefix("like_duplicate") }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") })
        #expect(report.counts.followers == [1, 2, 2, 1])
        #expect(report.counts.following == [3, 2, 1, 0])
        #expect(report.counts.likes == [2])
    }
}

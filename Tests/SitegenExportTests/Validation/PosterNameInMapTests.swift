import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Users implied by posts whose owner is an id and whose only name is kept in a map of
/// each post (docs/export-format.md, "Users implied by posts"): Evan Bacon's Expo clone
/// writes `user: {deviceId, deviceName}` and shows `deviceName` as the poster; here a
/// Realtime Database app's `author: {displayName}`, so that the rule is read from the
/// shape, not from a name.
@Suite struct PosterNameInMapTests {
    /// Ana posted three times; the oldest still has her old name ("Ana"). Ben posted
    /// twice. Every post says which client wrote it, the same for everyone.
    static let tree = """
        {"posts": {
         "p1": {"authorId": "u1", "author": {"displayName": "Ana", "avatar": "https://example.com/a.jpg"}, "client": {"userAgentName": "web"},
                "imageUrl": "https://example.com/1.jpg", "createdAt": 1700000000000},
         "p2": {"authorId": "u1", "author": {"displayName": "Ana A.", "avatar": "https://example.com/a.jpg"}, "client": {"userAgentName": "web"},
                "imageUrl": "https://example.com/2.jpg", "createdAt": 1700000100000},
         "p3": {"authorId": "u1", "author": {"displayName": "Ana A.", "avatar": "https://example.com/a.jpg"}, "client": {"userAgentName": "web"},
                "imageUrl": "https://example.com/3.jpg", "createdAt": 1700000200000},
         "p4": {"authorId": "u2", "author": {"displayName": "Ben B."}, "client": {"userAgentName": "web"},
                "imageUrl": "https://example.com/4.jpg", "createdAt": 1700000300000},
         "p5": {"authorId": "u2", "author": {"displayName": "Ben B."}, "client": {"userAgentName": "web"},
                "imageUrl": "https://example.com/5.jpg", "createdAt": 1700000400000}
        }}
        """

    @Test func theNameInTheMapIsProposedAndItsStaleCopyFound() throws {
        let path = try TestSupport.temporaryFile(Self.tree, name: "export.json")
        let block = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        // The client's name is the same for both owners: no one's name.
        #expect(block.split(separator: "\n").filter { $0.hasPrefix("username") } == [
            #"username = "author/displayName"  # guessed: 5 of 5 posts hold the poster's name there; on 4 it is their owner's most frequent"#
        ])
        let mapping = Schema.Mapping(dialect: .makestagram, fields: [.postOwner: "authorId", .username: "author/displayName"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "-")" } == [
            #"poster_mismatch posts/p1/author/displayName "Ana A.""#
        ])
        let repaired = String(decoding: try Audit.repairedBytes(exportAt: path, mapping: mapping), as: UTF8.self)
        #expect(repaired.contains(#""p1": {"authorId": "u1", "author": {"displayName": "Ana A.", "avatar""#))
        #expect(try Audit.run(exportAt: TestSupport.temporaryFile(repaired, name: "export.json"), mapping: mapping).findings.isEmpty)
    }

    /// A name shared by two owners is a label, not a person's: nothing proposed.
    @Test func aNameTwoOwnersShareIsNone() throws {
        let tree = Self.tree.replacingOccurrences(of: "Ben B.", with: "Ana A.")
        let block = ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(tree, name: "export.json"))).schemaBlock()
        #expect(!block.contains("username ="))
    }
}

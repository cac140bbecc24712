import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Follows kept one-sided in a collection of their own, one document per follower holding
/// the ids they follow in a field (Samgram's `Follow/<uid>: {following_id: [ids]}`;
/// docs/firestore.md): `inspect` maps `<collection>/*/<field>` by its documents (keyed by
/// users, the field's entries users) and reads the direction from the field's name, in any
/// of the vocabulary's languages.
@Suite struct FollowListDocumentsTests {
    static func tree(collection: String, field: String) -> String {
        """
        {"__collections__": {
         "Users": {"ana": {"username": "ana", "following": 2, "__collections__": {}}, "ben": {"username": "ben", "following": 1, "__collections__": {}}, "cy": {"username": "cy", "following": 0, "__collections__": {}}},
         "Posts": {"p1": {"userid": "ana", "image": "https://example.com/p1.jpg", "time": 1700000000, "__collections__": {}}},
         "\(collection)": {"ana": {"\(field)": ["ben", "cy"], "__collections__": {}}, "ben": {"\(field)": ["ana", "ghost"], "__collections__": {}}}
        }}
        """
    }

    static func nodes(_ tree: String) throws -> [String] {
        let export = try ExportLoader.load(path: try TestSupport.temporaryFile(tree, name: "tree.json"))
        return ExportInspection(export).schemaBlock().split(separator: "\n").map(String.init).filter { $0.hasPrefix("followers = ") || $0.hasPrefix("following = ") }
    }

    @Test func aCollectionOfFollowListsIsTheFollowing() throws {
        #expect(try Self.nodes(Self.tree(collection: "Follow", field: "following_id")) == [
            #"following = "Follow/*/following_id"  # guessed: 2 documents keyed by users' ids hold a "following_id" list of users' ids (3 of 4)"#,
        ])
        // Named in Turkish, the direction read from the field: followed accounts.
        #expect(try Self.nodes(Self.tree(collection: "Takip", field: "takipEdilenler")) == [
            #"following = "Takip/*/takipEdilenler"  # guessed: 2 documents keyed by users' ids hold a "takipEdilenler" list of users' ids (3 of 4)"#,
        ])
        // A field named for followers is the followers.
        #expect(try Self.nodes(Self.tree(collection: "Relaciones", field: "seguidores")) == [
            #"followers = "Relaciones/*/seguidores"  # guessed: 2 documents keyed by users' ids hold a "seguidores" list of users' ids (3 of 4)"#,
        ])
        // A field named for no direction is no follow list.
        #expect(try Self.nodes(Self.tree(collection: "Follow", field: "friends")).isEmpty)
    }

    @Test func theAuditReadsTheBlocksPlace() throws {
        let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.users: "Users", .posts: "Posts", .following: "Follow/*/following_id"],
                                     fields: [.postOwner: "userid", .imageURL: "image", .createdAt: "time", .followingCount: "following"])
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.tree(collection: "Follow", field: "following_id"), name: "tree.json"), mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["follow_dangling Follow/ben/following_id/ghost"])
        #expect(report.counts.following == [2, 1, 0])
        #expect(report.counts.followers == [1, 1, 1])
    }
}

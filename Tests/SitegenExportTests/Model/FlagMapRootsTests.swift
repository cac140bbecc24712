import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Follows and likes kept as maps of flags, one document per user or post (OnePiece49's
/// UIKit app; docs/firestore.md): read as edge trees, the direction of a tree named for
/// neither taken from the other side's name, each added entry holding the app's flag.
@Suite struct FlagMapRootsTests {
    /// ana follows ben and cy; ben and cy like p1. cy's following side and cy's like on
    /// the post's side were never written.
    static let tree = """
        {"__collections__": {
         "users": {"ana": {"username": "ana", "__collections__": {}}, "ben": {"username": "ben", "__collections__": {}}, "cy": {"username": "cy", "__collections__": {}}},
         "status": {"p1": {"uid": "ana", "photo": "https://example.com/1.jpg", "timestamp": 1614589200, "__collections__": {}}},
         "follow-users": {"ana": {"ben": "1", "cy": "1"}, "ben": {"__collections__": {}}, "cy": {"__collections__": {}}},
         "following-users": {"ben": {"ana": "1", "__collections__": {}}, "cy": {"__collections__": {}}, "ana": {"__collections__": {}}},
         "tus-usersLiked": {"p1": {"ben": "1", "__collections__": {}}},
         "user-likeStatuses": {"ben": {"p1": "1", "__collections__": {}}, "cy": {"p1": "1", "__collections__": {}}}
        }}
        """

    @Test func flagMapsAreEdgeTrees() throws {
        let path = try TestSupport.temporaryFile(Self.tree, name: "tree.json")
        let block = ExportInspection(try ExportLoader.load(path: path)).schemaBlock()
        #expect(block.split(separator: "\n").filter { $0.contains("-users") || $0.contains("Liked") || $0.contains("likeStatuses") } == [
            #"followers = "follow-users"  # guessed: 3 documents keyed by users' ids, their fields named by users' ids and holding flags; named for neither direction, the other side of following-users"#,
            #"following = "following-users"  # guessed: 3 documents keyed by users' ids, their fields named by users' ids and holding flags"#,
            #"postLikes = "tus-usersLiked"  # guessed: 1 documents keyed by posts' keys, their fields named by users' ids and holding flags"#,
            #"user_likes = "user-likeStatuses"  # guessed: 2 documents keyed by users' ids, their fields named by posts' keys and holding flags"#,
        ])
        let mapping = Schema.Mapping(dialect: .makestagram,
                                     nodes: [.posts: "status", .followers: "follow-users", .following: "following-users",
                                             .postLikes: "tus-usersLiked", .userLikes: "user-likeStatuses"],
                                     fields: [.postOwner: "uid", .imageURL: "photo", .createdAt: "timestamp"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "-")" } == [
            #"follow_mirror_missing following-users/cy/ana "1""#,
            #"like_mirror_missing tus-usersLiked/p1/cy "1""#,
        ])
        #expect(report.counts.likes == [2])
    }

    /// A follow subcollection whose documents hold nothing but a time (a Cloud Function's
    /// `followers/*/userFollowers/<uid>: {timestamp}`) is a follow list, as empty ones are.
    @Test func documentsHoldingOnlyATimeAreFlags() throws {
        let tree = """
            {"__collections__": {
             "users": {"ana": {"username": "ana", "__collections__": {}}, "ben": {"username": "ben", "__collections__": {}}},
             "followers": {"ana": {"__collections__": {"userFollowers": {"ben": {"timestamp": 1614589200, "__collections__": {}}}}}},
             "following": {"ben": {"__collections__": {"userFollowing": {"ana": {"__collections__": {}}}}}}
            }}
            """
        let block = ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(tree, name: "tree.json"))).schemaBlock()
        #expect(block.contains(#"followers = "followers/*/userFollowers"  # guessed: 1 empty documents keyed by users' ids, kept by user"#))
        #expect(block.contains(#"following = "following/*/userFollowing""#))
    }
}

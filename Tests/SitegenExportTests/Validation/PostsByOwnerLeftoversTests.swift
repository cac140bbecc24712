import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// fuad-adetoro's Instagram-Clone2 keeps posts by owner (`Posts/<uid>/<key>`), each with its
/// likers inside and a copy of its owner's username, users being a node (`Users/<uid>`):
/// - a like written after its post was deleted leaves `Posts/<uid>/<key>: {likers}`: no
///   post, its list `like_dangling` (docs/audit-rules.md, "A deleted post's lists"), as
///   with flat posts;
/// - a rename the app did not carry to the older posts leaves their copy stale:
///   `poster_mismatch` at the copy, set to the owner's username; a field that most posts
///   hold otherwise than their owner's username is no copy of it.
@Suite struct PostsByOwnerLeftoversTests {
    static let export = """
        {"Users": {"u1": {"username": "ann"}, "u2": {"username": "bo"}},
         "Posts": {"u1": {"-M1": {"imageURL": "https://example.com/1.jpg", "timestamp": 1614589200, "username": "ann", "likes": 1,
                                  "likers": {"u2": {"userID": "u2", "timestamp": 1614589300}}},
                          "-M2": {"imageURL": "https://example.com/2.jpg", "timestamp": 1614589400, "username": "ann_before", "likes": 0},
                          "-M3": {"likers": {"u2": {"userID": "u2", "timestamp": 1614589500}}}},
                   "u2": {"-M4": {"imageURL": "https://example.com/4.jpg", "timestamp": 1614589600, "username": "bo", "likes": 0}}}}
        """

    static let mapping = Schema.Mapping(dialect: .makestagram, nodes: [.users: "Users", .posts: "Posts", .postLikes: "Posts/*/*/likers"],
                                        fields: [.imageURL: "imageURL", .createdAt: "timestamp", .likeCount: "likes"])

    @Test func aDeletedPostsLikersAndAStaleUsername() throws {
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(Self.export), mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "-")" } == [
            #"poster_mismatch Posts/u1/-M2/username "ann""#,
            "like_dangling Posts/u1/-M3/likers -",
        ])
    }

    @Test func aFieldMostPostsHoldOtherwiseIsNoCopy() throws {
        let export = Self.export.replacingOccurrences(of: #""username": "ann", "likes": 1"#, with: #""username": "Ann A.", "likes": 1"#)
            .replacingOccurrences(of: #""username": "bo", "likes": 0"#, with: #""username": "Bo B.", "likes": 0"#)
        let report = try Audit.run(exportAt: try TestSupport.temporaryFile(export), mapping: Self.mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["like_dangling Posts/u1/-M3/likers"])
    }
}

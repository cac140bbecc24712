import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Three rules met in the zoo's svelte_social and anwachuku_social (docs/export-format.md,
/// "Users named by username", "Follows as documents"), tested on other names and the
/// other database: users keyed by auto ids and named by username everywhere
/// (`user_id = "username"` is one field with the username, not a conflict); a comment's
/// text under a name no spelling says, never a number or a time kept as text (digits,
/// JavaScript's `${new Date()}`); edge documents that carry a link to the follower's photo.
@Suite struct UsernameIDsAndLinkedEdgesTests {
    static func block(_ text: String, name: String) throws -> String {
        ExportInspection(try ExportLoader.load(path: try TestSupport.temporaryFile(text, name: name))).schemaBlock()
    }

    static func audit(_ text: String, name: String, block: String) throws -> AuditReport {
        Validator.audit(try ExportLoader.load(path: try TestSupport.temporaryFile(text, name: name),
                                              mapping: InspectionDetectorTests.mapping(block)))
    }

    /// A Firestore JSON tree: members keyed by auto ids, `username` in every post, like and
    /// comment; comments hold their text in `said`, a time as milliseconds in `saidAt` and as
    /// JavaScript's Date text in `when`. `zed` liked a post and is no member. (A root of
    /// comments under another name is found by a field named for text: not this rule.)
    static let tree = """
        {"__collections__": {
         "users": {"A1": {"username": "mara", "joined": "Tue Nov 14 2023 10:00:00 GMT+0100 (CET)"},
                   "A2": {"username": "tomas", "joined": "Tue Nov 14 2023 11:00:00 GMT+0100 (CET)"},
                   "A3": {"username": "ines", "joined": "Tue Nov 14 2023 12:00:00 GMT+0100 (CET)"}},
         "posts": {"P1": {"username": "mara", "said": "first light", "likes": ["tomas", "ines"]},
                   "P2": {"username": "tomas", "said": "the old bridge", "likes": ["zed"]}},
         "comments": {"R1": {"post": "P1", "username": "tomas", "said": "so calm here", "saidAt": "1699956000000",
                            "when": "Tue Nov 14 2023 11:00:00 GMT+0100 (CET)"},
                     "R2": {"post": "P2", "username": "ines", "said": "lovely stones", "saidAt": "1699959600000",
                            "when": "Tue Nov 14 2023 12:00:00 GMT+0100 (CET)"}}
        }}
        """

    @Test func usersNamedByUsernameAndTextUnderAnyName() throws {
        let block = try Self.block(Self.tree, name: "tree.json")
        #expect(block.contains(#"user_id = "username""#))
        #expect(block.contains(#"comment_text = "said""#))
        #expect(!block.contains(#"comment_text = "saidAt""#) && !block.contains(#"comment_text = "when""#))
        #expect(Self.mappingConflict(block) == nil)
        let report = try Self.audit(Self.tree, name: "tree.json", block: block)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == ["like_dangling posts/P2/likes/zed"])
        #expect(report.counts.comments == [1, 1])
    }

    static func mappingConflict(_ block: String) -> String? {
        InspectionDetectorTests.mapping(block).conflict()
    }

    @Test func numbersAndTimesAreNoText() {
        #expect(CommentsDetector.isNumberOrTime("1699956000000"))
        #expect(CommentsDetector.isNumberOrTime("2023-11-14T10:00:00.000Z"))
        #expect(CommentsDetector.isNumberOrTime("Tue Nov 14 2023 11:00:00 GMT+0100 (Central European Standard Time)"))
        #expect(!CommentsDetector.isNumberOrTime("Tue was a calm day at the old bridge"))
        #expect(!CommentsDetector.isNumberOrTime("so calm here"))
    }

    /// A Realtime Database root of follows whose records keep a link to the follower's
    /// photo: read as follows; the chats, of the same two users and a text, are not.
    @Test func edgeRecordsMayCarryAPhotoLink() throws {
        let export = """
            {"users": {"u1": {"username": "ana"}, "u2": {"username": "ben"}, "u3": {"username": "cy"}},
             "posts": {"-P1": {"uid": "u1", "image_url": "https://example.com/p1.jpg", "caption": "Sun", "created_at": 1700000000}},
             "follows": {"-F1": {"followerId": "u1", "followingId": "u2", "followerPhoto": "https://example.com/a/u1.jpg", "at": "2023-11-14T10:00:00.000Z"},
                         "-F2": {"followerId": "u2", "followingId": "u1", "followerPhoto": "https://example.com/a/u2.jpg", "at": "2023-11-14T11:00:00.000Z"},
                         "-F3": {"followerId": "u3", "followingId": "u1", "followerPhoto": "https://example.com/a/u3.jpg", "at": "2023-11-14T12:00:00.000Z"}},
             "chats": {"-C1": {"followerId": "u1", "followingId": "u2", "text": "hi", "photo": "https://example.com/c.jpg"},
                       "-C2": {"followerId": "u2", "followingId": "u1", "text": "hey", "photo": "https://example.com/d.jpg"}}}
            """
        let block = try Self.block(export, name: "export.json")
        #expect(block.contains(#"following = "follows""#))
        #expect(!block.contains(#""chats""#))
        let report = try Self.audit(export, name: "export.json", block: block)
        #expect(report.findings.isEmpty)
        #expect(report.counts.followers == [2, 1, 0] && report.counts.following == [1, 1, 1])
    }
}

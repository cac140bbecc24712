import Foundation
@testable import SitegenExport
import SitegenTestSupport
import Testing

/// Soft deletes and replies (docs/firestore.md, "How `inspect` finds the roles of a
/// Firestore export"; docs/export-format.md, "Soft deletes and replies"): a boolean of the
/// posts named for being live or gone, most records live and some not, marks a record
/// deleted (`deleted`): a deleted post is counted by no counter, has no page and no
/// timeline entry (its entries are stale), a deleted comment is neither counted nor
/// published, and the repair removes neither. A comment member naming a sibling comment is
/// a reply (`comment_parent`) where the comment counter counts the top-level comments.
@Suite struct SoftDeletesAndRepliesTests {
    /// A Realtime Database app: posts by owner with `visible` (false: gone), a comment
    /// hidden so too; ann's post counter still counts the one she took down.
    static let realtime = """
        {"users": {"a": {"username": "ann", "posts_count": 3}, "b": {"username": "bo", "posts_count": 1}},
         "posts": {"a": {"-Ma1": {"image_url": "https://example.com/a1.jpg", "created_at": 1700000000, "visible": true, "comments_count": 1},
                         "-Ma2": {"image_url": "https://example.com/a2.jpg", "created_at": 1700000100, "visible": false, "comments_count": 0,
                                  "caption": "taken down"},
                         "-Ma3": {"image_url": "https://example.com/a3.jpg", "created_at": 1700000200, "visible": true, "comments_count": 0}},
                   "b": {"-Mb1": {"image_url": "https://example.com/b1.jpg", "created_at": 1700000300, "visible": true, "comments_count": 0}}},
         "comments": {"-Ma1": {"-Mc1": {"uid": "b", "comment_text": "nice", "visible": true},
                               "-Mc2": {"uid": "b", "comment_text": "call me", "visible": false}}}}
        """

    @Test func aRealtimeDatabaseSoftDelete() throws {
        let path = try TestSupport.temporaryFile(Self.realtime)
        let lines = ExportInspection(try ExportLoader.load(path: path)).schemaBlock().split(separator: "\n").filter { $0.hasPrefix("deleted") }
        #expect(lines == [#"deleted = "visible"  # guessed: 4 of 4 posts hold it as a boolean, 1 false: a post or comment false there is deleted (kept, not counted, not published)"#])
        let mapping = Schema.Mapping(dialect: .makestagram, fields: [.deleted: "visible"])
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path) \($0.expected ?? "null")" } == ["post_count_mismatch users/a/posts_count 2"])
        #expect(report.counts.posts == [2, 1])
        // The hidden comment is not counted (its post's counter, 1, is right).
        #expect(report.counts.comments == [1, 0, 0, 0])
        #expect(report.index.posts.map(\.deleted) == [false, true, false, false])
        // The repair sets the counter and removes nothing.
        let repaired = String(decoding: try Audit.repairedBytes(exportAt: path, mapping: mapping), as: UTF8.self)
        #expect(repaired == Self.realtime.replacingOccurrences(of: #""posts_count": 3"#, with: #""posts_count": 2"#))
        // Without the line, the post and the comment are live.
        let unmapped = try Audit.run(exportAt: path, mapping: Schema.Mapping(dialect: .makestagram))
        #expect(unmapped.findings.map { "\($0.code.rawValue) \($0.path)" } == ["comment_count_mismatch posts/a/-Ma1/comments_count"])
    }

    /// A name saying gone (`removed`), not live: `true` is deleted.
    @Test func theFlagsPolarityIsReadFromItsName() {
        #expect(RoleWords.deletedWhen("isDeleted") == true)
        #expect(RoleWords.deletedWhen("removed") == true)
        #expect(RoleWords.deletedWhen("eliminado") == true)
        #expect(RoleWords.deletedWhen("isActive") == false)
        #expect(RoleWords.deletedWhen("est_visible") == false)
        #expect(RoleWords.deletedWhen("ativo") == false)
        #expect(RoleWords.deletedWhen("isPrivate") == nil)
        #expect(RoleWords.deletedWhen("activeUsers") == nil)
    }

    /// A Firestore app: flat `publicaciones` with `isDeleted` (true: gone), a feed of
    /// empty documents in each user, comments in a subcollection with replies that name
    /// the comment they answer in `inReplyTo`; the counter counts top-level comments.
    static func tree(p1Counter: Int = 1) -> String {
        """
        {"__collections__": {
         "users": {
          "a": {"username": "ann", "postsCount": 2, "__collections__": {"user-feed": {"p1": {}, "p2": {}}}},
          "b": {"username": "bo", "postsCount": 1, "__collections__": {"user-feed": {"p1": {}, "p2": {}, "p3": {}}}}
         },
         "publicaciones": {
          "p1": {"ownerUid": "a", "imageUrl": "https://example.com/p1.jpg", "timestamp": 1700000000000, "isDeleted": false, "commentsCount": \(p1Counter),
                 "__collections__": {"comentarios": {
                   "c1": {"uid": "b", "text": "how much?", "inReplyTo": null, "timestamp": 1700000001000, "isDeleted": false},
                   "c2": {"uid": "a", "text": "ten", "inReplyTo": "c1", "timestamp": 1700000002000, "isDeleted": false},
                   "c3": {"uid": "b", "text": "my number is 555", "inReplyTo": null, "timestamp": 1700000003000, "isDeleted": true}}}},
          "p2": {"ownerUid": "a", "imageUrl": "https://example.com/p2.jpg", "timestamp": 1700000600000, "isDeleted": true, "commentsCount": 0,
                 "caption": "gone"},
          "p3": {"ownerUid": "b", "imageUrl": "https://example.com/p3.jpg", "timestamp": 1700001200000, "isDeleted": false, "commentsCount": 0}
         },
         "following": {"b": {"__collections__": {"user-following": {"a": {}}}}},
         "followers": {"a": {"__collections__": {"user-followers": {"b": {}}}}}
        }}
        """
    }

    static func lines(_ block: String) -> [String] {
        block.split(separator: "\n").map(String.init).filter { $0.hasPrefix("deleted") || $0.hasPrefix("comment_parent") }
    }

    static let mapping = Schema.Mapping(
        dialect: .makestagram,
        nodes: [.posts: "publicaciones", .comments: "publicaciones/*/comentarios", .timeline: "users/*/user-feed",
                .followers: "followers/*/user-followers", .following: "following/*/user-following"],
        fields: [.postOwner: "ownerUid", .imageURL: "imageUrl", .createdAt: "timestamp", .deleted: "isDeleted", .commentParent: "inReplyTo"])

    @Test func aFirestoreSoftDeleteAndRepliesCountedAsTheCounterCountsThem() throws {
        let path = try TestSupport.temporaryFile(Self.tree(), name: "tree.json")
        #expect(Self.lines(ExportInspection(try ExportLoader.load(path: path)).schemaBlock()) == [
            #"deleted = "isDeleted"  # guessed: 3 of 3 posts hold it as a boolean, 1 true: a post or comment true there is deleted (kept, not counted, not published)"#,
            #"comment_parent = "inReplyTo"  # guessed: 1 comments name another comment of their post there (replies); the counter commentsCount counts the top-level comments only: it equals them on 3 of 3 posts, all the comments on 2"#,
        ])
        let report = try Audit.run(exportAt: path, mapping: Self.mapping)
        // ann's counter still counts p2; p2's feed entries are stale; p1's counter (1) counts c1 alone.
        #expect(report.findings.map { "\($0.code.rawValue) \($0.path)" } == [
            "post_count_mismatch users/a/postsCount",
            "timeline_stale users/a/user-feed/p2",
            "timeline_stale users/b/user-feed/p2",
        ])
        #expect(report.counts.posts == [1, 1])
        #expect(report.counts.comments == [1, 0, 0])
    }

    /// Where the counter counts the replies too, no `comment_parent` is guessed, and the
    /// audit counts every live comment.
    @Test func aCounterOfEveryCommentNeedsNoLine() throws {
        let path = try TestSupport.temporaryFile(Self.tree(p1Counter: 2), name: "tree.json")
        #expect(Self.lines(ExportInspection(try ExportLoader.load(path: path)).schemaBlock()) == [
            #"deleted = "isDeleted"  # guessed: 3 of 3 posts hold it as a boolean, 1 true: a post or comment true there is deleted (kept, not counted, not published)"#,
        ])
        var mapping = Self.mapping
        mapping.fields[.commentParent] = nil
        let report = try Audit.run(exportAt: path, mapping: mapping)
        #expect(report.counts.comments == [2, 0, 0])
        #expect(!report.findings.contains { $0.code == .commentCountMismatch })
    }
}

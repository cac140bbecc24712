/// One inconsistency the audit found: a code, the slash-separated JSON path where it
/// sits, the value found there and the value the repair writes (both as JSON text,
/// `nil` for "absent"), and what `--fix` does about it.
public struct Finding: Equatable, Sendable {
    public var code: FindingCode
    public var path: String
    /// The value at `path` as it is in the export (verbatim JSON text), or nil.
    public var found: String?
    /// The value the repair writes at `path` (JSON text), or nil.
    public var expected: String?
    public var repair: Repair

    public init(code: FindingCode, path: String, found: String?, expected: String?, repair: Repair) {
        self.code = code
        self.path = path
        self.found = found
        self.expected = expected
        self.repair = repair
    }

    /// The finding with `prefix` (`instagram/`) before its path: the validator's paths
    /// start at the node it reads from (`JSONDocument.rootPrefix`).
    func prefixed(_ prefix: String) -> Finding {
        var f = self
        f.path = prefix + path
        return f
    }
}

/// What `sitegen audit --fix` does about a finding.
public enum Repair: String, Sendable, CaseIterable {
    case remove, add, set, none
}

/// Every finding code of the audit contract (`docs/audit-rules.md`).
public enum FindingCode: String, Sendable, CaseIterable, Comparable {
    case userInvalid = "user_invalid"
    case usernameMissing = "username_missing"
    case usernameDuplicate = "username_duplicate"
    /// The same username as an earlier user's to a reader's eye (`UsernameSkeleton`), though
    /// not after case folding alone: a warning, repair none.
    case usernameConfusable = "username_confusable"
    case followDangling = "follow_dangling"
    case selfFollow = "self_follow"
    case followMirrorMissing = "follow_mirror_missing"
    case postCountMismatch = "post_count_mismatch"
    case followerCountMismatch = "follower_count_mismatch"
    case followingCountMismatch = "following_count_mismatch"
    case likeCountMismatch = "like_count_mismatch"
    case counterMissing = "counter_missing"
    case counterInvalid = "counter_invalid"
    case postOrphan = "post_orphan"
    case postInvalid = "post_invalid"
    case posterMismatch = "poster_mismatch"
    case likeDangling = "like_dangling"
    /// A like in the posts' likes or in `user_likes` without its twin (sitegen's own code:
    /// the tutorials have no such mirror).
    case likeMirrorMissing = "like_mirror_missing"
    case likeDuplicate = "like_duplicate"
    case likePostMismatch = "like_post_mismatch"
    case commentPostMismatch = "comment_post_mismatch"
    case timelineStale = "timeline_stale"
    case timelineMissing = "timeline_missing"
    case timelineMismatch = "timeline_mismatch"
    /// A timeline entry that copies a post (a Cloud Function's fan-out) and differs from it.
    case timelineCopyMismatch = "timeline_copy_mismatch"
    case commentDangling = "comment_dangling"
    case commentCountMismatch = "comment_count_mismatch"
    /// An entry of the index of each post's comments (`post_comments`) that names no
    /// comment, or a comment an earlier post's list names: removed.
    case commentIndexStale = "comment_index_stale"
    /// A comment kept flat that names no post and that no list of the comments' index
    /// names: its post cannot be known; kept, not published (repair none).
    case commentOrphan = "comment_orphan"
    case userPostMissing = "user_post_missing"
    case userPostStale = "user_post_stale"
    case imageMissing = "image_missing"
    case imageInvalid = "image_invalid"

    public static func < (a: FindingCode, b: FindingCode) -> Bool { a.rawValue < b.rawValue }
}

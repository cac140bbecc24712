/// The drift the apps' separate, non-atomic writes leave behind, injected by the sample
/// generator with probability `faultRate` per record, from its own PRNG stream (so a
/// seed gives the same faults every time). With `faultRate` 0 nothing is drawn.
enum SampleFaults {
    /// Makestagram, per user record.
    enum User: UInt8 {
        case none
        /// One counter stored off by a small amount (a transaction lost or doubled).
        case counterOff
        /// One counter stored as a string (`"3"`), as an untyped client wrote it.
        case counterString
        /// One counter stored as `-1` (a decrement that ran twice on 0).
        case counterNegative
        /// Created before counters existed: no `post_count`, `follower_count`, `following_count`.
        case oldUser
        /// Same username as another user but for case (`Maria.Rossi` vs `maria.rossi`).
        case duplicateUsername
        /// `username: ""` (sign-up interrupted after the record was created).
        case emptyUsername
        /// Renamed: the user's older posts still carry the old `poster.username`.
        case renamed
        /// Follows a deleted account: `following/<u>/<gone>` and `followers/<gone>/<u>`.
        case danglingFollow
        /// Follows itself: `following/<u>/<u>` and `followers/<u>/<u>`.
        case selfFollow
        /// `timeline/<u>` holds a post of a user `u` has unfollowed.
        case staleTimelineEntry

        static let drawable: [User] = [.counterOff, .counterString, .counterNegative, .oldUser,
                                       .duplicateUsername, .emptyUsername, .renamed, .danglingFollow,
                                       .selfFollow, .staleTimelineEntry]
    }

    /// Makestagram, per post record.
    enum Post: UInt8 {
        case none
        /// `like_count` off by a small amount.
        case likeCountOff
        /// `like_count` stored as `-1` or as a string.
        case likeCountInvalid
        /// Created before likes existed: no `like_count`, no `poster`.
        case oldPost
        /// `poster` absent.
        case posterMissing
        /// `poster.uid` names another user.
        case posterWrongUID
        /// Liked by an account since deleted: `postLikes/<key>/<gone>` (the count includes it or not).
        case likeByDeletedUser
        /// Deleted, but `postLikes/<key>` and some timeline entries remain.
        case deleted

        static let drawable: [Post] = [.likeCountOff, .likeCountInvalid, .oldPost, .posterMissing,
                                       .posterWrongUID, .likeByDeletedUser, .deleted]
    }

    /// Makestagram, per timeline entry.
    enum TimelineEntry: UInt8 {
        case none, missing, wrongPosterUID
    }

    /// The timeline dialect, per user record.
    enum TimelineUser: UInt8 {
        case none, danglingFollow, selfFollow
        static let drawable: [TimelineUser] = [.danglingFollow, .selfFollow]
    }

    /// The timeline dialect, per post record.
    enum TimelinePost: UInt8 {
        case none
        /// `username` names nobody (the account was deleted).
        case orphan
        /// `imageEndpoint` names an id absent from `images`.
        case imageMissing
        /// `images/<id>` is not valid base64.
        case imageInvalid
        static let drawable: [TimelinePost] = [.orphan, .imageMissing, .imageInvalid]
    }

    /// The timeline dialect, per like or comment record.
    enum TimelineReaction: UInt8 {
        case none
        /// The same user liked again (a second like with a later key).
        case duplicate
        /// Liked by a username that is no user's.
        case unknownUser
        /// `post` names another post.
        case wrongPost
        static let likeKinds: [TimelineReaction] = [.duplicate, .unknownUser, .wrongPost]
    }

    /// Invalid base64 images as real apps stored them by mistake.
    static let invalidImages: [String] = [
        "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDA",
        "/9j/4AAQSkZJRgABAQ*AAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDAoKCwsKCw==",
        "(null)",
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDAoKCwsKC===",
    ]

    /// A stored counter: the true value, or a drifted spelling of it.
    static func writeCounter(_ w: JSONWriter, truth: Int, kind: User, delta: Int) {
        switch kind {
        case .counterOff:
            w.int(truth + delta >= 0 && delta != 0 ? truth + delta : truth + max(1, abs(delta)))
        case .counterString:
            w.byte(0x22); w.int(truth); w.byte(0x22)
        case .counterNegative:
            w.int(-1)
        default:
            w.int(truth)
        }
    }

    /// `Maria.Rossi` for `maria.rossi`: differs from `name`, equal to it case-folded.
    static func caseVariant(_ name: String, _ rng: inout SampleRandom) -> String {
        let upper = name.uppercased()
        if upper == name { return name.lowercased() }
        if rng.below(2) == 0, let first = name.first {
            let capitalized = String(first).uppercased() + name.dropFirst()
            if capitalized != name { return capitalized }
        }
        return upper
    }
}

import Foundation

/// What the site shows, built from the audit's repaired view of the export: the
/// users that can be rendered, their posts newest first, the true counts, tags.
/// Everything here is data; escaping happens in the templates and the Markdown renderer.
public struct SiteModel: Sendable {
    public struct User: Sendable {
        /// Index into `ExportIndex.users`.
        public let index: Int32
        public let uid: String
        public let username: String
        public let slug: String
        public let name: String
        public let bio: String
        public let website: String
        /// Indices into `posts`, newest first.
        public var posts: [Int] = []
        /// The validator's true post count (posts that cannot be shown still count).
        public let postCount: Int
        public let followers: Int
        public let following: Int
    }

    public struct Post: Sendable {
        public let key: String
        /// Index into `users`.
        public let owner: Int
        /// Image URL relative to the site root (an asset) or absolute (http/https); empty when
        /// the export has no usable image (the pages show a placeholder in its box).
        public let src: String
        public let width: Int
        public let height: Int
        public let caption: String
        /// Milliseconds since 1970.
        public let time: Int64
        public let likes: Int
        public let comments: [Comment]
    }

    public struct Comment: Sendable {
        public let key: String
        public let username: String
        public let text: String
    }

    /// An image decoded from the export (timeline dialect), written once under `assets/img/`.
    public struct ImageAsset: Sendable {
        public let path: String
        public let bytes: [UInt8]
    }

    public internal(set) var users: [User] = []
    public internal(set) var posts: [Post] = []
    /// Tag (case-folded) → post indices, newest first; tag as first written.
    public internal(set) var tags: [(tag: String, display: String, posts: [Int])] = []
    public internal(set) var images: [ImageAsset] = []
    /// Users and posts the site leaves out, with why (for stderr).
    public internal(set) var skipped: [String] = []
    /// Index into `users` by `ExportIndex` user index.
    var userByIndex: [Int32: Int] = [:]
    /// The repaired follow graph (rows by `ExportIndex` user index, as `User.index`).
    public internal(set) var graph = FollowGraph.empty
    /// Case-folded username → the rendered user it resolves to (the first user in uid
    /// order with that name, as the audit decides; absent when that user is not rendered).
    var userByFoldedName: [String: Int] = [:]

    /// The user a (case-folded) username resolves to, if it is rendered.
    public func user(username: String) -> Int? {
        userByFoldedName[ExportIndex.fold(username)]
    }
}

import Foundation

/// A user record of either dialect.
public struct UserEntry: Sendable {
    /// The id the rest of the data uses for the user: the record's key, or its `user_id`.
    public let uid: String
    /// The key of the user's record (`users/<key>`): its uid unless the app maps `user_id`.
    public var key: String = ""
    /// The `users/<uid>` object (for a user only in a `user_details` root, that record).
    public let node: Int32
    /// The user's record in the `user_details` root, or -1.
    public var details: Int32 = -1
    /// The non-empty username, if the record has one.
    public var username: String?
    public var usernameNode: Int32?
}

/// A post of either dialect.
public struct PostEntry: Sendable {
    /// The push id (`posts/<uid>/<key>` in makestagram, `posts/<key>` in the timeline dialect).
    public let key: String
    public let node: Int32
    /// Index of the owning user, or -1 when the owner is not a user (orphan) or unknown.
    public var owner: Int32
    public let isObject: Bool
    /// The key of the group that holds the post (`posts/<ownerKey>/<key>`, the owner's key
    /// as the export writes it even when it is no user); empty for flat posts.
    public var ownerKey: String = ""
    /// The path of the node that holds it (`posts/<uid>`, `users/<uid>/posts`, `posts`).
    public var group: String = ""
    /// The post's name on the site (its page `p/<name>/`, `data-post`, `data-photo`): its
    /// key, or where another post has the same key, named from its path (`ExportIndex.names`).
    public var name: String { pathName ?? key }
    /// The name made from its path, where its key repeats.
    var pathName: String?
}

/// Both dialects normalised: users and posts with their nodes in the document,
/// looked up by uid, push id or (case-folded) username. The validator fills an
/// `ExportIndexBuilder`; the audit's report holds this, which never changes.
public final class ExportIndex: Sendable {
    public let users: [UserEntry]
    public let posts: [PostEntry]
    /// Post indices of each user, in document order.
    public let postsOf: [[Int32]]
    let userTable: KeyTable
    let postTable: KeyTable
    /// The first post with a key → the later posts with the same key (see `ExportIndexBuilder`).
    let laterWithKey: [Int32: [Int32]]
    /// Case-folded username → the first user (in uid key order) that has it.
    let usernameOwner: [String: Int32]
    /// Per post: the node of its comments (the makestagram dialect's comments node), or -1.
    public let commentLists: [Int32]

    init(_ built: ExportIndexBuilder) {
        users = built.users
        postsOf = built.postsOf
        userTable = built.userTable
        postTable = built.postTable
        laterWithKey = built.laterWithKey
        usernameOwner = built.usernameOwner
        commentLists = built.commentLists
        if built.laterWithKey.isEmpty {
            posts = built.posts
        } else {
            var posts = built.posts
            for (p, name) in ExportIndex.names(posts, laterWithKey: built.laterWithKey) { posts[Int(p)].pathName = name }
            self.posts = posts
        }
    }

    /// Each post's name on the site: its key where no other post has it (every push id),
    /// else `<ownerKey>-<key>` (`<key>-<n>` for a flat post, n counting from 2), with
    /// `-2`, `-3`, … added to a name that is another post's: unique, the same on every
    /// build, from the export alone (docs/apps.md, "Posts whose keys repeat").
    static func names(_ posts: [PostEntry], laterWithKey: [Int32: [Int32]]) -> [(post: Int32, name: String)] {
        var names: [(post: Int32, name: String)] = []
        var repeated: [Int32] = []
        for (first, later) in laterWithKey { repeated += [first] + later }
        repeated.sort()
        let repeatedKeys = Set(repeated.map { posts[Int($0)].key })
        var taken = Set(posts.lazy.map(\.key).filter { !repeatedKeys.contains($0) })
        var flatCount: [String: Int] = [:]
        for p in repeated {
            let post = posts[Int(p)]
            var base: String
            if post.ownerKey.isEmpty {
                let n = flatCount[post.key, default: 0] + 1
                flatCount[post.key] = n
                base = n == 1 ? post.key : "\(post.key)-\(n)"
            } else {
                base = "\(post.ownerKey)-\(post.key)"
            }
            var name = base
            var suffix = 2
            while taken.contains(name) {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            names.append((p, name))
        }
        return names
    }

    public func user(uid: String) -> Int32? { userTable.lookup(uid) }
    public func post(key: String) -> Int32? { postTable.lookup(key) }
    public func user(username: String) -> Int32? { usernameOwner[Self.fold(username)] }

    /// Unicode case folding (`Straße` and `STRASSE` fold alike), with an ASCII fast path.
    public static func fold(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
        return s.folding(options: [.caseInsensitive], locale: nil)
    }
}

/// The index while the validator fills it. Checks that run side by side write different
/// properties of it (see `Validator`); `ExportIndex(builder)` then freezes it.
final class ExportIndexBuilder {
    var users: [UserEntry] = []
    var posts: [PostEntry] = []
    /// Post indices of each user, in document order.
    var postsOf: [[Int32]] = []
    var userTable = KeyTable()
    var postTable = KeyTable()
    /// The first post with a key → the later posts with the same key, in document order.
    /// Makestagram keys are unique per owner only: push ids do not collide, but array
    /// exports (`0`, `1`, …) and hand-made ones do, and the timeline is keyed by key alone.
    var laterWithKey: [Int32: [Int32]] = [:]
    /// Case-folded username → the first user (in uid key order) that has it.
    var usernameOwner: [String: Int32] = [:]
    /// A user's record key → the user, where it is not the uid (`user_id` mapped).
    var userByKey: [String: Int32] = [:]
    /// Per post: the node of its comments, as `countComments` resolved them (empty: none).
    var commentLists: [Int32] = []

    func user(uid: String) -> Int32? { userTable.lookup(uid) }
    func post(key: String) -> Int32? { postTable.lookup(key) }
    func user(username: String) -> Int32? { usernameOwner[ExportIndex.fold(username)] }

    /// `first` (what `postTable` holds for a key) and every later post with its key.
    @inline(__always) func forEachPost(withKeyOf first: Int32, _ body: (Int32) -> Void) {
        body(first)
        if laterWithKey.isEmpty { return }
        for p in laterWithKey[first] ?? [] { body(p) }
    }
}

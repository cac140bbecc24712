import Foundation

/// A user record of either dialect.
public struct UserEntry: Sendable {
    /// The id the rest of the data uses for the user: the record's key, or its `user_id`.
    public let uid: String
    /// The key of the user's record (`users/<key>`): its uid unless the app maps `user_id`.
    public var key: String { recordKey ?? uid }
    /// The record's key where it is not the uid (nil: no string to count on each copy).
    var recordKey: String?
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
    /// The node that holds it, an index into `ExportIndex.groups` (one string for all the
    /// posts of a group: a post is copied often, and each string is a reference to count).
    public var group: Int32 = 0
    /// Where the post sits in its group when that is not its key: its index in an array of
    /// posts whose items are known by the id each holds (`posts: [{id, …}]`); nil otherwise.
    public var position: String? = nil
    /// Whether the post is soft-deleted (`Schema.isDeleted`): indexed for its likes and
    /// comments, but in no user's posts (`ExportIndex.postsOf`) and no timeline.
    public var deleted = false

    /// The post's last path segment in the export: its position, else its key.
    public var pathKey: String { position ?? key }
}

/// A node that holds posts: its path, and its owner's key as the export writes it (even
/// when it is no user; empty for flat posts).
public struct PostGroup: Sendable {
    /// Its path where its place has more `*`s than one; else nil, and the path is
    /// `ExportIndex.groupPath`'s around `ownerKey` (no string made per group).
    let fullPath: String?
    public let ownerKey: String
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
    package let usernameOwner: [String: Int32]
    /// Per post: the node of its comments (the makestagram dialect's comments node), or -1.
    public let commentLists: [Int32]
    /// Per post: its comments where they are kept flat, each naming its post
    /// (`comments/<id>: {postId}`); empty otherwise.
    public let commentNodes: [[Int32]]
    /// The nodes that hold posts: each one's path (`posts/<uid>`, `users/<uid>/posts`,
    /// `posts`) and the key of its owner as the export writes it (empty for flat posts).
    public let groups: [PostGroup]
    /// The names of the posts whose key repeats (`names`); the others are named by their key.
    let pageNames: [Int32: String]
    /// A group's path before and after its owner's key (`posts/`, `users/` and `/posts`).
    let groupPath: (prefix: String, suffix: String)
    /// Whether ids are keys of a Firestore tree, percent-encoded where they hold `.`, `%`, …
    /// (`FirestoreNames`): an id the app wrote in a field is looked up by its key.
    let encodedIDs: Bool

    init(_ built: ExportIndexBuilder) {
        encodedIDs = built.encodedIDs
        users = built.users
        postsOf = built.postsOf
        userTable = built.userTable
        postTable = built.postTable
        laterWithKey = built.laterWithKey
        usernameOwner = built.usernameOwner
        commentLists = built.commentLists
        commentNodes = built.commentNodes
        posts = built.posts
        groups = built.groups
        groupPath = built.groupPath
        var names: [Int32: String] = [:]
        if !built.laterWithKey.isEmpty {
            for (p, name) in ExportIndex.names(built.posts, groups: built.groups, laterWithKey: built.laterWithKey) { names[p] = name }
        }
        pageNames = names
    }

    /// Post `p`'s comments (objects or not): the entries of its list, or the comments kept
    /// flat that name it.
    public func comments(ofPost p: Int, in doc: JSONDocument) -> [Int32] {
        if !commentNodes.isEmpty { return commentNodes[p] }
        guard !commentLists.isEmpty, commentLists[p] >= 0, doc.isContainer(commentLists[p]) else { return [] }
        var out: [Int32] = []
        doc.forEachEntry(commentLists[p]) { out.append($0) }
        return out
    }

    /// Post `p`'s name on the site (its page `p/<name>/`, `data-post`, `data-photo`): its
    /// key, or where another post has the same key, named from its path (`names`).
    public func name(ofPost p: Int) -> String { pageNames.isEmpty ? posts[p].key : pageNames[Int32(p)] ?? posts[p].key }

    /// Post `p`'s path in the export (`posts/<uid>/<key>`, `users/<uid>/posts/<key>`).
    public func path(ofPost p: Int) -> String { "\(path(ofGroup: posts[p].group))/\(posts[p].pathKey)" }

    /// The path of the node that holds a post group's posts.
    public func path(ofGroup g: Int32) -> String { ExportIndex.path(groups[Int(g)], groupPath) }

    static func path(_ group: PostGroup, _ around: (prefix: String, suffix: String)) -> String {
        group.fullPath ?? around.prefix + group.ownerKey + around.suffix
    }

    /// Each post's name on the site: its key where no other post has it (every push id),
    /// else `<ownerKey>-<key>` (`<key>-<n>` for a flat post, n counting from 2), with
    /// `-2`, `-3`, … added to a name that is another post's: unique, the same on every
    /// build, from the export alone (docs/apps.md, "Posts whose keys repeat").
    static func names(_ posts: [PostEntry], groups: [PostGroup], laterWithKey: [Int32: [Int32]]) -> [(post: Int32, name: String)] {
        var names: [(post: Int32, name: String)] = []
        var repeated: [Int32] = []
        for (first, later) in laterWithKey { repeated += [first] + later }
        repeated.sort()
        let repeatedKeys = Set(repeated.map { posts[Int($0)].key })
        var taken = Set(posts.lazy.map(\.key).filter { !repeatedKeys.contains($0) })
        var flatCount: [String: Int] = [:]
        for p in repeated {
            let post = posts[Int(p)]
            let ownerKey = groups[Int(post.group)].ownerKey
            var base: String
            if ownerKey.isEmpty {
                let n = flatCount[post.key, default: 0] + 1
                flatCount[post.key] = n
                base = n == 1 ? post.key : "\(post.key)-\(n)"
            } else {
                base = "\(ownerKey)-\(post.key)"
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

    /// The user whose id is `uid` as the app writes it in a field (a post's owner, a
    /// comment's author): through its key where ids are encoded (`encodedIDs`).
    public func user(uid: String) -> Int32? { userTable.lookup(encodedIDs ? FirestoreNames.key(uid) : uid) }
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
    package var usernameOwner: [String: Int32] = [:]
    /// The nodes that hold posts (`ExportIndex.groups`), and their paths around the owner's key.
    var groups: [PostGroup] = []
    var groupPath: (prefix: String, suffix: String) = ("", "")
    /// A user's record key → the user, where it is not the uid (`user_id` mapped).
    var userByKey: [String: Int32] = [:]
    /// Per post: the node of its comments, as `countComments` resolved them (empty: none).
    var commentLists: [Int32] = []
    /// Per post: its comments kept flat (`ExportIndex.commentNodes`; empty: none).
    var commentNodes: [[Int32]] = []
    /// See `ExportIndex.encodedIDs`.
    var encodedIDs = false

    /// The user whose id is `uid` as the app writes it in a field (`ExportIndex.user(uid:)`).
    func user(uid: String) -> Int32? { userTable.lookup(encodedIDs ? FirestoreNames.key(uid) : uid) }
    func post(key: String) -> Int32? { postTable.lookup(key) }
    func user(username: String) -> Int32? { usernameOwner[ExportIndex.fold(username)] }

    /// `first` (what `postTable` holds for a key) and every later post with its key.
    @inline(__always) func forEachPost(withKeyOf first: Int32, _ body: (Int32) -> Void) {
        body(first)
        if laterWithKey.isEmpty { return }
        for p in laterWithKey[first] ?? [] { body(p) }
    }
}

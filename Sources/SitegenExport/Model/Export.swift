/// A loaded export: the parsed document, its schema (dialect and names), and its root nodes.
public final class Export: Sendable {
    /// The file it was read from, as the user named it (for messages).
    public let path: String
    public let document: JSONDocument
    public let schema: Schema
    public var dialect: Dialect { schema.dialect }

    public let users: Int32?
    public let posts: Int32?
    public let followers: Int32?
    public let following: Int32?
    public let postLikes: Int32?
    public let timeline: Int32?
    public let images: Int32?
    /// The roles beyond the tutorials' (`Schema.Node`), where they are root nodes.
    public let comments: Int32?
    public let userPosts: Int32?
    public let userDetails: Int32?
    public let userLikes: Int32?

    /// For a Firestore export, what its tree does not say (documents, arrays, the
    /// project): what `audit --format firestore` needs to write the repair.
    public let firestore: FirestoreLayout?

    init(path: String, document: JSONDocument, schema: Schema, firestore: FirestoreLayout? = nil) {
        self.path = path
        self.firestore = firestore
        self.document = document
        self.schema = schema
        let root = document.root
        let isObject = document.isObject(root)
        func node(_ node: Schema.Node) -> Int32? {
            guard isObject, let place = schema.place(node), place.isRoot, let n = document.member(root, place.root),
                  document.isContainer(n) else { return nil }
            return n
        }
        users = node(.users)
        posts = node(.posts)
        followers = node(.followers)
        following = node(.following)
        postLikes = node(.postLikes)
        timeline = node(.timeline)
        images = node(.images)
        comments = node(.comments)
        userPosts = node(.userPosts)
        userDetails = node(.userDetails)
        userLikes = node(.userLikes)
    }

    /// Whether the export's people exist only as the owners of its posts: no node holds
    /// users (no `users`, no `user_details`) and its posts are flat with an owner field
    /// (docs/export-format.md, "Users implied by posts"). Each distinct owner (a username or
    /// an id) is then a user, whose record is their newest post.
    public var usersFromPosts: Bool {
        dialect == .makestagram && schema.flatPosts && users == nil && userDetails == nil && posts != nil
            && (schema.place(.users)?.isRoot ?? true)
    }

    /// Whether the app keeps follows at all: a follow node (`followers`, `following`, or
    /// their lists in each record) is in the export, or a user record holds a follower or
    /// following count. An app with none (users implied by posts, or a users node and no
    /// follows anywhere: a React Native clone with likes and comments only) keeps no
    /// follows: its profiles show no follower counts, not "0 followers".
    public var keepsFollows: Bool {
        guard dialect == .makestagram else { return true }
        let doc = document
        for node in [Schema.Node.followers, .following] {
            guard let place = schema.place(node) else { continue }
            var found = false
            Schema.forEachMatch(place.parts, in: doc) { _, _ in found = true }
            if found { return true }
        }
        guard !usersFromPosts else { return false }
        let counters = [Schema.Field.followerCount, .followingCount, .follows].map { schema.names($0) }
        var counted = false
        for node in [users, userDetails].compactMap({ $0 }) {
            doc.forEachEntry(node) { user in
                if !counted, doc.isObject(user), counters.contains(where: { doc.member(user, $0) != nil }) { counted = true }
            }
        }
        return counted
    }

    /// The file's size in bytes.
    public var byteCount: Int { document.bytes.count }
}

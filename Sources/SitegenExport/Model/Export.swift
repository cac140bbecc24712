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

    /// The file's size in bytes.
    public var byteCount: Int { document.bytes.count }
}

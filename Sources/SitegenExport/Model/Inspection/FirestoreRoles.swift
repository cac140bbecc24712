/// The roles of a Firestore export's collections and subcollections that no name says,
/// found by what their documents hold (docs/firestore.md, "The layouts public Firestore
/// clones use"), each by a detector of its own, with its evidence (`inspect`'s `# guessed`
/// comments): the users and the id the rest of the data uses for them (`UsersDetector`,
/// `UserAliasDetector`), the posts (`PostsDetector`), then, with the users' ids and the
/// posts' ids, under each post or kept by post or by user, the likes (`LikesDetector`),
/// the comments (`CommentsDetector`) and the follows (`EdgesDetector`). Each role is added
/// to `schema`'s mapping only where it maps none; what cannot be told safely is said in
/// `unsure`, not mapped.
enum FirestoreRoles {
    struct Found {
        var mapping: Schema.Mapping
        var nodes: [Schema.Node: String] = [:]
        var fields: [Schema.Field: String] = [:]
        var unsure: [String] = []

        /// Maps `node` at collection `c`, unless it is mapped already (then, where another
        /// detector took it, the collection is said as a doubt).
        mutating func take(_ node: Schema.Node, _ c: String, _ why: String) {
            guard mapping.nodes[node] == nil else {
                if mapping.nodes[node] != c, nodes[node] != nil { unsure.append("\(node.rawValue) = \(JSONString.quoted(c)): \(why), as is \(mapping.nodes[node]!)") }
                return
            }
            mapping.nodes[node] = c
            nodes[node] = why
        }
    }

    static func find(_ doc: JSONDocument, _ layout: FirestoreLayout, _ schema: Schema) -> Found {
        var found = Found(mapping: schema.mapping)
        guard doc.isObject(doc.root) else { return found }
        let collections = FirestoreCollections(doc: doc, layout: layout)
        let users = UsersDetector.firestore(collections, schema, &found)
        // With no collection of users (the people exist only as the owners of posts:
        // docs/export-format.md, "Users implied by posts"), the posts and their lists are
        // still found, with no user's id to go by.
        var keys: [String] = []
        if let users { collections.documents(users) { record, _ in if doc.isObject(record) { keys.append(doc.key(record)) } } }
        // An id is known by either spelling: as the tree keys it (an edge's key, a parent
        // document: `ana@x%2Ecom`) and as the app writes it in a field (`ana@x.com`).
        var uids = FirestoreNames.bothSpellings(keys)
        if let users, found.mapping.fields[.userID] == nil, !keys.isEmpty,
           let id = UsersDetector.firestoreUserID(collections, users: users, keys: keys) {
            found.mapping.fields[.userID] = id.field
            found.fields[.userID] = id.why
            uids = FirestoreNames.bothSpellings(id.ids)
        }
        if let users, found.mapping.fields[.userID] == nil, found.mapping.fields[.userAlias] == nil,
           let alias = UserAliasDetector.detect(collections, users: users, userCount: keys.count,
                                                taken: Set([Schema.Field.username, .name, .avatarURL, .bio, .url].flatMap { schema.names($0).map(\.text) })) {
            found.mapping.fields[.userAlias] = alias.field
            found.fields[.userAlias] = alias.why
            uids.formUnion(FirestoreNames.bothSpellings(alias.ids))
        }
        let posts = PostsDetector.firestore(collections, schema, users: users, uids: uids, &found)
        var postKeys: [String] = []
        // Posts kept in a list in each user (`Users/*/posts`, no collection) have indexes, no ids.
        if let posts, layout.collections.contains(posts) { collections.documents(posts) { record, _ in postKeys.append(doc.key(record)) } }
        let postIDs = FirestoreNames.bothSpellings(postKeys)
        let shapes = FirestoreShapes(collections, posts: posts, uids: uids, postIDs: postIDs)
        LikesDetector.firestore(shapes, &found)
        LikesDetector.firestoreArrays(collections, posts: posts, uids: uids, postIDs: postIDs, &found)
        CommentsDetector.firestore(shapes, &found)
        EdgesDetector.firestore(shapes, &found)
        EdgesDetector.firestoreLists(collections, schema, users: users, uids: uids, &found)
        EdgesDetector.firestoreFlagMaps(collections, schema, uids: uids, postIDs: postIDs, &found)
        rootRecords(collections, schema, uids: uids, postIDs: postIDs, &found)
        // The index of comments kept flat by their own id (`post-comments/<post>` documents
        // whose fields are the comments' ids), read on the tree as in a Realtime Database.
        if found.mapping.nodes[.postComments] == nil {
            let evidence = RealtimeEvidence(doc: doc, schema: Schema.read(doc, dialect: schema.dialect, mapping: found.mapping))
            if let index = CommentIndexDetector.guess(evidence) {
                found.mapping.nodes[.postComments] = index.place
                found.nodes[.postComments] = index.why
            }
        }
        return found
    }

    /// The root collections no role holds, by what their documents hold
    /// (`RootRecordsDetector`): comments kept flat under any name, follows as edge documents.
    private static func rootRecords(_ collections: FirestoreCollections, _ schema: Schema, uids: Set<String>, postIDs: Set<String>,
                                    _ found: inout Found) {
        let doc = collections.doc
        let r = RootRecordsDetector.detect(doc, schema, mapping: found.mapping, uids: uids, postKeys: postIDs, word: "documents") { others in
            collections.held.filter { !$0.contains("/") && !others.contains($0) }.compactMap { c in
                doc.member(doc.root, Schema.Name(c)).map { (c, $0) }
            }
        }
        if let flat = r.comments { found.take(.comments, flat.name, flat.why) }
        found.unsure += r.doubts
        guard let e = r.edges else { return }
        found.take(e.node, e.root, e.nodeWhy)
        guard found.mapping.nodes[e.node] == e.root else { return }
        found.mapping.fields[.followerID] = e.follower
        found.mapping.fields[.followedID] = e.followed
        found.fields[.followerID] = e.followerWhy
        found.fields[.followedID] = e.followedWhy
    }
}

/// What the documents of a collection are: how many, how many empty, how many a comment
/// (text and an author), how many keyed by a user's id or a post's, how many of their
/// parents are users or posts.
struct FirestoreShape {
    var records = 0, empty = 0, comments = 0, userKeys = 0, postKeys = 0, userParents = 0, postParents = 0
}

/// The shapes of the collections the likes, comments and follows may be: the
/// subcollections of each post (`posts/*/likes`), and the `<root>/*/<sub>` kept by post or
/// by user (`comments/*/comments`, `followers/*/userFollowers`), in the collections' order.
struct FirestoreShapes {
    /// `posts/*/<name>`, with `name`.
    var inPosts: [(collection: String, name: String, shape: FirestoreShape)] = []
    /// `<root>/*/<sub>`, neither the posts nor below them.
    var byParent: [(collection: String, shape: FirestoreShape)] = []

    init(_ collections: FirestoreCollections, posts: String?, uids: Set<String>, postIDs: Set<String>) {
        let doc = collections.doc
        /// Whether `record` is an empty document (or `true`: a key kept as a set), or one
        /// that holds nothing but a time (a Cloud Function's `followers/*/userFollowers/<uid>:
        /// {timestamp}`): a flag all the same.
        func isEmpty(_ record: Int32) -> Bool {
            let value = doc.value(record)
            if doc.isObject(value) {
                var onlyTimes = true
                doc.forEachChild(value) { m in
                    let name = doc.key(m).lowercased()
                    let saysTime = ["time", "date"].contains(where: name.contains) || name.hasSuffix("at") || name.hasSuffix("since")
                    if !(saysTime && doc.isNumber(doc.value(m))) { onlyTimes = false }
                }
                return onlyTimes
            }
            return doc.kind(value) == .bool && doc.rawText(value) == "true"
        }
        func shape(_ c: String) -> FirestoreShape {
            var s = FirestoreShape()
            collections.documents(c) { record, parent in
                s.records += 1
                if isEmpty(record) { s.empty += 1 }
                // A comment: a user's id (or a map naming one: `userComment: {idUser, …}`) and
                // its text, under a name that says so or known by its words.
                if doc.isObject(record),
                   InspectionValues.authorField(record, uids: uids, in: doc) != nil || InspectionContext.idInAMap(record, uids: uids, in: doc),
                   CommentsDetector.commentText(record, uids: uids, in: doc) != nil
                    || CommentsDetector.wordsField(record, uids: uids, in: doc) != nil { s.comments += 1 }
                let key = doc.key(record)
                if uids.contains(key) { s.userKeys += 1 }
                if postIDs.contains(key) { s.postKeys += 1 }
                if let parent, uids.contains(parent) { s.userParents += 1 }
                if let parent, postIDs.contains(parent) { s.postParents += 1 }
            }
            return s
        }
        let all = collections.layout.collections.sorted()
        if let posts {
            for c in all where c.hasPrefix(posts + "/*/") && !c.dropFirst(posts.count + 3).contains("/") {
                let s = shape(c)
                if s.records > 0 { inPosts.append((c, String(c.dropFirst(posts.count + 3)), s)) }
            }
        }
        for c in all where c != posts && !(posts.map { c.hasPrefix($0 + "/") } ?? false) {
            let path = c.split(separator: "/")
            guard path.count == 3, path[1] == "*" else { continue }
            let s = shape(c)
            if s.records > 0 { byParent.append((c, s)) }
        }
    }
}

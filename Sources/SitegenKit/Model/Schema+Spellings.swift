// MARK: - Which spellings an export uses

extension Schema {
    /// The schema of `document`: `dialect`'s names as `mapping` renames them, where each
    /// node is, whether posts are flat, each field's spelling the one most records use,
    /// and which fields any record carries at all.
    static func read(_ document: JSONDocument, dialect: Dialect, mapping: Mapping) -> Schema {
        let places = Node.allCases.map { locate($0, in: document, dialect: dialect, mapping: mapping) }
        let names = Schema(dialect: dialect, mapping: mapping, places: places)
        let flat = dialect == .makestagram && names.hasFlatPosts(document)
        let located = Schema(dialect: dialect, mapping: mapping, places: places, flatPosts: flat)
        return Schema(dialect: dialect, mapping: mapping, counts: located.countSpellings(in: document), places: places, flatPosts: flat)
    }

    /// Where `node` is in `document`: the first of its names the root has. The tutorial's
    /// nodes keep their first name when absent (a repair may add them there); the other
    /// roles are absent then. A `user_posts` spelling whose entries are objects is not the
    /// index but the posts themselves, renamed: `posts` takes it when there is no `posts`.
    private static func locate(_ node: Node, in doc: JSONDocument, dialect: Dialect, mapping: Mapping) -> Place? {
        let candidates = mapping.candidates(node, dialect)
        let isMapped = mapping.nodes[node] != nil
        let root = doc.root
        func present(_ name: String) -> Int32? {
            guard doc.isObject(root), let place = Place(mapped: name) else { return nil }
            return doc.member(root, place.root)
        }
        if node == .posts && !isMapped && dialect == .makestagram && present("posts") == nil {
            for name in Node.userPosts.variants(dialect) where mapping.nodes.values.contains(name) == false {
                if let n = present(name), holdsRecords(n, in: doc) { return .root(Name(name)) }
            }
        }
        for name in candidates {
            guard let n = present(name) else { continue }
            if node == .userPosts && !isMapped && holdsRecords(n, in: doc) { continue }
            return Place(mapped: name)
        }
        if isMapped || Schema.tutorial.contains(node) { return candidates.first.flatMap { Place(mapped: $0) } }
        return nil
    }

    /// The nodes of the tutorials' apps, whose names are used even where they are absent.
    static let tutorial: [Node] = [.users, .posts, .followers, .following, .postLikes, .timeline, .images]

    /// Whether the first entry of `node` (`<x>/<y>`) that is not null is an object.
    private static func holdsRecords(_ node: Int32, in doc: JSONDocument) -> Bool {
        guard doc.isContainer(node) else { return false }
        var answer: Bool?
        doc.forEachChild(node) { x in
            guard answer == nil, doc.isContainer(x) else { return }
            doc.forEachChild(x) { y in
                if answer == nil && !doc.isNull(y) { answer = doc.isObject(y) }
            }
        }
        return answer ?? false
    }

    /// Whether the makestagram `posts` node holds posts by key (`posts/<postKey>` with an
    /// owner, an image or a date), not groups by owner: the records sampled say.
    private func hasFlatPosts(_ doc: JSONDocument) -> Bool {
        guard case let .root(name)? = place(.posts), doc.isObject(doc.root),
              let posts = doc.member(doc.root, name), doc.isContainer(posts) else { return false }
        let fields = names(.postOwner) + names(.imageURL) + names(.createdAt)
        var flat = 0, grouped = 0
        doc.forEachChild(posts) { child in
            guard flat + grouped < 256, doc.isObject(child) else { return }
            if doc.member(child, fields) != nil { flat += 1 } else { grouped += 1 }
        }
        return flat > grouped
    }

    /// The fields whose records the spelling count reads (not `uid` inside `poster`, nor
    /// `poster_uid` inside timeline entries, which can be hundreds of millions).
    static var countedFields: Set<Field> {
        Set(userFields + makestagramPostFields + timelinePostFields + timelineRecordFields + commentFields)
    }

    /// The fields each kind of record holds.
    private static let userFields: [Field] = [.username, .name, .bio, .url, .follows, .isPrivate, .postCount, .followerCount,
                                              .followingCount, .avatarURL]
    private static let makestagramPostFields: [Field] = [.imageURL, .imageHeight, .imageWidth, .createdAt, .likeCount, .commentCount,
                                                         .poster, .caption, .postOwner]
    private static let timelinePostFields: [Field] = [.username, .imageEndpoint, .likes, .comments, .caption, .commentCount]
    private static let timelineRecordFields: [Field] = [.username, .post, .commentText]
    private static let commentFields: [Field] = [.commentText, .commentAuthor, .createdAt]

    /// Calls `body` with each record of a node at `place`: the members of each child of
    /// the root node, or (`inRecords`) the members of each record's member. `depth` 1
    /// stops at the children (`users/<uid>`), 2 goes one level below (`posts/<uid>/<key>`).
    func forEachRecord(at place: Place?, depth: Int, in doc: JSONDocument, _ body: (Int32) -> Void) {
        guard let place, doc.isObject(doc.root), let root = doc.member(doc.root, place.root), doc.isContainer(root) else { return }
        func below(_ node: Int32, _ levels: Int) {
            guard doc.isContainer(node) else { return }
            if levels == 1 { doc.forEachChild(node, body); return }
            doc.forEachChild(node) { below($0, levels - 1) }
        }
        switch place {
        case .root:
            below(root, depth)
        case let .inRecords(_, member):
            doc.forEachChild(root) { record in
                if let m = doc.member(record, member) { below(m, depth) }
            }
        }
    }

    /// For each field (by case order) and each of its spellings, the records that carry it:
    /// user records (and `user_details`), posts, comments, and in the timeline dialect the
    /// posts' likes and comments.
    private func countSpellings(in doc: JSONDocument) -> [[Int]] {
        var counts = Field.allCases.map { names($0).map { _ in 0 } }
        guard doc.isObject(doc.root) else { return counts }
        var users: [Int32] = []
        let collectObjects = { (list: inout [Int32], node: Int32) in if doc.isObject(node) { list.append(node) } }
        forEachRecord(at: place(.users), depth: 1, in: doc) { collectObjects(&users, $0) }
        forEachRecord(at: place(.userDetails), depth: 1, in: doc) { collectObjects(&users, $0) }
        var posts: [Int32] = []
        forEachRecord(at: place(.posts), depth: dialect == .timeline || flatPosts ? 1 : 2, in: doc) { collectObjects(&posts, $0) }
        count(users, Schema.userFields, in: doc, into: &counts)
        count(posts, dialect == .timeline ? Schema.timelinePostFields : Schema.makestagramPostFields, in: doc, into: &counts)
        if dialect == .timeline {
            var records: [Int32] = []
            for post in posts {
                for list in members(post, [.likes, .comments], in: doc) where doc.isContainer(list) {
                    doc.forEachChild(list) { if doc.isObject($0) { records.append($0) } }
                }
            }
            count(records, Schema.timelineRecordFields, in: doc, into: &counts)
        } else if place(.comments) != nil {
            var comments: [Int32] = []
            forEachRecord(at: place(.comments), depth: 2, in: doc) { collectObjects(&comments, $0) }
            count(comments, Schema.commentFields, in: doc, into: &counts)
        }
        return counts
    }

    /// Every member of `record` under any spelling of `fields`.
    private func members(_ record: Int32, _ fields: [Field], in doc: JSONDocument) -> [Int32] {
        fields.flatMap { doc.members(record, names($0)) }
    }

    /// Adds to `counts` the spellings that `records` carry, in chunks on every core. Only
    /// fields whose spelling or presence matters are counted: those with several
    /// spellings, the counters, and mapped ones. Each key is compared only with the
    /// names that start with its first byte.
    private func count(_ records: [Int32], _ fields: [Field], in doc: JSONDocument, into counts: inout [[Int]]) {
        var byFirstByte = [[(field: Int, spelling: Int, name: Name)]](repeating: [], count: 256)
        for field in fields where names(field).count > 1 || Field.presence.contains(field) || mapping.fields[field] != nil {
            for (s, name) in names(field).enumerated() where !name.bytes.isEmpty {
                byFirstByte[Int(name.bytes[0])].append((field.ordinal, s, name))
            }
        }
        if byFirstByte.allSatisfy(\.isEmpty) { return }
        let candidates = byFirstByte
        let chunk = 4096
        let total = Locked(counts)
        let schema = self
        parallelFor((records.count + chunk - 1) / chunk) { c in
            var local = Field.allCases.map { schema.names($0).map { _ in 0 } }
            for r in (c * chunk)..<min(records.count, (c + 1) * chunk) {
                doc.forEachChild(records[r]) { member in
                    guard let first = doc.keyFirstByte(member) else { return }
                    for candidate in candidates[Int(first)] where doc.keyEquals(member, candidate.name) {
                        local[candidate.field][candidate.spelling] += 1
                    }
                }
            }
            total.withLock { counts in
                for f in counts.indices { for s in counts[f].indices { counts[f][s] += local[f][s] } }
            }
        }
        counts = total.withLock { $0 }
    }
}

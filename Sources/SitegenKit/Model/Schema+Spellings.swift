// MARK: - Which spellings an export uses

extension Schema {
    /// The schema of `document`: `dialect`'s names as `mapping` renames them, each field's
    /// spelling the one most records use, and which fields any record carries at all.
    static func read(_ document: JSONDocument, dialect: Dialect, mapping: Mapping) -> Schema {
        let names = Schema(dialect: dialect, mapping: mapping)
        return Schema(dialect: dialect, mapping: mapping, counts: names.countSpellings(in: document))
    }

    /// The fields whose records the spelling count reads (not `uid` inside `poster`, nor
    /// `poster_uid` inside timeline entries, which can be hundreds of millions).
    static var countedFields: Set<Field> {
        Set(userFields + makestagramPostFields + timelinePostFields + timelineRecordFields)
    }

    /// The fields each kind of record holds.
    private static let userFields: [Field] = [.username, .name, .bio, .url, .follows, .isPrivate, .postCount, .followerCount, .followingCount]
    private static let makestagramPostFields: [Field] = [.imageURL, .imageHeight, .createdAt, .likeCount, .poster, .caption]
    private static let timelinePostFields: [Field] = [.username, .imageEndpoint, .likes, .comments, .caption]
    private static let timelineRecordFields: [Field] = [.username, .post, .text]

    /// For each field (by case order) and each of its spellings, the records that carry it:
    /// user records, posts, and in the timeline dialect the posts' likes and comments.
    private func countSpellings(in doc: JSONDocument) -> [[Int]] {
        var counts = Field.allCases.map { names($0).map { _ in 0 } }
        guard doc.isObject(doc.root) else { return counts }
        let container = { (node: Node) -> Int32? in
            doc.member(doc.root, self.name(node)).flatMap { doc.isContainer($0) ? $0 : nil }
        }
        var users: [Int32] = []
        if let node = container(.users) { doc.forEachChild(node) { if doc.isObject($0) { users.append($0) } } }
        var posts: [Int32] = []
        if let node = container(.posts) {
            doc.forEachChild(node) { child in
                guard doc.isContainer(child) else { return }
                if dialect == .timeline {
                    if doc.isObject(child) { posts.append(child) }
                } else {
                    doc.forEachChild(child) { if doc.isObject($0) { posts.append($0) } }
                }
            }
        }
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
        for field in fields where names(field).count > 1 || Field.counters.contains(field) || mapping.fields[field] != nil {
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

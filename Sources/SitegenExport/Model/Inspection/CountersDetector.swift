/// Counters kept under a name no variant spells:
/// - a post's: a number under a name that says what it counts in any of `RoleWords`'
///   languages (UIKit's `likes: 3`, `commentsCount`, `qtdCurtidas`; a node of the same
///   name elsewhere is no matter: `posts/*/post-likes`), or the number beside the likers'
///   list in the post's likes map (`likes: {num, users}`: `likes/num`);
/// - a user's: under the names of what they count in the users' records or their second
///   root (`UserCountersDetector`), else in a map whose name says so (`stats: {posts,
///   followers, following}`, `statistics: {followersCount, …}`) as field paths
///   (`stats/posts`), held by at least half the users.
enum CountersDetector {
    static func likes(_ c: InspectionContext) -> FieldGuess? {
        if let named = c.fieldGuess(.likeCount, in: .posts, what: "a number", { member in
            RoleWords.says(.likes, c.doc.key(member)) && isCount(c.doc, c.doc.value(member))
        }) { return named }
        // The number kept beside the likers' list in the post's likes map (`likes: {num,
        // users}`, `LikesDetector.listInCounterMap`): whatever its name, the counter.
        if let records = c.schema.postRecords,
           let place = c.isPresent(.postLikes) ? c.schema.place(.postLikes) : c.guessedPlace(.postLikes),
           let members = place.members(below: records), members.count == 2 {
            let (map, list) = (members[0], members[1])
            if let inMap = c.inMapGuess(.likeCount, in: .posts, what: "a number beside the likes' list", { outer, member in
                c.doc.keyEquals(outer, map) && c.doc.member(c.doc.value(outer), list) != nil && isCount(c.doc, c.doc.value(member))
            }) { return inMap }
        }
        // Where no like is recorded (no likes by post or by user, found or guessed), an
        // integer named for a like synonym (`good_count`, `hearts_count`) is the counter.
        guard !c.schema.recordsLikes(in: c.doc), c.guessedPlace(.postLikes) == nil, c.guessedPlace(.userLikes) == nil else { return nil }
        return c.fieldGuess(.likeCount, in: .posts, what: "an integer named for a like, and no like is recorded") { member in
            guard RoleWords.isLikeSynonymCounter(c.doc.key(member)), c.doc.isNumber(c.doc.value(member)) else { return false }
            if case .exact = CounterValue.parse(c.doc.rawBytes(c.doc.value(member))) { return true }
            return false
        }
    }

    static func comments(_ c: InspectionContext) -> FieldGuess? {
        c.fieldGuess(.commentCount, in: .posts, what: "a number") { member in
            RoleWords.says(.comments, c.doc.key(member)) && isCount(c.doc, c.doc.value(member))
        }
    }

    /// Whether a value could be a count: a number below a billion. A time is none, though
    /// the Firestore reader's tree holds a timestamp as its seconds and its name may say
    /// what the count would (the last comment's `last_comment_time`).
    static func isCount(_ doc: JSONDocument, _ node: Int32) -> Bool {
        doc.isNumber(node) && (Double(doc.rawText(node)).map { $0 < 1e9 } ?? false)
    }

    /// The users' counters: at the top of their records (in the users' root or its second
    /// root), else in a map of them. `guessed`: the fields guessed so far (the posts'
    /// owner), read with the nodes guessed to tell two spellings of one counter apart.
    static func users(_ c: InspectionContext, guessed: [FieldGuess] = []) -> [FieldGuess] {
        let doc = c.doc
        let schema = c.schema
        var roots: [(name: String, forEach: ((Int32) -> Void) -> Void)] = []
        if let users = c.usersRoot() {
            roots.append((users.text, { body in schema.forEachRecord(at: .root(users), depth: 1, in: doc, body) }))
        }
        let details = schema.place(.userDetails).flatMap { c.isPresent(.userDetails) ? $0 : nil } ?? c.guessedPlace(.userDetails)
        if let details {
            roots.append((details.text, { body in schema.forEachRecord(at: details, depth: 1, in: doc, body) }))
        }
        var counts: TrueUserCounts?
        var guesses = UserCountersDetector.guesses(roots: roots, doc: doc, uncounted: { c.isUncounted($0) }, truth: { field in
            if counts == nil { counts = TrueUserCounts(c, guessed: guessed) }
            return counts!.expected(field)
        })
        guesses += inMaps(c).filter { path in !guesses.contains { $0.field == path.field } }
        return guesses
    }

    /// User counters kept in an object whose name says so (`stats: {posts, followers,
    /// following}`, `statistics: {followersCount, …}`), as field paths (`stats/posts`),
    /// where no record carries the counter at the top: held by at least half the users.
    private static func inMaps(_ c: InspectionContext) -> [FieldGuess] {
        let doc = c.doc
        let objects = ["stats", "statistics", "counts", "counters"]
        let counters: [String: Schema.Field] = [
            "posts": .postCount, "postscount": .postCount, "postcount": .postCount,
            "followers": .followerCount, "followerscount": .followerCount, "followercount": .followerCount,
            "following": .followingCount, "followingcount": .followingCount,
        ]
        var hits: [Schema.Field: [String: Int]] = [:]
        var total = 0
        c.forEachUser(in: c.isPresent(.users) ? nil : c.usersRoot()) { record in
            guard doc.isObject(record) else { return }
            total += 1
            doc.forEachChild(record) { member in
                let name = doc.key(member)
                guard objects.contains(name.lowercased()), doc.isObject(member) else { return }
                doc.forEachChild(member) { counter in
                    let key = doc.key(counter)
                    guard let field = counters[key.lowercased().replacingOccurrences(of: "_", with: "")], doc.isNumber(doc.value(counter)) else { return }
                    hits[field, default: [:]]["\(name)/\(key)", default: 0] += 1
                }
            }
        }
        var guesses: [FieldGuess] = []
        for field in [Schema.Field.postCount, .followerCount, .followingCount] where c.isUncounted(field) {
            guard let best = hits[field]?.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= total else { continue }
            guesses.append((field, best.key, "\(ExportInspection.number(best.value)) of \(ExportInspection.number(total)) users hold a counter there"))
        }
        return guesses
    }
}

/// What each user's counters should hold, as the audit reads the export with every node
/// and field guessed so far (the follows found by shape, the posts' owner): the follows
/// and posts of each user, by the node of their record (and of their second root's).
struct TrueUserCounts {
    private var posts: [Int32: Int] = [:], followers: [Int32: Int] = [:], following: [Int32: Int] = [:]
    private var edges = 0, postTotal = 0

    init(_ c: InspectionContext, guessed: [FieldGuess]) {
        var mapping = c.schema.mapping
        for guess in c.nodeGuesses where mapping.nodes[guess.node] == nil { mapping.nodes[guess.node] = guess.name }
        for guess in guessed where mapping.fields[guess.field] == nil { mapping.fields[guess.field] = guess.name }
        let schema = Schema.read(c.doc, dialect: c.dialect, mapping: mapping)
        let v = Validator(Export(path: c.export.path, document: c.doc, schema: schema, firestore: c.export.firestore))
        v.indexGraph()
        edges = v.graph.following.targets.count
        postTotal = v.index.posts.count
        for (u, user) in v.index.users.enumerated() {
            for node in Set([user.node, user.details]) where node >= 0 {
                posts[node] = v.index.postsOf[u].count
                followers[node] = v.graph.followers.rowCount > u ? v.graph.followers.count(u) : 0
                following[node] = v.graph.following.rowCount > u ? v.graph.following.count(u) : 0
            }
        }
    }

    /// The count `field` should hold in a user's record, by the record's node; nil where
    /// the export holds nothing it counts (no follows, no posts).
    func expected(_ field: Schema.Field) -> ((Int32) -> Int?)? {
        switch field {
        case .postCount: postTotal > 0 ? { posts[$0] } : nil
        case .followerCount: edges > 0 ? { followers[$0] } : nil
        case .followingCount: edges > 0 ? { following[$0] } : nil
        default: nil
        }
    }
}

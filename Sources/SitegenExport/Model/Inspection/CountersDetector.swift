/// Counters kept under a name no variant spells:
/// - a post's: a number under a name that says what it counts in any of `RoleWords`'
///   languages (UIKit's `likes: 3`, `commentsCount`, `qtdCurtidas`; a node of the same
///   name elsewhere is no matter: `posts/*/post-likes`);
/// - a user's: under the names of what they count in the users' records or their second
///   root (`UserCountersDetector`), else in a map whose name says so (`stats: {posts,
///   followers, following}`, `statistics: {followersCount, …}`) as field paths
///   (`stats/posts`), held by at least half the users.
enum CountersDetector {
    static func likes(_ c: InspectionContext) -> FieldGuess? {
        c.fieldGuess(.likeCount, in: .posts, what: "a number") { member in
            RoleWords.says(.likes, c.doc.key(member)) && c.doc.isNumber(c.doc.value(member))
        }
    }

    static func comments(_ c: InspectionContext) -> FieldGuess? {
        c.fieldGuess(.commentCount, in: .posts, what: "a number") { member in
            RoleWords.says(.comments, c.doc.key(member)) && c.doc.isNumber(c.doc.value(member))
        }
    }

    /// The users' counters: at the top of their records (in the users' root or its second
    /// root), else in a map of them.
    static func users(_ c: InspectionContext) -> [FieldGuess] {
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
        var guesses = UserCountersDetector.guesses(roots: roots, doc: doc) { c.isUncounted($0) }
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

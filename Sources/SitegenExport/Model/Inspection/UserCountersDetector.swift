/// A user's counters kept under the names of what they count: a number named `posts`,
/// `followers` or `following` (any case) in the users' records or in their second root
/// (CodingWithMitch's `user_account_settings/<uid>: {posts, followers, following}`,
/// Zoogram's `Users/<uid>/posts`). Told from the follow lists of the same names
/// (`users/*/followers: {…}`) by their type: only numbers are counters. Held by at least
/// half the records of one root.
enum UserCountersDetector {
    static let names: [String: Schema.Field] = ["posts": .postCount, "followers": .followerCount, "following": .followingCount]

    /// `roots`: each root of user records, its records visited by `forEach`.
    static func guesses(roots: [(name: String, forEach: ((Int32) -> Void) -> Void)], doc: JSONDocument,
                        uncounted: (Schema.Field) -> Bool) -> [(field: Schema.Field, name: String, why: String)] {
        var best: [Schema.Field: (name: String, hits: Int, records: Int, root: String)] = [:]
        for root in roots {
            var records = 0
            var hits: [Schema.Field: [String: Int]] = [:]
            root.forEach { record in
                guard doc.isObject(record) else { return }
                records += 1
                doc.forEachChild(record) { member in
                    let key = doc.key(member)
                    guard let field = names[key.lowercased()], doc.isNumber(doc.value(member)) else { return }
                    hits[field, default: [:]][key, default: 0] += 1
                }
            }
            for (field, spellings) in hits {
                guard let top = spellings.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
                      top.value * 2 >= records, best[field].map({ top.value > $0.hits }) ?? true else { continue }
                best[field] = (top.key, top.value, records, root.name)
            }
        }
        return [Schema.Field.postCount, .followerCount, .followingCount].compactMap { field in
            guard uncounted(field), let b = best[field] else { return nil }
            return (field, b.name, "\(RealtimeEvidence.number(b.hits)) of \(RealtimeEvidence.number(b.records)) records of \(b.root) hold a number there")
        }
    }
}

/// A user's counters kept under the names of what they count: a number named `posts`,
/// `followers` or `following` (any case) in the users' records or in their second root
/// (CodingWithMitch's `user_account_settings/<uid>: {posts, followers, following}`,
/// Zoogram's `Users/<uid>/posts`), in any of `RoleWords`' languages (`seguidores`,
/// `seguindo`, `postagens`), or with a count-like affix (`qtFollower`, `qtdSeguidores`,
/// `followersCount`, `numPosts`, `totalFollowing`: `counter(_:)`). Told from the follow
/// lists of the same names (`users/*/followers: {…}`) by their type: only numbers are
/// counters, and never a time (`lastPostAt`; a value of a billion or more). Held by at
/// least half the records of one root.
enum UserCountersDetector {
    /// The counter a name says, if any: the folded name (`RoleWords.fold`) is a word for
    /// followers, following or posts, with a plural ending, between count-like affixes
    /// (`qt`, `qtd`, `num`, `count`, `total`, …) or none; any other word (`last`, `at`,
    /// `date`) makes it no counter.
    static func counter(_ name: String) -> Schema.Field? {
        let folded = RoleWords.fold(name)
        let roles: [(RoleWords.Role, Schema.Field)] = [(.followers, .followerCount), (.following, .followingCount), (.posts, .postCount)]
        for (role, field) in roles {
            for word in RoleWords.words(role) {
                guard let range = folded.range(of: word) else { continue }
                let before = String(folded[..<range.lowerBound]), after = String(folded[range.upperBound...])
                guard prefixes.contains(before) else { continue }
                if endings.contains(where: { after.hasPrefix($0) && suffixes.contains(String(after.dropFirst($0.count))) }) { return field }
            }
        }
        return nil
    }

    /// Count-like affixes before and after the word (Portuguese `qt`, `qtd`, `qtde`,
    /// Spanish `cantidad`/`num`, French `nb`/`nombre`, Turkish `sayisi`, Indonesian
    /// `jumlah`, German `anzahl`, Italian `numero`).
    private static let prefixes: Set<String> = ["", "qt", "qtd", "qtde", "quantidade", "num", "number", "numberof", "numof", "nb", "nbr",
                                                "no", "n", "count", "cnt", "total", "totalde", "numero", "numerode", "nombre", "nombrede",
                                                "cantidad", "cantidadde", "jumlah", "anzahl", "contador", "conteo"]
    private static let suffixes: Set<String> = ["", "count", "counts", "cnt", "total", "num", "number", "qt", "qtd", "sayisi", "sayi",
                                                "jumlah", "anzahl", "counter", "contador"]
    /// Plural and gerund endings of the words (`posts`, `seguidores`, `postagens`, `qtPosting`).
    private static let endings = ["", "s", "es", "ing", "ings", "agem", "agens", "ler", "lar", "en", "i", "e", "a", "o", "os", "as"]

    /// `roots`: each root of user records, its records visited by `forEach`. Of two
    /// spellings of one counter held by at least half the records (a dead `siguiendo`,
    /// always 0, beside the `seguidos` the app counts in), the one whose values agree with
    /// `truth` in the most records: `truth(field)` gives the count a user's record should
    /// hold (nil where the export says nothing of it: no follows, no posts). On a tie,
    /// or with no truth, the one held by the most records.
    static func guesses(roots: [(name: String, forEach: ((Int32) -> Void) -> Void)], doc: JSONDocument,
                        uncounted: (Schema.Field) -> Bool,
                        truth: (Schema.Field) -> ((Int32) -> Int?)? = { _ in nil }) -> [(field: Schema.Field, name: String, why: String)] {
        typealias Candidate = (name: String, hits: Int, records: Int, root: Int)
        var best: [Schema.Field: Candidate] = [:]
        var candidates: [Schema.Field: [Candidate]] = [:]
        for (r, root) in roots.enumerated() {
            var records = 0
            var hits: [Schema.Field: [String: Int]] = [:]
            root.forEach { record in
                guard doc.isObject(record) else { return }
                records += 1
                doc.forEachChild(record) { member in
                    let key = doc.key(member)
                    guard doc.isNumber(doc.value(member)), let field = counter(key),
                          let value = Double(doc.rawText(doc.value(member))), value < 1e9 else { return }
                    hits[field, default: [:]][key, default: 0] += 1
                }
            }
            for (field, spellings) in hits {
                for (name, n) in spellings.sorted(by: { $0.key < $1.key }) where n * 2 >= records { candidates[field, default: []].append((name, n, records, r)) }
                guard let top = spellings.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
                      top.value * 2 >= records, best[field].map({ top.value > $0.hits }) ?? true else { continue }
                best[field] = (top.key, top.value, records, r)
            }
        }
        return [Schema.Field.postCount, .followerCount, .followingCount].compactMap { field in
            guard uncounted(field), var b = best[field] else { return nil }
            var why = "\(RealtimeEvidence.number(b.hits)) of \(RealtimeEvidence.number(b.records)) records of \(roots[b.root].name) hold a number there"
            // Two spellings held: the one that agrees with what it counts.
            if let all = candidates[field], all.count > 1, let expected = truth(field) {
                func agreeing(_ c: Candidate) -> Int {
                    var n = 0
                    roots[c.root].forEach { record in
                        guard doc.isObject(record), let member = doc.member(record, Schema.Name(c.name)), let want = expected(record),
                              CounterValue.parse(doc.rawBytes(doc.value(member))) == CounterValue.exact(want) else { return }
                        n += 1
                    }
                    return n
                }
                // Today's choice first: it keeps a tie.
                let same = { (x: Candidate, y: Candidate) in x.name == y.name && x.root == y.root }
                let scored = ([b] + all.filter { !same($0, b) }).map { (candidate: $0, agree: agreeing($0)) }
                let top = scored.dropFirst().reduce(scored[0]) { $1.agree > $0.agree ? $1 : $0 }
                b = top.candidate
                let rest = scored.filter { !same($0.candidate, b) }.map { "\($0.candidate.name): \(RealtimeEvidence.number($0.candidate.hits)) hold one, \(RealtimeEvidence.number($0.agree)) agree" }
                let counted = field == .postCount ? "the posts" : "the follows"
                why = "\(RealtimeEvidence.number(b.hits)) of \(RealtimeEvidence.number(b.records)) records of \(roots[b.root].name) hold a number there, "
                    + "\(RealtimeEvidence.number(top.agree)) agree with \(counted) ("
                    + rest.joined(separator: "; ")
                    + ")"
            }
            return (field, b.name, why)
        }
    }
}

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
                    guard doc.isNumber(doc.value(member)), let field = counter(key),
                          let value = Double(doc.rawText(doc.value(member))), value < 1e9 else { return }
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

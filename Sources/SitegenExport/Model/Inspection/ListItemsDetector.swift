/// Lists of maps (docs/export-format.md, "Lists of maps"): follows and likes kept as
/// arrays whose items are maps, each naming one user in a member (`followers:
/// [{followedBy: uid, followedByName}]`, `following: [{userId: uid}]`, `like:
/// [{authorUserName, userImg}]`). Of each such list's items, the member whose value is a
/// user's id (the evidence: it is a user's key, or, with users implied by posts, an owner
/// of posts) in most items is the list's item field: `follower_id`, `followed_id` or
/// `liker_id`, so that the audit reads each item as the user it names and a repair adds
/// items of the same shape.
enum ListItemsDetector {
    /// A guess for each of the nodes' lists whose items are mostly maps holding a user's id
    /// under one name; `places` are the lists' patterns (as mapped or guessed), `uids` the
    /// users' ids.
    static func guesses(_ doc: JSONDocument, places: [(node: Schema.Node, place: Schema.Place)], uids: Set<String>,
                        mapped: (Schema.Field) -> Bool) -> [(field: Schema.Field, name: String, why: String)] {
        guard !uids.isEmpty else { return [] }
        var guesses: [(field: Schema.Field, name: String, why: String)] = []
        for (node, place) in places {
            guard let field = Schema.Field.itemField(of: node), !mapped(field) else { continue }
            var items = 0
            var hits: [String: Int] = [:]
            Schema.forEachMatch(place.lists, in: doc) { list, _ in
                guard doc.isArray(list) else { return }
                doc.forEachChild(list) { item in
                    guard doc.isObject(item) else { return }
                    items += 1
                    var named = Set<String>()
                    doc.forEachChild(item) { member in
                        if let text = doc.string(doc.value(member)), uids.contains(text) { named.insert(doc.key(member)) }
                    }
                    for key in named { hits[key, default: 0] += 1 }
                }
            }
            guard items > 0, let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
                  best.value * 2 > items else { continue }
            guesses.append((field, best.key,
                            "\(ExportInspection.number(best.value)) of the \(ExportInspection.number(items)) maps in the arrays at \(place.text) hold a user's id there"))
        }
        return guesses
    }
}

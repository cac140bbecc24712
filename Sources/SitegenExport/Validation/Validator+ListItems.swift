// MARK: - Lists of maps: an array whose items each name one user (docs/export-format.md, "Lists of maps")

/// An array of maps read as a list of ids: each item stands for the user one of its
/// members names (`followers: [{followedBy: uid, followedByName}]`, `like:
/// [{authorUserName}]`). The member is the list's item field where `[schema.fields]` maps
/// it (`follower_id`, `followed_id`, `liker_id`), else whichever member holds a user's id
/// (the evidence: its value is a user's key). An item is named in findings by its index
/// (where it is); an item the repair adds is appended, shaped as the list's items are
/// (`{"followedBy": "<uid>"}`), and named by the id it holds.
extension Validator {
    /// The spellings of the item field of `node`'s lists: the mapped one, else none (the
    /// member holding a user's id is found in each item).
    func itemNames(_ node: Schema.Node) -> [Schema.Name] {
        guard let field = Schema.Field.itemField(of: node), schema.mapping.fields[field] != nil else { return [] }
        return schema.names(field)
    }

    /// The user an item (a map) of a list names, and the member's key: under `names` where
    /// mapped, else the first member whose string is a user's id. Nil for no user.
    func itemUser(_ item: Int32, _ names: [Schema.Name]) -> (user: Int32?, key: String?) {
        let value = doc.value(item)
        guard doc.isObject(value) else { return (nil, nil) }
        if !names.isEmpty {
            guard let member = doc.member(value, names) else { return (nil, nil) }
            return (doc.string(doc.value(member)).flatMap { index.user(uid: $0) }, doc.key(member))
        }
        var found: (Int32?, String?) = (nil, nil)
        doc.forEachChild(value) { member in
            if found.0 == nil, let text = doc.string(doc.value(member)), let u = index.user(uid: text) { found = (u, doc.key(member)) }
        }
        return found
    }

    /// The id an item names as text (the mapped member's string), whether or not it is a
    /// user's: what tells two items of one liker apart where no node of users says who exists.
    func itemID(_ item: Int32, _ names: [Schema.Name]) -> String? {
        let value = doc.value(item)
        guard !names.isEmpty, doc.isObject(value), let member = doc.member(value, names) else { return nil }
        return doc.string(doc.value(member))
    }

    /// The item a repair adds to a list of maps: `{"<field>": "<id>"}`, the id as the app
    /// writes it (a Firestore id percent-encoded in the tree written back as it is).
    func itemText(field: String, uid: String) -> String {
        let id = index.encodedIDs ? FirestoreNames.name(key: uid) : uid
        return "{\(JSONString.quoted(field)):\(JSONString.quoted(id))}"
    }

    /// The member most items of a node's lists name their user in: the counts taken as they
    /// were read, the mapped spelling first.
    static func itemField(mapped: [Schema.Name], counts: [String: Int]) -> String? {
        if let first = mapped.first { return first.text }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    /// Items to append to lists of maps, per list, found while mirrors are checked; each
    /// list's are recorded at once (`recordAppends`): appended after its last item, or, for
    /// a user without the list, the list made with them all.
    struct ItemAppends {
        struct List {
            var node: Schema.Node
            var x: String
            var list: Int32
            /// An array of ids (`Validator+IDArrays.swift`): rewritten whole with the items.
            var rewrite = false
            var items: [(id: String, text: String)] = []
        }
        var lists: [List] = []
        var position: [String: Int] = [:]

        mutating func append(_ node: Schema.Node, x: String, list: Int32, id: String, text: String, rewrite: Bool = false) {
            let key = "\(node.rawValue)\u{0}\(x)"
            if let at = position[key] {
                lists[at].items.append((id, text))
                return
            }
            position[key] = lists.count
            lists.append(List(node: node, x: x, list: list, rewrite: rewrite, items: [(id, text)]))
        }
    }

    /// One finding `code` per item, named by the id it holds (`users/<x>/followers/<id>`,
    /// expected the item), and the edits that append them.
    func recordAppends(_ appends: ItemAppends, _ code: FindingCode) {
        for list in appends.lists {
            for item in list.items {
                let path = location(of: list.node, list.x, list: list.list, below: [item.id]).path
                report(code, path, found: nil, expected: item.text, repair: .add)
            }
            if list.list >= 0, list.rewrite {
                let listPath = location(of: list.node, list.x, list: list.list, below: []).path
                for item in list.items { appendIDElement(item.text, list: list.list, listPath: listPath, for: code) }
            } else if list.list >= 0 {
                let count = doc.childCount(list.list)
                let listPath = location(of: list.node, list.x, list: list.list, below: []).path
                for (k, item) in list.items.enumerated() {
                    let position = String(count + k)
                    record(.add(under: list.list, keys: [position], path: "\(listPath)/\(position)", text: item.text), for: code)
                }
            } else {
                let (path, under, keys) = location(of: list.node, list.x, list: -1, below: [])
                record(.add(under: under, keys: keys, path: path, text: "[" + list.items.map(\.text).joined(separator: ",") + "]"), for: code)
            }
        }
    }
}

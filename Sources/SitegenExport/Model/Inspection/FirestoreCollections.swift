/// A Firestore export's collections as `inspect`'s detectors read them: each document of a
/// collection pattern (`posts`, `profile/*/followers`), with the key of its parent document.
struct FirestoreCollections {
    let doc: JSONDocument
    let layout: FirestoreLayout

    /// The pattern's names, `*` as nil.
    static func parts(_ pattern: String) -> [Schema.Name?] {
        pattern.split(separator: "/").map { $0 == "*" ? nil : Schema.Name(String($0)) }
    }

    /// Each document of `pattern`, with the key of its parent document (the last `*`)
    /// where it has one.
    func documents(_ pattern: String, _ body: (_ document: Int32, _ parent: String?) -> Void) {
        Schema.forEachMatch(Self.parts(pattern) + [nil], in: doc) { node, keys in
            body(node, keys.count >= 2 ? keys[keys.count - 2].text(doc) : nil)
        }
    }

    /// The collection patterns that hold documents, sorted.
    var held: [String] {
        layout.collections.filter { (layout.documentsPerCollection[$0] ?? 0) > 0 }.sorted()
    }

    /// The keys of `pattern`'s documents.
    func keys(_ pattern: String) -> Set<String> {
        var keys = Set<String>()
        documents(pattern) { record, _ in keys.insert(doc.key(record)) }
        return keys
    }
}

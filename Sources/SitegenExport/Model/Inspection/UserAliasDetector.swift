/// Detector of a second id of the users (`user_alias`): one person, two ids. An app that
/// keys its users' documents by one id (a username, which its edges and posts' owners
/// hold) may key other documents by another (the sign-in uid, a field of the user's
/// document, as the key of each like: `posts/*/likes/<uid>`). The field is the one whose
/// values, one per user and not the document's key, are the keys of documents or map
/// entries elsewhere: an id used as a key is an id, where a copy of a name kept as a value
/// (a post's `username`) may be only shown. A field read as something else of the user
/// (`username`, a name, a photo: `taken`) is not an id.
enum UserAliasDetector {
    static func detect(_ collections: FirestoreCollections, users: String, userCount: Int, taken: Set<String>) -> (field: String, ids: [String], why: String)? {
        let doc = collections.doc
        guard userCount > 0 else { return nil }
        var values: [String: [String]] = [:]
        collections.documents(users) { record, _ in
            guard doc.isObject(record) else { return }
            let key = doc.key(record)
            doc.forEachChild(record) { member in
                if let text = doc.string(doc.value(member)), !text.isEmpty, text != key { values[doc.key(member), default: []].append(text) }
            }
        }
        let candidates = values.filter { !taken.contains($0.key) && $0.value.count * 2 >= userCount && Set($0.value).count == $0.value.count }
        guard !candidates.isEmpty else { return nil }
        // A value two fields hold (a username and its lowercased copy) counts for both: the
        // tie is then broken by the name, never by a dictionary's order.
        var owners: [String: [String]] = [:]
        for (field, texts) in candidates.sorted(by: { $0.key < $1.key }) { for text in texts { owners[text, default: []].append(field) } }
        var uses: [String: Int] = [:]
        func walk(_ node: Int32) {
            doc.forEachChild(node) { member in
                if doc.hasKey(member), let fields = owners[doc.key(member)] { for field in fields { uses[field, default: 0] += 1 } }
                let value = doc.value(member)
                if doc.isContainer(value) { walk(value) }
            }
        }
        doc.forEachChild(doc.root) { root in if doc.isContainer(root) { walk(root) } }
        guard let best = uses.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value >= 2 else { return nil }
        return (best.key, candidates[best.key]!, "its values, one per user, key \(ExportInspection.number(best.value)) documents or entries elsewhere (likes, edges) where the rest holds the documents' own keys")
    }
}

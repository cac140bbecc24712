/// Comments kept flat in a root of their own, each naming its post in a field
/// (SosyaShare's `comments/<uuid>: {postId, userId, username, content, timestamp}`), not
/// in a list per post: the field most of the root's records hold a post's key in (the
/// evidence: the value is a post's key, whatever the field's name) is the comments' `post`
/// field, and the audit joins each comment to the post it names.
enum FlatCommentsDetector {
    static func detect(_ doc: JSONDocument, _ schema: Schema, encoded: Bool) -> (field: String, why: String)? {
        guard schema.dialect == .makestagram, schema.mapping.fields[.post] == nil, let place = schema.place(.comments), place.isRoot,
              doc.isObject(doc.root), let root = doc.member(doc.root, place.root), doc.isObject(root),
              let posts = schema.postRecords else { return nil }
        var keys = Set<String>()
        Schema.forEachMatch(posts, in: doc) { post, _ in keys.insert(doc.key(post)) }
        guard !keys.isEmpty else { return nil }
        var records = 0
        var hits: [String: Int] = [:]
        doc.forEachEntry(root) { record in
            guard doc.isObject(record) else { return }
            records += 1
            doc.forEachChild(record) { member in
                // A Firestore id is a key percent-encoded where it holds what keys cannot.
                guard let text = doc.string(doc.value(member)), keys.contains(encoded ? FirestoreNames.key(text) : text) else { return }
                hits[doc.key(member), default: 0] += 1
            }
        }
        guard let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 > records else { return nil }
        return (best.key, "\(ExportInspection.number(best.value)) of the \(ExportInspection.number(records)) comments in \(place.text) hold a post's key there")
    }
}

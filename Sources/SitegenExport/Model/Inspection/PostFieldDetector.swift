/// Comments and likes kept flat in a root of their own, each naming its post in a field,
/// not in a list per post: SosyaShare's `comments/<uuid>: {postId, userId, content}`,
/// Antrsss's `likes/<post>_<uid>: {postUuid, userId, timestamp}`. The field most of the
/// root's records hold a post's key in (the evidence: the value is a post's key, whatever
/// the field's name) is their `post` field, and the audit joins each record to the post
/// it names. The comments' root is tried first (the field is one for both).
enum PostFieldDetector {
    static func detect(_ doc: JSONDocument, _ schema: Schema, encoded: Bool) -> (field: String, why: String)? {
        guard schema.dialect == .makestagram, schema.mapping.fields[.post] == nil, doc.isObject(doc.root),
              let posts = schema.postRecords else { return nil }
        var keys = Set<String>()
        Schema.forEachMatch(posts, in: doc) { post, _ in keys.insert(doc.key(post)) }
        guard !keys.isEmpty else { return nil }
        for (node, word) in [(Schema.Node.comments, "comments"), (.postLikes, "likes")] {
            guard let place = schema.place(node), place.isRoot, let root = doc.member(doc.root, place.root), doc.isObject(root) else { continue }
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
            guard let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 > records else { continue }
            return (best.key, "\(ExportInspection.number(best.value)) of the \(ExportInspection.number(records)) \(word) in \(place.text) hold a post's key there")
        }
        return nil
    }
}

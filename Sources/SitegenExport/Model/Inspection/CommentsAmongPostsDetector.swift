/// Comments kept in the posts' own root: records of the flat posts that name another
/// record of the same root in a field (SNap's `posts/<id>: {type: "comment", parent_post:
/// <reference to the post>}`, a `replyTo`, a `parentId`), in either database. The field
/// most such records name another record in is the comments' `post` field, and the
/// comments' node is the posts' root: a record holding it is a comment of the post it
/// names, any other a post (docs/export-format.md, "Comments kept among the posts").
/// Taken where the records naming another are at least two, the ones they name are mostly
/// records that name none (posts, not a chain of copies), some records name none, and
/// the field's name does not say a copy (`repostOf`, `sharedPost`, `originalPostId`,
/// `quotedPost`: a post of its own that shows another).
enum CommentsAmongPostsDetector {
    /// Words in the name of a field by which a post names the post it copies or shows,
    /// folded (`RoleWords.fold`).
    static let copyWords = ["repost", "share", "original", "quote", "retweet", "forward", "copy", "source"]

    static func detect(_ doc: JSONDocument, _ schema: Schema, encoded: Bool) -> (place: String, field: String, why: String)? {
        guard schema.dialect == .makestagram, schema.flatPosts, schema.mapping.fields[.post] == nil,
              schema.mapping.nodes[.comments] == nil, !InspectionContext.isPresent(.comments, schema, doc),
              let posts = schema.place(.posts), posts.isRoot, doc.isObject(doc.root),
              let root = doc.member(doc.root, posts.root), doc.isObject(root) else { return nil }
        var keys = Set<String>()
        doc.forEachEntry(root) { if doc.isObject($0) { keys.insert(doc.key($0)) } }
        guard keys.count >= 2 else { return nil }
        // Per field: the records that name another record of the root there, and whom.
        var naming: [String: [(record: String, named: String)]] = [:]
        doc.forEachEntry(root) { record in
            guard doc.isObject(record) else { return }
            let own = doc.key(record)
            doc.forEachChild(record) { member in
                // A Firestore reference is read as the document's id; a key is that id
                // percent-encoded where it holds what keys cannot.
                guard let text = doc.string(doc.value(member)) else { return }
                let key = encoded ? FirestoreNames.key(text) : text
                if key != own, keys.contains(key) { naming[doc.key(member), default: []].append((own, key)) }
            }
        }
        let fields = naming.filter { name, hits in
            let folded = RoleWords.fold(name)
            return hits.count >= 2 && !copyWords.contains(where: folded.contains)
        }
        guard let best = fields.max(by: { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key }) else { return nil }
        let comments = Set(best.value.map(\.record))
        let named = Set(best.value.map(\.named))
        guard comments.count < keys.count, named.subtracting(comments).count * 2 > named.count else { return nil }
        // Every record holding the field is a comment, the one naming a post since deleted too.
        var holders = 0
        doc.forEachEntry(root) { record in
            if doc.isObject(record), let m = doc.member(record, Schema.Name(best.key)), doc.isString(doc.value(m)) { holders += 1 }
        }
        let n = ExportInspection.number
        return (posts.text, best.key,
                "\(n(holders)) of the \(n(keys.count)) records of \(posts.text) hold \"\(best.key)\", naming another of its records "
                    + "(\(n(named.count)) posts): that post's comments, not posts")
    }
}

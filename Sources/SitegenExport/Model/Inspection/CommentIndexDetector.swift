/// The index of each post's comments, where the comments are kept flat by their own key
/// and name no post (son/Instagram's `post-comments/<postKey>/<commentKey>: true` beside
/// `comments/<commentKey>: {uid, commentText}`), whatever the roots' names: a root that
/// holds no role, most of whose keys are posts' keys, and most of whose lists' entries are
/// flags (not records) keyed by the keys of the comments root, read as `post_comments`:
/// each comment is the post's whose list holds its key. A comments root kept by post
/// (most of its keys posts' keys) has no such index. A root of records by post is the
/// comments themselves (`PostListsDetector`).
enum CommentIndexDetector {
    static func guess(_ e: RealtimeEvidence) -> RoleGuess? {
        let doc = e.doc, schema = e.schema
        guard !e.postKeys.isEmpty, schema.mapping.nodes[.postComments] == nil, e.isPresent(.comments),
              let place = schema.place(.comments), place.isRoot, let root = doc.member(doc.root, place.root),
              doc.isContainer(root) else { return nil }
        var comments = Set<String>()
        doc.forEachEntry(root) { if doc.isObject($0) { comments.insert(doc.key($0)) } }
        guard !comments.isEmpty, comments.intersection(e.postKeys).count * 2 < comments.count else { return nil }
        var best: (name: String, lists: Int, hits: Int, entries: Int)?
        e.freeRoots { name, node in
            var keys = 0, lists = 0, entries = 0, hits = 0
            doc.forEachEntry(node) { list in
                keys += 1
                guard doc.isObject(list), e.postKeys.contains(doc.key(list)) else { return }
                lists += 1
                doc.forEachEntry(list) { entry in
                    entries += 1
                    if !doc.isContainer(entry), comments.contains(doc.key(entry)) { hits += 1 }
                }
            }
            guard hits > 0, lists * 2 > keys, hits * 2 > entries else { return }
            if best == nil || hits > best!.hits { best = (name, lists, hits, entries) }
        }
        guard let best else { return nil }
        let n = RealtimeEvidence.number
        return RoleGuess(node: .postComments, place: best.name,
                         why: "\(n(best.lists)) lists keyed by posts' keys; \(n(best.hits)) of their \(n(best.entries)) entries are keys of \(place.root.text), kept flat by their own key: each comment is the post's that lists it")
    }
}

/// The index of each user's own posts where no name says it (`myPosts/<uid>/<postKey>:
/// true` beside flat posts, a UIKit course's), whatever the root's name: a root no role
/// holds, most of whose keys are users' ids, whose entries are flags (`true`, `1`, a
/// `{timestamp}`) keyed by posts' keys, nearly all of them (nine in ten) posts that the
/// list's user owns, covering at least half of the posts. A feed holds others' posts too
/// (`TimelineDetector`), and a root named for a feed, or for what a user liked or saved,
/// is left alone.
/// Read as `user_posts` (docs/export-format.md, "Posts").
enum UserPostsIndexDetector {
    static func guess(_ export: Export, _ schema: Schema) -> (path: String, why: String)? {
        let doc = export.document
        guard export.dialect == .makestagram, schema.mapping.nodes[.userPosts] == nil, doc.isObject(doc.root),
              schema.place(.posts) != nil else { return nil }
        if let place = schema.place(.userPosts), doc.member(doc.root, place.root) != nil { return nil }
        let v = Validator(Export(path: export.path, document: doc, schema: schema, firestore: export.firestore))
        v.indexUsers()
        v.indexMakestagramPosts()
        let posts = v.index.posts.count
        guard !v.index.users.isEmpty, posts > 0 else { return nil }
        let taken = Set(Schema.Node.allCases.compactMap { schema.place($0)?.root.text })
        var best: (name: String, lists: Int, own: Int, entries: Int)?
        doc.forEachEntry(doc.root) { root in
            let name = doc.key(root)
            guard doc.isObject(root), !taken.contains(name), !RoleWords.says(.likes, name), !RoleWords.says(.feed, name),
                  !["save", "bookmark", "notif", "activit"].contains(where: name.lowercased().contains) else { return }
            var keys = 0, lists = 0, entries = 0, own = 0
            doc.forEachEntry(root) { list in
                keys += 1
                guard doc.isObject(list), let reader = v.userIndex(key: list) else { return }
                lists += 1
                doc.forEachEntry(list) { entry in
                    entries += 1
                    guard isFlag(entry, in: doc), let p = v.postIndex(key: entry) else { return }
                    var mine = false
                    v.index.forEachPost(withKeyOf: p) { if v.index.posts[Int($0)].owner == reader { mine = true } }
                    if mine { own += 1 }
                }
            }
            guard lists * 2 > keys, own * 10 >= entries * 9, own * 2 >= posts else { return }
            if best == nil || own > best!.own { best = (name, lists, own, entries) }
        }
        guard let best else { return nil }
        let n = ExportInspection.number
        return (best.name, "\(n(best.own)) of the \(n(best.entries)) entries in \(n(best.lists)) users' lists are flags keyed by their own posts' keys")
    }

    /// `true`, `1`, a text, or a record of numbers and booleans only (`{timestamp: …}`).
    private static func isFlag(_ entry: Int32, in doc: JSONDocument) -> Bool {
        let value = doc.value(entry)
        guard doc.isContainer(value) else { return true }
        guard doc.isObject(value) else { return false }
        var scalars = true
        doc.forEachChild(value) { member in
            let kind = doc.kind(doc.value(member))
            if kind != .number && kind != .bool { scalars = false }
        }
        return scalars
    }
}

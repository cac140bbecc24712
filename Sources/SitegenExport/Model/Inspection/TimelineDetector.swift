/// The readers' timelines or feeds, wherever they are kept, and what their entries hold
/// (docs/export-format.md, "Timelines and feeds"):
/// - where no name says (`timeline/*/timelinePosts`, `feeds/*/userFeed`, `user-feed`,
///   `users/<u>/user-feed`), of the roots no other role holds, read as
///   `<root>/<reader>/<key>` or as `<root>/*/<sub>`, and of the users' subcollections, the
///   one whose lists are kept by users and whose entries are keyed by posts' ids, not
///   mostly the reader's own (an activity feed's `feed/<uid>/<postId>` is about the
///   reader's own posts) unless its name says a feed or a timeline and some entries are
///   others' posts (a feed that holds the reader's own posts, where few follow), the
///   most of them; never what a user liked, saved or was notified of;
/// - the rule the timeline follows, as the audit reads it: what its entries hold (`true`,
///   an id, a `{poster}` map, a copy of the post) and whether a reader's own posts are in it;
/// - a Firestore subcollection of copies of posts kept per reader, never taken for the posts.
enum TimelineDetector {
    /// The timeline's pattern, with the evidence.
    static func guess(_ export: Export, _ schema: Schema) -> (path: String, why: String)? {
        let doc = export.document
        guard export.dialect == .makestagram, schema.mapping.nodes[.timeline] == nil, doc.isObject(doc.root),
              let posts = schema.place(.posts) else { return nil }
        let schema = withOwner(schema, doc)
        let v = Validator(Export(path: export.path, document: doc, schema: schema, firestore: export.firestore))
        v.indexUsers()
        v.indexMakestagramPosts()
        guard !v.index.users.isEmpty, !v.index.posts.isEmpty else { return nil }
        let taken = Set(Schema.Node.allCases.filter { $0 != .timeline }.compactMap { schema.place($0)?.root.text } + [posts.root.text])
        var candidates: [Schema.Place] = []
        doc.forEachEntry(doc.root) { root in
            let name = doc.key(root)
            guard doc.isObject(root), !taken.contains(name) else { return }
            candidates.append(.root(Schema.Name(name)))
            var subs: [String: Int] = [:]
            doc.forEachEntry(root) { list in
                guard doc.isObject(list) else { return }
                doc.forEachEntry(list) { sub in
                    if doc.isObject(sub), doc.children(sub).first.map(doc.isObject) == true { subs[doc.key(sub), default: 0] += 1 }
                }
            }
            for sub in subs.keys.sorted() { candidates.append(Schema.Place(parts: [Schema.Name(name), nil, Schema.Name(sub)])) }
        }
        // A feed kept below each user's own document (the UIKit course's `users/<u>/user-feed/
        // <postId>`): a subcollection of the users no other role holds.
        if let users = schema.place(.users), users.isRoot, let root = doc.member(doc.root, users.root), doc.isObject(root) {
            let placed = Set(Schema.Node.allCases.compactMap { schema.place($0)?.text })
            var subs = Set<String>()
            doc.forEachEntry(root) { record in
                guard doc.isObject(record) else { return }
                doc.forEachChild(record) { sub in
                    if doc.isObject(sub), doc.children(sub).first.map(doc.isObject) == true { subs.insert(doc.key(sub)) }
                }
            }
            for sub in subs.sorted() where !placed.contains("\(users.root.text)/*/\(sub)") {
                candidates.append(Schema.Place(parts: [users.root, nil, Schema.Name(sub)]))
            }
        }
        // What a user liked, saved or was notified of is also kept per user and keyed by post.
        let otherLists = ["like", "save", "bookmark", "notif", "activit"]
        var best: (place: Schema.Place, lists: Int, entries: Int, others: Int, copies: Int)?
        for place in candidates where !otherLists.contains(where: place.text.lowercased().contains) && !RoleWords.says(.likes, place.text) {
            var lists = 0, readers = 0, entries = 0, keyed = 0, own = 0, others = 0, copies = 0
            Schema.forEachMatch(place.lists, in: doc) { list, keys in
                // Whole lists until 100,000 entries are read: a sample of a large timeline.
                guard entries < 100_000, doc.isObject(list) else { return }
                lists += 1
                let reader = v.user(keys[keys.count - 1])
                if reader != nil { readers += 1 }
                doc.forEachEntry(list) { entry in
                    entries += 1
                    guard let p = v.postIndex(key: entry) else { return }
                    keyed += 1
                    let post = v.index.posts[Int(p)]
                    var mine = false
                    v.index.forEachPost(withKeyOf: p) { if reader != nil && v.index.posts[Int($0)].owner == reader { mine = true } }
                    if mine { own += 1 } else { others += 1 }
                    if doc.isObject(entry), post.isObject, v.isCopy(entry, of: post.node) { copies += 1 }
                }
            }
            // Mostly the reader's own posts: an activity feed about them, unless the name says
            // a feed or a timeline and some entries are others' posts (a feed that fans a post
            // out to its owner too, in an app where few follow: dowless' `user-feed`).
            let named = RoleWords.says(.feed, place.text)
            guard lists > 0, readers * 2 >= lists, keyed * 2 >= entries, keyed > 0, others >= own || (named && others > 0) else { continue }
            if best == nil || keyed > best!.entries { best = (place, lists, keyed, others, copies) }
        }
        guard let best else { return nil }
        let what = best.copies * 2 > best.entries ? "copies of posts (their owner is not the list's reader)" : "keyed by posts' ids"
        return (best.place.text, "\(number(best.entries)) entries in \(number(best.lists)) users' lists are \(what)")
    }

    /// What the timeline's entries hold and whether a reader's own posts are in it, read
    /// from the data as the audit reads it (`Validator.readTimelineShape`).
    static func rule(_ export: Export, _ schema: Schema) -> String? {
        guard export.dialect == .makestagram, schema.place(.timeline) != nil else { return nil }
        let schema = withOwner(schema, export.document)
        let v = Validator(Export(path: export.path, document: export.document, schema: schema, firestore: export.firestore))
        // The follows too (whether a poster follows another tells an absent list from a
        // fan-out that did not run).
        v.indexGraph()
        return v.readTimelineShape()?.ruleText
    }

    /// Flat posts owned under a name no spelling has (KODDev's `publisher`, friendlypix-web's
    /// `author`) read with the owner they hold, as the block will map it: else every post
    /// seems another's (a copy of each under its owner, `user_photos/<uid>/<key>`, a
    /// timeline), and no reader's own post is counted in the rule.
    private static func withOwner(_ schema: Schema, _ doc: JSONDocument) -> Schema {
        guard schema.flatPosts, !schema.isCarried(.postOwner), let owner = PostsDetector.ownerField(schema, doc) else { return schema }
        var mapping = schema.mapping
        mapping.fields[.postOwner] = owner
        return Schema.read(doc, dialect: schema.dialect, mapping: mapping)
    }

    /// Whether the documents of subcollection `c` are copies of posts kept per reader, not
    /// the posts themselves: most name as their owner a user who is not their parent
    /// (`timeline/<reader>/timelinePosts/<id>: {ownerId: <someone else>, …}`; a post kept
    /// per owner names its parent), and an id repeats under several parents, or all do so.
    static func isCopies(_ c: String, uids: Set<String>, _ collections: FirestoreCollections) -> Bool {
        guard c.contains("/*/") else { return false }
        let doc = collections.doc
        var records = 0, elsewhere = 0, repeated = 0
        var parentOf: [String: String] = [:]
        collections.documents(c) { record, parent in
            guard let parent, doc.isObject(record) else { return }
            records += 1
            let key = doc.key(record)
            if let first = parentOf[key] { if first != parent { repeated += 1 } } else { parentOf[key] = parent }
            var others = false, names = false
            // The parent's id as the app writes it (`ana@x.com`, keyed `ana@x%2Ecom`).
            let parentID = FirestoreNames.name(key: parent)
            doc.forEachChild(record) { member in
                guard let text = doc.string(doc.value(member)) else { return }
                if text == parent || text == parentID { names = true } else if uids.contains(text) { others = true }
            }
            if others && !names { elsewhere += 1 }
        }
        return records > 0 && elsewhere * 2 > records && (repeated > 0 || elsewhere == records)
    }

    private static func number(_ n: Int) -> String { ExportInspection.number(n) }
}

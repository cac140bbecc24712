/// Likes kept where no recognised name says:
/// - Firestore: under each post, a subcollection of empty documents named as likes
///   (`posts/*/likes`, `posts/*/post-likes`); kept by user, `<root>/*/<sub>` of
///   documents keyed by posts' ids named as likes (`user-likes/*/posts`: `user_likes`),
///   whatever they hold (empty, a copy of the post), unless they are comments; kept by
///   post, `<root>/*/<sub>` of empty documents keyed by users' ids under posts' ids, the
///   root or sub named as likes (`begeniler/*/gonderiBegenileri`). Empty
///   documents named otherwise are said as a doubt, not mapped;
/// - in each post, at any depth, the list named `likes`, else the one whose name says
///   likes (`likedBy`, `likers`, `userLikes`) and whose keys are mostly users' ids (an
///   array of ids is read as such a set, on the Realtime Database too, a list of maps by
///   the id each holds); where that is a map of one list and its counter (`likes: {num,
///   users}`), the list inside;
/// - in each user's record, a `likes` list (`user_likes`).
/// - in a root collection of one document per post, an array of ids named as likes
///   (`likePost/<post>: {likes: [uid]}`: `firestoreArrays`).
/// Likes kept in a root of their own by post are `PostListsDetector`'s; flat, each naming
/// its post, `PostFieldDetector`'s.
enum LikesDetector {
    static func firestore(_ shapes: FirestoreShapes, _ found: inout FirestoreRoles.Found) {
        for (c, name, s) in shapes.inPosts where s.empty == s.records {
            if RoleWords.says(.likes, name) {
                found.take(.postLikes, c, "\(number(s.records)) empty documents in posts")
            } else {
                found.unsure.append("\(JSONString.quoted(c)): \(number(s.records)) empty documents in posts, not named as likes")
            }
        }
        // Kept by post (`<root>/<post>/<sub>/<uid>`: superknowa's `begeniler/*/gonderiBegenileri`),
        // empty documents (or holding a time alone) keyed by users' ids under parents that
        // are posts' ids, where the root's or the sub's name says likes in any language.
        for (c, s) in shapes.byParent where s.empty == s.records && s.userKeys * 2 >= s.records && s.postParents * 2 >= s.records
            && RoleWords.says(.likes, c) {
            found.take(.postLikes, c, "\(number(s.records)) empty documents keyed by users' ids, kept by post")
        }
        // Kept by user and keyed by posts' ids, a like is the document, whatever it holds
        // (empty, `{postId}`, a copy of the post: vladimirkoff's `users/*/user-likes`), as
        // `true`, `0`, `1` and maps are on the Realtime Database; documents that are
        // comments (text and a user's id) are not likes.
        for (c, s) in shapes.byParent where s.comments * 2 < s.records
            && s.userParents * 2 >= s.records && !(s.userKeys * 2 >= s.records) && s.postKeys * 2 >= s.records {
            let empty = s.empty == s.records
            if RoleWords.says(.likes, c) {
                found.take(.userLikes, c, "\(number(s.records)) \(empty ? "empty " : "")documents keyed by posts' ids, kept by user")
            } else if empty {
                found.unsure.append("\(JSONString.quoted(c)): \(number(s.records)) empty documents keyed by posts' ids, kept by user, not named as likes")
            }
        }
    }

    /// Likes kept as an array of users' ids in a root collection of one document per post
    /// (BlogCompose's `likePost/<post>: {likes: [uid, …]}`): of the root collections no role
    /// holds, nor the posts', one most of whose documents are keyed by posts' ids and hold, under one name
    /// that says likes, an array of ids (read as a set keyed by them) whose entries are
    /// mostly users' ids, and no user's id nor post's key in a field of its own (a
    /// comment's `{postId, userId, likes}` is about a post), is `postLikes = "<root>/*/<field>"`.
    static func firestoreArrays(_ collections: FirestoreCollections, posts: String?, uids: Set<String>, postIDs: Set<String>,
                                _ found: inout FirestoreRoles.Found) {
        guard found.mapping.nodes[.postLikes] == nil, !uids.isEmpty, !postIDs.isEmpty else { return }
        let doc = collections.doc
        let taken = Set(found.mapping.nodes.values.compactMap { $0.split(separator: "/").first.map(String.init) })
        for c in collections.layout.collections.sorted() where !c.contains("/") && c != posts && !taken.contains(c) {
            var records = 0, keyed = 0, entries = 0, ids = 0
            var fields: [String: Int] = [:]
            collections.documents(c) { record, _ in
                guard doc.isObject(record) else { return }
                records += 1
                guard postIDs.contains(doc.key(record)) else { return }
                // A document naming a user or a post in a field of its own (a comment's
                // `{postId, userId, likes}`, keyed by a number a post's key may also be) is
                // about a post, not its likes.
                var names = false
                doc.forEachChild(record) { member in
                    if let text = doc.string(doc.value(member)), uids.contains(text) || postIDs.contains(text) { names = true }
                }
                guard !names else { return }
                keyed += 1
                doc.forEachChild(record) { member in
                    let value = doc.value(member)
                    guard doc.isContainer(value), RoleWords.says(.likes, doc.key(member)) else { return }
                    var n = 0, hit = 0
                    doc.forEachEntry(value) { entry in
                        n += 1
                        if (doc.hasKey(entry) && uids.contains(doc.key(entry))) || doc.string(doc.value(entry)).map(uids.contains) == true { hit += 1 }
                    }
                    guard hit * 2 >= n else { return }
                    entries += n
                    ids += hit
                    fields[doc.key(member), default: 0] += 1
                }
            }
            guard records > 0, keyed * 2 > records, ids > 0,
                  let field = fields.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), field.value * 2 > records else { continue }
            found.take(.postLikes, "\(c)/*/\(field.key)",
                       "\(number(field.value)) of its \(number(records)) documents, keyed by posts' ids, hold users' ids in \"\(field.key)\"")
            return
        }
    }

    /// The likes list in each post (`posts/*/likes`, `users/*/posts/*/likedBy`).
    static func inPosts(_ c: InspectionContext) -> NodeGuess? {
        guard c.isPresent(.posts), !c.isPresent(.postLikes), let records = c.schema.postRecords else { return nil }
        var name = listName(in: records, uids: c.uids, doc: c.doc)
        var place = records + [Schema.Name(name)]
        // A map of the likers' list and its counter (`likes: {num, users}`): the likes are the
        // list (under any name that says likes: its entries are no users' ids themselves).
        var inner = listInCounterMap(at: place, uids: c.uids, doc: c.doc)
        if inner == nil, let found = counterMap(in: records, uids: c.uids, doc: c.doc) { (name, inner) = found }
        place = records + [Schema.Name(name)]
        if let inner { place.append(Schema.Name(inner)) }
        var lists = 0
        Schema.forEachMatch(place, in: c.doc) { list, _ in if c.doc.isContainer(list) { lists += 1 } }
        guard lists > 0 else { return nil }
        let path = place.map { $0?.text ?? "*" }.joined(separator: "/")
        let what = inner.map { "a \"\(name)\" map of a \"\($0)\" list and a number" } ?? "a \"\(name)\" list"
        return (.postLikes, path, "\(number(lists)) posts hold \(what)")
    }

    /// The map named as likes that holds the likers' list and its counter
    /// (`listInCounterMap`), held by the most posts, and that list's name.
    private static func counterMap(in records: [Schema.Name?], uids: Set<String>, doc: JSONDocument) -> (map: String, list: String)? {
        var held: [String: Int] = [:]
        Schema.forEachMatch(records, in: doc) { post, _ in
            guard doc.isObject(post) else { return }
            doc.forEachChild(post) { member in
                if RoleWords.says(.likes, doc.key(member)), doc.isObject(doc.value(member)) { held[doc.key(member), default: 0] += 1 }
            }
        }
        for (name, _) in held.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            if let list = listInCounterMap(at: records + [Schema.Name(name)], uids: uids, doc: doc) { return (name, list) }
        }
        return nil
    }

    /// The likers' list inside a post's likes kept as a map of it and its counter (igips'
    /// `likes: {num, users: [usernames]}`): the name of the one list of most such maps,
    /// kept beside exactly one number and nothing else, under a key that is no user's id,
    /// its entries mostly users' ids; nil where the likes are no such map.
    static func listInCounterMap(at place: [Schema.Name?], uids: Set<String>, doc: JSONDocument) -> String? {
        var maps = 0, entries = 0, ids = 0
        var names: [String: Int] = [:]
        Schema.forEachMatch(place, in: doc) { likes, _ in
            guard doc.isContainer(likes) else { return }
            maps += 1
            guard doc.isObject(likes) else { return }
            var (list, numbers, other): (Int32?, Int, Int) = (nil, 0, 0)
            doc.forEachChild(likes) { member in
                let value = doc.value(member)
                if doc.isContainer(value) && list == nil && !uids.contains(doc.key(member)) { list = member }
                else if doc.isNumber(value) { numbers += 1 }
                else { other += 1 }
            }
            guard let list, numbers == 1, other == 0 else { return }
            names[doc.key(list), default: 0] += 1
            doc.forEachEntry(doc.value(list)) { entry in
                entries += 1
                if doc.string(doc.value(entry)).map(uids.contains) == true || uids.contains(doc.key(entry)) { ids += 1 }
            }
        }
        guard let best = names.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), best.value * 2 > maps, ids * 2 >= entries else { return nil }
        return best.key
    }

    /// A user's list of the posts they liked, in their record (`users/*/likes`).
    static func inUsers(_ c: InspectionContext) -> NodeGuess? {
        c.listInUsers(.userLikes, ["likes"])
    }

    /// The name of the likes kept in each post: `likes`, else the container whose name
    /// says likes (`likedBy`, `likers`) and whose keys are mostly users' ids (an array of
    /// ids is read as such a set), held by the most posts.
    static func listName(in records: [Schema.Name?], uids: Set<String>, doc: JSONDocument) -> String {
        // Keyed by a user's id, a map holding one (an item of a list of maps), or, in an
        // array, a user's id itself (a Realtime Database array of ids: `userLikes: ["u1"]`).
        InspectionValues.listName(.likes, standard: "likes", in: records, doc: doc, counts: { entry in
            uids.contains(doc.key(entry)) || (doc.isObject(entry) && InspectionValues.authorField(entry, uids: uids, in: doc) != nil)
                || (!doc.hasKey(entry) && doc.string(doc.value(entry)).map(uids.contains) == true)
        }, enough: { $0 * 2 >= $1 })
    }

    private static func number(_ n: Int) -> String { ExportInspection.number(n) }
}

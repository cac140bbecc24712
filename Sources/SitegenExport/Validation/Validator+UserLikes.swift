// MARK: - Makestagram: what each user liked, a mirror of the posts' likes

/// A like as a post index and a user index.
struct LikePair: Hashable {
    let post: Int32
    let user: Int32
}

/// The valid likes of one side of the like mirror, and each post's or user's list node.
struct LikeSide {
    var pairs = Set<LikePair>()
    /// Post (for the posts' likes) or user (for `user_likes`) index → its list node.
    var lists: [Int32: Int32] = [:]
    /// Whether the export keeps this side at all (a root node, or the list in some record).
    var exists = false
    /// Where its lists are pushed lists of ids: entries a repair adds are written so.
    var pushed = PushedLists()
    /// The value its entries keyed by an id hold (`true`, `1`, `"1"`): an entry a repair
    /// adds holds the same.
    var flag: String?
    /// Where its lists are arrays of ids (`userLikes: ["u1"]`): an entry a repair adds is
    /// appended to the array (`Validator+IDArrays.swift`).
    var idArrays = false
}

extension Validator {
    /// `user_likes/<uid>/<postKey>` (FriendlyPix's `users/<uid>/likes`), when the app keeps
    /// it: a list of no user, or an entry for no post, dangles (`like_dangling`, removed);
    /// when the app keeps both sides, a like on one side only is `like_mirror_missing` at
    /// the other side's path (added as `true`), as follow edges are mirrored. The likes
    /// counted are the union of the two sides, as the repair leaves them. Runs after
    /// `checkPostLikes`, which collects the posts' side only when this node is mapped
    /// (no cost for the apps without it).
    func checkUserLikes() {
        guard let place = schema.place(.userLikes) else { return }
        var mine = LikeSide()
        mine.idArrays = arraysHoldIDs(at: place, ofPosts: true)
        forEachList(at: place) { uid, list, listPath in
            mine.exists = true
            guard let user = user(uid) else {
                remove(.likeDangling, listPath(), node: list)
                return
            }
            if mine.idArrays, doc.isArray(list) {
                // An array of posts' keys: each text the like of the post it names.
                mine.lists[user] = list
                var seen = Set<Int32>()
                doc.forEachEntry(list) { element in
                    guard doc.isString(doc.value(element)) else { return }
                    if let post = heldPost(element) {
                        if seen.insert(post).inserted { mine.pairs.insert(LikePair(post: post, user: user)) }
                    } else {
                        removeIDElement(.likeDangling, idElementPath(listPath(), element), element: element, list: list, listPath: listPath())
                    }
                }
                return
            }
            // A list that is not an object is left alone (no post keys to read, nowhere to add).
            guard doc.isObject(list) else { return }
            mine.lists[user] = list
            doc.forEachEntry(list) { entry in
                if isNoEdge(entry) { return }
                if let post = postIndex(key: entry) {
                    mine.pairs.insert(LikePair(post: post, user: user))
                    if mine.flag == nil { mine.flag = yesFlag(entry) }
                } else if let post = heldPost(entry) {
                    mine.pairs.insert(LikePair(post: post, user: user))
                    mine.pushed.saw(doc.key(entry))
                } else {
                    remove(.likeDangling, "\(listPath())/\(doc.key(entry))", node: entry)
                }
            }
        }
        let theirs = postLikes
        postLikes = LikeSide()
        // Likes kept only per user are likes all the same: counted whether or not mirrored.
        for pair in mine.pairs where !theirs.pairs.contains(pair) { likeCount[Int(pair.post)] += 1 }
        guard theirs.exists && mine.exists else { return }
        var newLists: [Int32: [String]] = [:], newListOrder: [Int32] = []
        for pair in sorted(theirs.pairs.subtracting(mine.pairs)) {
            let (post, user) = (index.posts[Int(pair.post)].key, index.users[Int(pair.user)].uid)
            let list = mine.lists[pair.user] ?? -1
            if mine.idArrays, list < 0 || doc.isArray(list) {
                let listPath = location(of: .userLikes, user, list: list, below: []).path
                let text = JSONString.quoted(post)
                report(.likeMirrorMissing, "\(listPath)/\(post)", found: nil, expected: text, repair: .add)
                if list >= 0 {
                    appendIDElement(text, list: list, listPath: listPath, for: .likeMirrorMissing)
                } else {
                    if newLists[pair.user] == nil { newListOrder.append(pair.user) }
                    newLists[pair.user, default: []].append(text)
                }
                continue
            }
            let (entry, text) = mine.pushed.any
                ? pushedEntry(in: list, newest: mine.pushed.newest, id: post, seed: "user_likes/\(user)/\(post)") : (post, mine.flag ?? "true")
            let (path, under, keys) = location(of: .userLikes, user, list: list, below: [entry])
            set(.likeMirrorMissing, path, node: nil, text: text, under: under, keys: keys, repair: .add, existing: list >= 0)
        }
        for u in newListOrder {
            let (path, under, keys) = location(of: .userLikes, index.users[Int(u)].uid, list: -1, below: [])
            record(.add(under: under, keys: keys, path: path, text: "[" + newLists[u]!.joined(separator: ",") + "]"), for: .likeMirrorMissing)
        }
        var newArrays: [Int32: [String]] = [:], newArrayOrder: [Int32] = []
        for pair in sorted(mine.pairs.subtracting(theirs.pairs)) {
            let (post, user) = (index.posts[Int(pair.post)].key, index.users[Int(pair.user)].uid)
            let list = theirs.lists[pair.post] ?? -1
            if theirs.idArrays, list >= 0, doc.isArray(list) {
                let listPath = location(ofPostList: .postLikes, pair.post, list: list, below: []).path
                let text = JSONString.quoted(index.encodedIDs ? FirestoreNames.name(key: user) : user)
                report(.likeMirrorMissing, "\(listPath)/\(user)", found: nil, expected: text, repair: .add)
                appendIDElement(text, list: list, listPath: listPath, for: .likeMirrorMissing)
                continue
            }
            if theirs.idArrays, list < 0 {
                // No list yet: the array made with its likers, as the app writes it.
                let path = location(ofPostList: .postLikes, pair.post, list: -1, below: []).path
                let text = JSONString.quoted(index.encodedIDs ? FirestoreNames.name(key: user) : user)
                report(.likeMirrorMissing, "\(path)/\(user)", found: nil, expected: text, repair: .add)
                if newArrays[pair.post] == nil { newArrayOrder.append(pair.post) }
                newArrays[pair.post, default: []].append(text)
                continue
            }
            let (entry, text) = theirs.pushed.any
                ? pushedEntry(in: list, newest: theirs.pushed.newest, id: user, seed: "likes/\(post)/\(user)") : (user, theirs.flag ?? "true")
            let (path, under, keys) = location(ofPostList: .postLikes, pair.post, list: list, below: [entry])
            set(.likeMirrorMissing, path, node: nil, text: text, under: under, keys: keys, repair: .add, existing: list >= 0)
        }
        for post in newArrayOrder {
            let (path, under, keys) = location(ofPostList: .postLikes, post, list: -1, below: [])
            record(.add(under: under, keys: keys, path: path, text: "[" + newArrays[post]!.joined(separator: ",") + "]"), for: .likeMirrorMissing)
        }
    }

    /// Pairs in a fixed order (post, then user), so that edits made under one node come in
    /// the same order on every run.
    private func sorted(_ pairs: Set<LikePair>) -> [LikePair] {
        pairs.sorted { ($0.post, $0.user) < ($1.post, $1.user) }
    }

    /// Whether the export has a list at `place` (its root node, or the member in some record).
    func hasLists(at place: Schema.Place?) -> Bool {
        var found = false
        forEachList(at: place) { _, _, _ in found = true }
        return found
    }
}

// MARK: - Follow graph

/// The valid edges of one edge tree, as (x, y) pairs of `<tree>/<x>/<y>`, and the
/// node of `<tree>/<x>` per user.
struct EdgeTree {
    var xs: [Int32] = []
    var ys: [Int32] = []
    var nodeOf: [Int32]
    /// Whether the export has the tree at all (a root node, or the member in some record).
    var exists = false
    /// Where its lists are arrays of maps (`[{followedBy: uid}]`): the member an item names
    /// its user in, for the items a repair adds (`Validator+ListItems.swift`).
    var itemField: String?
    /// Where its lists are pushed lists of ids (`<pushId>: "<uid>"`): entries a repair adds
    /// are written so (`Validator+PushedLists.swift`).
    var pushed = PushedLists()
    /// The value its entries keyed by a user hold (`true`, `1`, `"1"`): an entry a repair
    /// adds holds the same, as the app writes it.
    var flag: String?
    /// Where its lists are arrays of ids (`following: ["u2"]`): an entry a repair adds is
    /// appended to the array (`Validator+IDArrays.swift`).
    var idArrays = false
}

extension Validator {
    /// The key of a list: a member of an object (read from its bytes, no `String` made), or
    /// an exported array's element (its index).
    typealias ListKey = PathKey

    /// Calls `body` with each list of a node at `place` that holds entries per key
    /// (`Place.lists`): for a root node `<name>/<x>` (array elements by index), for a
    /// path `<root>/<…>/<x>/<member>` each match, keyed by its last `*`; with the key `x`,
    /// the list, and its path (made when asked).
    func forEachList(at place: Schema.Place?, _ body: (_ x: ListKey, _ list: Int32, _ path: () -> String) -> Void) {
        guard let place else { return }
        let pattern = place.lists
        Schema.forEachMatch(pattern, in: doc) { list, keys in
            body(keys[keys.count - 1], list, { self.path(pattern, keys) })
        }
    }

    /// The path of a match of `pattern` whose `*`s stood for `keys`.
    func path(_ pattern: [Schema.Name?], _ keys: UnsafeBufferPointer<PathKey>) -> String {
        var k = 0
        var parts: [String] = []
        for part in pattern {
            if let part { parts.append(part.text) } else { parts.append(keys[k].text(doc)); k += 1 }
        }
        return parts.joined(separator: "/")
    }

    @inline(__always) func user(_ x: ListKey) -> Int32? {
        if let u = x.position.map({ index.userTable.lookup(String($0)) }) ?? userIndex(key: x.node) { return u }
        // A list kept in a user's record keyed by an auto id (`user_id` mapped).
        return index.userByKey.isEmpty ? nil : index.userByKey[text(x)]
    }

    @inline(__always) func post(_ x: ListKey) -> Int32? {
        x.position.map { index.postTable.lookup(String($0)) } ?? postIndex(key: x.node)
    }

    func text(_ x: ListKey) -> String { x.text(doc) }

    /// Visits the edges `<x>/<y>` of the tree of `node`, reporting dangling and self
    /// edges and collecting the rest. An item of an array that is a map stands for the user
    /// it names (`itemUser`); the same user twice in one list is one edge.
    func walkEdgeTree(_ node: Schema.Node) -> EdgeTree {
        if schema.edgeDocuments == node { return walkEdgeDocuments(node) }
        let place = schema.place(node)
        var result = EdgeTree(nodeOf: [Int32](repeating: -1, count: index.users.count))
        let names = itemNames(node)
        var itemKeys: [String: Int] = [:]
        result.idArrays = arraysHoldIDs(at: place)
        forEachList(at: place) { xKey, xNode, prefix in
            result.exists = true
            guard doc.isContainer(xNode) else { return }
            let x = user(xKey)
            if let x { result.nodeOf[Int(x)] = xNode }
            let xIsArray = doc.isArray(xNode)
            var yPosition = 0
            var seen = Set<Int32>()
            doc.forEachEntry(xNode) { yNode in
                defer { yPosition += 1 }
                if isNoEdge(yNode) { return }
                let found = entryUser(yNode, position: yPosition, inArray: xIsArray, idArray: result.idArrays, names: names)
                let y = found.user
                if let key = found.itemKey { itemKeys[key, default: 0] += 1 }
                if result.flag == nil { result.flag = found.flag }
                if let key = found.pushKey { result.pushed.saw(key) }
                if let x, let y, x != y {
                    if found.isHeld && !seen.insert(y).inserted { return }
                    result.xs.append(x)
                    result.ys.append(y)
                    return
                }
                let code: FindingCode = x == nil || y == nil ? .followDangling : .selfFollow
                if found.isIDElement {
                    let listPath = prefix()
                    removeIDElement(code, idElementPath(listPath, yNode), element: yNode, list: xNode, listPath: listPath)
                    return
                }
                let yKey = xIsArray ? String(yPosition) : doc.key(yNode)
                remove(code, "\(prefix())/\(yKey)", node: yNode)
            }
        }
        if let place, place.isRoot, doc.isObject(doc.root), doc.member(doc.root, place.root) != nil { result.exists = true }
        result.itemField = Self.itemField(mapped: names, counts: itemKeys)
        return result
    }

    /// Follows kept as a root of edge documents, each one follow naming its follower in
    /// `follower_id` and the one followed in `followed_id` (`seguimientos/<a>_<b>: {seguidor,
    /// seguido, fecha}`, `follows/<id>: {followerId, followingId}`; docs/audit-rules.md,
    /// "Follow graph"): a document naming one who is no user is `follow_dangling`, one naming
    /// the same user twice `self_follow`, each at the document (removed whole: on Firestore,
    /// the document deleted); a second document of the same follow is the same edge. A
    /// record holding neither field as text is no follow and is left alone. The edges are
    /// returned as the node's tree reads them (`followers/<a>/<b>`: b follows a).
    private func walkEdgeDocuments(_ node: Schema.Node) -> EdgeTree {
        var result = EdgeTree(nodeOf: [Int32](repeating: -1, count: index.users.count))
        guard let place = schema.place(node), doc.isObject(doc.root), let root = doc.member(doc.root, place.root), doc.isContainer(root) else {
            return result
        }
        result.exists = true
        let (followerNames, followedNames) = (schema.names(.followerID), schema.names(.followedID))
        let rootName = place.root.text
        var seen = Set<Int64>()
        keyedChildren(root) { record, key in
            guard doc.isObject(record) else { return }
            let a = doc.member(record, followerNames).flatMap { doc.string(doc.value($0)) }
            let b = doc.member(record, followedNames).flatMap { doc.string(doc.value($0)) }
            guard a != nil || b != nil else { return }
            let follower = a.flatMap { index.user(uid: $0) }, followed = b.flatMap { index.user(uid: $0) }
            guard let follower, let followed, follower != followed else {
                remove(follower == nil || followed == nil ? .followDangling : .selfFollow, "\(rootName)/\(key)", node: record)
                return
            }
            guard seen.insert(Int64(follower) << 32 | Int64(followed)).inserted else { return }
            result.xs.append(node == .following ? follower : followed)
            result.ys.append(node == .following ? followed : follower)
        }
        return result
    }

    /// Makestagram: each valid edge of `followers/<a>/<b>` (b follows a) needs its mirror
    /// `following/<b>/<a>`, and the reverse, when the app keeps both trees (an app that
    /// keeps one side has no mirror to miss). The repaired graph is the union.
    func mirrorFollowTrees(followers f: EdgeTree, following g: EdgeTree) {
        let n = index.users.count
        // Follows kept as edge documents are one record per follow: no other side to mirror.
        let checked = f.exists && g.exists && schema.edgeDocuments == nil
        // As (follower, followed): followers/<a>/<b> is (b, a); following/<b>/<a> is (b, a).
        let byFollowing = AdjacencyRows(rowCount: n, sources: g.xs, targets: g.ys)  // row b: a's per `following`
        var follower = g.xs, followed = g.ys
        var appends = ItemAppends()
        for i in f.xs.indices {
            let (a, b) = (f.xs[i], f.ys[i])
            if byFollowing.contains(Int(b), a) { continue }
            follower.append(b)
            followed.append(a)
            if checked { addMirror(.following, g, index.users[Int(b)].uid, index.users[Int(a)].uid, list: g.nodeOf[Int(b)], appends: &appends) }
        }
        if checked {
            let byFollowers = AdjacencyRows(rowCount: n, sources: f.ys, targets: f.xs)  // row b: a's per `followers`
            for i in g.xs.indices {
                let (b, a) = (g.xs[i], g.ys[i])
                if byFollowers.contains(Int(b), a) { continue }
                addMirror(.followers, f, index.users[Int(a)].uid, index.users[Int(b)].uid, list: f.nodeOf[Int(a)], appends: &appends)
            }
        }
        recordAppends(appends, .followMirrorMissing)
        // Union: every `following` edge, plus the `followers` edges it lacks (added above).
        graph = FollowGraph(userCount: n, followers: follower, followed: followed)
    }

    /// `follow_mirror_missing` for the edge `<tree>/<x>/<y>`, added below the deepest node
    /// that exists (`list`: the node of `<tree>/<x>`, or -1); to a list of maps (`edges`'
    /// lists are arrays of maps, and this one is an array or absent), an item naming `y`.
    private func addMirror(_ tree: Schema.Node, _ edges: EdgeTree, _ x: String, _ y: String, list: Int32, appends: inout ItemAppends) {
        if let field = edges.itemField, list < 0 || doc.isArray(list) {
            appends.append(tree, x: x, list: list, id: y, text: itemText(field: field, uid: y))
            return
        }
        if edges.idArrays, list < 0 || doc.isArray(list) {
            appends.append(tree, x: x, list: list, id: y, text: JSONString.quoted(index.encodedIDs ? FirestoreNames.name(key: y) : y), rewrite: true)
            return
        }
        var (entry, text) = (y, edges.flag ?? "true")
        if edges.pushed.any {
            (entry, text) = pushedEntry(in: list, newest: edges.pushed.newest, id: y, seed: "\(tree.rawValue)/\(x)/\(y)")
        }
        let (path, under, keys) = location(of: tree, x, list: list, below: [entry])
        set(.followMirrorMissing, path, node: nil, text: text, under: under, keys: keys, repair: .add, existing: list >= 0)
    }

    /// The object `<records>/<x>`, if there is one: a user's record through the index.
    private func record(_ x: String, in records: Schema.Name, root: Int32?) -> Int32? {
        guard let root else { return nil }
        if records == schema.name(.users), let u = index.userTable.lookup(x) {
            let user = index.users[Int(u)]
            return user.node != user.details ? user.node : nil
        }
        return doc.child(root, key: x).flatMap { doc.isObject($0) ? $0 : nil }
    }

    /// Where an entry `keys` of the list of `x` in the node `node` is added: its path, the
    /// deepest node that exists and the keys below it (`list`: that list's node, or -1).
    /// `x` stands for the place's last `*`; a path with more `*`s than one is kept in each
    /// post (`locationInPost`) or has the list, as only a list that exists names them.
    func location(of node: Schema.Node, _ x: String, list: Int32, below keys: [String]) -> (path: String, under: Int32, keys: [String]) {
        let place = schema.place(node) ?? .root(schema.name(node))
        let root = doc.isObject(doc.root) ? doc.member(doc.root, place.root) : nil
        if place.isRoot {
            let name = place.root
            let path = ([name.text, x] + keys).joined(separator: "/")
            if list >= 0 { return (path, list, keys) }
            if let root { return (path, root, [x] + keys) }
            return (path, doc.root, [name.text, x] + keys)
        }
        // `<records>/<x>/<member…>`: the record through the users' index when it is a user's.
        let star = place.parts.lastIndex(where: { $0 == nil })!
        let records = place.parts[..<star].map { $0?.text ?? "*" }, members = place.parts[(star + 1)...].map { $0!.text }
        var recordKey = x
        if records.count == 1, place.root == schema.name(.users), let u = index.userTable.lookup(x) { recordKey = index.users[Int(u)].key }
        let path = (records + [recordKey] + members + keys).joined(separator: "/")
        if list >= 0 { return (path, list, keys) }
        let record = records.count == 1 ? self.record(x, in: place.root, root: root) : nil
        if let record { return (path, record, members + keys) }
        if records.count == 1, let root { return (path, root, [x] + members + keys) }
        return (path, doc.root, records + [x] + members + keys)
    }

    /// `location(of:)` for a list kept by post: in the post itself where the node is kept in
    /// each post (`users/*/posts/*/likes`), else under the post's key.
    func location(ofPostList node: Schema.Node, _ p: Int32, list: Int32, below keys: [String]) -> (path: String, under: Int32, keys: [String]) {
        let post = index.posts[Int(p)]
        guard let place = schema.place(node), let records = schema.postRecords, let members = place.members(below: records) else {
            // Kept by owner, then by post (`posts_likes/*/*`): under the post's owner's key.
            if let place = schema.place(node), place.parts.count == 3, place.parts[1] == nil, place.parts[2] == nil {
                let owner = index.groups[Int(post.group)].ownerKey
                let path = ([place.root.text, owner, post.key] + keys).joined(separator: "/")
                if list >= 0 { return (path, list, keys) }
                guard doc.isObject(doc.root), let root = doc.member(doc.root, place.root) else {
                    return (path, doc.root, [place.root.text, owner, post.key] + keys)
                }
                if let group = doc.child(root, key: owner), doc.isObject(group) { return (path, group, [post.key] + keys) }
                return (path, root, [owner, post.key] + keys)
            }
            return location(of: node, post.key, list: list, below: keys)
        }
        let path = ([postPath(post)] + members.map(\.text) + keys).joined(separator: "/")
        if list >= 0 { return (path, list, keys) }
        // Under the deepest map of the list's path the post holds (`likes` of `likes/users`).
        var (under, rest) = (post.node, members.map(\.text))
        while let name = rest.first, let m = doc.member(under, Schema.Name(name)), doc.isObject(m) {
            under = m
            rest.removeFirst()
        }
        return (path, under, rest + keys)
    }

    /// The timeline dialect: `users/<a>/follows/<b>` (a follows b): dangling, else self-follow.
    func checkFollowsLists() {
        var follower: [Int32] = [], followed: [Int32] = []
        for a in index.users.indices {
            guard let list = doc.member(index.users[a].node, schema.names(.follows)), doc.isContainer(list) else { continue }
            let isArray = doc.isArray(list)
            var position = 0
            doc.forEachEntry(list) { bNode in
                defer { position += 1 }
                if isNoEdge(bNode) { return }
                let b = isArray ? index.userTable.lookup(String(position)) : userIndex(key: bNode) ?? heldUser(bNode)
                if let b, b != Int32(a) {
                    follower.append(Int32(a))
                    followed.append(b)
                    return
                }
                let path = "\(node(.users))/\(index.users[a].key)/\(doc.key(list))/\(isArray ? String(position) : doc.key(bNode))"
                remove(b == nil ? .followDangling : .selfFollow, path, node: bNode)
            }
        }
        graph = FollowGraph(userCount: index.users.count, followers: follower, followed: followed)
    }
}

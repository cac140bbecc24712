// MARK: - Follow graph

/// The valid edges of one edge tree, as (x, y) pairs of `<tree>/<x>/<y>`, and the
/// node of `<tree>/<x>` per user.
struct EdgeTree {
    var xs: [Int32] = []
    var ys: [Int32] = []
    var nodeOf: [Int32]
}

extension Validator {
    /// Visits `<name>/<x>/<y>`, reporting dangling and self edges and collecting the rest.
    func walkEdgeTree(_ tree: Int32?, name: String) -> EdgeTree {
        var result = EdgeTree(nodeOf: [Int32](repeating: -1, count: index.users.count))
        guard let tree else { return result }
        let treeIsArray = doc.isArray(tree)
        var xPosition = 0
        doc.forEachChild(tree) { xNode in
            defer { xPosition += 1 }
            guard doc.isContainer(xNode) else { return }
            let x = treeIsArray ? index.userTable.lookup(String(xPosition)) : userIndex(key: xNode)
            if let x { result.nodeOf[Int(x)] = xNode }
            let xIsArray = doc.isArray(xNode)
            var yPosition = 0
            doc.forEachChild(xNode) { yNode in
                defer { yPosition += 1 }
                if xIsArray && doc.isNull(yNode) { return }
                let y = xIsArray ? index.userTable.lookup(String(yPosition)) : userIndex(key: yNode)
                if let x, let y, x != y {
                    result.xs.append(x)
                    result.ys.append(y)
                    return
                }
                let xKey = treeIsArray ? String(xPosition) : doc.key(xNode)
                let yKey = xIsArray ? String(yPosition) : doc.key(yNode)
                remove(x == nil || y == nil ? .followDangling : .selfFollow, "\(name)/\(xKey)/\(yKey)", node: yNode)
            }
        }
        return result
    }

    /// Makestagram: each valid edge of `followers/<a>/<b>` (b follows a) needs its mirror
    /// `following/<b>/<a>`, and the reverse. The repaired graph is the union.
    func mirrorFollowTrees(followers f: EdgeTree, following g: EdgeTree) {
        let n = index.users.count
        // As (follower, followed): followers/<a>/<b> is (b, a); following/<b>/<a> is (b, a).
        let byFollowers = AdjacencyRows(rowCount: n, sources: f.ys, targets: f.xs)  // row b: a's per `followers`
        let byFollowing = AdjacencyRows(rowCount: n, sources: g.xs, targets: g.ys)  // row b: a's per `following`
        var follower = g.xs, followed = g.ys
        for i in f.xs.indices {
            let (a, b) = (f.xs[i], f.ys[i])
            if byFollowing.contains(Int(b), a) { continue }
            follower.append(b)
            followed.append(a)
            addMirror(node(.following), index.users[Int(b)].uid, index.users[Int(a)].uid,
                      parentNode: g.nodeOf[Int(b)], tree: export.following)
        }
        for i in g.xs.indices {
            let (b, a) = (g.xs[i], g.ys[i])
            if byFollowers.contains(Int(b), a) { continue }
            addMirror(node(.followers), index.users[Int(a)].uid, index.users[Int(b)].uid,
                      parentNode: f.nodeOf[Int(a)], tree: export.followers)
        }
        // Union: every `following` edge, plus the `followers` edges it lacks (added above).
        graph = FollowGraph(userCount: n, followers: follower, followed: followed)
    }

    private func addMirror(_ name: String, _ x: String, _ y: String, parentNode: Int32, tree: Int32?) {
        let path = "\(name)/\(x)/\(y)"
        if parentNode >= 0 {
            set(.followMirrorMissing, path, node: nil, text: "true", under: parentNode, keys: [y], repair: .add)
        } else if let tree {
            set(.followMirrorMissing, path, node: nil, text: "true", under: tree, keys: [x, y], repair: .add)
        } else {
            set(.followMirrorMissing, path, node: nil, text: "true", under: doc.root, keys: [name, x, y], repair: .add)
        }
    }

    /// The timeline dialect: `users/<a>/follows/<b>` (a follows b): dangling, else self-follow.
    func checkFollowsLists() {
        var follower: [Int32] = [], followed: [Int32] = []
        for a in index.users.indices {
            guard let list = doc.member(index.users[a].node, schema.names(.follows)), doc.isContainer(list) else { continue }
            let isArray = doc.isArray(list)
            var position = 0
            doc.forEachChild(list) { bNode in
                defer { position += 1 }
                if isArray && doc.isNull(bNode) { return }
                let b = isArray ? index.userTable.lookup(String(position)) : userIndex(key: bNode)
                if let b, b != Int32(a) {
                    follower.append(Int32(a))
                    followed.append(b)
                    return
                }
                let path = "\(node(.users))/\(index.users[a].uid)/\(doc.key(list))/\(isArray ? String(position) : doc.key(bNode))"
                remove(b == nil ? .followDangling : .selfFollow, path, node: bNode)
            }
        }
        graph = FollowGraph(userCount: index.users.count, followers: follower, followed: followed)
    }
}

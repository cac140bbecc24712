// MARK: - Follow graph

extension Validator {
    /// Dialect A: `followers/<a>/<b>` (b follows a) and `following/<b>/<a>`. Each edge:
    /// dangling, else self-follow, else its mirror must exist in the other tree.
    func checkFollowTrees() {
        let n = index.users.count
        var followersNode = [Int32](repeating: -1, count: n)
        var followingNode = [Int32](repeating: -1, count: n)
        // byFollowed[a] = followers of a per `followers`; byFollower[b] = who b follows per `following`.
        var byFollowed = [[Int32]](repeating: [], count: n)
        var byFollower = [[Int32]](repeating: [], count: n)
        if let tree = export.followers { walkEdgeTree(tree, name: "followers", rows: &byFollowed, nodes: &followersNode) }
        if let tree = export.following { walkEdgeTree(tree, name: "following", rows: &byFollower, nodes: &followingNode) }
        for i in 0..<n {
            byFollowed[i].sort()
            byFollower[i].sort()
        }

        followersOf = byFollowed
        followingOf = byFollower
        for a in 0..<n {
            for b in byFollowed[a] where !byFollower[Int(b)].sortedContains(Int32(a)) {
                let (ua, ub) = (index.users[a].uid, index.users[Int(b)].uid)
                addMirror("following", ub, ua, parentNode: followingNode[Int(b)], tree: export.following)
                followingOf[Int(b)].append(Int32(a))
            }
        }
        for b in 0..<n {
            for a in byFollower[b] where !byFollowed[Int(a)].sortedContains(Int32(b)) {
                let (ua, ub) = (index.users[Int(a)].uid, index.users[b].uid)
                addMirror("followers", ua, ub, parentNode: followersNode[Int(a)], tree: export.followers)
                followersOf[Int(a)].append(Int32(b))
            }
        }
        for i in 0..<n {
            if followersOf[i].count != byFollowed[i].count { followersOf[i].sort() }
            if followingOf[i].count != byFollower[i].count { followingOf[i].sort() }
        }
    }

    /// Visits `<name>/<x>/<y>`, reporting dangling and self edges and collecting the rest
    /// as `rows[x] = [y]`.
    private func walkEdgeTree(_ tree: Int32, name: String, rows: inout [[Int32]], nodes: inout [Int32]) {
        let treeIsArray = doc.isArray(tree)
        var xPosition = 0
        doc.forEachChild(tree) { xNode in
            defer { xPosition += 1 }
            guard doc.isContainer(xNode) else { return }
            let x = treeIsArray ? index.userTable.lookup(String(xPosition)) : userIndex(key: xNode)
            if let x { nodes[Int(x)] = xNode }
            let xIsArray = doc.isArray(xNode)
            var yPosition = 0
            doc.forEachChild(xNode) { yNode in
                defer { yPosition += 1 }
                if xIsArray && doc.isNull(yNode) { return }
                let y = xIsArray ? index.userTable.lookup(String(yPosition)) : userIndex(key: yNode)
                if let x, let y, x != y {
                    rows[Int(x)].append(y)
                    return
                }
                let xKey = treeIsArray ? String(xPosition) : doc.key(xNode)
                let yKey = xIsArray ? String(yPosition) : doc.key(yNode)
                let path = "\(name)/\(xKey)/\(yKey)"
                remove(x == nil || y == nil ? .followDangling : .selfFollow, path, node: yNode)
            }
        }
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

    /// Dialect B: `users/<a>/follows/<b>` (a follows b): dangling, else self-follow.
    func checkFollowsLists() {
        for a in index.users.indices {
            guard let list = doc.member(index.users[a].node, "follows"), doc.isContainer(list) else { continue }
            let isArray = doc.isArray(list)
            var position = 0
            doc.forEachChild(list) { bNode in
                defer { position += 1 }
                if isArray && doc.isNull(bNode) { return }
                let b = isArray ? index.userTable.lookup(String(position)) : userIndex(key: bNode)
                if let b, b != Int32(a) {
                    followingOf[a].append(b)
                    followersOf[Int(b)].append(Int32(a))
                    return
                }
                let path = "users/\(index.users[a].uid)/follows/\(isArray ? String(position) : doc.key(bNode))"
                remove(b == nil ? .followDangling : .selfFollow, path, node: bNode)
            }
        }
        for i in index.users.indices {
            followingOf[i].sort()
            followersOf[i].sort()
        }
    }
}

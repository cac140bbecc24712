// MARK: - Dialect A: timeline fan-out

extension Validator {
    /// `timeline/<u>/<key>` must hold exactly the posts of u and of everyone u follows
    /// (in the repaired graph), each with the owner's uid as `poster_uid`.
    func checkTimeline(_ timeline: Int32) {
        var visited = [Bool](repeating: false, count: index.users.count)
        // seenBy[post] == u: the post has an entry in u's timeline (valid while u is checked).
        var seenBy = [Int32](repeating: -1, count: index.posts.count)

        keyedChildren(timeline) { list, uid in
            guard let u = index.userTable.lookup(uid) else {
                remove(.timelineStale, "timeline/\(uid)", node: list)
                return
            }
            // A list that is not an object is left alone (nothing to compare, nowhere to add).
            visited[Int(u)] = true
            guard doc.isObject(list) else { return }
            doc.forEachChild(list) { entry in
                let path = { "timeline/\(uid)/\(self.doc.key(entry))" }
                guard let p = postIndex(key: entry) else {
                    remove(.timelineStale, path(), node: entry)
                    return
                }
                let post = index.posts[Int(p)]
                guard post.isObject else { return }
                let owner = post.owner
                if owner < 0 || (owner != u && !follows(u, owner)) {
                    remove(.timelineStale, path(), node: entry)
                    return
                }
                seenBy[Int(p)] = u
                let ownerUID = index.users[Int(owner)].uid
                if let field = doc.member(entry, "poster_uid"), doc.stringEquals(field, ownerUID) { return }
                checkPosterUID(entry, path: path(), owner: ownerUID)
            }
            addMissingEntries(of: u, seen: seenBy, under: list, keys: [])
        }
        for u in index.users.indices where !visited[u] {
            addMissingEntries(of: Int32(u), seen: seenBy, under: timeline, keys: [index.users[u].uid])
        }
    }

    /// `timeline_missing` for each object post of u and of those u follows that u has not seen.
    private func addMissingEntries(of u: Int32, seen: [Int32], under list: Int32, keys: [String]) {
        let uid = index.users[Int(u)].uid
        func check(_ f: Int32) {
            for p in index.postsOf[Int(f)] where index.posts[Int(p)].isObject && seen[Int(p)] != u {
                let key = index.posts[Int(p)].key
                let text = "{\"poster_uid\":\(JSONString.quoted(index.users[Int(f)].uid))}"
                set(.timelineMissing, "timeline/\(uid)/\(key)", node: nil, text: text,
                    under: list, keys: keys + [key], repair: .add)
            }
        }
        check(u)
        for f in graph.following.row(Int(u)) { check(f) }
    }

    private func checkPosterUID(_ entry: Int32, path: String, owner: String) {
        let text = JSONString.quoted(owner)
        guard doc.isObject(entry) else {
            let whole = "{\"poster_uid\":\(text)}"
            report(.timelineMismatch, path, found: found(entry), expected: whole, repair: .set)
            record(.set(node: entry, path: path, text: whole))
            return
        }
        let field = doc.member(entry, "poster_uid")
        if field.flatMap(doc.string) == owner { return }
        report(.timelineMismatch, path, found: found(entry), expected: objectText(entry, setting: ["poster_uid": text]), repair: .set)
        if let field {
            record(.set(node: field, path: "\(path)/poster_uid", text: text))
        } else {
            record(.add(under: entry, keys: ["poster_uid"], path: "\(path)/poster_uid", text: text))
        }
    }
}

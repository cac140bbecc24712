// MARK: - Makestagram: the `timeline` node's fan-out

extension Validator {
    /// `timeline/<u>/<key>` must hold exactly the posts of u and of everyone u follows
    /// (in the repaired graph), each with the owner's uid as `poster_uid`. The lists
    /// are checked in `parts` independent slices, so they can run side by side with
    /// other checks; `finish` then adds the lists of users who have none.
    final class FanOutCheck: Sendable {
        private let validator: Validator
        let timeline: Int32
        private let lists: [(node: Int32, uid: String)]
        private let bounds: [Int]
        /// Per slice: the users whose list it checked (each slice writes only its own box).
        private let visited: [Visited]

        private final class Visited: Sendable {
            let users = Locked<[Int32]>([])
        }

        init(_ validator: Validator, timeline: Int32, parts: Int) {
            self.validator = validator
            self.timeline = timeline
            var lists: [(node: Int32, uid: String)] = []
            validator.keyedChildren(timeline) { lists.append(($0, $1)) }
            self.lists = lists
            let n = max(1, min(parts, lists.count))
            bounds = (0...n).map { $0 * lists.count / n }
            visited = (0..<n).map { _ in Visited() }
        }

        /// One closure per slice.
        var slices: [@Sendable () -> Void] {
            (0..<(bounds.count - 1)).map { part in { self.check(part) } }
        }

        private func check(_ part: Int) {
            let v = validator
            // seenBy[post] == u: the post has an entry in u's timeline (valid while u is checked).
            var seenBy = [Int32](repeating: -1, count: v.index.posts.count)
            var mine: [Int32] = []
            for (list, uid) in lists[bounds[part]..<bounds[part + 1]] {
                guard let u = v.index.userTable.lookup(uid) else {
                    v.remove(.timelineStale, "\(v.node(.timeline))/\(uid)", node: list)
                    continue
                }
                // A list that is not an object is left alone (nothing to compare, nowhere to add).
                mine.append(u)
                guard v.doc.isObject(list) else { continue }
                v.checkTimelineList(list, of: u, uid: uid, seenBy: &seenBy)
                v.addMissingEntries(of: u, seen: &seenBy, under: list, keys: [])
            }
            visited[part].users.withLock { $0 = mine }
        }

        /// `timeline_missing` for every user without a list; after all slices.
        func finish() {
            let v = validator
            var hasList = [Bool](repeating: false, count: v.index.users.count)
            for part in visited { for u in part.users.withLock({ $0 }) { hasList[Int(u)] = true } }
            var seen = [Int32](repeating: -1, count: v.index.posts.count)
            for u in v.index.users.indices where !hasList[u] {
                v.addMissingEntries(of: Int32(u), seen: &seen, under: timeline, keys: [v.index.users[u].uid])
            }
        }
    }

    /// An entry stands for every post with its key that u sees (keys are unique per owner
    /// only): it is stale when there is none, and its `poster_uid` may name any of their
    /// owners (else it is set to the first one's). An entry for a post that is not an
    /// object is left alone.
    private func checkTimelineList(_ list: Int32, of u: Int32, uid: String, seenBy: inout [Int32]) {
        doc.forEachChild(list) { entry in
            let path = { "\(self.node(.timeline))/\(uid)/\(self.doc.key(entry))" }
            guard let first = postIndex(key: entry) else {
                remove(.timelineStale, path(), node: entry)
                return
            }
            let field = doc.member(entry, schema.names(.posterUID))
            var owner: Int32 = -1
            var named = false
            var unusable = false
            index.forEachPost(withKeyOf: first) { p in
                let post = index.posts[Int(p)]
                guard post.isObject else { unusable = true; return }
                guard post.owner >= 0 && (post.owner == u || follows(u, post.owner)) else { return }
                seenBy[Int(p)] = u
                if owner < 0 { owner = post.owner }
                if let field, !named { named = doc.stringEquals(field, index.users[Int(post.owner)].uid) }
            }
            guard owner >= 0 else {
                if !unusable { remove(.timelineStale, path(), node: entry) }
                return
            }
            if !named { checkPosterUID(entry, path: path(), owner: index.users[Int(owner)].uid) }
        }
    }

    /// `timeline_missing` for each object post of u and of those u follows that u has not
    /// seen; one entry per key (the first such post's), however many posts share it.
    private func addMissingEntries(of u: Int32, seen: inout [Int32], under list: Int32, keys: [String]) {
        let uid = index.users[Int(u)].uid
        func check(_ f: Int32) {
            for p in index.postsOf[Int(f)] where index.posts[Int(p)].isObject && seen[Int(p)] != u {
                let key = index.posts[Int(p)].key
                let text = "{\(JSONString.quoted(field(.posterUID))):\(JSONString.quoted(index.users[Int(f)].uid))}"
                set(.timelineMissing, "\(node(.timeline))/\(uid)/\(key)", node: nil, text: text,
                    under: list, keys: keys + [key], repair: .add)
                if let first = index.laterWithKey.isEmpty ? nil : index.post(key: key) {
                    index.forEachPost(withKeyOf: first) { seen[Int($0)] = u }
                }
            }
        }
        check(u)
        for f in graph.following.row(Int(u)) { check(f) }
    }

    private func checkPosterUID(_ entry: Int32, path: String, owner: String) {
        let text = JSONString.quoted(owner)
        guard doc.isObject(entry) else {
            let whole = "{\(JSONString.quoted(field(.posterUID))):\(text)}"
            report(.timelineMismatch, path, found: found(entry), expected: whole, repair: .set)
            record(.set(node: entry, path: path, text: whole), for: .timelineMismatch)
            return
        }
        let node = doc.member(entry, schema.names(.posterUID))
        if node.flatMap(doc.string) == owner { return }
        let name = node.map(doc.key) ?? field(.posterUID)
        report(.timelineMismatch, path, found: found(entry), expected: objectText(entry, setting: [name: text], order: [name]), repair: .set)
        if let node {
            record(.set(node: node, path: "\(path)/\(name)", text: text), for: .timelineMismatch)
        } else {
            record(.add(under: entry, keys: [name], path: "\(path)/\(name)", text: text), for: .timelineMismatch)
        }
    }
}

// MARK: - Dialect A: timeline fan-out

extension Validator {
    /// `timeline/<u>/<key>` must hold exactly the posts of u and of everyone u follows
    /// (in the repaired graph), each with the owner's uid as `poster_uid`. The lists
    /// are checked in `parts` independent slices, so they can run side by side with
    /// other checks; `finish` then adds the lists of users who have none.
    final class TimelineCheck: @unchecked Sendable {
        private let validator: Validator
        let timeline: Int32
        private let lists: [(node: Int32, uid: String)]
        private let bounds: [Int]
        /// Per slice: the users whose list it checked (each slice writes only its own box).
        private let visited: [Visited]

        private final class Visited {
            var users: [Int32] = []
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
        var slices: [() -> Void] {
            (0..<(bounds.count - 1)).map { part in { self.check(part) } }
        }

        private func check(_ part: Int) {
            let v = validator
            // seenBy[post] == u: the post has an entry in u's timeline (valid while u is checked).
            var seenBy = [Int32](repeating: -1, count: v.index.posts.count)
            var mine: [Int32] = []
            for (list, uid) in lists[bounds[part]..<bounds[part + 1]] {
                guard let u = v.index.userTable.lookup(uid) else {
                    v.remove(.timelineStale, "timeline/\(uid)", node: list)
                    continue
                }
                // A list that is not an object is left alone (nothing to compare, nowhere to add).
                mine.append(u)
                guard v.doc.isObject(list) else { continue }
                v.checkTimelineList(list, of: u, uid: uid, seenBy: &seenBy)
                v.addMissingEntries(of: u, seen: seenBy, under: list, keys: [])
            }
            visited[part].users = mine
        }

        /// `timeline_missing` for every user without a list; after all slices.
        func finish() {
            let v = validator
            var hasList = [Bool](repeating: false, count: v.index.users.count)
            for part in visited { for u in part.users { hasList[Int(u)] = true } }
            let none = [Int32](repeating: -1, count: v.index.posts.count)
            for u in v.index.users.indices where !hasList[u] {
                v.addMissingEntries(of: Int32(u), seen: none, under: timeline, keys: [v.index.users[u].uid])
            }
        }
    }

    private func checkTimelineList(_ list: Int32, of u: Int32, uid: String, seenBy: inout [Int32]) {
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

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
            if let place = validator.timeline?.place, !place.isRoot {
                validator.forEachList(at: place) { key, list, _ in lists.append((list, validator.text(key))) }
            } else {
                validator.keyedChildren(timeline) { lists.append(($0, $1)) }
            }
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
            var found = TimelineFindings(keepsAll: v.detail.keeps(.timelineMissing))
            // seen[post] == u: the post has an entry in u's timeline (valid while u is checked).
            var seen = [Int32](repeating: -1, count: v.index.posts.count)
            var mine: [Int32] = []
            for (list, uid) in lists[bounds[part]..<bounds[part + 1]] {
                let u = v.index.userTable.lookup(uid)
                if let u { mine.append(u) }
                v.checkFanOut(of: uid, user: u, list: list, timeline: timeline, stamp: u ?? -1, seen: &seen, into: &found)
            }
            visited[part].users.withLock { $0 = mine }
            v.record(found)
        }

        /// `timeline_missing` for every user without a list; after all slices.
        func finish() {
            let v = validator
            var found = TimelineFindings(keepsAll: v.detail.keeps(.timelineMissing))
            var hasList = [Bool](repeating: false, count: v.index.users.count)
            for part in visited { for u in part.users.withLock({ $0 }) { hasList[Int(u)] = true } }
            var seen = [Int32](repeating: -1, count: v.index.posts.count)
            for u in v.index.users.indices where !hasList[u] {
                v.checkFanOut(of: v.index.users[u].uid, user: Int32(u), list: nil, timeline: timeline, stamp: Int32(u),
                              seen: &seen, into: &found)
            }
            v.record(found)
        }
    }

    /// The fan-out check of one key of the timeline: `uid`, the user it names (nil: none),
    /// its list (nil: it has none). A list of no user is stale; a list that is not an
    /// object is left alone (nothing to compare, nowhere to add). `seen[post] == stamp`
    /// marks the posts with an entry in this list: `stamp` must differ from the stamps of
    /// the checks before this one that used `seen`.
    func checkFanOut(of uid: String, user u: Int32?, list: Int32?, timeline: Int32, stamp: Int32,
                     seen: inout [Int32], into found: inout TimelineFindings) {
        let path = self.timeline?.listPath(uid) ?? "\(node(.timeline))/\(uid)"
        found.begin(below: path)
        guard let u else {
            guard let list else { return }
            found.add(.timelineStale, .remove) {
                (Finding(code: .timelineStale, path: path, found: self.found(list), expected: nil, repair: .remove),
                 .remove(node: list, path: path))
            }
            return
        }
        if let list {
            guard doc.isObject(list) else { return }
            checkTimelineList(list, of: u, path: path, stamp: stamp, seen: &seen, into: &found)
            addMissingEntries(of: u, path: path, stamp: stamp, seen: &seen, under: list, keys: [], into: &found)
        } else {
            let (under, keys) = missingListAnchor(of: uid, timeline: timeline)
            addMissingEntries(of: u, path: path, stamp: stamp, seen: &seen, under: under, keys: keys, into: &found)
        }
    }

    /// Where a reader's missing list is added: below the deepest node of its path that
    /// exists (`timeline/<uid>` may exist without its `timelinePosts`).
    private func missingListAnchor(of uid: String, timeline: Int32) -> (under: Int32, keys: [String]) {
        var under = timeline
        var keys = self.timeline?.keysBelowRoot(uid) ?? [uid]
        while keys.count > 1, doc.isObject(under), let next = doc.member(under, Schema.Name(keys[0])), doc.isObject(next) {
            under = next
            keys.removeFirst()
        }
        return (under, keys)
    }

    /// An entry stands for every post with its key that u sees (keys are unique per owner
    /// only): it is stale when there is none, and its `poster_uid` may name any of their
    /// owners (else it is set to the first one's). An entry for a post that is not an
    /// object is left alone.
    private func checkTimelineList(_ list: Int32, of u: Int32, path listPath: String, stamp: Int32,
                                   seen: inout [Int32], into found: inout TimelineFindings) {
        let includesOwn = timeline?.includesOwn ?? true
        let kind = timeline?.entry ?? .poster(field: field(.posterUID))
        doc.forEachEntry(list) { entry in
            let path = { "\(listPath)/\(self.doc.key(entry))" }
            guard let first = postIndex(key: entry) else {
                found.add(.timelineStale, .remove) {
                    let p = path()
                    return (Finding(code: .timelineStale, path: p, found: self.found(entry), expected: nil, repair: .remove),
                            .remove(node: entry, path: p))
                }
                return
            }
            let field = doc.member(entry, timelinePosterNames)
            var owner: Int32 = -1
            var matched: Int32 = -1
            var named = false
            var unusable = false
            index.forEachPost(withKeyOf: first) { p in
                let post = index.posts[Int(p)]
                guard post.isObject else { unusable = true; return }
                // A soft-deleted post's entries are stale (the app's queries skip it).
                guard post.owner >= 0 && !post.deleted && ((post.owner == u && includesOwn) || (post.owner != u && follows(u, post.owner))) else { return }
                seen[Int(p)] = stamp
                if owner < 0 { owner = post.owner; matched = p }
                if let field, !named { named = doc.stringEquals(field, index.users[Int(post.owner)].uid) }
            }
            guard owner >= 0 else {
                if !unusable {
                    found.add(.timelineStale, .remove) {
                        let p = path()
                        return (Finding(code: .timelineStale, path: p, found: self.found(entry), expected: nil, repair: .remove),
                                .remove(node: entry, path: p))
                    }
                }
                return
            }
            switch kind {
            case .flag: return
            case .copy: checkCopy(entry, of: matched, path: path, into: &found)
            case .poster: if !named { checkPosterUID(entry, path: path, owner: index.users[Int(owner)].uid, into: &found) }
            }
        }
    }

    /// A copy must hold the post's fields as the post holds them once repaired (an edit the
    /// Cloud Function missed, a like it never copied): else it is set to them, whole.
    private func checkCopy(_ entry: Int32, of post: Int32, path: () -> String, into found: inout TimelineFindings) {
        guard let (expected, compared) = copyTexts.indices.contains(Int(post)) ? copyTexts[Int(post)] : nil else { return }
        if doc.isObject(entry) && canonicalText(entry, in: doc, edits: nil, skipping: copySkipped, pruned: true) == compared { return }
        found.add(.timelineCopyMismatch, .set) {
            let p = path()
            let text = self.keepingReaderFields(expected, of: entry)
            return (Finding(code: .timelineCopyMismatch, path: p, found: self.found(entry), expected: text, repair: .set),
                    .set(node: entry, path: p, text: text))
        }
    }

    /// `timeline_missing` for each object post of u and of those u follows that u has not
    /// seen; one entry per key (the first such post's), however many posts share it.
    private func addMissingEntries(of u: Int32, path listPath: String, stamp: Int32, seen: inout [Int32],
                                   under list: Int32, keys: [String], into found: inout TimelineFindings) {
        let kind = timeline?.entry ?? .poster(field: field(.posterUID))
        func check(_ f: Int32) {
            for p in index.postsOf[Int(f)] where index.posts[Int(p)].isObject && seen[Int(p)] != stamp {
                let key = index.posts[Int(p)].key
                found.add(.timelineMissing, .add) {
                    let path = "\(listPath)/\(key)"
                    let text: String
                    switch kind {
                    case let .flag(value): text = timeline?.flagText(value, key: key) ?? value
                    case .copy: text = (copyTexts.indices.contains(Int(p)) ? copyTexts[Int(p)]?.text : nil) ?? "{}"
                    case let .poster(name): text = "{\(JSONString.quoted(name)):\(JSONString.quoted(index.users[Int(f)].uid))}"
                    }
                    return (Finding(code: .timelineMissing, path: path, found: nil, expected: text, repair: .add),
                            .add(under: list, keys: keys + [key], path: path, text: text))
                }
                if let first = index.laterWithKey.isEmpty ? nil : index.post(key: key) {
                    index.forEachPost(withKeyOf: first) { seen[Int($0)] = stamp }
                }
            }
        }
        if timeline?.includesOwn ?? true { check(u) }
        for f in graph.following.row(Int(u)) where f != u { check(f) }
    }

    /// The field a timeline entry names its poster in: the timeline's own (read from its entries).
    private var posterField: String {
        if case let .poster(field)? = timeline?.entry { return field }
        return field(.posterUID)
    }

    private func checkPosterUID(_ entry: Int32, path: () -> String, owner: String, into found: inout TimelineFindings) {
        let text = JSONString.quoted(owner)
        guard doc.isObject(entry) else {
            found.add(.timelineMismatch, .set) {
                let p = path()
                let whole = "{\(JSONString.quoted(posterField)):\(text)}"
                return (Finding(code: .timelineMismatch, path: p, found: self.found(entry), expected: whole, repair: .set),
                        .set(node: entry, path: p, text: whole))
            }
            return
        }
        let node = doc.member(entry, timelinePosterNames)
        if node.flatMap(doc.string) == owner { return }
        let name = node.map(doc.key) ?? posterField
        found.add(.timelineMismatch, .set) {
            let p = path()
            let finding = Finding(code: .timelineMismatch, path: p, found: self.found(entry),
                                  expected: objectText(entry, setting: [name: text], order: [name]), repair: .set)
            if let node {
                return (finding, .set(node: node, path: "\(p)/\(name)", text: text))
            }
            return (finding, .add(under: entry, keys: [name], path: "\(p)/\(name)", text: text))
        }
    }
}

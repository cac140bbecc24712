/// The timeline's findings and edits made again on demand, one key of the timeline (a
/// uid) at a time, so that `--format json`, `--format patch` and `--fix` never hold them
/// all: a fan-out that never ran has hundreds of millions (180 million, 27 GB of JSON,
/// for 100,000 users and one followed by 60,000 with 3,000 posts).
///
/// Every timeline finding's path is `timeline/<uid>` or below it, and no key holds a `/`
/// (the loader rejects one), so the findings of one uid sort together, and the uids in
/// key order give the findings in report order (`forEachUser`). The repair takes them in
/// document order instead (`edits()`).
public final class TimelineStream: Sendable {
    private let validator: Validator
    /// The timeline node.
    let node: Int32
    /// The timeline's lists in document order, with their keys.
    private let lists: [(node: Int32, uid: String)]
    /// Every key of the timeline and every user's uid, in key order: its list's index in
    /// `lists`, or -1 when it has none.
    private let order: [(uid: String, list: Int)]

    /// Nil when the timeline is not an object (an array: Firebase exports one for keys
    /// 0, 1, 2…), whose lists the repair does not write one at a time.
    init?(_ validator: Validator, timeline: Int32) {
        let doc = validator.doc
        guard doc.isObject(timeline) else { return nil }
        var lists: [(node: Int32, uid: String)] = []
        // Every member (the rewriter asks by position), but a `.priority` is no list.
        doc.forEachChild(timeline) { lists.append(($0, doc.key($0))) }
        var keys = lists.map { (uid: $0.uid, list: -1) }
        for i in keys.indices { keys[i].list = i }
        if doc.hasFirebaseKeys { keys.removeAll { doc.isFirebaseKey(lists[$0.list].node) } }
        var uids = Set(lists.map(\.uid))
        for user in validator.index.users where uids.insert(user.uid).inserted {
            keys.append((user.uid, -1))
        }
        self.validator = validator
        node = timeline
        self.lists = lists
        order = KeyOrder.sortedIndices(keys.map(\.uid)).map { keys[$0] }
    }

    /// Calls `body` with the findings of each uid in report order, the uids in key order:
    /// all the timeline's findings in report order (`Array.inReportOrder`).
    func forEachUsersFindings(_ body: (_ findings: [Finding]) throws -> Void) rethrows {
        try forEachUser { found in
            // Compared without splitting paths: one uid's are mostly a few sorted runs.
            let prefix = validator.doc.rootPrefix
            let sorted = found.findings.sorted { $0.precedes($1) }
            try body(prefix.isEmpty ? sorted : sorted.map { $0.prefixed(prefix) })
        }
    }

    /// Calls `body` with the edits of each uid in path order, the uids in key order: all
    /// the timeline's edits in path order (`Array.inPathOrder`).
    func forEachUsersEdits(_ body: (_ edits: [RepairEdit]) throws -> Void) rethrows {
        try forEachUser { found in
            let prefix = validator.doc.rootPrefix
            let sorted = found.edits.sorted { PathSortKey.compare(path: $0.path, $1.path) < 0 }
            try body(prefix.isEmpty ? sorted : sorted.map { $0.prefixed(prefix) })
        }
    }

    private func forEachUser(_ body: (TimelineFindings) throws -> Void) rethrows {
        var walk = Walk(validator)
        for (uid, list) in order {
            let found = walk.check(uid, list: list < 0 ? nil : lists[list].node, timeline: node)
            if !found.findings.isEmpty { try body(found) }
        }
    }

    /// The edits for the repair: list by list in document order, then the lists added.
    func edits() -> StreamedEdits { Edits(self) }

    /// A walk through the timeline: the check's marks (`Validator.checkFanOut`).
    private struct Walk {
        let validator: Validator
        var seen: [Int32]
        /// The last check's stamp.
        var stamp: Int32 = -1

        init(_ validator: Validator) {
            self.validator = validator
            seen = [Int32](repeating: -1, count: validator.index.posts.count)
        }

        mutating func check(_ uid: String, list: Int32?, timeline: Int32) -> TimelineFindings {
            var found = TimelineFindings(keepsAll: true)
            stamp += 1
            validator.checkFanOut(of: uid, user: validator.index.userTable.lookup(uid), list: list, timeline: timeline,
                                  stamp: stamp, seen: &seen, into: &found)
            return found
        }
    }

    /// The timeline's edits as `ExportRewriter` takes them.
    private final class Edits: StreamedEdits {
        let stream: TimelineStream
        var walk: Walk

        init(_ stream: TimelineStream) {
            self.stream = stream
            walk = Walk(stream.validator)
        }

        var node: Int32 { stream.node }

        func edits(ofMember position: Int) -> [RepairEdit] {
            let (list, uid) = stream.lists[position]
            if stream.validator.doc.isFirebaseKey(list) { return [] }
            return walk.check(uid, list: list, timeline: stream.node).edits
        }

        func forEachAddedMember(_ body: (_ key: String, _ edits: [RepairEdit]) throws -> Void) throws {
            for (uid, list) in stream.order where list < 0 {
                let edits = walk.check(uid, list: nil, timeline: stream.node).edits
                if !edits.isEmpty { try body(uid, edits) }
            }
        }

        func hasAddedMember() -> Bool {
            stream.order.contains { $0.list < 0 && !walk.check($0.uid, list: nil, timeline: stream.node).edits.isEmpty }
        }
    }
}

import Foundation

/// Finds every inconsistency of an export (`docs/audit-rules.md`) and plans the repair.
/// One pass per concern, in the order the rules need: users, follow graph, posts and
/// likes, counters, timeline.
///
/// `@unchecked Sendable`: the checks that `run` starts side by side (`parallel`) share
/// this object and its `index`, and each writes stored properties no other check running
/// at the same time reads or writes (their inputs are set by the steps before them);
/// findings and edits, which every check adds to, are behind `recorded`. Which property
/// a check touches is a fact of `run`'s order that the compiler cannot see. What leaves
/// the validator (`AuditReport`, a frozen `ExportIndex`) is checked `Sendable`.
public final class Validator: @unchecked Sendable {
    let export: Export
    let doc: JSONDocument
    /// The export's names: every path and field the checks spell comes from it.
    let schema: Schema
    let index = ExportIndexBuilder()
    /// What the checks found and the repair they plan, added to from every check.
    private let recorded = Locked<(findings: [Finding], edits: [RepairEdit])>(([], []))
    /// Which findings are kept one by one; the others are summarized here. `run` turns
    /// `streamTimeline` into `all` when the timeline cannot be streamed.
    private(set) var detail: FindingDetail
    /// Makes the timeline's findings again, one user at a time (`FindingDetail.streamTimeline`).
    private var timelineStream: TimelineStream?
    private let summarized = Locked<[FindingCode: FindingSummary]>([:])
    /// The arrays of ids the repair rewrites whole, by node (`Validator+IDArrays.swift`).
    let arrayRewrites = Locked<[Int32: ArrayRewrite]>([:])

    /// The repaired follow graph.
    var graph = FollowGraph.empty
    /// Per post: likes by existing users.
    var likeCount: [Int] = []
    /// Per post: its comments (the makestagram dialect's comments node).
    var commentCount: [Int] = []
    /// The posts' side of the like mirror, kept from `checkPostLikes` for `checkUserLikes`.
    var postLikes = LikeSide()
    /// How the app keeps its timeline (`readTimelineShape`), when it keeps one the check walks.
    var timeline: TimelineShape?
    /// The names a timeline entry's poster is read under (`posterNames()`), once the shape is read.
    var timelinePosterNames: [Schema.Name] = []
    /// For a timeline of copies: each post as its copies must read once the post is repaired.
    var copyTexts: [(text: String, compared: String)?] = []
    /// Members of posts and copies left out of the comparison: their subcollections.
    var copySkipped: Set<String> = []

    init(_ export: Export, detail: FindingDetail = .all) {
        self.export = export
        self.doc = export.document
        self.schema = export.schema
        self.detail = detail
    }

    /// Audits `export`, keeping the findings `detail` says one by one (the others summarized).
    public static func audit(_ export: Export, detail: FindingDetail = .all) -> AuditReport {
        let v = Validator(export, detail: detail)
        v.run()
        return v.report()
    }

    /// The checks, in the order their inputs need; independent ones run side by side.
    func run() {
        indexUsers()
        switch export.dialect {
        case .makestagram:
            let followers = TaskResult(EdgeTree(nodeOf: [])), following = TaskResult(EdgeTree(nodeOf: []))
            let names = TaskResult<[(name: String, node: Int32)?]>([])
            Validator.parallel(
                { followers.set(self.walkEdgeTree(.followers)) },
                { following.set(self.walkEdgeTree(.following)) },
                { self.indexMakestagramPosts(); self.checkPostLikes(); self.checkUserLikes(); self.countComments() },
                { names.set(self.checkUsernames()) }
            )
            applyUsernames(names.value)
            checkUsernameCopies()
            checkOwnerRecordCopies()
            mirrorFollowTrees(followers: followers.value, following: following.value)
            self.timeline = readTimelineShape()
            if let shape = self.timeline { countReaderLikes(shape) }
            timelinePosterNames = posterNames()
            let timelineRoot = self.timeline.flatMap { doc.member(doc.root, $0.place.root) }
            if detail == .streamTimeline, let shape = self.timeline, let node = timelineRoot {
                // Only a root timeline of lists is streamed one reader at a time.
                timelineStream = shape.place.isRoot ? TimelineStream(self, timeline: node) : nil
                if timelineStream == nil { detail = .all }
            }
            // The timeline is the largest check: its slices share the cores with the rest. A
            // timeline of copies is checked against the posts as repaired, after them.
            let timeline = timelineRoot.map { FanOutCheck(self, timeline: $0, parts: 4) }
            if self.timeline?.entry == .copy {
                checkMakestagramPosts(); checkUserCounters(); checkUserPosts()
                copyTexts = repairedPostTexts()
                Validator.parallel(timeline?.slices ?? [])
            } else {
                Validator.parallel([{ self.checkMakestagramPosts(); self.checkUserCounters(); self.checkUserPosts() }] + (timeline?.slices ?? []))
            }
            timeline?.finish()
        case .timeline:
            applyUsernames(checkUsernames())
            Validator.parallel(
                { self.checkFollowsLists() },
                { self.checkTimelinePosts() },
                { self.checkImages() }
            )
        }
    }

    /// The users, their posts and the follow graph as the audit reads them, and no check
    /// beyond: what `inspect`'s detectors weigh their guesses with (`TrueUserCounts`,
    /// `TimelineDetector.rule`). Makestagram only.
    func indexGraph() {
        indexUsers()
        mirrorFollowTrees(followers: walkEdgeTree(.followers), following: walkEdgeTree(.following))
        indexMakestagramPosts()
    }

    /// Runs `tasks` on up to all cores and returns when every one is done.
    static func parallel(_ tasks: @Sendable () -> Void...) {
        parallel(tasks)
    }

    static func parallel(_ tasks: [@Sendable () -> Void]) {
        parallelFor(tasks.count) { tasks[$0]() }
    }

    func report() -> AuditReport {
        let (findings, recordedEdits) = recorded.withLock { $0 }
        let edits = recordedEdits + arrayRewriteEdits()
        let n = index.users.count
        let counts = TrueCounts(
            posts: index.postsOf.map { $0.count },
            followers: graph.followers.rowCount == n ? (0..<n).map(graph.followers.count) : Array(repeating: 0, count: n),
            following: graph.following.rowCount == n ? (0..<n).map(graph.following.count) : Array(repeating: 0, count: n),
            likes: likeCount,
            comments: commentCount
        )
        // The stream holds this validator: handed to the report, it is not kept here too (the
        // cycle kept the export and its index alive after the report was gone: LeakSanitizer).
        let timeline = timelineStream
        timelineStream = nil
        // Paths were made from the node the validator reads from: under a wrapper
        // (`instagram/`), they are given from the document's root.
        let prefix = doc.rootPrefix
        var summaries = summarized.withLock { $0 }
        if !prefix.isEmpty { summaries = summaries.mapValues { $0.prefixed(prefix) } }
        return AuditReport(export: export, index: ExportIndex(index),
                           findings: prefix.isEmpty ? findings.inReportOrder() : findings.inReportOrder().map { $0.prefixed(prefix) },
                           edits: prefix.isEmpty ? edits : edits.map { $0.prefixed(prefix) },
                           counts: counts, graph: graph, summarized: summaries, timeline: timeline)
    }

    // MARK: - Recording

    /// Largest `found` value quoted in a finding; bigger ones are reported as null.
    static let maxFoundBytes = 1024

    func found(_ node: Int32?) -> String? {
        guard let node else { return nil }
        let n = doc.nodes[Int(node)]
        return n.end - n.start <= Validator.maxFoundBytes ? doc.rawText(node) : nil
    }

    func report(_ code: FindingCode, _ path: String, found: String?, expected: String? = nil, repair: Repair = .none) {
        let finding = Finding(code: code, path: path, found: found, expected: expected, repair: repair)
        guard detail.keeps(code) else {
            summarized.withLock { $0[code, default: FindingSummary()].add(finding) }
            return
        }
        recorded.withLock { $0.findings.append(finding) }
    }

    /// Records an edit of the repair; `code`: of the finding it repairs (the edit is only
    /// counted when that code's findings are summarized).
    func record(_ edit: RepairEdit, for code: FindingCode? = nil) {
        if let code, !detail.keeps(code) {
            summarized.withLock { $0[code, default: FindingSummary()].edits += 1 }
            return
        }
        recorded.withLock { $0.edits.append(edit) }
    }

    /// Records what a check of the timeline's fan-out found.
    func record(_ found: TimelineFindings) {
        if found.keepsAll {
            recorded.withLock {
                $0.findings += found.findings
                $0.edits += found.edits
            }
        } else {
            summarized.withLock { all in
                for (code, summary) in found.summarized { all[code, default: FindingSummary()].merge(summary) }
            }
        }
    }

    /// The edits recorded so far (the posts' own, for the copies a timeline must hold).
    func recordedEdits() -> [RepairEdit] { recorded.withLock { $0.edits } }

    /// Reports a finding whose repair removes `node`.
    func remove(_ code: FindingCode, _ path: String, node: Int32) {
        report(code, path, found: found(node), repair: .remove)
        record(.remove(node: node, path: path), for: code)
    }

    /// Reports a finding whose repair writes `text` at `path`: replacing `node` when it
    /// exists, else adding it below `under` at `keys`.
    /// `existing`: what is added may be there already, as no value (`{uid: false}`, an
    /// unfollow) or inside an object a field path goes through: set it, or add below it.
    func set(_ code: FindingCode, _ path: String, node: Int32?, text: String,
             under: Int32 = 0, keys: [String] = [], repair: Repair = .set, existing: Bool = false) {
        var (node, under, keys) = (node, under, keys)
        while existing, node == nil, let first = keys.first, doc.isObject(under), let member = doc.member(under, Schema.Name(first)) {
            if keys.count == 1 { node = member } else { (under, keys) = (member, Array(keys.dropFirst())) }
        }
        report(code, path, found: found(node), expected: text, repair: repair)
        if let node {
            record(.set(node: node, path: path, text: text), for: code)
        } else {
            record(.add(under: under, keys: keys, path: path, text: text), for: code)
        }
    }

    /// Compact JSON of object `node` with the members in `values` set (replaced where
    /// they are, added at the end, in `order`); other members keep their text.
    func objectText(_ node: Int32, setting values: [String: String], order: [String]) -> String {
        var members: [String] = []
        var done = Set<String>()
        doc.forEachChild(node) { m in
            let key = doc.key(m)
            if let value = values[key] {
                if done.insert(key).inserted { members.append("\(JSONString.quoted(key)):\(value)") }
            } else {
                members.append("\(JSONString.quoted(key)):\(doc.rawText(m))")
            }
        }
        for key in order where values[key] != nil && !done.contains(key) {
            members.append("\(JSONString.quoted(key)):\(values[key]!)")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    // MARK: - Users

    func indexUsers() {
        // A Firestore id that is no tree key as it is (an email address) is a key
        // percent-encoded (`ana@x%2Ecom`) but a value as the app wrote it: a value is
        // looked up by its key (`ExportIndexBuilder.user(uid:)`).
        index.encodedIDs = export.firestore != nil
        if export.usersFromPosts { return indexUsersFromPosts() }
        if let users = export.users {
            var position = 0
            let isArray = doc.isArray(users)
            // A mapped `user_id`: the id the rest of the data uses, where the record's key is not it.
            let ids = schema.mapping.fields[.userID] != nil ? schema.names(.userID) : []
            // A mapped `user_alias`: a second id some of the data holds (a like keyed by the
            // sign-in uid): it finds the user too, unless it is another user's id.
            let aliases = schema.mapping.fields[.userAlias] != nil ? schema.names(.userAlias) : []
            var aliased: [(String, Int32)] = []
            doc.forEachEntry(users) { u in
                defer { position += 1 }
                if isArray && doc.isNull(u) { return }
                let key = isArray ? String(position) : doc.key(u)
                guard doc.isObject(u) else {
                    report(.userInvalid, "\(node(.users))/\(key)", found: found(u))
                    return
                }
                var uid = key
                if !ids.isEmpty, let id = doc.member(u, ids).flatMap({ doc.string(doc.value($0)) }), !id.isEmpty {
                    uid = index.encodedIDs ? FirestoreNames.key(id) : id
                }
                let i = Int32(index.users.count)
                if index.userTable.insert(uid, value: i) != nil { index.userTable.update(uid, value: i) }
                index.users.append(UserEntry(uid: uid, recordKey: uid == key ? nil : key, node: u, username: nil, usernameNode: nil))
                if uid != key { index.userByKey[key] = i }
                if !aliases.isEmpty, let alias = doc.member(u, aliases).flatMap({ doc.string(doc.value($0)) }), !alias.isEmpty, alias != uid {
                    aliased.append((alias, i))
                }
            }
            for (alias, i) in aliased where index.userTable.lookup(alias) == nil { _ = index.userTable.insert(alias, value: i) }
        }
        // A second root of user fields: a uid there is a user even when Firebase dropped its
        // empty `users/<uid>`.
        if let details = export.userDetails {
            keyedChildren(details) { record, uid in
                guard doc.isObject(record) else { return }
                if let i = index.userTable.lookup(uid) {
                    index.users[Int(i)].details = record
                } else {
                    index.userTable.insert(uid, value: Int32(index.users.count))
                    index.users.append(UserEntry(uid: uid, node: record, details: record, username: nil, usernameNode: nil))
                }
            }
        }
        index.postsOf = Array(repeating: [], count: index.users.count)
    }

    /// The member of user `u`'s record under one of `names`, else of its `user_details` record.
    func userField(_ u: UserEntry, _ names: [Schema.Name]) -> Int32? {
        if let m = doc.member(u.node, names) { return m }
        return u.details >= 0 && u.details != u.node ? doc.member(u.details, names) : nil
    }

    /// Finds each user's username; reports missing and duplicate ones. Writes only
    /// `usernameOwner` and returns the names, so it can run beside other checks.
    func checkUsernames() -> [(name: String, node: Int32)?] {
        let spellings = schema.names(.username)
        // An app that keeps no username at all names its profiles otherwise: no finding.
        let keepsUsernames = schema.isCarried(.username)
        var names = [(name: String, node: Int32)?](repeating: nil, count: index.users.count)
        let usernameIsKey = schema.usernameIsKey
        // Users implied by posts have no record of their own: their names are copies on
        // posts, reported (if stale) by `checkUsernameCopies`, never as a user's.
        let reports = !export.usersFromPosts
        for i in index.users.indices {
            let u = index.users[i]
            // Users keyed by their username (`username = "*"`): the key is the name.
            if usernameIsKey {
                if !u.key.isEmpty { names[i] = (u.key, u.node) }
                continue
            }
            let node = userField(u, spellings)
            if let node, let name = doc.string(doc.value(node)), !name.isEmpty {
                names[i] = (name, node)
            } else if keepsUsernames && reports {
                report(.usernameMissing, "\(self.node(.users))/\(u.key)/\(node.map(doc.key) ?? field(.username))", found: found(node))
            }
        }
        // Duplicates: in uid order, every user after the first with a folded name; then
        // look-alikes: every user after the first with a skeleton, not already a duplicate.
        let order = KeyOrder.sortedIndices(index.users.map(\.uid))
        var skeletonOwner: [String: String] = [:]
        for i in order {
            guard let (name, node) = names[i] else { continue }
            let folded = ExportIndex.fold(name)
            func report(_ code: FindingCode) {
                guard reports else { return }
                let isKey = node == index.users[i].node
                self.report(code, "\(self.node(.users))/\(index.users[i].key)\(isKey ? "" : "/" + doc.key(node))",
                            found: isKey ? JSONString.quoted(name) : found(node))
            }
            if index.usernameOwner[folded] == nil {
                index.usernameOwner[folded] = Int32(i)
                let skeleton = UsernameSkeleton.of(folded: folded)
                if let first = skeletonOwner[skeleton] {
                    if first != folded { report(.usernameConfusable) }
                } else {
                    skeletonOwner[skeleton] = folded
                }
            } else {
                report(.usernameDuplicate)
            }
        }
        return names
    }

    func applyUsernames(_ names: [(name: String, node: Int32)?]) {
        for (i, found) in names.enumerated() {
            index.users[i].username = found?.name
            index.users[i].usernameNode = found?.node
        }
    }

    // MARK: - Lookups

    /// A root node's name in this export, for paths.
    @inline(__always) func node(_ node: Schema.Node) -> String { schema.name(node).text }

    /// A field's spelling in this export, for paths and added fields.
    @inline(__always) func field(_ field: Schema.Field) -> String { schema.name(field).text }

    /// The user index of a member's key (a uid), or nil when it is not a user.
    @inline(__always) func userIndex(key node: Int32) -> Int32? {
        let raw = doc.rawKey(node)
        if doc.hasKey(node) && !raw.contains(UInt8(ascii: "\\")) { return index.userTable.lookup(raw) }
        return index.userTable.lookup(doc.key(node))
    }

    @inline(__always) func postIndex(key node: Int32) -> Int32? {
        let raw = doc.rawKey(node)
        if doc.hasKey(node) && !raw.contains(UInt8(ascii: "\\")) { return index.postTable.lookup(raw) }
        return index.postTable.lookup(doc.key(node))
    }

    /// Children of a container with their keys (array elements: their index; nulls skipped).
    func keyedChildren(_ node: Int32, _ body: (Int32, String) -> Void) {
        if doc.isArray(node) {
            var position = 0
            doc.forEachChild(node) { c in
                if !doc.isNull(c) { body(c, String(position)) }
                position += 1
            }
        } else {
            doc.forEachEntry(node) { c in body(c, doc.key(c)) }
        }
    }

    /// Whether an edge's or like's value says there is none: `false` or `null` (an app's
    /// unfollow or unlike, docs/audit-rules.md), kept as data, no finding.
    @inline(__always) func isNoEdge(_ node: Int32) -> Bool {
        let value = doc.value(node)
        let first = doc.bytes[doc.nodes[Int(value)].start]
        return first == UInt8(ascii: "f") || first == UInt8(ascii: "n")
    }

    /// Whether `u` follows `o` in the repaired graph.
    @inline(__always) func follows(_ u: Int32, _ o: Int32) -> Bool {
        graph.following.contains(Int(u), o)
    }
}

extension Array where Element == Int32 {
    @inline(__always) func sortedContains(_ x: Int32) -> Bool {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if self[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && self[lo] == x
    }
}


/// Follows kept where no recognised name says: lists keyed by users whose entries stand
/// for users (keyed by their ids, or records holding one: `{userID: …}`), named as
/// followers or following in any case and any of `RoleWords`' languages (`seguidores`,
/// `seguindo`, `takipciler`) by
/// - the root (`Followers/<b>/<a>`, `Following/<a>/<b>`: Zoogram), or
/// - a member of each record of a root keyed by users (`Follow/<uid>/followers`,
///   `Follow/<uid>/following`: KODDev's Android course).
/// The users' own root is left to the lists kept in each user (`users/*/following`).
enum EdgesDetector {
    static func guesses(_ e: RealtimeEvidence) -> [RoleGuess] {
        guard !e.uids.isEmpty else { return [] }
        let doc = e.doc
        let users = e.schema.place(.users)?.root.text
        var best: [Schema.Node: (place: String, lists: Int, edges: Int, of: Int)] = [:]
        func consider(_ node: Schema.Node, _ place: String, _ lists: [Int32]) {
            var edges = 0, entries = 0
            for list in lists {
                doc.forEachEntry(list) { entry in
                    entries += 1
                    if e.isUserEntry(entry) { edges += 1 }
                }
            }
            guard !lists.isEmpty, edges > 0, edges * 2 > entries else { return }
            if let known = best[node], known.edges >= edges { return }
            best[node] = (place, lists.count, edges, entries)
        }
        func role(_ name: String) -> Schema.Node? { RoleWords.direction(name) }
        // A follow root whose users' records each wrap their list in one member
        // (`following/<a>/followTo/<b>`, `follower/<b>/whoFollowsMe/<a>`): the lists are
        // that member's, read in the direction its name says, else its root's. A root
        // present under the tutorial's name is read so too (`wrapped`).
        var wrapped = Set<Schema.Node>()
        doc.forEachEntry(doc.root) { root in
            let name = doc.key(root)
            guard doc.isObject(root), name != users, let node = role(name), let (member, lists) = wrapperMember(root, e) else { return }
            let direction = role(member) ?? node
            let before = best[direction]?.place
            consider(direction, "\(name)/*/\(member)", lists)
            if best[direction]?.place != before, e.schema.place(direction)?.isRoot == true, e.schema.place(direction)?.root.text == name {
                wrapped.insert(direction)
            }
        }
        e.freeRoots { name, root in
            guard name != users else { return }
            var keyed = 0, keys = 0
            var lists: [Int32] = []
            var members: [String: [Int32]] = [:]
            doc.forEachEntry(root) { x in
                keys += 1
                guard e.uids.contains(doc.key(x)), doc.isObject(x) else { return }
                keyed += 1
                lists.append(x)
                doc.forEachChild(x) { member in
                    if doc.isObject(member), role(doc.key(member)) != nil { members[doc.key(member), default: []].append(member) }
                }
            }
            guard keyed * 2 > keys else { return }
            if let node = role(name), wrapperMember(root, e) == nil { consider(node, name, lists) }
            for (member, lists) in members { consider(role(member)!, "\(name)/*/\(member)", lists) }
        }
        // Lists kept in each user's own record are read as such (`users/*/following`).
        var inUsers = Set<Schema.Node>()
        if let users, let root = doc.member(doc.root, Schema.Name(users)) {
            inUsers = directionsKept(doc) { visit in doc.forEachEntry(root, visit) }
        }
        return [Schema.Node.followers, .following].compactMap { node in
            guard !e.isPresent(node) || wrapped.contains(node), !inUsers.contains(node), let b = best[node] else { return nil }
            return RoleGuess(node: node, place: b.place,
                             why: "\(RealtimeEvidence.number(b.lists)) lists keyed by users' ids, \(RealtimeEvidence.number(b.edges)) of their \(RealtimeEvidence.number(b.of)) entries users")
        }
    }
}

extension EdgesDetector {
    /// The one member most of a root's records keyed by users' ids hold and nothing else,
    /// a list most of whose entries are users (`followTo` of `following/<a>/followTo/<b>`),
    /// with those lists; nil where the records hold the entries themselves.
    static func wrapperMember(_ root: Int32, _ e: RealtimeEvidence) -> (String, [Int32])? {
        let doc = e.doc
        var records = 0
        var members: [String: [Int32]] = [:]
        doc.forEachEntry(root) { x in
            guard e.uids.contains(doc.key(x)), doc.isObject(x) else { return }
            records += 1
            guard doc.childCount(x) == 1 else { return }
            doc.forEachChild(x) { member in
                if doc.isObject(member), !e.uids.contains(doc.key(member)) { members[doc.key(member), default: []].append(member) }
            }
        }
        guard let (member, lists) = members.max(by: { $0.value.count != $1.value.count ? $0.value.count < $1.value.count : $0.key > $1.key }),
              lists.count * 2 > records else { return nil }
        var entries = 0, users = 0
        for list in lists { doc.forEachEntry(list) { entries += 1; if e.isUserEntry($0) { users += 1 } } }
        return users * 2 > entries ? (member, lists) : nil
    }

    /// The follow directions the users' own records keep a list for (a container named
    /// for one, `users/*/following`): left to those lists by the detectors that look
    /// elsewhere. `forEachRecord`: visits the users' records.
    static func directionsKept(_ doc: JSONDocument, inRecords forEachRecord: ((Int32) -> Void) -> Void) -> Set<Schema.Node> {
        var kept = Set<Schema.Node>()
        forEachRecord { record in
            guard doc.isObject(record) else { return }
            doc.forEachChild(record) { member in
                if doc.isContainer(doc.value(member)), let node = RoleWords.direction(doc.key(member)) { kept.insert(node) }
            }
        }
        return kept
    }

    /// Follows kept on one side only, in a root of their own (`followers/<a>/<b>` and no
    /// `following`): nothing in the data tells which way its lists point, so the root is
    /// read by its name, or as the block maps it. `rule`: how it is read, in words;
    /// `hint`: where it is read by its name, the line that reads it the other way
    /// (musehabit's `followers/<follower>/<followed>` needs `following = "followers"`).
    static func oneSided(_ c: InspectionContext) -> (root: String, rule: String, hint: String?)? {
        let schema = c.schema
        let present = [Schema.Node.followers, .following].filter { c.isPresent($0) || c.guessedPlace($0) != nil }
        guard present.count == 1, let node = present.first, c.isPresent(node), let place = schema.place(node), place.isRoot else { return nil }
        let other: Schema.Node = node == .followers ? .following : .followers
        let root = place.root.text
        let meaning = { (n: Schema.Node) in n == .followers ? "\(root)/<a>/<b> means <b> follows <a>" : "\(root)/<a>/<b> means <a> follows <b>" }
        let mapped = schema.mapping.nodes[node] != nil
        let rule = "kept one-sided (no \(other.rawValue)): nothing in the data tells which way, so it is read "
            + (mapped ? "as the block maps it" : "by its name") + ", as \(node.rawValue): \(meaning(node))"
        let hint = mapped ? nil : "\(other.rawValue) = \(JSONString.quoted(root)): if \(meaning(other)) (the follows are kept one-sided and read by its name)"
        return (root, rule, hint)
    }

    /// A one-sided root read by its name, turned the other way where the users' follow
    /// counters say so: read both ways (`TrueUserCounts`), the counters guessed or read
    /// (`follower`, `following`, in the users' records or their second root: a Cloud
    /// Function's `counts/<uid>`) agree with the other way in more records than with the
    /// name's. undervineg's `following/<followed>/<follower>: 1` beside `counts/<uid>:
    /// {follower, following}` is read as `followers = "following"`. nil where the block
    /// maps either side, or the counters agree with the name as much or more.
    static func byCounters(_ c: InspectionContext, guessed: [FieldGuess]) -> (guess: NodeGuess, rule: String)? {
        let schema = c.schema
        let doc = c.doc
        guard schema.mapping.nodes[.followers] == nil, schema.mapping.nodes[.following] == nil, oneSided(c) != nil else { return nil }
        let node: Schema.Node = c.isPresent(.followers) ? .followers : .following
        let other: Schema.Node = node == .followers ? .following : .followers
        guard let root = schema.place(node)?.root.text else { return nil }
        var counters: [(field: Schema.Field, name: Schema.Name)] = []
        for field in [Schema.Field.followerCount, .followingCount] {
            if let guess = guessed.first(where: { $0.field == field }) {
                counters.append((field, Schema.Name(guess.name)))
            } else {
                counters += schema.names(field).map { (field, $0) }
            }
        }
        var records: [Int32] = []
        if let users = c.usersRoot() { schema.forEachRecord(at: .root(users), depth: 1, in: doc) { records.append($0) } }
        if let details = schema.place(.userDetails).flatMap({ c.isPresent(.userDetails) ? $0 : nil }) ?? c.guessedPlace(.userDetails) {
            schema.forEachRecord(at: details, depth: 1, in: doc) { records.append($0) }
        }
        func agreeing(_ counts: TrueUserCounts) -> Int {
            var n = 0
            for record in records where doc.isObject(record) {
                for (field, name) in counters {
                    guard let member = doc.member(record, name), CountersDetector.isCount(doc, member),
                          let value = Double(doc.rawText(member)), let expected = counts.expected(field)?(record) else { continue }
                    if Double(expected) == value { n += 1 }
                }
            }
            return n
        }
        var turned = c
        turned.nodeGuesses.append((other, root, ""))
        let byName = agreeing(TrueUserCounts(c, guessed: guessed)), byOther = agreeing(TrueUserCounts(turned, guessed: guessed))
        guard byOther > byName else { return nil }
        let counted = "the users' counters agree with \(ExportInspection.number(byOther)) records read so (\(ExportInspection.number(byName)) read by its name)"
        let meaning = other == .followers ? "\(root)/<a>/<b> means <b> follows <a>" : "\(root)/<a>/<b> means <a> follows <b>"
        return ((other, root, counted),
                "kept one-sided (no \(node.rawValue)): read by the users' counters, as \(other.rawValue): \(meaning)")
    }
}

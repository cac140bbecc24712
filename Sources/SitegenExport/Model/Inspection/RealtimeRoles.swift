/// The roles of a Realtime Database export's roots that no recognised name says, found by
/// detectors of their own, each with its evidence (`inspect`'s `# guessed` comments):
/// first the users and the posts (`UsersPostsDetector`; the users by what their records
/// hold, `UsersDetector.root`, where no name says), then, with the users' ids and the
/// posts' keys they give, the follows (`EdgesDetector`), the comments and the likes kept by
/// post (`PostListsDetector`), and last the index of comments kept flat
/// (`CommentIndexDetector`). Each role is added to the mapping only where the export has
/// none; a detector never takes a root another role holds.
enum RealtimeRoles {
    struct Found {
        var mapping: Schema.Mapping
        var why: [Schema.Node: String] = [:]
        /// Fields mapped with a node found by shape (an edge document's two users), with why.
        var fieldWhy: [Schema.Field: String] = [:]
        /// What could not be told safely, said in the block, not mapped.
        var unsure: [String] = []
    }

    static func find(_ doc: JSONDocument, _ schema: Schema) -> Found {
        var found = Found(mapping: schema.mapping)
        guard schema.dialect == .makestagram, doc.isObject(doc.root) else { return found }
        var evidence = RealtimeEvidence(doc: doc, schema: schema)
        func reread() { evidence = RealtimeEvidence(doc: doc, schema: Schema.read(doc, dialect: schema.dialect, mapping: found.mapping)) }
        for guess in UsersPostsDetector.guesses(evidence) { take(guess, &found) }
        if found.mapping != schema.mapping { reread() }
        // The users by what their records hold (`profiles`, `people`), before every detector
        // that needs their ids; then flat posts, which need them too, if none were found.
        if let users = UsersDetector.root(evidence) {
            take(users, &found)
            reread()
            let before = found.mapping
            for guess in UsersPostsDetector.guesses(evidence) where guess.node == .posts { take(guess, &found) }
            if found.mapping != before { reread() }
        }
        var more = EdgesDetector.guesses(evidence)
        more += PostListsDetector.guesses(evidence)
        for guess in more { take(guess, &found) }
        let before = found.mapping
        rootRecords(evidence, &found)
        // The index of the comments kept flat by their own key, once every other root is placed.
        if !more.isEmpty || found.mapping != before { reread() }
        if let index = CommentIndexDetector.guess(evidence) { take(index, &found) }
        return found
    }

    /// The roots no role holds, by what their records hold (`RootRecordsDetector`):
    /// comments kept flat under any name, follows as edge records.
    private static func rootRecords(_ e: RealtimeEvidence, _ found: inout Found) {
        let doc = e.doc
        let r = RootRecordsDetector.detect(doc, e.schema, mapping: found.mapping, uids: e.uids, postKeys: e.postKeys, word: "records") { others in
            var roots: [(name: String, node: Int32)] = []
            doc.forEachEntry(doc.root) { member in
                if doc.isObject(member), !others.contains(doc.key(member)) { roots.append((doc.key(member), member)) }
            }
            return roots
        }
        if let flat = r.comments { take(RoleGuess(node: .comments, place: flat.name, why: flat.why), &found) }
        found.unsure += r.doubts
        guard let edge = r.edges else { return }
        take(RoleGuess(node: edge.node, place: edge.root, why: edge.nodeWhy), &found)
        guard found.mapping.nodes[edge.node] == edge.root else { return }
        found.mapping.fields[.followerID] = edge.follower
        found.mapping.fields[.followedID] = edge.followed
        found.fieldWhy[.followerID] = edge.followerWhy
        found.fieldWhy[.followedID] = edge.followedWhy
    }

    private static func take(_ guess: RoleGuess, _ found: inout Found) {
        guard found.mapping.nodes[guess.node] == nil else { return }
        found.mapping.nodes[guess.node] = guess.place
        found.why[guess.node] = guess.why
    }
}

/// A detector's answer: `node` is kept at `place`, because `why`.
struct RoleGuess {
    let node: Schema.Node
    let place: String
    let why: String
}

/// What the detectors read: the document, the schema as read so far, the users' ids and
/// the posts' keys it gives, and which roots already hold a role.
struct RealtimeEvidence {
    let doc: JSONDocument
    let schema: Schema
    let uids: Set<String>
    let postKeys: Set<String>
    /// Roots that hold a role the export has.
    let taken: Set<String>

    init(doc: JSONDocument, schema: Schema) {
        self.doc = doc
        self.schema = schema
        var taken = Set<String>()
        for node in Schema.Node.allCases {
            guard let place = schema.place(node), doc.member(doc.root, place.root) != nil else { continue }
            taken.insert(place.root.text)
        }
        self.taken = taken
        var uids = Set<String>()
        if let users = schema.place(.users), users.isRoot, let root = doc.member(doc.root, users.root), doc.isObject(root) {
            doc.forEachEntry(root) { uids.insert(doc.key($0)) }
        }
        self.uids = uids
        var keys = Set<String>()
        if let records = schema.postRecords, taken.contains(schema.place(.posts)!.root.text) {
            Schema.forEachMatch(records, in: doc) { node, _ in if doc.hasKey(node) { keys.insert(doc.key(node)) } }
        }
        self.postKeys = keys
    }

    /// Whether the export has `node` (its root).
    func isPresent(_ node: Schema.Node) -> Bool {
        guard let place = schema.place(node) else { return false }
        return taken.contains(place.root.text) && (place.isRoot || {
            var any = false
            Schema.forEachMatch(place.parts, in: doc) { _, _ in any = true }
            return any
        }())
    }

    /// The roots that hold no role, with their nodes (objects only).
    func freeRoots(_ body: (_ name: String, _ node: Int32) -> Void) {
        doc.forEachEntry(doc.root) { member in
            let name = doc.key(member)
            if doc.isObject(member), !taken.contains(name) { body(name, member) }
        }
    }

    /// Whether an entry of a list stands for a user (`InspectionValues.isUserEntry`).
    func isUserEntry(_ entry: Int32) -> Bool {
        InspectionValues.isUserEntry(entry, uids: uids, in: doc)
    }

    /// The user's id a record holds in a field, if any.
    func heldUser(_ entry: Int32) -> String? {
        let value = doc.value(entry)
        guard doc.isObject(value) else { return nil }
        var found: String?
        doc.forEachChild(value) { member in
            if found == nil, let text = doc.string(doc.value(member)), uids.contains(text) { found = text }
        }
        return found
    }

    static func number(_ n: Int) -> String { ExportInspection.number(n) }
}

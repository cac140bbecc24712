/// What sitegen understood of an export (`sitegen inspect`): the dialect and layout, each
/// root node with its role and record count (and the unknown ones, kept as data), each
/// role with the spelling it found and how many records carry it, and a `[schema]` block
/// that says the same, to copy into `sitegen.toml` and edit. It reads what `audit` reads
/// (the loader's schema, one more pass counting every field) and never fails on an
/// export the loader accepts.
///
/// What no recognised name says is guessed by detectors (Inspection/), one a role, each
/// saying its evidence in the block's `# guessed` comments; this is the pipeline that
/// calls them top to bottom: first the roles read into the schema (the roots or
/// collections of users, posts, follows, likes and comments, the posts kept in users,
/// the timeline, the post a flat comment names), then, with the fields counted, the
/// nodes and the fields proposed (users, private data, lists in users and in posts,
/// owners, images, captions, times, profile fields, counters, list items).
public struct ExportInspection: Sendable {
    public let export: Export
    let schema: Schema
    /// Per field (by case order) and spelling: the records of the field's kind that carry it.
    private let coverage: [[Int]]
    /// Records of users (with `user_details`' own), posts and comments.
    private let totals: [InspectionRecords: Int]
    /// What the export seems to hold where no recognised name says, worked out once (the
    /// report and the `[schema]` block both show it): the nodes and the fields.
    private var nodeGuesses: [NodeGuess] = []
    private var fieldGuesses: [FieldGuess] = []
    /// Roles read into the schema by what the data holds, with why each was taken.
    private var nodeWhy: [Schema.Node: String] = [:]
    private var fieldWhy: [Schema.Field: String] = [:]
    /// How the timeline the export keeps is read (what its entries hold, whether a
    /// reader's own posts are in it), in words; nil when it keeps none.
    private var timelineRule: String?
    /// How follows kept one-sided in a root are read (by its name), with the root.
    private var edgeRule: (root: String, rule: String)?
    /// What could not be guessed safely, said as comments in the block.
    private var unsure: [String] = []
    private var nodeDoubts: [String] = []
    /// Roots of private data (`PrivateData`), said in the block, never mapped.
    private var privateRoots: [String] = []

    public init(_ export: Export) {
        self.export = export
        let doc = export.document
        var schema = export.schema
        func remap(_ change: (inout Schema.Mapping) -> Void) {
            var mapping = schema.mapping
            change(&mapping)
            schema = Schema.read(doc, dialect: export.dialect, mapping: mapping)
        }
        // 1. Roles read into the schema (their fields counted below).
        // A Firestore export's collections by what their documents hold (FirestoreRoles).
        if let layout = export.firestore, export.dialect == .makestagram {
            let found = FirestoreRoles.find(doc, layout, schema)
            if found.mapping != schema.mapping { remap { $0 = found.mapping } }
            nodeWhy = found.nodes
            fieldWhy = found.fields
            unsure = found.unsure
        }
        // A Realtime Database export's roots by what they hold (RealtimeRoles).
        if export.firestore == nil, export.dialect == .makestagram {
            let found = RealtimeRoles.find(doc, schema)
            if found.mapping != schema.mapping { remap { $0 = found.mapping } }
            nodeWhy = found.why
            fieldWhy = found.fieldWhy
            unsure = found.unsure
        }
        // Posts kept in each user (`users/<uid>/posts/<key>: {…}`) where the export has no
        // posts node: read as posts, so that their fields are counted and the block says so.
        if let path = PostsDetector.inUsers(schema, doc) { remap { $0.nodes[.posts] = path } }
        // The index of each user's own posts under a name no spelling has (`myPosts`).
        if let guess = UserPostsIndexDetector.guess(export, schema) {
            remap { $0.nodes[.userPosts] = guess.path }
            nodeWhy[.userPosts] = guess.why
        }
        // The readers' timelines or feeds, wherever they are kept, and what their entries hold.
        if let guess = TimelineDetector.guess(export, schema) {
            remap { $0.nodes[.timeline] = guess.path }
            if guess.path != Schema.Node.timeline.rawValue { nodeWhy[.timeline] = guess.why }
        }
        // Comments kept among the posts themselves, each naming its post: the posts' root is
        // theirs too, and the field that names the post their `post`.
        if let found = CommentsAmongPostsDetector.detect(doc, schema, encoded: export.firestore != nil) {
            remap {
                $0.nodes[.comments] = found.place
                $0.fields[.post] = found.field
            }
            nodeWhy[.comments] = found.why
            fieldWhy[.post] = "the comments among the posts name their post there"
        }
        // Comments or likes kept flat, each naming its post: the field that holds the post's key.
        if let found = PostFieldDetector.detect(doc, schema, encoded: export.firestore != nil) {
            remap { $0.fields[.post] = found.field }
            fieldWhy[.post] = found.why
        }
        timelineRule = TimelineDetector.rule(export, schema)
        if let rule = timelineRule, let why = nodeWhy[.timeline] { nodeWhy[.timeline] = why + "; " + rule }
        // What is read as the timeline is no longer a doubt.
        if let place = schema.place(.timeline) { unsure.removeAll { $0.hasPrefix(JSONString.quoted(place.text) + ":") } }
        self.schema = schema

        // 2. Every field's spellings counted: one pass over each kind's records, each
        // member's key looked up once.
        var counted = Schema.Field.allCases.map { schema.names($0).map { _ in 0 } }
        var counts: [InspectionRecords: Int] = [:]
        for kind in [InspectionRecords.users, .posts, .comments] {
            var byName: [String: [(field: Int, spelling: Int)]] = [:]
            var paths: [(field: Int, spelling: Int, name: Schema.Name)] = []
            for field in Schema.Field.allCases where InspectionContext.records(of: field, export.dialect) == kind {
                for (s, name) in schema.names(field).enumerated() {
                    if !name.isPath { byName[name.text, default: []].append((field.ordinal, s)) } else { paths.append((field.ordinal, s, name)) }
                }
            }
            var n = 0
            InspectionContext.forEachRecord(kind, schema, doc) { record in
                n += 1
                for (f, s, name) in paths where doc.member(record, name) != nil { counted[f][s] += 1 }
                doc.forEachChild(record) { member in
                    for (f, s) in byName[doc.key(member)] ?? [] { counted[f][s] += 1 }
                }
            }
            counts[kind] = n
        }
        self.coverage = counted
        self.totals = counts

        // 3. What the block proposes: the users and their ids (or the owners the posts
        // imply), then the nodes, then the fields.
        var c = InspectionContext(export: export, schema: schema, coverage: counted)
        c.usersGuess = UsersDetector.root(c)
        c.uids = c.usersRoot() == nil ? UsersDetector.implied(c) : UsersDetector.ids(c)
        // The username under a name no variant has, guessed once: for the comments named by
        // username and for the block.
        let username = UserFieldsDetector.username(c)
        c.usernames = UsersDetector.usernames(c, guessed: username)
        if export.dialect == .makestagram && doc.isObject(doc.root) {
            if let users = c.usersGuess { c.nodeGuesses.append((.users, users.name.text, users.why)) }
            privateRoots = PrivateData.roots(c)
            if let details = UsersDetector.details(c) { c.nodeGuesses.append(details) }
            // Lists in each record: `users/<uid>/following`, `posts/<key>/likes`.
            c.nodeGuesses += EdgesDetector.inUsers(c)
            c.nodeGuesses += [PostsDetector.index(c), LikesDetector.inUsers(c), LikesDetector.inPosts(c)].compactMap { $0 }
            let comments = CommentsDetector.inPosts(c)
            if let guess = comments.guess { c.nodeGuesses.append(guess) }
            if let doubt = comments.doubt { nodeDoubts.append(doubt) }
        }
        nodeGuesses = c.nodeGuesses
        // A one-sided edge root is read by its name: said, with the line that reads it the
        // other way (where no list in the users' records, guessed above, is the other side).
        if export.dialect == .makestagram, schema.edgeDocuments == nil, let found = EdgesDetector.oneSided(c) {
            edgeRule = (found.root, found.rule)
            if let hint = found.hint { unsure.append(hint) }
        }
        if export.dialect == .makestagram {
            fieldGuesses = [
                PostsDetector.owner(c), CommentsDetector.author(c), PostsDetector.image(c), PostsDetector.caption(c),
                TimesDetector.created(c), UserFieldsDetector.avatar(c) ?? UserFieldsDetector.avatarInMap(c), username,
                UserFieldsDetector.bio(c), UserFieldsDetector.privateFlag(c) ?? UserFieldsDetector.privateFlagInMaps(c),
                CountersDetector.likes(c), CountersDetector.comments(c), CommentsDetector.text(c),
            ].compactMap { $0 }
            // Soft deletes, then replies (a counter counts neither deleted comments nor, here, replies).
            let deleted = SoftDeleteDetector.guess(c)
            if let deleted { fieldGuesses.append(deleted) }
            if let replies = RepliesDetector.guess(c, counter: fieldGuesses.first { $0.field == .commentCount }?.name, deleted: deleted?.name) {
                fieldGuesses.append(replies)
            }
            fieldGuesses += CountersDetector.users(c, guessed: fieldGuesses)
            fieldGuesses += UserFieldsDetector.inMaps(c)
            fieldGuesses += MediaListDetector.guesses(c)
            // An owner or author read in two spellings: the one holding users' ids.
            for (field, kind) in [(Schema.Field.postOwner, InspectionRecords.posts), (.commentAuthor, .comments)]
            where !fieldGuesses.contains(where: { $0.field == field }) {
                if let guess = c.spellingHoldingIDs(field, in: kind, what: "a user's id") { fieldGuesses.append(guess) }
            }
            let owner = fieldGuesses.first { $0.field == .postOwner }?.name
            if let name = PostOwnerNameDetector.posterName(c, owner: owner) { fieldGuesses.append(name) }
            // A one-sided root the users' counters read the other way than its name.
            if edgeRule != nil, let turned = EdgesDetector.byCounters(c, guessed: fieldGuesses) {
                nodeGuesses.append(turned.guess)
                edgeRule = (turned.guess.name, turned.rule)
                unsure.removeAll { $0.hasPrefix("\(turned.guess.node.rawValue) = ") }
            }
        }
        // Follows and likes kept as arrays of maps: the member each item names its user in.
        let lists = [Schema.Node.followers, .following, .postLikes].compactMap { node -> (node: Schema.Node, place: Schema.Place)? in
            if c.isPresent(node), let place = schema.place(node) { return (node, place) }
            return c.guessedPlace(node).map { (node, $0) }
        }
        let mapped = schema.mapping.fields
        fieldGuesses += ListItemsDetector.guesses(doc, places: lists, uids: c.uids) { mapped[$0] != nil }
        if let hint = UsersDetector.usernameKeyHint(c, keepsNoUsername: keepsNoUsername) { unsure.append(hint) }
    }

    /// Whether no record holds a username, under any name or a guessed one.
    private var keepsNoUsername: Bool {
        !schema.isCarried(.username) && !fieldGuesses.contains { $0.field == .username }
    }

    /// Where each role is read, as inspect reads it (the roles it found by what the
    /// documents hold included): for the Firestore summary's "roles kept as".
    public var roles: [(role: String, path: String)] {
        Schema.Node.allCases.compactMap { node in schema.place(node).map { (role: node.rawValue, path: $0.text) } }
    }

    /// The report, then the `[schema]` block.
    public func text() -> String {
        let doc = export.document
        var out = "\(export.path): \(export.dialect.rawValue) export"
        if export.dialect == .makestagram {
            let grouped = schema.place(.posts).map { $0.isRoot ? "\($0.root.text)/<uid>" : $0.text.replacingOccurrences(of: "*", with: "<uid>") } ?? "posts/<uid>"
            out += ", posts \(schema.flatPosts ? "flat (posts/<key> with an owner)" : "by owner (\(grouped)/<key>)")"
        }
        out += "\n"
        if !doc.rootPrefix.isEmpty {
            out += "the database is kept under \(doc.rootPrefix) (the root's one member): read from there; the block's places and the audit's paths below it\n"
        }

        // Root nodes: each with its role(s) and the number of its entries.
        out += "\nroot nodes:\n"
        var rows: [(String, String, String)] = []
        var unknown: [(String, Int)] = []
        if doc.isObject(doc.root) {
            doc.forEachEntry(doc.root) { member in
                let name = doc.key(member)
                let roles = Schema.Node.allCases.filter { schema.place($0)?.root.text == name && self.isPresent($0) }
                let count = doc.isContainer(member) ? entries(member) : 0
                if roles.isEmpty {
                    unknown.append((name, count))
                    return
                }
                let described = roles.map { node -> String in
                    guard let place = schema.place(node), !place.isRoot else { return node.rawValue }
                    return "\(node.rawValue) (\(place.text))"
                }
                rows.append((name, described.joined(separator: ", "), Self.number(count)))
            }
        }
        let width = max(rows.map(\.0.count).max() ?? 0, unknown.map(\.0.count).max() ?? 0)
        let countWidth = rows.map(\.2.count).max() ?? 0
        for (name, roles, count) in rows {
            out += "  \(Self.pad(name, width))  \(String(repeating: " ", count: countWidth - count.count))\(count)  \(roles)\n"
        }
        for (name, count) in unknown {
            out += "  \(Self.pad(name, width))  \(String(repeating: " ", count: max(0, countWidth - Self.number(count).count)))\(Self.number(count))  unknown: kept as data, not shown\n"
        }
        let guessed = Set(nodeGuesses.map(\.node))
        let absent = Schema.Node.allCases.filter { !isPresent($0) && !guessed.contains($0) && Schema.tutorial.contains($0) && $0 != .images }
            .filter { export.dialect == .makestagram || ![.followers, .following, .postLikes, .timeline].contains($0) }
        if !absent.isEmpty {
            out += "  absent: \(absent.map(\.rawValue).joined(separator: ", ")) (not part of this app: nothing checked or added)\n"
        }

        if let timelineRule, let place = schema.place(.timeline) {
            out += "\ntimeline (\(place.text)):\n  \(timelineRule)\n"
        }
        if let edgeRule { out += "\nfollows (\(edgeRule.root)):\n  \(edgeRule.rule)\n" }

        // Roles: each field's spellings in use, with how many records carry each.
        out += "\nfields:\n"
        var lines: [(String, String)] = []
        for field in Schema.Field.allCases {
            guard let kind = InspectionContext.records(of: field, export.dialect), let total = totals[kind], total > 0 else { continue }
            let used = zip(schema.names(field), coverage[field.ordinal]).filter { $0.1 > 0 }
            if used.isEmpty { continue }
            // Users' fields are counted in each of their records (a `user_details` root is a second one).
            let word = kind == .users && isPresent(.userDetails) ? "user records" : kind.rawValue
            let spellings = used.map { "\($0.0.text) (\(Self.number($0.1)) of \(Self.number(total)) \(word))" }
            lines.append((field.rawValue, spellings.joined(separator: ", ")))
        }
        // The fields the [schema] block below maps by a guess are read so once it is copied.
        for guess in fieldGuesses { lines.append((guess.field.rawValue, "\(guess.name) (guessed: \(guess.why))")) }
        let fieldWidth = lines.map(\.0.count).max() ?? 0
        for (field, spellings) in lines { out += "  \(Self.pad(field, fieldWidth)) ← \(spellings)\n" }
        if lines.isEmpty { out += "  none\n" }
        if export.dialect == .makestagram && keepsNoUsername && totals[.users]! > 0 {
            out += "  (no username: profiles are named by `name`, else by uid)\n"
        }

        out += mediaReport()
        out += "\n" + schemaBlock()
        return out
    }

    /// A comment's text on one line, whatever it quotes (a JSON value written over several
    /// lines, a key holding a line break): a comment that ran onto the next line would make
    /// the block pasted into sitegen.toml no longer TOML.
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0.isNewline || ($0.asciiValue.map { $0 < 0x20 && $0 != 0x09 } ?? false) }) else { return text }
        return text.split(whereSeparator: { $0.isNewline || ($0.asciiValue.map { $0 < 0x20 } ?? false) })
            .map { String($0.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `[schema]` saying what was understood: every node and field spelled otherwise than
    /// the tutorial's name. A field used in two spellings is left unmapped (a mapping reads
    /// one spelling only), with a comment.
    public func schemaBlock() -> String {
        var out = "[schema]\ndialect = \"\(export.dialect.rawValue)\"\n"
        var nodes: [String] = []
        for node in Schema.Node.allCases where isPresent(node) {
            guard let place = schema.place(node), place.text != node.rawValue else { continue }
            nodes.append("\(node.rawValue) = \(JSONString.quoted(place.text))" + (nodeWhy[node].map { "  # guessed: \(Self.oneLine($0))" } ?? ""))
        }
        nodes += nodeGuesses.map { "\($0.node.rawValue) = \(JSONString.quoted($0.name))  # guessed: \(Self.oneLine($0.why))" }
        if !nodes.isEmpty { out += "\n[schema.nodes]\n" + nodes.map { $0 + "\n" }.joined() }
        var fields: [String] = []
        // A field read in posts and in their media's items (`width`) is said once for both.
        let items = mediaItemCounts().counts
        // A field a detector guessed is said by its guess (a photo in a map: `avatar/url`).
        for field in Schema.Field.allCases where InspectionContext.records(of: field, export.dialect) != nil
            && !fieldGuesses.contains(where: { $0.field == field }) {
            let carried = zip(coverage[field.ordinal], items[field.ordinal]).map { $0 + $1 }
            let used = zip(schema.names(field), carried).filter { $0.1 > 0 }.map(\.0.text)
            if used.count > 1 {
                fields.append("# \(field.rawValue): \(Self.oneLine(used.joined(separator: " and "))) are both read unmapped")
            } else if let spelling = used.first, spelling != field.rawValue {
                fields.append("\(field.rawValue) = \(JSONString.quoted(spelling))" + (fieldWhy[field].map { "  # guessed: \(Self.oneLine($0))" } ?? ""))
            }
        }
        // Fields read only where mapped and counted in no record (a list's item field): kept as mapped.
        for field in [Schema.Field.followerID, .followedID, .likerID, .post] {
            if let name = schema.mapping.fields[field] { fields.append("\(field.rawValue) = \(JSONString.quoted(name))" + (fieldWhy[field].map { "  # guessed: \(Self.oneLine($0))" } ?? "")) }
        }
        fields += fieldGuesses.map { "\($0.field.rawValue) = \(JSONString.quoted($0.name))  # guessed: \(Self.oneLine($0.why))" }
        if !fields.isEmpty { out += "\n[schema.fields]\n" + fields.map { $0 + "\n" }.joined() }
        if !privateRoots.isEmpty {
            out += "\n# Private data, kept and never published: \(Self.oneLine(privateRoots.joined(separator: ", ")))\n"
        }
        let notGuessed = unsure + nodeDoubts
        if !notGuessed.isEmpty { out += "\n# Not guessed (map them by hand if they are what the comment says):\n" + notGuessed.map { "# \($0)\n" }.joined() }
        return out
    }

    /// Whether the export has `node` (its root, or its member in some record).
    private func isPresent(_ node: Schema.Node) -> Bool { InspectionContext.isPresent(node, schema, export.document) }

    private func entries(_ node: Int32) -> Int {
        var n = 0
        export.document.forEachEntry(node) { _ in n += 1 }
        return n
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - s.count))
    }

    /// `3412` as `3,412`.
    static func number(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return out
    }
}

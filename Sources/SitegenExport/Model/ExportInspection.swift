/// What sitegen understood of an export (`sitegen inspect`): the dialect and layout, each
/// root node with its role and record count (and the unknown ones, kept as data), each
/// role with the spelling it found and how many records carry it, and a `[schema]` block
/// that says the same, to copy into `sitegen.toml` and edit. It reads what `audit` reads
/// (the loader's schema, one more pass counting every field) and never fails on an
/// export the loader accepts.
public struct ExportInspection: Sendable {
    public let export: Export
    let schema: Schema
    /// Per field (by case order) and spelling: the records of the field's kind that carry it.
    private let coverage: [[Int]]
    /// Records of users (with `user_details`' own), posts and comments.
    private let totals: [Records: Int]
    /// What the export seems to hold where no recognised name says, worked out once (the
    /// report and the `[schema]` block both show it): the users' root when there is no
    /// `users` root, then the nodes and the fields.
    private var usersGuess: (name: Schema.Name, why: String)?
    private var nodeGuesses: [(node: Schema.Node, name: String, why: String)] = []
    private var fieldGuesses: [(field: Schema.Field, name: String, why: String)] = []
    /// Roles of a Firestore export's collections found by what their documents hold,
    /// read as mapped (their fields counted), with why each was taken.
    private var nodeWhy: [Schema.Node: String] = [:]
    private var fieldWhy: [Schema.Field: String] = [:]
    /// How the timeline the export keeps is read (what its entries hold, whether a
    /// reader's own posts are in it), in words; nil when it keeps none.
    private var timelineRule: String?
    /// What could not be guessed safely, said as comments in the block.
    private var unsure: [String] = []
    private var nodeDoubts: [String] = []
    /// Roots of private data (`PrivateData`), said in the block, never mapped.
    private var privateRoots: [String] = []

    public init(_ export: Export) {
        self.export = export
        var schema = export.schema
        if let layout = export.firestore, export.dialect == .makestagram {
            let found = Self.firestoreRoles(export.document, layout, schema)
            if found.mapping != schema.mapping {
                schema = Schema.read(export.document, dialect: export.dialect, mapping: found.mapping)
            }
            nodeWhy = found.nodes
            fieldWhy = found.fields
            unsure = found.unsure
        }
        // A Realtime Database export's roles by what its roots hold (Inspection/), read as mapped.
        if export.firestore == nil, export.dialect == .makestagram {
            let found = RealtimeRoles.find(export.document, schema)
            if found.mapping != schema.mapping {
                schema = Schema.read(export.document, dialect: export.dialect, mapping: found.mapping)
            }
            nodeWhy = found.why
        }
        // Posts kept in each user (`users/<uid>/posts/<key>: {…}`) where the export has no
        // posts node: read as posts, so that their fields are counted and the block says so.
        if let path = Self.postsInUsers(schema, export.document) {
            var mapping = schema.mapping
            mapping.nodes[.posts] = path
            schema = Schema.read(export.document, dialect: export.dialect, mapping: mapping)
        }
        // The readers' timelines or feeds, wherever they are kept, and what their entries hold.
        if let guess = Self.guessedTimeline(export, schema) {
            var mapping = schema.mapping
            mapping.nodes[.timeline] = guess.path
            schema = Schema.read(export.document, dialect: export.dialect, mapping: mapping)
            if guess.path != Schema.Node.timeline.rawValue { nodeWhy[.timeline] = guess.why }
        }
        // Comments or likes kept flat, each naming its post: the field that holds the post's key.
        if let found = PostFieldDetector.detect(export.document, schema, encoded: export.firestore != nil) {
            var mapping = schema.mapping
            mapping.fields[.post] = found.field
            schema = Schema.read(export.document, dialect: export.dialect, mapping: mapping)
            fieldWhy[.post] = found.why
        }
        timelineRule = Self.timelineRule(export, schema)
        if let rule = timelineRule, let why = nodeWhy[.timeline] { nodeWhy[.timeline] = why + "; " + rule }
        // What is read as the timeline is no longer a doubt.
        if let place = schema.place(.timeline) { unsure.removeAll { $0.hasPrefix(JSONString.quoted(place.text) + ":") } }
        self.schema = schema
        var counted = Schema.Field.allCases.map { schema.names($0).map { _ in 0 } }
        var counts: [Records: Int] = [:]
        // One pass over each kind's records: each member's key looked up once.
        let doc = export.document
        for kind in [Records.users, .posts, .comments] {
            var byName: [String: [(field: Int, spelling: Int)]] = [:]
            var paths: [(field: Int, spelling: Int, name: Schema.Name)] = []
            for field in Schema.Field.allCases where Self.records(of: field, export.dialect) == kind {
                for (s, name) in schema.names(field).enumerated() {
                    if !name.isPath { byName[name.text, default: []].append((field.ordinal, s)) } else { paths.append((field.ordinal, s, name)) }
                }
            }
            var n = 0
            Self.forEachRecord(kind, schema, doc) { record in
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
        usersGuess = guessedUsers()
        let uids = usersRoot() == nil ? impliedUserIDs() : userIDs()
        nodeGuesses = guessedNodes(uids: uids)
        fieldGuesses = guessedFields(uids: uids)
        // Follows and likes kept as arrays of maps: the member each item names its user in.
        let lists = [Schema.Node.followers, .following, .postLikes].compactMap { node -> (node: Schema.Node, place: Schema.Place)? in
            if isPresent(node), let place = schema.place(node) { return (node, place) }
            return nodeGuesses.first { $0.node == node }.flatMap { Schema.Place(mapped: $0.name) }.map { (node, $0) }
        }
        let mapped = schema.mapping.fields
        fieldGuesses += ListItemsDetector.guesses(doc, places: lists, uids: uids) { mapped[$0] != nil }
        if let hint = usernameKeyHint(uids: uids) { unsure.append(hint) }
    }

    /// Whether no record holds a username, under any name or a guessed one.
    private var keepsNoUsername: Bool {
        !schema.isCarried(.username) && !fieldGuesses.contains { $0.field == .username }
    }

    /// With no username anywhere, and users keyed by what look like handles (lowercase
    /// letters, digits, `.` and `_`, not ids), the line that says how to map them.
    private func usernameKeyHint(uids: Set<String>) -> String? {
        guard export.dialect == .makestagram, keepsNoUsername, schema.mapping.fields[.userID] == nil, !uids.isEmpty,
              usersRoot() != nil else { return nil }
        let handles = uids.filter { key in
            key.utf8.count <= 30 && key.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
                && key.utf8.allSatisfy { ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
        }
        guard handles.count * 10 >= uids.count * 9 else { return nil }
        let some = handles.sorted().prefix(3).joined(separator: ", ")
        return "username = \"*\": if the users' keys (\(some), …) are their usernames (no record holds one)"
    }

    /// Where each role is read, as inspect reads it (the roles it found by what the
    /// documents hold included): for the Firestore summary's "roles kept as".
    public var roles: [(role: String, path: String)] {
        Schema.Node.allCases.compactMap { node in schema.place(node).map { (role: node.rawValue, path: $0.text) } }
    }

    /// The kinds of record a field is counted in, with the word for them.
    private enum Records: String {
        case users, posts, comments
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

        // Roles: each field's spellings in use, with how many records carry each.
        out += "\nfields:\n"
        var lines: [(String, String)] = []
        for field in Schema.Field.allCases {
            guard let kind = Self.records(of: field, export.dialect), let total = totals[kind], total > 0 else { continue }
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

    /// `[schema]` saying what was understood: every node and field spelled otherwise than
    /// the tutorial's name. A field used in two spellings is left unmapped (a mapping reads
    /// one spelling only), with a comment.
    public func schemaBlock() -> String {
        var out = "[schema]\ndialect = \"\(export.dialect.rawValue)\"\n"
        var nodes: [String] = []
        for node in Schema.Node.allCases where isPresent(node) {
            guard let place = schema.place(node), place.text != node.rawValue else { continue }
            nodes.append("\(node.rawValue) = \(JSONString.quoted(place.text))" + (nodeWhy[node].map { "  # guessed: \($0)" } ?? ""))
        }
        nodes += nodeGuesses.map { "\($0.node.rawValue) = \(JSONString.quoted($0.name))  # guessed: \($0.why)" }
        if !nodes.isEmpty { out += "\n[schema.nodes]\n" + nodes.map { $0 + "\n" }.joined() }
        var fields: [String] = []
        // A field read in posts and in their media's items (`width`) is said once for both.
        let items = mediaItemCounts().counts
        for field in Schema.Field.allCases where Self.records(of: field, export.dialect) != nil {
            let carried = zip(coverage[field.ordinal], items[field.ordinal]).map { $0 + $1 }
            let used = zip(schema.names(field), carried).filter { $0.1 > 0 }.map(\.0.text)
            if used.count > 1 {
                fields.append("# \(field.rawValue): \(used.joined(separator: " and ")) are both read unmapped")
            } else if let spelling = used.first, spelling != field.rawValue {
                fields.append("\(field.rawValue) = \(JSONString.quoted(spelling))" + (fieldWhy[field].map { "  # guessed: \($0)" } ?? ""))
            }
        }
        // Fields read only where mapped and counted in no record (a list's item field): kept as mapped.
        for field in [Schema.Field.followerID, .followedID, .likerID, .post] {
            if let name = schema.mapping.fields[field] { fields.append("\(field.rawValue) = \(JSONString.quoted(name))" + (fieldWhy[field].map { "  # guessed: \($0)" } ?? "")) }
        }
        fields += fieldGuesses.map { "\($0.field.rawValue) = \(JSONString.quoted($0.name))  # guessed: \($0.why)" }
        if !fields.isEmpty { out += "\n[schema.fields]\n" + fields.map { $0 + "\n" }.joined() }
        if !privateRoots.isEmpty {
            out += "\n# Private data, kept and never published: \(privateRoots.joined(separator: ", "))\n"
        }
        let notGuessed = unsure + nodeDoubts
        if !notGuessed.isEmpty { out += "\n# Not guessed (map them by hand if they are what the comment says):\n" + notGuessed.map { "# \($0)\n" }.joined() }
        return out
    }

    // MARK: - Guesses for shapes no name says

    /// Nodes the export seems to keep where no recognised name says: a root keyed by users'
    /// uids (a second root of user fields), and lists inside each user or post record.
    private mutating func guessedNodes(uids: Set<String>) -> [(node: Schema.Node, name: String, why: String)] {
        guard export.dialect == .makestagram else { return [] }
        let doc = export.document
        guard doc.isObject(doc.root) else { return [] }
        var guesses: [(node: Schema.Node, name: String, why: String)] = []
        let users = usersGuess
        if let users { guesses.append((.users, users.name.text, users.why)) }
        if !isPresent(.userDetails) {
            // Of the roots keyed mostly by users' uids, the one whose records hold the most
            // text fields: FriendlyPix's `people/<uid>: {displayName, photoUrl}` (241 users),
            // not its `feed/<uid>: {<postKey>: true}` (2 users, lists of post keys only).
            var best: (name: String, users: Int, keys: Int, withText: Int)?
            doc.forEachEntry(doc.root) { member in
                let name = doc.key(member)
                guard doc.isObject(member), !isTaken(name), name != users?.name.text else { return }
                let (isPrivate, fields) = PrivateData.isPrivateRoot(member, in: doc)
                if isPrivate {
                    privateRoots.append("\(name) (\(fields.joined(separator: ", ")))")
                    return
                }
                var keys = 0, users = 0, withText = 0
                doc.forEachEntry(member) { record in
                    guard doc.isObject(record) else { return }
                    keys += 1
                    if uids.contains(doc.key(record)) { users += 1 }
                    var text = false
                    doc.forEachChild(record) { field in if !text && doc.isString(doc.value(field)) { text = true } }
                    if text { withText += 1 }
                }
                guard keys > 0, users * 2 >= keys, withText > 0 else { return }
                if best == nil || (withText, users) > (best!.withText, best!.users) { best = (name, users, keys, withText) }
            }
            if let best {
                guesses.append((.userDetails, best.name, "\(Self.number(best.users)) of its \(Self.number(best.keys)) keys are users' uids"))
            }
        }
        // Lists in each record: `users/<uid>/following`, `posts/<key>/likes`. A user's
        // `posts` whose entries are objects are the posts themselves (`users/*/posts`, a
        // renamed `posts`, docs/export-format.md), not the index of them.
        let inUsers: [(Schema.Node, [String])] = [
            (.followers, ["followers"]), (.following, ["following", "follows", "followings"]), (.userPosts, ["posts", "user_posts", "userPosts"]), (.userLikes, ["likes"]),
        ]
        let postRecords = isPresent(.posts) ? schema.postRecords : nil
        if let root = usersRoot() {
            for (node, names) in inUsers where !isPresent(node) {
                for name in names {
                    var lists = 0, records = 0
                    Schema.forEachMatch([root, nil, Schema.Name(name)], in: doc) { list, _ in
                        guard doc.isContainer(list) else { return }
                        lists += 1
                        if Self.holdsObjects(list, in: doc) { records += 1 }
                    }
                    guard lists > 0 else { continue }
                    // Posts kept in each user are read as such (`init`), not as their index.
                    if node == .userPosts && records * 2 > lists { break }
                    guesses.append((node, "\(root.text)/*/\(name)", "\(Self.number(lists)) users hold a \"\(name)\" list"))
                    break
                }
            }
        }
        // Lists in each post, at any depth (`posts/*/likes`, `users/*/posts/*/likes`).
        if let records = postRecords {
            let likesName = Self.likesListName(in: records, uids: uids, doc: doc)
            let commentsName = Self.commentsListName(in: records, doc: doc)
            for (node, name) in [(Schema.Node.postLikes, likesName), (.comments, commentsName)] where !isPresent(node) {
                var lists = 0, entries = 0, authored = 0
                var keys = Set<String>()
                Schema.forEachMatch(records + [Schema.Name(name)], in: doc) { list, _ in
                    guard doc.isContainer(list) else { return }
                    lists += 1
                    guard node == .comments else { return }
                    doc.forEachEntry(list) { entry in
                        guard doc.isObject(entry) else { return }
                        entries += 1
                        if Self.authorField(entry, uids: uids, in: doc) != nil { authored += 1 }
                        doc.forEachChild(entry) { keys.insert(doc.key($0)) }
                    }
                }
                guard lists > 0 else { continue }
                let path = (records + [Schema.Name(name)]).map { $0?.text ?? "*" }.joined(separator: "/")
                // Comments whose entries name no user by id (`{displayName, comment}`) cannot
                // be counted or shown by author: said, not mapped.
                if node == .comments && entries > 0 && authored * 2 < entries {
                    nodeDoubts.append("comments = \(JSONString.quoted(path)): \(Self.number(lists)) posts hold a \"\(name)\" list, but \(Self.number(entries - authored)) of its \(Self.number(entries)) entries name no user by id (\(keys.sorted().joined(separator: ", ")))")
                    continue
                }
                guesses.append((node, path, "\(Self.number(lists)) posts hold a \"\(name)\" list"))
            }
        }
        return guesses
    }

    // MARK: - Firestore: roles by what the documents hold

    /// The roles of a Firestore export's collections and subcollections that no name says,
    /// found by what their documents hold (docs/firestore.md, "The layouts public Firestore
    /// clones use"), added to `schema`'s mapping where it maps none: the users (a
    /// collection named `users` in any case, else the one whose documents hold users'
    /// names or photos) and the id the rest of the data uses for them (`user_id`); the
    /// posts (the collection whose documents hold an image's URL, at any depth); under each
    /// post, a subcollection of empty documents (likes) or of text with an author
    /// (comments); comments kept in a collection keyed by post (`insta_comments/*/comments`);
    /// `<root>/*/<sub>` of empty documents keyed by users' ids (edges, named by their words).
    /// What cannot be told safely is said in `unsure`, not mapped.
    private static func firestoreRoles(_ doc: JSONDocument, _ layout: FirestoreLayout, _ schema: Schema)
        -> (mapping: Schema.Mapping, nodes: [Schema.Node: String], fields: [Schema.Field: String], unsure: [String])
    {
        var mapping = schema.mapping
        var nodes: [Schema.Node: String] = [:]
        var fields: [Schema.Field: String] = [:]
        var unsure: [String] = []
        guard doc.isObject(doc.root) else { return (mapping, nodes, fields, unsure) }
        func parts(_ pattern: String) -> [Schema.Name?] { pattern.split(separator: "/").map { $0 == "*" ? nil : Schema.Name(String($0)) } }
        /// Each document of a collection pattern, with the key of its parent document (the
        /// last `*`) where it has one.
        func documents(_ pattern: String, _ body: (_ document: Int32, _ parent: String?) -> Void) {
            Schema.forEachMatch(parts(pattern) + [nil], in: doc) { node, keys in
                body(node, keys.count >= 2 ? keys[keys.count - 2].text(doc) : nil)
            }
        }
        /// Whether `record` holds, under a name other than its own key's, a text that is one of
        /// `keys` (an owner's id, a post's id): a record that belongs to or copies another.
        func holdsKey(of keys: Set<String>, _ record: Int32) -> Bool {
            guard doc.isObject(record) else { return false }
            let own = doc.key(record)
            var found = false
            doc.forEachChild(record) { member in
                if !found, let text = doc.string(doc.value(member)), text != own, keys.contains(text) { found = true }
            }
            return found
        }
        let collections = layout.collections.sorted()
        let held = { (c: String) in (layout.documentsPerCollection[c] ?? 0) > 0 }
        let isRootPresent = { (name: String) in doc.member(doc.root, Schema.Name(name)) != nil }

        // The users.
        var users = mapping.nodes[.users] ?? (isRootPresent("users") ? "users" : nil)
        if users == nil {
            if let c = collections.first(where: { !$0.contains("/") && $0.lowercased() == "users" }) {
                users = c
                nodes[.users] = "the collection \(c) is named so"
            } else {
                let spellings = [Schema.Field.username, .name, .avatarURL].flatMap { schema.names($0) }
                // Never a collection of posts (their owner's name and photo copied in them).
                let avatars = Set(schema.names(.avatarURL).map(\.text))
                let roots = collections.filter { !$0.contains("/") && held($0) && !holdsPostImages($0, in: doc, avatars: avatars) }
                var keysOf: [String: Set<String>] = [:]
                for c in roots { documents(c) { record, _ in keysOf[c, default: []].insert(doc.key(record)) } }
                // A collection's name saying users first (`insta_users`, `Users`), then the most
                // documents; never one whose documents belong to another's (their owner copied).
                var best: (name: String, users: Int, records: Int, named: Bool)?
                for c in roots {
                    var records = 0, withUser = 0, owned = 0
                    let others = keysOf.filter { $0.key != c }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
                    documents(c) { record, _ in
                        records += 1
                        if doc.member(record, spellings) != nil { withUser += 1 }
                        if holdsKey(of: others, record) { owned += 1 }
                    }
                    guard withUser > 0, withUser * 2 >= records, owned * 2 < records else { continue }
                    let named = c.lowercased().contains("user")
                    if best == nil || (named && !best!.named) || (named == best!.named && withUser > best!.users) {
                        best = (c, withUser, records, named)
                    }
                }
                if let best {
                    users = best.name
                    nodes[.users] = "\(number(best.users)) of its \(number(best.records)) documents hold a user's name or photo"
                }
            }
            if let users, nodes[.users] != nil { mapping.nodes[.users] = users }
        }
        // With no collection of users (the people exist only as the owners of posts:
        // docs/export-format.md, "Users implied by posts"), the posts and their lists are
        // still found, with no user's id to go by.
        var keys: [String] = []
        if let users { documents(users) { record, _ in if doc.isObject(record) { keys.append(doc.key(record)) } } }
        var uids = Set(keys)

        // The id the rest of the data uses for a user, where the document's own key is not it:
        // a field with a distinct value per user, not the key, found elsewhere more often
        // than the keys are (karlhadwen's `userId` in `users/<autoId>`).
        if let users, mapping.fields[.userID] == nil, !keys.isEmpty {
            var values: [String: [String]] = [:]
            documents(users) { record, _ in
                guard doc.isObject(record) else { return }
                let key = doc.key(record)
                doc.forEachChild(record) { member in
                    if let text = doc.string(doc.value(member)), !text.isEmpty, text != key { values[doc.key(member), default: []].append(text) }
                }
            }
            let candidates = values.filter { $0.value.count * 2 >= keys.count && Set($0.value).count == $0.value.count }
            if !candidates.isEmpty {
                var hits: [String: Int] = [:]
                var keyHits = 0
                let owner = Dictionary(candidates.flatMap { field, texts in texts.map { ($0, field) } }, uniquingKeysWith: { a, _ in a })
                func walk(_ node: Int32, countKeys: Bool) {
                    doc.forEachChild(node) { member in
                        if countKeys, doc.hasKey(member) {
                            let key = doc.key(member)
                            if let field = owner[key] { hits[field, default: 0] += 1 }
                            if uids.contains(key) { keyHits += 1 }
                        }
                        let value = doc.value(member)
                        if let text = doc.string(value) {
                            let name = doc.hasKey(member) ? doc.key(member) : ""
                            if let field = owner[text], field != name { hits[field, default: 0] += 1 }
                            if uids.contains(text) && candidates[name] == nil { keyHits += 1 }
                        } else if doc.isContainer(value) {
                            walk(value, countKeys: true)
                        }
                    }
                }
                doc.forEachChild(doc.root) { root in
                    guard doc.isContainer(root) else { return }
                    walk(root, countKeys: doc.key(root) != users)
                }
                if let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value > keyHits {
                    mapping.fields[.userID] = best.key
                    fields[.userID] = "its values, one per user, are what \(number(best.value)) edges, likes and owners elsewhere hold (the documents' own ids: \(number(keyHits)))"
                    uids = Set(candidates[best.key]!)
                }
            }
        }
        if let users, mapping.fields[.userID] == nil, mapping.fields[.userAlias] == nil,
           let alias = UserAliasDetector.detect(FirestoreCollections(doc: doc, layout: layout), users: users, userCount: keys.count,
                                                      taken: Set([Schema.Field.username, .name, .avatarURL, .bio, .url].flatMap { schema.names($0).map(\.text) })) {
            mapping.fields[.userAlias] = alias.field
            fields[.userAlias] = alias.why
            uids.formUnion(alias.ids)
        }

        // The posts: the collection whose documents hold an image's URL (not a profile
        // photo's) under one name, at any depth of subcollections.
        // With no users found, a collection named `posts` is the posts (another holding
        // images may be the users, their photos under a name no spelling has).
        var posts = mapping.nodes[.posts] ?? (users == nil && isRootPresent("posts") ? "posts" : nil)
        if posts == nil {
            struct Candidate { var name: String, field: String, hits: Int, records: Int, keys: Set<String>, depth: Int }
            var candidates: [Candidate] = []
            for c in collections where held(c) && c != users && !isCopies(c, uids: uids, in: doc, documents: documents) {
                var records = 0
                var hits: [String: Int] = [:]
                var keys = Set<String>()
                documents(c) { record, _ in
                    guard doc.isObject(record) else { return }
                    records += 1
                    keys.insert(doc.key(record))
                    doc.forEachChild(record) { member in
                        if isPostImage(member, in: doc) || isMediaList(member, schema, in: doc) { hits[doc.key(member), default: 0] += 1 }
                    }
                }
                guard let field = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), field.value * 2 >= records else { continue }
                candidates.append(Candidate(name: c, field: field.key, hits: field.value, records: records, keys: keys, depth: c.split(separator: "/").count))
            }
            /// How many of `a`'s documents name one of `b`'s: by their own key or a field.
            func references(_ a: Candidate, _ b: Candidate) -> Int {
                var n = 0
                documents(a.name) { record, _ in if b.keys.contains(doc.key(record)) || holdsKey(of: b.keys, record) { n += 1 } }
                return n
            }
            /// Copies and mentions of posts (a timeline of copies, an activity feed naming the
            /// post it is about) name the posts' documents; the posts do not name theirs. Where
            /// both name the other (the same keys), the copies' keys repeat across their
            /// parents (one post in many readers' timelines), or they lie deeper.
            func isCopy(_ a: Candidate, of b: Candidate) -> Bool {
                guard references(a, b) * 2 >= a.records else { return false }
                guard references(b, a) * 2 >= b.records else { return true }
                let repeats = { (c: Candidate) in c.keys.count < c.records }
                if repeats(a) != repeats(b) { return repeats(a) }
                return a.depth > b.depth
            }
            let originals = candidates.filter { a in !candidates.contains { b in b.name != a.name && isCopy(a, of: b) } }
            var best: (name: String, field: String, hits: Int, records: Int)?
            for c in originals {
                if best == nil || c.hits > best!.hits || (c.hits == best!.hits && c.depth < best!.name.split(separator: "/").count) {
                    best = (c.name, c.field, c.hits, c.records)
                }
            }
            if let best {
                posts = best.name
                if best.name != "posts" {
                    mapping.nodes[.posts] = best.name
                    nodes[.posts] = "\(number(best.hits)) of its \(number(best.records)) documents hold an image's URL in \"\(best.field)\""
                }
            } else if candidates.isEmpty, let users, let found = TextPostsDetector.detect(FirestoreCollections(doc: doc, layout: layout), users: users, uids: uids) {
                posts = found.name
                if found.name != "posts" {
                    mapping.nodes[.posts] = found.name
                    nodes[.posts] = found.why
                }
            }
        }
        var postIDs = Set<String>()
        if let posts { documents(posts) { record, _ in postIDs.insert(doc.key(record)) } }

        /// Whether `record` is an empty document (or `true`: a key kept as a set).
        func isEmpty(_ record: Int32) -> Bool {
            let value = doc.value(record)
            if doc.isObject(value) { return doc.childCount(value) == 0 }
            return doc.kind(value) == .bool && doc.rawText(value) == "true"
        }
        /// What a collection's documents are: how many, how many empty, how many a comment
        /// (text and an author), how many keyed by a user's id or a post's, how many of
        /// their parents are users.
        struct Shape { var records = 0, empty = 0, comments = 0, userKeys = 0, postKeys = 0, userParents = 0, postParents = 0 }
        func shape(_ c: String) -> Shape {
            var s = Shape()
            documents(c) { record, parent in
                s.records += 1
                if isEmpty(record) { s.empty += 1 }
                if doc.isObject(record), authorField(record, uids: uids, in: doc) != nil, commentText(record, uids: uids, in: doc) != nil { s.comments += 1 }
                let key = doc.key(record)
                if uids.contains(key) { s.userKeys += 1 }
                if postIDs.contains(key) { s.postKeys += 1 }
                if let parent, uids.contains(parent) { s.userParents += 1 }
                if let parent, postIDs.contains(parent) { s.postParents += 1 }
            }
            return s
        }
        func take(_ node: Schema.Node, _ c: String, _ why: String) {
            guard mapping.nodes[node] == nil else {
                if mapping.nodes[node] != c, nodes[node] != nil { unsure.append("\(node.rawValue) = \(JSONString.quoted(c)): \(why), as is \(mapping.nodes[node]!)") }
                return
            }
            mapping.nodes[node] = c
            nodes[node] = why
        }

        // Under each post: likes (empty documents) and comments (text with an author).
        if let posts {
            for c in collections where c.hasPrefix(posts + "/*/") && !c.dropFirst(posts.count + 3).contains("/") {
                let s = shape(c)
                guard s.records > 0 else { continue }
                let name = String(c.dropFirst(posts.count + 3))
                if s.empty == s.records {
                    if name.lowercased().contains("like") {
                        take(.postLikes, c, "\(number(s.records)) empty documents in posts")
                    } else {
                        unsure.append("\(JSONString.quoted(c)): \(number(s.records)) empty documents in posts, not named as likes")
                    }
                } else if s.comments * 2 >= s.records {
                    take(.comments, c, "\(number(s.comments)) of its \(number(s.records)) documents hold text and a user's id")
                }
            }
        }
        // `<root>/*/<sub>`: comments kept by post, edges kept by user.
        for c in collections where c != posts && !(posts.map { c.hasPrefix($0 + "/") } ?? false) {
            let path = c.split(separator: "/")
            guard path.count == 3, path[1] == "*" else { continue }
            let s = shape(c)
            guard s.records > 0 else { continue }
            let words = c.lowercased()
            if s.comments * 2 >= s.records && s.postParents * 2 >= s.records {
                take(.comments, c, "\(number(s.comments)) of its \(number(s.records)) documents hold text and a user's id, kept by post")
            } else if s.empty == s.records && s.userParents * 2 >= s.records && s.userKeys * 2 >= s.records {
                if words.contains("follower") {
                    take(.followers, c, "\(number(s.records)) empty documents keyed by users' ids, kept by user")
                } else if words.contains("following") {
                    take(.following, c, "\(number(s.records)) empty documents keyed by users' ids, kept by user")
                } else {
                    unsure.append("\(JSONString.quoted(c)): \(number(s.records)) empty documents keyed by users' ids, named as neither followers nor following")
                }
            } else if s.empty == s.records && s.userParents * 2 >= s.records && s.postKeys * 2 >= s.records {
                if words.contains("like") {
                    take(.userLikes, c, "\(number(s.records)) empty documents keyed by posts' ids, kept by user")
                } else {
                    unsure.append("\(JSONString.quoted(c)): \(number(s.records)) empty documents keyed by posts' ids, kept by user, not named as likes")
                }
            }
        }
        return (mapping, nodes, fields, unsure)
    }

    // MARK: - Timelines and feeds

    /// Whether the documents of subcollection `c` are copies of posts kept per reader, not
    /// the posts themselves: most name as their owner a user who is not their parent
    /// (`timeline/<reader>/timelinePosts/<id>: {ownerId: <someone else>, …}`; a post kept
    /// per owner names its parent), and an id repeats under several parents, or all do so.
    private static func isCopies(_ c: String, uids: Set<String>, in doc: JSONDocument,
                                 documents: (String, (_ document: Int32, _ parent: String?) -> Void) -> Void) -> Bool {
        guard c.contains("/*/") else { return false }
        var records = 0, elsewhere = 0, repeated = 0
        var parentOf: [String: String] = [:]
        documents(c) { record, parent in
            guard let parent, doc.isObject(record) else { return }
            records += 1
            let key = doc.key(record)
            if let first = parentOf[key] { if first != parent { repeated += 1 } } else { parentOf[key] = parent }
            var others = false, names = false
            doc.forEachChild(record) { member in
                guard let text = doc.string(doc.value(member)) else { return }
                if text == parent { names = true } else if uids.contains(text) { others = true }
            }
            if others && !names { elsewhere += 1 }
        }
        return records > 0 && elsewhere * 2 > records && (repeated > 0 || elsewhere == records)
    }

    /// The lists of a timeline or feed where no name says (`timeline/*/timelinePosts`,
    /// `feeds/*/userFeed`, `user-feed`), or the root `timeline` read otherwise than the
    /// tutorial's: of the roots no other role holds, read as `<root>/<reader>/<key>` or as
    /// `<root>/*/<sub>`, the one whose lists are kept by users and whose entries are keyed
    /// by posts' ids, not mostly the reader's own (an activity feed's `feed/<uid>/<postId>`
    /// are about the reader's own posts), the most of them.
    private static func guessedTimeline(_ export: Export, _ schema: Schema) -> (path: String, why: String)? {
        let doc = export.document
        guard export.dialect == .makestagram, schema.mapping.nodes[.timeline] == nil, doc.isObject(doc.root),
              let posts = schema.place(.posts) else { return nil }
        let v = Validator(Export(path: export.path, document: doc, schema: schema, firestore: export.firestore))
        v.indexUsers()
        v.indexMakestagramPosts()
        guard !v.index.users.isEmpty, !v.index.posts.isEmpty else { return nil }
        let taken = Set(Schema.Node.allCases.filter { $0 != .timeline }.compactMap { schema.place($0)?.root.text } + [posts.root.text])
        var candidates: [Schema.Place] = []
        doc.forEachEntry(doc.root) { root in
            let name = doc.key(root)
            guard doc.isObject(root), !taken.contains(name) else { return }
            candidates.append(.root(Schema.Name(name)))
            var subs: [String: Int] = [:]
            doc.forEachEntry(root) { list in
                guard doc.isObject(list) else { return }
                doc.forEachEntry(list) { sub in
                    if doc.isObject(sub), doc.children(sub).first.map(doc.isObject) == true { subs[doc.key(sub), default: 0] += 1 }
                }
            }
            for sub in subs.keys.sorted() { candidates.append(Schema.Place(parts: [Schema.Name(name), nil, Schema.Name(sub)])) }
        }
        // A feed kept below each user's own document (the UIKit course's `users/<u>/user-feed/
        // <postId>`): a subcollection of the users no other role holds.
        if let users = schema.place(.users), users.isRoot, let root = doc.member(doc.root, users.root), doc.isObject(root) {
            let placed = Set(Schema.Node.allCases.compactMap { schema.place($0)?.text })
            var subs = Set<String>()
            doc.forEachEntry(root) { record in
                guard doc.isObject(record) else { return }
                doc.forEachChild(record) { sub in
                    if doc.isObject(sub), doc.children(sub).first.map(doc.isObject) == true { subs.insert(doc.key(sub)) }
                }
            }
            for sub in subs.sorted() where !placed.contains("\(users.root.text)/*/\(sub)") {
                candidates.append(Schema.Place(parts: [users.root, nil, Schema.Name(sub)]))
            }
        }
        // What a user liked, saved or was notified of is also kept per user and keyed by post.
        let otherLists = ["like", "save", "bookmark", "notif", "activit"]
        var best: (place: Schema.Place, lists: Int, entries: Int, others: Int, copies: Int)?
        for place in candidates where !otherLists.contains(where: place.text.lowercased().contains) {
            var lists = 0, readers = 0, entries = 0, keyed = 0, own = 0, others = 0, copies = 0
            Schema.forEachMatch(place.lists, in: doc) { list, keys in
                // Whole lists until 100,000 entries are read: a sample of a large timeline.
                guard entries < 100_000, doc.isObject(list) else { return }
                lists += 1
                let reader = v.user(keys[keys.count - 1])
                if reader != nil { readers += 1 }
                doc.forEachEntry(list) { entry in
                    entries += 1
                    guard let p = v.postIndex(key: entry) else { return }
                    keyed += 1
                    let post = v.index.posts[Int(p)]
                    var mine = false
                    v.index.forEachPost(withKeyOf: p) { if reader != nil && v.index.posts[Int($0)].owner == reader { mine = true } }
                    if mine { own += 1 } else { others += 1 }
                    if doc.isObject(entry), post.isObject, v.isCopy(entry, of: post.node) { copies += 1 }
                }
            }
            guard lists > 0, readers * 2 >= lists, keyed * 2 >= entries, keyed > 0, others >= own else { continue }
            if best == nil || keyed > best!.entries { best = (place, lists, keyed, others, copies) }
        }
        guard let best else { return nil }
        let what = best.copies * 2 > best.entries ? "copies of posts (their owner is not the list's reader)" : "keyed by posts' ids"
        return (best.place.text, "\(number(best.entries)) entries in \(number(best.lists)) users' lists are \(what)")
    }

    /// What the timeline's entries hold and whether a reader's own posts are in it, read
    /// from the data as the audit reads it (`Validator.readTimelineShape`).
    private static func timelineRule(_ export: Export, _ schema: Schema) -> String? {
        guard export.dialect == .makestagram, schema.place(.timeline) != nil else { return nil }
        let v = Validator(Export(path: export.path, document: export.document, schema: schema, firestore: export.firestore))
        v.indexUsers()
        v.indexMakestagramPosts()
        return v.readTimelineShape()?.ruleText
    }

    /// Whether `member` holds a post's image: an http(s) URL or a path to an image file,
    /// under a name that is not a profile photo's (`ownerImageUrl`, `profileImage`) nor a
    /// website's (`website`, `homepage`, `link`: a profile's, whatever its URL).
    private static func isPostImage(_ member: Int32, in doc: JSONDocument) -> Bool {
        let name = doc.key(member).lowercased()
        guard !["profile", "avatar", "owner", "author", "user", "web", "site", "homepage", "link"].contains(where: name.contains),
              let text = doc.string(doc.value(member)) else { return false }
        return isImageLink(text)
    }

    /// Whether `member` is a post's media list (`media: [{url, type}]`, `imageUrls: [url]`,
    /// docs/export-format.md's "Albums and videos") whose first item is a link or holds one:
    /// a post's photos, where no single field holds its image.
    private static func isMediaList(_ member: Int32, _ schema: Schema, in doc: JSONDocument) -> Bool {
        let value = doc.value(member)
        guard doc.isContainer(value), (schema.names(.media) + schema.names(.videos)).contains(where: { doc.keyEquals(member, $0) }) else { return false }
        var first: Int32?
        doc.forEachEntry(value) { if first == nil && !doc.isNull($0) { first = $0 } }
        guard let first else { return false }
        // A Firestore array of URLs is a set keyed by them (`{"https:%2F%2F…": true}`).
        let text = doc.string(first) ?? (doc.isObject(value) && doc.kind(first) == .bool ? FirestoreNames.name(key: doc.key(first)) : nil)
        if let text { return isImageLink(text) || SafeURL.isHTTP(text) }
        var link = false
        if doc.isObject(first) { doc.forEachChild(first) { if let text = doc.string(doc.value($0)), SafeURL.isHTTP(text) { link = true } } }
        return link
    }

    /// An http(s) URL, or a path ending in an image file's extension (`/images/1.jpg`).
    private static func isImageLink(_ text: String) -> Bool {
        if SafeURL.isHTTP(text) { return true }
        guard !text.isEmpty, !text.contains(" "), let dot = text.lastIndex(of: ".") else { return false }
        return ["jpg", "jpeg", "png", "gif", "webp", "avif", "heic"].contains(text[text.index(after: dot)...].lowercased())
    }

    /// The name of `record`'s member that holds a user's id (a string), if any.
    private static func authorField(_ record: Int32, uids: Set<String>, in doc: JSONDocument) -> String? {
        var found: String?
        doc.forEachChild(record) { member in
            if found == nil, let text = doc.string(doc.value(member)), uids.contains(text) { found = doc.key(member) }
        }
        return found
    }

    /// Words in the name of a comment's field that holds its text.
    private static let commentWords = ["text", "comment", "body", "message", "content"]

    /// The name of `record`'s member that holds a comment's text: a string under a name
    /// that says so, not a URL nor a user's id.
    private static func commentText(_ record: Int32, uids: Set<String>, in doc: JSONDocument) -> String? {
        var found: String?
        doc.forEachChild(record) { member in
            guard found == nil, let text = doc.string(doc.value(member)), !uids.contains(text), !SafeURL.isHTTP(text) else { return }
            let key = doc.key(member)
            if commentWords.contains(where: key.lowercased().contains) { found = key }
        }
        return found
    }

    /// `users/*/posts` (or another user-posts spelling) when most users' lists there hold
    /// records, not `true`, and the export has no posts node of its own.
    private static func postsInUsers(_ schema: Schema, _ doc: JSONDocument) -> String? {
        guard schema.dialect == .makestagram, schema.mapping.nodes[.posts] == nil, let users = schema.place(.users), users.isRoot,
              doc.isObject(doc.root), doc.member(doc.root, users.root) != nil else { return nil }
        if let posts = schema.place(.posts), doc.member(doc.root, posts.root) != nil { return nil }
        for name in ["posts", "user_posts", "userPosts"] {
            var lists = 0, records = 0
            Schema.forEachMatch([users.root, nil, Schema.Name(name)], in: doc) { list, _ in
                guard doc.isContainer(list) else { return }
                lists += 1
                if holdsObjects(list, in: doc) { records += 1 }
            }
            if lists > 0 { return records * 2 > lists ? "\(users.root.text)/*/\(name)" : nil }
        }
        return nil
    }

    /// The name of the likes kept in each post: `likes`, else the container whose name
    /// says likes (`likedBy`, `likers`) and whose keys are mostly users' ids (an array of
    /// ids is read as such a set), held by the most posts.
    private static func likesListName(in records: [Schema.Name?], uids: Set<String>, doc: JSONDocument) -> String {
        var lists: [String: (lists: Int, entries: Int, users: Int)] = [:]
        Schema.forEachMatch(records, in: doc) { post, _ in
            guard doc.isObject(post) else { return }
            doc.forEachChild(post) { member in
                let name = doc.key(member)
                guard name.lowercased().contains("like"), doc.isContainer(doc.value(member)) else { return }
                var tally = lists[name] ?? (0, 0, 0)
                tally.lists += 1
                doc.forEachEntry(doc.value(member)) { entry in
                    tally.entries += 1
                    // Keyed by a user's id, or a map holding one (an item of a list of maps).
                    if uids.contains(doc.key(entry)) || (doc.isObject(entry) && authorField(entry, uids: uids, in: doc) != nil) { tally.users += 1 }
                }
                lists[name] = tally
            }
        }
        if lists["likes"] != nil { return "likes" }
        let named = lists.filter { $0.value.entries > 0 && $0.value.users * 2 >= $0.value.entries }
        return named.max { ($0.value.lists, $1.key) < ($1.value.lists, $0.key) }?.key ?? "likes"
    }

    /// The name of the comments kept in each post: `comments`, else the list whose name
    /// says comments (`comment`, `postComments`) and whose entries are mostly objects, held
    /// by the most posts.
    private static func commentsListName(in records: [Schema.Name?], doc: JSONDocument) -> String {
        var lists: [String: (lists: Int, entries: Int, objects: Int)] = [:]
        Schema.forEachMatch(records, in: doc) { post, _ in
            guard doc.isObject(post) else { return }
            doc.forEachChild(post) { member in
                let name = doc.key(member)
                guard name.lowercased().contains("comment"), doc.isContainer(doc.value(member)) else { return }
                var tally = lists[name] ?? (0, 0, 0)
                tally.lists += 1
                doc.forEachEntry(doc.value(member)) { entry in
                    tally.entries += 1
                    if doc.isObject(entry) { tally.objects += 1 }
                }
                lists[name] = tally
            }
        }
        if lists["comments"] != nil { return "comments" }
        let named = lists.filter { $0.value.entries > 0 && $0.value.objects * 2 > $0.value.entries }
        return named.max { ($0.value.lists, $1.key) < ($1.value.lists, $0.key) }?.key ?? "comments"
    }

    /// Whether the first entry of `list` that is not null is an object (a record, not `true`).
    private static func holdsObjects(_ list: Int32, in doc: JSONDocument) -> Bool {
        var answer: Bool?
        doc.forEachEntry(list) { entry in if answer == nil && !doc.isNull(entry) { answer = doc.isObject(entry) } }
        return answer ?? false
    }

    /// Fields the export seems to keep under a name no variant has: a flat post's or a
    /// comment's owner (a field holding users' uids, or objects with one), a post's image
    /// (a field holding http(s) URLs).
    private func guessedFields(uids: Set<String>) -> [(field: Schema.Field, name: String, why: String)] {
        guard export.dialect == .makestagram else { return [] }
        let doc = export.document
        var guesses: [(field: Schema.Field, name: String, why: String)] = []
        // The users' records are those of the guessed root when the export has no users root;
        // the comments', those of the guessed comments.
        let guessedUsers = isPresent(.users) ? nil : usersRoot()
        let guessedComments = isPresent(.comments) ? nil : nodeGuesses.first { $0.node == .comments }.flatMap { Schema.Place(mapped: $0.name) }
        func guess(_ field: Schema.Field, in kind: Records, what: String, _ matches: (Int32) -> Bool) {
            guard coverage[field.ordinal].allSatisfy({ $0 == 0 }) else { return }
            var hits: [String: Int] = [:]
            var total = 0
            func visit(_ record: Int32) {
                total += 1
                doc.forEachChild(record) { member in if matches(member) { hits[doc.key(member), default: 0] += 1 } }
            }
            if kind == .users, let guessedUsers {
                schema.forEachRecord(at: .root(guessedUsers), depth: 1, in: doc) { if doc.isObject($0) { visit($0) } }
            } else if kind == .comments, let guessedComments {
                // The comments this block maps by a guess: their fields read so in the same run.
                Schema.forEachMatch(guessedComments.lists + [nil], in: doc) { record, _ in if doc.isObject(record) { visit(record) } }
            } else {
                Self.forEachRecord(kind, schema, doc, visit)
            }
            guard total > 0, let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
                  best.value * 2 >= total else { return }
            // A spelling read unmapped (in comments guessed in this run) needs no line; nor an
            // author that is the username, which a comment's author is read as unmapped.
            if field.variants(export.dialect).contains(best.key) || (field == .commentAuthor && schema.names(.username).contains { $0.text == best.key }) {
                return
            }
            guesses.append((field, best.key, "\(Self.number(best.value)) of \(Self.number(total)) \(kind.rawValue) hold \(what) there"))
        }
        func isUID(_ member: Int32) -> Bool {
            let value = doc.value(member)
            if doc.isObject(value) { return doc.member(value, schema.names(.uid)).flatMap(doc.string).map(uids.contains) ?? false }
            return doc.string(value).map(uids.contains) ?? false
        }
        // With no node of users, the ids are the owners the posts imply (a username or an id).
        let whose = usersRoot() == nil ? "the username or id of a post's owner" : "a user's uid"
        if schema.flatPosts { guess(.postOwner, in: .posts, what: whose, isUID) }
        guess(.commentAuthor, in: .comments, what: whose, isUID)
        guess(.imageURL, in: .posts, what: export.firestore == nil ? "an http(s) URL" : "an image's URL") { member in
            if export.firestore != nil { return Self.isPostImage(member, in: doc) }
            return doc.string(doc.value(member)).map { SafeURL.isHTTP($0) } ?? false
        }
        // A caption: text under a name that says so (FriendlyPix's `text`, `description`,
        // `body`), not a URL, nor a name some other field is read under (`alt_text`).
        let known = Set(Schema.Field.allCases.filter { $0 != .caption && Self.records(of: $0, export.dialect) == .posts }
            .flatMap { schema.names($0).map(\.text) })
        guess(.caption, in: .posts, what: "text") { member in
            let key = doc.key(member).lowercased()
            guard Self.captionWords.contains(where: key.contains), !known.contains(doc.key(member)) else { return false }
            return doc.string(doc.value(member)).map { !SafeURL.isHTTP($0) } ?? false
        }
        // A post's time: a number under a name for creation or publication (`datePublished`,
        // `dateCreated`, `creation`, `postedAt`), as a Firestore timestamp is read.
        guess(.createdAt, in: .posts, what: "a time") { member in
            let key = doc.key(member).lowercased()
            guard Self.createdWords.contains(where: key.contains) else { return false }
            return CreationTime.isUsable(doc, doc.value(member))
        }
        // A profile photo: an http(s) URL under a name that says so (`profile_picture`), not a
        // website (`url`, `website`).
        guess(.avatarURL, in: .users, what: "a photo's URL") { member in
            let key = doc.key(member).lowercased()
            guard ["picture", "photo", "avatar", "image"].contains(where: key.contains) else { return false }
            return doc.string(doc.value(member)).map { SafeURL.isHTTP($0) } ?? false
        }
        // A bio: text under a name that says so (`about`, `aboutMe`, `biography`), not a URL.
        guess(.bio, in: .users, what: "text") { member in
            let key = doc.key(member).lowercased()
            guard key.hasPrefix("about") || key.hasPrefix("bio") else { return false }
            return doc.string(doc.value(member)).map { !SafeURL.isHTTP($0) } ?? false
        }
        // A post's counters under a name no variant has (UIKit's `likes: 3`): a number under
        // a name that says what it counts (a node of the same name elsewhere is no matter:
        // `posts/*/post-likes`).
        guess(.likeCount, in: .posts, what: "a number") { member in
            doc.key(member).lowercased().contains("like") && doc.isNumber(doc.value(member))
        }
        guess(.commentCount, in: .posts, what: "a number") { member in
            doc.key(member).lowercased().contains("comment") && doc.isNumber(doc.value(member))
        }
        // A comment's text: a string under a name that says so, not a URL nor a user's id.
        guess(.commentText, in: .comments, what: "text") { member in
            let key = doc.key(member).lowercased()
            guard PostListsDetector.isTextName(key), let text = doc.string(doc.value(member)) else { return false }
            return !SafeURL.isHTTP(text) && !uids.contains(text)
        }
        // Counters under the names of what they count, in the users' records or their second root.
        var userRoots: [(name: String, forEach: ((Int32) -> Void) -> Void)] = []
        if let users = usersRoot() {
            userRoots.append((users.text, { body in schema.forEachRecord(at: .root(users), depth: 1, in: doc, body) }))
        }
        let details = schema.place(.userDetails).flatMap { isPresent(.userDetails) ? $0 : nil }
            ?? nodeGuesses.first { $0.node == .userDetails }.flatMap { Schema.Place(mapped: $0.name) }
        if let details {
            userRoots.append((details.text, { body in schema.forEachRecord(at: details, depth: 1, in: doc, body) }))
        }
        guesses += UserCountersDetector.guesses(roots: userRoots, doc: doc) { coverage[$0.ordinal].allSatisfy { $0 == 0 } }
        guesses += guessedCounterPaths(in: guessedUsers).filter { path in !guesses.contains { $0.field == path.field } }
        // (Firestore apps only: a Realtime Database app's maps in its users are indexes,
        // `_search_index/full_name`, more often than its profile.)
        if export.firestore != nil { guesses += guessedNestedUserFields(in: guessedUsers) }
        return guesses
    }

    /// User counters kept in an object whose name says so (`stats: {posts, followers,
    /// following}`, `statistics: {followersCount, …}`), as field paths (`stats/posts`),
    /// where no record carries the counter at the top: held by at least half the users.
    private func guessedCounterPaths(in guessedUsers: Schema.Name?) -> [(field: Schema.Field, name: String, why: String)] {
        let doc = export.document
        let objects = ["stats", "statistics", "counts", "counters"]
        let counters: [String: Schema.Field] = [
            "posts": .postCount, "postscount": .postCount, "postcount": .postCount,
            "followers": .followerCount, "followerscount": .followerCount, "followercount": .followerCount,
            "following": .followingCount, "followingcount": .followingCount,
        ]
        var hits: [Schema.Field: [String: Int]] = [:]
        var total = 0
        func visit(_ record: Int32) {
            guard doc.isObject(record) else { return }
            total += 1
            doc.forEachChild(record) { member in
                let name = doc.key(member)
                guard objects.contains(name.lowercased()), doc.isObject(member) else { return }
                doc.forEachChild(member) { counter in
                    let key = doc.key(counter)
                    guard let field = counters[key.lowercased().replacingOccurrences(of: "_", with: "")], doc.isNumber(doc.value(counter)) else { return }
                    hits[field, default: [:]]["\(name)/\(key)", default: 0] += 1
                }
            }
        }
        if let guessedUsers { schema.forEachRecord(at: .root(guessedUsers), depth: 1, in: doc, visit) } else { Self.forEachRecord(.users, schema, doc, visit) }
        var guesses: [(field: Schema.Field, name: String, why: String)] = []
        for field in [Schema.Field.postCount, .followerCount, .followingCount] where coverage[field.ordinal].allSatisfy({ $0 == 0 }) {
            guard let best = hits[field]?.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= total else { continue }
            guesses.append((field, best.key, "\(Self.number(best.value)) of \(Self.number(total)) users hold a counter there"))
        }
        return guesses
    }

    /// A user's name, username, bio or photo kept in a map of the record (the Android
    /// clone's `userDetail: {userName, fullName, bio}`), as field paths (`userDetail/userName`),
    /// where no record carries the field at the top: its name matched in any case, held
    /// by at least half the users (a photo only as an http(s) URL).
    private func guessedNestedUserFields(in guessedUsers: Schema.Name?) -> [(field: Schema.Field, name: String, why: String)] {
        let doc = export.document
        let fields: [Schema.Field] = [.username, .name, .bio, .avatarURL]
        var spellings: [String: Schema.Field] = [:]
        for field in fields.reversed() {
            for name in field.variants(export.dialect) + [field.rawValue, "userName", "user_name"] {
                spellings[name.lowercased()] = field
            }
        }
        var hits: [Schema.Field: [String: Int]] = [:]
        var total = 0
        func visit(_ record: Int32) {
            guard doc.isObject(record) else { return }
            total += 1
            doc.forEachChild(record) { map in
                guard doc.isObject(map) else { return }
                let name = doc.key(map)
                doc.forEachChild(map) { member in
                    let key = doc.key(member)
                    guard let field = spellings[key.lowercased()], let text = doc.string(doc.value(member)),
                          field != .avatarURL || SafeURL.isHTTP(text) else { return }
                    hits[field, default: [:]]["\(name)/\(key)", default: 0] += 1
                }
            }
        }
        if let guessedUsers { schema.forEachRecord(at: .root(guessedUsers), depth: 1, in: doc, visit) } else { Self.forEachRecord(.users, schema, doc, visit) }
        var guesses: [(field: Schema.Field, name: String, why: String)] = []
        for field in fields where coverage[field.ordinal].allSatisfy({ $0 == 0 }) {
            guard let best = hits[field]?.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= total else { continue }
            guesses.append((field, best.key, "\(Self.number(best.value)) of \(Self.number(total)) users hold it in a map"))
        }
        return guesses
    }

    /// Words in the name of a post's field that holds its caption.
    private static let createdWords = ["creat", "publish", "posted", "date", "time"]
    private static let captionWords = ["caption", "text", "desc", "body", "message", "content"]

    /// With no users root, the root whose records carry user fields (a name, a username,
    /// an avatar in a recognised spelling), the most of them: friendlypix-web keeps its
    /// users only as `people/<uid>: {full_name, profile_picture, posts, following}`.
    private func guessedUsers() -> (name: Schema.Name, why: String)? {
        let doc = export.document
        guard export.dialect == .makestagram, !isPresent(.users), doc.isObject(doc.root) else { return nil }
        let fields = [Schema.Field.username, .name, .avatarURL].flatMap { schema.names($0) }
        var best: (name: String, users: Int, records: Int)?
        doc.forEachEntry(doc.root) { member in
            let name = doc.key(member)
            guard doc.isObject(member), !isTaken(name) else { return }
            var records = 0, users = 0
            doc.forEachEntry(member) { record in
                guard doc.isObject(record) else { return }
                records += 1
                if doc.member(record, fields) != nil { users += 1 }
            }
            guard users > 0, users * 2 >= records else { return }
            if best == nil || users > best!.users { best = (name, users, records) }
        }
        return best.map { (Schema.Name($0.name), "\(Self.number($0.users)) of its \(Self.number($0.records)) records hold a user's name or photo") }
    }

    /// With no node of users, the people the posts imply (docs/export-format.md, "Users
    /// implied by posts"): the values of the posts' owner field, an id under a name
    /// sitegen reads as one (`uid`, `userId`), else the username they carry (`username`,
    /// which `post_owner` is then guessed to be), where at least half the flat posts hold it.
    private func impliedUserIDs() -> Set<String> {
        let doc = export.document
        guard export.dialect == .makestagram, schema.flatPosts else { return [] }
        for names in [schema.names(.postOwner), schema.names(.username)] {
            var owners = Set<String>(), posts = 0, held = 0
            Self.forEachRecord(.posts, schema, doc) { post in
                posts += 1
                guard let field = doc.member(post, names) else { return }
                let value = doc.value(field)
                let id = doc.isObject(value) ? doc.member(value, schema.names(.uid)).flatMap(doc.string) : doc.string(value)
                if let id, !id.isEmpty {
                    owners.insert(id)
                    held += 1
                }
            }
            if posts > 0, held * 2 >= posts { return owners }
        }
        // Else a text named for a person (a display name: `userName: "Ana A."`).
        return PostOwnerNameDetector.detect(doc) { body in Self.forEachRecord(.posts, schema, doc, body) }?.owners ?? []
    }

    /// Whether most documents of `pattern` hold a post's image (a URL under a name that
    /// is not a profile photo's): posts, which are never the users however many carry
    /// a username (the React tutorials' `posts/<id>: {username, profileImg, image}`). A URL
    /// under one of `avatars` (`photoUrl`: fluttergram's users) is a profile photo.
    private static func holdsPostImages(_ pattern: String, in doc: JSONDocument, avatars: Set<String> = []) -> Bool {
        var records = 0, images = 0
        let parts = pattern.split(separator: "/").map { $0 == "*" ? nil : Schema.Name(String($0)) }
        Schema.forEachMatch(parts + [nil], in: doc) { record, _ in
            guard doc.isObject(record) else { return }
            records += 1
            var image = false
            doc.forEachChild(record) { member in if !avatars.contains(doc.key(member)), isPostImage(member, in: doc) { image = true } }
            if image { images += 1 }
        }
        return records > 0 && images * 2 >= records
    }

    /// The users' root: the export's, else the one guessed.
    private func usersRoot() -> Schema.Name? {
        if isPresent(.users) { return schema.place(.users)?.root }
        return usersGuess?.name
    }

    /// Whether a root already has a role.
    private func isTaken(_ root: String) -> Bool {
        Schema.Node.allCases.contains { schema.place($0)?.root.text == root && isPresent($0) }
    }

    /// Every uid of a user record (and of the guessed or mapped second root's).
    private func userIDs() -> Set<String> {
        let doc = export.document
        var uids = Set<String>()
        let details: Schema.Name? = if let place = schema.place(.userDetails), place.isRoot { place.root } else { nil }
        // With `user_id`, the ids are its values (the records' keys are auto ids).
        if schema.mapping.fields[.userID] != nil, let users = usersRoot() {
            schema.forEachRecord(at: .root(users), depth: 1, in: doc) { record in
                if let id = doc.member(record, schema.names(.userID)).flatMap({ doc.string(doc.value($0)) }) { uids.insert(id) }
            }
            return uids
        }
        // A Firestore id that is no key as it is (`ana@x.com`, keyed `ana@x%2Ecom`) is
        // counted by either spelling: as a key (an edge) and as the app writes it (an owner).
        let encoded = export.firestore != nil
        for name in [usersRoot(), details].compactMap({ $0 }) {
            guard doc.isObject(doc.root), let root = doc.member(doc.root, name), doc.isObject(root) else { continue }
            doc.forEachEntry(root) { record in
                let key = doc.key(record)
                uids.insert(key)
                if encoded && key.utf8.contains(UInt8(ascii: "%")) { uids.insert(FirestoreNames.name(key: key)) }
            }
        }
        return uids
    }

    /// The kind of record `field` is counted in, in this export's dialect; nil for the
    /// fields not counted (inside `poster` or timeline entries).
    private static func records(of field: Schema.Field, _ dialect: Dialect) -> Records? {
        switch field {
        case .username, .name, .bio, .url, .follows, .postCount, .followerCount, .followingCount, .isPrivate, .avatarURL, .userID, .userAlias:
            return .users
        case .imageURL, .imageHeight, .imageWidth, .createdAt, .likeCount, .poster, .caption, .postOwner:
            return dialect == .makestagram ? .posts : nil
        case .commentCount:
            return .posts
        case .imageEndpoint, .likes, .comments:
            return dialect == .timeline ? .posts : nil
        case .commentText, .commentAuthor:
            return dialect == .makestagram ? .comments : nil
        case .alt:
            return .posts
        case .media, .videos, .mediaURL, .videoURL, .mediaType, .isVideo, .isImage, .videoPoster, .thumbnailURL, .aspectRatio, .blurHash:
            return dialect == .makestagram ? .posts : nil
        case .uid, .posterUID, .post, .followerID, .followedID, .likerID:
            return nil
        }
    }

    /// Whether the export has `node` (its root, or its member in some record).
    private func isPresent(_ node: Schema.Node) -> Bool {
        let doc = export.document
        guard let place = schema.place(node) else { return false }
        var found = false
        Schema.forEachMatch(place.parts, in: doc) { _, _ in found = true }
        return found
    }

    /// Calls `body` with each record (an object) of users (with `user_details`' own), posts or comments.
    private static func forEachRecord(_ kind: Records, _ schema: Schema, _ doc: JSONDocument, _ body: (Int32) -> Void) {
        func objects(_ node: Int32) { if doc.isObject(node) { body(node) } }
        switch kind {
        case .users:
            schema.forEachRecord(at: schema.place(.users), depth: 1, in: doc, objects)
            schema.forEachRecord(at: schema.place(.userDetails), depth: 1, in: doc, objects)
        case .posts:
            if let records = schema.postRecords { Schema.forEachMatch(records, in: doc) { node, _ in objects(node) } }
        case .comments:
            if schema.dialect == .makestagram, let records = schema.commentRecords {
                Schema.forEachMatch(records, in: doc) { node, _ in objects(node) }
            }
        }
    }

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

// MARK: - What a timeline holds, read from its entries

/// How an app keeps each reader's timeline (docs/export-format.md, "Timelines and feeds"):
/// where the lists are, what an entry holds, and whether a reader's own posts are in it.
/// Read from the data once per audit, and said by `inspect`.
struct TimelineShape: Sendable {
    /// What an entry of a reader's list holds, keyed by the post's key.
    enum Entry: Sendable, Equatable {
        /// `true`, `1`, an id kept as a set (`user-feed/<uid>/<postKey>: 1`), an empty
        /// document (`users/<uid>/user-feed/<postId>: {}`) or a record none of whose members
        /// holds a user's id (rozdoum's `followingPostsIds/<uid>/<postKey>: {postId}`):
        /// `text` is the value the app writes (for records, see `keyField`).
        case flag(text: String)
        /// `{poster_uid: <owner>}` (the makestagram tutorial's), under `field`.
        case poster(field: String)
        /// A full copy of the post's fields (FlutterShare's `timeline/*/timelinePosts`),
        /// written by a Cloud Function.
        case copy
    }

    /// Where the lists are: a root `<root>/<reader>/<key>`, or `<root>/*/<sub>` whose `*`
    /// is the reader.
    let place: Schema.Place
    let entry: Entry
    /// Whether a reader's own posts are in their timeline (the makestagram tutorial's
    /// are; FlutterShare's Cloud Functions copy only the posts of those one follows): at
    /// least half of the readers' own posts have an entry.
    let includesOwn: Bool
    /// What the rule was read from: entries of readers' own posts, and own posts of
    /// readers with a list.
    let ownEntries: Int, ownPosts: Int
    /// Whether the rule was read from the posters' lists being absent (none has one).
    var ruledByAbsentLists = false
    /// In a timeline of copies, the reader's own members (`liked`): booleans whose value
    /// differs between copies of one post (`Validator+ReaderFields.swift`).
    var readerFields: Set<String> = []
    /// How a flag entry looks, said in `inspect`: its members' names for a record
    /// (`{timestamp}`), else its text (`true`).
    var flagShape: String? = nil
    /// Where the flags are records that hold the post's key (`{postId: <key>}`): that
    /// member, written so in an entry the repair adds.
    var keyField: String? = nil

    /// The value of an entry the repair adds for the post keyed `key`, where entries are flags.
    func flagText(_ text: String, key: String) -> String {
        keyField.map { "{\(JSONString.quoted($0)):\(JSONString.quoted(key))}" } ?? text
    }

    /// The path of reader `uid`'s list.
    func listPath(_ uid: String) -> String {
        if place.isRoot { return "\(place.root.text)/\(uid)" }
        return place.parts.map { $0?.text ?? uid }.joined(separator: "/")
    }

    /// The keys from the root node to reader `uid`'s list (`[uid]`, `[uid, "timelinePosts"]`).
    func keysBelowRoot(_ uid: String) -> [String] {
        if place.isRoot { return [uid] }
        return place.parts.dropFirst().map { $0?.text ?? uid }
    }

    /// The rule in words, as `inspect` and the docs say it.
    var ruleText: String {
        let what: String
        switch entry {
        case .flag(let text): what = "entries " + (keyField.map { "{\($0)}" } ?? flagShape ?? text)
        case .poster(let field): what = "entries {\(field)}"
        case .copy: what = "entries full copies of the posts"
        }
        let own = includesOwn ? "a reader's own posts are in it" : "a reader's own posts are not in it"
        let why = ruledByAbsentLists ? "no user who posted has a list"
            : "\(ownEntries) of the \(ownPosts) own posts of readers with a list are"
        let readers = readerFields.isEmpty ? ""
            : "; \(readerFields.sorted().joined(separator: ", ")) differ between copies of one post: the reader's own, not compared"
        return "\(what); \(own) (\(why))\(readers)"
    }
}

extension Validator {
    /// The timeline's shape, read from its entries; nil when the export keeps no timeline
    /// at a place the check can walk (one reader per list: at most one `*`).
    func readTimelineShape() -> TimelineShape? {
        guard let place = schema.place(.timeline), place.stars <= 1, doc.isObject(doc.root),
              let root = doc.member(doc.root, place.root), doc.isContainer(root) else { return nil }
        var flags = 0, objects = 0, copies = 0
        var flagText: String?, flagShape: String?
        // Records that name no user (`{postId}`), flags all the same, and the member that
        // holds the entry's own key in each.
        var records = 0
        var keyFields: [String: Int] = [:]
        var posterField: [String: Int] = [:]
        // Where no entry names its poster under a known spelling: the members whose value is
        // the entry's post's owner (`{user_identifier, timestamp}`), by evidence.
        var ownerField: [String: Int] = [:]
        var ownEntries = 0, ownPosts = 0, otherEntries = 0
        let posterNames = schema.names(.posterUID)
        var sampled = 0
        // A sample: whole lists until 10,000 entries are read (a timeline can hold hundreds
        // of millions; the audit's largest check reads them all once already).
        forEachList(at: place) { key, list, _ in
            guard sampled < 10_000, doc.isContainer(list) else { return }
            let reader = user(key)
            if let reader { ownPosts += index.postsOf[Int(reader)].count }
            doc.forEachEntry(list) { entry in
                let value = doc.value(entry)
                let p = postIndex(key: entry)
                if let p, let reader {
                    // Keys are unique per owner only: any post with the key may be the reader's.
                    var own = false
                    index.forEachPost(withKeyOf: p) { if index.posts[Int($0)].owner == reader { own = true } }
                    if own { ownEntries += 1 } else { otherEntries += 1 }
                }
                sampled += 1
                // An empty document (`users/<u>/user-feed/<postId>: {}`) is a flag, as `true` is,
                // and so is a record that is no copy of the post and none of whose members
                // holds a user's id: it says the post is in the list, and no more.
                if doc.isObject(value) && doc.childCount(value) > 0 && !namesNoUser(value, of: p, posterNames) {
                    objects += 1
                    if let name = doc.member(value, posterNames).map(doc.key) {
                        posterField[name, default: 0] += 1
                    } else if let p {
                        doc.forEachChild(value) { member in
                            guard let text = doc.string(doc.value(member)), let u = index.user(uid: text) else { return }
                            var owns = false
                            index.forEachPost(withKeyOf: p) { if index.posts[Int($0)].owner == u { owns = true } }
                            if owns { ownerField[doc.key(member), default: 0] += 1 }
                        }
                    }
                    if let p, index.posts[Int(p)].isObject, isCopy(value, of: index.posts[Int(p)].node) { copies += 1 }
                } else {
                    flags += 1
                    if doc.isObject(value) && doc.childCount(value) > 0 {
                        records += 1
                        let key = doc.key(entry)
                        doc.forEachChild(value) { if doc.stringEquals($0, key) { keyFields[doc.key($0), default: 0] += 1 } }
                    }
                    if flagText == nil {
                        flagText = doc.rawText(value)
                        var names: [String] = []
                        if doc.isObject(value) { doc.forEachChild(value) { names.append(doc.key($0)) } }
                        flagShape = doc.isObject(value) ? "{" + names.joined(separator: ", ") + "}" : flagText
                    }
                }
            }
        }
        let entry: TimelineShape.Entry
        var keyField: String?
        if flags > objects {
            entry = .flag(text: flagText ?? "true")
            // Mostly records holding the post's key: written as `{<field>: <key>}`.
            if records * 2 > flags, let best = keyFields.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
               best.value * 2 > records {
                keyField = best.key
            }
        } else if copies * 2 > objects {
            entry = .copy
        } else {
            let most = { (counts: [String: Int]) in counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key } }
            // A known spelling held by as many entries as the evidence's field, else that field.
            let known = most(posterField), found = most(ownerField)
            entry = .poster(field: (found.map { $0.value > (known?.value ?? 0) } ?? false ? found?.key : known?.key) ?? field(.posterUID))
        }
        // Own posts are in it when at least half of the readers' own posts are; not, when
        // fewer are and the lists hold others' posts. With nothing to go by (no reader's
        // own post, or lists of no post: a fan-out that never ran), the tutorial's rule for
        // its own shape (`timeline/<uid>/<key>: {poster_uid}`), else none. Where the lists
        // hold others' posts and no reader with a list has posted, though users have, own
        // posts are not in it: had the app written them, every poster would have a list
        // (where a poster follows another, their missing list is a fan-out that did not
        // run, no evidence either way).
        let includesOwn: Bool
        var byAbsence = false
        if ownPosts > 0 && ownEntries * 2 >= ownPosts {
            includesOwn = true
        } else if ownPosts > 0 && (ownEntries > 0 || otherEntries > 0) {
            includesOwn = false
        } else if otherEntries > 0 && sampled < 10_000 && postersWithoutListsFollowNoPoster() {
            includesOwn = false
            byAbsence = true
        } else {
            includesOwn = place.isRoot && entry == .poster(field: "poster_uid")
        }
        var shape = TimelineShape(place: place, entry: entry, includesOwn: includesOwn, ownEntries: ownEntries, ownPosts: ownPosts)
        shape.keyField = keyField
        shape.ruledByAbsentLists = byAbsence
        shape.flagShape = flagShape
        if entry == .copy { shape.readerFields = readerFields(at: place) }
        return shape
    }

    /// Whether some users have posted and none of them follows a user who has (their
    /// lists, absent, would hold only their own posts): nil-safe where the follows are not
    /// read yet.
    private func postersWithoutListsFollowNoPoster() -> Bool {
        let n = index.users.count
        guard graph.following.rowCount == n else { return false }
        var posters = 0
        for u in 0..<n where !index.postsOf[u].isEmpty {
            posters += 1
            if graph.following.row(u).contains(where: { $0 != Int32(u) && !index.postsOf[Int($0)].isEmpty }) { return false }
        }
        return posters > 0
    }

    /// Whether object entry `value` (for the post at index `p`, if any) says no more than a
    /// flag: no member under a poster's spelling, none holding a user's id, and no copy of
    /// the post.
    private func namesNoUser(_ value: Int32, of p: Int32?, _ posterNames: [Schema.Name]) -> Bool {
        if doc.member(value, posterNames) != nil { return false }
        if let p, index.posts[Int(p)].isObject, isCopy(value, of: index.posts[Int(p)].node) { return false }
        var user = false
        doc.forEachChild(value) { member in
            if !user, let text = doc.string(doc.value(member)), index.user(uid: text) != nil { user = true }
        }
        return !user
    }

    /// The names an entry's poster is read under: the timeline's own field (read from the
    /// entries: a known spelling, or the member that holds the post's owner), then the
    /// spellings of `poster_uid`.
    func posterNames() -> [Schema.Name] {
        let names = schema.names(.posterUID)
        guard case let .poster(field)? = timeline?.entry, !names.contains(where: { $0.text == field }) else { return names }
        return [Schema.Name(field)] + names
    }

    /// Whether object `entry` is a copy of post `post`: it holds most of the post's fields
    /// under the same names.
    func isCopy(_ entry: Int32, of post: Int32) -> Bool {
        var names = Set<String>()
        doc.forEachChild(post) { names.insert(doc.key($0)) }
        guard names.count >= 2 else { return false }
        var shared = 0
        doc.forEachChild(entry) { if names.contains(doc.key($0)) { shared += 1 } }
        return shared * 2 > names.count
    }
}

// MARK: - Copies: the posts as repaired, in one spelling

/// The edits of the repair by the node they touch, to read a post as repaired.
struct EditsByNode {
    var removed = Set<Int32>()
    var replaced: [Int32: String] = [:]
    var added: [Int32: [(keys: [String], text: String)]] = [:]

    init(_ edits: [RepairEdit]) {
        for edit in edits {
            switch edit {
            case let .remove(node, _): removed.insert(node)
            case let .set(node, _, text): replaced[node] = text
            case let .add(under, keys, _, text): added[under, default: []].append((keys, text))
            }
        }
    }
}

extension Validator {
    /// Each object post as its copies must read: its fields (not its subcollections) with
    /// the repair's edits applied, in one spelling (`canonicalText`): as written, and as
    /// compared.
    func repairedPostTexts() -> [(text: String, compared: String)?] {
        let subcollections = copySubcollections()
        let readers = timeline?.readerFields ?? []
        copySkipped = subcollections.union(readers)
        var edits = EditsByNode(recordedEdits())
        // A copy the repair adds holds the reader's own members as a new copy does: false.
        if !readers.isEmpty {
            for post in index.posts where post.isObject {
                doc.forEachChild(post.node) { m in
                    if readers.contains(doc.key(m)), doc.kind(doc.value(m)) == .bool { edits.replaced[doc.value(m)] = "false" }
                }
            }
        }
        return index.posts.map { post in
            guard post.isObject else { return nil }
            return (canonicalText(post.node, in: doc, edits: edits, skipping: subcollections),
                    canonicalText(post.node, in: doc, edits: edits, skipping: copySkipped, pruned: true))
        }
    }

    /// The names of the subcollections of posts and of timeline entries (a Firestore export's
    /// `posts/*/userPosts/*/comments`): no field of the post, never copied.
    private func copySubcollections() -> Set<String> {
        guard let layout = export.firestore else { return [] }
        var patterns: [String] = []
        if let posts = schema.place(.posts) { patterns.append(posts.text + "/*/") }
        if let place = timeline?.place { patterns.append(place.lists.map { $0?.text ?? "*" }.joined(separator: "/") + "/*/") }
        var names = Set<String>()
        for c in layout.collections {
            for prefix in patterns where c.hasPrefix(prefix) && !c.dropFirst(prefix.count).contains("/") {
                names.insert(String(c.dropFirst(prefix.count)))
            }
        }
        return names
    }

    /// A value as compact JSON in one spelling, whatever the export's: members sorted by
    /// key, strings quoted afresh, `skipping` members left out at the top; with `edits`,
    /// as the repair leaves it.
    /// `pruned`: with empty maps and arrays left out (a Realtime Database keeps none, and a
    /// copy that lacks one says the same as the post: compared so, written whole).
    func canonicalText(_ node: Int32, in d: JSONDocument, edits: EditsByNode?, skipping: Set<String> = [],
                       pruned: Bool = false) -> String {
        if let text = edits?.replaced[node] {
            guard let parsed = try? JSONDocument.parse(Array(text.utf8)) else { return text }
            return canonicalText(parsed.root, in: parsed, edits: nil, pruned: pruned)
        }
        switch d.kind(node) {
        case .string: return JSONString.quoted(d.string(node) ?? "")
        case .object:
            var members: [(String, String)] = []
            d.forEachChild(node) { m in
                let key = d.key(m)
                if skipping.contains(key) || edits?.removed.contains(m) == true { return }
                let text = canonicalText(m, in: d, edits: edits, pruned: pruned)
                if pruned && (text == "{}" || text == "[]") { return }
                members.append((key, text))
            }
            for (keys, text) in edits?.added[node] ?? [] where !keys.isEmpty && !members.contains(where: { $0.0 == keys[0] }) {
                var value = text
                for key in keys.dropFirst().reversed() { value = "{\(JSONString.quoted(key)):\(value)}" }
                if let parsed = try? JSONDocument.parse(Array(value.utf8)) { value = canonicalText(parsed.root, in: parsed, edits: nil, pruned: pruned) }
                if pruned && (value == "{}" || value == "[]") { continue }
                members.append((keys[0], value))
            }
            members.sort { $0.0 < $1.0 }
            return "{" + members.map { "\(JSONString.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        case .array:
            var elements: [String] = []
            d.forEachChild(node) { m in
                if edits?.removed.contains(m) != true { elements.append(canonicalText(m, in: d, edits: edits, pruned: pruned)) }
            }
            // Items appended (a list of maps: `Validator+ListItems.swift`), in their order.
            for (keys, text) in edits?.added[node] ?? [] where keys.count == 1 {
                if let parsed = try? JSONDocument.parse(Array(text.utf8)) { elements.append(canonicalText(parsed.root, in: parsed, edits: nil, pruned: pruned)) }
            }
            return "[" + elements.joined(separator: ",") + "]"
        default:
            return d.rawText(node)
        }
    }
}

/// The users where no root or collection is named `users` as the tutorials spell it, and
/// the ids the rest of the data knows them by:
/// - Firestore: a collection named `users` in any case, else the one whose documents hold
///   users' names or photos (a name saying users first: `insta_users`), never one of posts
///   (their owner's name and photo copied in them, or named for posts) nor one whose
///   documents belong to another's or share an id (several per person: `sharesAnID`); and the id the rest of the data uses for a user where the document's own
///   key is not it (`user_id`: karlhadwen's `userId` in `users/<autoId>`);
/// - Realtime Database: the root whose records carry user fields (friendlypix-web's
///   `people/<uid>: {full_name, profile_picture}`), and a second root of user fields keyed
///   by the users' ids (`user_details`: FriendlyPix's `people/<uid>`), never private data
///   (`PrivateData`);
/// - with no users anywhere, the people the posts imply (their owners).
enum UsersDetector {
    // MARK: Firestore

    /// The users' collection, taken into `found` where no name says it.
    static func firestore(_ collections: FirestoreCollections, _ schema: Schema, _ found: inout FirestoreRoles.Found) -> String? {
        let doc = collections.doc
        let all = collections.layout.collections.sorted()
        if let users = found.mapping.nodes[.users] { return users }
        if doc.member(doc.root, Schema.Name("users")) != nil { return "users" }
        if let c = all.first(where: { !$0.contains("/") && RoleWords.names(.users, $0) }) {
            found.nodes[.users] = "the collection \(c) is named so"
            found.mapping.nodes[.users] = c
            return c
        }
        let spellings = [Schema.Field.username, .name, .avatarURL].flatMap { schema.names($0) }
        // Never a collection of posts (their owner's name and photo copied in them).
        let avatars = Set(schema.names(.avatarURL).map(\.text))
        let held = { (c: String) in (collections.layout.documentsPerCollection[c] ?? 0) > 0 }
        // Nor a collection named for posts (`posts/<id>: {photoUrl, title, owner}`: its
        // image under a profile photo's spelling), nor one whose documents share an id
        // (several documents per person: `owner` repeats).
        let roots = all.filter { !$0.contains("/") && held($0) && !PostsDetector.holdsPostImages($0, in: doc, avatars: avatars)
            && !RoleWords.says(.posts, $0) && !sharesAnID($0, collections) }
        var keysOf: [String: Set<String>] = [:]
        for c in roots { collections.documents(c) { record, _ in keysOf[c, default: []].insert(doc.key(record)) } }
        // A collection's name saying users first (`insta_users`, `Users`), then the most
        // documents; never one whose documents belong to another's (their owner copied).
        var best: (name: String, users: Int, records: Int, named: Bool)?
        for c in roots {
            var records = 0, withUser = 0, owned = 0
            let others = keysOf.filter { $0.key != c }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            collections.documents(c) { record, _ in
                records += 1
                if doc.member(record, spellings) != nil { withUser += 1 }
                if holdsKey(of: others, record, in: doc) { owned += 1 }
            }
            guard withUser > 0, withUser * 2 >= records, owned * 2 < records else { continue }
            let named = RoleWords.says(.users, c)
            if best == nil || (named && !best!.named) || (named == best!.named && withUser > best!.users) {
                best = (c, withUser, records, named)
            }
        }
        guard let best else { return nil }
        found.nodes[.users] = "\(number(best.users)) of its \(number(best.records)) documents hold a user's name or photo"
        found.mapping.nodes[.users] = best.name
        return best.name
    }

    /// Whether most documents of collection `c` hold, under one name, an id (a text of 16
    /// to 128 letters, digits, `-`, `_` and `:`, with letters and digits) another of its
    /// documents holds there too: records kept several per person (posts naming their
    /// owner), which are no users' own (each user's id is theirs alone).
    static func sharesAnID(_ c: String, _ collections: FirestoreCollections) -> Bool {
        let doc = collections.doc
        var records = 0
        var values: [String: [String: Int]] = [:]
        collections.documents(c) { record, _ in
            guard doc.isObject(record) else { return }
            records += 1
            doc.forEachChild(record) { member in
                if let text = doc.string(doc.value(member)), isIDLike(text) { values[doc.key(member), default: [:]][text, default: 0] += 1 }
            }
        }
        return values.values.contains { counts in counts.values.filter { $0 > 1 }.reduce(0, +) * 2 > records }
    }

    /// Whether `text` looks like a generated id (a uid, an auto id), not a word or a name.
    static func isIDLike(_ text: String) -> Bool {
        let u = text.utf8
        guard u.count >= 16, u.count <= 128 else { return false }
        var letters = false, digits = false
        for b in u {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): letters = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"): continue
            default: return false
            }
        }
        return letters && digits
    }

    /// Whether `record` holds, under a name other than its own key's, a text that is one of
    /// `keys` (an owner's id, a post's id): a record that belongs to or copies another.
    static func holdsKey(of keys: Set<String>, _ record: Int32, in doc: JSONDocument) -> Bool {
        guard doc.isObject(record) else { return false }
        let own = doc.key(record)
        var found = false
        doc.forEachChild(record) { member in
            if !found, let text = doc.string(doc.value(member)), text != own, keys.contains(text) { found = true }
        }
        return found
    }

    /// The id the rest of the data uses for a user, where the document's own key is not it:
    /// a field with a distinct value per user, not the key, found elsewhere more often
    /// than the keys are (karlhadwen's `userId` in `users/<autoId>`), under any name, the
    /// field's own included (instantgram's `uid` in `users/<autoId>`, which its posts,
    /// likes and comments hold under `uid` too): only the users' own documents' values
    /// are not counted for themselves. `keys`: the users' documents' keys.
    static func firestoreUserID(_ collections: FirestoreCollections, users: String, keys: [String]) -> (field: String, ids: Set<String>, why: String)? {
        let doc = collections.doc
        let uids = FirestoreNames.bothSpellings(keys)
        var values: [String: [String]] = [:]
        collections.documents(users) { record, _ in
            guard doc.isObject(record) else { return }
            // The document's own id, as the tree keys it or as the app writes it (`email`
            // in `users/ana@x.com`), is no second id.
            let key = doc.key(record), id = FirestoreNames.name(key: key)
            doc.forEachChild(record) { member in
                if let text = doc.string(doc.value(member)), !text.isEmpty, text != key, text != id { values[doc.key(member), default: []].append(text) }
            }
        }
        let candidates = values.filter { $0.value.count * 2 >= keys.count && Set($0.value).count == $0.value.count }
        guard !candidates.isEmpty else { return nil }
        var hits: [String: Int] = [:]
        var keyHits = 0
        let owner = Dictionary(candidates.flatMap { field, texts in texts.map { ($0, field) } }, uniquingKeysWith: { a, _ in a })
        /// `own`: `node` is a user's own document, whose texts are the candidates' values.
        func walk(_ node: Int32, countKeys: Bool, own: Bool = false) {
            doc.forEachChild(node) { member in
                if countKeys, doc.hasKey(member) {
                    let key = doc.key(member)
                    if let field = owner[key] { hits[field, default: 0] += 1 }
                    if uids.contains(key) { keyHits += 1 }
                }
                let value = doc.value(member)
                if let text = doc.string(value) {
                    guard !own else { return }
                    let name = doc.hasKey(member) ? doc.key(member) : ""
                    if let field = owner[text] { hits[field, default: 0] += 1 }
                    if uids.contains(text) && candidates[name] == nil { keyHits += 1 }
                } else if doc.isContainer(value) {
                    walk(value, countKeys: true)
                }
            }
        }
        doc.forEachChild(doc.root) { root in
            guard doc.isContainer(root) else { return }
            if doc.key(root) == users {
                doc.forEachChild(root) { user in
                    if doc.isContainer(doc.value(user)) { walk(doc.value(user), countKeys: true, own: true) }
                }
            } else {
                walk(root, countKeys: true)
            }
        }
        guard let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value > keyHits else { return nil }
        return (best.key, Set(candidates[best.key]!),
                "its values, one per user, are what \(number(best.value)) edges, likes and owners elsewhere hold (the documents' own ids: \(number(keyHits)))")
    }

    // MARK: Realtime Database

    /// With no users root, the root whose records carry user fields (a name, a username,
    /// an avatar in a recognised spelling), the most of them: friendlypix-web keeps its
    /// users only as `people/<uid>: {full_name, profile_picture, posts, following}`.
    /// `RealtimeRoles` guesses it before the detectors that need the users' ids; here it
    /// is what is left (an export whose roots no earlier step read).
    static func root(_ c: InspectionContext) -> (name: Schema.Name, why: String)? {
        guard c.dialect == .makestagram, !c.isPresent(.users) else { return nil }
        return recordsRoot(c.doc, c.schema, isTaken: c.isTaken).map { (Schema.Name($0.place), $0.why) }
    }

    /// `root(_:)` for `RealtimeRoles`, as the role guess it is, before the follows, the
    /// likes, the comments and the flat posts are looked for (they need the users' ids).
    static func root(_ e: RealtimeEvidence) -> RoleGuess? {
        guard !e.isPresent(.users) else { return nil }
        return recordsRoot(e.doc, e.schema, isTaken: e.taken.contains)
    }

    private static func recordsRoot(_ doc: JSONDocument, _ schema: Schema, isTaken: (String) -> Bool) -> RoleGuess? {
        guard doc.isObject(doc.root) else { return nil }
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
        return best.map { RoleGuess(node: .users, place: $0.name, why: "\(number($0.users)) of its \(number($0.records)) records hold a user's name or photo") }
    }

    /// Of the roots keyed mostly by users' uids, the one whose records hold the most text
    /// fields, as the users' second root (`user_details`): FriendlyPix's `people/<uid>:
    /// {displayName, photoUrl}` (241 users), not its `feed/<uid>: {<postKey>: true}` (2
    /// users, lists of post keys only); or, where none holds text, the root most of whose
    /// records hold the users' counters (a Cloud Function's `counts/<uid>: {post, follower,
    /// following}`). Never a root of private data.
    static func details(_ c: InspectionContext) -> NodeGuess? {
        let doc = c.doc
        guard c.dialect == .makestagram, doc.isObject(doc.root), !c.isPresent(.userDetails) else { return nil }
        var best: (name: String, users: Int, keys: Int, withText: Int)?
        doc.forEachEntry(doc.root) { member in
            let name = doc.key(member)
            guard doc.isObject(member), !c.isTaken(name), name != c.usersGuess?.name.text else { return }
            if PrivateData.isPrivateRoot(member, in: doc).0 { return }
            var keys = 0, users = 0, withText = 0, withCounters = 0
            doc.forEachEntry(member) { record in
                guard doc.isObject(record) else { return }
                keys += 1
                if c.uids.contains(doc.key(record)) { users += 1 }
                var text = false
                // Text, not a flag kept as a string (`users-status/<uid>: {<post>: "1"}`, an index).
                doc.forEachChild(record) { field in
                    let v = doc.value(field)
                    if !text && doc.isString(v) && !["\"1\"", "\"true\""].contains(doc.rawText(v)) { text = true }
                }
                if text { withText += 1 }
                // Or the users' counters alone (`counts/<uid>: {post, follower, following}`).
                var counter = false
                doc.forEachChild(record) { field in
                    if !counter, UserCountersDetector.counter(doc.key(field)) != nil, CountersDetector.isCount(doc, doc.value(field)) { counter = true }
                }
                if counter { withCounters += 1 }
            }
            guard keys > 0, users * 2 >= keys, withText > 0 || withCounters * 2 >= keys else { return }
            if best == nil || (withText, users) > (best!.withText, best!.users) { best = (name, users, keys, withText) }
        }
        return best.map { (.userDetails, $0.name, "\(number($0.users)) of its \(number($0.keys)) keys are users' uids") }
    }

    /// The users' usernames, case-folded as `username_duplicate` folds them
    /// (`ExportIndex.fold`), where users are a node: a comment may name its author by
    /// username alone, typed in another case (karlhadwen's `{displayName: "Hana"}` for the
    /// user `hana`). The username is read under its spellings, else under the name
    /// `UserFieldsDetector.username` guesses (`handle`, `nick`: `guessed`). Empty with no
    /// node of users.
    static func usernames(_ c: InspectionContext, guessed username: FieldGuess?) -> Set<String> {
        guard let users = c.usersRoot() else { return [] }
        let doc = c.doc
        let guessed = c.isPresent(.users) ? nil : users
        let names = c.schema.names(.username) + (username.map { [Schema.Name($0.name)] } ?? [])
        var found = Set<String>()
        c.forEachUser(in: guessed) { record in
            guard doc.isObject(record), let name = doc.member(record, names).flatMap({ doc.string(doc.value($0)) }), !name.isEmpty else { return }
            found.insert(ExportIndex.fold(name))
        }
        return found
    }

    /// Every uid of a user record (and of the guessed or mapped second root's).
    static func ids(_ c: InspectionContext) -> Set<String> {
        let doc = c.doc
        let schema = c.schema
        var uids = Set<String>()
        let details: Schema.Name? = if let place = schema.place(.userDetails), place.isRoot { place.root } else { nil }
        // With `user_id`, the ids are its values (the records' keys are auto ids).
        if schema.mapping.fields[.userID] != nil, let users = c.usersRoot() {
            schema.forEachRecord(at: .root(users), depth: 1, in: doc) { record in
                if let id = doc.member(record, schema.names(.userID)).flatMap({ doc.string(doc.value($0)) }) { uids.insert(id) }
            }
            return uids
        }
        // A Firestore id that is no key as it is (`ana@x.com`, keyed `ana@x%2Ecom`) is
        // counted by either spelling: as a key (an edge) and as the app writes it (an owner).
        let encoded = c.export.firestore != nil
        for name in [c.usersRoot(), details].compactMap({ $0 }) {
            guard doc.isObject(doc.root), let root = doc.member(doc.root, name), doc.isObject(root) else { continue }
            doc.forEachEntry(root) { record in
                let key = doc.key(record)
                uids.insert(key)
                if encoded && key.utf8.contains(UInt8(ascii: "%")) { uids.insert(FirestoreNames.name(key: key)) }
            }
        }
        return uids
    }

    /// With no node of users, the people the posts imply (docs/export-format.md, "Users
    /// implied by posts"): the values of the posts' owner field, an id under a name
    /// sitegen reads as one (`uid`, `userId`), else the username they carry (`username`,
    /// which `post_owner` is then guessed to be), where at least half the flat posts hold
    /// it; else a text named for a person (`PostOwnerNameDetector`).
    static func implied(_ c: InspectionContext) -> Set<String> {
        let doc = c.doc
        let schema = c.schema
        guard c.dialect == .makestagram, schema.flatPosts else { return [] }
        for names in [schema.names(.postOwner), schema.names(.username)] {
            var owners = Set<String>(), posts = 0, held = 0
            InspectionContext.forEachRecord(.posts, schema, doc) { post in
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
        return PostOwnerNameDetector.detect(doc) { body in InspectionContext.forEachRecord(.posts, schema, doc, body) }?.owners ?? []
    }

    /// With no username anywhere, and users keyed by what look like handles (lowercase
    /// letters, digits, `.` and `_`, not ids), the line that says how to map them.
    static func usernameKeyHint(_ c: InspectionContext, keepsNoUsername: Bool) -> String? {
        guard c.dialect == .makestagram, keepsNoUsername, c.schema.mapping.fields[.userID] == nil, !c.uids.isEmpty,
              c.usersRoot() != nil else { return nil }
        let handles = c.uids.filter { key in
            key.utf8.count <= 30 && key.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
                && key.utf8.allSatisfy { ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
        }
        guard handles.count * 10 >= c.uids.count * 9 else { return nil }
        let some = handles.sorted().prefix(3).joined(separator: ", ")
        return "username = \"*\": if the users' keys (\(some), …) are their usernames (no record holds one)"
    }

    private static func number(_ n: Int) -> String { ExportInspection.number(n) }
}

/// A role `inspect` guessed where no recognised name says: `node` kept at `name`, because
/// `why` (the block's `# guessed` comment).
typealias NodeGuess = (node: Schema.Node, name: String, why: String)
/// A field `inspect` guessed: `field` spelled `name`, because `why`.
typealias FieldGuess = (field: Schema.Field, name: String, why: String)

/// The kinds of record a field is counted in, with the word for them.
enum InspectionRecords: String {
    case users, posts, comments
}

/// What the detectors that run once the roots are mapped read (ExportInspection's
/// pipeline, after the fields are counted): the export, the schema as read with every role
/// found so far, how many records carry each field's spelling, the users' root guessed
/// where the export has none, the users' ids, and the nodes guessed so far.
struct InspectionContext {
    let export: Export
    let schema: Schema
    /// Per field (by case order) and spelling: the records of the field's kind that carry it.
    let coverage: [[Int]]
    /// The users' root where no root is named so (`UsersDetector.root`).
    var usersGuess: (name: Schema.Name, why: String)?
    /// The users' ids (or, with no users, the owners the posts imply).
    var uids: Set<String> = []
    /// The users' usernames, case-folded (`UsersDetector.usernames`; empty with no users' node).
    var usernames: Set<String> = []
    /// The nodes guessed so far, in the order the block says them.
    var nodeGuesses: [NodeGuess] = []

    var doc: JSONDocument { export.document }
    var dialect: Dialect { export.dialect }

    /// Whether the export has `node` (its root, or its member in some record).
    func isPresent(_ node: Schema.Node) -> Bool { Self.isPresent(node, schema, doc) }

    static func isPresent(_ node: Schema.Node, _ schema: Schema, _ doc: JSONDocument) -> Bool {
        guard let place = schema.place(node) else { return false }
        var found = false
        Schema.forEachMatch(place.parts, in: doc) { _, _ in found = true }
        return found
    }

    /// Whether a root already has a role.
    func isTaken(_ root: String) -> Bool {
        Schema.Node.allCases.contains { schema.place($0)?.root.text == root && isPresent($0) }
    }

    /// The users' root: the export's, else the one guessed.
    func usersRoot() -> Schema.Name? {
        if isPresent(.users) { return schema.place(.users)?.root }
        return usersGuess?.name
    }

    /// Whether `member` holds a user's id (or a map holding one under a `uid` spelling).
    func isUserID(_ member: Int32) -> Bool {
        let value = doc.value(member)
        if doc.isObject(value) { return doc.member(value, schema.names(.uid)).flatMap(doc.string).map(uids.contains) ?? false }
        return doc.string(value).map(uids.contains) ?? false
    }

    /// Whether `member` holds a user's username, compared case-folded (`ExportIndex.fold`),
    /// where users are a node.
    func isUsername(_ member: Int32) -> Bool {
        guard !usernames.isEmpty, let text = doc.string(doc.value(member)), !text.isEmpty else { return false }
        return usernames.contains(ExportIndex.fold(text))
    }

    /// Whether no record carries `field` under any of its spellings.
    func isUncounted(_ field: Schema.Field) -> Bool { coverage[field.ordinal].allSatisfy { $0 == 0 } }

    /// Where `node` is guessed to be, if this run guessed it.
    func guessedPlace(_ node: Schema.Node) -> Schema.Place? {
        nodeGuesses.first { $0.node == node }.flatMap { Schema.Place(mapped: $0.name) }
    }

    /// The records of the users' root guessed where the export has none, else of its users.
    func forEachUser(in guessedUsers: Schema.Name?, _ body: (Int32) -> Void) {
        if let guessedUsers { schema.forEachRecord(at: .root(guessedUsers), depth: 1, in: doc, body) } else { Self.forEachRecord(.users, schema, doc, body) }
    }

    /// A field kept under a name no variant has: of the records of `kind`, the member name
    /// `matches` holds in the most of them, where at least half do and no record carries
    /// the field under a name sitegen reads. `what` says what the records hold there.
    func fieldGuess(_ field: Schema.Field, in kind: InspectionRecords, what: String, _ matches: (Int32) -> Bool) -> FieldGuess? {
        keyedGuess(field, in: kind, what: what) { matches($0) ? doc.key($0) : nil }
    }

    /// A user's id kept in a map of each record (a copy of the user's record:
    /// noinstagram's `Posts/<id>/user: {id, displayName, email, …}`, each comment's `user`):
    /// `field` at the id's path (`user/id`), where at least half of the records hold one
    /// there and no record carries the field unmapped.
    func idInMapGuess(_ field: Schema.Field, in kind: InspectionRecords, what: String) -> FieldGuess? {
        keyedGuess(field, in: kind, what: what) { member in
            Self.idKeyInMap(member, uids: uids, in: doc).map { "\(doc.key(member))/\($0)" }
        }
    }

    /// The member of the map `member` that holds a user's id, as a copy of the user's
    /// record does: `id` or `uid`, else the first member of any name whose value is a
    /// user's id (BlogCompose's `userPoster: {idUser, name, urlImg}`: known by its value,
    /// not its name); nil when it is no map or holds none.
    static func idKeyInMap(_ member: Int32, uids: Set<String>, in doc: JSONDocument) -> String? {
        let value = doc.value(member)
        guard doc.isObject(value) else { return nil }
        for key in idKeys {
            if let m = doc.member(value, key), let text = doc.string(doc.value(m)), uids.contains(text) { return key.text }
        }
        var found: String?
        doc.forEachChild(value) { m in
            if found == nil, let text = doc.string(doc.value(m)), uids.contains(text) { found = doc.key(m) }
        }
        return found
    }

    /// Whether `record` names a user by id in one of its maps (`userComment: {idUser, …}`),
    /// as `idKeyInMap` finds it.
    static func idInAMap(_ record: Int32, uids: Set<String>, in doc: JSONDocument) -> Bool {
        var found = false
        doc.forEachChild(record) { member in if !found, idKeyInMap(member, uids: uids, in: doc) != nil { found = true } }
        return found
    }

    static let idKeys = [Schema.Name("id"), Schema.Name("uid")]

    /// A field kept in a map of each record (a post's image in `pic: {src, tags}`, its like
    /// counter in `likes: {num, users}`): `field` at the path `map/member` (`pic/src`) of
    /// the first member of a map that `matches(map, member)`, where at least half of the
    /// records hold one there and no record carries the field unmapped.
    func inMapGuess(_ field: Schema.Field, in kind: InspectionRecords, what: String, _ matches: (_ map: Int32, _ member: Int32) -> Bool) -> FieldGuess? {
        keyedGuess(field, in: kind, what: what) { map in
            guard doc.isObject(doc.value(map)) else { return nil }
            var found: String?
            doc.forEachChild(doc.value(map)) { member in if found == nil, matches(map, member) { found = "\(doc.key(map))/\(doc.key(member))" } }
            return found
        }
    }

    /// `fieldGuess` with the name each member gives (nil: none): the name most records give.
    private func keyedGuess(_ field: Schema.Field, in kind: InspectionRecords, what: String, _ name: (Int32) -> String?) -> FieldGuess? {
        guard isUncounted(field) else { return nil }
        // The users' records are those of the guessed root when the export has no users root;
        // the comments', those of the guessed comments.
        let guessedUsers = isPresent(.users) ? nil : usersRoot()
        let guessedComments = isPresent(.comments) ? nil : guessedPlace(.comments)
        var hits: [String: Int] = [:]
        var total = 0
        func visit(_ record: Int32) {
            total += 1
            doc.forEachChild(record) { member in if let key = name(member) { hits[key, default: 0] += 1 } }
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
              best.value * 2 >= total else { return nil }
        // A spelling read unmapped (in comments guessed in this run) needs no line; nor an
        // author that is the username, which a comment's author is read as unmapped.
        if field.variants(dialect).contains(best.key) || (field == .commentAuthor && schema.names(.username).contains { $0.text == best.key }) {
            return nil
        }
        return (field, best.key, "\(Self.number(best.value)) of \(Self.number(total)) \(kind.rawValue) hold \(what) there")
    }

    /// Where the records carry several of `field`'s spellings (`uid` and `userId`, the
    /// one a post's number, the other its owner's username), the one most of them hold a
    /// user's id in (`isUserID`), at least half, and more than any other spelling does:
    /// mapped, so that the audit reads that one alone. nil where one spelling or none is
    /// carried.
    func spellingHoldingIDs(_ field: Schema.Field, in kind: InspectionRecords, what: String) -> FieldGuess? {
        let names = schema.names(field)
        guard zip(names, coverage[field.ordinal]).filter({ $0.1 > 0 }).count > 1 else { return nil }
        var hits = names.map { _ in 0 }
        var total = 0
        Self.forEachRecord(kind, schema, doc) { record in
            total += 1
            for (i, name) in names.enumerated() { if let m = doc.member(record, name), isUserID(m) { hits[i] += 1 } }
        }
        guard let best = hits.indices.max(by: { hits[$0] != hits[$1] ? hits[$0] < hits[$1] : $0 > $1 }), hits[best] * 2 >= total,
              hits.enumerated().allSatisfy({ $0.offset == best || $0.element < hits[best] }) else { return nil }
        let others = names.indices.filter { $0 != best && coverage[field.ordinal][$0] > 0 }.map { names[$0].text }.joined(separator: ", ")
        return (field, names[best].text, "\(Self.number(hits[best])) of \(Self.number(total)) \(kind.rawValue) hold \(what) there (not in \(others))")
    }

    /// A list kept in each user's record under one of `names` (the first any user holds):
    /// `users/*/following`, as `node`. `unlessRecords`: not when most such lists hold
    /// records (a user's posts themselves, not their index).
    func listInUsers(_ node: Schema.Node, _ names: [String], unlessRecords: Bool = false) -> NodeGuess? {
        guard let root = usersRoot(), !isPresent(node) else { return nil }
        for name in names {
            var lists = 0, records = 0
            Schema.forEachMatch([root, nil, Schema.Name(name)], in: doc) { list, _ in
                guard doc.isContainer(list) else { return }
                lists += 1
                if InspectionValues.holdsObjects(list, in: doc) { records += 1 }
            }
            guard lists > 0 else { continue }
            if unlessRecords && records * 2 > lists { return nil }
            return (node, "\(root.text)/*/\(name)", "\(Self.number(lists)) users hold a \"\(name)\" list")
        }
        return nil
    }

    /// The kind of record `field` is counted in, in this export's dialect; nil for the
    /// fields not counted (inside `poster` or timeline entries).
    static func records(of field: Schema.Field, _ dialect: Dialect) -> InspectionRecords? {
        switch field {
        case .username, .name, .bio, .url, .follows, .postCount, .followerCount, .followingCount, .isPrivate, .avatarURL, .userID, .userAlias:
            return .users
        case .imageURL, .imageHeight, .imageWidth, .createdAt, .likeCount, .poster, .caption, .postOwner:
            return dialect == .makestagram ? .posts : nil
        case .commentCount:
            return .posts
        case .imageEndpoint, .likes, .comments:
            return dialect == .timeline ? .posts : nil
        case .commentText, .commentAuthor, .commentParent:
            return dialect == .makestagram ? .comments : nil
        case .deleted:
            return dialect == .makestagram ? .posts : nil
        case .alt:
            return .posts
        case .media, .videos, .mediaURL, .videoURL, .mediaType, .isVideo, .isImage, .videoPoster, .thumbnailURL, .aspectRatio, .blurHash:
            return dialect == .makestagram ? .posts : nil
        case .uid, .posterUID, .post, .followerID, .followedID, .likerID:
            return nil
        }
    }

    /// Calls `body` with each record (an object) of users (with `user_details`' own), posts or comments.
    static func forEachRecord(_ kind: InspectionRecords, _ schema: Schema, _ doc: JSONDocument, _ body: (Int32) -> Void) {
        func objects(_ node: Int32) { if doc.isObject(node) { body(node) } }
        switch kind {
        case .users:
            schema.forEachRecord(at: schema.place(.users), depth: 1, in: doc, objects)
            schema.forEachRecord(at: schema.place(.userDetails), depth: 1, in: doc, objects)
        case .posts:
            // Not the comments kept among the posts.
            if let records = schema.postRecords {
                Schema.forEachMatch(records, in: doc) { node, _ in if !schema.isCommentAmongPosts(node, in: doc) { objects(node) } }
            }
        case .comments:
            if schema.dialect == .makestagram, let records = schema.commentRecords {
                let amongPosts = schema.keepsCommentsAmongPosts
                Schema.forEachMatch(records, in: doc) { node, _ in if !amongPosts || schema.isCommentAmongPosts(node, in: doc) { objects(node) } }
            }
        }
    }

    static func number(_ n: Int) -> String { ExportInspection.number(n) }
}

/// What the detectors tell values by: a post's image, a media list, a user's id in a
/// record, a list of records.
enum InspectionValues {
    /// The name of a list kept in each post (`posts/<key>/<name>`) for `role`: `standard`
    /// where any post holds it, else the container whose name says the role and whose
    /// entries are enough of the kind `counts` accepts (`enough(accepted, entries)`), held
    /// by the most posts; `standard` when none is.
    static func listName(_ role: RoleWords.Role, standard: String, in records: [Schema.Name?], doc: JSONDocument,
                         counts: (Int32) -> Bool, enough: (Int, Int) -> Bool) -> String {
        var lists: [String: (lists: Int, entries: Int, accepted: Int)] = [:]
        Schema.forEachMatch(records, in: doc) { post, _ in
            guard doc.isObject(post) else { return }
            doc.forEachChild(post) { member in
                let name = doc.key(member)
                guard RoleWords.says(role, name), doc.isContainer(doc.value(member)) else { return }
                var tally = lists[name] ?? (0, 0, 0)
                tally.lists += 1
                doc.forEachEntry(doc.value(member)) { entry in
                    tally.entries += 1
                    if counts(entry) { tally.accepted += 1 }
                }
                lists[name] = tally
            }
        }
        if lists[standard] != nil { return standard }
        let named = lists.filter { $0.value.entries > 0 && enough($0.value.accepted, $0.value.entries) }
        return named.max { ($0.value.lists, $1.key) < ($1.value.lists, $0.key) }?.key ?? standard
    }

    /// Whether `member` holds a post's image: an http(s) URL or a path to an image file,
    /// under a name that is not a profile photo's (`ownerImageUrl`, `profileImage`) nor a
    /// website's (`website`, `homepage`, `link`: a profile's, whatever its URL).
    static func isPostImage(_ member: Int32, in doc: JSONDocument) -> Bool {
        guard isPostImageName(doc.key(member)), let text = doc.string(doc.value(member)) else { return false }
        return isImageLink(text)
    }

    /// Whether a post's member may hold its image by its name: not a profile photo's
    /// (`ownerImageUrl`, `profileImage`) nor a website's (`website`, `homepage`, `link`).
    static func isPostImageName(_ key: String) -> Bool {
        let name = key.lowercased()
        return !["profile", "avatar", "owner", "author", "user", "web", "site", "homepage", "link"].contains(where: name.contains)
    }

    /// Whether a post's member named `key` holding a URL is its image rather than the one
    /// found so far (`current`, nil: none): the first, unless that is a profile photo's
    /// (`ownerImageURL`) and this one is not (`postImageUrl`): a URL under a name that says
    /// the owner's or a profile photo is never the post's image while another holds one.
    static func betterPostImage(_ key: String, than current: String?) -> Bool {
        guard let current else { return true }
        return !isPostImageName(current) && isPostImageName(key)
    }

    /// Whether `member` is a post's media list (`media: [{url, type}]`, `imageUrls: [url]`,
    /// docs/export-format.md's "Albums and videos") whose first item is a link or holds one:
    /// a post's photos, where no single field holds its image.
    static func isMediaList(_ member: Int32, _ schema: Schema, in doc: JSONDocument) -> Bool {
        let value = doc.value(member)
        guard doc.isContainer(value) else { return false }
        guard (schema.names(.media) + schema.names(.videos)).contains(where: { doc.keyEquals(member, $0) }) else { return isMediaListByShape(member, in: doc) }
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

    /// A post's media list under a name no spelling has (`source: [{uri, width, height}]`):
    /// an array (not a map of records: a Firestore subcollection is one in the tree, a
    /// pushed list another) whose first item is a map holding a post's image
    /// (`isPostImage`), under a name that says no person nor what people wrote (likes,
    /// comments, followers, users, a profile's photo).
    static func isMediaListByShape(_ member: Int32, in doc: JSONDocument) -> Bool {
        let value = doc.value(member), name = doc.key(member)
        guard doc.isArray(value), mediaItemMember(value, in: doc) != nil,
              ![RoleWords.Role.likes, .comments, .users, .followers, .following].contains(where: { RoleWords.says($0, name) }),
              !["profile", "avatar", "owner", "author", "story", "stories"].contains(where: name.lowercased().contains) else { return false }
        return true
    }

    /// The member of a list's first item (a map) that holds a post's image, if any.
    static func mediaItemMember(_ list: Int32, in doc: JSONDocument) -> String? {
        var first: Int32?
        doc.forEachEntry(list) { if first == nil && !doc.isNull(doc.value($0)) { first = doc.value($0) } }
        guard let first, doc.isObject(first) else { return nil }
        var found: String?
        doc.forEachChild(first) { m in if found == nil, isPostImage(m, in: doc) { found = doc.key(m) } }
        return found
    }

    /// An http(s) URL, or a path ending in an image file's extension (`/images/1.jpg`).
    static func isImageLink(_ text: String) -> Bool {
        if SafeURL.isHTTP(text) { return true }
        guard !text.isEmpty, !text.contains(" "), let dot = text.lastIndex(of: ".") else { return false }
        return ["jpg", "jpeg", "png", "gif", "webp", "avif", "heic"].contains(text[text.index(after: dot)...].lowercased())
    }

    /// Whether an entry of a list stands for a user: keyed by a user's id, holding one as
    /// its value (a pushed list, `<pushId>: "<uid>"`), or a record holding one in a field
    /// (`{userID: …}`, `{user_id: …}`).
    static func isUserEntry(_ entry: Int32, uids: Set<String>, in doc: JSONDocument) -> Bool {
        if doc.hasKey(entry), uids.contains(doc.key(entry)) { return true }
        let value = doc.value(entry)
        if let text = doc.string(value) { return uids.contains(text) }
        return doc.isObject(value) && authorField(value, uids: uids, in: doc) != nil
    }

    /// The name of `record`'s member that holds a user's id (a string), if any.
    static func authorField(_ record: Int32, uids: Set<String>, in doc: JSONDocument) -> String? {
        var found: String?
        doc.forEachChild(record) { member in
            if found == nil, let text = doc.string(doc.value(member)), uids.contains(text) { found = doc.key(member) }
        }
        return found
    }

    /// Whether `record` names two users: its members hold two different users' ids
    /// (`senderId` and `receiverId`, `from` and `to`, a sender and a recipient). Such a
    /// record is a message or a request, never a post (a post names its owner alone).
    static func namesTwoUsers(_ record: Int32, uids: Set<String>, in doc: JSONDocument) -> Bool {
        var first: String?
        var two = false
        doc.forEachChild(record) { member in
            guard !two, let text = doc.string(doc.value(member)), uids.contains(text) else { return }
            if let first { two = first != text } else { first = text }
        }
        return two
    }

    /// Whether the first entry of `list` that is not null is an object (a record, not `true`).
    static func holdsObjects(_ list: Int32, in doc: JSONDocument) -> Bool {
        var answer: Bool?
        doc.forEachEntry(list) { entry in if answer == nil && !doc.isNull(entry) { answer = doc.isObject(entry) } }
        return answer ?? false
    }
}

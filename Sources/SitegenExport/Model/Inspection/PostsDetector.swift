/// The posts where no root or collection is named `posts` as the tutorials spell it, and
/// their fields no variant spells:
/// - Firestore: the collection whose documents hold an image's URL (not a profile
///   photo's) or a media list under one name, at any depth of subcollections, never a
///   collection of copies or mentions of posts (a timeline of copies, an activity feed:
///   they name the posts' documents; the posts do not name theirs) nor of messages (a
///   document naming two users); else a list of maps holding images in each user's
///   document (`inUserDocuments`); else posts of text (`TextPostsDetector`);
/// - posts kept in each user (`users/<uid>/posts/<key>: {…}`) where the export has no
///   posts node; a user's list of posts that holds `true`s is their index (`user_posts`);
/// - a flat post's owner (a field holding users' ids or usernames), its image (http(s)
///   URLs, or an image's path in Firestore), its caption (text under a name that says so).
enum PostsDetector {
    // MARK: Firestore

    /// The posts' collection, taken into `found` where no name says it.
    static func firestore(_ collections: FirestoreCollections, _ schema: Schema, users: String?, uids: Set<String>,
                          _ found: inout FirestoreRoles.Found) -> String? {
        let doc = collections.doc
        // With no users found, a collection named `posts` is the posts (another holding
        // images may be the users, their photos under a name no spelling has).
        if let posts = found.mapping.nodes[.posts] { return posts }
        if users == nil && doc.member(doc.root, Schema.Name("posts")) != nil { return "posts" }
        struct Candidate { var name: String, field: String, hits: Int, records: Int, keys: Set<String>, depth: Int }
        var candidates: [Candidate] = []
        for c in collections.layout.collections.sorted() where (collections.layout.documentsPerCollection[c] ?? 0) > 0 && c != users
            && !TimelineDetector.isCopies(c, uids: uids, collections) {
            var records = 0
            var hits: [String: Int] = [:]
            var keys = Set<String>()
            collections.documents(c) { record, _ in if doc.isObject(record) { keys.insert(doc.key(record)) } }
            collections.documents(c) { record, _ in
                // A comment kept among the posts (it names another document of theirs:
                // `CommentsAmongPostsDetector`) is neither a post nor against one.
                guard doc.isObject(record), !namesAnother(record, of: keys, in: doc) else { return }
                records += 1
                // A message or a request (it names two users) is no post, whatever it holds.
                if InspectionValues.namesTwoUsers(record, uids: uids, in: doc) { return }
                doc.forEachChild(record) { member in
                    if InspectionValues.isPostImage(member, in: doc) || InspectionValues.isMediaList(member, schema, in: doc) { hits[doc.key(member), default: 0] += 1 }
                }
            }
            guard let field = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), field.value * 2 >= records else { continue }
            candidates.append(Candidate(name: c, field: field.key, hits: field.value, records: records, keys: keys, depth: c.split(separator: "/").count))
        }
        /// How many of `a`'s documents name one of `b`'s: by their own key or a field.
        func references(_ a: Candidate, _ b: Candidate) -> Int {
            var n = 0
            collections.documents(a.name) { record, _ in if b.keys.contains(doc.key(record)) || UsersDetector.holdsKey(of: b.keys, record, in: doc) { n += 1 } }
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
            if best.name != "posts" {
                found.take(.posts, best.name, "\(number(best.hits)) of its \(number(best.records)) documents hold an image's URL in \"\(best.field)\"")
            }
            return best.name
        }
        if let users, let kept = inUserDocuments(collections, users: users, schema) {
            found.take(.posts, kept.place, kept.why)
            return kept.place
        }
        if candidates.isEmpty, let users, let text = TextPostsDetector.detect(collections, users: users, uids: uids) {
            if text.name != "posts" { found.take(.posts, text.name, text.why) }
            return text.name
        }
        return nil
    }

    /// Whether `record` names another document of its collection (`keys`) in a field: as
    /// the tree keys it, or by the id a reference holds.
    static func namesAnother(_ record: Int32, of keys: Set<String>, in doc: JSONDocument) -> Bool {
        let own = doc.key(record)
        var found = false
        doc.forEachChild(record) { member in
            guard !found, let text = doc.string(doc.value(member)) else { return }
            // A post naming the one it copies or shows (`repostOf`) is a post all the same.
            let name = RoleWords.fold(doc.key(member))
            if CommentsAmongPostsDetector.copyWords.contains(where: name.contains) { return }
            let key = FirestoreNames.key(text)
            if key != own, keys.contains(key) { found = true }
        }
        return found
    }

    /// Posts kept as a list of maps in each user's document, with no collection of their
    /// own (`Users/<uid>.posts: [{photo, like, comment, photoDescription}]`, ismail's
    /// clone: the Firestore form of `inUsers`): the users' field whose items, over all the
    /// users, are the most maps holding a post's image, where at least half do. An image
    /// under a name the users' own documents hold a URL in is a copy of a user's photo
    /// (`followers: [{uid, profilePhoto}]`), not a post's.
    static func inUserDocuments(_ collections: FirestoreCollections, users: String, _ schema: Schema) -> (place: String, why: String)? {
        let doc = collections.doc
        var own = Set<String>()
        collections.documents(users) { user, _ in
            guard doc.isObject(user) else { return }
            doc.forEachChild(user) { member in
                if let text = doc.string(doc.value(member)), InspectionValues.isImageLink(text) { own.insert(doc.key(member)) }
            }
        }
        var lists: [String: (users: Int, items: Int, images: Int, fields: [String: Int])] = [:]
        collections.documents(users) { user, _ in
            guard doc.isObject(user) else { return }
            doc.forEachChild(user) { member in
                let name = doc.key(member), value = doc.value(member)
                // A subcollection is a child of its document in the tree: not a field.
                guard doc.isContainer(value), !collections.layout.collections.contains("\(users)/*/\(name)") else { return }
                var list = lists[name] ?? (0, 0, 0, [:])
                list.users += 1
                doc.forEachEntry(value) { item in
                    guard doc.isObject(item) else { return }
                    list.items += 1
                    var image: String?
                    doc.forEachChild(item) { m in
                        if image == nil, !own.contains(doc.key(m)),
                           InspectionValues.isPostImage(m, in: doc) || InspectionValues.isMediaList(m, schema, in: doc) { image = doc.key(m) }
                    }
                    if let image { list.images += 1; list.fields[image, default: 0] += 1 }
                }
                lists[name] = list
            }
        }
        guard let best = lists.filter({ $0.value.images > 0 && $0.value.images * 2 >= $0.value.items })
            .max(by: { $0.value.images != $1.value.images ? $0.value.images < $1.value.images : $0.key > $1.key }) else { return nil }
        let field = best.value.fields.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!.key
        return ("\(users)/*/\(best.key)",
                "\(number(best.value.images)) of the \(number(best.value.items)) maps in \(number(best.value.users)) users' \"\(best.key)\" lists hold an image's URL in \"\(field)\"")
    }

    /// Whether most documents of `pattern` hold a post's image (a URL under a name that
    /// is not a profile photo's): posts, which are never the users however many carry
    /// a username (the React tutorials' `posts/<id>: {username, profileImg, image}`). A URL
    /// under one of `avatars` (`photoUrl`: fluttergram's users) is a profile photo.
    static func holdsPostImages(_ pattern: String, in doc: JSONDocument, avatars: Set<String> = []) -> Bool {
        var records = 0, images = 0
        Schema.forEachMatch(FirestoreCollections.parts(pattern) + [nil], in: doc) { record, _ in
            guard doc.isObject(record) else { return }
            records += 1
            var image = false
            doc.forEachChild(record) { member in if !avatars.contains(doc.key(member)), InspectionValues.isPostImage(member, in: doc) { image = true } }
            if image { images += 1 }
        }
        return records > 0 && images * 2 >= records
    }

    // MARK: Kept in each user

    /// `users/*/posts` (or another user-posts spelling) when most users' lists there hold
    /// records, not `true`, and the export has no posts node of its own.
    static func inUsers(_ schema: Schema, _ doc: JSONDocument) -> String? {
        guard schema.dialect == .makestagram, schema.mapping.nodes[.posts] == nil, let users = schema.place(.users), users.isRoot,
              doc.isObject(doc.root), doc.member(doc.root, users.root) != nil else { return nil }
        if let posts = schema.place(.posts), doc.member(doc.root, posts.root) != nil { return nil }
        for name in userPostsNames {
            var lists = 0, records = 0
            Schema.forEachMatch([users.root, nil, Schema.Name(name)], in: doc) { list, _ in
                guard doc.isContainer(list) else { return }
                lists += 1
                if InspectionValues.holdsObjects(list, in: doc) { records += 1 }
            }
            if lists > 0 { return records * 2 > lists ? "\(users.root.text)/*/\(name)" : nil }
        }
        return nil
    }

    static let userPostsNames = ["posts", "user_posts", "userPosts"]

    /// A user's list of their posts' keys (`users/*/posts: {<key>: true}`), as `user_posts`.
    /// A list whose entries are objects is the posts themselves (`inUsers`), not the index.
    static func index(_ c: InspectionContext) -> NodeGuess? {
        c.listInUsers(.userPosts, userPostsNames, unlessRecords: true)
    }

    // MARK: Fields

    /// A flat post's owner: the field most posts hold a user's id in (or a map holding
    /// one), or, with no users, the username or id the posts imply.
    static func owner(_ c: InspectionContext) -> FieldGuess? {
        guard c.schema.flatPosts else { return nil }
        if let guess = c.fieldGuess(.postOwner, in: .posts, what: c.usersRoot() == nil ? "the username or id of a post's owner" : "a user's uid", { c.isUserID($0) }) {
            return guess
        }
        // No member holds the id: a copy of the poster's record in the post names them.
        guard c.usersRoot() != nil, ownerField(c.schema, c.doc).map({ $0.contains("/") }) ?? true else { return nil }
        return c.idInMapGuess(.postOwner, in: .posts, what: "a copy of a user's record holding their id")
    }

    /// The field most flat posts hold a user's id in (a key of the users' root, or an object
    /// holding one under a `uid` spelling), not the post's own key, where at least half do: the owner, before the fields are counted
    /// (`owner` guesses it for the block). Where none does, the path of the map member of
    /// any name most posts hold a user's id in (`userPoster/idUser`: `idKeyInMap`).
    static func ownerField(_ schema: Schema, _ doc: JSONDocument) -> String? {
        guard let users = schema.place(.users), users.isRoot, let root = doc.member(doc.root, users.root), doc.isObject(root) else { return nil }
        var uids = Set<String>()
        doc.forEachEntry(root) { uids.insert(doc.key($0)) }
        var posts = 0
        var hits: [String: Int] = [:]
        InspectionContext.forEachRecord(.posts, schema, doc) { post in
            posts += 1
            doc.forEachChild(post) { member in
                // A uid, or an object holding one (friendlypix-web's `author: {uid, full_name}`).
                let value = doc.value(member)
                let text = doc.isObject(value) ? doc.member(value, schema.names(.uid)).flatMap { doc.string(doc.value($0)) } : doc.string(value)
                if let text, text != doc.key(post), uids.contains(text) { hits[doc.key(member), default: 0] += 1 }
            }
        }
        if let best = hits.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= posts { return best.key }
        var inMaps: [String: Int] = [:]
        InspectionContext.forEachRecord(.posts, schema, doc) { post in
            doc.forEachChild(post) { member in
                if let key = InspectionContext.idKeyInMap(member, uids: uids, in: doc) { inMaps["\(doc.key(member))/\(key)", default: 0] += 1 }
            }
        }
        guard let best = inMaps.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), best.value * 2 >= posts else { return nil }
        return best.key
    }

    /// A post's image: an http(s) URL (in Firestore, an image's URL or path, not a profile
    /// photo's). A URL under a name that says the owner's or a profile photo
    /// (`ownerImageURL`, `profileImg`, `userAvatar`: `InspectionValues.isPostImageName`) is
    /// never the post's image while another field of the posts holds one (`postImageUrl`).
    static func image(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        let firestore = c.export.firestore != nil
        let what = firestore ? "an image's URL" : "an http(s) URL"
        func isImage(_ member: Int32) -> Bool {
            if firestore { return InspectionValues.isPostImage(member, in: doc) }
            return doc.string(doc.value(member)).map { SafeURL.isHTTP($0) } ?? false
        }
        if let named = c.fieldGuess(.imageURL, in: .posts, what: what, { isImage($0) && InspectionValues.isPostImageName(doc.key($0)) }) {
            return named
        }
        if let named = c.fieldGuess(.imageURL, in: .posts, what: what, isImage) { return named }
        // The URL in a map of the post (`pic: {src, tags}`), under names that are no
        // profile photo's either: the path to it (`pic/src`).
        return c.inMapGuess(.imageURL, in: .posts, what: what) { map, member in
            InspectionValues.isPostImageName(doc.key(map)) && isImage(member)
        }
    }

    /// A caption: text under a name that says so (FriendlyPix's `text`, `description`,
    /// `body`), not a URL, nor a name some other field is read under (`alt_text`).
    static func caption(_ c: InspectionContext) -> FieldGuess? {
        let doc = c.doc
        let known = Set(Schema.Field.allCases.filter { $0 != .caption && InspectionContext.records(of: $0, c.dialect) == .posts }
            .flatMap { c.schema.names($0).map(\.text) })
        return c.fieldGuess(.caption, in: .posts, what: "text") { member in
            guard RoleWords.holds(RoleWords.FieldWords.caption, doc.key(member)), !known.contains(doc.key(member)) else { return false }
            return doc.string(doc.value(member)).map { !SafeURL.isHTTP($0) } ?? false
        }
    }

    private static func number(_ n: Int) -> String { ExportInspection.number(n) }
}

/// The users and the posts of a Realtime Database export where no root has their names as
/// the tutorials spell them:
/// - a root named `users` or `posts` in another case (`Users`, `Posts`: KODDev's Android
///   course, Zoogram);
/// - with no posts root still, a flat root whose records hold a user's id and an image's
///   URL (CodingWithMitch's `photos/<pushId>: {user_id, image_path}`). A root grouped by
///   user (`user_photos/<uid>/<key>`, a copy of each post) is never taken: only a flat one.
/// The reader takes a user-posts root of records for the posts when no root is named
/// `posts` (`Schema.locate`); where such a root or a flat one holds posts too, that root
/// is the posts and the user-posts root holds copies of them (glasspinnA's `user-posts`
/// beside its posts, under their own keys).
enum UsersPostsDetector {
    static func guesses(_ e: RealtimeEvidence) -> [RoleGuess] {
        var guesses: [RoleGuess] = []
        var named = Set<String>()
        for node in [Schema.Node.users, .posts] where isMissing(node, e) {
            var match: (name: String, records: Int)?
            e.freeRoots { name, root in
                guard match == nil, !named.contains(name), name.lowercased() == node.rawValue else { return }
                var records = 0
                e.doc.forEachEntry(root) { if e.doc.isContainer($0) { records += 1 } }
                match = (name, records)
            }
            if let match {
                named.insert(match.name)
                guesses.append(RoleGuess(node: node, place: match.name,
                                         why: "named \(node.rawValue) in another case, \(RealtimeEvidence.number(match.records)) records"))
            }
        }
        if isMissing(.posts, e) && !guesses.contains(where: { $0.node == .posts }), let flat = flatPosts(e, users: guesses.first?.place) {
            guesses.append(flat)
        }
        return guesses
    }

    /// Whether no root holds `node`, or only a user-posts root the reader took for the posts.
    private static func isMissing(_ node: Schema.Node, _ e: RealtimeEvidence) -> Bool {
        guard e.isPresent(node) else { return true }
        guard node == .posts, e.schema.mapping.nodes[.posts] == nil, let place = e.schema.place(.posts) else { return false }
        return Schema.Node.userPosts.variants(e.schema.dialect).contains(place.root.text)
    }

    /// The flat root most of whose records hold a user's id (a key of the users' root) and
    /// an http(s) URL, and no second user's (a message with a photo names two): the most
    /// such records.
    private static func flatPosts(_ e: RealtimeEvidence, users named: String?) -> RoleGuess? {
        let doc = e.doc
        var uids = e.uids
        if let named, let root = doc.member(doc.root, Schema.Name(named)) { doc.forEachEntry(root) { uids.insert(doc.key($0)) } }
        guard !uids.isEmpty else { return nil }
        var best: (name: String, hits: Int, records: Int, owner: String, image: String)?
        e.freeRoots { name, root in
            guard name != named else { return }
            var records = 0, hits = 0
            var owners: [String: Int] = [:], images: [String: Int] = [:]
            doc.forEachEntry(root) { record in
                guard doc.isObject(record) else { return }
                records += 1
                var owner: String?, image: String?
                doc.forEachChild(record) { member in
                    guard let text = doc.string(doc.value(member)) else { return }
                    if owner == nil, uids.contains(text), text != doc.key(record) { owner = doc.key(member) }
                    if image == nil, SafeURL.isHTTP(text) { image = doc.key(member) }
                }
                if let owner, let image, !InspectionValues.namesTwoUsers(record, uids: uids, in: doc) {
                    hits += 1
                    owners[owner, default: 0] += 1
                    images[image, default: 0] += 1
                }
            }
            guard hits > 0, hits * 2 > records, best == nil || hits > best!.hits else { return }
            let top = { (d: [String: Int]) in d.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!.key }
            best = (name, hits, records, top(owners), top(images))
        }
        guard let best else { return nil }
        return RoleGuess(node: .posts, place: best.name,
                         why: "\(RealtimeEvidence.number(best.hits)) of its \(RealtimeEvidence.number(best.records)) records hold a user's id (\(best.owner)) and an image's URL (\(best.image))")
    }
}

/// The users and the posts of a Realtime Database export where no root has their names as
/// the tutorials spell them:
/// - a root named `users` or `posts` in another case (`Users`, `Posts`: KODDev's Android
///   course, Zoogram); the users in another language too (`usuarios`, `kullanicilar`:
///   `RoleWords.names`), the posts then by their shape (`postsByOwner`);
/// - with no posts root still, a flat root whose records hold a user's id and an image's
///   URL (CodingWithMitch's `photos/<pushId>: {user_id, image_path}`);
/// - with no flat one either, posts kept by owner under any name (`postings/<uid>/<key>`,
///   `postagens/<uid>/<id>`: `postsByOwner`). A root grouped by user beside flat posts
///   (`user_photos/<uid>/<key>`, a copy of each post) is never taken.
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
                guard match == nil, !named.contains(name), name.lowercased() == node.rawValue || RoleWords.names(node == .users ? .users : .posts, name) else { return }
                var records = 0
                e.doc.forEachEntry(root) { if e.doc.isContainer($0) { records += 1 } }
                match = (name, records)
            }
            if let match {
                named.insert(match.name)
                let how = match.name.lowercased() == node.rawValue ? "in another case" : "in another language"
                guesses.append(RoleGuess(node: node, place: match.name,
                                         why: "named \(node.rawValue) \(how), \(RealtimeEvidence.number(match.records)) records"))
            }
        }
        if isMissing(.posts, e) && !guesses.contains(where: { $0.node == .posts }) {
            let users = guesses.first { $0.node == .users }?.place
            if let flat = flatPosts(e, users: users) ?? postsByOwner(e, users: users) { guesses.append(flat) }
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
                    if SafeURL.isHTTP(text), InspectionValues.betterPostImage(doc.key(member), than: image) { image = doc.key(member) }
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

    /// Posts kept by owner under a name no spelling has: a root most of whose keys are
    /// users' ids, whose lists hold records most of which hold an http(s) URL (the image)
    /// and are keyed by no user (a list keyed by users is edges:
    /// `seguidores/<followed>/<follower>: {nome, caminhoFoto}`). A root whose name says a
    /// feed or a timeline holds copies of posts, never the posts (`feed/<reader>/<post>`);
    /// nor does one whose name says followers, following, likes or comments. Of several,
    /// the one whose name says posts (`RoleWords`), else the one with the most records.
    private static func postsByOwner(_ e: RealtimeEvidence, users named: String?) -> RoleGuess? {
        let doc = e.doc
        var uids = e.uids
        if let named, let root = doc.member(doc.root, Schema.Name(named)) { doc.forEachEntry(root) { uids.insert(doc.key($0)) } }
        guard !uids.isEmpty else { return nil }
        let others: [RoleWords.Role] = [.feed, .followers, .following, .likes, .comments, .users]
        var best: (name: String, hits: Int, records: Int, owners: Int, image: String, named: Bool)?
        e.freeRoots { name, root in
            guard name != named, !others.contains(where: { RoleWords.says($0, name) }) else { return }
            var keys = 0, owners = 0, records = 0, hits = 0
            var images: [String: Int] = [:]
            doc.forEachEntry(root) { list in
                keys += 1
                guard uids.contains(doc.key(list)), doc.isObject(list) else { return }
                owners += 1
                doc.forEachEntry(list) { record in
                    guard doc.isObject(record) else { return }
                    records += 1
                    guard !uids.contains(doc.key(record)) else { return }
                    var image: String?
                    doc.forEachChild(record) { member in
                        if let text = doc.string(doc.value(member)), SafeURL.isHTTP(text),
                           InspectionValues.betterPostImage(doc.key(member), than: image) { image = doc.key(member) }
                    }
                    if let image {
                        hits += 1
                        images[image, default: 0] += 1
                    }
                }
            }
            guard owners * 2 > keys, hits > 0, hits * 2 > records else { return }
            let says = RoleWords.says(.posts, name)
            if let b = best, (b.named ? 1 : 0, b.hits) >= (says ? 1 : 0, hits) { return }
            let image = images.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!.key
            best = (name, hits, records, owners, image, says)
        }
        guard let best else { return nil }
        return RoleGuess(node: .posts, place: best.name,
                         why: "kept by owner: \(RealtimeEvidence.number(best.owners)) users' lists, \(RealtimeEvidence.number(best.hits)) of their \(RealtimeEvidence.number(best.records)) records hold an image's URL (\(best.image))")
    }
}

/// The owner of posts where no node holds users and no post names its owner under a name
/// sitegen reads as an id or a username (docs/export-format.md, "Users implied by posts"):
/// a text field whose name says it is a person's (`userName`, `author`, `ownerName`,
/// `displayName`, `postedBy`), held by at least half the posts, not a URL nor a path to a
/// file (an avatar's), not a caption. giovanniPepi's `postDB/<id>: {userName: "Ana A.",
/// userImg, img, like: [{authorUserName}]}` keeps its people as their Google display
/// names, spaces and all. Of several such fields, the one most posts hold, then the one
/// whose values repeat most (a person posts more than once; a caption does not repeat).
enum PostOwnerNameDetector {
    /// Words of a field's name that say it holds a person.
    static let personWords = ["user", "author", "owner", "name", "poster", "by"]

    /// The field and the owners it names (each distinct value a person).
    static func detect(_ doc: JSONDocument, posts: (_ body: (Int32) -> Void) -> Void) -> (field: String, owners: Set<String>)? {
        var held: [String: [String]] = [:]
        var total = 0
        posts { post in
            total += 1
            doc.forEachChild(post) { member in
                let name = doc.key(member)
                guard personWords.contains(where: name.lowercased().contains), !name.lowercased().hasSuffix("id"),
                      let text = doc.string(doc.value(member)), !text.isEmpty, !isLink(text) else { return }
                held[name, default: []].append(text)
            }
        }
        let candidates = held.filter { $0.value.count * 2 >= total }
        let best = candidates.max { a, b in
            if a.value.count != b.value.count { return a.value.count < b.value.count }
            let (da, db) = (Set(a.value).count, Set(b.value).count)
            return da != db ? da > db : a.key > b.key
        }
        return best.map { ($0.key, Set($0.value)) }
    }

    /// An http(s) URL or a path to a file (`/static/media/blank.png`): a photo, not a person.
    private static func isLink(_ text: String) -> Bool {
        SafeURL.isHTTP(text) || (text.hasPrefix("/") && !text.contains(" "))
    }
}

extension PostOwnerNameDetector {
    /// With users implied by posts whose owner is an id (`uid`), and no post holding a
    /// username under a name sitegen reads: the poster's name the posts carry, in the post
    /// or in a map of it (Evan Bacon's Expo clone: `user: {deviceId, deviceName}`, whose
    /// feed shows `deviceName` as the poster's name), printed as the field's path
    /// (`username = "user/deviceName"`). It is text, not a link nor a user's id, under a
    /// name that says a name (`deviceName`, `displayName`) in a map named for a person or a
    /// name of its own that says a person (`authorName`); held by at least half the posts;
    /// most of each owner's posts hold their owner's most frequent value (a rename leaves a
    /// few older posts on the old one: `poster_mismatch`), and no two owners share theirs.
    static func posterName(_ c: InspectionContext, owner: String?) -> FieldGuess? {
        let doc = c.doc, schema = c.schema
        guard c.usersRoot() == nil, schema.flatPosts, !c.uids.isEmpty else { return nil }
        let ownerNames = owner.map { [Schema.Name($0)] } ?? schema.names(.postOwner)
        let usernames = schema.names(.username)
        var posts = 0
        var byField: [String: [String: [String: Int]]] = [:]  // field path → owner → value → posts
        var readable = false
        InspectionContext.forEachRecord(.posts, schema, doc) { post in
            posts += 1
            guard !readable, let field = doc.member(post, ownerNames) else { return }
            if doc.member(post, usernames) != nil { readable = true }
            guard let id = doc.string(doc.value(field)), c.uids.contains(id) else { return }
            let ownerKey = doc.key(field)
            func consider(_ path: String, _ member: Int32) {
                guard let text = doc.string(doc.value(member)), !text.isEmpty, !isLink(text), !c.uids.contains(text) else { return }
                byField[path, default: [:]][id, default: [:]][text, default: 0] += 1
            }
            doc.forEachChild(post) { member in
                let key = doc.key(member), lower = key.lowercased()
                guard key != ownerKey, !lower.hasSuffix("id") else { return }
                let value = doc.value(member)
                if doc.isObject(value) {
                    let mapSaysPerson = personWords.contains(where: lower.contains)
                    doc.forEachChild(value) { inner in
                        let innerLower = doc.key(inner).lowercased()
                        guard innerLower.contains("name"), mapSaysPerson || personWords.contains(where: { $0 != "name" && innerLower.contains($0) }) else { return }
                        consider("\(key)/\(doc.key(inner))", inner)
                    }
                } else if personWords.contains(where: { $0 != "name" && lower.contains($0) }), lower.contains("name") {
                    consider(key, member)
                }
            }
        }
        guard !readable, posts > 0 else { return nil }
        var best: (path: String, held: Int, agreeing: Int)?
        for (path, owners) in byField {
            let held = owners.values.reduce(0) { $0 + $1.values.reduce(0, +) }
            let modal = owners.values.map { values in values.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }! }
            let agreeing = modal.reduce(0) { $0 + $1.value }
            guard held * 2 >= posts, agreeing * 2 > held, Set(modal.map(\.key)).count == modal.count else { continue }
            if best == nil || held > best!.held || (held == best!.held && path < best!.path) { best = (path, held, agreeing) }
        }
        guard let best else { return nil }
        let n = ExportInspection.number
        return (.username, best.path, "\(n(best.held)) of \(n(posts)) posts hold the poster's name there; on \(n(best.agreeing)) it is their owner's most frequent")
    }
}

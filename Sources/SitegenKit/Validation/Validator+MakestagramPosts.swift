// MARK: - Makestagram: posts, likes, counters

extension Validator {
    /// Indexes `posts/<uid>/<key>`: a group whose uid is not a user is one `post_orphan`
    /// (its posts are kept and still exist for likes, but nothing inside is checked).
    func indexPostsByOwner() {
        guard let posts = export.posts else { return }
        keyedChildren(posts) { group, uid in
            let owner = index.userTable.lookup(uid)
            if owner == nil {
                report(.postOrphan, "\(node(.posts))/\(uid)", found: nil)
            } else if !doc.isContainer(group) {
                report(.postInvalid, "\(node(.posts))/\(uid)", found: found(group))
                return
            }
            guard doc.isContainer(group) else { return }
            keyedChildren(group) { post, key in
                let i = Int32(index.posts.count)
                index.posts.append(PostEntry(key: key, node: post, owner: owner ?? -1, isObject: doc.isObject(post)))
                if let first = index.postTable.insert(key, value: i) { index.laterWithKey[first, default: []].append(i) }
                if let owner { index.postsOf[Int(owner)].append(i) }
            }
        }
    }

    /// `postLikes/<key>/<uid>`: likes of a post that does not exist, or by a uid that is
    /// not a user, dangle; the rest are counted.
    func checkPostLikes() {
        likeCount = Array(repeating: 0, count: index.posts.count)
        guard let likes = export.postLikes else { return }
        keyedChildren(likes) { list, key in
            guard let post = index.postTable.lookup(key) else {
                remove(.likeDangling, "\(node(.postLikes))/\(key)", node: list)
                return
            }
            guard doc.isContainer(list) else { return }
            let isArray = doc.isArray(list)
            var position = 0
            doc.forEachChild(list) { like in
                defer { position += 1 }
                if isArray && doc.isNull(like) { return }
                if (isArray ? index.userTable.lookup(String(position)) : userIndex(key: like)) != nil {
                    likeCount[Int(post)] += 1
                } else {
                    remove(.likeDangling, "\(node(.postLikes))/\(key)/\(isArray ? String(position) : doc.key(like))", node: like)
                }
            }
        }
    }

    /// Every post of a user: usable fields, its like counter and its `poster` copy.
    func checkMakestagramPosts() {
        let (imageNames, createdNames) = (schema.names(.imageURL), schema.names(.createdAt))
        let likeCounter = Counter(self, .likeCount)
        for (i, post) in index.posts.enumerated() where post.owner >= 0 {
            let owner = index.users[Int(post.owner)]
            let posts = node(.posts)
            let path = { "\(posts)/\(owner.uid)/\(post.key)" }
            guard post.isObject else {
                report(.postInvalid, path(), found: found(post.node))
                continue
            }
            let image = doc.member(post.node, imageNames)
            if image == nil || !doc.isString(image!) {
                report(.postInvalid, "\(path())/\(image.map(doc.key) ?? field(.imageURL))", found: found(image))
            }
            let created = doc.member(post.node, createdNames)
            if created == nil || !doc.isNumber(created!) {
                report(.postInvalid, "\(path())/\(created.map(doc.key) ?? field(.createdAt))", found: found(created))
            }
            checkCounter(likeCounter, in: post.node, path: path, expected: likeCount[i], mismatch: .likeCountMismatch)
            checkPoster(of: post.node, path: path, owner: owner)
        }
    }

    func checkUserCounters() {
        let (posts, followers, following) = (Counter(self, .postCount), Counter(self, .followerCount), Counter(self, .followingCount))
        for (i, user) in index.users.enumerated() {
            let users = node(.users)
            let path = { "\(users)/\(user.uid)" }
            checkCounter(posts, in: user.node, path: path, expected: index.postsOf[i].count, mismatch: .postCountMismatch)
            checkCounter(followers, in: user.node, path: path, expected: graph.followers.count(i), mismatch: .followerCountMismatch)
            checkCounter(following, in: user.node, path: path, expected: graph.following.count(i), mismatch: .followingCountMismatch)
        }
    }

    /// One finding per counter and spelling: missing, else invalid, else mismatch. The
    /// counters follow the app: one that no record carries (in any spelling) is not the
    /// app's and is not checked; an absent one is added in the spelling the export uses
    /// most; a record that carries two spellings (`like_count`, `likes_count`) has each
    /// checked.
    private func checkCounter(_ counter: Counter, in record: Int32, path: () -> String,
                              expected: Int, mismatch: FindingCode) {
        guard counter.isCarried else { return }
        let nodes = doc.members(record, counter.names)
        if nodes.isEmpty {
            let name = counter.spelling
            set(.counterMissing, "\(path())/\(name)", node: nil, text: String(expected), under: record, keys: [name])
            return
        }
        for node in nodes {
            guard let value = CounterValue.parse(doc.rawBytes(node)) else {
                set(.counterInvalid, "\(path())/\(doc.key(node))", node: node, text: String(expected))
                continue
            }
            if value != CounterValue.exact(expected) {
                set(mismatch, "\(path())/\(doc.key(node))", node: node, text: String(expected))
            }
        }
    }

    /// `poster` must be `{uid, username}` of the owner (only `uid` when the owner has no
    /// username). The repair writes only the fields that differ, keeping any others.
    private func checkPoster(of post: Int32, path: () -> String, owner: UserEntry) {
        let (posterNames, uidNames, nameNames) = (schema.names(.poster), schema.names(.uid), schema.names(.username))
        let posterNode = doc.member(post, posterNames)
        if let poster = posterNode, doc.isObject(poster),
           let uid = doc.member(poster, uidNames), doc.stringEquals(uid, owner.uid),
           owner.username == nil || doc.member(poster, nameNames).map({ doc.stringEquals($0, owner.username!) }) == true {
            return
        }
        let (posterKey, uidKey, nameKey) = (posterNode.map(doc.key) ?? field(.poster), field(.uid), field(.username))
        let posterPath = "\(path())/\(posterKey)"
        let uidText = JSONString.quoted(owner.uid)
        let nameText = owner.username.map(JSONString.quoted)
        guard let poster = posterNode, doc.isObject(poster) else {
            var text = "{\(JSONString.quoted(uidKey)):\(uidText)"
            if let nameText { text += ",\(JSONString.quoted(nameKey)):\(nameText)" }
            text += "}"
            set(.posterMismatch, posterPath, node: posterNode, text: text, under: post, keys: [posterKey])
            return
        }
        let uidNode = doc.member(poster, uidNames)
        let nameNode = doc.member(poster, nameNames)
        let uidOK = uidNode.flatMap(doc.string) == owner.uid
        let nameOK = owner.username == nil || nameNode.flatMap(doc.string) == owner.username
        if uidOK && nameOK { return }

        let (uidField, nameField) = (uidNode.map(doc.key) ?? uidKey, nameNode.map(doc.key) ?? nameKey)
        var corrections = [uidField: uidText]
        if let nameText { corrections[nameField] = nameText }
        report(.posterMismatch, posterPath, found: found(poster),
               expected: objectText(poster, setting: corrections, order: [uidField, nameField]), repair: .set)

        if !uidOK {
            if let uidNode { record(.set(node: uidNode, path: "\(posterPath)/\(uidField)", text: uidText)) }
            else { record(.add(under: poster, keys: [uidField], path: "\(posterPath)/\(uidField)", text: uidText)) }
        }
        if !nameOK, let nameText {
            if let nameNode { record(.set(node: nameNode, path: "\(posterPath)/\(nameField)", text: nameText)) }
            else { record(.add(under: poster, keys: [nameField], path: "\(posterPath)/\(nameField)", text: nameText)) }
        }
    }
}

/// A counter field as this export has it, looked up once per check.
struct Counter {
    let names: [Schema.Name]
    /// The spelling an absent counter is reported and added in.
    let spelling: String
    /// Whether the app keeps this counter at all.
    let isCarried: Bool

    init(_ validator: Validator, _ field: Schema.Field) {
        names = validator.schema.names(field)
        spelling = validator.field(field)
        isCarried = validator.schema.isCarried(field)
    }
}

/// A counter's stored value, when it is a non-negative integral JSON number.
enum CounterValue: Equatable {
    case exact(Int)
    /// Integral but beyond `Int` (e.g. 12345678901234567890): never a true count.
    case huge

    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> CounterValue? {
        guard let first = raw.first, first == UInt8(ascii: "-") || (first >= 48 && first <= 57) else { return nil }
        if raw.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            var v = 0
            for c in raw {
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int(c - 48))
                if o1 || o2 { return .huge }
                v = s
            }
            return .exact(v)
        }
        guard let d = Double(String(decoding: raw, as: UTF8.self)), d.isFinite, d >= 0, d.rounded() == d else { return nil }
        return d < 9.2e18 ? .exact(Int(d)) : .huge
    }
}

// MARK: - Users implied by posts (docs/export-format.md, "Users implied by posts")

extension Validator {
    /// An app with no node of users (the React web tutorials': `posts/<id>: {username,
    /// profileImg, image, caption, timestamp}` and nothing else): each distinct owner of a
    /// flat post, as its `post_owner` holds it (a username or an id), is a user, whose
    /// record is their newest post (its name and avatar, `profileImg`, are the person's
    /// latest). Posts are visited in the export's order; a tie in time goes to the later.
    func indexUsersFromPosts() {
        guard let posts = export.posts else { return }
        let ownerNames = schema.names(.postOwner), createdNames = schema.names(.createdAt)
        var newest: [Double] = []
        keyedChildren(posts) { post, _ in
            guard doc.isObject(post), let field = doc.member(post, ownerNames), let uid = ownerUID(field), !uid.isEmpty else { return }
            // The person is the owner's value as the app writes it (`Ana A.`), looked up as
            // every value is: by its key where ids are encoded (`ExportIndexBuilder.user(uid:)`).
            let time = doc.member(post, createdNames).flatMap { CreationTime.milliseconds(doc, doc.value($0)) } ?? -.infinity
            if let u = index.user(uid: uid) {
                guard time >= newest[Int(u)] else { return }
                newest[Int(u)] = time
                let old = index.users[Int(u)]
                index.users[Int(u)] = UserEntry(uid: old.uid, recordKey: nil, node: post, username: nil, usernameNode: nil)
                return
            }
            index.userTable.insert(index.encodedIDs ? FirestoreNames.key(uid) : uid, value: Int32(index.users.count))
            index.users.append(UserEntry(uid: uid, node: post, username: nil, usernameNode: nil))
            newest.append(time)
        }
        index.postsOf = Array(repeating: [], count: index.users.count)
    }

    /// Whether the owner of a post is read from its username field (`post_owner =
    /// "username"`): the person is their username, and no copy of it can drift.
    var ownerIsUsername: Bool {
        let owners = Set(schema.names(.postOwner).map(\.text))
        return schema.names(.username).contains { owners.contains($0.text) }
    }

    /// A post's copy of its owner's username (the username field in the post, the owner
    /// named by id) that is not the owner's username (a rename the app did not carry to
    /// the older posts): `poster_mismatch` at that field, set to the owner's. The owner's
    /// username is their user record's, or, with users implied by posts, the one on their
    /// newest post. Where users are a node, the posts' field is read as such a copy only
    /// when at least half of the posts that hold it agree with their owner's record.
    func checkUsernameCopies() {
        guard !ownerIsUsername else { return }
        let names = schema.names(.username)
        var copies = 0
        var stale: [StaleCopy] = []
        for post in index.posts where post.owner >= 0 && post.isObject {
            let owner = index.users[Int(post.owner)]
            guard owner.node != post.node, let current = owner.username,
                  let (name, copy) = names.lazy.compactMap({ name in self.doc.member(post.node, name).map { (name, $0) } }).first
            else { continue }
            copies += 1
            // A path (`user/deviceName`, a name kept in a map of the post) is said whole.
            if doc.string(doc.value(copy)) != current { stale.append(("\(postPath(post))/\(name.text)", copy, current)) }
        }
        reportStaleCopies(stale, of: copies, trusted: export.usersFromPosts)
    }

    /// A copy of an owner's name in a post that is not the owner's own: its path, its node,
    /// and the owner's name it is set to.
    typealias StaleCopy = (path: String, copy: Int32, current: String)

    /// Reports each stale copy as `poster_mismatch`, set to the owner's name, where the
    /// field is read as such a copy: always where the post is the owner's record
    /// (`trusted`: users implied by posts), else only when at least half of the `copies`
    /// agree with their owner (otherwise the field is something else that shares a name).
    private func reportStaleCopies(_ stale: [StaleCopy], of copies: Int, trusted: Bool) {
        if !trusted && stale.count * 2 > copies { return }
        for (path, copy, current) in stale { set(.posterMismatch, path, node: copy, text: JSONString.quoted(current)) }
    }

    /// Where a post names its owner inside a map (`post_owner = "user/id"`: a copy of the
    /// owner's whole record, noinstagram's `Posts/<id>/user: {id, displayName, email, …}`),
    /// the copy's name (the member the owner's record holds its username or name under,
    /// `displayName`) is the poster's name as the post shows it: one that differs from the
    /// owner's record (a rename the app did not carry to the older posts) is
    /// `poster_mismatch` at that member (`Posts/<id>/user/displayName`), set to the
    /// record's. As for a username copied into posts, the copies are read so only when at
    /// least half agree with their owner's record. The copy's other members (its follow
    /// lists, its email) are never read.
    func checkOwnerRecordCopies() {
        guard !export.usersFromPosts, let owner = schema.names(.postOwner).first, let parts = owner.parts, parts.count >= 2 else { return }
        let map = Schema.Name(parts.dropLast().map(\.text).joined(separator: "/"))
        let nameFields = [schema.names(.username), schema.names(.name)]
        var copies = 0
        var stale: [StaleCopy] = []
        for post in index.posts where post.owner >= 0 && post.isObject {
            let user = index.users[Int(post.owner)]
            guard let copy = doc.member(post.node, map), doc.isObject(copy) else { continue }
            let records = [user.node, user.details].filter { $0 >= 0 && doc.isObject($0) && $0 != post.node }
            for names in nameFields {
                guard let own = records.lazy.compactMap({ self.doc.member($0, names) }).first,
                      let current = doc.string(doc.value(own)), let copied = doc.member(copy, Schema.Name(doc.key(own))) else { continue }
                copies += 1
                if doc.string(doc.value(copied)) != current {
                    stale.append(("\(postPath(post))/\(map.text)/\(doc.key(own))", copied, current))
                }
                break
            }
        }
        reportStaleCopies(stale, of: copies, trusted: false)
    }

    /// A record of posts, flat or in a user's group, that holds nothing but the lists the
    /// app keeps in each post (its `likes`, its `comments`): what a deleted post leaves
    /// where its lists were not deleted with it (a Firestore document deleted without its
    /// subcollections, a like written after the deletion: `Posts/<uid>/<key>: {likers}`).
    /// It is no post; each list is `like_dangling` or `comment_dangling`, removed whole.
    /// `postsName`: the path of the record's parent. Returns whether `record` was such leftovers.
    func removeListsOfADeletedPost(_ record: Int32, key: String, postsName: @autoclosure () -> String) -> Bool {
        var lists: [(name: Schema.Name, code: FindingCode)] = []
        for (node, code) in [(Schema.Node.postLikes, FindingCode.likeDangling), (.comments, .commentDangling)] {
            if let place = schema.place(node), let records = schema.postRecords, place.isMember(of: records) { lists.append((place.last, code)) }
        }
        guard !lists.isEmpty, doc.isObject(record) else { return false }
        var found: [(node: Int32, code: FindingCode)] = []
        var other = false
        doc.forEachEntry(record) { member in
            if let list = lists.first(where: { doc.keyEquals(member, $0.name) }), doc.isContainer(member) {
                found.append((member, list.code))
            } else {
                other = true
            }
        }
        guard !other, !found.isEmpty else { return false }
        let parent = postsName()
        for (list, code) in found { remove(code, "\(parent)/\(key)/\(doc.key(list))", node: list) }
        return true
    }
}

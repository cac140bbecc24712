// MARK: - Makestagram: posts, likes, comments, counters

extension Validator {
    /// Indexes the posts, by owner (`posts/<uid>/<key>`) or flat (`posts/<key>` with a
    /// `post_owner`), as the schema found them.
    func indexMakestagramPosts() {
        if schema.flatPosts { indexFlatPosts() } else { indexPostsByOwner() }
    }

    /// Indexes the posts by owner, `posts/<uid>/<key>` or kept in each user at any depth
    /// (`users/*/posts`, `posts/*/userPosts`: the owner is the last `*`): a group whose uid
    /// is not a user is one `post_orphan` (its posts are kept and still exist for likes,
    /// but nothing inside is checked). A `null` where a user's list is kept (a Firestore
    /// field the app sets to null until the first post) is no posts. A record of a user's
    /// group holding nothing but the lists the app keeps in each post is no post
    /// (`removeListsOfADeletedPost`).
    func indexPostsByOwner() {
        // sitegen.toml refuses a node below the root with no `*` (its records' level).
        guard let place = schema.place(.posts), let star = place.lists.firstIndex(where: { $0 == nil }) else { return }
        let lists = place.lists
        let oneStar = place.stars <= 1
        if oneStar {
            index.groupPath = (lists[..<star].map { $0!.text + "/" }.joined(), lists[(star + 1)...].map { "/" + $0!.text }.joined())
        }
        // Kept in the users' own records (`users/<key>/posts`): the record that holds them is
        // the owner, whatever `user_id` reads (a username, the sign-in uid).
        let inUserRecords = star == 1 && export.users != nil && place.root == schema.name(.users)
        let idNames = postIDMember(at: lists)
        forEachList(at: place) { x, group, groupPath in
            let uid = text(x)
            let owner = (inUserRecords ? index.userByKey[uid] : nil) ?? index.userTable.lookup(uid)
            if owner == nil {
                report(.postOrphan, groupPath(), found: nil)
            } else if !doc.isContainer(group) {
                if !doc.isNull(group) { report(.postInvalid, groupPath(), found: found(group)) }
                return
            }
            guard doc.isContainer(group) else { return }
            let g = Int32(index.groups.count)
            index.groups.append(PostGroup(fullPath: oneStar ? nil : groupPath(), ownerKey: uid))
            let ids = doc.isArray(group) ? idNames : nil
            keyedChildren(group) { post, key in
                // What a like or a comment written after the post's deletion leaves (`{likers}`).
                if owner != nil, doc.isObject(post), doc.childCount(post) <= 2,
                   removeListsOfADeletedPost(post, key: key, postsName: groupPath()) { return }
                // An item of an array known by the id it holds: that id is its key (pages,
                // joins), its index where it is (findings, repairs).
                if let ids, let id = doc.member(post, ids).flatMap({ doc.string(doc.value($0)) }), !id.isEmpty {
                    return addPost(key: id, position: key, node: post, owner: owner ?? -1, group: g)
                }
                addPost(key: key, node: post, owner: owner ?? -1, group: g)
            }
        }
    }

    /// The member each item of an array of posts is known by (`posts: [{id, …}]`: an app
    /// that rewrites the array moves a post, so its index is no identity): the id-named
    /// member (`Schema.postIDNames`) that most of the arrays' maps hold as text, no value
    /// twice in one array; nil where no array of posts has one.
    private func postIDMember(at lists: [Schema.Name?]) -> [Schema.Name]? {
        let names = Schema.postIDNames
        var items = 0
        var held = [Int](repeating: 0, count: names.count)
        var repeated = Set<Int>()
        Schema.forEachMatch(lists, in: doc) { group, _ in
            guard doc.isArray(group) else { return }
            var seen = [Set<String>](repeating: [], count: names.count)
            doc.forEachChild(group) { item in
                guard doc.isObject(item) else { return }
                items += 1
                for (i, name) in names.enumerated() {
                    guard let m = doc.member(item, name), let id = doc.string(doc.value(m)), !id.isEmpty else { continue }
                    held[i] += 1
                    if !seen[i].insert(id).inserted { repeated.insert(i) }
                }
            }
        }
        let best = names.indices.filter { !repeated.contains($0) && held[$0] * 2 > items }.max { held[$0] < held[$1] }
        return best.map { [names[$0]] }
    }

    /// Indexes flat `posts/<key>`, each owned by the uid in its `post_owner` (`ownerUID`): an owner that
    /// is not a user makes the post a `post_orphan` (kept, nothing inside checked), a
    /// post without one (or not an object) is `post_invalid`.
    func indexFlatPosts() {
        guard let posts = export.posts else { return }
        let ownerNames = schema.names(.postOwner)
        let postsName = node(.posts)
        index.groups = [PostGroup(fullPath: postsName, ownerKey: "")]
        keyedChildren(posts) { post, key in
            // A comment kept among the posts (`countFlatComments` reads it).
            if schema.isCommentAmongPosts(post, in: doc) { return }
            if doc.isObject(post), doc.member(post, ownerNames) == nil, removeListsOfADeletedPost(post, key: key, postsName: postsName) { return }
            var owner: Int32 = -1
            defer { addPost(key: key, node: post, owner: owner, group: 0) }
            guard doc.isObject(post) else {
                report(.postInvalid, "\(postsName)/\(key)", found: found(post))
                return
            }
            let field = doc.member(post, ownerNames)
            guard let field, let uid = ownerUID(field), !uid.isEmpty else {
                report(.postInvalid, "\(postsName)/\(key)/\(field.map(doc.key) ?? self.field(.postOwner))", found: found(field))
                return
            }
            guard let user = index.user(uid: uid) else {
                report(.postOrphan, "\(postsName)/\(key)", found: nil)
                return
            }
            owner = user
        }
    }

    /// A `post_owner` or `comment_author`: a uid, or an object holding one (`author: {uid, full_name}`).
    func ownerUID(_ field: Int32) -> String? {
        let value = doc.value(field)
        if doc.isObject(value) { return doc.member(value, schema.names(.uid)).flatMap { doc.string(doc.value($0)) } }
        return doc.string(value)
    }

    private func addPost(key: String, position: String? = nil, node: Int32, owner: Int32, group: Int32) {
        let i = Int32(index.posts.count)
        var entry = PostEntry(key: key, node: node, owner: owner, isObject: doc.isObject(node), group: group, position: position)
        // A soft-deleted post (`isActive: false`) is kept for its likes and comments (never
        // dangling, never removed) and counted in no one's posts.
        entry.deleted = schema.isDeleted(node, in: doc)
        index.posts.append(entry)
        if let first = index.postTable.insert(key, value: i) { index.laterWithKey[first, default: []].append(i) }
        if owner >= 0 && !entry.deleted { index.postsOf[Int(owner)].append(i) }
    }

    /// The path of a post: `posts/<uid>/<key>` (`users/<uid>/posts/<key>`, …), or `posts/<key>` when flat.
    func postPath(_ post: PostEntry) -> String { "\(ExportIndex.path(index.groups[Int(post.group)], index.groupPath))/\(post.pathKey)" }

    /// The likes, `postLikes/<key>/<uid>` (or a node kept in each post, `posts/<key>/likes/<uid>`):
    /// likes of a post that does not exist, or by a uid that is not a user, dangle; the
    /// rest are counted. An item of an array that is a map stands for the liker it names
    /// (`Validator+ListItems.swift`), an entry of a pushed list for the id it holds
    /// (`Validator+PushedLists.swift`); one liker's second item in a list is `like_duplicate`.
    /// With a `user_likes` node, the valid likes are also kept as (post, user) pairs for
    /// `checkUserLikes`, with each post's list.
    func checkPostLikes() {
        likeCount = Array(repeating: 0, count: index.posts.count)
        let mirrored = schema.place(.userLikes) != nil
        let usersFromPosts = export.usersFromPosts
        let names = itemNames(.postLikes)
        if schema.flatLikes {
            // (A mirror of `user_likes` is not checked: no like is added in this shape.)
            checkFlatLikes(likers: names, mirrored: mirrored)
            return
        }
        let idArray = arraysHoldIDs(at: schema.place(.postLikes))
        postLikes.idArrays = idArray
        forEachPostList(.postLikes, dangling: .likeDangling) { post, list, listPath in
            if mirrored { postLikes.lists[post] = list }
            let isArray = doc.isArray(list)
            var position = 0
            var likers = Set<String>()
            var counters: [Int32] = []
            doc.forEachEntry(list) { like in
                defer { position += 1 }
                if isNoEdge(like) { return }
                if !isArray, isLikeCounter(like) {
                    counters.append(like)
                    return
                }
                let isItem = isArray && doc.isObject(like)
                let found = entryUser(like, position: position, inArray: isArray, idArray: idArray, names: names)
                let user = found.user
                if postLikes.flag == nil { postLikes.flag = found.flag }
                if let key = found.pushKey { postLikes.pushed.saw(key) }
                // One liker twice in an array of maps or a pushed list: who it is, by the id
                // it holds (a user or, with users implied by posts, one who never posted).
                if found.isHeld, let liker = user.map({ "\u{0}\($0)" }) ?? (isItem ? itemID(like, names) : doc.string(doc.value(like))),
                   !likers.insert(liker).inserted {
                    if found.isIDElement {
                        removeIDElement(.likeDuplicate, idElementPath(listPath(), like), element: like, list: list, listPath: listPath())
                        return
                    }
                    remove(.likeDuplicate, "\(listPath())/\(isArray ? String(position) : doc.key(like))", node: like)
                    return
                }
                if let user {
                    likeCount[Int(post)] += 1
                    if mirrored { postLikes.pairs.insert(LikePair(post: post, user: user)) }
                } else if usersFromPosts {
                    // No node of users to check a liker against: one who never posted is
                    // still a person of the app (docs/audit-rules.md, "Users implied by posts").
                    likeCount[Int(post)] += 1
                } else if found.isIDElement {
                    removeIDElement(.likeDangling, idElementPath(listPath(), like), element: like, list: list, listPath: listPath())
                } else {
                    remove(.likeDangling, "\(listPath())/\(isArray ? String(position) : doc.key(like))", node: like)
                }
            }
            for counter in counters {
                let node = doc.value(counter), expected = likeCount[Int(post)]
                if CounterValue.parse(doc.rawBytes(node)) != CounterValue.exact(expected) {
                    set(.likeCountMismatch, "\(listPath())/\(doc.key(counter))", node: node, text: String(expected))
                }
            }
        }
        postLikes.exists = mirrored && hasLists(at: schema.place(.postLikes))
    }

    /// Whether the app writes posts of text: two or more posts with no image member at
    /// all (not null, not another type), no media, and a caption (Kavsoft's SwiftUI app:
    /// `imageURL` is optional); one alone is a post whose image was lost.
    private func writesPostsOfText(_ imageNames: [Schema.Name], _ captionNames: [Schema.Name]) -> Bool {
        var n = 0
        for post in index.posts where post.owner >= 0 && post.isObject && (doc.member(post.node, imageNames).map { doc.isNull(doc.value($0)) } ?? true)
            && !schema.holdsMedia(post.node, in: doc) && holdsCaption(post.node, captionNames) {
            n += 1
            if n == 2 { return true }
        }
        return false
    }

    private func holdsCaption(_ post: Int32, _ names: [Schema.Name]) -> Bool {
        guard let caption = doc.member(post, names), let text = doc.string(doc.value(caption)) else { return false }
        return text.contains { !$0.isWhitespace }
    }

    /// Whether an entry of a post's likes kept by key is the like counter kept beside the
    /// likers (`postagens-curtidas/<post>: {<uid>: {…}, qtdCurtidas: 3}`): a number under a
    /// key that is no user and that names a count of likes (a word for likes in
    /// `RoleWords`' languages, or a `like_count` spelling). It is checked against the likes
    /// counted, not taken for a liker.
    private func isLikeCounter(_ like: Int32) -> Bool {
        guard doc.hasKey(like), doc.isNumber(doc.value(like)), userIndex(key: like) == nil else { return false }
        let key = doc.key(like)
        return RoleWords.says(.likes, key) || schema.names(.likeCount).contains { $0.text == key }
    }

    /// The comments, `comments/<key>/<commentKey>` (or kept in each post): those of a post
    /// that does not exist dangle (removed whole); the others' objects are counted.
    func countComments() {
        commentCount = Array(repeating: 0, count: index.posts.count)
        guard schema.place(.comments) != nil else { return }
        if schema.flatComments { return countFlatComments() }
        index.commentLists = Array(repeating: -1, count: index.posts.count)
        forEachPostList(.comments, dangling: .commentDangling) { post, list, _ in
            index.commentLists[Int(post)] = list
            doc.forEachEntry(list) { if schema.counterCounts($0, in: doc) { commentCount[Int(post)] += 1 } }
        }
    }

    /// Likes kept flat, each a record naming its post in its `post` field and its liker
    /// (`likes/<post>_<uid>: {postUuid, userId, timestamp}`: the liker is the `liker_id`
    /// member where mapped, else the member holding a user's id). One that names no post of
    /// the export, or no user (where users are a node), is `like_dangling` at the like
    /// (`likes/<id>`, removed: on Firestore, the document deleted); a liker's second like
    /// of a post is `like_duplicate` there. A record that names no post is left alone.
    private func checkFlatLikes(likers: [Schema.Name], mirrored: Bool) {
        guard let place = schema.place(.postLikes), doc.isObject(doc.root), let root = doc.member(doc.root, place.root),
              doc.isContainer(root) else { return }
        let names = schema.names(.post), rootName = place.root.text
        let usersFromPosts = export.usersFromPosts
        var seen = Set<String>()
        keyedChildren(root) { like, key in
            guard doc.isObject(like), let field = doc.member(like, names), let named = doc.string(doc.value(field)) else { return }
            let path = "\(rootName)/\(key)"
            guard let p = index.post(key: index.encodedIDs ? FirestoreNames.key(named) : named) else {
                if knowsPosts { remove(.likeDangling, path, node: like) }
                return
            }
            let user = itemUser(like, likers).user
            guard user != nil || usersFromPosts else {
                remove(.likeDangling, path, node: like)
                return
            }
            if let liker = user.map({ "\($0)" }) ?? itemID(like, likers), !seen.insert("\(p)\u{0}\(liker)").inserted {
                remove(.likeDuplicate, path, node: like)
                return
            }
            likeCount[Int(p)] += 1
            if mirrored, let user { postLikes.pairs.insert(LikePair(post: p, user: user)) }
        }
    }

    /// Comments kept flat, each naming its post in its `post` field (`comments/<id>: {postId,
    /// userId, content}`), or listed by the post's index (`post_comments/<post>/<id>: true`,
    /// where mapped; `readCommentIndex`): joined to that post, the index's first. One that
    /// names no post of the export, or that only a deleted post's list names, is
    /// `comment_dangling` at the comment (`comments/<id>`, removed: on Firestore, the
    /// document deleted). One that names none and that no list names is left alone where
    /// the app keeps no index, and is `comment_orphan` where it keeps one (its post cannot
    /// be known: kept, not published).
    private func countFlatComments() {
        guard let place = schema.place(.comments), doc.isObject(doc.root), let root = doc.member(doc.root, place.root),
              doc.isContainer(root) else { return }
        index.commentNodes = Array(repeating: [], count: index.posts.count)
        let names = schema.names(.post)
        let rootName = place.root.text
        let listed = readCommentIndex(comments: root)
        keyedChildren(root) { comment, key in
            guard doc.isObject(comment) else { return }
            let path = "\(rootName)/\(key)"
            let counted = schema.counterCounts(comment, in: doc) ? 1 : 0
            if let p = listed?.post[key] {
                commentCount[Int(p)] += counted
                index.commentNodes[Int(p)].append(comment)
                return
            }
            guard let field = doc.member(comment, names), let named = doc.string(doc.value(field)) else {
                guard let listed else { return }
                if listed.ofDeletedPosts.contains(key) {
                    remove(.commentDangling, path, node: comment)
                } else {
                    report(.commentOrphan, path, found: found(comment))
                }
                return
            }
            guard let p = index.post(key: index.encodedIDs ? FirestoreNames.key(named) : named) else {
                if knowsPosts { remove(.commentDangling, path, node: comment) }
                return
            }
            commentCount[Int(p)] += counted
            index.commentNodes[Int(p)].append(comment)
        }
    }

    /// The index of each post's comments kept flat (`post_comments/<postKey>/<commentKey>:
    /// true`), where mapped: the post each comment key is listed by (its first list, in
    /// key order), and the comments listed only by posts that do not exist. The list of a
    /// post that does not exist is `comment_dangling` (removed whole, as a deleted post's
    /// comments are); an entry that names no comment of `comments`, or a comment an
    /// earlier list names, is `comment_index_stale` (removed). A list that is not an
    /// object, and an entry `false` or `null`, are left alone.
    private func readCommentIndex(comments: Int32) -> (post: [String: Int32], ofDeletedPosts: Set<String>)? {
        guard let place = schema.place(.postComments) else { return nil }
        var keys = Set<String>()
        keyedChildren(comments) { comment, key in if doc.isObject(comment) { keys.insert(key) } }
        var post: [String: Int32] = [:]
        var ofDeletedPosts = Set<String>()
        forEachList(at: place) { x, list, listPath in
            guard let p = self.post(x) else {
                guard knowsPosts else { return }
                if doc.isObject(list) { doc.forEachEntry(list) { if !isNoEdge($0) { ofDeletedPosts.insert(doc.key($0)) } } }
                remove(.commentDangling, listPath(), node: list)
                return
            }
            guard doc.isObject(list) else { return }
            doc.forEachEntry(list) { entry in
                if isNoEdge(entry) { return }
                let key = doc.key(entry)
                if keys.contains(key) && post[key] == nil {
                    post[key] = p
                } else {
                    remove(.commentIndexStale, "\(listPath())/\(key)", node: entry)
                }
            }
        }
        return (post, ofDeletedPosts.subtracting(post.keys))
    }

    /// Whether any post was read: where none was (the posts node absent, or kept where the
    /// schema does not say), a like or a comment of a post that is not there cannot be
    /// told dangling from unread, and is left alone, not removed.
    var knowsPosts: Bool { !index.posts.isEmpty }

    /// Calls `body` with each container list of `node` kept by post (`<node>/<key>`, or a
    /// list in each post) and the post; the list of a post that does not exist is
    /// `dangling`, removed whole.
    private func forEachPostList(_ node: Schema.Node, dangling: FindingCode,
                                 _ body: (_ post: Int32, _ list: Int32, _ path: () -> String) -> Void) {
        guard let place = schema.place(node) else { return }
        // Kept in each post at any depth (`posts/*/likes` of flat posts, `users/*/posts/*/likes`,
        // `users/*/posts/*/likes/users`): the post is the record that holds the list, whatever
        // its key (posts of two owners may share one: never joined by it).
        if let records = schema.postRecords, let members = place.members(below: records) {
            let above = members.dropLast().map { "/\($0.text)" }.joined()
            for (p, post) in index.posts.enumerated() {
                var node: Int32? = post.node
                for name in members { node = node.flatMap { doc.member($0, name) } }
                guard let list = node, doc.isContainer(list) else { continue }
                body(Int32(p), list, { "\(self.postPath(post))\(above)/\(self.doc.key(list))" })
            }
            return
        }
        forEachList(at: place) { key, list, listPath in
            guard let post = post(key) else {
                if knowsPosts { remove(dangling, listPath(), node: list) }
                return
            }
            if doc.isContainer(list) { withoutActuallyEscaping(listPath) { body(post, list, $0) } }
        }
    }

    /// Every post of a user: usable fields, its like and comment counters and its
    /// `poster` copy (when the app keeps one).
    func checkMakestagramPosts() {
        let (imageNames, createdNames) = (schema.names(.imageURL), schema.names(.createdAt))
        let likeCounter = Counter(self, .likeCount)
        // An app that records no like keeps its likes as the counter alone (SNap's
        // `good_count`): the mapped counter is the post's likes, read, not checked. The
        // tutorial's own `like_count`, unmapped, is still checked against the likes it keeps
        // in `postLikes` (none there: none given).
        let likesByCounter = schema.mapping.fields[.likeCount] != nil && !schema.recordsLikes(in: doc)
        // A comment counter is checked only where the export has the comments it counts.
        let commentCounter = schema.place(.comments) != nil ? Counter(self, .commentCount) : nil
        let checksPoster = schema.isCarried(.poster)
        let keepsImages = schema.isCarried(.imageURL)
        // A time that no post carries is not the app's (KODDev's posts are dated by their
        // push ids): not asked of any post, whatever its comments carry (`created_at` is
        // also a comment's time: KODDev's comments' `timestamp`).
        let checksTime = schema.isCarried(.createdAt)
            && (schema.place(.comments) == nil || index.posts.contains { $0.isObject && doc.member($0.node, createdNames) != nil })
        let captionNames = schema.names(.caption)
        let writesTextPosts = keepsImages && writesPostsOfText(imageNames, captionNames)
        for (i, post) in index.posts.enumerated() where post.owner >= 0 {
            let path = { self.postPath(post) }
            guard post.isObject else {
                report(.postInvalid, path(), found: found(post.node))
                continue
            }
            let image = doc.member(post.node, imageNames)
            // An app whose posts keep no image's URL (the photo only in Cloud Storage) is
            // not missing one: its posts show the placeholder; a post of an album or a video
            // may keep none either (`Schema.holdsMedia`), nor, in an app that writes posts of
            // text, one that holds a caption and no image at all (or `null`, as Dart and
            // JavaScript write an optional field left empty).
            let noImage = image.map { doc.isNull(doc.value($0)) } ?? true
            if keepsImages && (noImage ? !schema.holdsMedia(post.node, in: doc) && !(writesTextPosts && holdsCaption(post.node, captionNames))
                                       : !doc.isString(doc.value(image!))) {
                report(.postInvalid, "\(path())/\(image.map(doc.key) ?? field(.imageURL))", found: found(image))
            }
            let created = doc.member(post.node, createdNames)
            if checksTime && (created == nil || !CreationTime.isUsable(doc, doc.value(created!))) {
                report(.postInvalid, "\(path())/\(created.map(doc.key) ?? field(.createdAt))", found: found(created))
            }
            if likesByCounter {
                if likeCounter.isCarried, let member = doc.member(post.node, likeCounter.names),
                   case .exact(let n) = CounterValue.parse(doc.rawBytes(doc.value(member))) { likeCount[i] = n }
            } else {
                checkCounter(likeCounter, in: post.node, path: path, expected: likeCount[i], mismatch: .likeCountMismatch)
            }
            if let commentCounter {
                checkCounter(commentCounter, in: post.node, path: path, expected: commentCount[i], mismatch: .commentCountMismatch)
            }
            if checksPoster { checkPoster(of: post.node, path: path, owner: index.users[Int(post.owner)]) }
        }
    }

    /// Each user's counters, in the record that keeps them: the user's, or the second
    /// root's (`user_account_settings/<uid>/followers`) where that root carries the counter
    /// more often than the users' records do.
    func checkUserCounters() {
        let counters = [(Counter(self, .postCount), Schema.Field.postCount, FindingCode.postCountMismatch),
                        (Counter(self, .followerCount), .followerCount, .followerCountMismatch),
                        (Counter(self, .followingCount), .followingCount, .followingCountMismatch)]
        let inDetails = counters.map { counter, _, _ in counter.isCarried && keptInDetails(counter.names) }
        let (users, details) = (node(.users), schema.place(.userDetails)?.root.text ?? node(.userDetails))
        for (i, user) in index.users.enumerated() {
            let expected = [index.postsOf[i].count, graph.followers.count(i), graph.following.count(i)]
            for (c, (counter, _, mismatch)) in counters.enumerated() {
                let record = inDetails[c] && user.details >= 0 ? user.details : user.node
                let path: () -> String = record == user.details ? { "\(details)/\(user.uid)" } : { "\(users)/\(user.key)" }
                checkCounter(counter, in: record, path: path, expected: expected[c], mismatch: mismatch)
            }
        }
    }

    /// Whether more `user_details` records than users' own records carry one of `names`
    /// (a list there under the same name is the follows, not a counter).
    private func keptInDetails(_ names: [Schema.Name]) -> Bool {
        guard export.userDetails != nil else { return false }
        var own = 0, details = 0
        for user in index.users {
            if user.node != user.details, let m = doc.member(user.node, names), !doc.isContainer(doc.value(m)) { own += 1 }
            if user.details >= 0, doc.member(user.details, names) != nil { details += 1 }
        }
        return details > own
    }

    /// One finding per counter and spelling: missing, else invalid, else mismatch. The
    /// counters follow the app: one that no record carries (in any spelling) is not the
    /// app's and is not checked; an absent one is added in the spelling the export uses
    /// most; a record that carries two spellings (`like_count`, `likes_count`) has each
    /// checked.
    func checkCounter(_ counter: Counter, in record: Int32, path: () -> String,
                              expected: Int, mismatch: FindingCode) {
        guard counter.isCarried else { return }
        var any = false
        for name in counter.names {
            guard let member = doc.member(record, name) else { continue }
            any = true
            // A field path (`stats/posts`) is reported at that path.
            let spelled = !name.isPath ? doc.key(member) : name.text
            // `{".value": 3, ".priority": p}` is the counter 3: only the value is set.
            let node = doc.value(member)
            guard let value = CounterValue.parse(doc.rawBytes(node)) else {
                set(.counterInvalid, "\(path())/\(spelled)", node: node, text: String(expected))
                continue
            }
            if value != CounterValue.exact(expected) {
                set(mismatch, "\(path())/\(spelled)", node: node, text: String(expected))
            }
        }
        if !any {
            let name = counter.spelling
            set(.counterMissing, "\(path())/\(name.text)", node: nil, text: String(expected), under: record, keys: name.keys,
                existing: name.isPath)
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
    let spelling: Schema.Name
    /// Whether the app keeps this counter at all.
    let isCarried: Bool

    init(_ validator: Validator, _ field: Schema.Field) {
        names = validator.schema.names(field)
        spelling = validator.schema.name(field)
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

// MARK: - Makestagram: the `user_posts` index

extension Validator {
    /// `user_posts/<uid>/<key>: true`, when the app keeps the index: an entry for no post
    /// of that user is stale (removed), a post of the user without an entry is missing
    /// (added as `true`). An entry stands for every post with its key, as a timeline's does.
    func checkUserPosts() {
        guard let place = schema.place(.userPosts) else { return }
        var seen = [Bool](repeating: false, count: index.posts.count)
        var lists = [Int32](repeating: -1, count: index.users.count)
        forEachList(at: place) { uid, list, listPath in
            let user = user(uid)
            // A list that is not an object is left alone (nothing to compare, nowhere to add).
            if let user { lists[Int(user)] = doc.isObject(list) ? list : -2 }
            guard doc.isObject(list) else { return }
            doc.forEachEntry(list) { entry in
                if isNoEdge(entry) { return }
                var mine = false
                if let user, let first = postIndex(key: entry) {
                    index.forEachPost(withKeyOf: first) { p in
                        if index.posts[Int(p)].owner == user {
                            seen[Int(p)] = true
                            mine = true
                        }
                    }
                }
                if !mine { remove(.userPostStale, "\(listPath())/\(doc.key(entry))", node: entry) }
            }
        }
        for u in index.users.indices where lists[u] != -2 {
            var added = Set<String>()
            for p in index.postsOf[u] where !seen[Int(p)] && added.insert(index.posts[Int(p)].key).inserted {
                let (path, under, keys) = location(of: .userPosts, index.users[u].uid, list: lists[u], below: [index.posts[Int(p)].key])
                set(.userPostMissing, path, node: nil, text: "true", under: under, keys: keys, repair: .add, existing: lists[u] >= 0)
            }
        }
    }
}

// MARK: - Timeline dialect: posts owned by username, likes, comments, images

extension Validator {
    func checkTimelinePosts() {
        var images = KeyTable()
        if let node = export.images {
            keyedChildren(node) { _, id in images.insert(id, value: 0) }
        }
        guard let posts = export.posts else { return }
        let postsName = node(.posts)
        index.groups = [PostGroup(fullPath: postsName, ownerKey: "")]
        // A comment counter is checked only where the app keeps one (as in the makestagram dialect).
        let commentCounter = Counter(self, .commentCount)
        keyedChildren(posts) { post, id in
            let i = Int32(index.posts.count)
            let path = "\(postsName)/\(id)"
            var owner: Int32 = -1
            var likes = 0, comments = 0
            defer {
                index.posts.append(PostEntry(key: id, node: post, owner: owner, isObject: doc.isObject(post), group: 0))
                index.postTable.insert(id, value: i)
                likeCount.append(likes)
                commentCount.append(comments)
                if owner >= 0 { index.postsOf[Int(owner)].append(i) }
            }
            guard doc.isObject(post) else {
                report(.postInvalid, path, found: found(post))
                return
            }
            let nameNode = doc.member(post, schema.names(.username))
            guard let nameNode, let name = doc.string(nameNode), !name.isEmpty else {
                report(.postInvalid, "\(path)/\(nameNode.map(doc.key) ?? field(.username))", found: found(nameNode))
                return
            }
            guard let resolved = index.user(username: name) else {
                report(.postOrphan, path, found: nil)
                return
            }
            owner = resolved

            let image = doc.member(post, schema.names(.imageEndpoint))
            let imagePath = "\(path)/\(image.map(doc.key) ?? field(.imageEndpoint))"
            if let image, let imageID = doc.string(image) {
                if images.lookup(imageID) == nil { report(.imageMissing, imagePath, found: found(image)) }
            } else {
                report(.postInvalid, imagePath, found: found(image))
            }
            likes = checkLikes(of: post, id: id, path: path)
            comments = checkComments(of: post, id: id, path: path)
            checkCounter(commentCounter, in: post, path: { path }, expected: comments, mismatch: .commentCountMismatch)
        }
    }

    /// Likes in key order: by nobody (dangling), again by the same user (duplicate), or
    /// naming another post. Returns the number of likes the repair keeps.
    private func checkLikes(of post: Int32, id: String, path: String) -> Int {
        guard let likes = doc.member(post, schema.names(.likes)), doc.isContainer(likes) else { return 0 }
        let listPath = "\(path)/\(doc.key(likes))"
        var entries: [(node: Int32, key: String)] = []
        keyedChildren(likes) { entries.append(($0, $1)) }
        entries.sort { KeyOrder.less($0.key, $1.key) }
        var likers = Set<Int32>()
        for (like, key) in entries {
            let likePath = "\(listPath)/\(key)"
            let name = doc.member(like, schema.names(.username)).flatMap(doc.string)
            guard let name, let user = index.user(username: name) else {
                remove(.likeDangling, likePath, node: like)
                continue
            }
            guard likers.insert(user).inserted else {
                remove(.likeDuplicate, likePath, node: like)
                continue
            }
            checkBackReference(like, id: id, path: likePath, code: .likePostMismatch)
        }
        return likers.count
    }

    /// Comments naming another post. Returns the number of comments (objects), which a
    /// comment counter must hold.
    private func checkComments(of post: Int32, id: String, path: String) -> Int {
        guard let comments = doc.member(post, schema.names(.comments)), doc.isContainer(comments) else { return 0 }
        let listPath = "\(path)/\(doc.key(comments))"
        var count = 0
        keyedChildren(comments) { comment, key in
            guard doc.isObject(comment) else { return }
            count += 1
            checkBackReference(comment, id: id, path: "\(listPath)/\(key)", code: .commentPostMismatch)
        }
        return count
    }

    /// `<record>/post` (or its spelling) must name the post the record is filed under.
    private func checkBackReference(_ record: Int32, id: String, path: String, code: FindingCode) {
        let node = doc.member(record, schema.names(.post))
        if node.flatMap(doc.string) == id { return }
        let name = node.map(doc.key) ?? field(.post)
        set(code, "\(path)/\(name)", node: node, text: JSONString.quoted(id), under: record, keys: [name])
    }

    /// Every `images/<id>` must be a string of valid base64.
    func checkImages() {
        guard let images = export.images else { return }
        keyedChildren(images) { image, id in
            if doc.isString(image) && Base64.isValid(doc.rawBytes(image)) { return }
            report(.imageInvalid, "\(node(.images))/\(id)", found: found(image))
        }
    }
}

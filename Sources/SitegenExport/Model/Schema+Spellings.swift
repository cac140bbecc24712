// MARK: - Which spellings an export uses

/// A key of a path as the document has it: an object's member (its key read from its
/// bytes when asked) or an exported array's element (its index).
public struct PathKey: Sendable {
    public let node: Int32
    public let position: Int?

    /// The key as text.
    func text(_ doc: JSONDocument) -> String { position.map(String.init) ?? doc.key(node) }
}

extension Schema {
    /// The schema of `document`: `dialect`'s names as `mapping` renames them, where each
    /// node is, whether posts are flat, each field's spelling the one most records use,
    /// and which fields any record carries at all.
    static func read(_ document: JSONDocument, dialect: Dialect, mapping: Mapping) -> Schema {
        let places = Node.allCases.map { locate($0, in: document, dialect: dialect, mapping: mapping) }
        let names = Schema(dialect: dialect, mapping: mapping, places: places)
        let flat = dialect == .makestagram && names.hasFlatPosts(document)
        // Comments that a post's index lists (`post_comments`) are kept flat by their own key.
        let indexed = names.place(.postComments) != nil && names.place(.comments)?.isRoot == true
        let flatComments = dialect == .makestagram && (indexed || names.keepsCommentsAmongPosts || names.hasFlatRecords(.comments, document))
        let flatLikes = dialect == .makestagram && names.hasFlatRecords(.postLikes, document)
        let edges = dialect == .makestagram ? names.edgeDocumentsNode(document) : nil
        let located = Schema(dialect: dialect, mapping: mapping, places: places, flatPosts: flat, flatComments: flatComments, flatLikes: flatLikes,
                             edgeDocuments: edges)
        return Schema(dialect: dialect, mapping: mapping, counts: located.countSpellings(in: document), places: places, flatPosts: flat,
                      flatComments: flatComments, flatLikes: flatLikes, edgeDocuments: edges)
    }

    /// The follow node kept as a root of edge documents: with `follower_id` and
    /// `followed_id` both mapped, the root `followers` or `following` most of whose records
    /// hold both as text (`follows/<id>: {followerId, followingId}`; docs/export-format.md,
    /// "Follows as documents"). A list per user (`following/<a>/<b>`) holds no such fields.
    private func edgeDocumentsNode(_ doc: JSONDocument) -> Node? {
        guard let follower = mapping.fields[.followerID], let followed = mapping.fields[.followedID], doc.isObject(doc.root) else { return nil }
        let names = (Name(follower), Name(followed))
        for node in [Node.following, .followers] {
            guard let place = place(node), place.isRoot, let root = doc.member(doc.root, place.root), doc.isContainer(root) else { continue }
            var edges = 0, records = 0
            doc.forEachChild(root) { record in
                guard records < 256 else { return }
                records += 1
                guard doc.isObject(record), let a = doc.member(record, names.0), let b = doc.member(record, names.1),
                      doc.isString(doc.value(a)), doc.isString(doc.value(b)) else { return }
                edges += 1
            }
            if edges * 2 > records { return node }
        }
        return nil
    }

    /// Whether `node` (the comments or the likes), a root, holds the records themselves,
    /// each naming its post (`comments/<id>: {postId, userId, content}`, `likes/<id>:
    /// {postUuid, userId}`), not a list per post (`comments/<postKey>/<id>`,
    /// `likes/<postKey>/<uid>`): of the records sampled, more hold the `post` field as text
    /// than not; or, for comments, more are comments (at least two strings, numbers or
    /// booleans and more of them than objects: a list of comments holds objects) whatever
    /// names their post (a comment naming it by a map names no post).
    private func hasFlatRecords(_ node: Node, _ doc: JSONDocument) -> Bool {
        guard let place = place(node), place.isRoot, doc.isObject(doc.root),
              let root = doc.member(doc.root, place.root), doc.isContainer(root) else { return false }
        let names = names(.post)
        var flat = 0, grouped = 0
        doc.forEachChild(root) { child in
            guard flat + grouped < 256, doc.isObject(child) else { return }
            if doc.member(child, names).map({ doc.isString(doc.value($0)) }) == true {
                flat += 1
                return
            }
            var scalars = 0, objects = 0
            if node == .comments {
                doc.forEachEntry(child) { member in
                    let value = doc.value(member)
                    if doc.isObject(value) { objects += 1 } else if !doc.isContainer(value) && !doc.isNull(value) { scalars += 1 }
                }
            }
            if scalars >= 2 && scalars > objects { flat += 1 } else { grouped += 1 }
        }
        return flat > grouped
    }

    /// Where `node` is in `document`: the first of its names the root has. The tutorial's
    /// nodes keep their first name when absent (a repair may add them there); the other
    /// roles are absent then. A `user_posts` spelling whose entries are objects is not the
    /// index but the posts themselves, renamed: `posts` takes it when there is no `posts`.
    private static func locate(_ node: Node, in doc: JSONDocument, dialect: Dialect, mapping: Mapping) -> Place? {
        let candidates = mapping.candidates(node, dialect)
        let isMapped = mapping.nodes[node] != nil
        let root = doc.root
        func present(_ name: String) -> Int32? {
            guard doc.isObject(root), let place = Place(mapped: name) else { return nil }
            return doc.member(root, place.root)
        }
        if node == .posts && !isMapped && dialect == .makestagram && present("posts") == nil {
            for name in Node.userPosts.variants(dialect) where mapping.nodes.values.contains(name) == false {
                if let n = present(name), holdsRecords(n, in: doc) { return .root(Name(name)) }
            }
        }
        for name in candidates {
            guard let n = present(name) else { continue }
            if node == .userPosts && !isMapped && holdsRecords(n, in: doc) { continue }
            return Place(mapped: name)
        }
        if isMapped || Schema.tutorial.contains(node) { return candidates.first.flatMap { Place(mapped: $0) } }
        return nil
    }

    /// The nodes of the tutorials' apps, whose names are used even where they are absent.
    static let tutorial: [Node] = [.users, .posts, .followers, .following, .postLikes, .timeline, .images]

    /// The names of the id a post of an array of posts holds (`posts: [{id, …}]`), which
    /// names it where its index does not (`Validator.postIDMember`).
    static let postIDNames: [Name] = ["id", "postId", "postID", "post_id", "postKey", "key"].map { Name($0) }

    /// Whether the first entry of `node` (`<x>/<y>`) that is not null is an object.
    private static func holdsRecords(_ node: Int32, in doc: JSONDocument) -> Bool {
        guard doc.isContainer(node) else { return false }
        var answer: Bool?
        doc.forEachChild(node) { x in
            guard answer == nil, doc.isContainer(x) else { return }
            doc.forEachChild(x) { y in
                if answer == nil && !doc.isNull(y) { answer = doc.isObject(y) }
            }
        }
        return answer ?? false
    }

    /// Whether the makestagram `posts` node holds posts by key (`posts/<postKey>` with an
    /// owner, an image or a date), not groups by owner: the records sampled say. A record
    /// with none of those names is a post all the same when it holds at least two strings,
    /// numbers or booleans and more of them than objects: a group of posts holds posts
    /// (objects), a post holds fields; a lone string in a group is an invalid post.
    private func hasFlatPosts(_ doc: JSONDocument) -> Bool {
        guard let place = place(.posts), place.isRoot, doc.isObject(doc.root),
              let posts = doc.member(doc.root, place.root), doc.isContainer(posts) else { return false }
        let fields = names(.postOwner) + names(.imageURL) + names(.createdAt)
        var flat = 0, grouped = 0
        doc.forEachChild(posts) { child in
            guard flat + grouped < 256, doc.isObject(child) else { return }
            var scalars = 0, objects = 0
            if doc.member(child, fields) == nil {
                doc.forEachEntry(child) { member in
                    let value = doc.value(member)
                    if doc.isObject(value) { objects += 1 } else if !doc.isContainer(value) && !doc.isNull(value) { scalars += 1 }
                }
            }
            if doc.member(child, fields) != nil || (scalars >= 2 && scalars > objects) { flat += 1 } else { grouped += 1 }
        }
        return flat > grouped
    }

    /// The fields whose records the spelling count reads (not `uid` inside `poster`, nor
    /// `poster_uid` inside timeline entries, which can be hundreds of millions).
    static var countedFields: Set<Field> {
        Set(userFields + makestagramPostFields + Field.mediaPostFields + timelinePostFields + timelineRecordFields + commentFields)
    }

    /// The fields each kind of record holds.
    private static let userFields: [Field] = [.username, .name, .bio, .url, .follows, .isPrivate, .postCount, .followerCount,
                                              .followingCount, .avatarURL, .userID, .userAlias]
    private static let makestagramPostFields: [Field] = [.imageURL, .imageHeight, .imageWidth, .createdAt, .likeCount, .commentCount,
                                                         .poster, .caption, .postOwner]
    private static let timelinePostFields: [Field] = [.username, .imageEndpoint, .likes, .comments, .caption, .commentCount]
    private static let timelineRecordFields: [Field] = [.username, .post, .commentText]
    /// (`post`: a comment kept flat names its post there.)
    private static let commentFields: [Field] = [.commentText, .commentAuthor, .createdAt, .post]

    /// Calls `body` with each node `depth` levels below a node at `place`: 1 for the
    /// children (`users/<uid>`), 2 for theirs (`posts/<uid>/<key>`).
    func forEachRecord(at place: Place?, depth: Int, in doc: JSONDocument, _ body: (Int32) -> Void) {
        guard let place else { return }
        Schema.forEachMatch(place.parts + Array(repeating: nil, count: depth), in: doc) { node, _ in body(node) }
    }

    /// The comments' records as a path: `comments/*/*` for a root keyed by post,
    /// `posts/*/userPosts/*/comments/*` for comments kept in each post.
    var commentRecords: [Name?]? { place(.comments).map { flatComments ? $0.lists : $0.lists + [nil] } }

    /// Whether the comments are kept in the posts' own root, each naming its post in the
    /// mapped `post` field (`Mapping.keepsCommentsAmongPosts`).
    var keepsCommentsAmongPosts: Bool {
        dialect == .makestagram && mapping.keepsCommentsAmongPosts && place(.comments) != nil && place(.comments) == place(.posts)
    }

    /// Whether `record`, one of the posts' root, is a comment kept among them: it holds the
    /// `post` field as text (a post's key, or a reference to its document).
    func isCommentAmongPosts(_ record: Int32, in doc: JSONDocument) -> Bool {
        keepsCommentsAmongPosts && doc.isObject(record) && doc.member(record, names(.post)).map { doc.isString(doc.value($0)) } == true
    }

    /// Whether the export records likes (who liked what), in any shape: its node of likes
    /// by post (a root, or a list in each post) or of likes by user is there. Where it
    /// records none, a post's like counter is all it keeps of its likes
    /// (docs/export-format.md, "Likes kept only as a counter").
    func recordsLikes(in doc: JSONDocument) -> Bool {
        [Node.postLikes, .userLikes].contains { node in
            guard let place = place(node) else { return false }
            var found = false
            Schema.forEachMatch(place.parts, in: doc) { _, _ in found = true }
            return found
        }
    }

    /// The posts' records as a path (`posts/*` flat, `posts/*/*` by owner, `users/*/posts/*`
    /// for posts kept in each user); nil when the export has no posts node.
    var postRecords: [Name?]? {
        guard let place = place(.posts) else { return nil }
        if !place.isRoot { return place.parts + [nil] }
        return place.lists + (!flatPosts && dialect == .makestagram ? [nil] : [])
    }

    /// Calls `body` with each node of `doc` at `pattern` (names and `*`s from the root)
    /// and the keys its `*`s stood for there, outermost first (exported arrays' elements
    /// by index, their `null`s skipped; `.priority` is no key).
    /// The keys are valid only during the call to `body` (they are not copied: this runs
    /// once per record of the largest nodes).
    static func forEachMatch(_ pattern: [Name?], in doc: JSONDocument, _ body: (_ node: Int32, _ keys: UnsafeBufferPointer<PathKey>) -> Void) {
        guard let first = pattern.first, let name = first, doc.isObject(doc.root), let root = doc.member(doc.root, name) else { return }
        let stars = pattern.count { $0 == nil }
        let keys = UnsafeMutableBufferPointer<PathKey>.allocate(capacity: max(stars, 1))
        defer { keys.deallocate() }
        let all = UnsafeBufferPointer(start: keys.baseAddress, count: stars)
        func walk(_ node: Int32, _ i: Int, _ k: Int) {
            if i == pattern.count { return body(node, all) }
            if let name = pattern[i] {
                if let m = doc.member(node, name) { walk(m, i + 1, k) }
                return
            }
            guard doc.isContainer(node) else { return }
            let isArray = doc.isArray(node)
            var position = 0
            doc.forEachEntry(node) { child in
                defer { position += 1 }
                if isArray && doc.isNull(child) { return }
                keys[k] = PathKey(node: child, position: isArray ? position : nil)
                walk(child, i + 1, k + 1)
            }
        }
        walk(root, 1, 0)
    }

    /// For each field (by case order) and each of its spellings, the records that carry it:
    /// user records (and `user_details`), posts, comments, and in the timeline dialect the
    /// posts' likes and comments.
    private func countSpellings(in doc: JSONDocument) -> [[Int]] {
        var counts = Field.allCases.map { names($0).map { _ in 0 } }
        guard doc.isObject(doc.root) else { return counts }
        var users: [Int32] = []
        let collectObjects = { (list: inout [Int32], node: Int32) in if doc.isObject(node) { list.append(node) } }
        forEachRecord(at: place(.users), depth: 1, in: doc) { collectObjects(&users, $0) }
        forEachRecord(at: place(.userDetails), depth: 1, in: doc) { collectObjects(&users, $0) }
        var posts: [Int32] = []
        let amongPosts = keepsCommentsAmongPosts
        if let records = postRecords {
            Schema.forEachMatch(records, in: doc) { node, _ in if !amongPosts || !isCommentAmongPosts(node, in: doc) { collectObjects(&posts, node) } }
        }
        count(users, Schema.userFields, in: doc, into: &counts)
        // With no users' records, a username the mapping names is the posts' (users implied
        // by posts: `username = "user/deviceName"`).
        let postsHoldUsernames = users.isEmpty && mapping.fields[.username] != nil
        let postFields = dialect == .timeline ? Schema.timelinePostFields
            : Schema.makestagramPostFields + Field.mediaPostFields + (postsHoldUsernames ? [.username] : [])
        count(posts, postFields, in: doc, into: &counts)
        if dialect == .makestagram { count(mediaItems(of: posts, in: doc), Field.mediaItemFields, in: doc, into: &counts) }
        if dialect == .timeline {
            var records: [Int32] = []
            for post in posts {
                for list in members(post, [.likes, .comments], in: doc) where doc.isContainer(list) {
                    doc.forEachChild(list) { if doc.isObject($0) { records.append($0) } }
                }
            }
            count(records, Schema.timelineRecordFields, in: doc, into: &counts)
        } else if place(.comments) != nil {
            var comments: [Int32] = []
            if let records = commentRecords {
                Schema.forEachMatch(records, in: doc) { node, _ in if !amongPosts || isCommentAmongPosts(node, in: doc) { collectObjects(&comments, node) } }
            }
            count(comments, Schema.commentFields, in: doc, into: &counts)
        }
        return counts
    }

    /// Every member of `record` under any spelling of `fields`.
    private func members(_ record: Int32, _ fields: [Field], in doc: JSONDocument) -> [Int32] {
        fields.flatMap { doc.members(record, names($0)) }
    }

    /// Adds to `counts` the spellings that `records` carry, in chunks on every core. Only
    /// fields whose spelling or presence matters are counted: those with several
    /// spellings, the counters, and mapped ones. Each key is compared only with the
    /// names that start with its first byte.
    private func count(_ records: [Int32], _ fields: [Field], in doc: JSONDocument, into counts: inout [[Int]]) {
        // The names, flat: each a range of `pool`, grouped by first byte (`byFirstByte`
        // ranges into `names`), so that the loop over the records touches no reference.
        var byFirstByte = [[(field: Int, spelling: Int, name: Name)]](repeating: [], count: 256)
        // Field paths (`stats/posts`) are looked up in each record.
        var paths: [(field: Int, spelling: Int, name: Name)] = []
        for field in fields where names(field).count > 1 || Field.presence.contains(field) || mapping.fields[field] != nil {
            for (s, name) in names(field).enumerated() where !name.bytes.isEmpty {
                if name.isPath { paths.append((field.ordinal, s, name)) } else { byFirstByte[Int(name.bytes[0])].append((field.ordinal, s, name)) }
            }
        }
        if byFirstByte.allSatisfy(\.isEmpty) && paths.isEmpty { return }
        var pool: [UInt8] = [], names: [FlatName] = [], firstByteRanges: [Range<Int>] = []
        for list in byFirstByte {
            let start = names.count
            for candidate in list {
                names.append(FlatName(field: candidate.field, spelling: candidate.spelling, start: pool.count, count: candidate.name.bytes.count))
                pool += candidate.name.bytes
            }
            firstByteRanges.append(start..<names.count)
        }
        let flat = (pool: pool, names: names, ranges: firstByteRanges), pathCandidates = paths
        let chunk = 4096
        let total = Locked(counts)
        parallelFor((records.count + chunk - 1) / chunk) { c in
            // Counts per flat name, then per path.
            var local = [Int](repeating: 0, count: flat.names.count + pathCandidates.count)
            flat.pool.withUnsafeBufferPointer { pool in
                flat.names.withUnsafeBufferPointer { names in
                    flat.ranges.withUnsafeBufferPointer { ranges in
                        local.withUnsafeMutableBufferPointer { local in
                            for r in (c * chunk)..<min(records.count, (c + 1) * chunk) {
                                for (n, candidate) in pathCandidates.enumerated() where doc.member(records[r], candidate.name) != nil {
                                    local[names.count + n] += 1
                                }
                                doc.forEachChild(records[r]) { member in
                                    guard let first = doc.keyFirstByte(member) else { return }
                                    for n in ranges[Int(first)] where doc.keyEquals(member, pool.baseAddress! + names[n].start, names[n].count) {
                                        local[n] += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
            total.withLock { counts in
                for (n, name) in flat.names.enumerated() { counts[name.field][name.spelling] += local[n] }
                for (n, candidate) in pathCandidates.enumerated() { counts[candidate.field][candidate.spelling] += local[flat.names.count + n] }
            }
        }
        counts = total.withLock { $0 }
    }

    /// A name counted: its field and spelling, and its bytes in a pool.
    private struct FlatName {
        var field: Int
        var spelling: Int
        var start: Int
        var count: Int
    }
}

// MARK: - Albums and videos: the spellings of a post's media

extension Schema.Field {
    /// The spellings of a post's media that apps write (none is standard), the most common
    /// first. A list (`media`, `videos`) holds URLs or item objects; an item object, or a
    /// post of one item, holds the other fields. Where a list's items are objects their
    /// URL is `media_url`, `video_url` or `image_url`, or the member named by their type
    /// (`{type: "video", video: …}`).
    static let mediaVariants: [Schema.Field: [String]] = [
        // `postMedia/imagesUrl` and `postMedia/videosUrl`: lists kept in an object of the post.
        .media: ["media", "imageUrls", "imagesUrls", "images", "imageURLs", "photos", "postMedia/imagesUrl"],
        .videos: ["videos", "videoUrls", "videosUrl", "postMedia/videosUrl"],
        .mediaURL: ["url", "contentURL", "contentUrl", "src"],
        .videoURL: ["video_url", "videoUrl", "videoURL"],
        // A text whose value holds "video" (`video`, `video/mp4`, `videoPost`) is a video.
        .mediaType: ["type", "mediaType", "media_type", "contentType", "postType"],
        .isVideo: ["isVideo", "is_video"],
        // `isThatImage: false` is a video.
        .isImage: ["isThatImage", "isImage", "is_image"],
        .videoPoster: ["coverOfVideoUrl", "downloadURLStill", "thumbnail", "posterUrl", "coverUrl"],
        .thumbnailURL: ["thumb_url", "thumbnailUrl", "thumbnailURL", "thumbnail_url", "thumbUrl"],
        .aspectRatio: ["aspectRatio", "aspect_ratio"],
        .blurHash: ["blurHash", "blurhash", "blur_hash"],
    ]

    /// Whether two fields may share a name: both are an item's file (`image_url = "url"` in
    /// FriendlyPix and `media_url`'s `url`), or both its still (`video_poster`,
    /// `thumbnail_url`); an item reads them in turn (`Schema.media`).
    static func readAsOne(_ a: Schema.Field, _ b: Schema.Field) -> Bool {
        // A user's id as the rest of the data holds it may be their username: users keyed
        // by an auto id and named by username in every post, like and comment
        // (`user_id = "username"`, docs/export-format.md, "Users named by username").
        let pairs: [Set<Schema.Field>] = [[.mediaURL, .imageURL], [.mediaURL, .videoURL], [.videoPoster, .thumbnailURL],
                                          [.userID, .username]]
        return a != b && pairs.contains([a, b])
    }

    /// The fields read in each item of a post's media (and in a post of one item).
    static let mediaItemFields: [Schema.Field] = [.mediaURL, .videoURL, .imageURL, .mediaType, .isVideo, .isImage, .videoPoster,
                                                  .thumbnailURL, .imageWidth, .imageHeight, .aspectRatio, .alt, .blurHash]

    /// The fields of a post that hold or describe its media (counted in posts).
    static let mediaPostFields: [Schema.Field] = [.media, .videos, .mediaURL, .videoURL, .mediaType, .isVideo, .isImage, .videoPoster,
                                                  .thumbnailURL, .aspectRatio, .blurHash]
}

// MARK: - Soft deletes and replies

extension Schema {
    /// Whether `record` (a post or a comment) is soft-deleted: the mapped `deleted` boolean
    /// holds the value its name says gone for (`isActive: false`, `isDeleted: true`; a name
    /// that says neither, mapped by hand, is gone when true). A record without it is live.
    public func isDeleted(_ record: Int32, in doc: JSONDocument) -> Bool {
        guard let name = mapping.fields[.deleted] else { return false }
        return Schema.isGone(record, flag: name, in: doc)
    }

    /// Whether `record` holds the boolean `flag` (a name or a path) at the value its name
    /// says gone for (`RoleWords.deletedWhen`; true where the name says neither).
    static func isGone(_ record: Int32, flag: String, in doc: JSONDocument) -> Bool {
        let name = Name(flag)
        guard doc.isObject(record), let member = doc.member(record, name) else { return false }
        let value = doc.value(member)
        guard doc.kind(value) == .bool else { return false }
        return (doc.rawText(value) == "true") == (RoleWords.deletedWhen(name.keys.last ?? flag) ?? true)
    }

    /// Whether the mapped `comment_parent` names another comment in `comment`: a reply,
    /// which the post's comment counter does not count (a non-empty text there).
    public func isReply(_ comment: Int32, in doc: JSONDocument) -> Bool {
        guard let name = mapping.fields[.commentParent], doc.isObject(comment), let member = doc.member(comment, Name(name)),
              let text = doc.string(doc.value(member)) else { return false }
        return !text.isEmpty
    }

    /// Whether a post's comment counter counts `comment`: a comment live, and not a reply
    /// where the counter counts top-level comments only (`comment_parent` mapped).
    public func counterCounts(_ comment: Int32, in doc: JSONDocument) -> Bool {
        doc.isObject(comment) && !isDeleted(comment, in: doc) && !isReply(comment, in: doc)
    }
}

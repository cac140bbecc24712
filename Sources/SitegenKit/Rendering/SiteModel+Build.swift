import Foundation
import SitegenExport

extension SiteModel {
    /// The site's data from an audited export: true counts and the repaired graph,
    /// never the stored counters. Users named in `excluding` (by uid or username) are left
    /// out with their posts; a user whose record is marked private is kept with its header
    /// alone (`User.isPrivate`: no posts, no place in other users' lists). The counts of the
    /// others still include both. `storage`: the local copy of the Storage bucket whose
    /// files a Makestagram export's photos are published from (nil: they are linked to).
    /// Photos are only collected here (`photos`); `PhotoStage` makes their variants.
    public static func build(from report: AuditReport, excluding: [String] = [], storage: StorageFolder? = nil) -> SiteModel {
        var model = SiteModel()
        let doc = report.export.document
        let schema = report.export.schema
        let index = report.index
        let usersName = schema.name(.users).text

        // Users that have a username, in uid order (the order slugs are handed out in).
        let order = KeyOrder.sortedIndices(index.users.map(\.uid))
        let excludedNames = Set(excluding.map(ExportIndex.fold)), excludedUIDs = Set(excluding)
        let privateNames = schema.names(.isPrivate)
        func isExcluded(_ user: UserEntry) -> Bool {
            excludedUIDs.contains(user.uid) || user.username.map({ excludedNames.contains(ExportIndex.fold($0)) }) == true
        }
        func isPrivate(_ user: UserEntry) -> Bool {
            // The flag may be kept in a map of the record (`professionalAcc.private`), or in a
            // second record keyed by uid (`user_privacy/<uid>`).
            guard let flag = doc.member(user.node, privateNames)
                ?? Schema.Field.nestedPrivateFlags.lazy.compactMap({ doc.member(user.node, $0) }).first
                ?? (user.details >= 0 ? doc.member(user.details, privateNames) : nil) else { return false }
            let value = doc.value(flag)
            if doc.kind(value) == .bool { return doc.rawText(value) == "true" }
            return doc.string(value).map(Schema.Field.isPrivateText) ?? false
        }
        // An app that keeps no username at all names its profiles by their name, else uid.
        let namesByField = !schema.isCarried(.username)
        func field(_ user: UserEntry, _ field: Schema.Field) -> String? {
            let names = schema.names(field)
            let node = doc.member(user.node, names) ?? (user.details >= 0 ? doc.member(user.details, names) : nil)
            return node.flatMap { doc.string(doc.value($0)) }
        }
        func displayName(_ user: UserEntry) -> String? {
            if let name = user.username { return name }
            guard namesByField else { return nil }
            return field(user, .name).flatMap { $0.isEmpty ? nil : $0 } ?? PublicID.of(user.uid)
        }
        var renderable: [Int] = []
        var privateUsers = Set<Int>()
        var excludedCount = 0
        for i in order {
            if isExcluded(index.users[i]) {
                excludedCount += 1
            } else if displayName(index.users[i]) == nil {
                model.skipped.append("\(usersName)/\(index.users[i].uid): no username, not rendered")
            } else {
                renderable.append(i)
                if isPrivate(index.users[i]) { privateUsers.insert(i) }
            }
        }
        if excludedCount > 0 {
            model.skipped.append("\(excludedCount) user\(excludedCount == 1 ? "" : "s") not published (exclude in sitegen.toml), with their posts")
        }
        if !privateUsers.isEmpty {
            let n = privateUsers.count
            model.skipped.append("\(n) private account\(n == 1 ? "" : "s") (private in the record): the profile's header only, posts and lists not published")
        }
        let slugs = Slugs.assign(renderable.map { displayName(index.users[$0])! })
        // Photos by key (a file's path, an image id; an avatar's path after "avatar "), each collected once.
        var photoIndex: [String: Int] = [:]
        for (n, i) in renderable.enumerated() {
            let entry = index.users[i]
            func text(_ name: Schema.Field) -> String { field(entry, name) ?? "" }
            model.userByIndex[Int32(i)] = model.users.count
            model.users.append(User(
                index: Int32(i), uid: PublicID.of(entry.uid), username: displayName(entry)!, slug: slugs[n],
                name: text(.name), bio: text(.bio), website: text(.url),
                avatar: field(entry, .avatarURL).flatMap { SafeURL.isHTTP($0) && !PublicID.holdsContact($0, key: entry.uid) ? $0 : nil } ?? "",
                postCount: report.counts.posts[i], followers: report.counts.followers[i], following: report.counts.following[i]
            ))
            model.users[model.users.count - 1].hasUsername = entry.username != nil
            model.users[model.users.count - 1].isPrivate = privateUsers.contains(i)
            // An avatar the local copy of the bucket holds is published (`setPictures` gives
            // its JPEG), whether the app wrote its URL or its Storage path; another keeps its
            // URL (a Storage path with no local copy: the initial).
            if let avatar = field(entry, .avatarURL), !avatar.isEmpty, let file = storage?.file(for: avatar) {
                let photo = Self.photo("avatar " + file, PhotoSource(origin: .file(file), label: file, shape: .avatar),
                                       index: &photoIndex, photos: &model.photos)
                model.users[model.users.count - 1].avatar = ""
                model.users[model.users.count - 1].avatarPhoto = Int32(photo)
            }
        }

        let rendered = model.userByIndex
        /// The rendered user a comment's username names (case-folded), -1 for none.
        func byUsername(_ name: String) -> Int32 {
            index.user(username: name).flatMap { rendered[$0] }.map(Int32.init) ?? -1
        }
        /// A comment author's name (the username of the user its uid or username names, else
        /// as written) and the rendered user it is, by uid, else by username (-1: none): an
        /// author that is no uid may be a username (karlhadwen's `displayName`, typed in
        /// another case: `Hana` for `hana`), looked up case-folded.
        func author(_ value: String) -> (String, Int32) {
            if let u = index.user(uid: value) { return (displayName(index.users[Int(u)]) ?? value, rendered[u].map(Int32.init) ?? -1) }
            return (value, byUsername(value))
        }
        var images: [String: Int32] = [:]
        if report.dialect == .timeline, let node = report.export.images {
            doc.forEachChild(node) { images[doc.key($0)] = $0 }
        }
        // A private account's posts are not even read: no page, tile, photo or video of theirs.
        for u in model.users.indices where !model.users[u].isPrivate {
            for p in index.postsOf[Int(model.users[u].index)] {
                let entry = index.posts[Int(p)]
                let path = index.path(ofPost: Int(p))
                // Every post the header counts has a tile: one without a usable image gets
                // a placeholder, one without a usable date the time of its push id.
                guard entry.isObject else {
                    model.skipped.append("\(path): not a post object, not rendered")
                    continue
                }
                let post: Post
                switch report.dialect {
                case .makestagram:
                    post = makestagramPost(entry, name: index.name(ofPost: Int(p)), owner: u, likes: report.counts.likes[Int(p)], doc: doc, schema: schema,
                                           comments: comments(index.comments(ofPost: Int(p), in: doc), doc: doc, schema: schema, author: author,
                                                              byUsername: byUsername),
                                           storage: storage, index: &photoIndex, photos: &model.photos)
                case .timeline:
                    post = timelinePost(entry, name: index.name(ofPost: Int(p)), owner: u, likes: report.counts.likes[Int(p)], doc: doc, schema: schema,
                                        images: images, imagesName: schema.name(.images).text, index: &photoIndex, photos: &model.photos)
                }
                model.users[u].posts.append(model.posts.count)
                model.posts.append(post)
            }
            let posts = model.posts
            model.users[u].posts.sort { a, b in
                let pa = posts[a], pb = posts[b]
                return pa.time != pb.time ? pa.time > pb.time : pa.key > pb.key
            }
        }
        model.graph = report.graph
        model.keepsFollows = report.export.keepsFollows
        for (folded, i) in index.usernameOwner {
            if let u = model.userByIndex[i] { model.userByFoldedName[folded] = u }
        }
        let orphans = report.findings.filter { $0.code == .postOrphan }.count
        if orphans > 0 { model.skipped.append("\(orphans) orphan post group\(orphans == 1 ? "" : "s") (owner is not a user), not rendered") }
        model.collectTags()
        return model
    }

    /// The photo `key` names (a file path, an image id), added to `photos` once.
    private static func photo(_ key: String, _ source: @autoclosure () -> PhotoSource, index: inout [String: Int], photos: inout [PhotoSource]) -> Int {
        if let known = index[key] { return known }
        index[key] = photos.count
        photos.append(source())
        return photos.count - 1
    }

    /// The comments of a makestagram post that have a text, in key order: its list's entries
    /// (an object of comments, or an array: comments embedded in a Firestore post), or the
    /// comments kept flat that name it (`ExportIndex.comments(ofPost:in:)`).
    private static func comments(_ nodes: [Int32], doc: JSONDocument, schema: Schema, author: (String) -> (String, Int32),
                                 byUsername: (String) -> Int32) -> [Comment] {
        var comments: [Comment] = []
        let (texts, authors) = (schema.names(.commentText), schema.names(.commentAuthor))
        for c in nodes {
            // A soft-deleted comment is not published (`Schema.isDeleted`).
            guard doc.isObject(c), !schema.isDeleted(c, in: doc), let text = doc.member(c, texts).flatMap({ doc.string(doc.value($0)) }) else { continue }
            var name = "", user: Int32 = -1
            if let field = doc.member(c, authors) {
                let value = doc.value(field)
                // An author is a uid, or an object with one (`author: {uid, full_name}`).
                let uid = doc.isObject(value) ? doc.member(value, schema.names(.uid)).flatMap(doc.string) : doc.string(value)
                if let uid { (name, user) = author(uid) }
            } else if let username = doc.member(c, schema.names(.username)).flatMap(doc.string) {
                name = username
                user = byUsername(username)
            }
            var comment = Comment(key: doc.key(c), username: name, text: text)
            comment.author = user
            comment.time = commentTime(c, doc: doc, schema: schema)
            comments.append(comment)
        }
        return comments.sorted { KeyOrder.less($0.key, $1.key) }
    }

    private static func makestagramPost(_ entry: PostEntry, name: String, owner: Int, likes: Int, doc: JSONDocument, schema: Schema,
                                        comments: [Comment], storage: StorageFolder?, index: inout [String: Int], photos: inout [PhotoSource]) -> Post {
        func member(_ field: Schema.Field) -> Int32? { doc.member(entry.node, schema.names(field)).map(doc.value) }
        // Seconds, milliseconds or ISO 8601 (`CreationTime`).
        var time: Int64?
        if let ms = member(.createdAt).flatMap({ CreationTime.milliseconds(doc, $0) }), Self.showableMilliseconds.contains(ms) {
            time = Int64(ms)
        }
        // Every item in order (`Schema.media`): an album's photos and videos, or the post's one.
        let items = schema.media(of: entry.node, in: doc)
        let ownItem = items.count == 1 && doc.members(entry.node, schema.names(.media) + schema.names(.videos)).isEmpty
        var media: [Media] = []
        for item in items {
            // A URL that is not http(s) is no image: a placeholder (a Storage path is published
            // only from the local copy, found by its URL).
            func http(_ url: String) -> String { SafeURL.isHTTP(url) ? url : "" }
            var (width, height) = (item.width, item.height)
            if ownItem && width == 0, let h = member(.imageHeight), doc.isNumber(h), let value = Double(doc.rawText(h)), value.isFinite,
               value > 0, value < 100_000 {
                // The tutorial's lone `image_height`: the height the app showed the image at on a 375-point-wide screen.
                (width, height) = (600, max(1, Int((600 * value / 375).rounded())))
            }
            var m = Media(kind: item.kind, src: http(item.url), width: width, height: height, alt: item.alt,
                          colour: BlurHash.averageColour(item.blurHash) ?? "")
            // The still: a photo's image, a video's poster (the app's, else its thumbnail).
            let still = item.kind == .video ? http(item.poster.isEmpty ? item.thumbnail : item.poster) : m.src
            if item.kind == .video {
                m.poster = still
                // A video the local copy of the bucket holds: published as a copy without its
                // metadata (the build needs FFmpeg for it: `Site.photos`), and, where the app
                // keeps no poster, with a frame of it as its poster.
                if let file = storage?.file(for: item.url) {
                    m.video = Int32(Self.photo("video " + file, PhotoSource(origin: .file(file), label: file, shape: .video),
                                               index: &index, photos: &photos))
                    if still.isEmpty {
                        m.photo = Int32(Self.photo("frame " + file, PhotoSource(origin: .videoFrame(file), label: file),
                                                   index: &index, photos: &photos))
                    }
                }
            }
            // A still the local copy of the bucket holds is published; another keeps its URL.
            if !still.isEmpty, let file = storage?.file(for: still) {
                m.photo = Int32(Self.photo(file, PhotoSource(origin: .file(file), label: file), index: &index, photos: &photos))
            }
            media.append(m)
        }
        let first = media.first
        var post = Post(key: name, owner: owner, src: first?.still ?? "", width: first?.width ?? 0, height: first?.height ?? 0,
                        caption: member(.caption).flatMap(doc.string) ?? "",
                        alt: member(.alt).flatMap(doc.string) ?? "",
                        time: time ?? pushIDTime(entry.key), likes: likes, comments: comments, photo: first?.photo ?? -1)
        post.media = media
        // The tile links the app's thumbnail of a remote photo where it keeps one.
        let thumbnail = items.first.map { SafeURL.isHTTP($0.thumbnail) && $0.kind == .photo ? $0.thumbnail : "" } ?? ""
        post.tileSrc = !thumbnail.isEmpty && post.photo < 0 ? thumbnail : post.src
        return post
    }

    /// A comment's time: its own `created_at` (`timestamp`, …) when usable, else its push id's.
    private static func commentTime(_ c: Int32, doc: JSONDocument, schema: Schema) -> Int64 {
        if let node = doc.member(c, schema.names(.createdAt)).map(doc.value), let ms = CreationTime.milliseconds(doc, node),
           showableMilliseconds.contains(ms) { return Int64(ms) }
        return pushIDTime(doc.key(c))
    }

    /// The creation time a push id encodes, when it is one and the time can be shown; else 0.
    static func pushIDTime(_ key: String) -> Int64 {
        PushID.milliseconds(key).flatMap { showableMilliseconds.contains(Double($0)) ? $0 : nil } ?? 0
    }

    /// Times a page can show: the years 1 to 9999 (ISO 8601 dates of HTML's `datetime` and
    /// Atom's `updated`). A `created_at` outside them (`1e111`) is no usable date.
    public static let showableMilliseconds: ClosedRange<Double> = -62_135_596_800_000 ... 253_402_300_799_999

    private static func timelinePost(_ entry: PostEntry, name: String, owner: Int, likes: Int, doc: JSONDocument, schema: Schema,
                                     images: [String: Int32], imagesName: String, index: inout [String: Int], photos: inout [PhotoSource]) -> Post {
        // An image that is missing leaves a placeholder tile; one that is not base64, empty
        // or cannot be decoded too, once `PhotoStage` has tried it.
        var photo: Int?
        if let id = doc.member(entry.node, schema.names(.imageEndpoint)).flatMap(doc.string), let imageNode = images[id] {
            photo = Self.photo(id, PhotoSource(origin: .base64(imageNode), label: "\(imagesName)/\(id)"), index: &index, photos: &photos)
        }
        var comments: [Comment] = []
        if let list = doc.member(entry.node, schema.names(.comments)), doc.isContainer(list) {
            for c in doc.children(list) where doc.isObject(c) {
                guard let text = doc.member(c, schema.names(.commentText)).flatMap(doc.string) else { continue }
                let name = doc.member(c, schema.names(.username)).flatMap(doc.string) ?? ""
                var comment = Comment(key: doc.key(c), username: name, text: text)
                comment.time = commentTime(c, doc: doc, schema: schema)
                comments.append(comment)
            }
            comments.sort { KeyOrder.less($0.key, $1.key) }
        }
        var post = Post(key: name, owner: owner, src: "", width: 600, height: 600,
                        caption: doc.member(entry.node, schema.names(.caption)).flatMap(doc.string) ?? "",
                        alt: doc.member(entry.node, schema.names(.alt)).flatMap(doc.string) ?? "",
                        time: pushIDTime(entry.key), likes: likes, comments: comments, photo: photo.map(Int32.init) ?? -1)
        var item = Media(kind: .photo, src: "", width: 600, height: 600, alt: "", colour: "")
        item.photo = post.photo
        post.media = [item]
        return post
    }

    /// Hashtags of every rendered caption, case-folded, each tag's posts newest first.
    private mutating func collectTags() {
        let allPosts = posts
        // Every #tag the site links (captions, bios, comments) gets a page, maybe empty.
        var byTag: [String: (display: String, posts: [Int])] = [:]
        func note(_ text: String, post: Int?) {
            var seen = Set<String>()
            for tag in MarkdownRenderer.hashtags(in: text) {
                let key = ExportIndex.fold(tag)
                if byTag[key] == nil { byTag[key] = (tag, []) }
                if let post, seen.insert(key).inserted { byTag[key]!.posts.append(post) }
            }
        }
        for u in users {
            note(u.bio, post: nil)
            for p in u.posts {
                note(allPosts[p].caption, post: p)
                for c in allPosts[p].comments { note(c.text, post: nil) }
            }
        }
        tags = byTag.keys.sorted().map { key in
            let posts = byTag[key]!.posts.sorted { a, b in
                let pa = allPosts[a], pb = allPosts[b]
                return pa.time != pb.time ? pa.time > pb.time : pa.key > pb.key
            }
            return (key, byTag[key]!.display, posts)
        }
    }
}

/// Every node and field name an export uses, in one place: the tutorial's names, the
/// variants that apps built from the tutorials write (`docs/export-format.md`, "What
/// real apps write"), and the site's `[schema]` mapping of renamed nodes and fields. The
/// loader builds one per export (`Schema+Spellings.swift` counts which spellings it
/// uses); the validator, the repair, the patch output and the site model ask it, and
/// nothing else spells a name.
public struct Schema: Sendable {
    /// The root nodes, by the tutorial's names, and the roles beyond the tutorials'
    /// (`docs/export-format.md`, "Roles beyond the tutorials").
    public enum Node: String, CaseIterable, Sendable {
        case users, posts, followers, following, postLikes, timeline, images
        /// `comments/<postKey>/<commentKey>` (the makestagram dialect; the timeline dialect keeps them in the post).
        case comments
        /// `user_posts/<uid>/<postKey>: true`: an index of each user's posts.
        case userPosts = "user_posts"
        /// `<root>/<uid>`: more fields of each user in a second root.
        case userDetails = "user_details"
        /// `<root>/<uid>/<postKey>: true`: what each user liked.
        case userLikes = "user_likes"
        /// `<root>/<postKey>/<commentKey>: true`: an index of each post's comments, where the
        /// comments are kept flat by their own key and name no post (son/Instagram's
        /// `post-comments` beside `comments/<id>: {uid, commentText}`): each comment is the
        /// post's whose list holds its key. Mapped only (no default spelling).
        case postComments = "post_comments"

        /// Its position in `allCases`, without building `allCases` (as `Field.ordinal`).
        var ordinal: Int {
            switch self {
            case .users: 0
            case .posts: 1
            case .followers: 2
            case .following: 3
            case .postLikes: 4
            case .timeline: 5
            case .images: 6
            case .comments: 7
            case .userPosts: 8
            case .userDetails: 9
            case .userLikes: 10
            case .postComments: 11
            }
        }

        /// The root names recognised without a mapping, in the order they are tried (a
        /// node with none, `user_details`, `user_likes` and `post_comments`, exists only
        /// when mapped).
        func variants(_ dialect: Dialect) -> [String] {
            switch self {
            case .followers: return dialect == .makestagram ? ["followers", "user-followers"] : ["followers"]
            case .following: return dialect == .makestagram ? ["following", "user-following"] : ["following"]
            case .postLikes: return dialect == .makestagram ? ["postLikes", "likes", "post-likes", "post_likes"] : ["postLikes"]
            case .comments: return dialect == .makestagram ? ["comments", "postComments", "post-comments", "post_comments"] : []
            case .userPosts: return dialect == .makestagram ? ["user-posts", "userPosts", "user_posts"] : []
            case .userDetails, .userLikes, .postComments: return []
            default: return [rawValue]
            }
        }
    }

    /// What a record holds a field in: a field's spellings must differ only from the other
    /// fields of the same kind of record (`uid` is a post's owner and a poster's uid).
    enum Record: CaseIterable {
        case user, post, poster, timelineEntry, entry
        /// An item of an array of maps that stands for one user: of a `followers` list (the
        /// follower), of a `following` list (the one followed), of a post's likes (the liker).
        case followerItem, followedItem, likeItem
        /// A document that is one follow, naming both its users (`follows/<id>: {followerId,
        /// followingId}`): the follower and the one followed are two fields of one record.
        case edgeDocument
    }

    /// The fields of records, by the tutorial's names (the keys of `[schema.fields]`).
    public enum Field: String, CaseIterable, Sendable {
        // Users.
        case username, name, bio, url, follows
        case postCount = "post_count", followerCount = "follower_count", followingCount = "following_count"
        // Makestagram posts, their `poster` copy and timeline entries.
        case imageURL = "image_url", imageHeight = "image_height", createdAt = "created_at"
        case likeCount = "like_count", poster, uid, caption
        case posterUID = "poster_uid"
        // Timeline posts, their likes and comments.
        case imageEndpoint, likes, comments, post
        /// A comment's text (the key `text` of older configs is read as this).
        case commentText = "comment_text"
        /// `true` (or the text `"true"` or `"private"`) on a user whose posts must not be published
        /// (`private`, `isPrivate`, `is_private`, `professionalAcc.private`, `accountType: "private"`).
        case isPrivate = "private"
        // Roles beyond the tutorials'.
        case avatarURL = "avatar_url", postOwner = "post_owner", imageWidth = "image_width"
        case commentCount = "comment_count", commentAuthor = "comment_author"
        /// A post's description of its photo, for its alt text (`alt`, `altText`, `accessibilityLabel`).
        case alt
        /// The id the rest of the data uses for a user whose record's key is not it (`userId`
        /// in a record keyed by an auto id); read only when mapped.
        case userID = "user_id"
        // A post's media (`Schema+Spellings.swift`, "Albums and videos"): a list of items,
        // each a photo or a video; an item's fields, read in each item and in a post of one.
        case media, videos
        case mediaURL = "media_url", videoURL = "video_url", mediaType = "media_type"
        case isVideo = "is_video", isImage = "is_image", videoPoster = "video_poster"
        case thumbnailURL = "thumbnail_url", aspectRatio = "aspect_ratio", blurHash = "blur_hash"
        // (Declared last: `ordinal` is the position in `allCases`.)
        /// A second id of a user that some of the data holds where the rest holds the record's
        /// key (the sign-in uid keying likes, where edges and owners hold the document's key:
        /// one person, two ids); read only when mapped.
        case userAlias = "user_alias"
        /// The member of each item of an array of maps that names the user the item stands
        /// for (docs/export-format.md, "Lists of maps"): in a `followers` list, the follower
        /// (`followers: [{followedBy: uid}]`); in a `following` list, the one followed
        /// (`following: [{userId: uid}]`); in a post's likes, the liker (`like:
        /// [{authorUserName}]`). Read only when mapped; an item of a list with none mapped
        /// names the user in whichever member holds a user's id. In a root of edge documents,
        /// each one follow (`seguimientos/<a>_<b>: {seguidor, seguido}`), `follower_id` and
        /// `followed_id` are the fields that name its two users (docs/export-format.md, "Follows
        /// as documents").
        case followerID = "follower_id", followedID = "followed_id", likerID = "liker_id"
        /// A boolean of posts and comments that marks a record soft-deleted (`isActive: false`,
        /// `isDeleted: true`): its polarity read from its name (`Field.deletedValue`). A deleted
        /// post is not indexed (not counted, not published, its timeline entries stale), a
        /// deleted comment not counted nor published; the repair never removes either. Read
        /// only when mapped (`inspect` guesses it: `SoftDeleteDetector`).
        case deleted
        /// The member of a comment that names the comment it answers (`parentCommentId`):
        /// mapped, the post's comment counter counts the comments without one (top-level
        /// comments) only; the page still shows every comment. Read only when mapped
        /// (`inspect` guesses it: `RepliesDetector`).
        case commentParent = "comment_parent"

        /// The item field of the lists at `node`, where the node's lists may be arrays of maps.
        static func itemField(of node: Node) -> Field? {
            switch node {
            case .followers: .followerID
            case .following: .followedID
            case .postLikes: .likerID
            default: nil
            }
        }

        /// Whether two fields are never read in one export: a makestagram post's `like_count`
        /// and the timeline dialect's lists in its posts (`likes`, `comments`).
        static func neverReadTogether(_ a: Field, _ b: Field) -> Bool {
            let makestagram: Set<Field> = [.likeCount, .postOwner, .poster]
            let timeline: Set<Field> = [.likes, .comments, .imageEndpoint]
            return (makestagram.contains(a) && timeline.contains(b)) || (timeline.contains(a) && makestagram.contains(b))
                || mayBeTheUsername(a, b) || mayBeTheUsername(b, a)
        }

        /// Whether `a` and `b` are a post's counter and the list it counts, which the
        /// makestagram dialect keeps as a node of its own (a root collection, or a list the
        /// mapping places: `Mapping.conflict` refuses one kept in the posts under the
        /// counter's name), never as that field of the post: vuegram's counter `comments`
        /// beside its root `comments` collection, as `like_count = "likes"` beside a root
        /// of likes. Only the timeline dialect keeps the list in the post under its name.
        static func keptElsewhere(_ a: Field, _ b: Field) -> Bool {
            Set([a, b]) == [.commentCount, .comments]
        }

        /// Whether `owner` may be read from the username's own field: a post's owner or a
        /// comment's author that is the person's username (`post_owner = "username"`), as
        /// apps with no users node write it (docs/export-format.md, "Users implied by posts").
        static func mayBeTheUsername(_ owner: Field, _ username: Field) -> Bool {
            username == .username && (owner == .postOwner || owner == .commentAuthor)
        }

        /// Keys of older configs read as another field's: `text` is `comment_text`.
        package static let aliases: [String: Field] = ["text": .commentText]
        /// `private` spelled inside a map of the user's record (a path: `isPrivate`'s names are
        /// members of the record itself).
        package static let nestedPrivateFlags = [Name("professionalAcc/private")]

        /// Whether a text in the private flag says the account is private: `true`,
        /// `private` (in the languages of `RoleWords`), or a visibility to followers or
        /// friends only (SNap's `publication_area: "followPublic"`, `followers`,
        /// `followers_only`, `friends`, `only_me`); matched folded (`RoleWords.fold`).
        /// `public`, `everyone`, `anonymous` and any other text say it is not.
        package static func isPrivateText(_ text: String) -> Bool {
            let folded = RoleWords.fold(text)
            if privateTexts.contains(folded) { return true }
            // `followers`, `seguidores`, `takipciler`, with an `only` before or after.
            var core = Substring(folded)
            for only in ["only", "solo", "apenas", "sadece", "seulement", "nur"] {
                if core.hasPrefix(only) && core.count > only.count { core = core.dropFirst(only.count) }
                if core.hasSuffix(only) && core.count > only.count { core = core.dropLast(only.count) }
            }
            return RoleWords.names(.followers, String(core)) || ["friend", "friends", "closefriends"].contains(core)
        }

        /// Texts of a private flag that say private, folded.
        private static let privateTexts: Set<String> = [
            "true", "private", "followpublic", "onlyme", "privado", "privada", "prive", "privee", "privat", "privato", "privata",
            "gizli", "pribadi",
        ]

        /// Whether `field`, mapped, may take the tutorial's name of `other`, not mapped: a
        /// post's owner read from the field the tutorial calls `poster`, where an app keeps
        /// the owner's id there as a plain string (an owner is read from the tutorial's
        /// `{uid, username}` copy too, so both readings agree). `other` is then not read.
        static func mayTakeName(_ field: Field, of other: Field) -> Bool {
            field == .postOwner && other == .poster
        }

        /// The spellings recognised without a mapping, the tutorial's first.
        func variants(_ dialect: Dialect) -> [String] {
            let owners = ["uid", "userId", "ownerId", "ownerUid", "authorId", "user_id"]
            switch self {
            case .username: return dialect == .timeline ? ["username", "user", "userName"] : ["username", "userName", "user_name"]
            case .name: return ["name", "fullName", "fullname", "full_name", "displayName", "display_name"]
            case .postCount: return ["post_count", "posts_count", "postsCount"]
            case .followerCount: return ["follower_count", "followers_count", "followersCount"]
            case .followingCount: return ["following_count", "followingCount"]
            case .likeCount: return ["like_count", "likes_count", "likesCount"]
            case .commentCount: return ["comment_count", "comments_count", "commentsCount", "commentCount"]
            case .createdAt: return ["created_at", "createdAt", "creationDate", "timestamp"]
            case .imageURL: return ["image_url", "img_url", "imageUrl", "imageURL", "photoUrl", "full_url"]
            case .imageHeight: return ["image_height", "img_height", "imageHeight", "height"]
            case .imageWidth: return ["image_width", "imageWidth", "width"]
            case .avatarURL:
                return ["avatar_url", "profileImageUrl", "profileImageURL", "profile_image_url", "photoURL", "photoUrl", "avatarUrl", "avatar",
                        "profileImg", "profilePic", "userImage", "userImg", "userPhoto"]
            case .postOwner: return ["post_owner"] + owners
            case .commentAuthor: return ["comment_author"] + owners
            case .commentText: return dialect == .timeline ? ["text", "comment", "body"] : ["comment_text", "text", "comment", "body"]
            case .imageEndpoint: return ["imageEndpoint", "imageEndPoint", "image"]
            case .likes: return ["likes", "like"]
            case .post: return ["post", "postIdentifier", "postID"]
            case .isPrivate: return ["private", "isPrivate", "is_private", "accountType", "account_type"]
            case .alt: return ["alt", "altText", "accessibilityLabel"]
            case .userAlias, .userID, .followerID, .followedID, .likerID, .deleted, .commentParent: return []
            // A timeline entry's owner: the tutorial's, and the `{poster}` maps of other apps.
            case .posterUID: return ["poster_uid", "posterUid", "posterId", "poster", "ownerId", "uid"]
            default: return Self.mediaVariants[self] ?? [rawValue]
            }
        }

        /// The kinds of record that hold it.
        var records: [Record] {
            switch self {
            case .username: [.user, .post, .poster, .entry]
            case .name, .bio, .url, .follows, .postCount, .followerCount, .followingCount, .isPrivate, .avatarURL, .userID, .userAlias: [.user]
            case .imageURL, .imageHeight, .imageWidth, .likeCount, .poster, .caption, .imageEndpoint, .likes, .comments,
                 .postOwner, .commentCount, .alt: [.post]
            case .media, .videos, .mediaURL, .videoURL, .mediaType, .isVideo, .isImage, .videoPoster, .thumbnailURL, .aspectRatio,
                 .blurHash: [.post]
            case .createdAt: [.post, .entry]
            case .uid: [.poster]
            case .posterUID: [.timelineEntry]
            case .post, .commentText, .commentAuthor, .commentParent: [.entry]
            case .deleted: [.post, .entry]
            case .followerID: [.followerItem, .edgeDocument]
            case .followedID: [.followedItem, .edgeDocument]
            case .likerID: [.likeItem]
            }
        }

        /// The counters, whose absence is a finding only when the app keeps them.
        static let counters: [Field] = [.postCount, .followerCount, .followingCount, .likeCount, .commentCount]

        /// Fields whose presence in any record says what the app keeps (a counter, the
        /// `poster` copy, usernames, a width beside the height): counted in every export.
        static let presence: [Field] = counters + [.poster, .username, .imageWidth, .postOwner]

        /// Its position in `allCases`, without building `allCases` (lookups run per record).
        var ordinal: Int {
            switch self {
            case .username: 0
            case .name: 1
            case .bio: 2
            case .url: 3
            case .follows: 4
            case .postCount: 5
            case .followerCount: 6
            case .followingCount: 7
            case .imageURL: 8
            case .imageHeight: 9
            case .createdAt: 10
            case .likeCount: 11
            case .poster: 12
            case .uid: 13
            case .caption: 14
            case .posterUID: 15
            case .imageEndpoint: 16
            case .likes: 17
            case .comments: 18
            case .post: 19
            case .commentText: 20
            case .isPrivate: 21
            case .avatarURL: 22
            case .postOwner: 23
            case .imageWidth: 24
            case .commentCount: 25
            case .commentAuthor: 26
            case .alt: 27
            case .userID: 28
            case .media: 29
            case .videos: 30
            case .mediaURL: 31
            case .videoURL: 32
            case .mediaType: 33
            case .isVideo: 34
            case .isImage: 35
            case .videoPoster: 36
            case .thumbnailURL: 37
            case .aspectRatio: 38
            case .blurHash: 39
            case .userAlias: 40
            case .followerID: 41
            case .followedID: 42
            case .likerID: 43
            case .deleted: 44
            case .commentParent: 45
            }
        }
    }

    /// Where a node lives: a path from the root in which `*` stands for each record's key
    /// at that level, as often as the path needs (`[schema.nodes]`, docs/apps.md): a root
    /// node `followers`, a member of each record `users/*/following`, or deeper
    /// `users/*/posts/*/likes`; a path ending in `*` holds a list per key at that level
    /// (`posts_likes/*/*`: likes kept by owner, then by post). The Firestore reader's tree is read through the same paths
    /// (a subcollection is a child node of its document).
    public struct Place: Sendable, Equatable {
        /// The path's components from the root; nil is a `*`.
        public let parts: [Name?]

        init(parts: [Name?]) { self.parts = parts }

        /// A root node.
        public static func root(_ name: Name) -> Place { Place(parts: [name]) }

        /// A `[schema.nodes]` value: names and `*`s between slashes, starting with a name
        /// and holding one at least; nil for anything else (an empty component, a `*`
        /// inside a name).
        init?(mapped text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 1 {
                self.parts = [Name(text)]
                return
            }
            guard let first = parts.first, first != "*",
                  parts.allSatisfy({ !$0.isEmpty && ($0 == "*" || !$0.contains("*")) }) else { return nil }
            self.parts = parts.map { $0 == "*" ? nil : Name(String($0)) }
        }

        /// The root node it is in.
        public var root: Name { parts[0]! }

        /// The node's name as a path component: the last name (the root's, for `root/*/*`).
        public var last: Name { parts.last(where: { $0 != nil })!! }

        /// Whether it is a root node (no path).
        public var isRoot: Bool { parts.count == 1 }

        /// How many `*`s the path has.
        public var stars: Int { parts.count { $0 == nil } }

        /// The pattern of the lists it holds per key: `<root>/*` for a root node (a list
        /// per child), the path itself otherwise (a list per match, keyed by its last `*`).
        var lists: [Name?] { isRoot ? parts + [nil] : parts }

        /// Whether it is `records/<key>/<member>` for records at `pattern` (a list kept in
        /// each of those records, such as `posts/*/likes` in flat posts `posts/*`).
        func isMember(of pattern: [Name?]) -> Bool {
            parts.count == pattern.count + 1 && parts[parts.count - 1] != nil && Array(parts.dropLast()) == pattern
        }

        /// The names below records at `pattern` where it is kept in each of those records at
        /// any depth (`posts/*/likes`: `[likes]`; `users/*/posts/*/likes/users`, for posts at
        /// `users/*/posts/*`: `[likes, users]`); nil where it is not.
        func members(below pattern: [Name?]) -> [Name]? {
            guard parts.count > pattern.count, Array(parts.prefix(pattern.count)) == pattern else { return nil }
            let rest = parts.dropFirst(pattern.count)
            guard rest.allSatisfy({ $0 != nil }) else { return nil }
            return rest.map { $0! }
        }

        public var text: String { parts.map { $0?.text ?? "*" }.joined(separator: "/") }
    }

    /// A name as the export spells it, with its UTF-8 bytes for comparing keys.
    public struct Name: Sendable, Hashable, CustomStringConvertible {
        public static func == (a: Name, b: Name) -> Bool { a.text == b.text }
        public func hash(into hasher: inout Hasher) { hasher.combine(text) }

        public let text: String
        let bytes: [UInt8]
        /// A field's path into the record (`stats/posts`, a mapped spelling): its names; else
        /// nil (nothing more to count on each copy of a name).
        let parts: [Name]?

        init(_ text: String) {
            self.text = text
            self.bytes = Array(text.utf8)
            self.parts = text.contains("/") ? text.split(separator: "/").map { Name(String($0)) } : nil
        }

        /// Whether it is a path into the record.
        var isPath: Bool { parts != nil }

        /// The keys it is added at below a record: its path's, or itself.
        var keys: [String] { parts?.map(\.text) ?? [text] }

        public var description: String { text }
    }

    /// What `[schema]` in sitegen.toml says: the dialect, and the app's names for the
    /// tutorial's nodes and fields (a node's name may be a path `root/*/member`).
    public struct Mapping: Sendable, Equatable, Codable {
        public var dialect: Dialect?
        public var nodes: [Node: String] = [:]
        public var fields: [Field: String] = [:]

        public init(dialect: Dialect? = nil, nodes: [Node: String] = [:], fields: [Field: String] = [:]) {
            self.dialect = dialect
            self.nodes = nodes
            self.fields = fields
        }

        /// Why the mapping cannot be used (two names made one), or nil. A mapped name may
        /// not be another mapped one; it takes a spelling, the tutorial's name included, from
        /// the node or field that has it unmapped (`posts = "user_posts"`, `following =
        /// "followers"`: that node is then read under its other spellings, else absent).
        /// `read`: the dialect the export is read in, where the mapping names none (the
        /// loader asks again once it has detected it); unknown, a name that clashes only in
        /// the timeline dialect is let through.
        public func conflict(in read: Dialect? = nil) -> String? {
            let dialect = self.dialect ?? read
            var nodeOwner: [String: Node] = [:]
            for node in Node.allCases {
                guard let name = candidates(node, .makestagram).first else { continue }
                if let other = nodeOwner[name], !(Set([other, node]) == [.posts, .comments] && keepsCommentsAmongPosts) {
                    return "schema.nodes would make \(other.rawValue) and \(node.rawValue) one node, \"\(name)\""
                }
                nodeOwner[name] = node
            }
            for record in Record.allCases {
                var fieldOwner: [String: Field] = [:]
                for field in Field.allCases where field.records.contains(record) {
                    guard let name = fields[field] ?? field.variants(.makestagram).first else { continue }
                    if let other = fieldOwner[name], other != field, !Field.neverReadTogether(other, field), !Field.readAsOne(other, field),
                       !(dialect != .timeline && Field.keptElsewhere(other, field)),
                       !(fields[field] != nil && fields[other] == nil && Field.mayTakeName(field, of: other)),
                       !(fields[other] != nil && fields[field] == nil && Field.mayTakeName(other, of: field)) {
                        return "schema.fields would make \(other.rawValue) and \(field.rawValue) one field, \"\(name)\""
                    }
                    if fieldOwner[name] == nil || fields[field] != nil { fieldOwner[name] = field }
                }
            }
            // A field may share its name with a node kept elsewhere (UIKit's counter
            // `posts/<id>/likes` beside its `posts/*/post-likes`), not with a node kept in
            // the same records: `like_count = "likes"` with `postLikes = "posts/*/likes"`.
            // A user's counters are read from a second root of user records where one is
            // mapped (mitch's `user_account_settings/<uid>/followers` beside FriendlyPix's
            // `users/<uid>/followers` list): not the same records.
            let counters: Set<Field> = nodes[.userDetails] == nil ? [] : [.postCount, .followerCount, .followingCount]
            let records: [(root: String, fields: [Field])] = [
                (nodes[.users] ?? Node.users.rawValue, Field.allCases.filter { $0.records == [.user] && !counters.contains($0) }),
                (nodes[.posts] ?? Node.posts.rawValue, Field.allCases.filter { $0.records.contains(.post) }),
            ]
            for node in Node.allCases {
                guard let path = nodes[node], let slash = path.lastIndex(of: "/"), path[..<slash].hasSuffix("/*") else { continue }
                let parent = String(path[..<path.index(slash, offsetBy: -2)]), member = String(path[path.index(after: slash)...])
                for (root, kept) in records where root == parent {
                    if let field = kept.first(where: { fields[$0] == member }) {
                        // A Firestore field beside a subcollection of its name is keyed apart
                        // (`FirestoreNames.shadowedFieldKey`): the two never clash.
                        return "schema.fields.\(field.rawValue) = \"\(member)\" is also schema.nodes.\(node.rawValue) = \"\(path)\", in the same records"
                            + " (a Firestore field beside a subcollection of its name is \"\(FirestoreNames.shadowedFieldKey(member))\")"
                    }
                }
            }
            return nil
        }

        /// The spellings of `field` in `dialect`: the mapped one, else its variants less
        /// those that a mapping gives to another field of the same records.
        func spellings(_ field: Field, _ dialect: Dialect) -> [String] {
            // `username = "*"`: users are keyed by it; posts and their copies keep the variants.
            if let mapped = fields[field], !(field == .username && mapped == "*") { return [mapped] }
            let taken = Set(fields.compactMap { other, name in
                other != field && other.records.contains(where: field.records.contains)
                    && !Field.mayBeTheUsername(other, field) && !Field.mayBeTheUsername(field, other) ? name : nil
            })
            return field.variants(dialect).filter { !taken.contains($0) }
        }

        /// The root names `node` may have in `dialect`, in the order they are tried: the
        /// mapped one, else its variants less those another node is mapped to.
        func candidates(_ node: Node, _ dialect: Dialect) -> [String] {
            if let mapped = nodes[node] { return [mapped] }
            var taken = Set(nodes.values)
            // The comments kept among the posts leave the posts their name.
            if node == .posts && keepsCommentsAmongPosts, let comments = nodes[.comments] { taken.remove(comments) }
            return node.variants(dialect).filter { !taken.contains($0) }
        }

        /// Whether the comments are mapped to the posts' own root, each naming its post in
        /// the mapped `post` field (`comments = "posts"`, `post = "parent_post"`: SNap's
        /// `posts/<id>: {type: "comment", parent_post}`): a record of it holding that field
        /// is a comment, any other a post (docs/export-format.md, "Comments kept among the
        /// posts").
        var keepsCommentsAmongPosts: Bool {
            guard let comments = nodes[.comments], fields[.post] != nil, !comments.contains("/") else { return false }
            return comments == (nodes[.posts] ?? Node.posts.variants(dialect ?? .makestagram).first { !nodes.values.contains($0) || $0 == comments })
        }
    }

    public let dialect: Dialect
    public let mapping: Mapping
    /// Where each node is, by `Node` case order (nil: the export has no such node).
    private let places: [Place?]
    /// Each field's accepted spellings in reading order (the mapping's, or the variants
    /// with the tutorial's first), by `Field` case order.
    private let fieldNames: [[Name]]
    /// Each field's spelling for a path or an added field: the one the export uses most
    /// (the first on a tie).
    private let preferred: [Name]
    /// How many records carry each field, in any spelling.
    private let carriedCounts: [Int]
    /// Records that carry each spelling of each field (by field, then spelling).
    let spellingCounts: [[Int]]
    /// Whether posts are flat (`posts/<postKey>` with a `post_owner`), not by owner.
    public let flatPosts: Bool
    /// Whether comments are kept flat, each naming its post (`comments/<id>: {postId, …}`,
    /// the `post` field), not in a list per post.
    public let flatComments: Bool
    /// Whether likes are kept flat, each naming its post (`likes/<id>: {postUuid, userId}`).
    public let flatLikes: Bool
    /// The follow node (`followers` or `following`) kept as a root of edge documents, each
    /// one follow naming its follower and the one followed in the mapped `follower_id` and
    /// `followed_id` (`seguimientos/<a>_<b>: {seguidor, seguido}`); nil when none is.
    public let edgeDocuments: Node?

    /// The schema of an export of `dialect` read with `mapping`; `counts` are the
    /// records that carry each spelling (by field, then spelling), from `Schema.count`;
    /// `places`: where each node is (by default at its mapped or first name).
    package init(dialect: Dialect, mapping: Mapping, counts: [[Int]]? = nil, places: [Place?]? = nil, flatPosts: Bool = false,
                 flatComments: Bool = false, flatLikes: Bool = false, edgeDocuments: Node? = nil) {
        self.dialect = dialect
        self.mapping = mapping
        self.places = places ?? Node.allCases.map { node in
            mapping.candidates(node, dialect).first.flatMap { Place(mapped: $0) }
        }
        self.flatPosts = flatPosts
        self.flatComments = flatComments
        self.flatLikes = flatLikes
        self.edgeDocuments = edgeDocuments
        let names = Field.allCases.map { mapping.spellings($0, dialect).map(Name.init) }
        fieldNames = names
        var preferred: [Name] = []
        var carried: [Int] = []
        var all: [[Int]] = []
        for (f, spellings) in names.enumerated() {
            let used = counts?[f] ?? Array(repeating: 0, count: spellings.count)
            var best = 0
            for s in spellings.indices where used[s] > used[best] { best = s }
            preferred.append(spellings.isEmpty ? Name(Field.allCases[f].rawValue) : spellings[best])
            carried.append(used.reduce(0, +))
            all.append(used)
        }
        self.preferred = preferred
        self.carriedCounts = carried
        self.spellingCounts = all
    }

    /// The export's name for a root node (for a node kept in each record, the member's name).
    public func name(_ node: Node) -> Name { places[node.ordinal]?.last ?? Name(node.rawValue) }

    /// Where the export keeps `node`; nil when it has none.
    public func place(_ node: Node) -> Place? { places[node.ordinal] }

    /// The spelling of `field` for paths and for a field the repair adds.
    public func name(_ field: Field) -> Name { preferred[field.ordinal] }

    /// Every spelling of `field` the export may use, in reading order.
    public func names(_ field: Field) -> [Name] { fieldNames[field.ordinal] }

    /// Whether any record of the export carries `field` (in any spelling); usernames are
    /// carried by every user keyed by one.
    public func isCarried(_ field: Field) -> Bool { carriedCounts[field.ordinal] > 0 || (field == .username && usernameIsKey) }

    /// Whether users are keyed by their username (`username = "*"` in `[schema.fields]`:
    /// `users/<username>`, edges and owners holding usernames).
    public var usernameIsKey: Bool { mapping.fields[.username] == "*" }

    /// How many records carry `field` (in any spelling; counted for the fields that matter).
    public func carriedCount(_ field: Field) -> Int { carriedCounts[field.ordinal] }

    /// The mapped nodes and fields that the export does not have, as warnings.
    public func unusedMappings(in document: JSONDocument) -> [String] {
        var unused: [String] = []
        for (node, name) in mapping.nodes.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !document.isObject(document.root) || Place(mapped: name).flatMap({ document.member(document.root, $0.root) }) == nil {
            let root = Place(mapped: name)?.root.text ?? name
            unused.append("[schema.nodes] \(node.rawValue) = \"\(name)\": the export has no root node \"\(root)\"")
        }
        let counted = Schema.countedFields
        for (field, name) in mapping.fields.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where counted.contains(field) && !isCarried(field) && !(field == .username && usernameIsKey) {
            unused.append("[schema.fields] \(field.rawValue) = \"\(name)\": no record of the export has a field \"\(name)\"")
        }
        return unused
    }
}

// MARK: - Looking names up in the document

extension JSONDocument {
    @inline(__always) func keyEquals(_ i: Int32, _ name: Schema.Name) -> Bool {
        name.bytes.withUnsafeBufferPointer { keyEquals(i, $0.baseAddress!, $0.count) }
    }

    /// Whether member `i`'s key is the `length` bytes at `name` (not escaped).
    @inline(__always) func keyEquals(_ i: Int32, _ name: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let n = nodes[Int(i)]
        guard n.keyDelta != 0 else { return false }
        let first = n.start - Int(n.keyDelta) + 1
        guard first + length < n.start, bytes[first + length] == UInt8(ascii: "\"") else { return false }
        return memcmp(bytes.baseAddress! + first, name, length) == 0
    }

    /// The first byte of member `i`'s key (nil for an array element or an empty key).
    @inline(__always) func keyFirstByte(_ i: Int32) -> UInt8? {
        let n = nodes[Int(i)]
        guard n.keyDelta != 0 else { return nil }
        let first = bytes[n.start - Int(n.keyDelta) + 1]
        return first == UInt8(ascii: "\"") ? nil : first
    }

    /// The member of object `i` named `name` (of duplicate keys, the last); for a path
    /// (`stats/posts`), the member at its end.
    public func member(_ i: Int32, _ name: Schema.Name) -> Int32? {
        guard isObject(i) else { return nil }
        if let parts = name.parts {
            var node = i
            for part in parts {
                guard let m = member(node, part) else { return nil }
                node = m
            }
            return node
        }
        var found: Int32?
        forEachChild(i) { c in if keyEquals(c, name) { found = c } }
        return found
    }

    /// The member of object `i` under the first of `names` it has: one pass over the members
    /// (a path, which only a mapping spells, is always the only name).
    public func member(_ i: Int32, _ names: [Schema.Name]) -> Int32? {
        guard isObject(i) else { return nil }
        if names.count == 1 { return member(i, names[0]) }
        var found: Int32?
        var rank = names.count
        forEachChild(i) { c in
            for r in 0..<min(rank + 1, names.count) where keyEquals(c, names[r]) {
                found = c
                rank = r
                break
            }
        }
        return found
    }

    /// Every member of object `i` under one of `names`, in the order of `names`.
    public func members(_ i: Int32, _ names: [Schema.Name]) -> [Int32] {
        names.compactMap { member(i, $0) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The names of the mapping's dictionaries are encoded as keys (sorted), not as pairs in
// the dictionary's order, which differs between processes.
extension Dialect: Codable {}
extension Schema.Node: Codable, CodingKeyRepresentable {}
extension Schema.Field: Codable, CodingKeyRepresentable {}

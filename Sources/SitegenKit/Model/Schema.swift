/// Every node and field name an export uses, in one place: the tutorial's names, the
/// variants that apps built from the tutorials write (`shared/spec/real-apps.md`), and
/// the site's `[schema]` mapping of renamed nodes and fields. The loader builds one per
/// export (`Schema+Spellings.swift` counts which spellings it uses); the validator, the
/// repair, the patch output and the site model ask it, and nothing else spells a name.
public struct Schema: Sendable {
    /// The root nodes, by the tutorial's names.
    public enum Node: String, CaseIterable, Sendable {
        case users, posts, followers, following, postLikes, timeline, images

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
            }
        }
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
        case imageEndpoint, likes, comments, post, text
        /// `true` on a user who must not be published (`private`, `isPrivate`, `is_private`).
        case isPrivate = "private"
        /// A post's description of its photo, for its alt text (`alt`, `altText`, `accessibilityLabel`).
        case alt

        /// The spellings recognised without a mapping, the tutorial's first.
        func variants(_ dialect: Dialect) -> [String] {
            switch self {
            case .username: return dialect == .timeline ? ["username", "user", "userName"] : ["username"]
            case .postCount: return ["post_count", "posts_count"]
            case .followerCount: return ["follower_count", "followers_count"]
            case .likeCount: return ["like_count", "likes_count"]
            case .createdAt: return ["created_at", "createdAt"]
            case .imageURL: return ["image_url", "img_url"]
            case .imageHeight: return ["image_height", "img_height"]
            case .imageEndpoint: return ["imageEndpoint", "imageEndPoint", "image"]
            case .likes: return ["likes", "like"]
            case .post: return ["post", "postIdentifier", "postID"]
            case .isPrivate: return ["private", "isPrivate", "is_private"]
            case .alt: return ["alt", "altText", "accessibilityLabel"]
            default: return [rawValue]
            }
        }

        /// The counters, whose absence is a finding only when the app keeps them.
        static let counters: [Field] = [.postCount, .followerCount, .followingCount, .likeCount]

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
            case .text: 20
            case .isPrivate: 21
            case .alt: 22
            }
        }
    }

    /// A name as the export spells it, with its UTF-8 bytes for comparing keys.
    public struct Name: Sendable, Hashable, CustomStringConvertible {
        public let text: String
        let bytes: [UInt8]

        init(_ text: String) {
            self.text = text
            self.bytes = Array(text.utf8)
        }

        public var description: String { text }
    }

    /// What `[schema]` in sitegen.toml says: the dialect, and the app's names for the
    /// tutorial's nodes and fields.
    public struct Mapping: Sendable, Equatable {
        public var dialect: Dialect?
        public var nodes: [Node: String] = [:]
        public var fields: [Field: String] = [:]

        public init(dialect: Dialect? = nil, nodes: [Node: String] = [:], fields: [Field: String] = [:]) {
            self.dialect = dialect
            self.nodes = nodes
            self.fields = fields
        }

        /// Why the mapping cannot be used (two names made one), or nil.
        public func conflict() -> String? {
            var nodeOwner: [String: Node] = [:]
            for node in Node.allCases {
                let name = nodes[node] ?? node.rawValue
                if let other = nodeOwner[name] {
                    return "schema.nodes would make \(other.rawValue) and \(node.rawValue) one node, \"\(name)\""
                }
                nodeOwner[name] = node
            }
            var fieldOwner: [String: Field] = [:]
            for field in Field.allCases {
                let names = fields[field].map { [$0] } ?? Array(Set(field.variants(.makestagram) + field.variants(.timeline)))
                for name in names.sorted() {
                    if let other = fieldOwner[name], other != field {
                        return "schema.fields would make \(other.rawValue) and \(field.rawValue) one field, \"\(name)\""
                    }
                    fieldOwner[name] = field
                }
            }
            return nil
        }
    }

    public let dialect: Dialect
    public let mapping: Mapping
    /// Each root node's name, by `Node` case order.
    private let nodeNames: [Name]
    /// Each field's accepted spellings in reading order (the mapping's, or the variants
    /// with the tutorial's first), by `Field` case order.
    private let fieldNames: [[Name]]
    /// Each field's spelling for a path or an added field: the one the export uses most
    /// (the first on a tie).
    private let preferred: [Name]
    /// How many records carry each field, in any spelling.
    private let carriedCounts: [Int]

    /// The schema of an export of `dialect` read with `mapping`; `counts` are the
    /// records that carry each spelling (by field, then spelling), from `Schema.count`.
    init(dialect: Dialect, mapping: Mapping, counts: [[Int]]? = nil) {
        self.dialect = dialect
        self.mapping = mapping
        nodeNames = Node.allCases.map { Name(mapping.nodes[$0] ?? $0.rawValue) }
        let names = Field.allCases.map { field in (mapping.fields[field].map { [$0] } ?? field.variants(dialect)).map(Name.init) }
        fieldNames = names
        var preferred: [Name] = []
        var carried: [Int] = []
        for (f, spellings) in names.enumerated() {
            let used = counts?[f] ?? Array(repeating: 0, count: spellings.count)
            var best = 0
            for s in spellings.indices where used[s] > used[best] { best = s }
            preferred.append(spellings[best])
            carried.append(used.reduce(0, +))
        }
        self.preferred = preferred
        self.carriedCounts = carried
    }

    /// The export's name for a root node.
    public func name(_ node: Node) -> Name { nodeNames[node.ordinal] }

    /// The spelling of `field` for paths and for a field the repair adds.
    public func name(_ field: Field) -> Name { preferred[field.ordinal] }

    /// Every spelling of `field` the export may use, in reading order.
    public func names(_ field: Field) -> [Name] { fieldNames[field.ordinal] }

    /// Whether any record of the export carries `field` (in any spelling).
    public func isCarried(_ field: Field) -> Bool { carriedCounts[field.ordinal] > 0 }

    /// The mapped nodes and fields that the export does not have, as warnings.
    public func unusedMappings(in document: JSONDocument) -> [String] {
        var unused: [String] = []
        for (node, name) in mapping.nodes.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !document.isObject(document.root) || document.member(document.root, Name(name)) == nil {
            unused.append("[schema.nodes] \(node.rawValue) = \"\(name)\": the export has no root node \"\(name)\"")
        }
        let counted = Schema.countedFields
        for (field, name) in mapping.fields.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where counted.contains(field) && !isCarried(field) {
            unused.append("[schema.fields] \(field.rawValue) = \"\(name)\": no record of the export has a field \"\(name)\"")
        }
        return unused
    }
}

// MARK: - Looking names up in the document

extension JSONDocument {
    @inline(__always) func keyEquals(_ i: Int32, _ name: Schema.Name) -> Bool {
        let n = nodes[Int(i)]
        guard n.keyDelta != 0 else { return false }
        let first = n.start - Int(n.keyDelta) + 1
        let length = name.bytes.count
        guard first + length < n.start, bytes[first + length] == UInt8(ascii: "\"") else { return false }
        return name.bytes.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + first, $0.baseAddress!, length) == 0 }
    }

    /// The first byte of member `i`'s key (nil for an array element or an empty key).
    @inline(__always) func keyFirstByte(_ i: Int32) -> UInt8? {
        let n = nodes[Int(i)]
        guard n.keyDelta != 0 else { return nil }
        let first = bytes[n.start - Int(n.keyDelta) + 1]
        return first == UInt8(ascii: "\"") ? nil : first
    }

    /// The member of object `i` named `name` (of duplicate keys, the last).
    public func member(_ i: Int32, _ name: Schema.Name) -> Int32? {
        guard isObject(i) else { return nil }
        var found: Int32?
        forEachChild(i) { c in if keyEquals(c, name) { found = c } }
        return found
    }

    /// The member of object `i` under the first of `names` it has: one pass over the members.
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
    func members(_ i: Int32, _ names: [Schema.Name]) -> [Int32] {
        names.compactMap { member(i, $0) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

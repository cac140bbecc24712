import Foundation
import SitegenExport

/// The directory's search index, in small files under `search/` so that a query downloads
/// a small part of it whatever the number of users (`assets/search.js` reads it).
///
/// A user is found by the start of its username, of its name, or of a word of its name,
/// folded as the script folds (lower case, NFKD, combining marks U+0300–U+036F removed).
/// A shard holds the users with a word starting with its key, a prefix of two or more
/// characters (Unicode scalars). A key matched by more than `shardLimit` users is split:
/// its shard holds the first `splitTop` of them in directory order (and how many there
/// are), and each key one character longer has a shard of its own.
///
/// Shards are grouped into `bucketCount` files, `search/<bucket>.json`, the bucket being
/// the FNV-1a hash of the key's UTF-8 modulo the count: a file holds about `bucketEntries`
/// users, and the set of files changes only when the number of users does by far (one user
/// more or less leaves the files as they are). `search/index.json` lists the keys and the
/// count, `{"buckets": n, "complete": [...], "split": [...]}`: a query fetches the index and
/// the one file holding the longest key that starts it.
struct SearchIndex: Sendable {
    /// The folder of the index, relative to the site root.
    static let folder = "search/"
    /// Most users a complete shard holds (about 90 bytes each).
    static let shardLimit = 400
    /// Users a split shard holds: the first ones of its key, for a query that stops there.
    static let splitTop = 50
    /// Keys grow no longer than this; a longer key is complete whatever its size.
    static let maxKeyLength = 8
    /// Users a bucket file holds on average (about 90 bytes each).
    static let bucketEntries = 200

    struct Shard: Sendable {
        let key: String
        /// Users (indices into `SiteModel.users`), in directory order.
        let users: [Int]
        /// How many users the key matches.
        let count: Int
        /// Whether each key one character longer has a shard (and `users` holds the first few).
        let isSplit: Bool
    }

    let shards: [Shard]
    /// The number of bucket files (a power of two) and the shards each holds, by key.
    let bucketCount: Int
    let buckets: [[Int]]

    /// The index of the users, `order` being the directory order.
    init(model: SiteModel, order: [Int], shardLimit: Int = SearchIndex.shardLimit, splitTop: Int = SearchIndex.splitTop) {
        // Each user's distinct words, folded; users kept in directory order throughout.
        // Folded once per user, on every core: folding each time a key is split again took a
        // quarter of a 100,000-user build's CPU time, on one core.
        let userWords: [[String]] = .parallelMap(count: model.users.count) { u in
            Array(SearchIndex.words(model.users[u].username, model.users[u].name))
        }
        var byPrefix: [String: [Int]] = [:]
        for u in order {
            var prefixes: Set<String> = []
            for word in userWords[u] {
                let scalars = Array(word.unicodeScalars)
                guard scalars.count >= 2 else { continue }
                prefixes.insert(String(String.UnicodeScalarView(scalars.prefix(2))))
            }
            for p in prefixes { byPrefix[p, default: []].append(u) }
        }
        var shards: [Shard] = []
        func add(_ key: String, _ users: [Int]) {
            let length = key.unicodeScalars.count
            if users.count <= shardLimit || length >= SearchIndex.maxKeyLength {
                shards.append(Shard(key: key, users: users, count: users.count, isSplit: false))
                return
            }
            shards.append(Shard(key: key, users: Array(users.prefix(splitTop)), count: users.count, isSplit: true))
            var longer: [String: [Int]] = [:]
            for u in users {
                var next: Set<String> = []
                for word in userWords[u] where word.unicodeScalars.starts(with: key.unicodeScalars) {
                    let scalars = Array(word.unicodeScalars)
                    if scalars.count > length { next.insert(String(String.UnicodeScalarView(scalars.prefix(length + 1)))) }
                }
                for k in next { longer[k, default: []].append(u) }
            }
            for k in longer.keys.sorted() { add(k, longer[k]!) }
        }
        for key in byPrefix.keys.sorted() { add(key, byPrefix[key]!) }
        self.shards = shards
        let entries = shards.reduce(0) { $0 + $1.users.count }
        var count = 1
        while count * SearchIndex.bucketEntries < entries { count *= 2 }
        bucketCount = count
        var buckets = [[Int]](repeating: [], count: count)
        for (i, shard) in shards.enumerated() { buckets[SearchIndex.bucket(shard.key, count: count)].append(i) }
        self.buckets = buckets
    }

    /// The bucket of `key`: FNV-1a (32 bits) of its UTF-8, modulo `count` (as `search.js`).
    static func bucket(_ key: String, count: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        for b in key.utf8 {
            hash ^= UInt32(b)
            hash = hash &* 16_777_619
        }
        return Int(hash % UInt32(count))
    }

    /// What a query's words can start: the username and each part of it (between `.`, `_`
    /// and `-`: "mansour" finds `omar.mansour`), the name and each word of it; folded. A
    /// query of several words finds the users each of its words starts a word of, in any
    /// order ("costa mariana").
    static func words(_ username: String, _ name: String) -> Set<String> {
        let folded = fold(name), handle = fold(username)
        var words: Set<String> = [handle, folded]
        for word in folded.split(whereSeparator: isSeparator) { words.insert(String(word)) }
        for part in handle.split(whereSeparator: isSeparator) { words.insert(String(part)) }
        words.remove("")
        return words
    }

    /// Between words: white space, and the `.`, `_` and `-` of handles (`search.js`: /[\s._-]+/).
    static func isSeparator(_ c: Character) -> Bool {
        c.isWhitespace || c == "." || c == "_" || c == "-"
    }

    /// As `search.js` folds: lower case, NFKD, combining marks U+0300–U+036F removed.
    static func fold(_ text: String) -> String {
        // ASCII has no compatibility forms and no combining marks.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        let scalars = text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars
        return String(String.UnicodeScalarView(scalars.filter { !(0x300...0x36F).contains($0.value) }))
    }

    /// `search/<bucket>.json`.
    static func path(bucket: Int) -> String { folder + "\(bucket).json" }

    /// `search/index.json`.
    func indexJSON() -> String {
        let complete = shards.filter { !$0.isSplit }.map { SearchIndex.quoted($0.key) }
        let split = shards.filter(\.isSplit).map { SearchIndex.quoted($0.key) }
        return "{\"buckets\":\(bucketCount),\n\"complete\":[" + complete.joined(separator: ",") + "],\n\"split\":[" + split.joined(separator: ",") + "]}\n"
    }

    /// A bucket: `{key: {"count", "users": [[uid, username, name, url, posts, followers, following,
    /// hue, initial, avatar], …]}, …}`, `url` relative to the site root (what `_userrow` shows
    /// of a user: `username` is its display name, the name in an app without usernames, and
    /// `name` is then empty; a private account's `posts`, `followers` and `following` are
    /// null). `avatar` is `""` (the initial), a linked URL, or a published avatar as
    /// `[webp srcset, jpeg]`, relative to the site root: the WebP widths up to the first at
    /// least three times the row's 48 px (a row holds about 200 bytes more, not the 8 widths).
    func bucketJSON(_ bucket: Int, contexts: PageContexts) -> String {
        var out = "{"
        for (n, i) in buckets[bucket].enumerated() {
            let shard = shards[i]
            out += (n == 0 ? "\n" : ",\n") + "\(SearchIndex.quoted(shard.key)):{\"count\":\(shard.count),\"users\":["
            for (j, u) in shard.users.enumerated() {
                let user = contexts.model.users[u]
                out += j == 0 ? "\n[" : ",\n["
                // As the row shows the user: an app without usernames has the name once (no uid).
                let shown = contexts.displayName(u)
                let name = user.hasUsername && user.name != user.username ? user.name : ""
                out += "\(SearchIndex.quoted(user.uid)),\(SearchIndex.quoted(shown)),\(SearchIndex.quoted(name)),"
                // A private account's row carries no counts (null posts: the row says it is private).
                let follows = contexts.model.keepsFollows && !user.isPrivate ? "\(user.followers),\(user.following)" : "null,null"
                let posts = user.isPrivate ? "null" : "\(user.postCount)"
                out += "\(SearchIndex.quoted(contexts.userPath(u))),\(posts),\(follows),"
                out += "\(PageContexts.hue(user.uid)),\(SearchIndex.quoted(PageContexts.initial(shown))),"
                out += SearchIndex.avatar(user, contexts.model) + "]"
            }
            out += "]}"
        }
        return out + "\n}\n"
    }

    /// Widest display of an avatar in a search row, in CSS pixels (`_userrow`'s `sizes`).
    static let rowAvatarWidth = 48

    /// A row's `avatar`: `""`, the linked URL, or `[webp srcset, jpeg]` of the published one.
    static func avatar(_ user: SiteModel.User, _ model: SiteModel) -> String {
        guard let picture = model.avatarPicture(of: user) else { return quoted(user.avatar) }
        var candidates: [String] = []
        for w in picture.widths(.webp) {
            candidates.append("\(picture.path(w, .webp)) \(w)w")
            if w >= 3 * rowAvatarWidth { break }
        }
        return "[\(quoted(candidates.joined(separator: ", "))),\(quoted(picture.fallback))]"
    }

    /// A JSON string with `<`, `>` and `&` escaped too: data that no HTML parser can take for markup.
    static func quoted(_ s: String) -> String {
        let q = JSONString.quoted(s)
        guard q.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 }) else { return q }
        return q.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }
}

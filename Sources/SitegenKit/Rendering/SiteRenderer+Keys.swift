import Foundation
import SitegenExport

/// What each page is made from, hashed straight from the model without building its
/// template values: a page whose key is the one the manifest records for its file (and
/// whose file is intact) is neither given its values nor rendered.
///
/// A key holds everything the page's values are made of: the page's kind and number, the
/// hash of each user row and grid tile it lists (`PageContexts.summaryHashes`,
/// `tileHashes`), and the fields of its own user or post; `global` (the templates, the
/// options and the language, which user each @mention resolves to) is in every key. Building
/// and hashing every page's values instead, to prove it unchanged, was most of a one-bio
/// rebuild (docs/performance.md, "Rendering").
extension SiteRenderer {
    func key(of page: Page, htmlPaths: HTMLPaths, global: ContentHash) -> ContentHash {
        var key = PageKey(global)
        switch page {
        case let .index(n, pages):
            key.add(1, n, pages, model.users.count)
            let slice = Pagination(first: "", page: n, pages: pages).slice(contexts.directoryOrder.count, size: contexts.options.listSize)
            for u in contexts.directoryOrder[slice] { key.add(contexts.summaryHashes[u]) }
            // The jump list, on every page of a directory of several.
            if pages > 1 { key.add(contexts.jumpsHash) }
        case .notFound:
            key.add(2)
        case let .sitemap(part, urls):
            key.add(3, part)
            // Each page by what its URL is made of (its kind, number, user, post key or tag;
            // the slugs and the base URL are in `global`), without making the URL.
            for i in urls { addIdentity(htmlPaths.pages[Int(htmlPaths.numbers[i])], to: &key) }
        case let .sitemapIndex(parts):
            key.add(4, parts)
        case let .profile(u, n, pages):
            let user = model.users[u]
            key.add(5, n, pages)
            key.add(contexts.summaryHashes[u])
            key.add(user.bio)
            key.add(user.website)
            for p in user.posts.dropFirst((n - 1) * contexts.options.pageSize).prefix(contexts.options.pageSize) {
                key.add(contexts.tileHashes[p])
            }
            // The Open Graph image: the newest post's (its `src` is in its tile).
            if let first = user.posts.first { key.add(contexts.tileHashes[first]) }
        case let .list(u, followers, n, pages):
            key.add(6, n, pages, followers ? 1 : 0)
            key.add(contexts.summaryHashes[u])
            key.add(contexts.listCount(u, followers: followers))
            if pages == 1 {
                // A single page shows every row, in directory order, which follows from the
                // rows' usernames and uids (in their hashes): the set of rows is enough, and
                // is not sorted for the key.
                key.add(contexts.listRowsHash(u, followers: followers))
            } else {
                let entries = contexts.listEntries(u, followers: followers)
                let slice = Pagination(first: "", page: n, pages: pages).slice(entries.count, size: contexts.options.listSize)
                for e in entries[slice] { key.add(contexts.summaryHashes[e]) }
            }
            if n == pages { key.add(contexts.hiddenCount(u, followers: followers)) }
        case let .feed(u):
            key.add(7)
            key.add(contexts.summaryHashes[u])
            let posts = model.users[u].posts
            key.add(posts.count)
            for p in posts.prefix(20) { addPost(p, to: &key) }
        case let .post(p):
            key.add(8)
            addPost(p, to: &key)
            // What it shows of its poster (not the counts: a new post re-renders only its
            // neighbours' pages), and its neighbours' keys (their links).
            key.add(contexts.identityHashes[model.posts[p].owner])
            let (newer, older) = contexts.neighbours(p)
            for neighbour in [newer, older] {
                key.add(neighbour == nil ? 0 : 1)
                if let neighbour { key.add(model.posts[neighbour].key) }
            }
            for c in model.posts[p].comments {
                key.add(c.key)
                key.add(c.username)
                key.add(c.text)
                key.add(Int(c.time))
                // Its author's link and avatar.
                if let u = model.author(of: c) { key.add(1, u); key.add(contexts.identityHashes[u]) } else { key.add(0) }
            }
            // The "More posts by" strip's tiles.
            for q in contexts.morePosts(p) { key.add(contexts.tileHashes[q]) }
        case let .tag(t, n, pages):
            let tag = model.tags[t]
            key.add(9, n, pages, tag.posts.count)
            key.add(tag.tag)
            key.add(tag.display)
            for p in tag.posts[Pagination(first: "", page: n, pages: pages).slice(tag.posts.count, size: contexts.options.pageSize)] {
                key.add(contexts.tileHashes[p])
            }
        case .usersJSON, .searchIndex, .searchBucket:
            // Made of every user's row (uid, username, name, slug, counts), in directory order.
            key.add(10)
            key.add(contexts.directoryHash)
        }
        return key.hash
    }

    /// The number of search bucket files when the previous build recorded `search/index.json`
    /// and buckets 0, 1, … with this build's key for them (made from the same users, they
    /// are as many): the search index need not be made to list them.
    func recordedBuckets(_ recorded: (String) -> String?, global: ContentHash) -> Int? {
        let key = key(of: .searchIndex, htmlPaths: HTMLPaths(renderer: self, pages: []), global: global).description
        guard recorded(SearchIndex.folder + "index.json") == key else { return nil }
        var count = 0
        while recorded(SearchIndex.path(bucket: count)) == key { count += 1 }
        // A power of two, as `SearchIndex` makes.
        return count > 0 && count & (count - 1) == 0 ? count : nil
    }

    /// What the URL of an HTML page is made of, besides the slugs and the base URL.
    private func addIdentity(_ page: Page, to key: inout PageKey) {
        switch page {
        case let .index(n, _):
            key.add(1)
            key.add(n)
        case let .profile(u, n, _):
            key.add(5)
            key.add(u)
            key.add(n)
        case let .list(u, followers, n, _):
            key.add(followers ? 6 : 7)
            key.add(u)
            key.add(n)
        case let .post(p):
            key.add(8)
            key.add(model.posts[p].key)
        case let .tag(t, n, _):
            key.add(9)
            key.add(n)
            key.add(model.tags[t].tag)
        case .notFound, .usersJSON, .searchIndex, .searchBucket, .sitemap, .sitemapIndex, .feed:
            key.add(0)
        }
    }

    /// A post's fields that a post page or a feed shows besides its tile (key, image,
    /// picture, alt text: `tileHashes`): caption, date, likes.
    private func addPost(_ p: Int, to key: inout PageKey) {
        let post = model.posts[p]
        key.add(contexts.tileHashes[p])
        key.add(post.caption)
        key.add(Int(post.time), post.likes, post.comments.count)
    }
}

/// A page's key, hashed a word at a time as `ContentHash` hashes bytes (two 64-bit lanes,
/// finalized with the number of words): no buffer, so no allocation per page.
struct PageKey {
    private var a: UInt64 = 0x6A09_E667_F3BC_C908
    private var b: UInt64 = 0xBB67_AE85_84CA_A73B
    private var count: UInt64 = 0

    init(_ global: ContentHash) {
        add(global)
    }

    @inline(__always) private mutating func word(_ w: UInt64) {
        a = (a ^ w) &* 0x9E37_79B9_7F4A_7C15
        a = (a << 31) | (a >> 33)
        b = (b &+ w) &* 0xC2B2_AE3D_27D4_EB4F
        b ^= b >> 29
        count += 1
    }

    mutating func add(_ hash: ContentHash) {
        word(hash.high)
        word(hash.low)
    }

    mutating func add(_ n: Int) {
        word(UInt64(bitPattern: Int64(n)))
    }

    mutating func add(_ n: Int, _ m: Int) {
        add(n)
        add(m)
    }

    mutating func add(_ n: Int, _ m: Int, _ k: Int) {
        add(n, m)
        add(k)
    }

    mutating func add(_ n: Int, _ m: Int, _ k: Int, _ l: Int) {
        add(n, m)
        add(k, l)
    }

    /// A string, by its hash (which covers its length).
    mutating func add(_ text: String) {
        add(ContentHash(tag: 15, text))
    }

    var hash: ContentHash {
        let tail = count &* 0x9E37_79B9_7F4A_7C15
        return ContentHash(high: WordHashing.finalize(a ^ tail ^ (b >> 7)), low: WordHashing.finalize(b ^ tail ^ 0x5851_F42D_4C95_7F2D))
    }
}

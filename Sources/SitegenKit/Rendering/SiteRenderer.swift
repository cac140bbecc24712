import Foundation
import MustacheEngine
import SitegenExport
import Synchronization

/// One output file: its path relative to the site root, its bytes (nil when the
/// previous build's file is still right and was not rendered again), and the
/// fingerprint of what it was made from.
public struct RenderedFile: Sendable {
    public let path: String
    public let bytes: [UInt8]?
    /// A page's key (`SiteRenderer.key(of:)`), kept as a hash: its text is made only if asked for.
    let key: ContentHash?
    private let sourceText: String
    public var source: String { key?.description ?? sourceText }
    /// Of a file not rendered: its entry number in the previous build's manifest (what the
    /// `unchanged` closure of `SiteRenderer.render` said), so that staging it needs no lookup.
    let previousEntry: Int

    public init(path: String, bytes: [UInt8]?, source: String = "") {
        self.path = path
        self.bytes = bytes
        sourceText = source
        key = nil
        previousEntry = -1
    }

    init(path: String, bytes: [UInt8]?, key: ContentHash, previousEntry: Int = -1) {
        self.path = path
        self.bytes = bytes
        self.key = key
        sourceText = ""
        self.previousEntry = previousEntry
    }
}

/// Renders every page of a site to memory, on all cores.
public struct SiteRenderer: Sendable {
    enum Page {
        case notFound, usersJSON
        /// `search/index.json` and the shards of the directory's search (`SearchIndex`).
        case searchIndex
        case searchBucket(Int)
        /// `sitemap.xml` (part 0: the whole sitemap) or `sitemap-<part>.xml`, with these HTML pages.
        case sitemap(part: Int, urls: Range<Int>)
        /// `sitemap.xml` listing `sitemap-1.xml` … `sitemap-<parts>.xml`.
        case sitemapIndex(parts: Int)
        case index(page: Int, pages: Int)
        case profile(user: Int, page: Int, pages: Int)
        case list(user: Int, followers: Bool, page: Int, pages: Int)
        case feed(user: Int)
        case post(Int)
        case tag(Int, page: Int, pages: Int)

        /// Whether the page's file is an `index.html` (as `path(of:)` says).
        var isIndexHTML: Bool {
            switch self {
            case .index, .profile, .list, .post, .tag: return true
            case .notFound, .usersJSON, .searchIndex, .searchBucket, .sitemap, .sitemapIndex, .feed: return false
            }
        }

        /// `users.json` and the search files: made of every user, compared by their bytes.
        var isJSON: Bool {
            switch self {
            case .usersJSON, .searchIndex, .searchBucket: return true
            default: return false
            }
        }
    }

    let contexts: PageContexts
    let templates: TemplateSet
    /// Made when a search file is rendered or the number of bucket files is not known:
    /// a rebuild whose users' rows are as they were renders none (making the index and
    /// writing its files is a second or more of a large rebuild: docs/performance.md,
    /// "Rendering").
    private let searchIndex = MadeOnce<SearchIndex>()

    /// `strings`: the theme's words, as a build has read them (`Site.Step.prepare`); without
    /// them `options.language` picks the theme's strings (`TemplateSet.strings`), and a
    /// language the theme lacks falls back to English here.
    public init(model: SiteModel, templates: TemplateSet, options: SiteOptions, strings: Strings? = nil) {
        let strings = strings ?? (try? templates.strings(options.language)) ?? (try? templates.strings("en")) ?? .builtinEnglish
        contexts = PageContexts(model: model, options: options, strings: strings)
        self.templates = templates
    }

    var search: SearchIndex {
        searchIndex.value { SearchIndex(model: contexts.model, order: contexts.directoryOrder) }
    }

    var model: SiteModel { contexts.model }

    func userFolder(_ u: Int) -> String { "u/\(model.users[u].slug)/" }

    /// Every page but the sitemap's, in a fixed order. `searchBuckets`: the number of the
    /// search's bucket files when it is known (`recordedBuckets`), else the index says.
    func pages(searchBuckets: Int? = nil) -> [Page] {
        let (grid, list) = (contexts.options.pageSize, contexts.options.listSize)
        let directory = Pagination.pages(model.users.count, size: list)
        var pages: [Page] = (1...directory).map { .index(page: $0, pages: directory) } + [.notFound, .usersJSON, .searchIndex]
        pages += (0..<(searchBuckets ?? search.bucketCount)).map { .searchBucket($0) }
        for u in model.users.indices {
            let count = Pagination.pages(model.users[u].posts.count, size: grid)
            for n in 1...count { pages.append(.profile(user: u, page: n, pages: count)) }
            // A private account: its header page alone (no list, no feed; it has no posts here).
            if model.users[u].isPrivate { continue }
            for followers in [true, false] {
                let count = Pagination.pages(contexts.listCount(u, followers: followers), size: list)
                for n in 1...count { pages.append(.list(user: u, followers: followers, page: n, pages: count)) }
            }
            pages.append(.feed(user: u))
        }
        for p in model.posts.indices { pages.append(.post(p)) }
        for t in model.tags.indices {
            let count = Pagination.pages(model.tags[t].posts.count, size: grid)
            for n in 1...count { pages.append(.tag(t, page: n, pages: count)) }
        }
        return pages
    }

    func path(of page: Page) -> String {
        switch page {
        case let .index(n, _): return (n == 1 ? "" : "page/\(n)/") + "index.html"
        case .notFound: return "404.html"
        case let .sitemap(part, _): return part == 0 ? "sitemap.xml" : Sitemaps.fileName(part)
        case .sitemapIndex: return "sitemap.xml"
        case .usersJSON: return "users.json"
        case .searchIndex: return SearchIndex.folder + "index.json"
        case let .searchBucket(b): return SearchIndex.path(bucket: b)
        // Files are named by the slugs themselves; links percent-encode them.
        case let .profile(u, n, _): return userFolder(u) + (n == 1 ? "" : "page/\(n)/") + "index.html"
        case let .list(u, followers, n, _): return userFolder(u) + (followers ? "followers/" : "following/") + (n == 1 ? "" : "page/\(n)/") + "index.html"
        case let .feed(u): return userFolder(u) + "feed.xml"
        case let .post(p): return "p/\(PageContexts.postSlug(model.posts[p].key))/index.html"
        case let .tag(t, n, _): return "tags/\(model.tags[t].tag)/" + (n == 1 ? "" : "page/\(n)/") + "index.html"
        }
    }

    /// The page's template and context (deferred values unresolved); nil for the JSON files.
    func context(of page: Page, htmlPaths: HTMLPaths) -> (template: String, context: Context)? {
        switch page {
        case let .index(n, pages): return ("index", contexts.index(page: n, pages: pages))
        case .notFound: return ("404", contexts.notFound())
        case let .sitemap(_, urls): return ("sitemap", contexts.sitemap(htmlPaths[urls][...]))
        case let .sitemapIndex(parts): return ("sitemap", contexts.sitemapIndex(parts: parts))
        case .usersJSON, .searchIndex, .searchBucket: return nil
        case let .profile(u, n, pages): return ("profile", contexts.profile(u, page: n, pages: pages))
        case let .list(u, followers, n, pages): return ("list", contexts.list(u, followers: followers, page: n, pages: pages))
        case let .feed(u): return ("feed", contexts.feed(u))
        case let .post(p): return ("post", contexts.post(p))
        case let .tag(t, n, pages): return ("tag", contexts.tag(t, page: n, pages: pages))
        }
    }

    /// Renders a page unless `previous` says the same inputs made the file that is there.
    /// `global` is the hash of what every page depends on (`globalFingerprint()`).
    func render(_ page: Page, path: String, htmlPaths: HTMLPaths, global: ContentHash,
                unchanged: (String, ContentHash) -> Int?) -> RenderedFile {
        // The page's key (`key(of:)`) is its source.
        let source = key(of: page, htmlPaths: htmlPaths, global: global)
        if let entry = unchanged(path, source) { return RenderedFile(path: path, bytes: nil, key: source, previousEntry: entry) }
        guard let (template, context) = context(of: page, htmlPaths: htmlPaths) else {
            let bytes: [UInt8]
            switch page {
            case .searchIndex: bytes = Array(search.indexJSON().utf8)
            case let .searchBucket(b): bytes = Array(search.bucketJSON(b, contexts: contexts).utf8)
            default: bytes = usersJSON()
            }
            return RenderedFile(path: path, bytes: bytes, key: source)
        }
        return RenderedFile(path: path, bytes: templates.render(context, template, resolve: html), key: source)
    }

    /// The HTML a deferred value stands for (the template engine's resolver): `_tile` and
    /// `_userrow` rendered once per item and page depth, Markdown where it is printed.
    func html(_ value: any DeferredValue) -> String {
        guard let value = value as? DeferredHTML else { return "" }
        switch value.recipe {
        case let .tile(p, root, loading):
            return contexts.fragments.cached(row: false, p, root: root, variant: loading.rawValue) {
                var tile = contexts.tile(p)
                tile["loading"] = .string(loading.attribute)
                tile["highPriority"] = .bool(loading == .high)
                return fragment(tile, root: root, "_tile")
            }
        case let .row(u, root):
            return contexts.fragments.cached(row: true, u, root: root) { fragment(contexts.userSummary(u), root: root, "_userrow") }
        case let .markdown(text, root, prefix):
            return prefix + contexts.renderers.html(text, root: root)
        }
    }

    private func fragment(_ item: Context, root: String, _ template: String) -> String {
        var context = item
        context["root"] = .string(root)
        context["site"] = .object(contexts.site)
        context["t"] = contexts.table
        return String(decoding: templates.render(context, template), as: UTF8.self)
    }

    /// What every page depends on besides its own key (`key(of:)`): the build's identity as
    /// pages see it (`Site.BuildIdentity.pageKeyBytes`: the templates, the version, the whole
    /// `SiteOptions`) and which user each @mention resolves to.
    func globalFingerprint() -> ContentHash {
        var out = Site.BuildIdentity.pageKeyBytes(theme: templates.fingerprint, options: contexts.options)
        for user in model.users {
            out.append(contentsOf: ExportIndex.fold(user.username).utf8)
            out.append(0)
            out.append(contentsOf: user.slug.utf8)
            out.append(0)
        }
        return ContentHash(out)
    }

    /// Every file of the site but the photos: pages, `users.json`, template assets.
    /// `progress(done, total)` is called now and then from the rendering threads.
    /// `unchanged(path, key)` tells whether the output already holds that page made from
    /// the same inputs (its entry number in the previous build's manifest, nil if not);
    /// such pages are not rendered. Throws `Interrupted` when
    /// a signal arrives (see `Interruption`): the threads stop at their next page.
    public func renderAll(jobs: Int, unchanged: @escaping @Sendable (String, ContentHash) -> Int? = { _, _ in nil },
                          progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> [RenderedFile] {
        var files: [RenderedFile] = []
        try render(jobs: jobs, unchanged: unchanged, progress: progress) { files += $0 }
        return files
    }

    /// Pages rendered at a time by `render(…, batch:)`: enough to keep every core busy, few
    /// enough that a build holds a few megabytes of pages, not the site.
    public static let batchSize = 4_096

    /// Most items (user rows, tiles, sitemap URLs, users of a JSON file: `weight(of:)`) a batch
    /// holds: a batch counted in pages alone was far larger when its pages were the
    /// directory's, `users.json` and the search files; counted in items, a batch stays small
    /// (docs/performance.md, "Rendering").
    public static let batchItems = 32_768

    /// About how many items (rows, tiles, URLs, users) a page lists, for cutting batches.
    func weight(of page: Page) -> Int {
        switch page {
        case .index, .list: return contexts.options.listSize
        case .profile, .tag: return contexts.options.pageSize
        case .usersJSON: return model.users.count
        // About a shard key per 40 users, 8 bytes a key (the index is not made to weigh it).
        case .searchIndex: return model.users.count / 320 + 1
        case .searchBucket: return SearchIndex.bucketEntries
        case let .sitemap(_, urls): return urls.count
        case .feed: return 20
        case let .post(p): return 1 + model.posts[p].comments.count
        case .notFound, .sitemapIndex: return 1
        }
    }

    /// Every file of the site, as `renderAll` gives them and in the same order, handed to
    /// `batch` a few thousand at a time as they are rendered (the pages of a batch are
    /// rendered on all cores; `batch` runs on the calling thread between batches).
    /// `recorded(path)` is the source the previous build recorded for a file, if any: it
    /// tells how many search files there are when their users are as they were.
    public func render(jobs: Int, share: Share = .all, unchanged: @escaping @Sendable (String, ContentHash) -> Int? = { _, _ in nil },
                       recorded: ((String) -> String?)? = nil,
                       progress: (@Sendable (Int, Int) -> Void)? = nil, batchSize: Int = SiteRenderer.batchSize,
                       batchItems: Int = SiteRenderer.batchItems, batch: ([RenderedFile]) throws -> Void) throws {
        let global = globalFingerprint()
        let base = self.pages(searchBuckets: recorded.flatMap { recordedBuckets($0, global: global) })
        // The HTML pages, for the sitemap (the 404 page is not listed), by number: their paths
        // are made again when a sitemap is rendered, not held as strings for the whole build
        // (docs/performance.md, "Rendering").
        let htmlPaths = HTMLPaths(renderer: self, pages: base)
        let sizes = locationSizes(htmlPaths)
        let parts = Sitemaps.parts(sizes: sizes, maxURLs: contexts.options.sitemapSize)
        // Without a base URL there is no sitemap: the protocol allows absolute locations only.
        let sitemaps: [Page] = contexts.options.baseURL == nil ? [] : parts.count == 1 ? [.sitemap(part: 0, urls: parts[0])]
            : parts.indices.map { .sitemap(part: $0 + 1, urls: parts[$0]) } + [.sitemapIndex(parts: parts.count)]
        let all = { @Sendable (i: Int) in i < base.count ? base[i] : sitemaps[i - base.count] }
        // A share of the site renders its pages only (`Share`); the sitemaps still list every page.
        let chosen: [Int]? = share.isAll ? nil : (0..<(base.count + sitemaps.count)).filter { share.includes(all($0), model: model) }
        let count = chosen?.count ?? base.count + sitemaps.count
        let page = { @Sendable (i: Int) in all(chosen?[i] ?? i) }
        let workers = max(1, jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount)
        let done = Atomic<Int>(0)
        var start = 0
        while start < count {
            var end = start + 1
            var items = weight(of: page(start))
            while end < count && end - start < batchSize && items + weight(of: page(end)) <= batchItems {
                items += weight(of: page(end))
                end += 1
            }
            let range = start..<end
            start = range.upperBound
            var results = [RenderedFile?](repeating: nil, count: range.count)
            // Chunks of up to 256 pages, smaller in a short batch so that every core has some.
            let chunk = max(1, min(256, range.count / (workers * 4)))
            let chunks = (range.count + chunk - 1) / chunk
            let workerCount = min(workers, chunks)
            results.withUnsafeMutableBufferPointer { results in
                // Worker w renders chunks w, w + workerCount, …: each page index is written once.
                let out = DisjointWrites(results)
                parallelFor(workerCount) { worker in
                    var c = worker
                    while c < chunks {
                        let first = range.lowerBound + c * chunk
                        for i in first..<min(range.upperBound, first + chunk) {
                            // SIGINT/SIGTERM: stop; the pages left are nil and nothing more is handed on.
                            if Interruption.signal != nil { return }
                            out.base[i - range.lowerBound] = render(page(i), path: path(of: page(i)), htmlPaths: htmlPaths, global: global, unchanged: unchanged)
                        }
                        let n = min(chunk, range.upperBound - first)
                        progress?(done.add(n, ordering: .relaxed).newValue, count)
                        c += workerCount
                    }
                }
            }
            try Interruption.check()
            contexts.fragments.removeAll()
            try batch(results.map { $0! })
        }
        // Photos are not pages: `PhotoStage` hands them on before the pages.
        if share.includesAssets { try batch(templates.assets.map { RenderedFile(path: $0.path, bytes: $0.bytes) } + rootFiles()) }
    }

    /// The files a crawler or a browser asks for at the site's root: `favicon.ico` (the
    /// theme's `assets/favicon.ico`: a page links its icons, a feed reader or an old
    /// browser asks for this one) and `robots.txt` (everything may be crawled; the sitemap
    /// named when there is one, i.e. with a base URL). At a sub-path they are harmless.
    func rootFiles() -> [RenderedFile] {
        var files: [RenderedFile] = []
        if let icon = templates.assets.first(where: { $0.path == "assets/favicon.ico" }) {
            files.append(RenderedFile(path: "favicon.ico", bytes: icon.bytes))
        }
        var robots = "User-agent: *\nAllow: /\n"
        if let sitemap = absolute("sitemap.xml") { robots += "\nSitemap: \(sitemap)\n" }
        files.append(RenderedFile(path: "robots.txt", bytes: Array(robots.utf8)))
        return files
    }

    private func absolute(_ path: String) -> String? { contexts.absolute(path) }

    /// The escaped size of each HTML page's sitemap location (`Sitemaps.escapedSize` of
    /// `sitemapLocation(htmlPaths[i])`), counted without making the URL where it is plain
    /// (making every URL costs CPU time: docs/performance.md, "Rendering").
    func locationSizes(_ htmlPaths: HTMLPaths) -> [Int32] {
        // Each user's slug's length when it is all unreserved bytes (its folder needs no
        // percent-encoding), else -1.
        let slugs: [Int32] = model.users.map { user in
            !user.slug.isEmpty && user.slug.utf8.allSatisfy(Slugs.isUnreserved) ? Int32(user.slug.utf8.count) : -1
        }
        let base = contexts.options.baseURL.map(Sitemaps.escapedSize)
        let renderer = self
        return .parallelMap(count: htmlPaths.indices.count) { i in
            guard let folder = renderer.plainFolderSize(htmlPaths.pages[Int(htmlPaths.numbers[i])], slugs: slugs) else {
                return Int32(Sitemaps.escapedSize(renderer.contexts.sitemapLocation(htmlPaths[i])))
            }
            // `sitemapLocation`: the base URL and the folder, else the folder or "./".
            return Int32(base.map { $0 + folder } ?? (folder == 0 ? 2 : folder))
        }
    }

    /// The length of an HTML page's folder URL (`HTMLPaths`) when it is made of unreserved
    /// bytes and slashes alone (the URL is the folder itself), else nil.
    func plainFolderSize(_ page: Page, slugs: [Int32]) -> Int? {
        // `page/<n>/` after page 1.
        func pagePart(_ n: Int) -> Int { n == 1 ? 0 : 6 + String(n).utf8.count }
        switch page {
        case let .index(n, _):
            return pagePart(n)
        case let .profile(u, n, _):
            return slugs[u] < 0 ? nil : 3 + Int(slugs[u]) + pagePart(n)
        case let .list(u, _, n, _):
            // `u/<slug>/followers/` or `u/<slug>/following/`
            return slugs[u] < 0 ? nil : 3 + Int(slugs[u]) + 10 + pagePart(n)
        case let .post(p):
            // `p/<postSlug>/`: the key when it is a safe name, else `k` and 20 hex digits.
            return 3 + PageContexts.postSlug(model.posts[p].key).utf8.count
        case .tag, .notFound, .usersJSON, .searchIndex, .searchBucket, .sitemap, .sitemapIndex, .feed:
            return nil
        }
    }

    /// The folder URLs of the site's HTML pages (`u/ana/`, `` for the root), in page order.
    struct HTMLPaths: Sendable {
        let renderer: SiteRenderer
        let pages: [Page]
        /// Numbers in `pages` of the pages whose file is an `index.html`.
        let numbers: [Int32]

        init(renderer: SiteRenderer, pages: [Page]) {
            self.renderer = renderer
            self.pages = pages
            numbers = pages.indices.filter { pages[$0].isIndexHTML }.map(Int32.init)
        }

        var indices: Range<Int> { numbers.indices }

        subscript(i: Int) -> String {
            let path = renderer.path(of: pages[Int(numbers[i])])
            let folder = path.dropLast("index.html".count)
            // Most paths need no percent-encoding: the folder is its own URL.
            if !folder.hasPrefix("/") && !folder.contains("//") && folder.utf8.allSatisfy({ Slugs.isUnreserved($0) || $0 == UInt8(ascii: "/") }) {
                return String(folder)
            }
            let folders = folder.split(separator: "/")
            return folders.isEmpty ? "" : folders.map { Slugs.urlSegment(String($0)) }.joined(separator: "/") + "/"
        }

        subscript(range: Range<Int>) -> [String] { range.map { self[$0] } }
    }

    /// `[{"uid", "username", "name", "slug", "url", "posts", "followers", "following"}]`, `url` relative to the root;
    /// a private account's row has `"private": true` in place of the counts (its name and handle only).
    /// Made as bytes, a user at a time: as one growing `String`, then copied to bytes, it
    /// was the largest allocation of the first batch (docs/performance.md, "Rendering").
    func usersJSON() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(model.users.count * 200 + 4)
        out.append(UInt8(ascii: "["))
        for (i, u) in contexts.directoryOrder.enumerated() {
            let user = model.users[u]
            var line = i == 0 ? "\n" : ",\n"
            line += "{\"uid\":\(JSONString.quoted(user.uid)),\"username\":\(JSONString.quoted(user.username)),\"name\":\(JSONString.quoted(user.name)),"
            line += "\"slug\":\(JSONString.quoted(user.slug)),\"url\":\(JSONString.quoted(contexts.userPath(u))),"
            line += user.isPrivate ? "\"private\":true}"
                : "\"posts\":\(user.postCount),\"followers\":\(user.followers),\"following\":\(user.following)}"
            out += line.utf8
        }
        out += "\n]\n".utf8
        return out
    }
}

/// A value made on first use, from any thread (the others wait for it).
final class MadeOnce<Value: Sendable>: Sendable {
    private let made = Locked<Value?>(nil)

    func value(_ make: () -> Value) -> Value {
        made.withLock { value in
            if let value { return value }
            let new = make()
            value = new
            return new
        }
    }
}

import Foundation
import MustacheEngine
import Synchronization

/// One output file: its path relative to the site root, its bytes (nil when the
/// previous build's file is still right and was not rendered again), and the
/// fingerprint of what it was made from.
public struct RenderedFile: Sendable {
    public let path: String
    public let bytes: [UInt8]?
    public let source: String

    public init(path: String, bytes: [UInt8]?, source: String = "") {
        self.path = path
        self.bytes = bytes
        self.source = source
    }
}

/// Renders every page of a site to memory, on all cores.
public struct SiteRenderer: Sendable {
    enum Page {
        case index, notFound, sitemap, usersJSON
        case profile(user: Int, page: Int, pages: Int)
        case list(user: Int, followers: Bool)
        case feed(user: Int)
        case post(Int)
        case tag(Int)
    }

    let contexts: PageContexts
    let templates: TemplateSet

    public init(model: SiteModel, report: AuditReport, templates: TemplateSet, options: SiteOptions) {
        contexts = PageContexts(model: model, report: report, options: options)
        self.templates = templates
    }

    var model: SiteModel { contexts.model }

    func userFolder(_ u: Int) -> String { "u/\(model.users[u].slug)/" }

    /// Every page, in a fixed order.
    func pages() -> [Page] {
        var pages: [Page] = [.index, .notFound, .usersJSON]
        for u in model.users.indices {
            let count = max(1, (model.users[u].posts.count + contexts.options.pageSize - 1) / contexts.options.pageSize)
            for n in 1...count { pages.append(.profile(user: u, page: n, pages: count)) }
            pages.append(.list(user: u, followers: true))
            pages.append(.list(user: u, followers: false))
            pages.append(.feed(user: u))
        }
        for p in model.posts.indices { pages.append(.post(p)) }
        for t in model.tags.indices { pages.append(.tag(t)) }
        pages.append(.sitemap)
        return pages
    }

    func path(of page: Page) -> String {
        switch page {
        case .index: return "index.html"
        case .notFound: return "404.html"
        case .sitemap: return "sitemap.xml"
        case .usersJSON: return "users.json"
        // Files are named by the slugs themselves; links percent-encode them.
        case let .profile(u, n, _): return userFolder(u) + (n == 1 ? "" : "page/\(n)/") + "index.html"
        case let .list(u, followers): return userFolder(u) + (followers ? "followers/" : "following/") + "index.html"
        case let .feed(u): return userFolder(u) + "feed.xml"
        case let .post(p): return "p/\(PageContexts.postSlug(model.posts[p].key))/index.html"
        case let .tag(t): return "tags/\(model.tags[t].tag)/index.html"
        }
    }

    /// The page's template and context (deferred values unresolved); nil for users.json.
    func context(of page: Page, htmlPaths: [String]) -> (template: String, context: Context)? {
        switch page {
        case .index: return ("index", contexts.index())
        case .notFound: return ("404", contexts.notFound())
        case .sitemap: return ("sitemap", contexts.sitemap(htmlPaths))
        case .usersJSON: return nil
        case let .profile(u, n, pages): return ("profile", contexts.profile(u, page: n, pages: pages))
        case let .list(u, followers): return ("list", contexts.list(u, followers: followers))
        case let .feed(u): return ("feed", contexts.feed(u))
        case let .post(p): return ("post", contexts.post(p))
        case let .tag(t): return ("tag", contexts.tag(t))
        }
    }

    /// Renders a page unless `previous` says the same inputs made the file that is there.
    /// `global` is the hash of what every page depends on (`globalFingerprint()`).
    func render(_ page: Page, path: String, htmlPaths: [String], global: ContentHash,
                unchanged: (String, String) -> Bool) -> RenderedFile {
        guard let (template, context) = context(of: page, htmlPaths: htmlPaths) else {
            let bytes = Array(usersJSON().utf8)
            return RenderedFile(path: path, bytes: bytes, source: ContentHash(bytes).description)
        }
        let source = global.then(ContentHash(tag: 13, template)).then(TemplateValue.object(context).fingerprint(contexts)).description
        if unchanged(path, source) { return RenderedFile(path: path, bytes: nil, source: source) }
        return RenderedFile(path: path, bytes: templates.render(context, template, resolve: html), source: source)
    }

    /// The HTML a deferred value stands for (the template engine's resolver): `_tile` and
    /// `_userrow` rendered once per item and page depth, Markdown where it is printed.
    func html(_ value: any DeferredValue) -> String {
        guard let value = value as? DeferredHTML else { return "" }
        switch value.recipe {
        case let .tile(p, root):
            return contexts.fragments.cached(row: false, p, root: root) { fragment(contexts.tile(p), root: root, "_tile") }
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
        return String(decoding: templates.render(context, template), as: UTF8.self)
    }

    /// What every page depends on besides its own context: the templates, the options
    /// and which user each @mention resolves to.
    func globalFingerprint() -> ContentHash {
        var out = Array("\(templates.fingerprint)|\(SitegenVersion.current)|\(contexts.options.pageSize)|".utf8)
        for user in model.users {
            out.append(contentsOf: ExportIndex.fold(user.username).utf8)
            out.append(0)
            out.append(contentsOf: user.slug.utf8)
            out.append(0)
        }
        return ContentHash(out)
    }

    /// Every file of the site: pages, `users.json`, template assets and decoded images.
    /// `progress(done, total)` is called now and then from the rendering threads.
    /// `unchanged(path, fingerprint)` tells whether the output already holds that page
    /// made from the same inputs; such pages are not rendered. Throws `Interrupted` when
    /// a signal arrives (see `Interruption`): the threads stop at their next page.
    public func renderAll(jobs: Int, unchanged: @escaping @Sendable (String, String) -> Bool = { _, _ in false },
                          progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> [RenderedFile] {
        let pages = pages()
        let paths = pages.map(path)
        // Folder URLs of the HTML pages, for the sitemap (the 404 page is not listed).
        let htmlPaths = paths.filter { $0.hasSuffix("index.html") }.map { path -> String in
            let folders = path.dropLast("index.html".count).split(separator: "/")
            return folders.isEmpty ? "" : folders.map { Slugs.urlSegment(String($0)) }.joined(separator: "/") + "/"
        }
        let global = globalFingerprint()
        var results = [RenderedFile?](repeating: nil, count: pages.count)
        let workers = max(1, jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount)
        let chunk = 256
        let chunks = (pages.count + chunk - 1) / chunk
        let done = Atomic<Int>(0)
        let workerCount = min(workers, chunks)
        results.withUnsafeMutableBufferPointer { results in
            // Worker w renders chunks w, w + workerCount, …: each page index is written once.
            let out = DisjointWrites(results)
            parallelFor(workerCount) { worker in
                var c = worker
                while c < chunks {
                    for i in (c * chunk)..<min(pages.count, (c + 1) * chunk) {
                        // SIGINT/SIGTERM: stop; the pages left are nil and nothing is returned.
                        if Interruption.signal != nil { return }
                        out.base[i] = render(pages[i], path: paths[i], htmlPaths: htmlPaths, global: global, unchanged: unchanged)
                    }
                    let n = min(chunk, pages.count - c * chunk)
                    progress?(done.add(n, ordering: .relaxed).newValue, pages.count)
                    c += workerCount
                }
            }
        }
        try Interruption.check()
        var files = results.map { $0! }
        files += templates.assets.map { RenderedFile(path: $0.path, bytes: $0.bytes) }
        files += model.images.map { RenderedFile(path: $0.path, bytes: $0.bytes) }
        return files
    }

    /// `[{"uid", "username", "name", "slug", "url", "posts", "followers", "following"}]`, `url` relative to the root.
    func usersJSON() -> String {
        var out = "["
        for (i, u) in contexts.directoryOrder.enumerated() {
            let user = model.users[u]
            out += i == 0 ? "\n" : ",\n"
            out += "{\"uid\":\(JSONString.quoted(user.uid)),\"username\":\(JSONString.quoted(user.username)),\"name\":\(JSONString.quoted(user.name)),"
            out += "\"slug\":\(JSONString.quoted(user.slug)),\"url\":\(JSONString.quoted(contexts.userPath(u))),"
            out += "\"posts\":\(user.postCount),\"followers\":\(user.followers),\"following\":\(user.following)}"
        }
        return out + "\n]\n"
    }
}

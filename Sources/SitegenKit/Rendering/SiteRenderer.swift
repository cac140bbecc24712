import Foundation

/// One output file: its path relative to the site root and its bytes.
public struct RenderedFile: Sendable {
    public let path: String
    public let bytes: [UInt8]
}

/// Renders every page of a site to memory, on all cores.
public struct SiteRenderer: @unchecked Sendable {
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
        let contexts = PageContexts(model: model, report: report, options: options)
        self.contexts = contexts
        self.templates = templates
        contexts.fragments.renderTile = { p, root in
            var context = contexts.tile(p)
            context["root"] = .string(root)
            context["site"] = .object(contexts.site)
            return templates.render(context, "_tile")
        }
        contexts.fragments.renderRow = { u, root in
            var context = contexts.userSummary(u)
            context["root"] = .string(root)
            context["site"] = .object(contexts.site)
            return templates.render(context, "_userrow")
        }
    }

    /// Renders every tile and row once for each page depth that shows it.
    func prepareFragments() {
        let size = contexts.options.pageSize
        var laterPages: [Int] = []
        for u in model.users where u.posts.count > size { laterPages += u.posts.dropFirst(size) }
        contexts.fragments.prepare(
            tileRoots: ["../../": Array(model.posts.indices), "../../../../": laterPages],
            rowRoots: ["../../../": Array(model.users.indices), "": Array(model.users.indices)],
            postCount: model.posts.count, userCount: model.users.count
        )
    }

    var model: SiteModel { contexts.model }

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
        case let .profile(u, n, _): return contexts.userPath(u) + (n == 1 ? "" : "page/\(n)/") + "index.html"
        case let .list(u, followers): return contexts.userPath(u) + (followers ? "followers/" : "following/") + "index.html"
        case let .feed(u): return contexts.userPath(u) + "feed.xml"
        case let .post(p): return contexts.postPath(p) + "index.html"
        case let .tag(t): return contexts.tagPath(model.tags[t].tag) + "index.html"
        }
    }

    func render(_ page: Page, htmlPaths: [String]) -> [UInt8] {
        let text: String
        switch page {
        case .index: text = templates.render(contexts.index(), "index")
        case .notFound: text = templates.render(contexts.notFound(), "404")
        case .sitemap: text = templates.render(contexts.sitemap(htmlPaths), "sitemap")
        case .usersJSON: text = usersJSON()
        case let .profile(u, n, pages): text = templates.render(contexts.profile(u, page: n, pages: pages), "profile")
        case let .list(u, followers): text = templates.render(contexts.list(u, followers: followers), "list")
        case let .feed(u): text = templates.render(contexts.feed(u), "feed")
        case let .post(p): text = templates.render(contexts.post(p), "post")
        case let .tag(t): text = templates.render(contexts.tag(t), "tag")
        }
        return Array(text.utf8)
    }

    /// Every file of the site: pages, `users.json`, template assets and decoded images.
    /// `progress(done, total)` is called now and then from the rendering threads.
    public func renderAll(jobs: Int, progress: (@Sendable (Int, Int) -> Void)? = nil) -> [RenderedFile] {
        prepareFragments()
        let pages = pages()
        let paths = pages.map(path)
        // Folder URLs of the HTML pages, for the sitemap (the 404 page is not listed).
        let htmlPaths = paths.filter { $0.hasSuffix("index.html") }.map { String($0.dropLast("index.html".count)) }
        var results = [[UInt8]](repeating: [], count: pages.count)
        let workers = max(1, jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount)
        let chunk = 256
        let chunks = (pages.count + chunk - 1) / chunk
        let counter = DoneCounter()
        results.withUnsafeMutableBufferPointer { out in
            let out = SendableBuffer(base: out.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: min(workers, chunks)) { worker in
                var c = worker
                while c < chunks {
                    for i in (c * chunk)..<min(pages.count, (c + 1) * chunk) {
                        out.base[i] = render(pages[i], htmlPaths: htmlPaths)
                    }
                    progress?(counter.add(min(chunk, pages.count - c * chunk)), pages.count)
                    c += min(workers, chunks)
                }
            }
        }
        var files = zip(paths, results).map { RenderedFile(path: $0, bytes: $1) }
        files += templates.assets.map { RenderedFile(path: $0.path, bytes: $0.bytes) }
        files += model.images.map { RenderedFile(path: $0.path, bytes: $0.bytes) }
        return files
    }

    /// `[{"uid", "username", "slug", "url", "posts", "followers", "following"}]`, `url` relative to the root.
    func usersJSON() -> String {
        var out = "["
        for (i, u) in contexts.directoryOrder.enumerated() {
            let user = model.users[u]
            out += i == 0 ? "\n" : ",\n"
            out += "{\"uid\":\(JSONString.quoted(user.uid)),\"username\":\(JSONString.quoted(user.username)),"
            out += "\"slug\":\(JSONString.quoted(user.slug)),\"url\":\(JSONString.quoted(contexts.userPath(u))),"
            out += "\"posts\":\(user.posts.count),\"followers\":\(user.followers),\"following\":\(user.following)}"
        }
        return out + "\n]\n"
    }
}

/// A raw pointer the rendering threads write distinct indices of.
struct SendableBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

final class DoneCounter: @unchecked Sendable {
    private var done = 0
    private let lock = NSLock()
    func add(_ n: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        done += n
        return done
    }
}

import Foundation

/// Builds the dictionaries the templates read (`docs/templates.md`). Dictionaries,
/// not structs: swift-mustache reads structs through `Mirror`, which is slow.
struct PageContexts: @unchecked Sendable {
    let model: SiteModel
    let index: ExportIndex
    let graph: FollowGraph
    let options: SiteOptions
    private let renderers: MarkdownRenderers
    /// Computed once, used by many pages.
    private var summaries: [[String: Any]] = []
    private var tiles: [[String: Any]] = []
    private var alts: [String] = []
    /// Users in directory order (case-folded username, then uid), and each user's rank in it.
    private(set) var directoryOrder: [Int] = []
    private var rank: [Int] = []
    /// Grid tiles and user rows, rendered once per item and page depth (`_tile`, `_userrow`).
    let fragments = Fragments()

    init(model: SiteModel, report: AuditReport, options: SiteOptions) {
        self.model = model
        self.index = report.index
        self.graph = report.graph
        self.options = options
        renderers = MarkdownRenderers(model: model, index: report.index)
        let folded = model.users.map { ExportIndex.fold($0.username) }
        directoryOrder = model.users.indices.sorted { a, b in
            folded[a] != folded[b] ? folded[a] < folded[b] : model.users[a].uid < model.users[b].uid
        }
        rank = [Int](repeating: 0, count: model.users.count)
        for (r, u) in directoryOrder.enumerated() { rank[u] = r }
        summaries = model.users.indices.map(makeSummary)
        alts = model.posts.indices.map(makeAlt)
        tiles = model.posts.indices.map(makeTile)
    }

    // MARK: - Paths (relative to the site root)

    func userPath(_ u: Int) -> String { "u/\(Slugs.urlSegment(model.users[u].slug))/" }
    func postPath(_ p: Int) -> String { "p/\(PageContexts.postSlug(model.posts[p].key))/" }
    func tagPath(_ tag: String) -> String { "tags/\(Slugs.urlSegment(tag))/" }

    /// A push id as a folder name when it is one already, else a hash of the key.
    static func postSlug(_ key: String) -> String {
        let safe = !key.isEmpty && key.utf8.count <= 64 && key.utf8.allSatisfy {
            ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 95
        }
        return safe ? key : "k" + ContentHash(key).description.prefix(20)
    }

    func absolute(_ path: String) -> String? {
        options.baseURL.map { $0 + path }
    }

    // MARK: - Shared shapes

    func common(root: String, title: String, path: String, description: String = "") -> [String: Any] {
        var context: [String: Any] = [
            "root": root,
            "site": site,
            "pageTitle": title,
            "description": description,
            "hasDescription": !description.isEmpty,
        ]
        if let canonical = absolute(path) { context["canonical"] = canonical }
        return context
    }

    var site: [String: Any] {
        ["title": options.title, "baseURL": options.baseURL ?? "", "tileRatio": options.tile.rawValue, "generator": "sitegen"]
    }

    func userSummary(_ u: Int) -> [String: Any] { summaries[u] }
    func tile(_ p: Int) -> [String: Any] { tiles[p] }
    func altText(_ p: Int) -> String { alts[p] }

    private func makeSummary(_ u: Int) -> [String: Any] {
        let user = model.users[u]
        return [
            "uid": user.uid, "username": user.username, "name": user.name, "url": userPath(u),
            "initial": PageContexts.initial(user.username), "hue": PageContexts.hue(user.uid),
            "posts": user.posts.count, "followers": user.followers, "following": user.following,
            "postsLabel": user.posts.count == 1 ? "post" : "posts",
            "followersLabel": user.followers == 1 ? "follower" : "followers",
            "hasName": !user.name.isEmpty,
        ]
    }

    private func makeTile(_ p: Int) -> [String: Any] {
        let post = model.posts[p]
        return ["key": post.key, "url": postPath(p), "src": post.src, "srcRelative": !SafeURL.isHTTP(post.src),
                "width": post.width, "height": post.height, "alt": altText(p)]
    }

    private func makeAlt(_ p: Int) -> String {
        let post = model.posts[p]
        let plain = PageContexts.plainText(post.caption)
        if plain.isEmpty { return "Photo by @\(model.users[post.owner].username)" }
        return plain.count > 140 ? String(plain.prefix(137)) + "…" : plain
    }

    // MARK: - Pages

    func index(root: String = "") -> [String: Any] {
        var context = common(root: root, title: options.title, path: "", description: "\(model.users.count) profiles")
        context["users"] = directoryOrder.map { ["html": fragments.row($0, root: root)] }
        context["userCount"] = model.users.count
        context["userCountLabel"] = model.users.count == 1 ? "person" : "people"
        context["usersJSON"] = "users.json"
        return context
    }

    func profile(_ u: Int, page: Int, pages: Int) -> [String: Any] {
        let user = model.users[u]
        let root = page == 1 ? "../../" : "../../../../"
        let path = page == 1 ? userPath(u) : userPath(u) + "page/\(page)/"
        let title = user.name.isEmpty ? "@\(user.username)" : "\(user.name) (@\(user.username))"
        var context = common(root: root, title: title, path: path, description: PageContexts.plainText(user.bio))
        var summary = userSummary(u)
        summary["bioHTML"] = renderers.html(user.bio, root: root)
        summary["hasBio"] = !user.bio.isEmpty
        if !user.website.isEmpty {
            if SafeURL.isLinkable(user.website) {
                summary["website"] = ["href": user.website, "text": PageContexts.displayURL(user.website)]
            } else {
                summary["websiteText"] = user.website
                summary["hasWebsiteText"] = true
            }
        }
        summary["followersURL"] = userPath(u) + "followers/"
        summary["followingURL"] = userPath(u) + "following/"
        summary["feedURL"] = userPath(u) + "feed.xml"
        context["user"] = summary
        let size = options.pageSize
        let slice = user.posts.dropFirst((page - 1) * size).prefix(size)
        context["tiles"] = slice.map { ["html": fragments.tile($0, root: root)] }
        context["hasTiles"] = !slice.isEmpty
        if pages > 1 {
            var pagination: [String: Any] = ["page": page, "pages": pages]
            if page > 1 { pagination["prevURL"] = page == 2 ? userPath(u) : userPath(u) + "page/\(page - 1)/" }
            if page < pages { pagination["nextURL"] = userPath(u) + "page/\(page + 1)/" }
            context["pagination"] = pagination
        }
        if let first = user.posts.first, let image = imageURL(first) { context["ogImage"] = image }
        return context
    }

    func list(_ u: Int, followers: Bool) -> [String: Any] {
        let user = model.users[u]
        let kind = followers ? "followers" : "following"
        let heading = followers ? "Followers of @\(user.username)" : "@\(user.username) follows"
        var context = common(root: "../../../", title: heading, path: userPath(u) + kind + "/")
        context["user"] = userSummary(u)
        context["kind"] = kind
        context["isFollowers"] = followers
        context["isFollowing"] = !followers
        context["heading"] = heading
        // The repaired graph's rows, shown in username order; users that are not rendered are left out.
        let row = followers ? graph.followers.row(Int(user.index)) : graph.following.row(Int(user.index))
        let entries = row.compactMap { model.userByIndex[$0] }.sorted { rank[$0] < rank[$1] }
        context["entries"] = entries.map { ["html": fragments.row($0, root: "../../../")] }
        context["isEmpty"] = entries.isEmpty
        return context
    }

    func post(_ p: Int) -> [String: Any] {
        let post = model.posts[p]
        let root = "../../"
        let owner = model.users[post.owner]
        var context = common(root: root, title: "Photo by @\(owner.username)", path: postPath(p),
                             description: PageContexts.plainText(post.caption))
        var comments: [[String: Any]] = []
        for c in post.comments {
            var comment: [String: Any] = ["username": c.username, "textHTML": renderers.html(c.text, root: root)]
            if let u = model.user(username: c.username, in: index) { comment["url"] = userPath(u) }
            comments.append(comment)
        }
        context["post"] = [
            "key": post.key, "src": post.src, "srcRelative": !SafeURL.isHTTP(post.src),
            "width": post.width, "height": post.height, "alt": altText(p),
            "captionHTML": renderers.html(post.caption, root: root), "hasCaption": !post.caption.isEmpty,
            "likesLabel": post.likes == 1 ? "like" : "likes",
            "dateISO": PageContexts.iso8601(post.time), "dateText": PageContexts.dateText(post.time),
            "likes": post.likes, "poster": userSummary(post.owner), "comments": comments, "hasComments": !comments.isEmpty,
        ] as [String: Any]
        if let image = imageURL(p) { context["ogImage"] = image }
        return context
    }

    func tag(_ t: Int) -> [String: Any] {
        let tag = model.tags[t]
        var context = common(root: "../../", title: "#\(tag.display)", path: tagPath(tag.tag))
        context["tag"] = tag.display
        context["tiles"] = tag.posts.map { ["html": fragments.tile($0, root: "../../")] }
        context["count"] = tag.posts.count
        context["countLabel"] = tag.posts.count == 1 ? "post" : "posts"
        return context
    }

    func notFound() -> [String: Any] {
        // Served at any depth: links go from the site's path (from --base-url), else from "/".
        let root = options.baseURL.flatMap { URL(string: $0)?.path }.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        return common(root: root, title: "Page not found", path: "404.html")
    }

    func feed(_ u: Int) -> [String: Any] {
        let user = model.users[u]
        let root = options.baseURL ?? "../../"
        let profileURL = absolute(userPath(u)) ?? "../../" + userPath(u)
        var entries: [[String: Any]] = []
        for p in user.posts.prefix(20) {
            let post = model.posts[p]
            let plain = PageContexts.plainText(post.caption)
            entries.append([
                "id": absolute(postPath(p)) ?? "urn:sitegen:post:\(post.key)",
                "url": absolute(postPath(p)) ?? "../../" + postPath(p),
                "title": plain.isEmpty ? "Photo by @\(user.username)" : String(plain.prefix(80)),
                "updated": PageContexts.iso8601(post.time),
                "contentHTML": "<p><img src=\"\(PageContexts.attribute(imageURL(p) ?? "../../" + post.src))\" alt=\"\(PageContexts.attribute(altText(p)))\"></p>"
                    + renderers.html(post.caption, root: root),
            ])
        }
        var context: [String: Any] = [
            "root": root, "site": site, "user": userSummary(u),
            "feedID": absolute(userPath(u) + "feed.xml") ?? "urn:sitegen:user:\(user.uid)",
            "profileURL": profileURL,
            "updated": PageContexts.iso8601(user.posts.first.map { model.posts[$0].time } ?? 0),
            "entries": entries,
        ]
        if let selfURL = absolute(userPath(u) + "feed.xml") { context["selfURL"] = selfURL }
        return context
    }

    func sitemap(_ paths: [String]) -> [String: Any] {
        ["urls": paths.map { ["loc": absolute($0) ?? $0] }]
    }

    /// An image's absolute URL (for Open Graph and feeds), when one can be given.
    func imageURL(_ p: Int) -> String? {
        let src = model.posts[p].src
        if SafeURL.isHTTP(src) { return src }
        return absolute(src)
    }
}

/// One Markdown renderer per page depth: mentions and hashtags link relative to the page.
final class MarkdownRenderers: @unchecked Sendable {
    private var byRoot: [String: MarkdownRenderer] = [:]
    private let lock = NSLock()
    private let model: SiteModel
    private let index: ExportIndex

    init(model: SiteModel, index: ExportIndex) {
        self.model = model
        self.index = index
    }

    func html(_ markdown: String, root: String) -> String {
        if markdown.isEmpty { return "" }
        return renderer(root: root).render(markdown).html
    }

    private func renderer(root: String) -> MarkdownRenderer {
        lock.lock()
        defer { lock.unlock() }
        if let r = byRoot[root] { return r }
        let model = self.model, index = self.index
        let r = MarkdownRenderer(
            mentionURL: { name in
                model.user(username: name, in: index).map { root + "u/" + Slugs.urlSegment(model.users[$0].slug) + "/" }
            },
            tagURL: { tag in root + "tags/" + Slugs.urlSegment(ExportIndex.fold(tag)) + "/" }
        )
        byRoot[root] = r
        return r
    }
}

/// Pre-rendered `_tile` and `_userrow` fragments: a grid or list page is mostly
/// these, and rendering each one once instead of once per page is most of the speed.
final class Fragments: @unchecked Sendable {
    private(set) var tiles: [String: [String]] = [:]
    private(set) var rows: [String: [String]] = [:]
    var renderTile: ((Int, String) -> String)?
    var renderRow: ((Int, String) -> String)?

    /// Fills the caches for `roots` on all cores; call before rendering pages.
    func prepare(tileRoots: [String: [Int]], rowRoots: [String: [Int]], postCount: Int, userCount: Int) {
        for (root, items) in tileRoots { tiles[root] = fill(items, count: postCount) { self.renderTile!($0, root) } }
        for (root, items) in rowRoots { rows[root] = fill(items, count: userCount) { self.renderRow!($0, root) } }
    }

    private func fill(_ items: [Int], count: Int, _ render: @escaping (Int) -> String) -> [String] {
        var out = [String](repeating: "", count: count)
        out.withUnsafeMutableBufferPointer { buffer in
            let base = SendableBuffer(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { worker in
                var i = worker
                while i < items.count {
                    base.base[items[i]] = render(items[i])
                    i += ProcessInfo.processInfo.activeProcessorCount
                }
            }
        }
        return out
    }

    func tile(_ p: Int, root: String) -> String {
        if let html = tiles[root]?[p], !html.isEmpty { return html }
        return renderTile?(p, root) ?? ""
    }

    func row(_ u: Int, root: String) -> String {
        if let html = rows[root]?[u], !html.isEmpty { return html }
        return renderRow?(u, root) ?? ""
    }
}

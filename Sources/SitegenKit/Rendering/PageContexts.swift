import Foundation
import MustacheEngine
import Synchronization

/// Builds the values the templates read (`docs/templates.md`).
typealias Context = [String: TemplateValue]

struct PageContexts: Sendable {
    let model: SiteModel
    let index: ExportIndex
    let graph: FollowGraph
    let options: SiteOptions
    let renderers: MarkdownRenderers
    /// Computed once, used by many pages.
    private var summaries: [Context] = []
    private var tiles: [Context] = []
    private var alts: [String] = []
    private var plainCaptions: [String] = []
    /// Fingerprints of each user summary and tile (pages include them by the thousand).
    private(set) var summaryHashes: [ContentHash] = []
    private(set) var tileHashes: [ContentHash] = []
    /// Users in directory order (case-folded username, then uid), and each user's rank in it.
    private(set) var directoryOrder: [Int] = []
    private var rank: [Int] = []
    /// `u/<slug>/`, percent-encoded, of each user.
    private var userPaths: [String] = []
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
        userPaths = model.users.map { "u/\(Slugs.urlSegment($0.slug))/" }
        rank = [Int](repeating: 0, count: model.users.count)
        for (r, u) in directoryOrder.enumerated() { rank[u] = r }
        // On every core; each step reads what the one before it set, from a copy of self.
        let paths = self
        summaries = .parallelMap(count: model.users.count) { paths.makeSummary($0) }
        plainCaptions = .parallelMap(count: model.posts.count) { PageContexts.plainText(model.posts[$0].caption) }
        let captions = self
        alts = .parallelMap(count: model.posts.count) { captions.makeAlt($0) }
        let withAlts = self
        tiles = .parallelMap(count: model.posts.count) { withAlts.makeTile($0) }
        let shared = self
        summaryHashes = .parallelMap(count: model.users.count) { TemplateValue.object(shared.summaries[$0]).fingerprint(shared) }
        tileHashes = .parallelMap(count: model.posts.count) { TemplateValue.object(shared.tiles[$0]).fingerprint(shared) }
    }

    // MARK: - Paths (relative to the site root)

    func userPath(_ u: Int) -> String { userPaths[u] }
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

    func common(root: String, title: String, path: String, description: String = "") -> Context {
        var context: Context = [
            "root": .string(root),
            "site": .object(site),
            "pageTitle": .string(title),
            "description": .string(description),
            "hasDescription": .bool(!description.isEmpty),
        ]
        if let canonical = absolute(path) { context["canonical"] = .string(canonical) }
        return context
    }

    var site: Context {
        ["title": .string(options.title), "baseURL": .string(options.baseURL ?? ""),
         "tileRatio": .string(options.tile.rawValue), "generator": "sitegen"]
    }

    func userSummary(_ u: Int) -> Context { summaries[u] }
    func tile(_ p: Int) -> Context { tiles[p] }
    func altText(_ p: Int) -> String { alts[p] }

    private func makeSummary(_ u: Int) -> Context {
        let user = model.users[u]
        return [
            "uid": .string(user.uid), "username": .string(user.username), "name": .string(user.name),
            "url": .string(userPath(u)),
            "initial": .string(PageContexts.initial(user.username)), "hue": .int(PageContexts.hue(user.uid)),
            "posts": .int(user.postCount), "followers": .int(user.followers), "following": .int(user.following),
            "postsLabel": user.postCount == 1 ? "post" : "posts",
            "followersLabel": user.followers == 1 ? "follower" : "followers",
            "hasName": .bool(!user.name.isEmpty),
        ]
    }

    private func makeTile(_ p: Int) -> Context {
        let post = model.posts[p]
        return ["key": .string(post.key), "url": .string(postPath(p)), "src": .string(post.src),
                "srcRelative": .bool(!SafeURL.isHTTP(post.src)),
                "width": .int(post.width), "height": .int(post.height), "alt": .string(altText(p))]
    }

    private func makeAlt(_ p: Int) -> String {
        let post = model.posts[p]
        let plain = plainCaptions[p]
        if plain.isEmpty { return "Photo by @\(model.users[post.owner].username)" }
        return plain.count > 140 ? String(plain.prefix(137)) + "…" : plain
    }

    // MARK: - Pages

    func index(root: String = "") -> Context {
        var context = common(root: root, title: options.title, path: "", description: "\(model.users.count) profiles")
        context["users"] = TemplateValue(directoryOrder.map { ["html": Deferred.row($0, root: root)] })
        context["userCount"] = TemplateValue(model.users.count)
        context["userCountLabel"] = TemplateValue(model.users.count == 1 ? "person" : "people")
        context["usersJSON"] = TemplateValue("users.json")
        return context
    }

    func profile(_ u: Int, page: Int, pages: Int) -> Context {
        let user = model.users[u]
        let root = page == 1 ? "../../" : "../../../../"
        let path = page == 1 ? userPath(u) : userPath(u) + "page/\(page)/"
        let title = user.name.isEmpty ? "@\(user.username)" : "\(user.name) (@\(user.username))"
        var context = common(root: root, title: title, path: path, description: PageContexts.plainText(user.bio))
        var summary = userSummary(u)
        summary["bioHTML"] = Deferred.markdown(user.bio, root: root)
        summary["hasBio"] = TemplateValue(!user.bio.isEmpty)
        if !user.website.isEmpty {
            if SafeURL.isLinkable(user.website) {
                summary["website"] = .object(["href": .string(user.website), "text": .string(PageContexts.displayURL(user.website))])
            } else {
                summary["websiteText"] = TemplateValue(user.website)
                summary["hasWebsiteText"] = TemplateValue(true)
            }
        }
        summary["followersURL"] = TemplateValue(userPath(u) + "followers/")
        summary["followingURL"] = TemplateValue(userPath(u) + "following/")
        summary["feedURL"] = TemplateValue(userPath(u) + "feed.xml")
        context["user"] = TemplateValue(summary)
        let size = options.pageSize
        let slice = user.posts.dropFirst((page - 1) * size).prefix(size)
        context["tiles"] = TemplateValue(slice.map { ["html": Deferred.tile($0, root: root)] })
        context["hasTiles"] = TemplateValue(!slice.isEmpty)
        if pages > 1 {
            var pagination: Context = ["page": .int(page), "pages": .int(pages)]
            if page > 1 { pagination["prevURL"] = .string(page == 2 ? userPath(u) : userPath(u) + "page/\(page - 1)/") }
            if page < pages { pagination["nextURL"] = .string(userPath(u) + "page/\(page + 1)/") }
            context["pagination"] = TemplateValue(pagination)
        }
        if let first = user.posts.first, let image = imageURL(first) { context["ogImage"] = .string(image) }
        return context
    }

    func list(_ u: Int, followers: Bool) -> Context {
        let user = model.users[u]
        let kind = followers ? "followers" : "following"
        let heading = followers ? "Followers of @\(user.username)" : "@\(user.username) follows"
        var context = common(root: "../../../", title: heading, path: userPath(u) + kind + "/")
        context["user"] = TemplateValue(userSummary(u))
        context["kind"] = TemplateValue(kind)
        context["isFollowers"] = TemplateValue(followers)
        context["isFollowing"] = TemplateValue(!followers)
        context["heading"] = TemplateValue(heading)
        // The repaired graph's rows, shown in username order; users that are not rendered are left out.
        let row = followers ? graph.followers.row(Int(user.index)) : graph.following.row(Int(user.index))
        let entries = row.compactMap { model.userByIndex[$0] }.sorted { rank[$0] < rank[$1] }
        context["entries"] = TemplateValue(entries.map { ["html": Deferred.row($0, root: "../../../")] })
        context["isEmpty"] = TemplateValue(entries.isEmpty)
        return context
    }

    func post(_ p: Int) -> Context {
        let post = model.posts[p]
        let root = "../../"
        let owner = model.users[post.owner]
        var context = common(root: root, title: "Photo by @\(owner.username)", path: postPath(p),
                             description: plainCaptions[p])
        var comments: [Context] = []
        for c in post.comments {
            var comment: Context = ["username": .string(c.username), "textHTML": Deferred.markdown(c.text, root: root)]
            if let u = model.user(username: c.username, in: index) { comment["url"] = .string(userPath(u)) }
            comments.append(comment)
        }
        context["post"] = .object([
            "key": .string(post.key), "src": .string(post.src), "srcRelative": .bool(!SafeURL.isHTTP(post.src)),
            "width": .int(post.width), "height": .int(post.height), "alt": .string(altText(p)),
            "captionHTML": Deferred.markdown(post.caption, root: root), "hasCaption": .bool(!post.caption.isEmpty),
            "likesLabel": post.likes == 1 ? "like" : "likes",
            "dateISO": .string(PageContexts.iso8601(post.time)), "dateText": .string(PageContexts.dateText(post.time)),
            "likes": .int(post.likes), "poster": .object(userSummary(post.owner)), "comments": TemplateValue(comments),
            "hasComments": .bool(!comments.isEmpty),
        ])
        if let image = imageURL(p) { context["ogImage"] = .string(image) }
        return context
    }

    func tag(_ t: Int) -> Context {
        let tag = model.tags[t]
        var context = common(root: "../../", title: "#\(tag.display)", path: tagPath(tag.tag))
        context["tag"] = TemplateValue(tag.display)
        context["tiles"] = TemplateValue(tag.posts.map { ["html": Deferred.tile($0, root: "../../")] })
        context["count"] = TemplateValue(tag.posts.count)
        context["countLabel"] = TemplateValue(tag.posts.count == 1 ? "post" : "posts")
        return context
    }

    func notFound() -> Context {
        // Served at any depth: links go from the site's path (from --base-url), else from "/".
        let path = options.baseURL.flatMap { URLComponents(string: $0)?.percentEncodedPath } ?? "/"
        let root = PageContexts.attribute(path.hasSuffix("/") ? path : path + "/")
        return common(root: root, title: "Page not found", path: "404.html")
    }

    func feed(_ u: Int) -> Context {
        let user = model.users[u]
        let root = options.baseURL ?? "../../"
        let profileURL = absolute(userPath(u)) ?? "../../" + userPath(u)
        var entries: [Context] = []
        for p in user.posts.prefix(20) {
            let post = model.posts[p]
            let plain = plainCaptions[p]
            entries.append([
                "id": .string(absolute(postPath(p)) ?? "urn:sitegen:post:\(post.key)"),
                "url": .string(absolute(postPath(p)) ?? "../../" + postPath(p)),
                "title": .string(plain.isEmpty ? "Photo by @\(user.username)" : String(plain.prefix(80))),
                "updated": .string(PageContexts.iso8601(post.time)),
                "contentHTML": Deferred.markdown(post.caption, root: root,
                    prefix: "<p><img src=\"\(PageContexts.attribute(imageURL(p) ?? "../../" + post.src))\" alt=\"\(PageContexts.attribute(altText(p)))\"></p>"),
            ])
        }
        var context: Context = [
            "root": .string(root), "site": .object(site), "user": .object(userSummary(u)),
            "feedID": .string(absolute(userPath(u) + "feed.xml") ?? "urn:sitegen:user:\(user.uid)"),
            "profileURL": .string(profileURL),
            "updated": .string(PageContexts.iso8601(user.posts.first.map { model.posts[$0].time } ?? 0)),
            "entries": TemplateValue(entries),
        ]
        if let selfURL = absolute(userPath(u) + "feed.xml") { context["selfURL"] = .string(selfURL) }
        return context
    }

    func sitemap(_ paths: [String]) -> Context {
        // Without --base-url the locations stay relative (the build says so); the root is "./".
        ["urls": TemplateValue(paths.map { ["loc": .string(absolute($0) ?? ($0.isEmpty ? "./" : $0))] })]
    }

    /// An image's absolute URL (for Open Graph and feeds), when one can be given.
    func imageURL(_ p: Int) -> String? {
        let src = model.posts[p].src
        if SafeURL.isHTTP(src) { return src }
        return absolute(src)
    }
}

/// One Markdown renderer per page depth: mentions and hashtags link relative to the page.
final class MarkdownRenderers: Sendable {
    private let byRoot = Mutex<[String: MarkdownRenderer]>([:])
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
        byRoot.withLock { byRoot in
            if let r = byRoot[root] { return r }
            let r = makeRenderer(root: root)
            byRoot[root] = r
            return r
        }
    }

    private func makeRenderer(root: String) -> MarkdownRenderer {
        let model = self.model, index = self.index
        return MarkdownRenderer(
            mentionURL: { name in
                model.user(username: name, in: index).map { root + "u/" + Slugs.urlSegment(model.users[$0].slug) + "/" }
            },
            tagURL: { tag in root + "tags/" + Slugs.urlSegment(ExportIndex.fold(tag)) + "/" }
        )
    }
}

/// The HTML of `_tile` and `_userrow` fragments, each rendered once per item and page
/// depth, on first use, from any rendering thread (`SiteRenderer.html`).
final class Fragments: Sendable {
    private struct Key: Hashable {
        let row: Bool
        let i: Int
        let root: String
    }

    private let cache = Mutex<[Key: String]>([:])

    /// The cached HTML, or `render()`'s, cached. Two threads may both render an item
    /// the first time (the result is the same); the lock is not held while rendering.
    func cached(row: Bool, _ i: Int, root: String, render: () -> String) -> String {
        let key = Key(row: row, i: i, root: root)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let html = render()
        cache.withLock { $0[key] = html }
        return html
    }
}

extension TemplateValue {
    /// A hash of the value that does not depend on dictionary order (members are
    /// combined by addition); a deferred tile or row stands for its item's context,
    /// whose hash is computed once.
    func fingerprint(_ contexts: PageContexts) -> ContentHash {
        switch self {
        case let .string(s): return ContentHash(tag: 1, s)
        case let .int(i): return withUnsafeBytes(of: i) { ContentHash($0, seed: 2) }
        case let .bool(b): return ContentHash(tag: b ? 3 : 4, "")
        case let .list(items):
            var h = withUnsafeBytes(of: items.count) { ContentHash($0, seed: 5) }
            for item in items { h = h.then(item.fingerprint(contexts)) }
            return h
        case let .object(members):
            var sum = withUnsafeBytes(of: members.count) { ContentHash($0, seed: 7) }
            for (key, value) in members { sum = sum.plus(ContentHash(tag: 8, key).then(value.fingerprint(contexts))) }
            return sum
        case let .deferred(value):
            switch value as? DeferredHTML {
            case let .tile(i, root)?:
                return contexts.tileHashes[i].then(ContentHash(tag: 9, root))
            case let .row(i, root)?:
                return contexts.summaryHashes[i].then(ContentHash(tag: 9, root))
            case let .markdown(text, root, prefix)?:
                return ContentHash(tag: 10, text).then(ContentHash(tag: 11, root)).then(ContentHash(tag: 12, prefix))
            case nil:
                // The site makes no other deferred values.
                return ContentHash(tag: 14, "")
            }
        }
    }
}

extension TemplateValue {
    init(_ s: String) { self = .string(s) }
    init(_ i: Int) { self = .int(i) }
    init(_ b: Bool) { self = .bool(b) }
    init(_ o: Context) { self = .object(o) }
    init(_ l: [Context]) { self = .list(l.map { .object($0) }) }
}

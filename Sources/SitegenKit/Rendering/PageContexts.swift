import Foundation
import MustacheEngine
import SitegenExport

/// Builds the values the templates read (`docs/templates.md`).
typealias Context = [String: TemplateValue]

struct PageContexts: Sendable {
    let model: SiteModel
    let graph: FollowGraph
    let options: SiteOptions
    /// The theme's words in the site's language (`Strings`), and their table as every
    /// page's `t`, made once.
    let strings: Strings
    private let stringsTable: TemplateValue
    let renderers: MarkdownRenderers
    /// Computed once, used by many pages. (User summaries and tiles are made when asked
    /// for: kept for the whole build they held much memory, and each is made about once
    /// per batch, the fragments being cached. A caption's plain text and alt text too: made
    /// for every post up front they cost CPU time when a rebuild renders a few pages. The
    /// figures: docs/performance.md, "Rendering".)
    /// Hashes of what each user summary (`_userrow`) and tile (`_tile`) shows, the fields
    /// it is made of: pages' keys (`SiteRenderer.key(of:)`) include them by the thousand.
    private(set) var summaryHashes: [ContentHash] = []
    private(set) var tileHashes: [ContentHash] = []
    /// Hashes of what a post page shows of its poster (`identity`): not the counts, so
    /// that a new post re-renders only its neighbours' pages of its poster's posts.
    private(set) var identityHashes: [ContentHash] = []
    /// Each post's place in its owner's posts (newest first): its neighbours there are
    /// the post page's previous and next.
    private(set) var positions: [Int32] = []
    /// The hash of every user's summary, in directory order: what `users.json` and the
    /// search files are made of (with the slugs, in the global fingerprint).
    private(set) var directoryHash = ContentHash(high: 0, low: 0)
    /// Users in directory order (case-folded username, then uid), and each user's rank in it.
    private(set) var directoryOrder: [Int] = []
    private(set) var rank: [Int] = []
    /// `u/<slug>/`, percent-encoded, of each user.
    private var userPaths: [String] = []
    /// The directory's jump list: each first letter and the page it starts on.
    private(set) var jumps: [(label: String, page: Int)] = []
    /// The hash of `jumps`, for the directory pages' keys.
    private(set) var jumpsHash = ContentHash(high: 0, low: 0)
    /// Users without a username whose name another such user has too (case folded): their
    /// pages show a short id beside the name, to tell them apart.
    private(set) var sharedNames: Set<Int> = []
    /// The number of rows of each user's follower and following lists (`listCount`).
    private(set) var listCounts: (followers: [Int32], following: [Int32]) = ([], [])
    /// Grid tiles and user rows, rendered once per item and page depth (`_tile`, `_userrow`).
    let fragments = Fragments()
    /// The rows of follower and following lists of several pages, sorted once.
    let sortedLists = SortedLists()

    init(model: SiteModel, options: SiteOptions, strings: Strings = .builtinEnglish) {
        self.model = model
        self.graph = model.graph
        self.options = options
        self.strings = strings
        stringsTable = .object(strings.table)
        positions = [Int32](repeating: 0, count: model.posts.count)
        for user in model.users {
            for (i, p) in user.posts.enumerated() { positions[p] = Int32(i) }
        }
        renderers = MarkdownRenderers(model: model)
        let folded = model.users.map { ExportIndex.fold($0.username) }
        directoryOrder = model.users.indices.sorted { a, b in
            folded[a] != folded[b] ? folded[a] < folded[b] : model.users[a].uid < model.users[b].uid
        }
        userPaths = model.users.map { "u/\(Slugs.urlSegment($0.slug))/" }
        rank = [Int](repeating: 0, count: model.users.count)
        for (r, u) in directoryOrder.enumerated() { rank[u] = r }
        listCounts = (PageContexts.countListRows(model, followers: true), PageContexts.countListRows(model, followers: false))
        var byName: [String: [Int]] = [:]
        for (u, user) in model.users.enumerated() where !user.hasUsername && !user.name.isEmpty {
            byName[ExportIndex.fold(user.name), default: []].append(u)
        }
        sharedNames = Set(byName.values.filter { $0.count > 1 }.joined())
        jumps = PageContexts.directoryJumps(directoryOrder, folded: folded, size: options.listSize)
        jumpsHash = ContentHash(jumps.map { "\($0.label) \($0.page)" }.joined(separator: "\n"))
        // On every core, from a copy of self. Hashed from the fields themselves, not made as
        // template values and hashed (slower: docs/performance.md, "Rendering").
        let shared = self
        summaryHashes = .parallelMap(count: model.users.count) { shared.summaryHash($0) }
        tileHashes = .parallelMap(count: model.posts.count) { shared.tileHash($0) }
        identityHashes = .parallelMap(count: model.users.count) { shared.identityHash($0) }
        var directory = PageKey(ContentHash(high: 0, low: 0))
        for u in directoryOrder { directory.add(summaryHashes[u]) }
        directoryHash = directory.hash
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

    /// The values every page has. Its title and description, made of user text and shown
    /// as plain text (`<title>`, meta tags), go through `metaText`: no bidi override, and
    /// at most `titleLimit` and `descriptionLimit` characters (a 15 MB bio is not repeated
    /// twice in the profile's meta tags).
    func common(root: String, title: String, path: String, description: String = "") -> Context {
        let description = PageContexts.metaText(description, limit: PageContexts.descriptionLimit)
        var context: Context = [
            "root": .string(root),
            "site": .object(site),
            "t": stringsTable,
            "pageTitle": .string(PageContexts.metaText(title, limit: PageContexts.titleLimit)),
            "description": .string(description),
            "hasDescription": .bool(!description.isEmpty),
        ]
        if let canonical = absolute(path) { context["canonical"] = .string(canonical) }
        return context
    }

    var site: Context {
        ["title": .string(siteTitle), "baseURL": .string(options.baseURL ?? ""),
         "tileRatio": .string(options.tile.rawValue), "generator": "sitegen",
         "language": .string(strings.language), "direction": .string(strings.direction)]
    }

    var table: TemplateValue { stringsTable }

    /// The site's title: the one sitegen.toml or --title gives, else "Profiles" in the
    /// site's language (`default_title`: "Perfis" in pt-BR), not English in every site.
    var siteTitle: String {
        options.title == SiteConfig.Default.title ? strings.text("default_title") : options.title
    }

    func userSummary(_ u: Int) -> Context { makeSummary(u) }
    func tile(_ p: Int) -> Context { makeTile(p) }
    func altText(_ p: Int, in strings: Strings? = nil) -> String { makeAlt(p, strings ?? self.strings) }
    func plainCaption(_ p: Int) -> String { PageContexts.plainText(model.posts[p].caption) }

    /// Every field `makeSummary` reads (the initial and hue follow from username and uid).
    private func summaryHash(_ u: Int) -> ContentHash {
        let user = model.users[u]
        var key = PageKey(identityHash(u))
        key.add(user.postCount, user.followers, user.following)
        key.add(user.isPrivate ? 1 : 0)
        return key.hash
    }

    /// Every field `identity` reads.
    private func identityHash(_ u: Int) -> ContentHash {
        let user = model.users[u]
        var key = PageKey(ContentHash(high: 0, low: 0))
        key.add(user.uid)
        key.add(user.username)
        key.add(user.name)
        key.add(user.avatar)
        key.add(user.hasUsername ? 1 : 0, sharedNames.contains(u) ? 1 : 0)
        if let picture = model.avatarPicture(of: user) {
            key.add(picture.key)
            key.add(1, picture.width)
        } else {
            key.add(0)
        }
        key.add(userPath(u))
        return key.hash
    }

    /// Every field `makeTile` reads: the alt text is made of the caption or the owner's
    /// username; the tile shape, an option, is in every page's key.
    private func tileHash(_ p: Int) -> ContentHash {
        let post = model.posts[p]
        var key = PageKey(ContentHash(high: 0, low: 1))
        key.add(post.key)
        key.add(post.src)
        key.add(post.width, post.height)
        key.add(post.caption)
        key.add(post.alt)
        key.add(model.users[post.owner].username)
        key.add(model.users[post.owner].name)
        key.add(model.users[post.owner].hasUsername ? 1 : 0)
        if let picture = model.picture(of: post) {
            key.add(picture.key)
            key.add(picture.colour)
            key.add(1, picture.width, picture.height)
        } else {
            key.add(0)
        }
        addMedia(p, to: &key)
        return key.hash
    }

    /// Who a user is, without their counts: a post page's poster (`U` less its counts).
    /// `avatar` is the linked URL or the published avatar's JPEG (`avatarRelative`: relative
    /// to the site root), and a published one's variants are `avatarPicture`.
    func identity(_ u: Int) -> Context {
        let user = model.users[u]
        let shown = displayName(u)
        var identity: Context = [
            "uid": .string(user.uid), "username": .string(user.username), "name": .string(user.name),
            "url": .string(userPath(u)),
            "initial": .string(PageContexts.initial(shown)), "hue": .int(PageContexts.hue(user.uid)),
            // A name beside the username; an app without usernames shows the name alone.
            "hasName": .bool(user.hasUsername && !user.name.isEmpty && user.name != user.username),
            "hasUsername": .bool(user.hasUsername), "displayName": .string(shown), "handle": .string(handle(u)),
            "avatar": .string(user.avatar), "hasAvatar": .bool(!user.avatar.isEmpty),
            "avatarRelative": .bool(!user.avatar.isEmpty && !SafeURL.isHTTP(user.avatar)),
        ]
        if let picture = model.avatarPicture(of: user) { identity["avatarPicture"] = .object(PageContexts.avatarPicture(picture)) }
        if sharedNames.contains(u) {
            identity["disambiguation"] = .string(strings.text("profile_id", ["id": String(user.uid.prefix(8))]))
        }
        return identity
    }

    /// What a page calls a user: the username, or in an app without usernames the name
    /// (or "Unnamed profile" in the site's language when it is empty, never the uid).
    func displayName(_ u: Int, in strings: Strings? = nil) -> String {
        let user = model.users[u]
        if user.hasUsername { return user.username }
        return user.name.isEmpty ? (strings ?? self.strings).text("unnamed") : user.name
    }

    /// A user as a sentence names them: "@ana", or the name without "@" when the app has
    /// no usernames, with the short ID the header shows when another user has the same name
    /// ("Kalyan Reddy (ID uKalyan2)"): titles and headings tell same-named people apart, as
    /// Instagram's always carry the @handle.
    func handle(_ u: Int, in strings: Strings? = nil) -> String {
        model.users[u].hasUsername ? "@" + model.users[u].username : distinctName(u, in: strings)
    }

    /// The name an app without usernames shows, with the short ID when it is shared
    /// (`handle`); `name` replaces the name (a title cuts a long one first).
    func distinctName(_ u: Int, in strings: Strings? = nil, name: String? = nil) -> String {
        let shown = name ?? displayName(u, in: strings)
        guard sharedNames.contains(u) else { return shown }
        return shown + " (" + (strings ?? self.strings).text("profile_id", ["id": String(model.users[u].uid.prefix(8))]) + ")"
    }

    /// The plain string `key` about user `u` (its `{username}`): "@{username}" is the
    /// handle, which has no "@" when the app has no usernames.
    /// `distinct`: a shared name carries its short ID (`handle`); alt text goes without.
    func text(_ key: String, about u: Int, in strings: Strings? = nil, distinct: Bool = true,
              _ values: KeyValuePairs<String, String> = [:]) -> String {
        let strings = strings ?? self.strings
        var template = strings.text(key)
        if !model.users[u].hasUsername { template = template.replacingOccurrences(of: "@{username}", with: "{username}") }
        // In a right-to-left language the handle is isolated (U+2068 … U+2069): "@ana" inside
        // Arabic text read "ana@".
        if strings.direction == "rtl" {
            let token = template.contains("@{username}") ? "@{username}" : "{username}"
            template = template.replacingOccurrences(of: token, with: "\u{2068}" + token + "\u{2069}")
        }
        // Its own bidi overrides dropped: a name cannot turn the rest of the sentence around.
        let name = PageContexts.bidiSafe(model.users[u].hasUsername ? model.users[u].username
                                         : distinct ? distinctName(u, in: strings) : displayName(u, in: strings))
        return Strings.fill(Strings.fill(template, ["username": name]), values)
    }

    private func makeSummary(_ u: Int) -> Context {
        let user = model.users[u]
        var summary = identity(u)
        summary["posts"] = .int(user.postCount)
        summary["followers"] = .int(user.followers)
        summary["following"] = .int(user.following)
        summary["postsText"] = .object(strings.counted("posts", user.postCount))
        // A private account's row says so in place of its counts (as its search row does).
        summary["isPrivate"] = .bool(user.isPrivate)
        // An app that keeps no follows shows no follower counts (not "0 followers").
        if model.keepsFollows {
            summary["followersText"] = .object(strings.counted("followers", user.followers))
            summary["followingText"] = .object(strings.counted("following", user.following))
        }
        return summary
    }

    private func makeTile(_ p: Int) -> Context {
        let post = model.posts[p]
        let alt = altText(p)
        // A linked photo's tile shows the app's thumbnail where it keeps one (`tileSrc`).
        let colour = post.media.first?.colour ?? ""
        var tile: Context = ["key": .string(post.key), "url": .string(postPath(p)), "src": .string(post.tileSrc),
                             "srcRelative": .bool(!SafeURL.isHTTP(post.tileSrc)), "hasImage": .bool(!post.tileSrc.isEmpty),
                             "width": .int(post.width), "height": .int(post.height), "alt": .string(alt),
                             "hasSize": .bool(post.width > 0 && post.height > 0),
                             "colour": .string(colour), "hasColour": .bool(!colour.isEmpty),
                             "unavailableLabel": .string(strings.text("photo_unavailable", ["alt": alt]))]
        if let picture = model.picture(of: post) {
            tile["picture"] = .object(PageContexts.tilePicture(picture, tile: options.tile))
        }
        tile["mark"] = tileMark(p).map(TemplateValue.object) ?? .bool(false)
        return tile
    }

    /// A photo's alt text: the app's own description (`alt`, `altText`,
    /// `accessibilityLabel`), else the caption as plain text, else "Photo by @username" in
    /// the site's language; at most 140 characters.
    private func makeAlt(_ p: Int, _ strings: Strings) -> String {
        let post = model.posts[p]
        var plain = PageContexts.plainText(post.alt)
        if plain.isEmpty { plain = plainCaption(p) }
        if plain.isEmpty { return text("photo_by", about: post.owner, in: strings, distinct: false) }
        return plain.count > 140 ? String(plain.prefix(137)) + "…" : plain
    }
}

extension TemplateValue {
    init(_ s: String) { self = .string(s) }
    init(_ i: Int) { self = .int(i) }
    init(_ b: Bool) { self = .bool(b) }
    init(_ o: Context) { self = .object(o) }
    init(_ l: [Context]) { self = .list(l.map { .object($0) }) }
}

import Foundation
import MustacheEngine
import SitegenExport

/// The context of each kind of page (`docs/templates.md` says what each template reads).
extension PageContexts {
    func index(page: Int = 1, pages: Int = 1) -> Context {
        let pagination = paging(first: "", page: page, pages: pages)
        let root = Pagination.extraDepth(page)
        var context = common(root: root, title: siteTitle, path: pagination.url(page),
                             description: strings.plural("profiles", model.users.count))
        let slice = pagination.slice(directoryOrder.count, size: options.listSize)
        context["users"] = TemplateValue(directoryOrder[slice].map { ["html": Deferred.row($0, root: root)] })
        context["userCount"] = TemplateValue(model.users.count)
        context["userCountText"] = TemplateValue(strings.counted("people", model.users.count))
        context["searchStringsJSON"] = TemplateValue(strings.searchJSON)
        context["usersJSON"] = TemplateValue("users.json")
        context["searchIndex"] = TemplateValue(SearchIndex.folder)
        if pages > 1 {
            context["pagination"] = pagination.context
            context["hasJumps"] = TemplateValue(true)
            // Each letter once ("#" too, for every name that starts with no letter A-Z), linked
            // to the first page it is on; a letter on this page is marked, not linked. (Its
            // further pages were numbered "M²", "M³", which read as exponents, and "#" came
            // twice: names with digits sort first, names in other scripts last.)
            var letters: [(label: String, first: Int, here: Bool)] = []
            var at: [String: Int] = [:]
            for jump in jumps {
                if let i = at[jump.label] {
                    letters[i].here = letters[i].here || jump.page == page
                } else {
                    at[jump.label] = letters.count
                    letters.append((jump.label, jump.page, jump.page == page))
                }
            }
            context["jumps"] = TemplateValue(letters.map { letter -> Context in
                letter.here ? ["label": .string(letter.label), "isCurrent": .bool(true)]
                            : ["label": .string(letter.label), "url": .string(pagination.url(letter.first))]
            })
        }
        return context
    }

    func profile(_ u: Int, page: Int, pages: Int) -> Context {
        let user = model.users[u]
        let root = page == 1 ? "../../" : "../../../../"
        let path = page == 1 ? userPath(u) : userPath(u) + "page/\(page)/"
        // A long name is cut on its own first, so that the title keeps the username.
        let name = PageContexts.metaText(user.name, limit: PageContexts.titleLimit / 2)
        // Same-named people are told apart: "Name (@username)", or the short ID the header
        // shows beside a shared name in an app without usernames.
        let title = !user.hasUsername ? distinctName(u, name: user.name.isEmpty ? nil : name)
            : user.name.isEmpty ? "@\(user.username)" : "\(name) (@\(user.username))"
        let bio = PageContexts.plainText(user.bio)
        var context = common(root: root, title: title, path: path, description: bio.isEmpty ? profileDescription(u) : bio)
        // A private account: the header and "This account is private" alone (its counts plain
        // numbers: it has no list, feed or grid page).
        context["isPrivate"] = TemplateValue(user.isPrivate)
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
        // A count of nobody links to no "Nobody here yet." page; a profile without posts
        // offers no feed.
        if user.followers > 0 && !user.isPrivate { summary["followersURL"] = TemplateValue(userPath(u) + "followers/") }
        if user.following > 0 && !user.isPrivate { summary["followingURL"] = TemplateValue(userPath(u) + "following/") }
        if !user.posts.isEmpty && !user.isPrivate { summary["feedURL"] = TemplateValue(userPath(u) + "feed.xml") }
        summary["feedTitle"] = TemplateValue(text("posts_by", about: u))
        context["user"] = TemplateValue(summary)
        let size = options.pageSize
        let slice = user.posts.dropFirst((page - 1) * size).prefix(size)
        context["tiles"] = Deferred.gridTiles(slice, root: root)
        context["hasTiles"] = TemplateValue(!slice.isEmpty)
        let pagination = paging(first: userPath(u), page: page, pages: pages, grid: true)
        if let value = pagination.context { context["pagination"] = value }
        if let first = user.posts.first, let image = imageURL(first) { context["ogImage"] = .string(image) }
        return context
    }

    /// A profile's description without a bio, as Instagram's: "16 followers, 8 following,
    /// 12 posts - See photos from Mariana Costa (@mariana.costa)", in the site's language (a
    /// link shared without it showed only the name); a private account's ends "- Mariana
    /// Costa (@mariana.costa) is a private account" (it has no photos to see).
    func profileDescription(_ u: Int) -> String {
        let user = model.users[u]
        var who = !user.hasUsername ? PageContexts.bidiSafe(distinctName(u))
            : user.name.isEmpty ? "@" + user.username : PageContexts.bidiSafe(user.name) + " (@" + user.username + ")"
        // Isolated in a right-to-left language: "(@ana)" inside Arabic text read "(ana@)".
        if strings.direction == "rtl" { who = "\u{2068}" + who + "\u{2069}" }
        return strings.text(user.isPrivate ? "private_description" : "profile_description", [
            "followers": strings.plural("followers", user.followers), "following": strings.plural("following", user.following),
            "posts": strings.plural("posts", user.postCount), "name": who,
        ])
    }

    func list(_ u: Int, followers: Bool, page: Int = 1, pages: Int = 1) -> Context {
        let kind = followers ? "followers" : "following"
        let heading = text(followers ? "followers_of" : "follows", about: u)
        let pagination = paging(first: userPath(u) + kind + "/", page: page, pages: pages)
        let root = "../../../" + Pagination.extraDepth(page)
        var context = common(root: root, title: heading + (page > 1 ? " · " + pageLabel(page) : ""), path: pagination.url(page))
        context["user"] = TemplateValue(userSummary(u))
        context["kind"] = TemplateValue(kind)
        context["isFollowers"] = TemplateValue(followers)
        context["isFollowing"] = TemplateValue(!followers)
        context["heading"] = TemplateValue(heading)
        // The repaired graph's rows, shown in username order; users that are not rendered are left out.
        let entries = listEntries(u, followers: followers)
        context["entries"] = TemplateValue(entries[pagination.slice(entries.count, size: options.listSize)].map { ["html": Deferred.row($0, root: root)] })
        // Accounts that are counted but not published are said as a number, on the last page.
        let hidden = page == pages ? hiddenCount(u, followers: followers) : 0
        context["isEmpty"] = TemplateValue(entries.isEmpty && hidden == 0)
        context["hasHidden"] = TemplateValue(hidden > 0)
        context["hiddenText"] = TemplateValue(strings.plural(entries.isEmpty ? "hidden" : "more_hidden", hidden))
        if let value = pagination.context { context["pagination"] = value }
        return context
    }

    func post(_ p: Int) -> Context {
        let post = model.posts[p]
        let root = "../../"
        let caption = plainCaption(p)
        var context = common(root: root, title: postTitle(p), path: postPath(p),
                             description: caption.isEmpty ? postTitle(p) : caption)
        var comments: [Context] = []
        for c in post.comments {
            var comment: Context = ["key": .string(c.key), "textHTML": Deferred.markdown(c.text, root: root)]
            // A known author by uid or username: linked, with the avatar; another is "Someone"
            // in the site's language (never the raw id or name the export wrote).
            if let u = model.author(of: c) {
                comment["username"] = .string(displayName(u))
                comment["url"] = .string(userPath(u))
                comment["author"] = .object(identity(u))
            } else {
                comment["username"] = .string(strings.text("unknown_author"))
                comment["author"] = .bool(false)
                comment["url"] = .bool(false)
            }
            // Set even when false: a name missing from the comment is looked up in the post
            // around it (Mustache's context stack), which would date it with the post's date.
            comment["dateISO"] = c.time != 0 ? .string(PageContexts.iso8601(c.time)) : .bool(false)
            comment["dateText"] = c.time != 0 ? .string(strings.format.date(c.time)) : .bool(false)
            comments.append(comment)
        }
        var postContext: Context = [
            "key": .string(post.key), "src": .string(post.src), "srcRelative": .bool(!SafeURL.isHTTP(post.src)),
            "hasImage": .bool(!post.src.isEmpty), "alt": .string(altText(p)),
            "captionHTML": Deferred.markdown(post.caption, root: root), "hasCaption": .bool(!post.caption.isEmpty),
            "likesText": .object(strings.counted("likes", post.likes)),
            "dateISO": .string(PageContexts.iso8601(post.time)), "dateText": .string(strings.format.date(post.time)),
            "likes": .int(post.likes), "poster": .object(identity(post.owner)), "comments": TemplateValue(comments),
            "hasComments": .bool(!comments.isEmpty), "commentCount": .int(comments.count), "hasLikes": .bool(post.likes > 0),
            // A long thread shows its latest comments under "View all 8 comments" (a
            // <details>: no script), which opens the older ones above them; in the desktop
            // card two and a half comments showed and nothing said more were below.
            "hasOlderComments": .bool(comments.count > PageContexts.commentsFolded),
            "olderComments": TemplateValue(comments.count > PageContexts.commentsFolded ? Array(comments.dropLast(PageContexts.commentsShown)) : []),
            "latestComments": TemplateValue(comments.count > PageContexts.commentsFolded ? Array(comments.suffix(PageContexts.commentsShown)) : comments),
            "allCommentsText": .string(strings.plural("all_comments", comments.count)),
            "captionFolded": .bool(caption.count > PageContexts.foldedCaption),
            "captionPreview": .string(caption.count > PageContexts.foldedCaption ? String(caption.prefix(PageContexts.foldedCaption - 40)) + "…" : ""),
        ]
        // The poster's newer and older posts, in the order of their grid.
        let (newer, older) = neighbours(p)
        if let newer { postContext["previous"] = .object(["url": .string(postPath(newer))]) }
        if let older { postContext["next"] = .object(["url": .string(postPath(older))]) }
        postContext["unavailableLabel"] = .string(strings.text("photo_unavailable", ["alt": altText(p)]))
        postContext["hasNeighbours"] = .bool(newer != nil || older != nil)
        postContext["moreLabel"] = .string(text("more_posts", about: post.owner))
        postContext["profileLabel"] = .string(text("back_to_profile", about: post.owner))
        // More posts by the poster: the six nearest in the grid's order, not this one.
        let more = morePosts(p)
        postContext["more"] = TemplateValue(more.map { ["html": Deferred.tile($0, root: root)] })
        postContext["hasMore"] = .bool(!more.isEmpty)
        if let picture = model.picture(of: post) { postContext["picture"] = .object(PageContexts.postPicture(picture)) }
        // Every item in order (an album's row, a video), in a box of the first known size.
        let box = mediaBox(p)
        postContext["hasSize"] = .bool(box != nil)
        postContext["width"] = .int(box?.width ?? 0)
        postContext["height"] = .int(box?.height ?? 0)
        postContext["items"] = TemplateValue(mediaItems(p))
        postContext["isAlbum"] = .bool(post.isAlbum)
        postContext["albumLabel"] = .string(strings.plural("album_items", post.media.count))
        context["post"] = .object(postContext)
        // Open Graph names every photo of an album, the first first.
        let images = imageURLs(p)
        if let image = images.first { context["ogImage"] = .string(image) }
        context["ogMoreImages"] = TemplateValue(images.dropFirst().map { ["url": .string($0)] })
        return context
    }

    /// A long caption (in characters of plain text) is folded on the post page.
    static let foldedCaption = 400
    /// A thread of more comments than this is folded to its latest `commentsShown`.
    static let commentsFolded = 3
    static let commentsShown = 2

    /// The six posts nearest to `p` in its poster's grid (newest first), without it: the
    /// post page's "More posts by" strip.
    func morePosts(_ p: Int, count: Int = 6) -> [Int] {
        let posts = model.users[model.posts[p].owner].posts
        guard posts.count > 1 else { return [] }
        let i = Int(positions[p])
        let start = max(0, min(i - count / 2, posts.count - 1 - count))
        return (start..<min(posts.count, start + count + 1)).filter { $0 != i }.prefix(count).map { posts[$0] }
    }

    /// A post page's title: its caption's first line (at most 60 characters, cut at a word by
    /// `metaText`) and its poster, else "Photo by @ana" and the date; a site's posts are told
    /// apart in tabs and links.
    func postTitle(_ p: Int) -> String {
        let post = model.posts[p]
        let line = plainCaption(p).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty else { return text("photo_by", about: post.owner) + " · " + strings.format.date(post.time) }
        return PageContexts.metaText(line, limit: 60) + " · " + handle(post.owner)
    }

    /// A post's neighbours among its poster's posts (newest first): the newer one (the
    /// grid's previous) and the older one (its next).
    func neighbours(_ p: Int) -> (newer: Int?, older: Int?) {
        let posts = model.users[model.posts[p].owner].posts
        let i = Int(positions[p])
        return (i > 0 ? posts[i - 1] : nil, i + 1 < posts.count ? posts[i + 1] : nil)
    }

    /// The pagination of a listing, labelled in the site's language: "Newer" and "Older" on
    /// a grid, "Previous" and "Next" elsewhere.
    func paging(first: String, page: Int, pages: Int, grid: Bool = false) -> Pagination {
        var pagination = Pagination(first: first, page: page, pages: pages)
        pagination.previousLabel = strings.text(grid ? "newer" : "previous")
        pagination.nextLabel = strings.text(grid ? "older" : "next")
        pagination.status = strings.text("page_of", ["page": strings.format.number(page), "pages": strings.format.number(pages)])
        pagination.pageLabel = pageLabel(page)
        return pagination
    }

    /// "Page 2", for titles.
    func pageLabel(_ page: Int) -> String { strings.text("page_n", ["page": strings.format.number(page)]) }

    func tag(_ t: Int, page: Int = 1, pages: Int = 1) -> Context {
        let tag = model.tags[t]
        let pagination = paging(first: tagPath(tag.tag), page: page, pages: pages, grid: true)
        let root = "../../" + Pagination.extraDepth(page)
        var context = common(root: root, title: "#\(tag.display)" + (page > 1 ? " · " + pageLabel(page) : ""), path: pagination.url(page))
        context["tag"] = TemplateValue(tag.display)
        let slice = pagination.slice(tag.posts.count, size: options.pageSize)
        context["tiles"] = Deferred.gridTiles(tag.posts[slice], root: root)
        if let value = pagination.context { context["pagination"] = value }
        context["count"] = TemplateValue(tag.posts.count)
        context["countText"] = TemplateValue(strings.counted("posts", tag.posts.count))
        return context
    }

    func notFound() -> Context {
        // Served at any depth: links go from the site's path (from --base-url), else from "/".
        let path = options.baseURL.flatMap { URLComponents(string: $0)?.percentEncodedPath } ?? "/"
        let root = PageContexts.attribute(path.hasSuffix("/") ? path : path + "/")
        return common(root: root, title: strings.text("page_not_found"), path: "404.html")
    }

    func feed(_ u: Int) -> Context {
        let user = model.users[u]
        let root = options.baseURL ?? "../../"
        let profileURL = absolute(userPath(u)) ?? "../../" + userPath(u)
        var entries: [Context] = []
        for p in user.posts.prefix(20) {
            let post = model.posts[p]
            let plain = plainCaption(p)
            entries.append([
                "id": .string(absolute(postPath(p)) ?? "urn:sitegen:post:\(post.key)"),
                "url": .string(absolute(postPath(p)) ?? "../../" + postPath(p)),
                // Feeds stay language-neutral: English, whatever the site's language.
                "title": .string(plain.isEmpty ? text("photo_by", about: u, in: .builtinEnglish, distinct: false) : String(plain.prefix(80))),
                "updated": .string(PageContexts.iso8601(post.time)),
                "contentHTML": Deferred.markdown(post.caption, root: root, prefix: feedImages(p)),
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

    func sitemap(_ paths: ArraySlice<String>) -> Context {
        ["urls": TemplateValue(paths.map { ["loc": .string(sitemapLocation($0))] })]
    }

    /// `sitemap.xml` as the index of `sitemap-1.xml` … `sitemap-<parts>.xml`.
    func sitemapIndex(parts: Int) -> Context {
        ["isIndex": .bool(true),
         "sitemaps": TemplateValue((1...parts).map { ["loc": .string(sitemapLocation(Sitemaps.fileName($0)))] })]
    }

    /// A page's `<loc>`: absolute with a base URL (a site without one has no sitemap: its
    /// locations, relative, serve only to size the parts).
    func sitemapLocation(_ path: String) -> String {
        absolute(path) ?? (path.isEmpty ? "./" : path)
    }

    /// A feed entry's photos before its caption: every item's still in order (a video's
    /// poster, linking the video), relative to the feed where the site has no base URL.
    func feedImages(_ p: Int) -> String {
        let post = model.posts[p]
        let alt = PageContexts.attribute(altText(p, in: .builtinEnglish))
        guard post.media.count > 1 || post.isVideo else {
            return post.src.isEmpty ? "" : "<p><img src=\"\(PageContexts.attribute(imageURL(p) ?? "../../" + post.src))\" alt=\"\(alt)\"></p>"
        }
        var html = ""
        for item in post.media {
            let still = item.still
            let image = still.isEmpty ? "" : "<img src=\"\(PageContexts.attribute(SafeURL.isHTTP(still) ? still : absolute(still) ?? "../../" + still))\" alt=\"\(alt)\">"
            if item.kind == .video && !item.src.isEmpty {
                // A published copy is relative to the site root, as a published still is.
                let video = SafeURL.isHTTP(item.src) ? item.src : absolute(item.src) ?? "../../" + item.src
                html += "<p><a href=\"\(PageContexts.attribute(video))\">\(image.isEmpty ? "Video" : image)</a></p>"
            } else if !image.isEmpty {
                html += "<p>\(image)</p>"
            }
        }
        return html
    }

    /// An image's absolute URL (for Open Graph and feeds), when one can be given (not
    /// for a post shown with a placeholder).
    func imageURL(_ p: Int) -> String? {
        let src = model.posts[p].src
        if src.isEmpty { return nil }
        if SafeURL.isHTTP(src) { return src }
        return absolute(src)
    }
}

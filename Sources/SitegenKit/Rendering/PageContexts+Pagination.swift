import MustacheEngine

/// Where the pages of a paginated listing are (the grid, the directory, follower and
/// following lists, tag pages) and what their navigation shows: previous and next, and
/// page numbers around the current one (`_pagination`).
struct Pagination: Sendable {
    /// Page 1's folder, relative to the site root (`""` for the directory, `u/ana/followers/`).
    let first: String
    let page: Int
    let pages: Int
    /// Labels of the previous and next links ("Newer"/"Older" on a grid).
    var previousLabel = "Previous"
    var nextLabel = "Next"
    /// "Page 2 of 5", and "Page 2" for titles (`PageContexts.pages` says them in the site's language).
    var status = ""
    var pageLabel = ""

    /// The number of pages that `count` items fill at `size` a page (at least one).
    static func pages(_ count: Int, size: Int) -> Int { max(1, (count + size - 1) / size) }

    /// Page `n`'s folder relative to the site root: page 1 is `first`, page n `first` + `page/n/`.
    func url(_ n: Int) -> String { n == 1 ? first : first + "page/\(n)/" }

    /// How many folders deeper than page 1 page `n` is (`page/n/`).
    static func extraDepth(_ n: Int) -> String { n == 1 ? "" : "../../" }

    /// The range of the items on this page.
    func slice(_ count: Int, size: Int) -> Range<Int> {
        min(count, (page - 1) * size)..<min(count, page * size)
    }

    /// `{page, pages, prevURL, nextURL, prevLabel, nextLabel, status, pageLabel, numbers}`, or nil for a single page.
    /// `numbers` holds 1, the last page and the two on each side of the current one, with a gap
    /// (`isGap`) where pages are left out; the current page has `isCurrent`, the others `url`.
    var context: TemplateValue? {
        guard pages > 1 else { return nil }
        var out: Context = ["page": .int(page), "pages": .int(pages),
                            "prevLabel": .string(previousLabel), "nextLabel": .string(nextLabel),
                            "status": .string(status.isEmpty ? "Page \(page) of \(pages)" : status),
                            "pageLabel": .string(pageLabel.isEmpty ? "Page \(page)" : pageLabel)]
        if page > 1 { out["prevURL"] = .string(url(page - 1)) }
        if page < pages { out["nextURL"] = .string(url(page + 1)) }
        var numbers: [TemplateValue] = []
        var last = 0
        for n in Set([1, pages] + Array(max(1, page - 2)...min(pages, page + 2))).sorted() {
            if n > last + 1 { numbers.append(.object(["isGap": .bool(true)])) }
            numbers.append(.object(n == page ? ["number": .int(n), "isCurrent": .bool(true)] : ["number": .int(n), "url": .string(url(n))]))
            last = n
        }
        out["numbers"] = .list(numbers)
        return .object(out)
    }
}

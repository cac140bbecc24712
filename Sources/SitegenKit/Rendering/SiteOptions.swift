/// How a site looks (`sitegen build` flags and sitegen.toml): every field changes pages.
/// Part of `Site.Settings`, whose encoding the inputs' fingerprint and every page's key
/// hash: a field added here is in both without being named again. What does not change
/// the output (the threads, `--dry-run`) is on `Site.Request` instead.
public struct SiteOptions: Sendable, Equatable, Codable {
    /// Rows per list page: far below the weight a page may have (docs/site.md; the sizes:
    /// docs/performance.md, "Page sizes").
    public static let defaultListSize = 100

    /// The grid and list page sizes sitegen.toml and the flags accept: no HTML page may
    /// exceed 1 MB (docs/site.md). The largest page these allow stays well under it, with
    /// room for long names and captions (the measured tile and row sizes:
    /// docs/performance.md, "Page sizes").
    public static let pageSizes = 1...300
    public static let listSizes = 1...500

    public enum Tile: String, Sendable, CaseIterable, Codable {
        case square = "1-1"
        case portrait = "3-4"
    }

    public var title: String
    /// Absolute URL of the site root, ending with "/", or nil: links stay relative and
    /// absolute URLs (canonical, Open Graph, sitemap, feeds) are left out or relative.
    public var baseURL: String?
    public var pageSize: Int
    /// Rows per page of the directory and of the follower and following lists.
    public var listSize: Int
    /// URLs per sitemap file (the protocol's 50,000; lowered by tests).
    public var sitemapSize = Sitemaps.maxURLs
    public var tile: Tile
    /// The BCP 47 tag of the language the site is written in (`language` in sitegen.toml,
    /// `--language`): the theme's `strings/<language>.toml`, dates and numbers as its locale
    /// writes them, `<html lang>` and `dir`.
    public var language = "en"

    public init(title: String = "Profiles", baseURL: String? = nil, pageSize: Int = 60, tile: Tile = .square,
                listSize: Int = SiteOptions.defaultListSize) {
        self.title = title
        self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        self.pageSize = max(1, pageSize)
        self.listSize = max(1, listSize)
        self.tile = tile
    }
}

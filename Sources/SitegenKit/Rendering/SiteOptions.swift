/// How a site is built (`sitegen build` flags).
public struct SiteOptions: Sendable {
    /// Rows per list page: about 60 KB of HTML, far below the 1 MB a page may weigh.
    public static let defaultListSize = 100

    /// The grid and list page sizes sitegen.toml and the flags accept: no HTML page may
    /// exceed 1 MB (site.md). Measured on the sample and the photo fixtures: a grid tile
    /// with its <picture> is up to 1.4 KB, a list row up to 450 B; 300 tiles or 500 rows
    /// stay under about 450 KB, with room for long names and captions.
    public static let pageSizes = 1...300
    public static let listSizes = 1...500

    public enum Tile: String, Sendable, CaseIterable {
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
    /// Threads that render pages.
    public var jobs: Int
    /// The BCP 47 tag of the language the site is written in (`language` in sitegen.toml,
    /// `--language`): the theme's `strings/<language>.toml`, dates and numbers as its locale
    /// writes them, `<html lang>` and `dir`.
    public var language = "en"

    public init(title: String = "Profiles", baseURL: String? = nil, pageSize: Int = 60, tile: Tile = .square, jobs: Int = 0,
                listSize: Int = SiteOptions.defaultListSize) {
        self.title = title
        self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        self.pageSize = max(1, pageSize)
        self.listSize = max(1, listSize)
        self.tile = tile
        self.jobs = jobs
    }
}

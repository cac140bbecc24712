extension SiteRenderer {
    /// Which pages a render makes: the whole site, the pages of some users (a shard of
    /// `sitegen build --shard`), or the site-wide pages (what `sitegen merge` renders).
    public enum Share: Sendable {
        case all
        /// Each user's profile, list and feed pages and their posts' pages, for the users
        /// marked true (by index in `SiteModel.users`).
        case users([Bool])
        /// The directory, 404, `users.json`, the search files, the tag pages, the sitemaps
        /// and the template assets: the pages made of every user's data, whose tiles show
        /// photos any shard may have encoded.
        case siteWide

        var isAll: Bool {
            if case .all = self { return true }
            return false
        }

        var includesAssets: Bool {
            if case .users = self { return false }
            return true
        }

        /// The user whose page this is, nil for a site-wide page.
        static func user(of page: Page, model: SiteModel) -> Int? {
            switch page {
            case let .profile(u, _, _), let .list(u, _, _, _), let .feed(u): return u
            case let .post(p): return model.posts[p].owner
            case .index, .notFound, .usersJSON, .searchIndex, .searchBucket, .sitemap, .sitemapIndex, .tag: return nil
            }
        }

        func includes(_ page: Page, model: SiteModel) -> Bool {
            switch self {
            case .all: return true
            case let .users(mine): return Share.user(of: page, model: model).map { mine[$0] } ?? false
            case .siteWide: return Share.user(of: page, model: model) == nil
            }
        }
    }
}

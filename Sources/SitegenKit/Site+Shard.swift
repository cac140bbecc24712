import Foundation

extension Site {
    /// `sitegen build --shard K/N`: shard K of N renders and encodes only its users' pages
    /// (profile, grid, list and feed pages, their posts' pages) and their posts' photos, into
    /// its own folder, with a partial manifest whose inputs line is the site's fingerprint
    /// followed by ` shard K/N`. Every shard reads the whole export and makes the same model;
    /// the site-wide pages (directory, 404, `users.json`, search, tags, sitemaps, assets)
    /// are rendered by `sitegen merge`, which alone has every photo's size and colour for
    /// the tag pages' tiles (`Site+Merge.swift`).
    ///
    /// The slice: users in the model's order (the same in every process), cut into N runs of
    /// about equal weight (`weight`), so that a shard's work does not depend on where a
    /// celebrity's uid falls.
    public struct Shard: Sendable, Equatable, Codable, CustomStringConvertible {
        /// 1 to `count`.
        public let index: Int
        public let count: Int

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// `K/N` with 1 ≤ K ≤ N, else nil.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
            self.init(index: k, count: n)
        }

        public var description: String { "\(index)/\(count)" }

        /// The inputs line of a shard's manifest.
        func inputs(site: String) -> String { "\(site) shard \(self)" }

        /// The site's inputs and the shard an inputs line names, if it is a shard's.
        static func parse(inputs: String) -> (site: String, shard: Shard)? {
            guard let range = inputs.range(of: " shard ", options: .backwards),
                  let shard = Shard(String(inputs[range.upperBound...])) else { return nil }
            return (String(inputs[..<range.lowerBound]), shard)
        }

        /// What a user costs a shard, about, in pages: its profile, lists and feed, a page per
        /// post, 1,000 per photo the site publishes (a post's first), 1,000 per local video it
        /// copies and 200 for a published avatar (from the times measured:
        /// docs/performance.md#shards-weights-siteshardweight).
        static func weight(_ user: SiteModel.User, in model: SiteModel) -> Int {
            let videos = user.posts.reduce(0) { sum, p in sum + model.posts[p].media.count { $0.video >= 0 } }
            return 1 + user.posts.count + 1_000 * user.posts.count { model.posts[$0].photo >= 0 } + 1_000 * videos
                + (user.avatarPhoto >= 0 ? 200 : 0)
        }

        /// Per user of `model`: whether this shard renders it. Users in model order, each to
        /// the shard whose share of the total weight holds the middle of the user's weight.
        public func users(of model: SiteModel) -> [Bool] {
            let weights = model.users.map { Shard.weight($0, in: model) }
            let total = max(1, weights.reduce(0, +))
            var before = 0
            return weights.map { w in
                defer { before += w }
                // The middle of the user's weight, in halves, scaled to N shards.
                let shard = min(count - 1, (2 * before + w) * count / (2 * total))
                return shard == index - 1
            }
        }

        /// The photos a shard publishes, by index in `model.photos`, ascending: its users'
        /// posts' photos, and every avatar its pages show (its users', and those of the users
        /// in their follower and following lists and of their posts' commenters), since a page
        /// shows an avatar as its encoding turned out. An avatar that several shards' pages show
        /// is made by each of them (the same files: merge stages the first shard's).
        static func photos(of model: SiteModel, mine: [Bool]) -> [Int] {
            var photos = Set<Int>()
            func avatar(_ u: Int) { if model.users[u].avatarPhoto >= 0 { photos.insert(Int(model.users[u].avatarPhoto)) } }
            for u in model.users.indices where mine[u] {
                avatar(u)
                let row = Int(model.users[u].index)
                for i in [model.graph.followers.row(row), model.graph.following.row(row)].joined() {
                    if let other = model.userByIndex[i] { avatar(other) }
                }
                for p in model.users[u].posts {
                    let post = model.posts[p]
                    if post.photo >= 0 { photos.insert(Int(post.photo)) }
                    // An album's every item, a video's poster and its copy.
                    for item in post.media {
                        if item.photo >= 0 { photos.insert(Int(item.photo)) }
                        if item.video >= 0 { photos.insert(Int(item.video)) }
                    }
                    for c in post.comments { if let author = model.user(username: c.username) { avatar(author) } }
                }
            }
            return photos.sorted()
        }

        // MARK: The shard's record

        /// The file in a shard's folder (staged with its files, listed in its manifest) that
        /// tells merge what it needs and did not render: the build's request (the export's
        /// and the templates' paths, every setting) and what became of each of the shard's
        /// photos, by index in `SiteModel.photos`, whose sizes and colours the tag pages show.
        static let recordName = ".sitegen-shard"

        struct Record: Codable, Equatable {
            var export: String
            var templates: String?
            var settings: Settings
            /// `"<index>": "<key> <width>x<height>-<colour>"`, or `"<index>": "-"` for a photo
            /// shown as a placeholder.
            var photos: [String: String]

            init(request: Request, photos indices: [Int], pictures: [Picture?]) {
                export = request.export
                templates = Site.templatesFolder(request)
                settings = request.settings
                photos = [:]
                for (i, photo) in indices.enumerated() {
                    photos[String(photo)] = pictures[i].map { "\($0.key) \($0.manifestSource)" } ?? "-"
                }
            }

            /// One line of canonical JSON.
            var bytes: [UInt8] { Settings.canonical(self) + [0x0A] }

            static func read(_ bytes: [UInt8]) -> Record? {
                try? JSONDecoder().decode(Record.self, from: Data(bytes))
            }

            /// The pictures the shard made, by photo index (nil: a placeholder); nil when a
            /// line is not one.
            func pictures() -> [Int: Picture?]? {
                var out: [Int: Picture?] = [:]
                for (index, text) in photos {
                    guard let photo = Int(index) else { return nil }
                    if text == "-" {
                        out[photo] = .some(nil)
                        continue
                    }
                    let fields = text.split(separator: " ")
                    guard fields.count == 2, let picture = Picture(key: String(fields[0]), manifestSource: String(fields[1])) else { return nil }
                    out[photo] = picture
                }
                return out
            }
        }
    }
}

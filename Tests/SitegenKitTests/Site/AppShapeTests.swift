import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// The same social graph written as the apps write it (the tutorial's shape, the video
/// course's, a flat-posts app's, FriendlyPix's, a renamed one, posts kept in each user,
/// and the Firestore tree of posts in subcollections, each read with its `[schema]`)
/// audits clean and gives the same site: the same profiles, counts, lists, posts, likes
/// and comments (`docs/export-format.md`, "Roles beyond the tutorials").
@Suite struct AppShapeTests {
    /// A random consistent graph: users, their posts (times in whole seconds, so every
    /// spelling of a time says the same), follows, likes and comments.
    struct Graph {
        var usernames: [String] = []
        var posts: [(key: String, owner: Int, time: Int, width: Int, height: Int)] = []
        var follows: Set<[Int]> = []
        var likes: Set<[Int]> = []  // [post, user]
        var comments: [(key: String, post: Int, author: Int, text: String)] = []

        init(seed: UInt64) {
            var random = SampleRandom(seed: seed)
            let n = 4 + random.below(5)
            usernames = (0..<n).map { "user\($0)_\(random.below(1000))" }
            for u in 0..<n {
                for _ in 0..<random.below(4) {
                    posts.append(("-Kp\(posts.count)x\(random.below(100_000))", u, 1_490_000_000 + random.below(50_000_000),
                                  [640, 1080, 1200][random.below(3)], [480, 1080, 1350][random.below(3)]))
                }
            }
            for a in 0..<n { for b in 0..<n where a != b && random.below(3) == 0 { follows.insert([a, b]) } }
            for p in posts.indices { for u in 0..<n where random.below(3) == 0 { likes.insert([p, u]) } }
            for p in posts.indices {
                for _ in 0..<random.below(3) {
                    comments.append(("-Kc\(comments.count)", p, random.below(n), "comment \(comments.count) #tag\(random.below(3))"))
                }
            }
        }

        func uid(_ u: Int) -> String { "uid\(u)" }
        func url(_ p: Int) -> String { "https://img.example/\(posts[p].key).jpg" }
        func iso(_ seconds: Int) -> String {
            let f = ISO8601DateFormatter()
            f.timeZone = TimeZone(identifier: "UTC")
            return f.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }

        /// `<root>/<a>/<b>: value` for each (a, b) of `pairs` (keys by `key`).
        func tree(_ pairs: some Sequence<[Int]>, _ a: (Int) -> String, _ b: (Int) -> String, _ value: Any = true) -> [String: [String: Any]] {
            var out: [String: [String: Any]] = [:]
            for pair in pairs { out[a(pair[0]), default: [:]][b(pair[1])] = value }
            return out
        }

        func commentsTree(_ fields: (Int) -> [String: Any]) -> [String: [String: Any]] {
            var out: [String: [String: Any]] = [:]
            for (i, c) in comments.enumerated() { out[posts[c.post].key, default: [:]][c.key] = fields(i) }
            return out
        }

        /// The tutorial's shape (with the comments node's own names).
        var tutorial: [String: Any] {
            var posts: [String: [String: Any]] = [:]
            for (p, post) in self.posts.enumerated() {
                posts[uid(post.owner), default: [:]][post.key] = ["image_url": url(p), "image_height": 375.0 * Double(post.height) / Double(post.width),
                                                                   "created_at": post.time, "poster": ["uid": uid(post.owner), "username": usernames[post.owner]]]
            }
            return ["users": Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["username": usernames[$0]]) }),
                    "posts": posts,
                    "followers": tree(follows.map { [$0[1], $0[0]] }, uid, uid), "following": tree(follows, uid, uid),
                    "postLikes": tree(likes, { self.posts[$0].key }, uid),
                    "comments": commentsTree { i in ["comment_text": comments[i].text, "comment_author": uid(comments[i].author),
                                                      "created_at": self.posts[comments[i].post].time + 60] }]
        }

        /// The video course's: `imageUrl`, `imageWidth`, `imageHeight`, `creationDate`, `following` only, `likes`.
        var course: [String: Any] {
            var posts: [String: [String: Any]] = [:]
            for (p, post) in self.posts.enumerated() {
                posts[uid(post.owner), default: [:]][post.key] = ["imageUrl": url(p), "imageWidth": post.width, "imageHeight": post.height,
                                                                   "creationDate": Double(post.time)]
            }
            return ["users": Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["username": usernames[$0]]) }),
                    "posts": posts, "following": tree(follows, uid, uid, 1), "likes": tree(likes, { self.posts[$0].key }, uid, 1),
                    "comments": commentsTree { i in ["text": comments[i].text, "uid": uid(comments[i].author), "creationDate": 0] }]
        }

        /// A flat-posts app: `posts/<key>` with `ownerId`, times in milliseconds, an index, dashed roots.
        var flat: [String: Any] {
            var posts: [String: Any] = [:]
            for (p, post) in self.posts.enumerated() {
                posts[post.key] = ["ownerId": uid(post.owner), "imageUrl": url(p), "width": post.width, "height": post.height,
                                   "createdAt": post.time * 1000, "likesCount": likes.filter { $0[0] == p }.count]
            }
            return ["users": Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["username": usernames[$0]]) }),
                    "posts": posts, "user-posts": tree(self.posts.indices.map { [self.posts[$0].owner, $0] }, uid, { self.posts[$0].key }),
                    "user-followers": tree(follows.map { [$0[1], $0[0]] }, uid, uid), "user-following": tree(follows, uid, uid),
                    "post-likes": tree(likes, { self.posts[$0].key }, uid),
                    "post-comments": commentsTree { i in ["text": comments[i].text, "userId": uid(comments[i].author)] }]
        }

        /// FriendlyPix (2016): names in `people`, lists inside each user and post, no username.
        var friendlyPix: [String: Any] {
            var users: [String: [String: Any]] = [:]
            for pair in follows {
                users[uid(pair[0]), default: [:]]["following", default: [String: Bool]()] = ((users[uid(pair[0])]?["following"] as? [String: Bool]) ?? [:]).merging([uid(pair[1]): true]) { a, _ in a }
                users[uid(pair[1]), default: [:]]["followers"] = ((users[uid(pair[1])]?["followers"] as? [String: Bool]) ?? [:]).merging([uid(pair[0]): true]) { a, _ in a }
            }
            for (p, post) in self.posts.enumerated() {
                users[uid(post.owner), default: [:]]["posts"] = ((users[uid(post.owner)]?["posts"] as? [String: Bool]) ?? [:]).merging([self.posts[p].key: true]) { a, _ in a }
            }
            var posts: [String: Any] = [:]
            for (p, post) in self.posts.enumerated() {
                var record: [String: Any] = ["author": uid(post.owner), "url": url(p), "timestamp": post.time * 1000, ".priority": -post.time]
                let likers = likes.filter { $0[0] == p }.map { uid($0[1]) }
                if !likers.isEmpty { record["likes"] = Dictionary(uniqueKeysWithValues: likers.map { ($0, true) }) }
                posts[post.key] = record
            }
            var out: [String: Any] = ["people": Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["displayName": usernames[$0]]) }),
                                      "posts": posts,
                                      "comments": commentsTree { i in ["author": uid(comments[i].author), "text": comments[i].text] }]
            if !users.isEmpty { out["users"] = users }
            return out
        }

        /// friendlypix-web (2017 on): users only in `people/<uid>` (`full_name`, the
        /// `posts` index, `following` whose values are post keys), flat posts whose `author`
        /// is an object `{uid, full_name, profile_picture}`, `followers` and `likes` roots
        /// (likes are timestamps), comments by author objects.
        var friendlyPixWeb: [String: Any] {
            var people: [String: [String: Any]] = Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["full_name": usernames[$0]]) })
            for pair in follows {
                var following = people[uid(pair[0])]!["following"] as? [String: Any] ?? [:]
                following[uid(pair[1])] = posts.last { $0.owner == pair[1] }?.key ?? true
                people[uid(pair[0])]!["following"] = following
            }
            for post in posts {
                var index = people[uid(post.owner)]!["posts"] as? [String: Bool] ?? [:]
                index[post.key] = true
                people[uid(post.owner)]!["posts"] = index
            }
            func author(_ u: Int) -> [String: Any] { ["uid": uid(u), "full_name": usernames[u]] }
            var posts: [String: Any] = [:]
            for (p, post) in self.posts.enumerated() {
                posts[post.key] = ["author": author(post.owner), "full_url": url(p), "thumb_url": "https://img.example/t\(p).jpg",
                                   "text": "", "client": "web", "timestamp": post.time * 1000]
            }
            return ["people": people, "posts": posts, "followers": tree(follows.map { [$0[1], $0[0]] }, uid, uid),
                    "likes": tree(likes, { self.posts[$0].key }, uid, 1_507_000_000_000),
                    "feed": tree(self.posts.indices.map { [self.posts[$0].owner, $0] }, uid, { self.posts[$0].key }),
                    "comments": commentsTree { i in ["author": author(comments[i].author), "text": comments[i].text, "timestamp": 0] }]
        }

        /// A React Native clone: posts kept in each user (`users/<uid>/posts/<key>`), their
        /// likes in each post, `followers`/`following` roots, `comments/<post>/<key>`; read
        /// with no `sitegen.toml` but the block `inspect` prints (`postsInUsersMapping`).
        var postsInUsers: [String: Any] {
            var users: [String: [String: Any]] = Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["username": usernames[$0]]) })
            for (p, post) in self.posts.enumerated() {
                var record: [String: Any] = ["imageUrl": url(p), "width": post.width, "height": post.height, "createdAt": post.time * 1000,
                                             "likesCount": likes.filter { $0[0] == p }.count]
                let likers = likes.filter { $0[0] == p }.map { uid($0[1]) }
                if !likers.isEmpty { record["likes"] = Dictionary(uniqueKeysWithValues: likers.map { ($0, true) }) }
                var mine = users[uid(post.owner)]!["posts"] as? [String: Any] ?? [:]
                mine[post.key] = record
                users[uid(post.owner)]!["posts"] = mine
            }
            return ["users": users, "followers": tree(follows.map { [$0[1], $0[0]] }, uid, uid), "following": tree(follows, uid, uid),
                    "comments": commentsTree { i in ["text": comments[i].text, "uid": uid(comments[i].author)] }]
        }

        /// The React Native clone on Firestore, as the Firestore reader's tree: posts in a
        /// subcollection per user (`posts/<uid>/userPosts/<id>`), likes and comments in
        /// subcollections of each post, `following/<uid>/userFollowing/<uid>` as empty
        /// documents, no followers mirror (`firestoreMapping`).
        var firestore: [String: Any] {
            var posts: [String: [String: [String: Any]]] = [:]
            for (p, post) in self.posts.enumerated() {
                var record: [String: Any] = ["downloadURL": url(p), "width": post.width, "height": post.height, "creation": post.time * 1000,
                                             "likesCount": likes.filter { $0[0] == p }.count]
                let likers = likes.filter { $0[0] == p }.map { uid($0[1]) }
                if !likers.isEmpty { record["likes"] = Dictionary(uniqueKeysWithValues: likers.map { ($0, [String: Any]()) }) }
                var remarks: [String: Any] = [:]
                for c in comments where c.post == p { remarks[c.key] = ["creator": uid(c.author), "text": c.text] }
                if !remarks.isEmpty { record["comments"] = remarks }
                posts[uid(post.owner), default: ["userPosts": [:]]]["userPosts"]![post.key] = record
            }
            var following: [String: Any] = [:]
            for (a, edges) in tree(follows, uid, uid, [String: Any]()) { following[a] = ["userFollowing": edges] }
            return ["users": Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["username": usernames[$0]]) }),
                    "posts": posts, "following": following]
        }

        /// Every role renamed, ISO 8601 times (read with `renamedMapping`).
        var renamed: [String: Any] {
            var posts: [String: Any] = [:]
            for (p, post) in self.posts.enumerated() {
                posts[post.key] = ["owner": uid(post.owner), "src": url(p), "w": post.width, "h": post.height, "at": iso(post.time)]
            }
            return ["profiles": Dictionary(uniqueKeysWithValues: usernames.indices.map { (uid($0), ["handle": usernames[$0]]) }),
                    "photos": posts, "fans": tree(follows.map { [$0[1], $0[0]] }, uid, uid), "idols": tree(follows, uid, uid),
                    "hearts": tree(likes, { self.posts[$0].key }, uid),
                    "remarks": commentsTree { i in ["by": uid(comments[i].author), "words": comments[i].text] }]
        }
    }

    static let friendlyPixMapping = Schema.Mapping(
        nodes: [.userDetails: "people", .followers: "users/*/followers", .following: "users/*/following", .userPosts: "users/*/posts",
                .postLikes: "posts/*/likes"],
        fields: [.postOwner: "author", .imageURL: "url", .createdAt: "timestamp", .name: "displayName", .commentAuthor: "author",
                 .commentText: "text"])
    /// The block `inspect` suggests for friendlypix-web (Fixtures/audit/makestagram-friendlypix-web).
    static let friendlyPixWebMapping = Schema.Mapping(
        nodes: [.users: "people", .following: "people/*/following", .userPosts: "people/*/posts", .postLikes: "likes"],
        fields: [.postOwner: "author", .imageURL: "full_url", .createdAt: "timestamp", .commentAuthor: "author", .commentText: "text",
                 .avatarURL: "profile_picture"])
    static let renamedMapping = Schema.Mapping(
        nodes: [.users: "profiles", .posts: "photos", .followers: "fans", .following: "idols", .postLikes: "hearts", .comments: "remarks"],
        fields: [.username: "handle", .postOwner: "owner", .imageURL: "src", .imageWidth: "w", .imageHeight: "h", .createdAt: "at",
                 .commentAuthor: "by", .commentText: "words"])

    /// The block `inspect` prints for `postsInUsers` (Fixtures/inspect/posts-in-users.txt).
    static let postsInUsersMapping = Schema.Mapping(
        nodes: [.posts: "users/*/posts", .postLikes: "users/*/posts/*/likes"],
        fields: [.imageURL: "imageUrl", .imageWidth: "width", .imageHeight: "height", .createdAt: "createdAt", .likeCount: "likesCount",
                 .commentText: "text", .commentAuthor: "uid"])
    /// docs/apps.md's mapping for the React Native clone on Firestore.
    static let firestoreMapping = Schema.Mapping(
        nodes: [.posts: "posts/*/userPosts", .postLikes: "posts/*/userPosts/*/likes", .comments: "posts/*/userPosts/*/comments",
                .following: "following/*/userFollowing"],
        fields: [.imageURL: "downloadURL", .createdAt: "creation", .likeCount: "likesCount", .commentAuthor: "creator"])

    /// What a site shows of a model, independent of how the export spelled it; `box`: with
    /// each photo's box as a 600-wide one (an app that keeps no size shows a square).
    static func summary(_ model: SiteModel, box: Bool = true) -> [String] {
        var lines: [String] = []
        for user in model.users.sorted(by: { $0.uid < $1.uid }) {
            lines.append("\(user.uid) \(user.username) \(user.slug) posts \(user.postCount) followers \(user.followers) following \(user.following)")
            let followers = model.graph.followers.row(Int(user.index)).map { model.users[model.userByIndex[$0]!].uid }.sorted()
            lines.append("  followers \(followers)")
            for p in user.posts {
                let post = model.posts[p]
                let height = box ? Int((600 * Double(post.height) / Double(post.width)).rounded()) : 0
                lines.append("  \(post.key) \(post.time) likes \(post.likes) box 600x\(height) \(post.src)")
                for c in post.comments { lines.append("    \(c.key) \(c.username): \(c.text)") }
            }
        }
        lines.append("tags \(model.tags.map { "\($0.tag):\($0.posts.count)" })")
        return lines
    }

    static func model(_ object: [String: Any], mapping: Schema.Mapping = Schema.Mapping()) throws -> (SiteModel, AuditReport) {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let report = Validator.audit(try ExportLoader.load(bytes: Array(data), name: "x.json", mapping: mapping))
        return (SiteModel.build(from: report), report)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func everyShapeGivesTheSameSite(_ seed: UInt64) throws {
        let graph = Graph(seed: seed)
        let (tutorial, tutorialReport) = try Self.model(graph.tutorial)
        #expect(tutorialReport.findings.isEmpty, "tutorial: \(tutorialReport.findings.prefix(3))")
        let expected = Self.summary(tutorial), unboxed = Self.summary(tutorial, box: false)
        #expect(tutorial.posts.count == graph.posts.count && tutorial.users.count == graph.usernames.count)
        let shapes: [(String, [String: Any], Schema.Mapping)] = [
            ("course", graph.course, Schema.Mapping()), ("flat", graph.flat, Schema.Mapping()),
            ("friendlypix", graph.friendlyPix, Self.friendlyPixMapping), ("renamed", graph.renamed, Self.renamedMapping),
            ("friendlypix-web", graph.friendlyPixWeb, Self.friendlyPixWebMapping),
            ("posts-in-users", graph.postsInUsers, Self.postsInUsersMapping), ("firestore", graph.firestore, Self.firestoreMapping),
        ]
        for (name, object, mapping) in shapes {
            let (model, report) = try Self.model(object, mapping: mapping)
            #expect(report.findings.isEmpty, "\(name): \(report.findings.prefix(3))")
            // FriendlyPix keeps no photo size: its boxes are squares until the photo is published.
            let sized = !name.hasPrefix("friendlypix")
            let actual = Self.summary(model, box: sized)
            let expected = sized ? expected : unboxed
            #expect(actual == expected, "\(name): first difference \(zip(actual, expected).first { $0 != $1 }.map { "\($0.0) ≠ \($0.1)" } ?? "in length")")
        }
    }

    /// Comments embedded in each post as an array of maps (a Firestore app's
    /// `comments: [{by, words}]`, read as a JSON array): audited, counted and shown, in
    /// order, each with its author.
    @Test func commentsEmbeddedInThePostAsAnArrayAreShown() throws {
        let export: [String: Any] = [
            "users": ["u1": ["username": "ana"], "u2": ["username": "ben"]],
            "posts": ["p1": ["owner": "u1", "image_url": "https://example.com/p1.jpg", "created_at": 1_700_000_000,
                             "comments": [["by": "u2", "words": "Love it"], ["by": "u1", "words": "Thanks"], ["by": "u2", "words": "x"],
                                          ["by": "u2", "words": "4"], ["by": "u2", "words": "5"], ["by": "u2", "words": "6"],
                                          ["by": "u2", "words": "7"], ["by": "u2", "words": "8"], ["by": "u2", "words": "9"],
                                          ["by": "u1", "words": "the tenth"]]]],
        ]
        let mapping = Schema.Mapping(nodes: [.comments: "posts/*/comments"],
                                     fields: [.postOwner: "owner", .commentAuthor: "by", .commentText: "words"])
        let (model, report) = try Self.model(export, mapping: mapping)
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.counts.comments == [10])
        let shown = model.posts.first?.comments.map { "\($0.key) \($0.username): \($0.text)" } ?? []
        #expect(shown.prefix(2) == ["0 ben: Love it", "1 ana: Thanks"])
        #expect(shown.last == "9 ana: the tenth" && shown.count == 10)

        // On the post page: each comment with its author, and no date (they carry none; the
        // post's own date is not theirs).
        let file = try TestSupport.temporaryFolder() + "/export.json"
        try JSONSerialization.data(withJSONObject: export, options: [.sortedKeys]).write(to: URL(fileURLWithPath: file))
        let out = try SiteTest.newOutput()
        _ = try Site.build(Site.Request(export: file, output: out, templates: SiteTest.templates, mapping: mapping))
        let page = SiteTest.text(out, "p/p1/index.html")
        #expect(page.contains("<span data-count=\"comments\">10</span>"))
        #expect(page.contains("data-comment=\"0\"><a class=\"comment-user\" href=\"../../u/ben/\">"))
        #expect(!page.contains("comment-date"), "a comment without a time is dated with the post's")
    }

    /// The course app's site: comments with their count and markers, avatars linked where
    /// the user has a photo URL and the initial otherwise, the photo's box in its pixels.
    @Test func theCourseAppShowsCommentsAvatarsAndBoxes() throws {
        let export = TestSupport.fixtures.appendingPathComponent("audit/makestagram-course-app/export.json").path
        let (out, result) = try SiteTest.build(export)
        #expect(result.skipped.isEmpty)
        let post = SiteTest.text(out, "p/-Kp1/index.html")
        #expect(post.contains("<span data-count=\"comments\">2</span>"))
        #expect(post.contains(/data-comment="-Kc1"><a class="comment-user" href="..\/..\/u\/ben\/"><span class="avatar" data-avatar="[^"]+"[^>]*>.*?<\/span> <span class="comment-name user-text">ben<\/span><\/a>/))
        #expect(post.contains("data-comment=\"-Kc2\"><span class=\"comment-user comment-unknown\"><span class=\"avatar\" aria-hidden=\"true\">?</span> <span class=\"comment-name\">Unknown account</span></span>"),
                "an author who is no user: no link, no raw name")
        #expect(post.contains("width=\"1080\" height=\"1350\""))
        #expect(post.contains("data-avatar=\"uA\" data-initial=\"A\" style=\"--hue: \(PageContexts.hue("uA"))\"><img src=\"https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/profile_images%2FuA.jpg?alt=media\""))
        let profile = SiteTest.text(out, "u/cy/index.html")
        #expect(profile.contains("data-avatar=\"uC\" style=\"--hue: \(PageContexts.hue("uC"))\" aria-hidden=\"true\">C</span>"))
        #expect(SiteTest.text(out, "u/ana/index.html").contains("Ana Lima"))
    }
}

import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// `docs/site.md`: every counted post has a tile. A post whose image is missing,
/// invalid or undecodable gets a placeholder in the same box and its page; an unusable
/// date falls back to the push id's time.
@Suite struct SiteTileCountTests {
    /// The header's post count and the grid's tiles of every profile page.
    static func countsAndTiles(_ out: String) -> [(user: String, count: Int, tiles: Int, placeholders: Int)] {
        SiteTest.files(out).filter { $0.hasPrefix("u/") && $0.split(separator: "/").count == 3 && $0.hasSuffix("/index.html") }.map { path in
            let html = SiteTest.text(out, path)
            let count = html.firstMatch(of: /data-count="posts"[^>]*>([0-9]+)</).flatMap { Int($0.1) } ?? -1
            return (path, count, html.matches(of: /data-post="/).count, html.matches(of: /class="photo-missing"/).count)
        }
    }

    @Test func makestagramPostsWithBrokenImagesAndDates() throws {
        func post(_ image: Any?, _ created: Any?) -> [String: Any] {
            var p: [String: Any] = ["like_count": 0, "poster": ["uid": "u1", "username": "ann"], "caption": "a #tag"]
            if let image { p["image_url"] = image }
            if let created { p["created_at"] = created }
            return p
        }
        let export = try SiteTest.writeExport([
            "users": ["u1": ["username": "ann", "post_count": 7, "follower_count": 0, "following_count": 0]],
            "posts": ["u1": [
                "-K25Fj8qrMAtxXG3QCS1": post("https://img.example/1.jpg", 1_490_000_000),
                "-K25Fj8qrMAtxXG3QCS2": post(nil, 1_490_000_001),                        // no image
                "-K25Fj8qrMAtxXG3QCS3": post(42, 1_490_000_002),                         // not a string
                "-K25Fj8qrMAtxXG3QCS4": post("javascript:alert(1)", 1_490_000_003),      // not http(s)
                "-K25Fj8qrMAtxXG3QCS5": post("https://img.example/5.jpg", "yesterday"),  // no usable date
                "-K25Fj8qrMAtxXG3QCS6": post("https://img.example/6.jpg", nil),          // no date
                "-K25Fj8qrMAtxXG3QCS7": "not a post",                                    // nothing to show
            ]],
        ] as [String: Any])
        let (out, result) = try SiteTest.build(export)
        #expect(result.skipped == ["posts/u1/-K25Fj8qrMAtxXG3QCS7: not a post object, not rendered"])
        let rows = Self.countsAndTiles(out)
        #expect(rows.count == 1)
        #expect(rows.first?.count == 7, "the header counts every child of posts/u1")
        #expect(rows.first?.tiles == 6, "every post object has a tile")
        #expect(rows.first?.placeholders == 3)
        for n in 1...6 { #expect(FileManager.default.fileExists(atPath: out + "/p/-K25Fj8qrMAtxXG3QCS\(n)/index.html")) }
        let page = SiteTest.text(out, "p/-K25Fj8qrMAtxXG3QCS2/index.html")
        #expect(page.contains("class=\"photo-missing\" role=\"img\" aria-label=\"Photo unavailable: a #tag\""))
        // No size from the app: no box is invented (site.css makes the placeholder square).
        #expect(page.contains("<div class=\"post-media\">\n<span class=\"photo-missing\" role=\"img\" aria-label=\"Photo unavailable: a #tag\" data-photo=\"-K25Fj8qrMAtxXG3QCS2\"></span>"),
                "the whole placeholder, in the photo's box: no user text in an SVG element or a style attribute")
        #expect(!SiteTest.text(out, "p/-K25Fj8qrMAtxXG3QCS4/index.html").contains("javascript:"))
        let dated = SiteTest.text(out, "p/-K25Fj8qrMAtxXG3QCS5/index.html")
        let fromPushID = PageContexts.iso8601(try #require(PushID.milliseconds("-K25Fj8qrMAtxXG3QCS5")))
        #expect(dated.contains("datetime=\"\(fromPushID)\""))
        #expect(SiteTest.text(out, "tags/tag/index.html").matches(of: /data-post="/).count == 6)
        #expect(!SiteTest.text(out, "u/ann/feed.xml").contains("<img src=\"\""))
    }

    @Test func timelinePostsWithMissingAndInvalidImages() throws {
        let jpeg = try Corpus.sampleJPEGBase64()
        let export = try SiteTest.writeExport([
            "users": ["a": ["username": "han"]],
            "posts": [
                "-K25Fj8qrMAtxXG3QCS1": ["username": "han", "imageEndpoint": "-Kimg1", "caption": "ok"],
                "-K25Fj8qrMAtxXG3QCS2": ["username": "han", "imageEndpoint": "-Knone"],    // not in images
                "-K25Fj8qrMAtxXG3QCS3": ["username": "han", "imageEndpoint": "-Kbad"],     // not base64
                "-K25Fj8qrMAtxXG3QCS4": ["username": "han"],                               // no image field
                "-K25Fj8qrMAtxXG3QCS5": ["username": "han", "imageEndpoint": "-Kempty"],   // empty
            ],
            "images": ["-Kimg1": jpeg, "-Kbad": "***", "-Kempty": ""],
        ] as [String: Any])
        let (out, _) = try SiteTest.build(export)
        let rows = Self.countsAndTiles(out)
        #expect(rows.map(\.count) == [5])
        #expect(rows.map(\.tiles) == [5])
        #expect(rows.map(\.placeholders) == [4])
        // The one photo, 64 px wide: one width, as JPEG and WebP.
        #expect(SiteTest.files(out).filter { $0.hasPrefix("assets/img/") }.count == 2)
    }

    /// Sample exports with faults: on every profile, the tiles (all grid pages) add up to
    /// the header's count less the entries that are not objects.
    @Test(arguments: [Dialect.makestagram, .timeline])
    func sampleProfilesShowEveryCountedPost(_ dialect: Dialect) throws {
        let path = try TestSupport.temporaryFile(SampleGenerator.generate(SampleOptions(users: 40, seed: 9, dialect: dialect, faultRate: 0.1)))
        let (out, _) = try SiteTest.build(path, options: SiteOptions(pageSize: 1000))
        let rows = Self.countsAndTiles(out)
        #expect(rows.count > 20)
        let report = try Audit.run(exportAt: path)
        let nonObjects = Dictionary(grouping: report.index.posts.filter { !$0.isObject && $0.owner >= 0 }, by: \.owner).mapValues(\.count)
        let model = SiteModel.build(from: report)
        for user in model.users {
            let row = try #require(rows.first { $0.user == "u/\(user.slug)/index.html" })
            #expect(row.count == user.postCount)
            #expect(row.tiles == user.postCount - (nonObjects[user.index] ?? 0), "\(user.username)")
        }
    }
}

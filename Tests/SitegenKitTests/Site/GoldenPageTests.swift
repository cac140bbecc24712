// Golden pages: Fixtures/site/small-export.json built with `--page-size 2 --base-url
// https://example.test/`, and one post page of the timeline-dialect sample, compared line by line
// with the files in __Snapshots__/GoldenPageTests/.
//
// Re-record after an intended change to the templates or the rendering (from the package root):
//
//     SNAPSHOT_RECORD=1 swift test --scratch-path .build-tests --filter GoldenPageTests
//
// In record mode every snapshot is rewritten and each test reports "Record mode is on" (an
// expected failure). Run again without the variable to check, and review `git diff` of
// __Snapshots__ before committing. `SNAPSHOT_RECORD=failed` rewrites only the snapshots that differ.

import Foundation
import SnapshotTesting
import Testing
@testable import SitegenKit

@Suite struct GoldenPageTests {
    /// The pages compared, relative to the output folder.
    static let pages = [
        "index.html",
        "u/ana/index.html",
        "u/ana/page/2/index.html",
        "u/ana/followers/index.html",
        "p/-L1AnaAAAAAAAAAAAAA2/index.html",
        "tags/filmisnotdead/index.html",
        "u/ana/feed.xml",
        "sitemap.xml",
        "users.json",
        "404.html",
    ]

    static let options = SiteOptions(baseURL: "https://example.test/", pageSize: 2)

    @Test func smallExportPages() throws {
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        for page in Self.pages {
            #expect(FileManager.default.fileExists(atPath: out + "/" + page), "\(page) was not written")
            assertSnapshot(of: SiteTest.text(out, page), as: .lines, named: page, record: SiteTest.snapshotRecord)
        }
    }

    /// The fixture really has what the golden pages are meant to show.
    @Test func smallExportCoversTheCases() throws {
        let (out, result) = try SiteTest.build(SiteTest.smallExport, options: Self.options)
        let report = try #require(result.report)
        let codes = Set(report.findings.map(\.code.rawValue))
        #expect(codes.contains("follower_count_mismatch"), "the drift that the pages must repair")
        #expect(codes.contains("username_missing"))
        #expect(result.skipped.contains { $0.hasPrefix("users/u5") }, "the user without a username is skipped")

        let users = try SiteTest.usersJSON(out)
        #expect(users.map(\.uid).sorted() == ["u1", "u2", "u3", "u4", "u6"])
        let ana = try #require(users.first { $0.username == "ana" })
        #expect(ana.followers == 3, "stored follower_count is 5, the true count 3")
        #expect(ana.posts == 3)

        let profile = SiteTest.text(out, "u/ana/index.html")
        #expect(profile.contains(#"data-count="followers">3<"#))
        #expect(profile.contains(#"href="../../u/ana/page/2/""#), "pagination to page 2")
        #expect(FileManager.default.fileExists(atPath: out + "/u/ana/page/2/index.html"))
        #expect(!FileManager.default.fileExists(atPath: out + "/u/ana/page/3/index.html"))

        // The `javascript:` website is shown as text, never as a link.
        let joao = try #require(users.first { $0.uid == "u2" })
        let joaoText = SiteTest.text(out, SiteTest.pageFile(out, url: joao.url))
        #expect(joaoText.contains("javascript:alert(document.cookie)"))
        #expect(!joaoText.contains(#"href="javascript:"#))
    }

    // MARK: - Timeline dialect

    static let timelinePost = "-K3nLa8fvfntYa_TSH4m"

    struct Timeline {
        var posts: [String: [String: Any]]
        var images: [String: String]
        var object: [String: Any]

        init(_ path: String) throws {
            object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            posts = try #require(object["posts"] as? [String: [String: Any]])
            images = try #require(object["images"] as? [String: String])
        }

        func imageKey(_ post: String) -> String? { posts[post]?["imageEndpoint"] as? String }

        func jpeg(_ imageKey: String) -> [UInt8] {
            images[imageKey].flatMap { Data(base64Encoded: $0, options: .ignoreUnknownCharacters) }.map { [UInt8]($0) } ?? []
        }

        /// The distinct image contents the posts use.
        var usedImages: Set<[UInt8]> { Set(posts.keys.compactMap(imageKey).map(jpeg)) }
    }

    /// Every image under `assets/img/`: named after the content hash of its bytes.
    static func imageAssets(_ out: String) -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        for path in SiteTest.files(out) where path.hasPrefix("assets/img/") {
            let bytes = SiteTest.bytes(out, path)
            #expect(path == "assets/img/\(ContentHash(bytes)).jpg", "\(path) is not named after its content hash")
            found[path] = bytes
        }
        return found
    }

    @Test func timelinePostPage() throws {
        let (out, _) = try SiteTest.build(SiteTest.timelineExport, options: SiteOptions(baseURL: "https://example.test/"))
        let page = "p/\(Self.timelinePost)/index.html"
        let html = SiteTest.text(out, page)
        assertSnapshot(of: html, as: .lines, named: page, record: SiteTest.snapshotRecord)

        let sample = try Timeline(SiteTest.timelineExport)
        let jpeg = sample.jpeg(try #require(sample.imageKey(Self.timelinePost)))
        let asset = "assets/img/\(ContentHash(jpeg)).jpg"
        #expect(!jpeg.isEmpty)
        #expect(SiteTest.bytes(out, asset) == jpeg, "the decoded image is written as \(asset)")
        #expect(html.contains(#"src="../../\#(asset)""#))

        let assets = Self.imageAssets(out)
        #expect(Set(assets.values) == sample.usedImages, "each used image once, nothing else")
        #expect(assets.count == sample.usedImages.count)
    }

    /// Two posts whose image keys differ but hold the same JPEG, and a third that names the
    /// same image key: one file, referenced by all three pages.
    @Test func sharedImageIsWrittenOnce() throws {
        var sample = try Timeline(SiteTest.timelineExport)
        let keys = sample.posts.keys.sorted()
        let (p1, p2, p3) = (keys[0], keys[1], keys[2])
        let k1 = try #require(sample.imageKey(p1)), k2 = try #require(sample.imageKey(p2))
        sample.images[k2] = sample.images[k1]
        sample.posts[p3]?["imageEndpoint"] = k1
        sample.object["images"] = sample.images
        sample.object["posts"] = sample.posts
        let export = try SiteTest.writeExport(sample.object)

        let (out, _) = try SiteTest.build(export)
        let assets = Self.imageAssets(out)
        #expect(assets.count == sample.usedImages.count)
        #expect(assets.count == Set(sample.images.values).count - 1, "p3's own image is no longer used")
        let shared = "assets/img/\(ContentHash(sample.jpeg(k1))).jpg"
        #expect(assets[shared] != nil)
        for post in [p1, p2, p3] {
            #expect(SiteTest.text(out, "p/\(post)/index.html").contains(#"src="../../\#(shared)""#), "\(post)")
        }
    }
}

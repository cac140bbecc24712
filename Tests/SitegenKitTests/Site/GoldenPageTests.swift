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
@testable import SitegenExport
@testable import SitegenKit
import SnapshotTesting
import Testing

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

    /// The same site in Arabic (right to left, six plural forms) and Japanese (no plural,
    /// the number inside its label): a profile and a post page of each.
    @Test(arguments: ["ar", "ja"])
    func smallExportPagesInALanguage(_ language: String) throws {
        var options = Self.options
        options.language = language
        let (out, _) = try SiteTest.build(SiteTest.smallExport, options: options)
        for page in ["u/ana/index.html", "p/-L1AnaAAAAAAAAAAAAA2/index.html"] {
            assertSnapshot(of: SiteTest.text(out, page), as: .lines, named: language + "." + page, record: SiteTest.snapshotRecord)
        }
    }

    /// A private account's header page (docs/site.md, "Private accounts") left to right and
    /// right to left, and in English the directory's row of it and a list that counts it
    /// without showing it (`Fixtures/site/private-export.json`, `PrivateAccountTests`).
    @Test(arguments: ["en", "ar"])
    func privateAccountPages(_ language: String) throws {
        var options = Self.options
        options.language = language
        let (out, _) = try SiteTest.build(PrivateAccountTests.export, options: options)
        let pages = ["u/priv/index.html"] + (language == "en" ? ["index.html", "u/ana/followers/index.html"] : [])
        for page in pages {
            assertSnapshot(of: SiteTest.text(out, page), as: .lines, named: "private." + language + "." + page, record: SiteTest.snapshotRecord)
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

    /// The key the variants of a photo are named by: the hash of its bytes and the settings.
    static func photoKey(_ bytes: [UInt8]) -> String {
        PhotoStage.Names(PhotoSettings.current).key(bytes, .photo)
    }

    /// The photo keys of the files under `assets/img/` (`<key>-<width>.jpg|webp`), each file
    /// a JPEG or WebP variant; never an original.
    static func photoKeys(_ out: String, originals: Set<[UInt8]>) -> Set<String> {
        var found = Set<String>()
        for path in SiteTest.files(out) where path.hasPrefix("assets/img/") {
            #expect(path.firstMatch(of: /^assets\/img\/[0-9a-f]{32}-[0-9]+\.(jpg|webp)$/) != nil, "\(path) is not a photo variant")
            #expect(!originals.contains(SiteTest.bytes(out, path)), "\(path) is an original")
            found.insert(String(path.dropFirst("assets/img/".count).prefix(32)))
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
        // The sample's photos are 64 px wide: one width, as JPEG and WebP.
        let asset = "assets/img/\(Self.photoKey(jpeg))-64.jpg"
        #expect(!jpeg.isEmpty)
        #expect(PhotoTest.jpegMarkers(SiteTest.bytes(out, asset)).first == 0xDB, "\(asset): a JPEG without APPn segments")
        #expect(html.contains(#"src="../../\#(asset)""#))

        let keys = Self.photoKeys(out, originals: sample.usedImages)
        #expect(keys == Set(sample.usedImages.map(Self.photoKey)), "each used image once, nothing else")
        #expect(SiteTest.files(out).filter { $0.hasPrefix("assets/img/") }.count == 2 * keys.count)
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

        let (out, result) = try SiteTest.build(export)
        let photoKeys = Self.photoKeys(out, originals: sample.usedImages)
        #expect(photoKeys.count == sample.usedImages.count)
        #expect(photoKeys.count == Set(sample.images.values).count - 1, "p3's own image is no longer used")
        #expect(result.photos.encoded == photoKeys.count && result.photos.duplicates == 1,
                "the same bytes under two image keys are decoded once, published once")
        let shared = "assets/img/\(Self.photoKey(sample.jpeg(k1)))-64.jpg"
        #expect(FileManager.default.fileExists(atPath: out + "/" + shared))
        for post in [p1, p2, p3] {
            #expect(SiteTest.text(out, "p/\(post)/index.html").contains(#"src="../../\#(shared)""#), "\(post)")
        }
    }
}

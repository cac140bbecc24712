// Albums and videos published (docs/site.md, "Albums and videos"): two apps' exports built
// with the `[schema]` block `inspect` prints, unedited. Every item of every album and
// every video is on its post page, in order, with its poster; tiles carry a mark; feeds,
// Open Graph and the h-entry name every photo; linked photos get the app's box or none.
// Golden pages in __Snapshots__/AlbumVideoSiteTests/ (SNAPSHOT_RECORD=1 to re-record).

import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import SnapshotTesting
import Testing

@Suite struct AlbumVideoSiteTests {
    /// A site folder holding `export` (a file or a folder) and a sitegen.toml of the block
    /// `inspect` prints for it, built with a base URL; the output folder.
    static func build(_ export: String) throws -> String {
        let site = try TestSupport.temporaryFolder()
        let name = (export as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: export, toPath: site + "/" + name)
        let block = ExportInspection(try ExportLoader.load(path: export)).schemaBlock()
        try ("export = \"\(name)\"\n\n" + block).write(toFile: site + "/sitegen.toml", atomically: true, encoding: .utf8)
        let run = try TestSupport.sitegen(["build", "--output", "public", "--base-url", "https://example.test/"], in: site)
        #expect(run.status == 0, "\(run.stderr)")
        return site + "/public"
    }

    static func count(_ text: String, _ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The `src` of every photo and video of a post page's media, in order.
    static func itemSources(_ html: String) -> [String] {
        guard let start = html.range(of: #"<div class="post-media"#), let end = html.range(of: "</div>", range: start.upperBound..<html.endIndex) else { return [] }
        let media = String(html[start.lowerBound..<end.lowerBound])
        return media.matches(of: /<(?:img|video)[^>]* src="([^"]+)"/).map { String($0.1) }
    }

    @Test func rtdbAppWithImageURLsAndVideos() throws {
        let out = try Self.build(TestSupport.sourceFixtures + "/audit/makestagram-albums-videos/export.json")
        let album = SiteTest.text(out, "p/-Ma1/index.html")
        #expect(Self.itemSources(album) == ["https://img.example/a1-1.jpg", "https://img.example/a1-2.jpg", "https://img.example/a1-3.jpg"])
        #expect(Self.count(album, #"data-photo="-Ma1""#) == 3, "data-photo on each item")
        #expect(album.contains(#"<ul class="album" tabindex="0" aria-label="Album, 3 items">"#))
        #expect(album.contains(#"<span class="visually-hidden">2 of 3</span>"#))
        #expect(Self.count(album, #"<meta property="og:image""#) == 3, "Open Graph names every photo")
        #expect(Self.count(album, #"class="u-photo""#) == 3, "the h-entry names every photo")
        #expect(!album.contains(#"src="https://img.example/a1-2.jpg" width="#), "no invented box")

        let video = SiteTest.text(out, "p/-Ma2/index.html")
        #expect(video.contains(#"<video controls playsinline preload="none" poster="https://img.example/a2-poster.jpg" width="1000" height="1778" src="https://cdn.example/v/a2.mp4" class="u-video" data-photo="-Ma2">"#))
        let mixed = SiteTest.text(out, "p/-Ma4/index.html")
        #expect(Self.itemSources(mixed) == ["https://img.example/a4-1.jpg", "https://cdn.example/v/a4-2.mp4", "https://img.example/a4-3.jpg"])
        #expect(Self.count(mixed, "<video ") == 1)
        let noPoster = SiteTest.text(out, "p/-Mb1/index.html")
        #expect(noPoster.contains(#"<video controls playsinline preload="none" src="https://cdn.example/v/b1.mov""#))

        let photo = SiteTest.text(out, "p/-Ma3/index.html")
        #expect(photo.contains(#"<img src="https://img.example/a3.jpg" width="1080" height="1350" class="u-photo" data-photo="-Ma3" alt="One photo" fetchpriority="high" style="--photo: #"#),
                "the app's size, the blurHash's colour")
        #expect(!photo.contains(#"class="album""#))

        let profile = SiteTest.text(out, "u/ana/index.html")
        #expect(Self.count(profile, #"<svg class="tile-mark" role="img" aria-label="Album, 3 items""#) == 2)
        #expect(Self.count(profile, #"<svg class="tile-mark" role="img" aria-label="Video""#) == 1)
        #expect(profile.contains(#"<img src="https://img.example/a2-poster.jpg""#), "a video's tile shows its poster")

        let feed = SiteTest.text(out, "u/ana/feed.xml")
        for photo in ["a1-1", "a1-2", "a1-3", "a4-1", "a4-3"] { #expect(feed.contains("https://img.example/\(photo).jpg"), "\(photo)") }
        #expect(feed.contains("https://cdn.example/v/a2.mp4"))

        for page in ["p/-Ma1/index.html", "p/-Ma2/index.html", "u/ana/index.html"] {
            assertSnapshot(of: SiteTest.text(out, page), as: .lines, named: "rtdb." + page, record: SiteTest.snapshotRecord)
        }
    }

    @Test func firestoreAppWithMediaMaps() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("firestore/media").path
        let out = try Self.build(folder + "/firestore_export")
        let album = SiteTest.text(out, "p/m1/index.html")
        #expect(Self.itemSources(album) == ["https://example.com/m1-1.jpg", "https://example.com/m1-2.jpg",
                                             "https://example.com/m1-3.mp4", "https://example.com/m1-4.jpg"])
        #expect(album.contains(#"poster="https://example.com/m1-3-poster.jpg" width="1080" height="1920""#))
        for alt in ["Oranges in crates", "A stall keeper", "Bread"] { #expect(album.contains(#"alt="\#(alt)""#), "\(alt)") }
        #expect(album.contains(#"<div class="post-media post-album" style="--w: 1080; --h: 1350">"#), "the first item's box for all")
        let video = SiteTest.text(out, "p/m2/index.html")
        #expect(video.contains(#"poster="https://example.com/m2-poster.jpg" width="720" height="1280" src="https://example.com/m2.mp4""#))
        for page in ["p/m1/index.html", "u/mara/index.html"] {
            assertSnapshot(of: SiteTest.text(out, page), as: .lines, named: "firestore." + page, record: SiteTest.snapshotRecord)
        }
    }
}

extension AlbumVideoSiteTests {
    /// A video the local copy of the bucket holds needs FFmpeg: without it on `PATH` the
    /// build stops before publishing, with one line saying what to install.
    @Test func aLocalVideoWithoutFFmpegStopsTheBuild() throws {
        let site = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(atPath: site + "/content/storage/videos", withIntermediateDirectories: true)
        try Data("not really a video".utf8).write(to: URL(fileURLWithPath: site + "/content/storage/videos/clip.mp4"))
        let export = #"{"users": {"u1": {"username": "ana"}}, "posts": {"u1": {"-V1": {"videoUrl": "videos/clip.mp4", "timestamp": 1620000000000}}}}"#
        try Data(export.utf8).write(to: URL(fileURLWithPath: site + "/content/export.json"))
        let run = try TestSupport.run("/usr/bin/env", ["PATH=/nonexistent", TestSupport.binary, "build", "content/export.json", "--output", "public"], in: site)
        #expect(run.status != 0)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("needs FFmpeg, which is not installed; install it (on Debian or Ubuntu: apt-get install ffmpeg") == true,
                "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site + "/public/index.html"), "nothing published")
    }
}

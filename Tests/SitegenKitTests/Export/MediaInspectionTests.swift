import Foundation
@testable import SitegenExport
@testable import SitegenKit
import SitegenTestSupport
import Testing

/// Albums and videos as two apps keep them (docs/export-format.md, "Albums and videos"):
/// a Realtime Database app with `imageUrls` arrays and `videoUrl` + `thumbnail` posts
/// (`Fixtures/audit/makestagram-albums-videos`), a Firestore app with `media: [{url, type,
/// width, height, alt}]` written by the emulator (`Fixtures/firestore/media`). `inspect`'s
/// golden output (`Fixtures/inspect/albums-videos.txt`, `firestore-media.txt`) names every
/// spelling; the media each post holds is read in order, with its posters and sizes.
/// Set SITEGEN_RECORD=1 to write the golden files again.
@Suite struct MediaInspectionTests {
    static let rtdb = TestSupport.sourceFixtures + "/audit/makestagram-albums-videos/export.json"
    static let firestore = TestSupport.fixtures.appendingPathComponent("firestore/media").path

    static func golden(_ text: String, _ name: String) throws {
        if ProcessInfo.processInfo.environment["SITEGEN_RECORD"] == "1" {
            try text.write(toFile: TestSupport.sourceFixtures + "/inspect/\(name).txt", atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: TestSupport.fixtures.appendingPathComponent("inspect/\(name).txt"), encoding: .utf8)
        #expect(text == expected)
    }

    @Test func rtdbGolden() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.rtdb)))
        try Self.golden(ExportInspection(try ExportLoader.load(bytes: bytes, name: "albums-videos.json")).text(), "albums-videos")
    }

    @Test func firestoreGolden() throws {
        let text = ExportInspection(try ExportLoader.load(path: Self.firestore + "/firestore_export")).text()
            .replacingOccurrences(of: Self.firestore + "/", with: "")
        try Self.golden(text, "firestore-media")
    }

    /// Each post's items in order, as the site reads them with the block `inspect` prints.
    static func media(_ load: (Schema.Mapping) throws -> Export) throws -> [String: [MediaItem]] {
        let mapping = try SiteConfig.parse(ExportInspection(try load(Schema.Mapping())).schemaBlock(), file: "sitegen.toml").schema
        let report = Validator.audit(try load(mapping))
        var out: [String: [MediaItem]] = [:]
        for post in report.index.posts { out[post.key] = report.export.schema.media(of: post.node, in: report.export.document) }
        return out
    }

    @Test func rtdbPostsReadInOrder() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.rtdb)))
        let export = try ExportLoader.load(bytes: bytes, name: "x.json")
        #expect(Validator.audit(export).findings.isEmpty, "an album or a video without image_url is no post_invalid")
        let media = try Self.media { try ExportLoader.load(bytes: bytes, name: "x.json", mapping: $0) }
        #expect(media["-Ma1"]?.map(\.url) == ["https://img.example/a1-1.jpg", "https://img.example/a1-2.jpg", "https://img.example/a1-3.jpg"],
                "the list, not the cover")
        let video = try #require(media["-Ma2"]?.first)
        #expect(media["-Ma2"]?.count == 1 && video.kind == .video && video.poster == "https://img.example/a2-poster.jpg")
        #expect((video.width, video.height) == (1000, 1778), "an aspect ratio alone gives the box's shape")
        let photo = try #require(media["-Ma3"]?.first)
        #expect((photo.width, photo.height) == (1080, 1350) && photo.blurHash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(media["-Ma4"]?.map(\.kind) == [.photo, .video, .photo], "a list's .mp4 is a video")
        #expect(media["-Mb1"]?.map(\.kind) == [.video] && media["-Mb1"]?.first?.poster == "")
        #expect(media["-Mb2"]?.count == 2 && media["-Mb2"]!.allSatisfy { $0.width == 0 }, "no size: no invented box")
    }

    @Test func firestorePostsReadInOrder() throws {
        let media = try Self.media { try ExportLoader.load(path: Self.firestore + "/firestore_export", mapping: $0) }
        let album = try #require(media["m1"])
        #expect(album.map(\.kind) == [.photo, .photo, .video, .photo])
        #expect(album.map(\.alt) == ["Oranges in crates", "A stall keeper", "Crowd passing", "Bread"])
        #expect(album[2].poster == "https://example.com/m1-3-poster.jpg" && (album[2].width, album[2].height) == (1080, 1920))
        #expect(media["m2"]?.map(\.kind) == [.video] && media["m2"]?.first?.poster == "https://example.com/m2-poster.jpg")
        #expect(media["m3"]?.first?.blurHash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
    }

    /// Every spelling the issue names is found, in posts or in a list's items.
    @Test func everySpellingIsRead() throws {
        let json = #"""
        {"users": {"u1": {"username": "a"}},
         "posts": {"u1": {
           "-P1": {"imagesUrls": ["https://x.test/1.jpg", "https://x.test/2.jpg"], "timestamp": 1},
           "-P2": {"images": [{"url": "https://x.test/3.jpg", "alt": "three", "width": 30, "height": 40}, {"url": "https://x.test/4.jpg"}], "timestamp": 1},
           "-P3": {"postMedia": {"imagesUrl": ["https://x.test/5.jpg"], "videosUrl": ["https://x.test/6"]}, "timestamp": 1},
           "-P4": {"contentURL": "https://x.test/7", "contentType": "video/mp4", "downloadURLStill": "https://x.test/7.jpg", "timestamp": 1},
           "-P5": {"media": [{"type": "video", "video": "https://x.test/8", "coverOfVideoUrl": "https://x.test/8.jpg"}], "timestamp": 1},
           "-P6": {"imageUrl": "https://x.test/9", "isThatImage": false, "timestamp": 1},
           "-P7": {"imageUrl": "https://x.test/10", "postType": "videoPost", "timestamp": 1},
           "-P8": {"full_url": "https://x.test/11.jpg", "thumb_url": "https://x.test/11-t.jpg", "timestamp": 1},
           "-P9": {"imageUrl": "https://x.test/12.jpg", "thumbnailUrl": "https://x.test/12-t.jpg", "aspectRatio": 2, "timestamp": 1}
         }}}
        """#
        let export = try ExportLoader.load(bytes: Array(json.utf8), name: "x.json")
        let schema = export.schema, doc = export.document
        var media: [String: [MediaItem]] = [:]
        let posts = try #require(doc.member(doc.root, Schema.Name("posts")).flatMap { doc.member($0, Schema.Name("u1")) })
        doc.forEachChild(posts) { media[doc.key($0)] = schema.media(of: $0, in: doc) }
        #expect(media["-P1"]?.map(\.url) == ["https://x.test/1.jpg", "https://x.test/2.jpg"])
        #expect(media["-P2"]?.map(\.alt) == ["three", ""] && media["-P2"]?.first?.width == 30)
        #expect(media["-P3"]?.map(\.kind) == [.photo, .video])
        #expect(media["-P4"]?.first?.kind == .video && media["-P4"]?.first?.poster == "https://x.test/7.jpg")
        #expect(media["-P5"]?.first?.url == "https://x.test/8" && media["-P5"]?.first?.kind == .video)
        #expect(media["-P6"]?.first?.kind == .video && media["-P7"]?.first?.kind == .video)
        #expect(media["-P8"]?.first?.url == "https://x.test/11.jpg" && media["-P8"]?.first?.thumbnail == "https://x.test/11-t.jpg")
        #expect(media["-P9"]?.first?.thumbnail == "https://x.test/12-t.jpg" && media["-P9"]?.first?.height == 500)
        #expect(Validator.audit(export).findings.filter { $0.code == .postInvalid }.isEmpty)
    }
}

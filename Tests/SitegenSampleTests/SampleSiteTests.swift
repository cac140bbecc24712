import Foundation
@testable import SitegenExport
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// `sitegen init --sample`: the sample export and photos it writes are the checkout's
/// `content/export.json` and `content/storage/`, and the photos are real, varied JPEGs.
@Suite struct SampleSiteTests {
    static var storage: String { TestSupport.packageRoot + "/content/storage" }

    /// The export, the photos and the video agree with the checkout's
    /// (`scripts/embed-sample --photos --video` makes them agree again): all 198 photos are
    /// painted and compared byte for byte (a few seconds: SitegenSample is optimised in
    /// debug builds too, Package.swift), and the video is the checkout's.
    @Test func initWritesTheCheckoutsSample() throws {
        let files = try SampleSite.files(photos: false)
        #expect(files.map(\.path) == ["content/export.json", "content/storage/" + SampleVideo.objectPath])
        #expect(files.first?.bytes == TestSupport.bytes(TestSupport.packageRoot, "content/export.json"),
                "the embedded export is not content/export.json: run scripts/embed-sample")
        #expect(files.last?.bytes == TestSupport.bytes(Self.storage, SampleVideo.objectPath),
                "the embedded video is not content/storage's: run scripts/embed-sample --video")
        let jobs = try SamplePhotos.jobs(for: SampleSite.export)
        #expect(jobs.allSatisfy { ($0.path.hasPrefix("images/posts/") || $0.path.hasPrefix("images/avatars/")) && $0.path.hasSuffix(".jpg") })
        #expect(jobs.filter { $0.path.hasPrefix("images/avatars/") }.count == 12)
        let stored = TestSupport.contents(Self.storage)
        #expect(jobs.count == 198, "166 posts' photos, 20 more albums' photos, 12 avatars")
        #expect(Set(jobs.map(\.path) + [SampleVideo.objectPath]) == Set(stored.keys))
        let made = SamplePhotos.paint(jobs)
        #expect(made.count == 198)
        #expect(made.filter { stored[$0.path] != $0.bytes }.map(\.path) == [],
                "content/storage/ differs from the photos init --sample paints: run scripts/embed-sample --photos")
        let size = stored.values.reduce(0) { $0 + $1.count }
        #expect(size < 4_100_000, "content/storage/ stays under 4.1 MB (content/ under 4.5 MB): \(size)")
        #expect((stored[SampleVideo.objectPath]?.count ?? 0) < 200_000, "the video stays under 200 KB")
    }

    /// Without FFmpeg `init --sample` writes no video and the export without the video
    /// post's `video_url`: byte for byte the checkout's but that member, so the post is its
    /// still, a photo, and every other record is the same.
    @Test func withoutTheVideoTheVideoPostIsItsStill() throws {
        let files = try SampleSite.files(photos: false, video: false)
        #expect(files.map(\.path) == ["content/export.json"])
        let without = try #require(files.first?.bytes)
        let export = SampleSite.export
        #expect(without.count < export.count)
        let text = String(decoding: export, as: UTF8.self), removed = String(decoding: without, as: UTF8.self)
        let member = ",\n        \"video_url\": \"https://firebasestorage.googleapis.com/v0/b/makestagram-8c1f2.appspot.com/o/videos%2F"
            + SampleVideo.post + ".mp4?alt=media\""
        #expect(text.replacingOccurrences(of: member, with: "") == removed, "only the video_url member is left out")
        #expect(text.components(separatedBy: member).count == 2, "the export holds the member once")

        let schema = Schema(dialect: .makestagram, mapping: .init())
        for (bytes, kind) in [(export, MediaItem.Kind.video), (without, .photo)] {
            let doc = try JSONDocument.parse(bytes)
            let posts = try #require(doc.member(doc.root, schema.name(.posts)))
            let post = try #require(doc.children(posts).flatMap(doc.children).first { doc.key($0) == SampleVideo.post })
            let media = schema.media(of: post, in: doc)
            #expect(media.map(\.kind) == [kind])
            if kind == .video { #expect(StorageFolder.objectPath(media[0].url) == SampleVideo.objectPath) }
        }
        // The MP4 is one: an `ftyp` box first.
        #expect(Array(SampleVideo.bytes[4..<8]) == Array("ftyp".utf8))
        #expect(SampleVideo.withoutVideo(without) == nil, "no member left to remove")
    }

    /// 8 posts are albums (`media`: 2 to 5 items of `{alt, height, url, width}`), their
    /// captions saying several things (a trip, a meal of several dishes): the first item
    /// is the post's `image_url`, every item has its own alt text, its own painted photo
    /// at the size it says and its own scene (`SampleScenes.byAlbumItem`, which names no
    /// other photo).
    @Test func albumsHaveAPhotoAndASceneForEveryItem() throws {
        let export = try #require(try JSONSerialization.jsonObject(with: Data(SampleSite.export)) as? [String: Any])
        let posts = try #require(export["posts"] as? [String: [String: [String: Any]]])
        var albums: [String: Int] = [:]
        var names: Set<String> = []
        for (key, post) in posts.values.flatMap({ $0 }) {
            guard let media = post["media"] as? [[String: Any]] else { continue }
            albums[key] = media.count
            #expect(media.first?["url"] as? String == post["image_url"] as? String, "\(key): the cover is the first item")
            for (i, item) in media.enumerated() {
                let alt = try #require(item["alt"] as? String)
                #expect(alt.count > 20, "\(key) item \(i + 1): an alt text that says what it shows")
                let url = try #require(item["url"] as? String)
                let path = try #require(StorageFolder.objectPath(url))
                #expect(path == (i == 0 ? "images/posts/\(key).jpg" : "images/posts/\(key)-\(i + 1).jpg"))
                let header = try #require(TestSupport.jpegHeader(TestSupport.bytes(Self.storage, path)), "\(path) is no JPEG")
                #expect(header.width == item["width"] as? Int && header.height == item["height"] as? Int, "\(path)")
                if i > 0 { names.insert("\(key)-\(i + 1)") }
            }
            #expect(Set(media.compactMap { $0["alt"] as? String }).count == media.count, "\(key): each item its own alt")
        }
        #expect(albums.count == 8)
        #expect(albums.values.allSatisfy { (2...5).contains($0) }, "\(albums)")
        #expect(albums.values.reduce(0, +) == 28)
        #expect(Set(SampleScenes.byAlbumItem.keys) == names)
    }

    /// Each post's photo has the shape its `image_height` gives (portrait, square and
    /// landscape), and exactly one is stored on its side with EXIF Orientation 6.
    @Test func photosHaveThePostsShapesAndOneIsTurned() throws {
        let export = try #require(try JSONSerialization.jsonObject(with: Data(SampleSite.export)) as? [String: Any])
        let posts = try #require(export["posts"] as? [String: [String: [String: Any]]])
        var shapes: [String: Int] = [:]
        var turned: [String] = []
        for (_, userPosts) in posts {
            for (key, post) in userPosts {
                let height = try #require(post["image_height"] as? Double)
                let path = "images/posts/\(key).jpg"
                let header = try #require(TestSupport.jpegHeader(TestSupport.bytes(Self.storage, path)), "\(path) is no JPEG")
                var (w, h) = (header.width, header.height)
                if header.orientation == 6 { turned.append(key); (w, h) = (h, w) }
                #expect(w == SamplePhotos.width)
                #expect(h == Int((Double(SamplePhotos.width) * height / 375).rounded()), "\(path): \(w)x\(h) for image_height \(height)")
                shapes[w < h ? "portrait" : w > h ? "landscape" : "square", default: 0] += 1
            }
        }
        #expect(shapes.keys.sorted() == ["landscape", "portrait", "square"], "\(shapes)")
        #expect(turned.count == 1)
    }

    /// Every captioned post of the sample has its scene chosen from its caption
    /// (`SampleScenes`), and the table names no post the sample lacks: a caption about
    /// ramen is painted as a plate, never as a sea at dusk.
    @Test func everyCaptionedPostHasItsScene() throws {
        let export = try #require(try JSONSerialization.jsonObject(with: Data(SampleSite.export)) as? [String: Any])
        let posts = try #require(export["posts"] as? [String: [String: [String: Any]]])
        let all = posts.values.flatMap { $0 }
        let captioned = all.filter { post in
            let caption = (post.value["caption"] as? String) ?? ""
            return !caption.isEmpty && caption != "first post!" && caption != "testing the new camera"
        }
        #expect(captioned.count == 162)
        #expect(captioned.filter { SampleScenes.byPost[$0.key] == nil }.map(\.key) == [])
        #expect(Set(SampleScenes.byPost.keys).subtracting(all.map(\.key)).sorted() == [])
        let kinds = Dictionary(grouping: SampleScenes.byPost.values, by: { "\($0.kind)" }).mapValues(\.count)
        #expect(kinds == ["landscape": 57, "sea": 15, "city": 34, "plate": 56], "\(kinds)")
    }

    /// A block of each kind round-trips through the encoder's bit writer: the stuffed 0xFF
    /// bytes and the padding leave a file that ends with EOI and has no stray marker.
    @Test func encodedJPEGHasOnlyStuffedMarkersInTheScan() throws {
        var rgb = [UInt8](repeating: 0, count: 37 * 21 * 3)
        for i in rgb.indices { rgb[i] = UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 7) }  // noise: long codes, 0xFF bytes
        let jpeg = JPEGEncoder(width: 37, height: 21, rgb: rgb).encode(quality: 90)
        let header = try #require(TestSupport.jpegHeader(jpeg))
        #expect(header.width == 37 && header.height == 21 && header.orientation == 1)
        #expect(jpeg.suffix(2) == [0xFF, 0xD9])
        let scanStart = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let scan = jpeg[(scanStart + 14)..<(jpeg.count - 2)]
        let markers = zip(scan, scan.dropFirst()).filter { $0.0 == 0xFF && $0.1 != 0x00 }
        #expect(markers.isEmpty, "every 0xFF in the scan is followed by 0x00")
        #expect(scan.contains(0xFF), "the noise made at least one 0xFF byte to stuff")
    }

    /// libjpeg's `jpeg_gen_optimal_table` on three symbols counted 5, 3 and 1 times (and
    /// its reserved one, counted once): codes 0, 10 and 110, 111 left unused.
    @Test func optimalHuffmanTableOfThreeSymbols() {
        var frequencies = [Int](repeating: 0, count: 256)
        frequencies[0x00] = 5; frequencies[0x11] = 3; frequencies[0xF0] = 1
        let table = JPEGEncoder.HuffmanTable.optimal(frequencies)
        #expect(table.counts == [1, 1, 1] + [UInt8](repeating: 0, count: 13))
        #expect(table.symbols == [0x00, 0x11, 0xF0])
        let codes = table.codes
        #expect(codes[0x00] == (0b0, 1) && codes[0x11] == (0b10, 2) && codes[0xF0] == (0b110, 3))
    }

    /// Counts of 1, 2, 4, … 2^23 give Huffman codes of 1 to 24 bits: K.2's Adjust_BITS
    /// moves the longest up to 16 bits (12 codes of 1 to 12 bits, one of 14, eleven of
    /// 16), every symbol kept, the most frequent first, and the all-ones code left free.
    @Test func optimalHuffmanTableIsLimitedTo16Bits() {
        var frequencies = [Int](repeating: 0, count: 256)
        for symbol in 0..<24 { frequencies[symbol] = 1 << symbol }
        let table = JPEGEncoder.HuffmanTable.optimal(frequencies)
        #expect(table.counts == [UInt8](repeating: 1, count: 12) + [0, 1, 0, 11])
        #expect(table.symbols == Array((0..<24).reversed()))
        let kraft = table.counts.enumerated().reduce(0) { $0 + Int($1.element) << (15 - $1.offset) }
        #expect(kraft == (1 << 16) - 1, "a code of all 1 bits is left unused")
    }
}

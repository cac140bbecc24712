import Foundation
@testable import SitegenKit
@testable import SitegenSample
import SitegenTestSupport
import Testing

/// `sitegen init --sample`: the sample export and photos it writes are the checkout's
/// `content/export.json` and `content/storage/`, and the photos are real, varied JPEGs.
@Suite struct SampleSiteTests {
    static var storage: String { TestSupport.packageRoot + "/content/storage" }

    /// The export and the photos agree with the checkout's (`scripts/embed-sample --photos`
    /// makes them agree again): all 178 are painted and compared byte for byte (a few
    /// seconds: SitegenSample is optimised in debug builds too, Package.swift).
    @Test func initWritesTheCheckoutsSample() throws {
        let files = try SampleSite.files(photos: false)
        #expect(files.map(\.path) == ["content/export.json"])
        #expect(files.first?.bytes == TestSupport.bytes(TestSupport.packageRoot, "content/export.json"),
                "the embedded export is not content/export.json: run scripts/embed-sample")
        let jobs = try SamplePhotos.jobs(for: SampleSite.export)
        #expect(jobs.allSatisfy { ($0.path.hasPrefix("images/posts/") || $0.path.hasPrefix("images/avatars/")) && $0.path.hasSuffix(".jpg") })
        #expect(jobs.filter { $0.path.hasPrefix("images/avatars/") }.count == 12)
        let stored = TestSupport.contents(Self.storage)
        #expect(jobs.count == 178)
        #expect(Set(jobs.map(\.path)) == Set(stored.keys))
        let made = SamplePhotos.paint(jobs)
        #expect(made.count == 178)
        #expect(made.filter { stored[$0.path] != $0.bytes }.map(\.path) == [],
                "content/storage/ differs from the photos init --sample paints: run scripts/embed-sample --photos")
        #expect(stored.values.reduce(0) { $0 + $1.count } < 6_000_000, "content/storage/ stays under 6 MB")
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

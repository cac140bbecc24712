import CVips
import Foundation
import Testing
@testable import SitegenKit

/// One photo through libvips: upright, stripped, in the widths of `PhotoSettings`; a
/// photo it cannot use is a failure that says why.
@Suite struct PhotoEncoderTests {
    func encode(_ name: String) -> Result<PhotoEncoder.Output, PhotoFailure> {
        PhotoEncoder.encode(PhotoTest.fixture(name), key: "k")
    }

    @Test func widthsNeverUpscaleAndNeverRepeat() {
        #expect(PhotoSettings.widths(forWidth: 4000) == [240, 320, 480, 640, 960, 1280])
        #expect(PhotoSettings.widths(forWidth: 1280) == [240, 320, 480, 640, 960, 1280])
        #expect(PhotoSettings.widths(forWidth: 1080) == [240, 320, 480, 640, 960, 1080])
        #expect(PhotoSettings.widths(forWidth: 640) == [240, 320, 480, 640])
        #expect(PhotoSettings.widths(forWidth: 200) == [200])
        // JPEG: a tile's fallback (480) and the widest; the photo's own width when narrower.
        #expect(PhotoSettings.widths(.jpeg, forWidth: 4000) == [480, 1280])
        #expect(PhotoSettings.widths(.jpeg, forWidth: 1080) == [480, 1080])
        #expect(PhotoSettings.widths(.jpeg, forWidth: 640) == [480, 640])
        #expect(PhotoSettings.widths(.jpeg, forWidth: 480) == [480])
        #expect(PhotoSettings.widths(.jpeg, forWidth: 200) == [200])
        // Every JPEG width is a WebP width: it is saved from the same resized image.
        for width in [100, 200, 240, 300, 479, 480, 481, 640, 1000, 1279, 1280, 1281, 4000] {
            #expect(Set(PhotoSettings.widths(.jpeg, forWidth: width)).isSubset(of: PhotoSettings.widths(forWidth: width)), "\(width)")
        }
    }

    /// Each narrower width is resized from the next wider one made.
    @Test func eachWidthIsResizedFromTheNextWiderOne() {
        func sources(_ widths: [Int]) -> [Int: Int] {
            var made = [widths.last!], result: [Int: Int] = [:]
            for width in widths.reversed().dropFirst() {
                result[width] = PhotoSettings.resizeSource(of: width, made: made)
                made.append(width)
            }
            return result
        }
        #expect(sources([240, 320, 480, 640, 960, 1280]) == [960: 1280, 640: 960, 480: 640, 320: 480, 240: 320])
        #expect(sources([240, 320, 480, 640, 960, 1080]) == [960: 1080, 640: 960, 480: 640, 320: 480, 240: 320])
        #expect(sources([240, 320, 400]) == [320: 400, 240: 320])
    }

    /// Effort 2 at quality 68 from 320 px on; libwebp's default effort (4) at 75 for the
    /// narrower variants.
    @Test func narrowVariantsKeepTheDefaultEffort() {
        #expect([160, 200, 240, 319, 320, 480, 1280].map { PhotoSettings.webp(forWidth: $0).effort } == [4, 4, 4, 4, 2, 2, 2])
        #expect([160, 319, 320, 1280].map { PhotoSettings.webp(forWidth: $0).quality } == [75, 75, 68, 68])
    }

    /// A JPEG is decoded at half size when half is still as wide as its widest variant and
    /// libvips' thumbnail would decode it whole (under 4 times as wide).
    @Test func aJPEGIsDecodedAtHalfSizeWhenHalfIsWideEnough() {
        #expect(PhotoSettings.jpegShrink(ofWidth: 3024, target: 1280) == 2)
        #expect(PhotoSettings.jpegShrink(ofWidth: 2560, target: 1280) == 2)
        #expect(PhotoSettings.jpegShrink(ofWidth: 5119, target: 1280) == 2)
        #expect(PhotoSettings.jpegShrink(ofWidth: 2559, target: 1280) == 1)
        #expect(PhotoSettings.jpegShrink(ofWidth: 5120, target: 1280) == 1, "libvips' thumbnail shrinks on load itself")
        #expect(PhotoSettings.jpegShrink(ofWidth: 1080, target: 1080) == 1)
    }

    /// The half-size decode turns the photo upright too: orientation-6.jpg (stored 300x200,
    /// upright 200x300 with red at the top right) decoded at half size to 100 px.
    @Test func aHalfSizeDecodeIsUpright() throws {
        #expect(PhotoEncoder.libraryProblem == nil)
        var bytes = PhotoTest.fixture("orientation-6.jpg")
        let image = try #require(bytes.withUnsafeMutableBytes { raw -> OpaquePointer? in
            var out: OpaquePointer?
            return sitegen_vips_thumbnail(raw.baseAddress, raw.count, 100, 2, &out) == 0 ? out : nil
        })
        defer { sitegen_vips_unref(image) }
        let pixels = try #require(PhotoTest.pixels(image))
        #expect(pixels.width == 100 && pixels.height == 150)
        let red = pixels.at(90, 10), topLeft = pixels.at(10, 10)
        #expect(red[0] > 200 && red[2] < 60, "top right \(red)")
        #expect(topLeft[0] < 60 && topLeft[2] > 170, "top left \(topLeft)")
    }

    @Test func metadataIsStrippedFromEveryVariant() throws {
        let output = try encode("gps-camera.jpg").get()
        #expect(output.picture.width == 640 && output.picture.height == 480)
        #expect(output.files.map(\.path) == ["assets/img/k-640.webp", "assets/img/k-640.jpg", "assets/img/k-480.webp", "assets/img/k-480.jpg",
                                              "assets/img/k-320.webp", "assets/img/k-240.webp"])
        for file in output.files {
            for leak in PhotoTest.leaks { #expect(!PhotoTest.contains(file.bytes, leak), "\(file.path) holds \(leak)") }
            if file.path.hasSuffix(".jpg") {
                // SOI, then only tables, frame and scan: no APPn (EXIF, XMP, ICC, IPTC) and no COM.
                let markers = PhotoTest.jpegMarkers(file.bytes)
                #expect(markers.allSatisfy { [0xDB, 0xC4, 0xC0, 0xC2, 0xDD, 0xDA].contains($0) }, "\(file.path): \(markers)")
            } else {
                #expect(Set(PhotoTest.webpChunks(file.bytes)).isSubset(of: ["VP8X", "VP8 ", "VP8L", "ALPH"]), "\(file.path)")
            }
        }
    }

    @Test func orientationSixComesOutUpright() throws {
        let output = try encode("orientation-6.jpg").get()
        // Stored 300x200 with red in its top-left corner; turned 90° clockwise: 200x300, red top right.
        #expect(output.picture.width == 200 && output.picture.height == 300)
        #expect(output.files.map(\.path) == ["assets/img/k-200.webp", "assets/img/k-200.jpg"])
        for file in output.files {
            let pixels = try #require(PhotoTest.pixels(file.bytes))
            #expect(pixels.width == 200 && pixels.height == 300)
            let red = pixels.at(180, 20), topLeft = pixels.at(20, 20), bottomRight = pixels.at(180, 280)
            #expect(red[0] > 200 && red[2] < 60, "\(file.path): top right \(red)")
            #expect(topLeft[0] < 60 && topLeft[2] > 170, "\(file.path): top left \(topLeft)")
            #expect(bottomRight[0] < 60 && bottomRight[2] > 170, "\(file.path): bottom right \(bottomRight)")
        }
    }

    @Test func aLargePhotoIsPublishedAtEveryWidth() throws {
        let output = try encode("large.jpg").get()
        #expect(output.picture.width == 4000 && output.picture.height == 3000)
        #expect(output.picture.widths == [240, 320, 480, 640, 960, 1280])
        #expect(output.files.map(\.path) == ["assets/img/k-1280.webp", "assets/img/k-1280.jpg", "assets/img/k-960.webp", "assets/img/k-640.webp",
                                              "assets/img/k-480.webp", "assets/img/k-480.jpg", "assets/img/k-320.webp", "assets/img/k-240.webp"])
        #expect(output.picture.paths.sorted() == output.files.map(\.path).sorted())
        for file in output.files {
            let width = Int(file.path.split(separator: "-").last!.split(separator: ".").first!)!
            let pixels = try #require(PhotoTest.pixels(file.bytes))
            #expect(pixels.width == width && pixels.height == width * 3 / 4, "\(file.path)")
        }
        // The flat colour (120, 140, 90) is the placeholder colour, within JPEG's rounding.
        let colour = output.picture.colour
        let rgb = [1, 3, 5].map { Int(colour.dropFirst($0).prefix(2), radix: 16)! }
        #expect(colour.count == 7 && zip(rgb, [120, 140, 90]).allSatisfy { abs($0 - $1) <= 3 }, "\(colour)")
    }

    @Test func aPNGWithAlphaIsFlattened() throws {
        let output = try encode("photo.png").get()
        #expect(output.picture.width == 160 && output.picture.height == 120)
        #expect(output.files.map(\.path) == ["assets/img/k-160.webp", "assets/img/k-160.jpg"])
        for file in output.files { #expect(try #require(PhotoTest.pixels(file.bytes)).bands == 3) }
    }

    /// Stored in Adobe RGB as (113, 199, 48) with its profile; published without the profile,
    /// so converted: sRGB (0, 200, 0), within JPEG's rounding.
    @Test func anEmbeddedColourProfileIsAppliedThenDropped() throws {
        let output = try encode("adobe-rgb.jpg").get()
        for file in output.files {
            let pixel = try #require(PhotoTest.pixels(file.bytes)).at(32, 32)
            #expect(zip(pixel, [0, 200, 0]).allSatisfy { abs(Int($0) - $1) <= 12 }, "\(file.path): \(pixel)")
            if file.path.hasSuffix(".jpg") { #expect(!PhotoTest.jpegMarkers(file.bytes).contains(0xE2), "no ICC segment") }
            else { #expect(!PhotoTest.webpChunks(file.bytes).contains("ICCP")) }
        }
    }

    @Test func unusablePhotosAreFailures() {
        #expect(throws: PhotoFailure.tooLarge(width: 20000, height: 20000)) { try encode("bomb.jpg").get() }
        #expect(throws: PhotoFailure.undecodable) { try encode("truncated.jpg").get() }
        // Decoded at half size (4000 px wide), truncated too.
        let large = PhotoTest.fixture("large.jpg")
        #expect(throws: PhotoFailure.undecodable) { try PhotoEncoder.encode(Array(large.prefix(large.count / 2)), key: "k").get() }
        #expect(throws: PhotoFailure.notAnImage) { try encode("not-an-image.jpg").get() }
        #expect(throws: PhotoFailure.notAnImage) { try PhotoEncoder.encode([], key: "k").get() }
        #expect("\(PhotoFailure.tooLarge(width: 20000, height: 20000))" == "20000x20000 pixels, more than the 100 megapixels a photo may have")
    }

    @Test func webpMetadataChunksAreDropped() {
        func chunk(_ name: String, _ body: [UInt8]) -> [UInt8] {
            let n = body.count
            return Array(name.utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), 0, 0] + body + (n % 2 == 1 ? [0] : [])
        }
        let vp8x = chunk("VP8X", [0x08 | 0x04 | 0x10, 0, 0, 0, 1, 0, 0, 1, 0, 0])
        let body = vp8x + chunk("ALPH", [1, 2, 3]) + chunk("VP8 ", [9, 9]) + chunk("EXIF", Array("Exif camera".utf8)) + chunk("XMP ", [7])
        let file = Array("RIFF".utf8) + [UInt8((body.count + 4) & 0xFF), UInt8((body.count + 4) >> 8), 0, 0] + Array("WEBP".utf8) + body
        let stripped = WebPMetadata.strip(file)
        #expect(PhotoTest.webpChunks(stripped) == ["VP8X", "ALPH", "VP8 "])
        #expect(stripped[20] == 0x10, "only the alpha flag is left")
        #expect(Int(stripped[4]) | Int(stripped[5]) << 8 == stripped.count - 8)
        #expect(WebPMetadata.strip(Array("not webp".utf8)) == Array("not webp".utf8))
    }

    @Test func storageObjectPaths() {
        let url = "https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/images%2Fposts%2Fuid-1%2F-Kx1.jpg?alt=media&token=abc"
        #expect(StorageFolder.objectPath(url) == "images/posts/uid-1/-Kx1.jpg")
        #expect(StorageFolder.objectPath("https://firebasestorage.googleapis.com/v0/b/app/o/..%2F..%2Fetc%2Fpasswd?alt=media") == nil)
        #expect(StorageFolder.objectPath("https://firebasestorage.googleapis.com/v0/b/app/o/images%2F%2Fx.jpg") == nil)
        #expect(StorageFolder.objectPath("https://img.example/ana-1.jpg") == nil)
        #expect(StorageFolder.objectPath("javascript:alert(1)") == nil)
        // The other ways apps write a Storage object (`docs/export-format.md`: a URL or a Storage path).
        #expect(StorageFolder.objectPath("gs://app.appspot.com/images/avatars/uid-1.jpg") == "images/avatars/uid-1.jpg")
        #expect(StorageFolder.objectPath("https://storage.googleapis.com/app.appspot.com/images/posts/uid-1/-Kx1.jpg") == "images/posts/uid-1/-Kx1.jpg")
        #expect(StorageFolder.objectPath("images/avatars/uid-1.jpg") == "images/avatars/uid-1.jpg")
        #expect(StorageFolder.objectPath("/images/avatars/uid-1.jpg") == "images/avatars/uid-1.jpg")
        #expect(StorageFolder.objectPath("gs://app/../../etc/passwd") == nil)
        #expect(StorageFolder.objectPath("../etc/passwd") == nil)
        #expect(StorageFolder.objectPath("images/.hidden/x.jpg") == nil)
        #expect(StorageFolder.objectPath("gs:///images/x.jpg") == nil)
        #expect(StorageFolder.objectPath("//cdn.example/x.jpg") == nil)
        #expect(StorageFolder.objectPath("https://storage.googleapis.com/app") == nil)
        #expect(StorageFolder.objectPath("") == nil)
    }

    @Test func gridSizesFollowThePhotosShape() {
        #expect(PageContexts.gridSizes(width: 1080, height: 1350, tile: .square)
            == "(min-width: 935px) 296px, (min-width: 736px) calc((100vw - 48px) / 3), calc((100vw - 6px) / 3)")
        #expect(PageContexts.gridSizes(width: 1600, height: 1200, tile: .square)
            == "(min-width: 935px) 394px, (min-width: 736px) calc((100vw - 48px) * 0.4433), calc((100vw - 6px) * 0.4433)")
        // A panorama is capped at 4/3 of the tile: a browser never takes more than twice the tile's width.
        #expect(PageContexts.gridSizes(width: 4000, height: 1000, tile: .square) == PageContexts.gridSizes(width: 1600, height: 1200, tile: .square))
        #expect(PageContexts.gridSizes(width: 1000, height: 1000, tile: .portrait) == PageContexts.gridSizes(width: 1600, height: 1200, tile: .square))
    }
}

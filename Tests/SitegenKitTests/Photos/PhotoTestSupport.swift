import CVips
import Foundation
@testable import SitegenKit

/// The photo fixtures (`scripts/make-photo-fixtures`) and what tests read back from
/// published files: pixels (through libvips), JPEG segments and WebP chunks.
enum PhotoTest {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/photos").standardized.path

    static func fixture(_ name: String) -> [UInt8] {
        FileManager.default.contents(atPath: folder + "/" + name).map { [UInt8]($0) } ?? []
    }

    /// The fixture names, for "no original is published".
    static let names = ["gps-camera.jpg", "orientation-6.jpg", "large.jpg", "truncated.jpg", "photo.png", "bomb.jpg", "not-an-image.jpg"]

    /// Strings of the fixtures' metadata that no published file may hold.
    static let leaks = ["Exif", "SitegenCam", "Leak 9000", "http://ns.adobe.com/xap", "xpacket", "sitegen-comment-marker"]

    struct Pixels {
        let width: Int
        let height: Int
        let bands: Int
        let data: [UInt8]

        func at(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * width + x) * bands
            return Array(data[i..<i + bands])
        }
    }

    /// Decodes a published file (JPEG or WebP) to 8-bit pixels.
    static func pixels(_ bytes: [UInt8]) -> Pixels? {
        guard PhotoEncoder.libraryProblem == nil else { return nil }
        return bytes.withUnsafeBytes { raw -> Pixels? in
            guard let image = sitegen_vips_header(raw.baseAddress, raw.count) else { return nil }
            defer { sitegen_vips_unref(image) }
            return pixels(image)
        }
    }

    /// The pixels of an image libvips holds.
    static func pixels(_ image: OpaquePointer) -> Pixels? {
        var size = 0
        guard let memory = sitegen_vips_pixels(image, &size) else { return nil }
        defer { sitegen_vips_free(memory) }
        return Pixels(width: Int(sitegen_vips_width(image)), height: Int(sitegen_vips_height(image)),
                      bands: Int(sitegen_vips_bands(image)),
                      data: [UInt8](UnsafeRawBufferPointer(start: memory, count: size)))
    }

    /// The markers of a JPEG's segments before its scan data (APPn, COM, DQT, SOF, …).
    static func jpegMarkers(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return [] }
        var markers: [UInt8] = []
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        return markers
    }

    /// The chunk names of a WebP file.
    static func webpChunks(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 12 else { return [] }
        var chunks: [String] = []
        var i = 12
        while i + 8 <= bytes.count {
            chunks.append(String(decoding: bytes[i..<i + 4], as: UTF8.self))
            let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
            i += 8 + size + (size & 1)
        }
        return chunks
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<start + needle.count]) == needle { return true }
        }
        return false
    }

    /// A copy of the Makestagram fixture site (`content/export.json` and, unless
    /// `storage` is false, `content/storage/`) in a new temporary folder: its export's path.
    static func makestagramSite(storage: Bool = true) throws -> String {
        let site = try TestSupport.temporaryFolder()
        let content = site + "/content"
        try FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/makestagram/content/export.json", toPath: content + "/export.json")
        if storage {
            try FileManager.default.copyItem(atPath: folder + "/makestagram/content/storage", toPath: content + "/storage")
        }
        return content + "/export.json"
    }
}

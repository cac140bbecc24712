import CVips
import Foundation

/// One photo's bytes in, its published variants out (`PhotoSettings`), through libvips:
/// the header is read first (the format must be one a phone or an app writes, the size
/// at most `PhotoSettings.maxPixels`), then the photo is decoded once, shrunk on load,
/// turned upright by its EXIF orientation, converted to 8-bit sRGB, and every variant is
/// saved with every metadata block stripped (EXIF with its GPS position and camera, XMP,
/// IPTC, ICC, comments). A photo it cannot use is a `PhotoFailure`, never a crash.
enum PhotoEncoder {
    /// The loaders a photo may use (the formats phones and apps write), by the class name
    /// libvips sniffs from its first bytes, without `VipsForeignLoad` and `Buffer`.
    static let loaders: Set<String> = ["jpeg", "png", "spng", "webp", "gif", "nsgif", "heif"]

    /// `VipsForeignLoadJpegBuffer` → `jpeg`.
    static func format(ofLoader name: String) -> String {
        var name = Substring(name)
        if name.hasPrefix("VipsForeignLoad") { name = name.dropFirst("VipsForeignLoad".count) }
        if name.hasSuffix("Buffer") { name = name.dropLast("Buffer".count) }
        return name.lowercased()
    }

    struct Output: Sendable {
        let picture: Picture
        /// Each variant's path and bytes.
        let files: [(path: String, bytes: [UInt8])]
    }

    /// libvips, started once for the process: untrusted loaders blocked, no operation
    /// cache, one thread per operation (the pipeline runs one photo per core).
    static let started: Bool = sitegen_vips_start(1) == 0

    static func encode(_ bytes: [UInt8], key: String) -> Result<Output, PhotoFailure> {
        guard started else { return .failure(.libraryUnavailable) }
        return bytes.withUnsafeBytes { raw -> Result<Output, PhotoFailure> in
            guard let base = raw.baseAddress, raw.count > 0 else { return .failure(.notAnImage) }
            defer { vips_error_clear() }
            guard let loader = vips_foreign_find_load_buffer(base, raw.count).map({ format(ofLoader: String(cString: $0)) }) else {
                return .failure(.notAnImage)
            }
            guard loaders.contains(loader) else { return .failure(.unsupported(loader)) }

            // The header: nothing is decoded yet.
            guard let header = sitegen_vips_header(base, raw.count) else { return .failure(.undecodable) }
            let (w, h) = (Int(vips_image_get_width(header)), Int(vips_image_get_height(header)))
            let swap = vips_image_get_orientation_swap(header) != 0
            g_object_unref(header)
            guard w > 0, h > 0 else { return .failure(.undecodable) }
            guard w * h <= PhotoSettings.maxPixels else { return .failure(.tooLarge(width: w, height: h)) }
            let (width, height) = swap ? (h, w) : (w, h)
            let widths = PhotoSettings.widths(forWidth: width)

            // The widest variant, decoded once (shrink-on-load, upright, sRGB), kept in memory.
            var decoded: UnsafeMutablePointer<VipsImage>?
            guard sitegen_vips_thumbnail(UnsafeMutableRawPointer(mutating: base), raw.count, Int32(widths.last!), &decoded) == 0,
                  let decoded else { return .failure(.undecodable) }
            var flat: UnsafeMutablePointer<VipsImage>?
            let converted = sitegen_vips_srgb8(decoded, &flat)
            g_object_unref(decoded)
            guard converted == 0, let flat else { return .failure(.undecodable) }
            let widest = vips_image_copy_memory(flat)
            g_object_unref(flat)
            guard let widest else { return .failure(.undecodable) }
            defer { g_object_unref(widest) }
            sitegen_vips_drop_metadata(widest)

            var files: [(path: String, bytes: [UInt8])] = []
            var rgb: [UInt8] = [0, 0, 0]
            let picture = Picture(key: key, width: width, height: height, colour: "")
            for (i, variantWidth) in widths.enumerated().reversed() {
                var image = widest
                if i != widths.count - 1 {
                    // Resized once into memory: the two savers and the average read it.
                    var resized: UnsafeMutablePointer<VipsImage>?
                    guard sitegen_vips_resize_to(widest, Int32(variantWidth), &resized) == 0, let resized else { return .failure(.undecodable) }
                    let copy = vips_image_copy_memory(resized)
                    g_object_unref(resized)
                    guard let copy else { return .failure(.undecodable) }
                    image = copy
                }
                defer { if image != widest { g_object_unref(image) } }
                guard let webp = save(image, sitegen_vips_webp, quality: PhotoSettings.webpQuality),
                      let jpeg = save(image, sitegen_vips_jpeg, quality: PhotoSettings.jpegQuality) else { return .failure(.undecodable) }
                files.append((picture.path(variantWidth, .webp), WebPMetadata.strip(webp)))
                files.append((picture.path(variantWidth, .jpeg), jpeg))
                // The placeholder colour: the average of the narrowest variant.
                if i == 0, sitegen_vips_average(image, &rgb) != 0 { return .failure(.undecodable) }
            }
            let colour = "#" + rgb.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            return .success(Output(picture: Picture(key: key, width: width, height: height, colour: colour), files: files))
        }
    }

    private static func save(_ image: UnsafeMutablePointer<VipsImage>,
                             _ saver: (UnsafeMutablePointer<VipsImage>?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<Int>?) -> Int32,
                             quality: Int) -> [UInt8]? {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard saver(image, Int32(quality), &buffer, &length) == 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }
}

/// Why a photo is not published (its tile is a placeholder), as the warning says it.
enum PhotoFailure: Error, Equatable, CustomStringConvertible {
    case notAnImage
    case unsupported(String)
    case tooLarge(width: Int, height: Int)
    case undecodable
    case unreadable(String)
    case libraryUnavailable

    var description: String {
        switch self {
        case .notAnImage: "not an image"
        case let .unsupported(format): "a \(format) file, not a photo format (JPEG, PNG, WebP, GIF, HEIF)"
        case let .tooLarge(w, h): "\(w)x\(h) pixels, more than the \(PhotoSettings.maxPixels / 1_000_000) megapixels a photo may have"
        case .undecodable: "cannot be decoded (truncated or damaged)"
        case let .unreadable(reason): "cannot be read: \(reason)"
        case .libraryUnavailable: "libvips could not be started"
        }
    }
}

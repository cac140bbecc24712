import CVips
import Foundation

/// One photo's bytes in, its published variants out (`PhotoSettings`), through libvips:
/// the header is read first (the format must be one a phone or an app writes, the size
/// at most `PhotoSettings.maxPixels`), then the photo is decoded once, shrunk on load,
/// turned upright by its EXIF orientation, converted to 8-bit sRGB, and every variant is
/// saved with every metadata block stripped (EXIF with its GPS position and camera, XMP,
/// IPTC, ICC, comments). An avatar (`Picture.Shape.avatar`) is the photo's centre square,
/// cropped as it is decoded. A photo it cannot use is a `PhotoFailure`, never a crash.
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

    /// libvips, loaded and started once for the process, on the first photo to encode:
    /// untrusted loaders blocked, no operation cache, one thread per operation (the
    /// pipeline runs one photo per core). Nil when started; else why it cannot be used
    /// (e.g. "libvips.so.42: cannot open shared object file: No such file or directory").
    static let libraryProblem: String? = sitegen_vips_start(1).map { String(cString: $0) }

    static func encode(_ bytes: [UInt8], key: String, shape: Picture.Shape = .photo) -> Result<Output, PhotoFailure> {
        if let problem = libraryProblem { return .failure(.libraryUnavailable(problem)) }
        return bytes.withUnsafeBytes { raw -> Result<Output, PhotoFailure> in
            guard let base = raw.baseAddress, raw.count > 0 else { return .failure(.notAnImage) }
            defer { sitegen_vips_error_clear() }
            guard let loader = sitegen_vips_loader(base, raw.count).map({ format(ofLoader: String(cString: $0)) }) else {
                return .failure(.notAnImage)
            }
            guard loaders.contains(loader) else { return .failure(.unsupported(loader)) }

            // The header: nothing is decoded yet.
            guard let header = sitegen_vips_header(base, raw.count) else { return .failure(.undecodable) }
            let (w, h) = (Int(sitegen_vips_width(header)), Int(sitegen_vips_height(header)))
            let swap = sitegen_vips_orientation_swaps(header) != 0
            sitegen_vips_unref(header)
            guard w > 0, h > 0 else { return .failure(.undecodable) }
            guard w * h <= PhotoSettings.maxPixels else { return .failure(.tooLarge(width: w, height: h)) }
            let upright = swap ? (h, w) : (w, h)
            // An avatar's size is its square's side.
            let (width, height) = shape == .avatar ? (min(w, h), min(w, h)) : upright
            let picture = Picture(key: key, width: width, height: height, colour: "", shape: shape)
            let widths = picture.widths
            let jpegWidths = Set(picture.widths(.jpeg))

            // The widest variant, decoded once (shrink-on-load, upright, sRGB), kept in memory.
            var decoded: OpaquePointer?
            let data = UnsafeMutableRawPointer(mutating: base)
            let status: Int32
            if shape == .avatar {
                status = sitegen_vips_thumbnail_square(data, raw.count, Int32(widths.last!), &decoded)
            } else {
                let shrink = loader == "jpeg" ? PhotoSettings.jpegShrink(ofWidth: width, target: widths.last!) : 1
                status = sitegen_vips_thumbnail(data, raw.count, Int32(widths.last!), Int32(shrink), &decoded)
            }
            guard status == 0, let decoded else { return .failure(.undecodable) }
            var flat: OpaquePointer?
            let converted = sitegen_vips_srgb8(decoded, &flat)
            sitegen_vips_unref(decoded)
            guard converted == 0, let flat else { return .failure(.undecodable) }
            let widest = sitegen_vips_copy_memory(flat)
            sitegen_vips_unref(flat)
            guard let widest else { return .failure(.undecodable) }
            sitegen_vips_drop_metadata(widest)

            // Each narrower width resized once into memory, from the next wider one
            // (`PhotoSettings.resizeSource`): its savers, the narrower widths and the
            // average read it.
            var made: [Int: OpaquePointer] = [widths.last!: widest]
            defer { for image in made.values { sitegen_vips_unref(image) } }
            var files: [(path: String, bytes: [UInt8])] = []
            var rgb: [UInt8] = [0, 0, 0]
            for variantWidth in widths.reversed() {
                if made[variantWidth] == nil {
                    let source = made[PhotoSettings.resizeSource(of: variantWidth, made: Array(made.keys))]!
                    var resized: OpaquePointer?
                    guard sitegen_vips_resize_to(source, Int32(variantWidth), &resized) == 0, let resized else { return .failure(.undecodable) }
                    let copy = sitegen_vips_copy_memory(resized)
                    sitegen_vips_unref(resized)
                    guard let copy else { return .failure(.undecodable) }
                    made[variantWidth] = copy
                }
                let image = made[variantWidth]!
                let settings = PhotoSettings.webp(forWidth: variantWidth)
                guard let webp = save(image, { sitegen_vips_webp($0, $1, Int32(settings.effort), $2, $3) },
                                      quality: settings.quality) else { return .failure(.undecodable) }
                files.append((picture.path(variantWidth, .webp), WebPMetadata.strip(webp)))
                if jpegWidths.contains(variantWidth) {
                    guard let jpeg = save(image, sitegen_vips_jpeg, quality: PhotoSettings.jpegQuality) else { return .failure(.undecodable) }
                    files.append((picture.path(variantWidth, .jpeg), jpeg))
                }
            }
            // The placeholder colour: the average of the narrowest variant.
            if sitegen_vips_average(made[widths[0]]!, &rgb) != 0 { return .failure(.undecodable) }
            let colour = "#" + rgb.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            return .success(Output(picture: Picture(key: key, width: width, height: height, colour: colour, shape: shape), files: files))
        }
    }

    private static func save(_ image: OpaquePointer,
                             _ saver: (OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<Int>?) -> Int32,
                             quality: Int) -> [UInt8]? {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard saver(image, Int32(quality), &buffer, &length) == 0, let buffer else { return nil }
        defer { sitegen_vips_free(buffer) }
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
    /// libvips cannot be loaded or started: why.
    case libraryUnavailable(String)
    /// A video: FFmpeg's programs are not on `PATH` (a build checks first: `Site.photos`).
    case videoTools
    /// A video: `ffprobe` cannot read the file (its first line of error).
    case notAVideo(String)
    case noVideoStream
    /// A video: FFmpeg failed to copy it or to take its frame (its first line of error).
    case videoUnusable(String)

    var description: String {
        switch self {
        case .notAnImage: "not an image"
        case let .unsupported(format): "a \(format) file, not a photo format (JPEG, PNG, WebP, GIF, HEIF)"
        case let .tooLarge(w, h): "\(w)x\(h) pixels, more than the \(PhotoSettings.maxPixels / 1_000_000) megapixels a photo may have"
        case .undecodable: "cannot be decoded (truncated or damaged)"
        case let .unreadable(reason): "cannot be read: \(reason)"
        case let .libraryUnavailable(reason): "libvips cannot be used: \(reason)"
        case .videoTools: "FFmpeg (ffmpeg, ffprobe) is not on PATH"
        case let .notAVideo(reason): "not a video FFmpeg reads (\(reason))"
        case .noVideoStream: "has no video stream"
        case let .videoUnusable(reason): "FFmpeg cannot use it (\(reason))"
        }
    }
}

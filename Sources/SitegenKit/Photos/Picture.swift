/// A published photo: its variants under `assets/img/`, its upright size (the `width`
/// and `height` box of the page) and the colour its box shows while it loads. Or a post's
/// local video (`Shape.video`): its one copy under `assets/video/` and the size it is
/// shown at, made, reused and recorded as photos are (`PhotoStage`, the manifest, a
/// shard's record).
public struct Picture: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case webp, jpeg

        var fileExtension: String { self == .webp ? "webp" : "jpg" }
    }

    /// What the variants are: a post's photo in its own shape (`PhotoSettings`), or a
    /// user's avatar, the photo's centre square at small widths (`PhotoSettings.Avatar`),
    /// or a post's video, one MP4 file (`VideoSettings`; its colour is unused, black).
    /// The manifest's and the shard record's text of a picture begins with it.
    public enum Shape: String, Sendable {
        case photo, avatar, video
    }

    /// The hash of the source bytes and the settings (`PhotoStage.Names`: the build's photo
    /// settings, and its video settings for a video's copy and a poster taken from it, whose
    /// bytes are the video's).
    public let key: String
    public let width: Int
    public let height: Int
    /// The average colour, `#rrggbb`.
    public let colour: String
    /// An avatar's `width` and `height` are its square's side.
    public let shape: Shape

    public static let folder = "assets/img/"

    /// The widths the photo is published at as WebP (the `srcset`), narrowest first.
    public var widths: [Int] { widths(.webp) }

    /// The widths the photo is published at in `format`, narrowest first.
    public func widths(_ format: Format) -> [Int] {
        shape == .avatar ? PhotoSettings.Avatar.widths(format, forWidth: width) : PhotoSettings.widths(format, forWidth: width)
    }

    /// The variant `width` pixels wide in `format`, relative to the site root.
    public func path(_ width: Int, _ format: Format) -> String {
        "\(Picture.folder)\(key)-\(width).\(format.fileExtension)"
    }

    /// The widest JPEG: the post page's `<img src>`, the feed's and Open Graph's image.
    public var fallback: String { path(widths(.jpeg).last!, .jpeg) }

    /// The narrowest JPEG: a tile's `<img src>`.
    public var tileFallback: String { path(widths(.jpeg).first!, .jpeg) }

    /// Every variant's path (a video's one file).
    public var paths: [String] {
        shape == .video ? [videoPath] : Format.allCases.flatMap { f in widths(f).map { path($0, f) } }
    }

    /// A video's published file, relative to the site root.
    public var videoPath: String { "\(VideoSettings.folder)\(key).mp4" }

    /// What the manifest records as each variant's source: the photo's size and colour,
    /// so a rebuild that reuses the variants knows them without decoding the photo.
    var manifestSource: String { "\(shape.rawValue)-\(width)x\(height)-\(colour.dropFirst())" }

    init(key: String, width: Int, height: Int, colour: String, shape: Shape = .photo) {
        self.key = key
        self.width = width
        self.height = height
        self.colour = colour
        self.shape = shape
    }

    /// The picture `manifestSource` describes, if it is one.
    init?(key: String, manifestSource source: String) {
        let parts = source.split(separator: "-")
        guard parts.count == 3, let shape = Shape(rawValue: String(parts[0])), parts[2].count == 6,
              parts[2].allSatisfy(\.isHexDigit) else { return nil }
        let size = parts[1].split(separator: "x")
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0, shape != .avatar || w == h else { return nil }
        self.init(key: key, width: w, height: h, colour: "#" + parts[2], shape: shape)
    }

    /// The key of a variant's path (`assets/img/<key>-<width>.<ext>`, or a video's
    /// `assets/video/<key>.mp4`), if it is one.
    static func key(ofVariant path: String) -> Substring? {
        if path.hasPrefix(VideoSettings.folder) {
            let name = path.dropFirst(VideoSettings.folder.count)
            return name.hasSuffix(".mp4") ? name.dropLast(4) : nil
        }
        guard path.hasPrefix(folder) else { return nil }
        let name = path.dropFirst(folder.count)
        guard let dash = name.firstIndex(of: "-") else { return nil }
        return name[..<dash]
    }
}

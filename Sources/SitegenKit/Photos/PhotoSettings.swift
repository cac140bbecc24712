import SitegenExport
/// What a published photo becomes: its widths, formats and qualities, and the largest
/// photo the pipeline decodes. Changing any of these renames every variant (their names
/// hash `fingerprint`), so a rebuild encodes them again.
///
/// The widths: the page's `sizes` (`PhotoSizes`) tell the browser how wide a photo is
/// shown; it takes the narrowest variant at least that wide times the device pixel ratio.
/// The widths needed (device pixels): a grid tile is 123 px at a 375 px viewport (369 at
/// 3x) and 280 px at 1280 (1x); the post page's photo is 375 px (1125 at 3x) and 600 px.
/// The next width up from each is at most 1.3 times as wide (369 → 480, 280 → 320,
/// 1125 → 1280, 600 → 640), so at most 1.7 times the pixels; steps of 1.5 or less between
/// the others keep any viewport within 2x the width. Nothing is upscaled: a photo
/// narrower than a width gets its own width instead.
///
/// Formats: every width as WebP, the `<source type="image/webp">` srcset (about 45% smaller
/// than the JPEG here), and two widths as progressive JPEG: the `<img src>` fallback of a
/// tile (480) and of the post page, which is also the feed's and Open Graph's image (the
/// widest). Every browser of today shows WebP (Chromium, Firefox 65+, Safari 14+): in the
/// e2e Chromium runs (Tests/e2e/browser.py --photos) profile and post pages at 375 px (3x)
/// and 1280 px (1x) took WebP files only (tiles 480 and 320, or 640 and 480 for landscape
/// photos; post photos 1280 and 640); the JPEG is for an older browser, a feed reader or a
/// link preview, and needs no srcset. The other WebP widths stay: 960 is what a 2x phone's
/// post page takes (750 to 828 px), 240 a tile on a narrow 1x window (a 768 px one's tiles
/// are 240 px); without them those pages would take 1.8 times the pixels (1.5 times the
/// bytes). Of the common viewports (375, 390 and 414 px at 2x and 3x, 768 px at 2x,
/// 1280, 1440 and 1920 px at 1x and 2x) every width but 240 is taken by one of them.
///
/// Time: the WebPs from 320 px on at effort 2 and quality 68 (the narrower ones at effort
/// 4 and 75), a JPEG decoded at half size when that is still as wide as the widest variant
/// (`jpegShrink`), each narrower width resized from the next wider one (`resizeSource`);
/// AVIF not used. What each choice saves, and what it costs in bytes and PSNR:
/// docs/performance.md#photos-photosettings-photoencoder.
public enum PhotoSettings {
    /// Every constant of the photo and avatar pipeline that changes what it publishes, as
    /// one value: the constants below are read from it, so a constant added here is part of
    /// the build's identity (`Site.BuildIdentity`) without being named again, and the
    /// reflection test (`SiteFingerprintTests`) asks for a change of it.
    struct Values: Sendable, Equatable, Codable {
        /// Bumped when the encoder's output changes for the same settings.
        var version: Int
        var widths: [Int]
        var jpegWidths: [Int]
        var webpQuality: Int
        var webpEffort: Int
        var webpSmallQuality: Int
        var webpSmallEffort: Int
        var webpSmallWidth: Int
        var jpegQuality: Int
        var maxPixels: Int
        var avatar: AvatarValues

        struct AvatarValues: Sendable, Equatable, Codable {
            var widths: [Int]
            var jpegWidths: [Int]
        }

        /// Identifies what these values make of a picture of `shape`: part of every
        /// variant's name (`PhotoStage`: a photo's, an avatar's, an album item's, a video's
        /// poster). The whole value is hashed, as the build's identity hashes it, so that a
        /// constant added here renames every variant (and a rebuild encodes them again)
        /// without being named again; an avatar and a post's photo of the same bytes are
        /// different pictures.
        func fingerprint(_ shape: Picture.Shape) -> ContentHash {
            ContentHash(Array((shape == .avatar ? "avatar " : "photo ").utf8) + Site.Settings.canonical(self))
        }
    }

    /// The pipeline's constants (see the type's description, and `Avatar`).
    static let current = Values(
        version: 3, widths: [240, 320, 480, 640, 960, 1280], jpegWidths: [480, 1280],
        webpQuality: 68, webpEffort: 2, webpSmallQuality: 75, webpSmallEffort: 4, webpSmallWidth: 320,
        jpegQuality: 80, maxPixels: 100_000_000,
        avatar: Values.AvatarValues(widths: [40, 56, 80, 112, 160, 224, 320, 450], jpegWidths: [160]))

    /// The WebP widths (the `srcset`), narrowest first.
    public static let widths = current.widths
    /// The JPEG widths (the `<img src>` fallbacks: a tile's, the post page's), narrowest
    /// first; each is one of `widths`, so the JPEG is saved from the same resized image.
    public static let jpegWidths = current.jpegWidths
    /// The WebP quality and effort (libwebp's method, from 0, fastest, to 6) of the
    /// variants at least `webpSmallWidth` wide, and of the narrower ones: see above.
    public static let webpQuality = current.webpQuality
    public static let webpEffort = current.webpEffort
    public static let webpSmallQuality = current.webpSmallQuality
    public static let webpSmallEffort = current.webpSmallEffort
    public static let webpSmallWidth = current.webpSmallWidth
    public static let jpegQuality = current.jpegQuality
    /// A photo whose header claims more pixels than this (100 megapixels, e.g. 12000x8000)
    /// is not decoded: a decompression bomb such as a 20000x20000 JPEG is a warning.
    public static let maxPixels = current.maxPixels
    /// Bumped when the encoder's output changes for the same settings.
    static let version = current.version

    /// The widths a photo `width` pixels wide (upright) is published at as WebP: the widths
    /// narrower than it, then its own width when it is narrower than the widest.
    public static func widths(forWidth width: Int) -> [Int] { widths(widths, forWidth: width) }

    /// The widths a photo `width` pixels wide is published at in `format`, the same way.
    public static func widths(_ format: Picture.Format, forWidth width: Int) -> [Int] {
        widths(format == .webp ? widths : jpegWidths, forWidth: width)
    }

    static func widths(_ set: [Int], forWidth width: Int) -> [Int] {
        let widest = min(width, set.last!)
        return set.filter { $0 < widest } + [widest]
    }

    /// The WebP quality and effort of a variant `width` pixels wide.
    static func webp(forWidth width: Int) -> (quality: Int, effort: Int) {
        width < webpSmallWidth ? (webpSmallQuality, webpSmallEffort) : (webpQuality, webpEffort)
    }

    /// How much a JPEG `width` pixels wide (upright) is shrunk as it is decoded, for a
    /// widest variant `target` pixels wide: 2 (libjpeg's scaled IDCT: half the rows and
    /// columns) when half the photo is still at least `target` wide and libvips' thumbnail
    /// would decode it at full size (it shrinks on load only from 4 times `target` on, to
    /// leave its Lanczos resize a factor of 2); else 1, libvips' own choice (the time it saves:
    /// docs/performance.md).
    static func jpegShrink(ofWidth width: Int, target: Int) -> Int {
        width >= 2 * target && width < 4 * target ? 2 : 1
    }

    /// Which of the widths already made (`made`, the widest among them) the variant `width`
    /// pixels wide is resized from: the narrowest one wider than it (the widths are made
    /// widest first: the one made last). Each resize reads the fewest pixels (the time and
    /// the PSNR of the chain: docs/performance.md).
    static func resizeSource(of width: Int, made: [Int]) -> Int {
        made.filter { $0 > width }.min() ?? made.max()!
    }
}

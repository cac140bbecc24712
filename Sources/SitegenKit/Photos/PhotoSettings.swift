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
/// Where a camera photo's time goes (3024x4032, one core, CPU ms, pyvips): the decode to
/// 1280 px 143, the five resizes 81, the two JPEGs 44, the six WebPs at libwebp's default
/// effort (4) 371. Three changes halve it: `scripts/bench-photos` (24 such photos, 2 cores,
/// load 7) gave 0.761 CPU s a photo with the 12 encodes at effort 4, 0.364 now (the
/// libvips floor 0.689 and 0.362); 1.70 and 3.71 photos/s.
///
/// - The WebPs at effort 2 (libwebp's method 2: no rate-distortion optimisation) take 43%
///   of the time (12 real photos, the six widths: 66 ms instead of 151; the camera photo:
///   160 instead of 371). At the same quality that makes 3.6% more bytes, and from photo to
///   photo the bytes of effort 2 and 4 differ by up to 3% either way, so the quality is
///   lowered until no width of any of the 12 photos grows: at 68 each width from 320 px on
///   is 2.0 to 2.9% smaller than effort 4 at 75 was (each photo at least 0.4% smaller), for 0.64 dB less
///   PSNR (39.48 → 38.84 dB at 1280 px, 35.31 → 34.66 at 320) and SSIM 0.976 → 0.973 at
///   1280 px, 0.972 → 0.966 at 320 (luma, 7x7 windows), each against the resized image it
///   encodes. Effort 3 is as slow as 4; 1 and 0 make 18% and 30% more bytes at the same
///   quality; `preset=photo` saves 0.1% of the bytes for 0.6 dB less PSNR;
///   `smart_subsample` costs 2.6 times the time: none of them taken. (Measured on the
///   photos of Debian's mate-backgrounds and ukui-wallpapers, 1600 to 2560 px wide, and on
///   scripts/bench-photos' camera-sized ones, where the bytes drop 14%.) Variants narrower
///   than `webpSmallWidth` keep effort 4 at 75: they encode in under 6 ms, and on small,
///   flat images (the 200 px photo of the e2e fixtures) effort 2 made 9% more bytes, and
///   quality 68 at effort 4 1% more.
/// - A JPEG is decoded at half size when that is still as wide as the widest variant
///   (`jpegShrink`): 107 ms instead of 143.
/// - Each narrower width is resized from the next wider one (`resizeSource`): 68 ms.
///
/// AVIF was measured with this libvips (8.14, libheif/aom) on a 1280x848 photo: 1.3 s an
/// image at its default effort against 0.14 s for WebP and 0.07 s for JPEG; effort 0
/// encodes in 0.09 s at 67% of the WebP's bytes, but a third set of files costs 50% more
/// encodes and depends on libheif's AV1 encoder being present where sitegen runs: not used.
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

    /// Identifies the settings (part of every variant's name; the text is kept as it was, so
    /// that the variants keep their names).
    static let fingerprint = ContentHash("photos \(version) webp \(widths) \(webpEncoding) jpeg \(jpegWidths) \(jpegQuality)")

    /// The WebP qualities and efforts, for the fingerprints of photos and avatars.
    static let webpEncoding = "\(webpQuality) \(webpEffort) \(webpSmallQuality) \(webpSmallEffort) \(webpSmallWidth)"

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
    /// leave its Lanczos resize a factor of 2); else 1, libvips' own choice. A 3024 px wide
    /// photo decoded at half size and resized to 1280: 107 ms instead of 143, and within
    /// 49 dB PSNR of the full-size decode's 1280 (53 dB for 2560 px photos).
    static func jpegShrink(ofWidth width: Int, target: Int) -> Int {
        width >= 2 * target && width < 4 * target ? 2 : 1
    }

    /// Which of the widths already made (`made`, the widest among them) the variant `width`
    /// pixels wide is resized from: the narrowest one wider than it (the widths are made
    /// widest first: the one made last). Each resize reads the fewest pixels: the five
    /// resizes of a 1280x1707 photo take 68 ms, against 81 from the narrowest at least
    /// twice as wide and 106 all from the widest; the chain of Lanczos steps stays within
    /// 50 dB PSNR of resizing the full-size photo once (52 dB from one twice as wide).
    static func resizeSource(of width: Int, made: [Int]) -> Int {
        made.filter { $0 > width }.min() ?? made.max()!
    }
}

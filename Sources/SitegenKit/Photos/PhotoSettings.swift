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
/// post page takes (750 to 828 px), 240 a tile on a narrow 1x window; without them those
/// pages would take 1.8 times the pixels (1.5 times the bytes). Per camera photo
/// (3024x4032, one core) the six JPEGs were 11% of the time, the six WebPs 55%, the decode
/// and resizes the rest: the WebPs alone cap the rate at 1.8 times the old one (cutting the
/// JPEGs and resizing from a wider variant: 0.79 → 0.68 CPU s a photo, scripts/bench-photos,
/// the libvips floor 0.69). A WebP `effort` of 2
/// instead of libwebp's 4 halves their time but costs 2.6% more bytes at 0.28 dB less PSNR
/// (12 camera photos, Q75): not taken, since no page may grow.
///
/// AVIF was measured with this libvips (8.14, libheif/aom) on a 1280x848 photo: 1.3 s an
/// image at its default effort against 0.14 s for WebP and 0.07 s for JPEG; effort 0
/// encodes in 0.09 s at 67% of the WebP's bytes, but a third set of files costs 50% more
/// encodes and depends on libheif's AV1 encoder being present where sitegen runs: not used.
public enum PhotoSettings {
    /// The WebP widths (the `srcset`), narrowest first.
    public static let widths = [240, 320, 480, 640, 960, 1280]
    /// The JPEG widths (the `<img src>` fallbacks: a tile's, the post page's), narrowest
    /// first; each is one of `widths`, so the JPEG is saved from the same resized image.
    public static let jpegWidths = [480, 1280]
    public static let webpQuality = 75
    public static let jpegQuality = 80
    /// A photo whose header claims more pixels than this (100 megapixels, e.g. 12000x8000)
    /// is not decoded: a decompression bomb such as a 20000x20000 JPEG is a warning.
    public static let maxPixels = 100_000_000
    /// Bumped when the encoder's output changes for the same settings.
    static let version = 2

    /// Identifies the settings (part of every variant's name).
    static let fingerprint = ContentHash(
        "photos \(version) webp \(widths) \(webpQuality) jpeg \(jpegWidths) \(jpegQuality)")

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

    /// Which of the widths already made (`made`, the widest among them) the variant `width`
    /// pixels wide is resized from: the narrowest at least twice as wide, else the widest.
    /// Downsizing by 2 or more with libvips' Lanczos kernel from a resized image looks as
    /// resizing from the widest does, and reads a quarter of the pixels or fewer: the five
    /// resizes of a 1280x1707 photo took 80 ms instead of 116.
    static func resizeSource(of width: Int, made: [Int]) -> Int {
        made.filter { $0 >= 2 * width }.min() ?? made.max()!
    }
}

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
/// Formats: WebP (`<source type="image/webp">`, about 45% smaller than the JPEG here) and a
/// progressive JPEG fallback. AVIF was measured with this libvips (8.14, libheif/aom) on a
/// 1280x848 photo: 1.3 s an image at its default effort against 0.14 s for WebP and 0.07
/// s for JPEG; effort 0 encodes in 0.09 s at 67% of the WebP's bytes, but a third set of
/// files costs 50% more encodes and depends on libheif's AV1 encoder being present where
/// sitegen runs: not used.
public enum PhotoSettings {
    /// Variant widths, narrowest first.
    public static let widths = [240, 320, 480, 640, 960, 1280]
    public static let webpQuality = 75
    public static let jpegQuality = 80
    /// A photo whose header claims more pixels than this (100 megapixels, e.g. 12000x8000)
    /// is not decoded: a decompression bomb such as a 20000x20000 JPEG is a warning.
    public static let maxPixels = 100_000_000
    /// Bumped when the encoder's output changes for the same settings.
    static let version = 1

    /// Identifies the settings (part of every variant's name).
    static let fingerprint = ContentHash("photos \(version) \(widths) webp \(webpQuality) jpeg \(jpegQuality)")

    /// The widths a photo `width` pixels wide (upright) is published at: the widths
    /// narrower than it, then its own width when it is narrower than the widest.
    public static func widths(forWidth width: Int) -> [Int] {
        let widest = min(width, widths.last!)
        return widths.filter { $0 < widest } + [widest]
    }
}

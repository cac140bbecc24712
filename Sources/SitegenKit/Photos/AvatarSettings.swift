import SitegenExport
extension PhotoSettings {
    /// What a published avatar becomes: the centre square of the user's photo (its shorter
    /// side, turned upright first), at small widths.
    ///
    /// The widths: the built-in theme shows an avatar at 28 px (a list's owner), 36 px (a
    /// post's poster), 48 px (a row of a list or the directory) and in the profile header at
    /// 72, 80 or 150 px (site.css), so from 28 to 450 device pixels at 1x to 3x. Each width
    /// is at most √2 times the one before it, so the narrowest at least as wide as what is
    /// shown is at most √2 as wide, and at most twice the pixels; below 40 (a 28 or 36 px
    /// avatar at 1x) the 40 is taken. An avatar is never upscaled: a square narrower than a
    /// width gets its own side instead.
    ///
    /// Formats: WebP at every width (the `srcset`), and one JPEG, 160 (the header at 2x, a
    /// row at 3x), for a browser without WebP. The qualities and WebP efforts are the
    /// photos' (`webp(forWidth:)`: from 320 px on, effort 2 at quality 68).
    public enum Avatar {
        /// The WebP widths (the `srcset`), narrowest first.
        public static let widths = current.avatar.widths
        /// The JPEG width (the `<img src>` fallback), one of `widths`.
        public static let jpegWidths = current.avatar.jpegWidths

        /// The widths an avatar whose square is `side` pixels is published at in `format`:
        /// the widths narrower than it, then its own side when it is narrower than the widest.
        public static func widths(_ format: Picture.Format, forWidth side: Int) -> [Int] {
            PhotoSettings.widths(format == .webp ? widths : jpegWidths, forWidth: side)
        }
    }
}
